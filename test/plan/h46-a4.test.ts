// Session 46 second reading, part a4 (issue 32, notes/h46-a4.md, seed 20261412): where a drawn command (or a sibling
// of one) still differed from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on
// 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46a4-');

describe('chat +at-me --page-all: the next cursor is atMeCursorString of the page\'s nextCursor, a text (smart/at_me.go:242-244, :322-332, :354-356, :369-378@c7521c1c)', () => {
  const argv = ['chat', '+at-me', '--page-all', '--no-reactions'];
  const pages = (next: unknown) => [
    { hasMore: true, nextCursor: next, list: [{ msgId: 'a' }] },
    { hasMore: false, list: [{ msgId: 'b' }] },
  ];
  // Go's fmt.Sprint of the float64 json.Unmarshal gives, trimmed
  const cases: [unknown, string][] = [[5, '5'], [' 7 ', '7'], [1700000000000, '1.7e+12'], [1000000, '1e+06'], [2.5, '2.5'], ['x', 'x']];
  for (const [next, text] of cases) {
    it(`a nextCursor ${JSON.stringify(next)} is asked for as ${JSON.stringify(text)}`, async () => {
      const run = await outputs.paged(argv, 'search_at_me_message', pages(next));
      expect(run.exit).toBe(0);
      expect(run.sent.map((a) => a.cursor)).toEqual(['0', text]);
    });
  }
  it('any whole-number cursor below 10^6 or padded digit text is sent as its trimmed decimal text', async () => {
    const next = fc.oneof(
      fc.integer({ min: 1, max: 999_999 }).map((n) => [n, String(n)] as const),
      fc.tuple(fc.integer({ min: 1, max: 10 ** 9 }), fc.constantFrom('', ' ', '\t'), fc.constantFrom('', ' ', '\n'))
        .map(([n, l, r]) => [`${l}${n}${r}`, String(n)] as const),
    );
    await fc.assert(fc.asyncProperty(next, async ([value, text]) => {
      const run = await outputs.paged(argv, 'search_at_me_message', pages(value));
      expect(run.sent.map((a) => a.cursor)).toEqual(['0', text]);
    }), { numRuns: 25 });
  });
  it('the run stopped by --page-limit prints that next cursor as the text it would ask with', async () => {
    const run = await outputs.paged([...argv, '--page-limit', '1'], 'search_at_me_message', pages(42));
    expect(run.exit).toBe(0);
    expect(run.printed).toMatchObject({ hasMore: true, nextCursor: '42', stopReason: 'page_limit', pagesFetched: 1 });
  });
});
