// p-ansobj3 (issue 32): the paged and multi-step shortcuts whose upstream bodies read an answer with rt.CallMCPData
// (runner.go:255-271@c7521c1c: an answer that does not decode into a JSON object is an error; null and blank text are
// the empty map). Each command runs as a user types it against the recording backend, which answers a list, a number
// or a text at the step in question: the run stops where upstream's does (before the writes after it), or, on a later
// page of a ledger, lists a read failure as upstream does.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pansobj3-');
const { mcp, sent } = outputs;

/** The answers that do not decode into an object: a list, a number, a text. */
const NOT_OBJECTS: unknown[] = [[{ id: 'x' }], 5, 'plain text'];

/** Canned answers per `<server>/<tool>` for one run; `at` answers each of NOT_OBJECTS in turn. */
async function refusedAt(argv: string[], answers: Record<string, unknown>, at: string) {
  const runs = [];
  for (const bad of NOT_OBJECTS) {
    for (const [key, body] of Object.entries(answers)) mcp.answers[key] = () => body;
    mcp.answers[at] = () => bad;
    runs.push(await sent(argv));
  }
  return runs;
}

/** The calls of a run as their `<server>/<tool>` names. */
const names = (r: { calls: unknown[][] }) => r.calls.map((c) => c[0]);

/** Each run refused with backend_error after exactly these calls, printing nothing. */
function expectRefused(runs: Awaited<ReturnType<typeof refusedAt>>, calls: string[]) {
  for (const r of runs) expect([r.reason, names(r), r.printed]).toEqual(['backend_error', calls, undefined]);
}

