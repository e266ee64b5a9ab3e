// What the commands audit-30r-b read send, refuse and print (issue 32, a-r2), as upstream's bodies at c7521c1c do,
// run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-ar2-');
const { sent } = outputs;

describe('chat list shortcuts print upstream projections and send a limit only above 0', () => {
  it('chat +bot-find prints {count, bots}: first spelling present decides, a null kept, rows with no field dropped (chat_bot.go:184-229)', async () => {
    outputs.answer('bot/search_bots', { result: { list: [{ botOpenDingTalkId: 'o1', openDingTalkId: 'o2', robotName: '日报', code: 'r1' }, { openId: null }, 7, { other: 1 }] } });
    expect(await sent(['chat', '+bot-find', '--query', ' 日报 ', '--limit', '0'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['bot/search_bots', { keyword: '日报' }]],
      printed: { count: 2, bots: [{ openDingTalkId: 'o1', name: '日报', robotCode: 'r1' }, { openDingTalkId: null }] },
    });
  });

  it('chat +bot-find prints an empty list when the answer holds none (botResolveList :111-129)', async () => {
    outputs.answer('bot/search_bots', { result: { total: 0 } });
    expect((await sent(['chat', '+bot-find', '--keyword', 'k'])).printed).toEqual({ count: 0, bots: [] });
  });

  it('chat +chat-list-mine prints {count, groups} with the page marks (chat_group.go:795-849, chatmsg.go:1106-1135)', async () => {
    outputs.answer('im/list_owned_or_admin_groups', { result: { groups: [{ openConversationId: 'c1', title: '项目群', roleType: 'OWNER', ownerId: 'u1' }, { id: null }, 'x'], hasMore: true, nextCursor: 'n2' } });
    expect(await sent(['chat', '+chat-list-mine', '--role', 'OWNER', '--limit', '-2', '--exclude-muted'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['im/list_owned_or_admin_groups', { roleFilter: 'OWNER', excludeMuted: true }]],
      printed: { count: 2, groups: [{ openConversationId: 'c1', name: '项目群', role: 'OWNER', ownerUserId: 'u1' }, { openConversationId: null }], hasMore: true, complete: false, nextCursor: 'n2' },
    });
  });
});

describe('doc shortcuts print upstream envelopes', () => {
  it('doc +export-submit prints the doc.operation.v1 envelope around {nodeId, result} (doc.go:640-651, common.go:145-157)', async () => {
    outputs.answer('doc/submit_export_job', { result: { jobId: 'J1' } });
    expect(await sent(['doc', '+export-submit', '--node', ' D1 ', '--export-format', 'pdf'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/submit_export_job', { nodeId: 'D1', exportFormat: 'pdf' }]],
      printed: {
        compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1',
        data: { nodeId: 'D1', result: { result: { jobId: 'J1' }, success: true } }, ok: true, operation: 'doc.export_submit', status: 'success',
        steps: [{ name: 'submit_export_job', status: 'success' }], warnings: [],
      },
    });
  });

  it('doc +access-change finds a collaborator by any userId/id text and prints docAccessEnvelope (smart/doc_access.go:100-131, :266-307, :536-538)', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    outputs.answer('doc/list_permission', { data: { list: [{ member: { id: ' u1 ' }, role: 'READER' }] } });
    outputs.answer('doc/update_permission', { success: true });
    expect(await sent(['doc', '+access-change', '--node', 'D1', '--to', '张三', '--role', 'EDITOR', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['contact/search_contact_by_key_word', { keyword: '张三' }], ['doc/list_permission', { nodeId: 'D1' }], ['doc/update_permission', { nodeId: 'D1', roleId: 'EDITOR', userIds: ['u1'] }]],
      printed: { ok: true, status: 'success', operation: 'doc.access_change', data: { success: true }, warnings: [], compensation: { available: false, reason: 'cross-product writes are not transactional' } },
    });
  });

  it('doc +access-change refuses a person who is not on the document before the write (usersMissingPermission :117-120)', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    outputs.answer('doc/list_permission', { result: { members: [{ userId: 'u2', roleId: 'READER' }, { id: '' }] } });
    expect(await sent(['doc', '+access-change', '--node', 'D1', '--to', '张三', '--yes'])).toEqual({
      reason: 'invalid_parameter', category: 'validation',
      calls: [['contact/search_contact_by_key_word', { keyword: '张三' }], ['doc/list_permission', { nodeId: 'D1' }]],
      printed: undefined,
    });
  });
});

describe('drive +rename checks the rename answer as requireDriveWrite (common.go:124-134)', () => {
  it('a success as text, a null success (h55: a missing one is stamped success true by the runner, app/runner.go:779-783) and success false end the run as api failures before the read-back', async () => {
    for (const answer of [{ success: 'true' }, { success: null, result: { nodeId: 'n1' } }, { success: false }]) {
      outputs.answersInTurn('drive/get_file_info', { result: { type: 'file', name: '周报' } });
      outputs.answer('doc/rename_document', answer);
      const run = await sent(['drive', '+rename', '--node', 'n1', '--name', '季报', '--yes']);
      expect({ category: run.category, calls: run.calls }).toEqual({
        category: 'backend',
        calls: [['drive/get_file_info', { fileId: 'n1' }], ['doc/rename_document', { nodeId: 'n1', newName: '季报' }]],
      });
    }
  });
});

describe('sheet pivot-table create checks its properties as readPivotProperties (sheet_pivot_table.go:34-132)', () => {
  const create = (props: string) => ['sheet', 'pivot-table', 'create', '--node', 'N1', '--source', 'S!A1:D9', '--properties', props];

  it('refuses, before any call, what validatePivotTableProperties refuses', async () => {
    const refused = [
      '[]', '{}', '{"rows":[{"field":"a"}]}', '{"values":null}', '{"values":{}}', '{"values":[]}', '{"values":["x"]}',
      '{"values":[{"field":" "}]}', '{"values":[{"field":1}]}', '{"values":[{"column":3}]}',
      '{"values":[{"field":"x","summarize_by":1}]}', '{"values":[{"field":"x","summarize_by":"avg"}]}',
      '{"values":[{"field":"x"}],"rows":{}}', '{"values":[{"field":"x"}],"filters":[{"field":""}]}',
      '{"values":[{"field":"x"}],"columns":[3]}', '{"values":[{"field":"x"}],"collapse":"a"}', '{"values":[{"field":"x"}],"collapse":true}',
    ];
    for (const props of refused) {
      expect({ props, ...(await sent(create(props))) }).toEqual({ props, reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined });
    }
  });

  it('sends what it accepts, summarize_by trimmed and lower-cased, nulls as given', async () => {
    const props = '{"values":[{"field":"x","summarize_by":" Count_Numbers "},{"field":"y","summarize_by":null}],"rows":[{"field":"a"}],"columns":null,"collapse":[1]}';
    expect((await sent(create(props))).calls).toEqual([['sheet/create_pivot_table', {
      nodeId: 'N1', source: 'S!A1:D9',
      properties: { values: [{ field: 'x', summarize_by: 'count_numbers' }, { field: 'y', summarize_by: null }], rows: [{ field: 'a' }], columns: null, collapse: [1] },
    }]]);
  });
});
