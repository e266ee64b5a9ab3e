// The ranking after the core is one ordered list of named stages, each tuned or switched by one ranking option.
import { describe, expect, it } from 'vitest';
import { STAGES } from '../../src/engine/stages/index.js';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { Engine } from '../../src/engine/engine.js';
import { readSnapshotBytes } from '../helpers.js';

describe('the stages after the core', () => {
  it('run in the documented order, each named once', () => {
    expect(STAGES.map((s) => s.name)).toEqual(['merge', 'step_fill', 'known_gaps', 'confidence']);
  });

  it('each name a ranking option that exists, or none when the SPEC requires the stage', () => {
    for (const s of STAGES) {
      if (s.option === null) expect(s.name).toBe('merge');
      else expect(Object.keys(DEFAULT_RANKING), s.name).toContain(s.option);
    }
  });

  it('known_gaps is switched by its option: off, a known-gap request is no longer flagged with the gap note', () => {
    const q = { query: '帮我催一下这个审批的审批人', limit: 5 };
    const on = JSON.parse(new Engine(readSnapshotBytes()).search(q));
    const off = JSON.parse(new Engine(readSnapshotBytes(), { ranking: { knownGaps: 0 } }).search(q));
    expect(on.hint).toMatch(/^Known gap \(oa\)/);
    expect(off.hint ?? '').not.toMatch(/^Known gap/);
    expect(off.candidates.map((c: { canonical_path: string }) => c.canonical_path)).toEqual(on.candidates.map((c: { canonical_path: string }) => c.canonical_path));
  });
});
