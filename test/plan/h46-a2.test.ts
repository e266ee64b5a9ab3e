// Session 46 second reading, part a2 (issue 32, notes/h46-a2.md; seed 20261410): where a drawn command (or a sibling)
// still differed from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { warningLine } from '../../src/errors.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46a2-');

/**
 * upstream chatListNextCursor (internal/shortcut/chat/lark_alignment.go:1237-1274@c7521c1c) over what
 * chatmsg.Pagination found (chatmsg.go:1106-1156: a nil, "0"/blank or 0 cursor is none), as a model: the number the
 * command prints as nextCursor for the last page read, 0 where the reading fails.
 */
function upstreamCursorValue(v: unknown): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return v >= 0 && Number.isInteger(v) ? v : 0;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '' || t === '0') return 0;
    if (!/^[+-]?[0-9]+$/.test(t)) return 0;
    const n = Number(t);
    return n >= 0 ? n : 0;
  }
  return 0;
}

describe('chat +chat-list prints the last page\'s own next cursor, as upstream keeps nextCursor from the page it read last (lark_alignment.go:1073-1074, :1180@c7521c1c)', () => {
  const argv = ['chat', '+chat-list', '--page-all', '--page-limit', '2', '--limit', '2'];
  const first = { result: { conversationList: [{ openConversationId: 'c1', singleChat: false }, { openConversationId: 'c2', singleChat: false }], hasMore: true, nextCursor: '9' } };
  it('a second page saying more without a cursor prints nextCursor 0 (upstream re-reads it from that page), not the cursor followed before', async () => {
    const r = await outputs.paged(argv, 'im/list_all_conversations', [first, { data: { list: [{ openConversationId: 'c5', singleChat: false }], hasMore: true } }]);
    expect(r.exit).toBe(1);
    expect(r.envelope?.ledger).toMatchObject({ hasMore: true, nextCursor: 0, stopReason: 'pagination_error' });
  });
  it('a second page whose read fails keeps the cursor that read was sent with (upstream leaves nextCursor at page 1\'s)', async () => {
    const r = await outputs.paged(argv, 'im/list_all_conversations', [first, { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: 'busy' }]);
    expect(r.exit).toBe(1);
    expect(r.envelope?.ledger).toMatchObject({ hasMore: true, nextCursor: 9, stopReason: 'read_failure', pagesFetched: 1 });
  });
  it('for any second-page cursor, the printed nextCursor is chatListNextCursor of that page\'s cursor', async () => {
    const cursor = fc.constantFrom<unknown>(undefined, null, '0', 0, '-3', -3, 1.5, '9', 9, '12', ' 12 ', 12, 'x', true, '+4');
    await fc.assert(fc.asyncProperty(cursor, fc.boolean(), async (next, full) => {
      const list = full ? [{ openConversationId: 'c5', singleChat: false }, { openConversationId: 'c6', singleChat: false }] : [{ openConversationId: 'c5', singleChat: false }];
      const page2 = { data: { list, hasMore: true, ...(next === undefined ? {} : { nextCursor: next }) } };
      const r = await outputs.paged(argv, 'im/list_all_conversations', [first, page2]);
      const record = (r.printed ?? r.envelope?.ledger) as Record<string, unknown>;
      expect(record.nextCursor).toBe(upstreamCursorValue(next));
    }), { numRuns: 30 });
  });
});

describe('the flag_ignored notice kind is led by [WARN] (src/errors.ts WARNINGS / warningLine)', () => {
  it('renders `[WARN] <message>`', () => {
    expect(JSON.parse(warningLine({ reason: 'flag_ignored', message: 'm' }))).toEqual({ warning: { reason: 'flag_ignored', message: '[WARN] m' } });
  });
});

describe('aitable record query warns about a non-empty --view-id and queries the table without it (helpers/aitable.go:2153-2155@c7521c1c)', () => {
  const text = fc.constantFrom<string | undefined>(undefined, '', ' ', 'v1');
  it('the notice, and only it, is added: the call and stdout are those of the same run without --view-id', async () => {
    const answer = { success: true, data: { records: [{ recordId: 'r1', cells: {} }], hasMore: false } };
    outputs.answer('aitable/query_records', answer);
    await fc.assert(fc.asyncProperty(text, async (view) => {
      const argv = ['aitable', 'record', 'query', '--base-id', 'b', '--table-id', 't', ...(view === undefined ? [] : ['--view-id', view])];
      outputs.mcp.calls.length = 0;
      const outcome = await dispatchInProcess(argv, outputs.env());
      const notices = outcome.err.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { warning?: { reason: string } }).warning?.reason);
      // upstream: `if v, _ := GetString("view-id"); v != ""` prints the warning line, then runs the query as without it
      expect({ argv, notices }).toEqual({ argv, notices: view ? ['flag_ignored'] : [] });
      expect({ argv, out: outcome.out === '' ? undefined : JSON.parse(outcome.out), calls: outputs.mcp.calls.map((c) => c.arguments) })
        .toEqual({ argv, out: { result: answer }, calls: [{ baseId: 'b', tableId: 't' }] });
    }), { numRuns: 12 });
  });
});
