// Session 34, the paging and answer left-overs of notes/h34-a2.md (issue 32): commands run as a user types them
// against the recording backend on 127.0.0.1, compared with upstream's bodies at c7521c1c (notes/h34-page.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h34page-');
const { sent } = outputs;

// wiki +node-list / +feed-list / +space-list: enableWikiAutoPage (common.go:236-248, nodes.go:248-250) and
// collectWikiPages (common.go:252-314): marks read in requireWikiCollection's container (:103-137), the next cursor
// firstWikiString (:165-172, :301@c7521c1c): the first non-blank text, trimmed
const WIKI = [
  { argv: ['wiki', '+node-list', '--workspace', 'w1'], tool: 'doc/list_nodes', list: 'nodes', cursorArg: 'pageToken' },
  { argv: ['wiki', '+feed-list', '--workspace', 'w1'], tool: 'wiki/list_workspace_feeds', list: 'feeds', cursorArg: 'nextToken' },
  { argv: ['wiki', '+space-list'], tool: 'wiki/list_wikiSpaces', list: 'spaces', cursorArg: 'pageToken' },
] as const;
const cursorsSent = (calls: readonly (readonly unknown[])[], arg: string) => calls.map((c) => (c[1] as Record<string, unknown>)[arg]);

describe('wiki +node-list / +feed-list --page-all check --page-limit first and read the marks where the list is', () => {
  for (const w of WIKI.slice(0, 2)) {
    it(`${w.argv[1]}: --page-limit 0 or below is refused before any call with --page-all, and ignored without it`, async () => {
      outputs.answer(w.tool, { [w.list]: [], hasMore: false });
      for (const limit of ['0', '-2']) {
        const run = await sent([...w.argv, '--page-all', '--page-limit', limit]);
        expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
      }
      expect((await sent([...w.argv, '--page-limit', '0'])).calls.length).toBe(1);
    });
    it(`${w.argv[1]}: a hasMore outside the object holding the list is not read; one inside it is`, async () => {
      outputs.answer(w.tool, { [w.list]: [{ id: 'a' }], result: { hasMore: false } });
      const outside = await sent([...w.argv, '--page-all']);
      expect([outside.reason, outside.calls.length]).toEqual(['pages_incomplete', 1]);
      outputs.answersInTurn(w.tool, { data: { [w.list]: [{ id: 'a' }], hasMore: true, nextCursor: 'x' }, result: { hasMore: false } }, { [w.list]: [{ id: 'b' }], hasMore: false });
      const inside = await sent([...w.argv, '--page-all']);
      expect(cursorsSent(inside.calls, w.cursorArg)).toEqual([undefined, 'x']);
    });
  }
});

describe('wiki paged shortcuts follow only a text next cursor, trimmed (firstWikiString)', () => {
  for (const w of WIKI) {
    it(`${w.argv[1]}: a number cursor is none (more with it fails); a text beside it is followed, trimmed`, async () => {
      outputs.answersInTurn(w.tool, { [w.list]: [{ id: 'a' }], hasMore: true, nextCursor: 5 }, { [w.list]: [], hasMore: false });
      const number = await sent([...w.argv, '--page-all']);
      expect([number.reason, number.calls.length]).toEqual(['pages_incomplete', 1]);
      outputs.answersInTurn(w.tool, { [w.list]: [{ id: 'a' }], hasMore: true, nextCursor: 5, nextToken: ' t2 ' }, { [w.list]: [{ id: 'b' }], hasMore: false });
      const text = await sent([...w.argv, '--page-all']);
      expect(text.reason).toBeUndefined();
      expect(cursorsSent(text.calls, w.cursorArg)).toEqual([undefined, 't2']);
    });
  }
  it('for any spelling and value of the cursor: a second page is asked for exactly when it is a non-blank text (property)', async () => {
    const key = fc.constantFrom('nextCursor', 'nextToken', 'nextPageToken', 'pageToken');
    const value = fc.oneof(fc.constantFrom(' ', '', 'c1', ' c2\t', 7, 0, true, null), fc.string({ maxLength: 4 }));
    await fc.assert(fc.asyncProperty(fc.constantFrom(...WIKI), key, value, async (w, k, v) => {
      outputs.answersInTurn(w.tool, { [w.list]: [{ id: 'a' }], hasMore: true, [k]: v }, { [w.list]: [], hasMore: false });
      const run = await sent([...w.argv, '--page-all']);
      const text = typeof v === 'string' && v.trim() !== '';
      expect(run.calls.length).toBe(text ? 2 : 1);
      if (text) expect(cursorsSent(run.calls, w.cursorArg)[1]).toBe(v.trim());
    }), { numRuns: 40 });
  });
});

