// What f-mix9 closed (issue 32): leftovers of earlier audits, each run as a user types it against the recording
// backend on 127.0.0.1 and compared with upstream's command bodies at c7521c1c.
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/json-number.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-fmix9-');
const { sent } = outputs;

describe('whiteboard update prints its answer as callWhiteboardTool does (whiteboard.go:303-352)', () => {
  const files = { 'wb.json': JSON.stringify({ overwrite: false, source: { schemaVersion: '1.0', catalogVersion: 'dml-v1', nodes: [{ id: 'n1' }] } }) };
  const update = ['whiteboard', 'update', '--node', 'D1', '--part-id', 'P1', '--source', 'wb.json', '--yes'];
  const call = ['whiteboard/update_whiteboard', { mode: 'append', nodeId: 'D1', nodes: '[{"id":"n1"}]', partId: 'P1' }];

  it('a resultJson text is printed decoded into the value it holds; a blank one as it came', async () => {
    outputs.answer('whiteboard/update_whiteboard', { resultJson: '{"written": 1, "ids": ["n1"]}', success: true });
    expect(await sent(update, files)).toEqual({
      reason: undefined, category: undefined, calls: [call], printed: { resultJson: { written: 1, ids: ['n1'] }, success: true },
    });
    outputs.answer('whiteboard/update_whiteboard', { resultJson: ' ' });
    expect((await sent(update, files)).printed).toEqual({ resultJson: ' ' });
  });

  it('a resultJson that is not JSON is an api failure after the one call (invalidWhiteboardToolResult)', async () => {
    outputs.answer('whiteboard/update_whiteboard', { resultJson: '{"written": ' });
    expect(await sent(update, files)).toEqual({ reason: 'backend_error', category: 'backend', calls: [call], printed: undefined });
  });
});

describe('drive +delete checks its answer as requireDriveWrite does (operations.go:289-299, common.go:79-97, :124-134)', () => {
  const call = ['doc/delete_document', { nodeId: 'n1' }];

  // h55-stamp: {} and an answer without success are stamped success: true by upstream's runner (app/runner.go:774-783
  // @c7521c1c) before requireDriveWrite reads them, so they pass (test/plan/h55-stamp.test.ts)
  it('a success that is not a JSON boolean, or false, is an api failure after the one call', async () => {
    for (const answer of [{ success: 'true' }, { success: 0, result: { nodeId: 'n1' } }, { success: null }]) {
      outputs.answer('doc/delete_document', answer);
      expect(await sent(['drive', '+delete', '--node', 'n1', '--yes'])).toEqual({ reason: 'backend_error', category: 'backend', calls: [call], printed: undefined });
    }
  });

  it('success true prints the receipt with the answer', async () => {
    outputs.answer('doc/delete_document', { success: true });
    expect(await sent(['drive', '+delete', '--node', 'n1', '--yes'])).toEqual({
      reason: undefined, category: undefined, calls: [call], printed: { success: true, nodeId: 'n1', result: { success: true } },
    });
  });
});

describe('aitable view update aggregate, field-widths and timebar check the view as getViewRaw/requireViewType do (aitable.go:748-798, :1026-1054)', () => {
  const ids = ['--base-id', 'b1', '--table-id', 't1', '--view-id', 'v1'];
  const read = ['aitable/get_views', { baseId: 'b1', tableId: 't1', viewIds: ['v1'] }];
  const kinds: [string, string[], string, Record<string, unknown>][] = [
    ['aggregate', ['--field-id', 'f1', '--action', 'SUM'], 'Grid', { aggregate: { f1: 'SUM' } }],
    ['field-widths', ['--field-id', 'f1', '--width', '200'], 'Grid', { fieldWidths: { f1: 200 } }],
    ['timebar', ['--start-field', 'f1'], 'Gantt', { ganttTimebar: { startField: 'f1' } }],
  ];

  it('a view of another type, a missing view list, an empty one and a first view that is not an object are api failures before any write', async () => {
    for (const [kind, flags, , ] of kinds) {
      for (const answer of [{ data: { views: [{ viewId: 'v1', viewType: 'Kanban' }] } }, { data: { views: [{ viewId: 'v1' }] } }, { data: {} }, { data: { views: [] } }, { data: { views: ['v1'] } }]) {
        outputs.answer('aitable/get_views', answer);
        expect([kind, await sent(['aitable', 'view', 'update', kind, ...ids, ...flags, '--yes'])]).toEqual([kind, { reason: 'backend_error', category: 'backend', calls: [read], printed: undefined }]);
      }
    }
  });

  it('a view of the supported type is updated with the block', async () => {
    for (const [kind, flags, viewType, config] of kinds) {
      outputs.answer('aitable/get_views', { data: { views: [{ viewId: 'v1', viewType }] } });
      outputs.answer('aitable/update_view', { success: true });
      const run = await sent(['aitable', 'view', 'update', kind, ...ids, ...flags, '--yes']);
      expect([run.reason, run.calls]).toEqual([undefined, [read, ['aitable/update_view', { baseId: 'b1', tableId: 't1', viewId: 'v1', config }]]]);
    }
  });
});

