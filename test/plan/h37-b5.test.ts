// Session 37 second reading b5 (issue 32, notes/h37-b5.md): where a drawn command differed from upstream's body at
// c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { upstreamWhoami } from './whoami-model.js';

const outputs = useOutputRuns('dws-h37b5-');

type Obj = Record<string, unknown>;

describe('contact +me prints whoamiProject of rt.CallMCPData (smart/whoami.go:69-150, runner.go:263-265@c7521c1c)', () => {
  // lead-s56: the adapter hands the shortcut the text null for a blank answer (app/tool_caller_adapter.go:141-193@c7521c1c)
  it('a blank answer is the nil map, printed as null (upstream returns the map itself when nothing is found)', async () => {
    outputs.answerText('get_current_user_profile', '  ');
    const run = await outputs.sent(['contact', '+me']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toBeNull();
  });
  it('a JSON null answer prints null', async () => {
    outputs.answerText('get_current_user_profile', 'null');
    expect((await outputs.sent(['contact', '+me'])).printed).toBeNull();
  });
  it('prints upstream\'s projection for any profile shape', async () => {
    const text = fc.constantFrom<unknown>('', 'A', 5, null);
    const person = fc.record({
      orgUserName: text, name: text, nick: text, userId: text, staffId: text, mobile: text, orgEmail: text, corpName: text,
      depts: fc.constantFrom<unknown>(null, [], [{ deptName: '' }, { name: 'D' }], ['x', { departmentName: 'E' }]),
    }, { requiredKeys: [] });
    const shape = fc.oneof(
      person,
      fc.record({ result: fc.oneof(fc.array(fc.oneof(person, fc.record({ orgEmployeeModel: person }), fc.constant('x')), { maxLength: 2 }), person, fc.record({ orgEmployeeModel: person })) }),
      fc.record({ orgEmployeeModel: fc.oneof(person, fc.constant('x')), name: text }),
    );
    await fc.assert(fc.asyncProperty(shape, async (answer) => {
      outputs.answer('contact/get_current_user_profile', answer);
      const run = await outputs.sent(['contact', '+me']);
      expect(run.reason).toBeUndefined();
      expect(run.printed).toEqual(upstreamWhoami(answer as Obj));
    }), { numRuns: 40 });
  });
});

describe('chat +thread-replies: a --group next to --message-id is compared with the root message\'s conversation (smart/thread_replies.go:219-256@c7521c1c)', () => {
  const root = (conversation: string) => ({ messages: [{ openMessageId: 'm1', openConversationId: conversation, openConvThreadId: 'th' }] });
  it('the same conversation (typed with padding, as upstream trims it) reads the replies', async () => {
    outputs.answer('im/list_messages_by_ids', root('c1'));
    outputs.answer('chat/list_topic_replies', { messages: [], hasMore: false });
    const run = await outputs.sent(['chat', '+thread-replies', '--message-id', 'm1', '--group', ' c1 ']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['im/list_messages_by_ids', { openMsgIds: ['m1'] }],
      ['chat/list_topic_replies', { openconversationId: 'c1', topicId: 'th', forward: false }],
    ]);
  });
  it('for any pair of ids: refused after the root read exactly when they differ', async () => {
    const id = fc.constantFrom('c1', 'c2', 'cidA==');
    await fc.assert(fc.asyncProperty(id, id, async (group, conversation) => {
      outputs.answer('im/list_messages_by_ids', root(conversation));
      outputs.answer('chat/list_topic_replies', { messages: [], hasMore: false });
      const run = await outputs.sent(['chat', '+thread-replies', '--message-id', 'm1', '--group', group]);
      expect(run.reason).toBe(group === conversation ? undefined : 'invalid_parameter');
      expect(run.calls.length).toBe(group === conversation ? 2 : 1);
    }), { numRuns: 12 });
  });
});

describe('aitable +record-upsert-by-key (sibling of the thread-replies fix: the same `equals` between two sources): a numeric key value is reported as verifyRecordCells reports it (record_upsert_by_key.go:315-326@c7521c1c)', () => {
  it('the read-back error names the key field, got 5, want "5" (json.Number against float64 never DeepEquals)', async () => {
    outputs.answer('aitable/create_records', { success: true, result: { recordIds: ['r1'] } });
    const run = await outputs.paged(
      ['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'k', '--key-value-json', '5', '--cells', '{"s":"x"}', '--yes'],
      'aitable/query_records',
      [{ records: [] }, { records: [{ recordId: 'r1', cells: { k: 5, s: 'x' } }] }],
    );
    expect(run.exit).not.toBe(0);
    const details = (run.envelope as unknown as { details: { result: { verification: unknown } } }).details;
    expect(details.result.verification).toEqual({ status: 'failed', error: 'read-back mismatch for field k: got 5, want "5"' });
  });
});
