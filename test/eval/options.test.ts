import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../src/eval/main.js';
import { BOOTSTRAP_DEFAULTS } from '../../src/eval/bootstrap.js';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';

describe('eval command-line options', () => {
  it('runs one default configuration unless a comparison is asked for', () => {
    expect(parseOptions(['--qrels', 'q.jsonl'])).toEqual({
      qrels: 'q.jsonl', written: undefined, split: 'heldout', misses: false, json: false, out: undefined, snapshot: undefined,
      configs: [{ algorithm: 'fielded_bm25_ensemble', ranking: {} }],
      seed: BOOTSTRAP_DEFAULTS.seed, resamples: BOOTSTRAP_DEFAULTS.resamples, reading: 'config',
    });
  });

  it('builds configuration B from the compare flags, inheriting only the algorithm of A', () => {
    const o = parseOptions(['--qrels', 'q', '--ranking', '{"k1":1.5}', '--compare-ranking', '{"weights":{"title":7}}', '--seed', '3']);
    expect(o !== 'help' && o.configs).toEqual([
      { algorithm: 'fielded_bm25_ensemble', ranking: { k1: 1.5 } },
      { algorithm: 'fielded_bm25_ensemble', ranking: { weights: { ...DEFAULT_RANKING.weights, title: 7 } } },
    ]);
    expect(o !== 'help' && o.seed).toBe(3);
  });

  it('runs B on its own snapshot with --compare-snapshot, with A\'s ranking unless --compare-ranking says otherwise', () => {
    const o = parseOptions(['--written', 'eval/written', '--snapshot', 'a.bin', '--ranking', '{"objectGuardPlaces":1}', '--compare-snapshot', 'b.bin']);
    expect(o !== 'help' && { snapshot: o.snapshot, compareSnapshot: o.compareSnapshot, configs: o.configs }).toEqual({
      snapshot: 'a.bin', compareSnapshot: 'b.bin',
      configs: [{ algorithm: 'fielded_bm25_ensemble', ranking: { objectGuardPlaces: 1 } }, { algorithm: 'fielded_bm25_ensemble', ranking: { objectGuardPlaces: 1 } }],
    });
    const c = parseOptions(['--written', 'eval/written', '--compare-snapshot', 'b.bin', '--compare-ranking', '{}']);
    expect(c !== 'help' && c.configs).toEqual([{ algorithm: 'fielded_bm25_ensemble', ranking: {} }, { algorithm: 'fielded_bm25_ensemble', ranking: {} }]);
  });

  it('answers --help and rejects unknown flags, bad JSON and bad numbers with usage errors', () => {
    expect(parseOptions(['--help'])).toBe('help');
    expect(() => parseOptions(['--qrels', 'q', '--bogus'])).toThrow(expect.objectContaining({ reason: 'unknown_option', exitCode: 3 }));
    expect(() => parseOptions([])).toThrow(expect.objectContaining({ reason: 'missing_argument' }));
    expect(() => parseOptions(['--qrels', 'q', '--ranking', '{"k1":'])).toThrow(/^--ranking: not valid JSON/);
    expect(() => parseOptions(['--qrels', 'q', '--resamples', '0'])).toThrow('--resamples must be an integer >= 1');
    expect(() => parseOptions(['--qrels', 'q', '--seed', '-1'])).toThrow(expect.objectContaining({ reason: 'invalid_argument' }));
  });
});
