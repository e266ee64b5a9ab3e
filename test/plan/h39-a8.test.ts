// Session 39 second reading, part a8 (issue 32, notes/h39-a8.md): where a drawn command still differed from upstream's
// body at c7521c1c, run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39a8-');
const { paged } = outputs;

/** Answers rt.CallMCPData cannot decode into a map (runner.go:255-271@c7521c1c): json.Unmarshal into map[string]any fails. */
const undecodable = fc.constantFrom<unknown>([], [{ nodeId: 'a' }], 5, 0, true, false, 'x', 'not json');

// doc +search and +list read each page with rt.CallMCPData inside collectDocPages (shortcut/doc/pagination.go:67-70@c7521c1c):
// an answer that does not decode into an object is the page's read failure, docPaginationError page_read_failed, with or
// without --page-all. Before: dws read such a page as an empty one and printed a complete, successful empty list.
const pagedDocs: [string, string[], string][] = [
  ['+search', ['doc', '+search', '--query', 'q'], 'doc/search_documents'],
  ['+list', ['doc', '+list', '--folder', 'f1'], 'doc/list_nodes'],
];

describe('doc +search / +list: a page that is not a JSON object is page_read_failed (doc/pagination.go:67-70@c7521c1c)', () => {
  for (const [name, argv, rpc] of pagedDocs) {
    it(`${name}: a list, number, boolean or text answer fails the read, page 1, nothing printed`, async () => {
      await fc.assert(fc.asyncProperty(undecodable, fc.boolean(), async (answer, pageAll) => {
        const run = await paged([...argv, ...(pageAll ? ['--page-all'] : [])], rpc, [answer]);
        expect(run.printed).toBeUndefined();
        expect(run.exit).not.toBe(0);
        expect(run.envelope?.ledger).toMatchObject({ reason: 'page_read_failed', page: 1, count: 0, items: [] });
      }), { numRuns: 16 });
    });

    it(`${name}: a second page that is a list fails after the first page's rows, which the ledger keeps`, async () => {
      const run = await paged([...argv, '--page-all', '--limit', '1'], rpc, [
        { documents: [{ nodeId: 'a' }], nodes: [{ nodeId: 'a' }], hasMore: true, nextPageToken: 'c2' }, [{ nodeId: 'b' }],
      ]);
      expect(run.envelope?.ledger).toMatchObject({ reason: 'page_read_failed', page: 2, nextCursor: 'c2', count: 1 });
      expect(run.sent).toEqual([{ ...run.sent[0], pageSize: 1 }, { ...run.sent[0], pageSize: 1, pageToken: 'c2' }]);
    });

    it(`${name}: null and blank answers stay the empty page (CallMCPData's nil and empty map)`, async () => {
      for (const answer of [null, {}]) {
        const run = await paged(argv, rpc, [answer]);
        expect(run.exit).toBe(0);
        expect(run.printed).toMatchObject({ status: 'success', count: 0, complete: true });
      }
    });
  }
});
