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
