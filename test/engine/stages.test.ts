// The ranking after the core is one ordered list of named stages, each tuned or switched by one ranking option.
import { describe, expect, it } from 'vitest';
import { STAGES } from '../../src/engine/stages/index.js';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { Engine } from '../../src/engine/engine.js';
import { readSnapshotBytes } from '../helpers.js';

describe('the stages after the core', () => {
  it('run in the documented order, each named once', () => {
    expect(STAGES.map((s) => s.name)).toEqual(['object_guard', 'merge', 'step_fill', 'known_gaps', 'confidence']);
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

describe('object_guard', () => {
  it('a request to delete records never gets the base delete above the record commands', async () => {
    const { shippedEngine } = await import('../helpers.js');
    const e = shippedEngine();
    const paths = (query: string) => (JSON.parse(e.search({ query, limit: 10 })) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
    for (const query of ['删除多维表记录', 'delete rows from the base']) {
      const got = paths(query);
      const record = got.findIndex((p) => /record/u.test(p));
      expect(record, query).toBeGreaterThanOrEqual(0);
      expect(got.slice(0, record).filter((p) => /base_delete/u.test(p)), query).toEqual([]);
    }
    // naming the base alone, or the base with what it takes with it, still asks for the base delete
    expect(paths('删除这个多维表')[0]).toMatch(/base_delete/u);
    expect(paths('删除多维表及其全部记录')[0]).toMatch(/base_delete/u);
  });
});
