// Session 34 second reading, part a2 (issue 32): where the drawn commands differed from upstream's bodies at
// c7521c1c, run as a user types them against the recording backend on 127.0.0.1 (notes/h34-a2.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h34a2-');
const { sent } = outputs;

// chat message list-favorites --page-all: RunPagedMCPCommand with PagedCursorInt64 (chat.go:8632-8637;
// paged_command.go:139-322, cursorValueKey :476-497, normalizeCursorArg :499-525@c7521c1c)
describe('chat message list-favorites --page-all runs as upstream\'s paged command with integer cursors', () => {
  const FAV = 'im/list_message_favorites';
  it('prints the first page\'s answer with the merged items and the paging record; the text cursor goes back as a number', async () => {
    outputs.answersInTurn(FAV, { result: { items: [1, 2], hasMore: true, nextCursor: '5' }, x: 1 }, { result: { items: [3], hasMore: false, nextCursor: 9 } });
    const run = await sent(['chat', 'message', 'list-favorites', '--page-all', '--size', '2']);
    expect(run.calls).toEqual([[FAV, { cursor: 0, size: '2' }], [FAV, { cursor: 5, size: '2' }]]);
    expect(run.printed).toEqual({ result: { items: [1, 2, 3], hasMore: false, nextCursor: 9 }, x: 1, paging: { truncated: false, hasMore: false, lastCursor: 9, pages: 2, total: 3 } });
  });
  it('a text hasMore, a cursor that does not advance, one that is no whole number, a later page without items: the run stops', async () => {
    outputs.answer(FAV, { result: { items: [1], hasMore: 'true', nextCursor: '5' } });
    const text = await sent(['chat', 'message', 'list-favorites', '--page-all']);
    expect([text.reason, text.calls.length]).toEqual(['pages_incomplete', 1]);
    for (const cursor of ['0', ' 0 ', 0.5, '5.5', true]) {
      outputs.answer(FAV, { result: { items: [1], hasMore: true, nextCursor: cursor } });
      const stuck = await sent(['chat', 'message', 'list-favorites', '--page-all']);
      expect([cursor, stuck.reason, stuck.calls.length]).toEqual([cursor, 'pages_incomplete', 1]);
    }
    outputs.answersInTurn(FAV, { result: { items: [1], hasMore: true, nextCursor: 5 } }, { result: { hasMore: false } });
    const missing = await sent(['chat', 'message', 'list-favorites', '--page-all']);
    expect([missing.reason, missing.calls.length]).toEqual(['pages_incomplete', 2]);
  });
  it('for any run of pages: items are those of the pages read, the cursors sent are the integers given (property)', async () => {
    const page = fc.record({ items: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }), asText: fc.boolean() });
    await fc.assert(fc.asyncProperty(fc.array(page, { minLength: 1, maxLength: 4 }), async (pages) => {
      const bodies = pages.map((p, i) => ({ result: { items: p.items, hasMore: i < pages.length - 1, nextCursor: p.asText ? ` ${10 + i} ` : 10 + i } }));
      outputs.answersInTurn(FAV, ...bodies);
      const run = await sent(['chat', 'message', 'list-favorites', '--page-all', '--page-delay', '0']);
      expect(run.calls.map((c) => (c[1] as { cursor: unknown }).cursor)).toEqual([0, ...pages.slice(0, -1).map((_, i) => 10 + i)]);
      const printed = run.printed as { result: { items: unknown[] }; paging: { total: number; pages: number } };
      expect(printed.result.items).toEqual(pages.flatMap((p) => p.items));
      expect([printed.paging.total, printed.paging.pages]).toEqual([pages.flatMap((p) => p.items).length, pages.length]);
    }), { numRuns: 25 });
  });
});