// chat message list-focused --page-all: RunPagedMCPCommand with pagedChatMessagesInt64Config (chat.go:4039-4041,
// :1131-1135, chatMessageListFocusedArgs :858-867; paged_command.go:63-322, cursorValueKey :476-497, normalizeCursorArg
// :499-525@c7521c1c): the first page's answer with the merged messages and a paging record; integer cursors
describe('chat message list-focused --page-all runs as upstream\'s paged command with integer cursors', () => {
  const FOCUS = 'chat/list_special_focus_messages';
  it('prints the first page\'s answer with the merged messages and the paging record; a text cursor goes back as a number', async () => {
    outputs.answersInTurn(FOCUS, { result: { messages: [1, 2], hasMore: true, nextCursor: ' 5 ' }, x: 1 }, { result: { messages: [3], hasMore: false, nextCursor: 9 } });
    const run = await sent(['chat', 'message', 'list-focused', '--page-all', '--limit', '2', '--page-delay', '0']);
    expect(run.calls).toEqual([[FOCUS, { limit: 2 }], [FOCUS, { limit: 2, cursor: 5 }]]);
    expect(run.printed).toEqual({ result: { messages: [1, 2, 3], hasMore: false, nextCursor: 9 }, x: 1, paging: { truncated: false, hasMore: false, lastCursor: 9, pages: 2, total: 3 } });
  });
  it('a cursor 0 after no cursor is followed once; a repeated one, one that is no whole number, a text hasMore stop the run', async () => {
    outputs.answersInTurn(FOCUS, { result: { messages: [1], hasMore: true, nextCursor: 0 } }, { result: { messages: [2], hasMore: true, nextCursor: 0 } });
    const zero = await sent(['chat', 'message', 'list-focused', '--page-all', '--page-delay', '0']);
    expect([zero.reason, zero.calls.map((c) => (c[1] as { cursor?: number }).cursor)]).toEqual(['pages_incomplete', [undefined, 0]]);
    for (const cursor of [0.5, '5.5', true]) {
      outputs.answer(FOCUS, { result: { messages: [1], hasMore: true, nextCursor: cursor } });
      const stuck = await sent(['chat', 'message', 'list-focused', '--page-all', '--page-delay', '0']);
      expect([cursor, stuck.reason, stuck.calls.length]).toEqual([cursor, 'pages_incomplete', 1]);
    }
    outputs.answer(FOCUS, { result: { messages: [1], hasMore: 'true', nextCursor: 5 } });
    const text = await sent(['chat', 'message', 'list-focused', '--page-all']);
    expect([text.reason, text.calls.length]).toEqual(['pages_incomplete', 1]);
  });
  it('for any run of pages: the messages are those of the pages read, the cursors sent the integers given (property)', async () => {
    const page = fc.record({ messages: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }), asText: fc.boolean() });
    await fc.assert(fc.asyncProperty(fc.array(page, { minLength: 1, maxLength: 4 }), async (pages) => {
      const bodies = pages.map((p, i) => ({ result: { messages: p.messages, hasMore: i < pages.length - 1, nextCursor: p.asText ? ` ${10 + i} ` : 10 + i } }));
      outputs.answersInTurn(FOCUS, ...bodies);
      const run = await sent(['chat', 'message', 'list-focused', '--page-all', '--page-delay', '0']);
      expect(run.calls.map((c) => (c[1] as { cursor?: unknown }).cursor)).toEqual([undefined, ...pages.slice(0, -1).map((_, i) => 10 + i)]);
      const printed = run.printed as { result: { messages: unknown[] }; paging: { total: number; pages: number } };
      expect(printed.result.messages).toEqual(pages.flatMap((p) => p.messages));
      expect([printed.paging.total, printed.paging.pages]).toEqual([pages.flatMap((p) => p.messages).length, pages.length]);
    }), { numRuns: 25 });
  });
});

