// The written-from-commands set's split (src/build/written.ts) holds out a fifth of the commands, by twin group, the
// same fifth on every run; and the harness (src/eval/written.ts) counts a twin as a hit.
import { describe, expect, it } from 'vitest';
import { foldGroups, heldOutGroups, twinGroups } from '../../src/build/written.js';
import { runWritten, sideOf } from '../../src/eval/written.js';
import { shippedEngine } from '../helpers.js';

describe('the written set', () => {
  it('holds out a fifth of the twin groups, the same ones every time, a tool and its twin on one side', () => {
    const e = shippedEngine();
    const tools = e.refs.map((r, d) => ({ canonical_path: r.canonical_path, wraps: e.meta.twin[d] === d ? undefined : e.meta.canonical_path.at(e.meta.twin[d]) }));
    const groups = [...twinGroups(tools).values()];
    const held = heldOutGroups(groups);
    expect(held.size).toBe(Math.ceil(new Set(groups).size / 5));
    expect([...heldOutGroups([...groups].reverse())]).toEqual([...held]);
    const heldOut = sideOf(e, 'heldout');
    for (const t of tools) if (t.wraps) expect(heldOut(t.canonical_path)).toBe(heldOut(t.wraps));
  });

  it('draws the validation fold from the train side: a fifth of the groups, none held out, a tool and its twin together', () => {
    const e = shippedEngine();
    const tools = e.refs.map((r, d) => ({ canonical_path: r.canonical_path, wraps: e.meta.twin[d] === d ? undefined : e.meta.canonical_path.at(e.meta.twin[d]) }));
    const groups = [...twinGroups(tools).values()];
    const held = heldOutGroups(groups);
    const valid = foldGroups(groups, 1);
    expect(valid.size).toBe(held.size);
    for (const g of valid) expect(held.has(g)).toBe(false);
    expect([...foldGroups(groups, 0)]).toEqual([...held]);
    const inValid = sideOf(e, 'valid');
    const train = sideOf(e, 'train');
    for (const t of tools) {
      if (inValid(t.canonical_path)) expect(train(t.canonical_path)).toBe(true);
      if (t.wraps) expect(inValid(t.canonical_path)).toBe(inValid(t.wraps));
    }
  });

  it('counts a command\'s twin as a hit', () => {
    const e = shippedEngine();
    const set = { requests: [{ tool: 'chat.shortcut_messages_recall', q: 'chat message recall', lang: 'en' as const, style: 'terse' as const, product: 'chat' }], negatives: [], workflows: [] };
    expect(runWritten(e, set, 'all').units['R@1 overall']).toEqual([{ cluster: 'chat.recall_message', value: 1 }]);
  });
});