// wiki +space-list: enableWikiAutoPage's Validate (common.go:232-242) and collectWikiPages reading hasMore and the cursor
// from requireWikiCollection's container, the object holding the list (common.go:103-137, :252-314@c7521c1c)
describe('wiki +space-list --page-all checks --page-limit first and reads the marks where the list is', () => {
  const SPACES = 'wiki/list_wikiSpaces';
  it('--page-limit 0 or below is refused before any call with --page-all, and ignored without it', async () => {
    outputs.answer(SPACES, { wikiSpaces: [], hasMore: false });
    for (const limit of ['0', '-2']) {
      const run = await sent(['wiki', '+space-list', '--page-all', '--page-limit', limit]);
      expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
    }
    expect((await sent(['wiki', '+space-list', '--page-limit', '0'])).calls).toEqual([[SPACES, { pageSize: 20, wikiSpaceType: 'orgWikiSpace' }]]);
  });
  it('a hasMore outside the object holding the list is not read; one inside it is, even beside another', async () => {
    outputs.answer(SPACES, { wikiSpaces: [{ id: 'a' }], result: { hasMore: false } });
    const outside = await sent(['wiki', '+space-list', '--page-all']);
    expect([outside.reason, outside.calls.length]).toEqual(['pages_incomplete', 1]);
    outputs.answersInTurn(SPACES, { result: { wikiSpaces: [{ id: 'a' }], hasMore: true, nextCursor: 'x' }, hasMore: false }, { wikiSpaces: [{ id: 'b' }], hasMore: false });
    const inside = await sent(['wiki', '+space-list', '--page-all']);
    expect(inside.calls.map((c) => (c[1] as { pageToken?: string }).pageToken)).toEqual([undefined, 'x']);
    expect(inside.printed).toEqual({ autoPageComplete: true, count: 2, hasMore: false, pagesFetched: 2, spaces: [{ workspaceId: 'a' }, { workspaceId: 'b' }] });
  });
  it('for any place of the list and of hasMore: a second page is asked for exactly when they are the same object (property)', async () => {
    const place = fc.constantFrom('', 'result', 'data');
    await fc.assert(fc.asyncProperty(place, place, async (listAt, moreAt) => {
      const first: Record<string, unknown> = {};
      const at = (where: string) => (where === '' ? first : ((first[where] ??= {}) as Record<string, unknown>));
      at(listAt).spaces = [{ id: 'a' }];
      Object.assign(at(moreAt), { hasMore: true, nextCursor: 'n1' });
      outputs.answersInTurn(SPACES, first, { spaces: [], hasMore: false });
      const run = await sent(['wiki', '+space-list', '--page-all']);
      expect(run.calls.length).toBe(listAt === moreAt ? 2 : 1);
    }), { numRuns: 20 });
  });
});

// dev app leaves: devAppCommandResult -> devAppPendingResult (helpers/devapp.go:1866-1883, :2208-2274@c7521c1c): a
// pending answer without an operation id or a way on is the command's failure; the precheck (precheckOnly) skips it
describe('dev app leaves refuse a pending answer that names no operation or no way on', () => {
  const VERSION = 'devapp/create_dev_app_version';
  const create = ['dev', 'app', 'version', 'create', '--unified-app-id', 'a1', '--yes'];
  it('version create: AUDIT without an id, with a versionId alone, approvalSubmitted alone are refused; with a way on it prints', async () => {
    for (const result of [{ versionStatus: 'AUDIT' }, { versionStatus: ' audit ', versionId: 'v1' }, { approvalSubmitted: true }, { status: 'WAITING_X', requestId: 'r' }]) {
      outputs.answer(VERSION, { success: true, result });
      const run = await sent(create);
      expect([result, run.reason, run.calls.length]).toEqual([result, 'internal_error', 1]);
    }
    for (const result of [{ versionStatus: 'AUDIT', versionId: 'v1', unifiedAppId: 'a1' }, { mustContinue: 'TRUE', taskId: 't1' },
      { processStatus: 'PROCESSING', requestId: 'r', nextSteps: [1, { command: ' dws x ' }] }, { approvalSubmitted: true, published: true },
      { mustAskUser: true, terminal: true }, { versionStatus: 'DONE' }]) {
      outputs.answer(VERSION, { success: true, result });
      expect((await sent(create)).printed).toEqual(result);
    }
  });
  it('permission list (a list leaf) refuses a PROCESSING page without an id; version check-approval (precheck) prints it', async () => {
    outputs.answer('devapp/list_dev_app_permissions', { success: true, result: { items: [], hasMore: false, status: 'PROCESSING' } });
    expect((await sent(['dev', 'app', 'permission', 'list', '--unified-app-id', 'a1'])).reason).toBe('internal_error');
    outputs.answer('devapp/publish_dev_app_version', { success: true, result: { versionStatus: 'AUDIT' } });
    const check = await sent(['dev', 'app', 'version', 'check-approval', '--unified-app-id', 'a1', '--version-id', 'v1', '--yes']);
    expect(check.printed).toEqual({ versionStatus: 'AUDIT' });
  });
  it('for any pending state and any of the ids: refused exactly when upstream finds no id or no way on (property)', async () => {
    const keys = ['taskId', 'versionId', 'unifiedAppId', 'requestId'] as const;
    await fc.assert(fc.asyncProperty(fc.constantFrom('WAITING', 'PENDING', 'BLOCKED_BY_X', 'under_review'), fc.subarray([...keys]), async (state, present) => {
      const result: Record<string, unknown> = { status: state };
      for (const k of present) result[k] = `${k}-1`;
      outputs.answer(VERSION, { success: true, result });
      const run = await sent(create);
      const wayOn = present.includes('taskId') || (present.includes('unifiedAppId') && present.includes('versionId'));
      expect(run.reason).toBe(present.length > 0 && wayOn ? undefined : 'internal_error');
    }), { numRuns: 30 });
  });
});
