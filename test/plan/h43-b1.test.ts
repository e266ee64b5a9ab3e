// Session 43 second reading, part b1 (issue 32, seed 20261381; notes/h43-b1.md): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43b1-');

/** maxAutoPageDelayMS (internal/shortcut/pagination.go:22@c7521c1c): math.MaxInt64 / time.Millisecond, integer division. */
const MAX_DELAY_MS = 9223372036854;

/** The shortcuts whose Validate runs shortcut.ValidateAutoPageControls (pagination.go:47-65@c7521c1c). */
const autoPaged: { argv: string[]; tool: string; onePage: unknown }[] = [
  { argv: ['chat', '+at-me'], tool: 'chat/search_at_me_message', onePage: { hasMore: false, list: [] } },
  {
    argv: ['chat', '+chat-messages', '--conversation-id', 'cidAAAAAAAAAAAAAAAAAAAAAA=='], tool: 'chat/list_conversation_message_v2',
    onePage: { result: { hasMore: false, messages: [] } },
  },
  { argv: ['chat', '+my-groups'], tool: 'im/list_my_groups_pagination', onePage: { result: { hasMore: false, groups: [] } } },
  { argv: ['chat', '+chat-list-all'], tool: 'im/list_my_groups_pagination', onePage: { result: { hasMore: false, groups: [] } } },
  { argv: ['chat', '+conversation-list'], tool: 'im/list_all_conversations', onePage: { result: { hasMore: false, conversations: [] } } },
  { argv: ['chat', '+flag-list'], tool: 'im/list_message_favorites', onePage: { result: { hasMore: false, items: [] } } },
  { argv: ['wiki', '+feed-list', '--workspace', 'w'], tool: 'wiki/list_feeds', onePage: { hasMore: false, feeds: [] } },
  { argv: ['wiki', '+node-list', '--workspace', 'w'], tool: 'doc/list_nodes', onePage: { hasMore: false, nodes: [] } },
  { argv: ['wiki', '+space-list'], tool: 'wiki/list_wikiSpaces', onePage: { hasMore: false, wikiSpaces: [] } },
];

describe('--page-delay above maxAutoPageDelayMS is refused before any call with --page-all (ValidateAutoPageControls, pagination.go:57-63@c7521c1c)', () => {
  for (const c of autoPaged) {
    it(`${c.argv.slice(0, 2).join(' ')}: a delay of ${MAX_DELAY_MS + 1} ms is refused, nothing sent`, async () => {
      outputs.answer(c.tool, c.onePage);
      const run = await outputs.sent([...c.argv, '--page-all', '--page-delay', String(MAX_DELAY_MS + 1)]);
      expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
    });
    it(`${c.argv.slice(0, 2).join(' ')}: the largest int64 delay is refused too; without --page-all the delay alone is refused as before`, async () => {
      outputs.answer(c.tool, c.onePage);
      expect(await outputs.sent([...c.argv, '--page-all', '--page-delay', '9223372036854775807'])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
      expect(await outputs.sent([...c.argv, '--page-delay', '5'])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    });
  }

  it('chat +at-me: any delay from 0 to the cap passes the check and one page is read; any above it is refused', async () => {
    const delay = fc.oneof(
      fc.integer({ min: 0, max: 1000 }),
      fc.integer({ min: MAX_DELAY_MS - 1000, max: MAX_DELAY_MS + 1000 }),
      fc.integer({ min: MAX_DELAY_MS + 1, max: Number.MAX_SAFE_INTEGER }),
    );
    await fc.assert(fc.asyncProperty(delay, async (ms) => {
      outputs.answer('chat/search_at_me_message', { hasMore: false, list: [] });
      const run = await outputs.sent(['chat', '+at-me', '--page-all', '--page-delay', String(ms)]);
      if (ms > MAX_DELAY_MS) expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
      else expect([run.reason, run.calls.map(([tool]) => tool)]).toEqual([undefined, ['chat/search_at_me_message']]);
    }), { numRuns: 40 });
  });
});