describe('chat +chat-messages reads its time flags as parseDingTalkMessageTime does (smart/message_time_range.go:29-66, :149-160; chat_messages.go:170-172)', () => {
  const read = (...flags: string[]) => sent(['chat', '+chat-messages', '--conversation-id', 'cid1', ...flags]);
  const refused = { reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined };

  it('a day that is not in its month, a month 13, an hour 24, a lower-case t or z are refused before any call', async () => {
    for (const time of ['2026-02-30 10:00:00', '2026-13-01', '2026-03-01 24:00:00', '2026-03-01t10:00:00+08:00', '2026-03-01T10:00:00z']) {
      expect([time, await read('--time', time)]).toEqual([time, refused]);
    }
    for (const flags of [['--start', '2026-02-29'], ['--start', '2026-03-01', '--end', '2026-04-31 00:00:00'], ['--start-time', '2026-03-01T10:00:60+08:00']]) {
      expect([flags, await read(...flags)]).toEqual([flags, refused]);
    }
  });

  it('a one-digit hour, a run of spaces and a comma fraction are times, as Go reads its layouts; --time is sent trimmed', async () => {
    outputs.answer('chat/list_conversation_message_v2', { success: true, result: { hasMore: false, messages: [] } });
    for (const time of ['2026-03-01 9:00:00', '2026-03-01  09:00:00', '2026-03-01T09:00:00,5+08:00']) {
      const run = await read('--time', ` ${time} `);
      expect([time, run.reason, run.calls]).toEqual([time, undefined, [['chat/list_conversation_message_v2', { openconversation_id: 'cid1', time, forward: false }]]]);
    }
  });
});

describe('chat message search and search-advanced decode their answers as upstream does: UseNumber where it scans a conversation scope or projects (chat.go:55, :572, :1102-1108)', () => {
  const BIG = '1234567890123456789';
  /** Go's encoding/json text of the float64 json.Unmarshal reads BIG as (JavaScript writes the same double so) */
  const BIG_AS_DOUBLE = '1234567890123456800';
  const page = { result: { conversationMessagesList: [{ openConversationId: 'cid1', messages: [{ openMsgId: 'm1', content: 'x', seq: new JsonNumber(BIG) }] }], hasMore: false } };
  /** the digits the printed text gives the message's seq (every occurrence the same) */
  const seqPrinted = async (argv: string[]) => {
    const { out, error } = await dispatchInProcess(argv, outputs.env());
    expect(error?.envelope()).toBeUndefined();
    const seqs = [...out.matchAll(/"seq":(\d+)/gu)].map((m) => m[1]);
    expect(seqs.length).toBeGreaterThan(0);
    return [...new Set(seqs)];
  };

  it('chat message search: with --group (the scoped scan) and without --page-all (callProjectedChatMessages) the digits are kept; --page-all without a group reads float64', async () => {
    outputs.answer('chat/get_conversation_info', { success: true, result: { openConversationId: 'cid1' } });
    outputs.answer('chat/search_messages_by_keyword', page);
    expect(await seqPrinted(['chat', 'message', 'search', '--query', 'x', '--group', 'cid1'])).toEqual([BIG]);
    expect(await seqPrinted(['chat', 'message', 'search', '--query', 'x'])).toEqual([BIG]);
    expect(await seqPrinted(['chat', 'message', 'search', '--query', 'x', '--page-all'])).toEqual([BIG_AS_DOUBLE]);
  });

  it('chat message search-advanced: with --conversation-ids the digits are kept; without, the answer is read as float64 (callMCPToolOnServer)', async () => {
    outputs.answer('chat/get_conversation_info', { success: true, result: { openConversationId: 'cid1' } });
    outputs.answer('im/search_messages', page);
    expect(await seqPrinted(['chat', 'message', 'search-advanced', '--query', 'x', '--conversation-ids', 'cid1'])).toEqual([BIG]);
    expect(await seqPrinted(['chat', 'message', 'search-advanced', '--query', 'x'])).toEqual([BIG_AS_DOUBLE]);
    expect(await seqPrinted(['chat', 'message', 'search-advanced', '--query', 'x', '--page-all'])).toEqual([BIG_AS_DOUBLE]);
  });
});