// devapp +get / +webapp-get / +robot-get / +version-get / +version-status / +version-check-approval: registered
// frameworkUnified (shortcut/devapp/devapp.go:1699-1735), so rt.CallMCP stores the answer through resultForPayload ->
// DevAppCommandResultFromPayload (shortcut/runner.go:130-147, :335-338; helpers/devapp.go:1922-1943, :1866-1883,
// :2208-2274@c7521c1c): the service envelope unwrapped, a FAILED status refused, a pending answer with no operation id or
// no way on refused (internal, exit 5); FromPayload sets no precheckOnly, so +version-check-approval reads it too
describe('devapp + shortcuts of the unified rollout read their answer as the dev leaves do', () => {
  const SHORTCUTS = [
    { argv: ['devapp', '+get', '--unified-app-id', 'a1'], tool: 'devapp/get_dev_app' },
    { argv: ['devapp', '+webapp-get', '--unified-app-id', 'a1'], tool: 'devapp/get_extension_webapp_config' },
    { argv: ['devapp', '+robot-get', '--unified-app-id', 'a1'], tool: 'devapp/get_extension_robot_config' },
    { argv: ['devapp', '+version-get', '--unified-app-id', 'a1', '--version-id', 'v1'], tool: 'devapp/get_dev_app_version_detail' },
    { argv: ['devapp', '+version-status', '--unified-app-id', 'a1', '--version-id', 'v1'], tool: 'devapp/get_dev_app_version_status' },
    { argv: ['devapp', '+version-check-approval', '--unified-app-id', 'a1', '--version-id', 'v1', '--yes'], tool: 'devapp/publish_dev_app_version' },
  ] as const;
  for (const s of SHORTCUTS) {
    it(`${s.argv[1]}: a pending answer without an id or a way on is refused; with both it prints the unwrapped result`, async () => {
      for (const result of [{ versionStatus: 'AUDIT' }, { status: 'WAITING_X', requestId: 'r' }, { approvalSubmitted: true }]) {
        outputs.answer(s.tool, { success: true, result });
        const run = await sent([...s.argv]);
        expect([result, run.reason, run.calls.length]).toEqual([result, 'internal_error', 1]);
      }
      const ok = { versionStatus: 'AUDIT', versionId: 'v1', unifiedAppId: 'a1' };
      outputs.answer(s.tool, { success: true, result: ok });
      expect((await sent([...s.argv])).printed).toEqual(ok);
    });
  }
  it('for any pending state and any of the ids: refused exactly when upstream finds no id or no way on (property)', async () => {
    const keys = ['taskId', 'versionId', 'unifiedAppId', 'requestId'] as const;
    await fc.assert(fc.asyncProperty(fc.constantFrom(...SHORTCUTS), fc.constantFrom('WAITING', 'PENDING', 'BLOCKED_BY_X', 'under_review'), fc.subarray([...keys]), async (s, state, present) => {
      const result: Record<string, unknown> = { status: state };
      for (const k of present) result[k] = `${k}-1`;
      outputs.answer(s.tool, { success: true, result });
      const run = await sent([...s.argv]);
      const wayOn = present.includes('taskId') || (present.includes('unifiedAppId') && present.includes('versionId'));
      expect(run.reason).toBe(present.length > 0 && wayOn ? undefined : 'internal_error');
    }), { numRuns: 30 });
  });
});