describe('chat: one page or the first page that is not an object ends the run with backend_error', () => {
  const cases: [string, string[], string][] = [
    ['+flag-list (lark_alignment.go:622-627)', ['chat', '+flag-list'], 'im/list_message_favorites'],
    ['+flag-list --page-all (:622-627)', ['chat', '+flag-list', '--page-all'], 'im/list_message_favorites'],
    ['+chat-list (lark_alignment.go:1041-1046)', ['chat', '+chat-list'], 'im/list_all_conversations'],
    ['+chat-list --page-all (:1041-1046)', ['chat', '+chat-list', '--page-all'], 'im/list_all_conversations'],
    ['+chat-list-all (chat_group.go:935-938)', ['chat', '+chat-list-all'], 'im/list_my_groups_pagination'],
    ['+chat-list-all --page-all (:985-989)', ['chat', '+chat-list-all', '--page-all'], 'im/list_my_groups_pagination'],
    ['+messages-list (chat_message.go:317-320)', ['chat', '+messages-list', '--group', 'cid1', '--time', '2026-03-01 00:00:00'], 'chat/list_conversation_message_v2'],
    ['+messages-list-direct (chat_message.go:522-525)', ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00'], 'chat/list_individual_chat_message'],
    ['+messages-list-direct --page-all (:559-563)', ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--page-all'], 'chat/list_individual_chat_message'],
    ['+search-msg (smart/search_msg.go:183-187)', ['chat', '+search-msg', '--query', 'x', '--no-enrich'], 'im/search_messages'],
    ['+search-msg --page-all (:183-187)', ['chat', '+search-msg', '--query', 'x', '--no-enrich', '--page-all'], 'im/search_messages'],
  ];
  for (const [name, argv, tool] of cases) {
    it(name, async () => {
      expectRefused(await refusedAt(argv, {}, tool), [tool]);
    });
  }
});

describe('chat: a later page that is not an object is a read failure in the ledger, exit 1', () => {
  type Ledger = { stopReason: string; partial: boolean; failedCount: number; failures: { page: number; stage: string; cursor?: unknown }[] };
  const later = async (argv: string[], rpc: string, first: unknown) => {
    const out = [];
    for (const bad of NOT_OBJECTS) {
      const r = await outputs.paged(argv, rpc, [first, bad]);
      const ledger = r.envelope?.ledger as Ledger;
      out.push([r.exit, r.envelope?.error.reason, r.sent.length, ledger.stopReason, ledger.partial, ledger.failures.map((f) => [f.page, f.stage, f.cursor])]);
    }
    return out;
  };

  it('+flag-list --page-all (lark_alignment.go:622-632: page, stage read, cursor; flag_list_incomplete)', async () => {
    const first = { items: [{ openMessageId: 'm1' }], hasMore: true, nextCursor: 7 };
    for (const row of await later(['chat', '+flag-list', '--page-all'], 'list_message_favorites', first)) {
      expect(row).toEqual([1, 'pages_incomplete', 2, 'read_failure', true, [[2, 'read', 7]]]);
    }
  });

  it('+chat-list --page-all (lark_alignment.go:1041-1051)', async () => {
    const first = { conversations: [{ openConversationId: 'c1', singleChat: false }], hasMore: true, nextCursor: 9 };
    for (const row of await later(['chat', '+chat-list', '--page-all'], 'list_all_conversations', first)) {
      expect(row).toEqual([1, 'pages_incomplete', 2, 'read_failure', true, [[2, 'read', 9]]]);
    }
  });

  it('+chat-list-all --page-all (chat_group.go:985-994: the cursor listed as text)', async () => {
    const first = { groups: [{ openConversationId: 'c1', name: 'a' }], hasMore: true, nextCursor: 'n2' };
    for (const row of await later(['chat', '+chat-list-all', '--page-all'], 'list_my_groups_pagination', first)) {
      expect(row).toEqual([1, 'pages_incomplete', 2, 'read_failure', true, [[2, 'read', 'n2']]]);
    }
  });

  it('+messages-list-direct --page-all (chat_message.go:559-568)', async () => {
    const first = { result: { messages: [{ openMessageId: 'm1' }], hasMore: true, nextCursor: 1772294399123 } };
    for (const row of await later(['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--page-all'], 'list_individual_chat_message', first)) {
      expect(row).toEqual([1, 'pages_incomplete', 2, 'read_failure', true, [[2, 'read', undefined]]]);
    }
  });

  it('+search-msg --page-all lists the page (search_msg.go:183-194: stage search-page, its cursor) and prints the hits so far, exit 0', async () => {
    for (const bad of NOT_OBJECTS) {
      const r = await outputs.paged(['chat', '+search-msg', '--query', 'x', '--page-all', '--no-enrich'], 'im/search_messages', [
        { result: { messages: [{ openMessageId: 'm1', content: 'a', createTime: 1000 }], hasMore: true, nextCursor: 'c2' } }, bad]);
      expect([r.exit, r.sent.length]).toEqual([0, 2]);
      expect(r.printed).toMatchObject({ count: 1, complete: false, failedCount: 1, failures: [{ stage: 'search-page', cursor: 'c2' }] });
    }
  });
});

describe('chat: a lookup that is not an object ends the run before what follows it', () => {
  it('+messages-recall --msg-id m1 --yes: the message lookup (chat_message.go:222-226) stops before recall_message', async () => {
    expectRefused(await refusedAt(['chat', '+messages-recall', '--msg-id', 'm1', '--yes'], {}, 'im/list_messages_by_ids'), ['im/list_messages_by_ids']);
    mcp.answers['im/list_messages_by_ids'] = () => ({ result: [{ openMessageId: 'm1', openConversationId: 'cidA' }] });
    const ok = await sent(['chat', '+messages-recall', '--msg-id', 'm1', '--yes']);
    expect([ok.reason, names(ok)]).toEqual([undefined, ['im/list_messages_by_ids', 'im/recall_message']]);
  });

  it('+search-msg --conversation-id cid…: the scope check (search_msg.go:615-623) stops before the search', async () => {
    expectRefused(await refusedAt(['chat', '+search-msg', '--conversation-id', 'cidA', '--no-enrich'], {}, 'chat/get_conversation_info'), ['chat/get_conversation_info']);
  });

  it('+search-msg: an enrichment chunk that is not an object is listed (search_msg.go:751-759) and the hits printed', async () => {
    for (const bad of NOT_OBJECTS) {
      mcp.answers['im/search_messages'] = () => ({ result: { messages: [{ openMessageId: 'm1', content: 'a', createTime: 1000 }], hasMore: false } });
      mcp.answers['im/list_messages_by_ids'] = () => bad;
      const r = await sent(['chat', '+search-msg', '--query', 'x']);
      expect([r.reason, names(r)]).toEqual([undefined, ['im/search_messages', 'im/list_messages_by_ids']]);
      expect(r.printed).toMatchObject({ count: 1, complete: false, enrichedCount: 0, failures: [{ stage: 'message-enrichment', messageIds: ['m1'] }] });
    }
  });
});
