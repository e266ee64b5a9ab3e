// The plain-TypeScript scorer used by the benchmark must rank exactly like the WASM core, or the "what WASM buys"
// comparison measures two different algorithms.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCorpus, syntheticCatalog, type Corpus } from '../../bench/corpus.js';
import { compareTop10, tsScorerFor } from '../../bench/suites/scorer.js';
import { unfilteredMask } from '../../bench/ts-scorer.js';
import { percentile } from '../../bench/stats.js';
import { writeInput, tokenize } from '../../src/core/core.js';
import { DEFAULT_RANKING, weightVector } from '../../src/engine/ranking.js';

let corpus: Corpus | undefined;
const c = (): Corpus => (corpus ??= loadCorpus());

/** The WASM core's top k documents for a query and mask (the call the shell makes). */
function wasmTop(cx: Corpus, query: string, mask: Uint8Array, k: number): number[] {
  const core = cx.engine.wasm;
  const weights = weightVector(DEFAULT_RANKING);
  new Uint8Array(core.memory.buffer, core.maskPtr(), mask.length).set(mask);
  new Float64Array(core.memory.buffer, core.weightsPtr(), weights.length).set(weights);
  new Float64Array(core.memory.buffer, core.multPtr(), mask.length).fill(1);
  const n = core.search(writeInput(core, query), k, 0, 0, 1);
  const out = new DataView(core.memory.buffer, core.outPtr(), n * core.outStride());
  return Array.from({ length: n }, (_, i) => out.getUint32(i * core.outStride(), true));
}

describe('the TypeScript port of the scorer', () => {
  it('gives the same top 10 as the engine on every benchmark query that is ranked', () => {
    const scorer = tsScorerFor(c());
    const compared = c().queries.all.map((q) => compareTop10(c(), scorer, q)).filter((r) => r !== undefined);
    expect(compared.length).toBeGreaterThan(0);
    for (const r of compared) expect(r.port).toEqual(r.engine);
  });

  it('ranks any mix of catalog words like the WASM core, with some tools filtered out', () => {
    const cx = c();
    const scorer = tsScorerFor(cx);
    const vocab = [...new Set(cx.catalog.tools.slice(0, 200).flatMap((t) => tokenize(cx.engine.wasm, `${t.title} ${t.title_en}`)))];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocab), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 7 }), (words, drop) => {
        const query = words.join(' ');
        const mask = unfilteredMask(cx.catalog.tools, query).map((m, d) => (d % 8 === drop ? 0 : m));
        const port = scorer.search(query, mask, weightVector(DEFAULT_RANKING), 10).map((h) => h.doc);
        expect(port).toEqual(wasmTop(cx, query, mask, 10));
      }),
      { numRuns: 60 },
    );
  });
});

describe('the synthetic scale catalogs', () => {
  it('have the requested size, unique canonical paths in code point order, and are the same on every call', () => {
    const base = c().catalog;
    const a = syntheticCatalog(base, 2500), b = syntheticCatalog(base, 2500);
    const paths = a.tools.map((t) => t.canonical_path);
    expect(paths.length).toBe(2500);
    expect(new Set(paths).size).toBe(2500);
    expect(paths).toEqual([...paths].sort());
    expect(b).toEqual(a);
  });
});

describe('percentile', () => {
  it('returns a sample value with at least p percent of the samples at or below it', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1 }), fc.integer({ min: 1, max: 100 }), (xs, p) => {
        const sorted = Float64Array.from(xs).sort();
        const v = percentile(sorted, p);
        expect(xs).toContain(v);
        expect(sorted.filter((x) => x <= v).length / sorted.length).toBeGreaterThanOrEqual(p / 100);
      }),
    );
  });
});
