// wiki +member-add / +member-update / +member-remove read their users with wikiStringSliceFirst
// (internal/shortcut/wiki/common.go:200-211@c7521c1c): a typed --users is read even when it holds no userId, and the
// --user spelling only when --users is not typed; no userId is refused by the 1-30 check (wiki.go:165-168). Run as a
// user types them against the recording backend on 127.0.0.1 (catalog option primary_typed_wins).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { answer, sent } = useOutputRuns('dws-wiki-member-spellings-');

const LEAVES = [
  ['+member-add', 'add_member', ['--role', 'READER']],
  ['+member-update', 'update_member', ['--role', 'EDITOR']],
  ['+member-remove', 'remove_member', []],
] as const;

describe('wiki member writes read a typed --users first, as wikiStringSliceFirst', () => {
  it.each(LEAVES)('%s', async (leaf, tool, extra) => {
    answer(`wiki/${tool}`, { success: true });
    const got = [];
    for (const users of [['--users', '', '--user', 'b'], ['--users', 'a', '--user', 'b'], ['--user', 'b', '--users', 'a'], ['--user', 'b'], ['--users', 'a,c']]) {
      const run = await sent(['wiki', leaf, '--workspace', 'w', ...extra, ...users, '--yes']);
      got.push(run.reason ?? run.calls.map(([, args]) => (args as { userIds: unknown }).userIds));
    }
    // `--users "" --user b`: the required check passes through the alias (corecmd sliceValue), the typed --users holds
    // no element and the body's 1-30 count refuses it (h38-left)
    expect(got).toEqual(['invalid_parameter', [['a']], [['a']], [['b']], [['a', 'c']]]);
  });
});
