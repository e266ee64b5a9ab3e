// The written-from-commands set's split (src/build/written.ts) holds out a fifth of the commands, by twin group
// (src/build/twins.ts), the same fifth on every run; and the harness (src/eval/written.ts) counts a twin as a hit.
import { describe, expect, it } from 'vitest';
import { foldGroups, heldOutGroups } from '../../src/build/written.js';
import { twinGroups } from '../../src/build/twins.js';
import { runWritten, sideOf } from '../../src/eval/written.js';
import { shippedEngine } from '../helpers.js';
import { loadEngine } from '../../src/index.js';

describe('the written set', () => {
  it('holds out a fifth of the twin groups, the same ones every time, a tool and its twins on one side', () => {
    const e = shippedEngine();
    const groupOf = twinGroups(e.tools());
    const groups = [...groupOf.values()];
    const held = heldOutGroups(groups);
    expect(held.size).toBe(Math.ceil(new Set(groups).size / 5));
    expect([...heldOutGroups([...groups].reverse())]).toEqual([...held]);
    // the snapshot's twin groups are the build's, and the harness splits by them
    for (let d = 0; d < e.meta.count; d++) expect(e.meta.canonical_path.at(e.meta.twin[d])).toBe(groupOf.get(e.meta.canonical_path.at(d)!));
    const heldOut = sideOf(e, 'heldout');
    for (const [tool, group] of groupOf) expect(heldOut(tool)).toBe(held.has(group));
    expect(heldOut('drive.move_document')).toBe(heldOut('doc.move_document'));
  });

  it('splits by the same groups whatever twins a configuration searches with', () => {
    const withCalls = shippedEngine();
    const wrapsOnly = loadEngine({ ranking: { sameCallTwins: 0 } });
    expect(wrapsOnly.twin).not.toEqual(withCalls.twin);
    for (const split of ['heldout', 'valid', 'train'] as const) {
      const a = sideOf(withCalls, split);
      const b = sideOf(wrapsOnly, split);
      for (const t of withCalls.tools()) expect(b(t.canonical_path)).toBe(a(t.canonical_path));
    }
  });

  it('draws the validation fold from the train side: a fifth of the groups, none held out, a tool and its twin together', () => {
    const e = shippedEngine();
    const groupOf = twinGroups(e.tools());
    const groups = [...groupOf.values()];
    const held = heldOutGroups(groups);
    const valid = foldGroups(groups, 1);
    expect(valid.size).toBe(held.size);
    for (const g of valid) expect(held.has(g)).toBe(false);
    expect([...foldGroups(groups, 0)]).toEqual([...held]);
    const inValid = sideOf(e, 'valid');
    const train = sideOf(e, 'train');
    for (const [tool, group] of groupOf) {
      if (inValid(tool)) expect(train(tool)).toBe(true);
      expect(inValid(tool)).toBe(valid.has(group));
    }
  });

  it('counts a command\'s twin as a hit', () => {
    const e = shippedEngine();
    const set = { requests: [{ tool: 'chat.shortcut_messages_recall', q: 'chat message recall', lang: 'en' as const, style: 'terse' as const, product: 'chat' }], negatives: [], workflows: [] };
    expect(runWritten(e, set, 'all').units['R@1 overall']).toEqual([{ cluster: 'chat.recall_message', value: 1 }]);
  });

  it('counts a same-call twin as a hit by the snapshot\'s groups, and by a configuration\'s own when asked', () => {
    // `aitable list` and `aitable base list` send the same call; the request names the legacy one's words
    const set = { requests: [{ tool: 'aitable.list', q: 'aitable base list', lang: 'en' as const, style: 'terse' as const, product: 'aitable' }], negatives: [], workflows: [] };
    const first = (e: ReturnType<typeof shippedEngine>) => (JSON.parse(e.search({ query: 'aitable base list', limit: 10 })) as { candidates: { canonical_path: string }[] }).candidates[0].canonical_path;
    const wrapsOnly = loadEngine({ ranking: { sameCallTwins: 0 } });
    expect(first(wrapsOnly)).toBe('aitable.base_list');
    expect(runWritten(shippedEngine(), set, 'all').units['R@1 overall']).toEqual([{ cluster: 'aitable.base_list', value: 1 }]);
    expect(runWritten(wrapsOnly, set, 'all').units['R@1 overall']).toEqual([{ cluster: 'aitable.base_list', value: 0 }]);
    expect(runWritten(wrapsOnly, set, 'all', 'calls').units['R@1 overall']).toEqual([{ cluster: 'aitable.base_list', value: 1 }]);
  });
  it('judges a run on the split another snapshot\'s groups draw when asked (two snapshots whose groups differ)', () => {
    const e = shippedEngine();
    // a snapshot whose every command is its own group: its held-out fifth is another one
    const own = new Uint32Array(e.meta.count).map((_, d) => d);
    const splitBy = Object.create(e, { meta: { value: Object.create(e.meta, { twin: { value: own } }) } }) as typeof e;
    const requests = e.tools().map((t) => ({ tool: t.canonical_path, q: t.title_en, lang: 'en' as const, style: 'terse' as const, product: t.product_id }));
    const set = { requests, negatives: [], workflows: [] };
    const held = sideOf(splitBy, 'heldout');
    const expected = requests.filter((r) => held(r.tool)).map((r) => r.tool);
    expect(expected).not.toEqual(requests.filter((r) => sideOf(e, 'heldout')(r.tool)).map((r) => r.tool));
    // clustered by the split's groups (here each command), hits read by the engine's own
    expect(runWritten(e, set, 'heldout', 'config', splitBy).units['R@5 overall'].map((u) => u.cluster)).toEqual(expected);
    expect(runWritten(e, set, 'heldout', 'config', e).units['R@5 overall']).toEqual(runWritten(e, set, 'heldout').units['R@5 overall']);
  });
});
