// The core's BM25 impact lists (assembly/bm25.ts): a term is scored against the index once, on first use, and later
// queries add its list up. The lists must never change an answer: not across masks, not when the weights or k1/b
// change, not compared with freshly computed lists.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Engine } from '../../src/engine/engine.js';
import { instantiateCore, NEED_CHUNKS, tokenize, writeInput, type CoreExports } from '../../src/core/core.js';
import { FIELDS } from '../../src/build/fields.js';
import { DEFAULT_RANKING, weightVector } from '../../src/engine/ranking.js';
import { readSnapshotBytes } from '../helpers.js';

interface Rec {
  doc: number;
  bits: number;
  score: number;
  raw: number;
  mass: number;
  fields: number[];
}

let engine: Engine | undefined;
/** The shipped index image, whole (the index section as stored). */
const indexImage = (): Uint8Array =>
  Uint8Array.from((new Engine(readSnapshotBytes(), { deferIndex: true }) as unknown as { snapshot: { section(n: string): Uint8Array } }).snapshot.section('index'));
const core = (): CoreExports => (engine ??= new Engine(readSnapshotBytes())).wasm;

function run(c: CoreExports, query: string, opts: { mask?: Uint8Array; weights?: Float64Array; explain?: boolean; k?: number; mult?: Float64Array; multMax?: number } = {}): Rec[] {
  const n = c.docCount();
  const mem = c.memory.buffer;
  const mask = opts.mask ?? new Uint8Array(n).fill(1);
  new Uint8Array(mem, c.maskPtr(), n).set(mask);
  new Float64Array(c.memory.buffer, c.weightsPtr(), FIELDS.length).set(opts.weights ?? weightVector(DEFAULT_RANKING));
  const mult = new Float64Array(c.memory.buffer, c.multPtr(), n);
  if (opts.mult) mult.set(opts.mult);
  else mult.fill(1);
  const count = c.search(writeInput(c, query), opts.k ?? 20, 0, opts.explain ? 1 : 0, opts.multMax ?? Infinity);
  const stride = c.outStride();
  const out = new DataView(c.memory.buffer, c.outPtr(), count * stride);
  return Array.from({ length: count }, (_, i) => ({
    doc: out.getUint32(i * stride, true),
    bits: out.getUint32(i * stride + 4, true),
    score: out.getFloat64(i * stride + 8, true),
    raw: out.getFloat64(i * stride + 16, true),
    mass: out.getFloat64(i * stride + 24, true),
    fields: FIELDS.map((_, j) => out.getFloat64(i * stride + 32 + j * 8, true)),
  }));
}

const QUERIES = ['发消息给群', '创建日程 明天下午', 'upload a file to drive', '查看审批 approval status', '表格 新增一行', '撤回消息', 'todo'];

describe('BM25 impact lists', () => {
  it('give the same records whether the lists were just computed or reused', () => {
    const c = core();
    const vocab = [...new Set(QUERIES.flatMap((q) => tokenize(c, q)))];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocab), { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 5 }), (words, drop) => {
        const q = words.join(' ');
        const mask = new Uint8Array(c.docCount()).map((_, d) => (d % 6 === drop ? 0 : d % 7 === 0 ? 2 : 1));
        c.clearImpactLists();
        const fresh = run(c, q, { mask, explain: true });
        const reused = run(c, q, { mask, explain: true });
        expect(reused).toEqual(fresh);
        // Lists hold no mask: computed under one mask, they serve another.
        c.clearImpactLists();
        run(c, q);
        expect(run(c, q, { mask, explain: true })).toEqual(fresh);
      }),
      { numRuns: 80 },
    );
  });

  it('are dropped when the field weights or k1/b change', () => {
    const c = core();
    const other = weightVector({ ...DEFAULT_RANKING, weights: { ...DEFAULT_RANKING.weights, title: 1, summary_en: 9, keywords: 0 } });
    // References: cores that only ever saw the changed settings.
    const otherWeights = new Engine(readSnapshotBytes()).wasm;
    const otherParams = new Engine(readSnapshotBytes()).wasm;
    otherParams.setParams(1.5, 0.9, DEFAULT_RANKING.avoidDemotion, DEFAULT_RANKING.unigramCoverage, DEFAULT_RANKING.coverageExponent);
    for (const q of QUERIES) {
      run(c, q); // lists under the default weights
      const after = run(c, q, { weights: other });
      expect(after).toEqual(run(otherWeights, q, { weights: other }));
      expect(after).not.toEqual(run(c, q));
      c.setParams(1.5, 0.9, DEFAULT_RANKING.avoidDemotion, DEFAULT_RANKING.unigramCoverage, DEFAULT_RANKING.coverageExponent);
      expect(run(c, q)).toEqual(run(otherParams, q));
      c.setParams(DEFAULT_RANKING.k1, DEFAULT_RANKING.b, DEFAULT_RANKING.avoidDemotion, DEFAULT_RANKING.unigramCoverage, DEFAULT_RANKING.coverageExponent);
    }
  });

  it('a zero weight removes the field from scores and from the matched-field bits', () => {
    const c = core();
    const titleOff = weightVector({ ...DEFAULT_RANKING, weights: { ...DEFAULT_RANKING.weights, title: 0, title_en: 0 } });
    const title = FIELDS.indexOf('title'), titleEn = FIELDS.indexOf('title_en');
    for (const q of QUERIES) {
      for (const r of run(c, q, { weights: titleOff, explain: true })) {
        expect(r.bits & ((1 << title) | (1 << titleEn))).toBe(0);
        expect(r.fields[title]).toBe(0);
      }
    }
  });

  it('report per-field contributions (explain) that match the field bits and add up to the raw score', () => {
    const c = core();
    for (const q of QUERIES) {
      const plain = run(c, q);
      const explained = run(c, q, { explain: true });
      expect(explained.map(({ fields: _, ...r }) => r)).toEqual(plain.map(({ fields: _, ...r }) => r));
      expect(plain.every((r) => r.fields.every((x) => x === 0))).toBe(true);
      for (const r of explained) {
        const bits = r.fields.reduce((acc, x, j) => (x > 0 ? acc | (1 << j) : acc), 0);
        expect(bits).toBe(r.bits);
        const sum = r.fields.reduce((a, x) => a + x, 0);
        expect(Math.abs(sum - r.raw)).toBeLessThanOrEqual(1e-9 * Math.max(1, r.raw));
      }
    }
  });
});

describe('TF-IDF document norms (computed from the image on the first TF-IDF search)', () => {
  /** TF-IDF records of a query on a core (algorithm 1), explain on. */
  const tfidf = (c: CoreExports, q: string): Rec[] => {
    const n = c.docCount();
    new Uint8Array(c.memory.buffer, c.maskPtr(), n).fill(1);
    new Float64Array(c.memory.buffer, c.weightsPtr(), FIELDS.length).set(weightVector(DEFAULT_RANKING));
    new Float64Array(c.memory.buffer, c.multPtr(), n).fill(1);
    const count = c.search(writeInput(c, q), 20, 1, 1, Infinity);
    const stride = c.outStride();
    const out = new DataView(c.memory.buffer, c.outPtr(), count * stride);
    return Array.from({ length: count }, (_, i) => ({
      doc: out.getUint32(i * stride, true), bits: out.getUint32(i * stride + 4, true), score: out.getFloat64(i * stride + 8, true),
      raw: out.getFloat64(i * stride + 16, true), mass: out.getFloat64(i * stride + 24, true),
      fields: FIELDS.map((_, j) => out.getFloat64(i * stride + 32 + j * 8, true)),
    }));
  };
  const attached = (): CoreExports => {
    const e = new Engine(readSnapshotBytes(), { algorithm: 'fielded_tfidf_cosine' });
    e.search({ query: 'x' });
    return e.wasm;
  };

  it('give the same answers on a fresh core, after BM25 searches, and after the core re-attaches an index', () => {
    const fresh = attached();
    const expected = QUERIES.map((q) => tfidf(fresh, q));
    expect(expected.every((r) => r.length > 0)).toBe(true);
    const c = attached();
    for (const q of QUERIES) run(c, q);
    expect(QUERIES.map((q) => tfidf(c, q))).toEqual(expected);
    // A rebuilt image in the same core drops the norms with the old index; the next TF-IDF search computes them anew.
    const image = indexImage();
    const at = c.indexReserve(image.length);
    new Uint8Array(c.memory.buffer, at, image.length).set(image);
    expect(c.indexAttach(image.length, 0, 0)).toBe(0);
    expect(QUERIES.map((q) => tfidf(c, q))).toEqual(expected);
  });

  it('explain adds up to the raw TF-IDF score', () => {
    for (const r of QUERIES.flatMap((q) => tfidf(attached(), q))) {
      expect(r.fields.reduce((a, b) => a + b, 0)).toBeCloseTo(r.raw, 9);
    }
  });
});

describe('the multiplier bound', () => {
  it('never changes the top k: a tight bound skips documents early, Infinity skips none', () => {
    const c = core();
    const vocab = [...new Set(QUERIES.flatMap((q) => tokenize(c, q)))];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...vocab), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 1000 }), (words, k, seed) => {
        const q = words.join(' ');
        const mult = Float64Array.from({ length: c.docCount() }, (_, d) => [0.6, 1, 1.2, 1.4, 1.68][(d * 7 + seed) % 5]);
        const loose = run(c, q, { mult, k, multMax: Infinity });
        expect(run(c, q, { mult, k, multMax: 1.68 })).toEqual(loose);
      }),
      { numRuns: 150 },
    );
  });
});

describe('a search whose impact lists grow the core memory', () => {
  it('answers like a core that already had the lists (no view over the old memory is used)', () => {
    const grown = new Engine(readSnapshotBytes());
    const core0 = grown.wasm;
    const start = core0.memory.buffer.byteLength;
    // Distinct tokens of the catalog text, a few per query, until the lists need more memory.
    const words = [...new Set(grown.tools().flatMap((t) => tokenize(core0, `${t.title} ${t.title_en} ${t.description} ${t.description_en}`)))];
    const queries: string[] = [];
    for (let i = 0; i < words.length && core0.memory.buffer.byteLength === start; i += 12) {
      const q = words.slice(i, i + 12).join(' ');
      queries.push(q);
      grown.search({ query: q }, { explain: true });
    }
    expect(core0.memory.buffer.byteLength).toBeGreaterThan(start);
    const reference = new Engine(readSnapshotBytes());
    for (const q of queries.slice(-5)) {
      reference.search({ query: q }, { explain: true }); // lists computed, so no growth inside the compared call
      expect(grown.search({ query: q }, { explain: true })).toBe(reference.search({ query: q }, { explain: true }));
    }
  });
});

describe('varint postings that run out of bounds', () => {
  /** A core with the shipped index image attached after mangle() changed its postings bytes (no CRC in the way). */
  function coreWith(mangle: (postings: Uint8Array) => void): CoreExports {
    const image = indexImage();
    const words = new DataView(image.buffer);
    const offTermPost = words.getUint32(40, true), offPostings = words.getUint32(44, true), terms = words.getUint32(16, true);
    mangle(image.subarray(offPostings, offPostings + words.getUint32(offTermPost + terms * 4, true)));
    const c = instantiateCore();
    const at = c.indexReserve(image.length);
    new Uint8Array(c.memory.buffer, at, image.length).set(image);
    expect(c.indexAttach(image.length, 0, 0)).toBe(0);
    c.setParams(DEFAULT_RANKING.k1, DEFAULT_RANKING.b, DEFAULT_RANKING.avoidDemotion, DEFAULT_RANKING.unigramCoverage, DEFAULT_RANKING.coverageExponent);
    return c;
  }
  const search = (c: CoreExports, q: string, algorithm = 0) => {
    new Uint8Array(c.memory.buffer, c.maskPtr(), c.docCount()).fill(1);
    new Float64Array(c.memory.buffer, c.weightsPtr(), FIELDS.length).set(weightVector(DEFAULT_RANKING));
    new Float64Array(c.memory.buffer, c.multPtr(), c.docCount()).fill(1);
    return c.search(writeInput(c, q), 10, algorithm, 0, Infinity);
  };

  it('make every later search answer -1 (corrupt), never a ranking or a trap', () => {
    // Gaps so large that documents leave the catalog, and continuation bits that never end.
    for (const fill of [0x7e, 0xff]) {
      for (const algorithm of [0, 1]) {
        const c = coreWith((p) => p.fill(fill));
        expect(search(c, '撤回消息 recall message', algorithm)).toBe(-1);
        expect(search(c, 'x', algorithm)).toBe(-1); // sticky: the index is not trusted again
      }
    }
  });

  it('leave an undamaged image ranking as the engine does', () => {
    const c = coreWith(() => undefined);
    expect(search(c, '撤回消息 recall message')).toBeGreaterThan(0);
  });
});

describe('an image attached by its head, its postings chunk by chunk', () => {
  const image = indexImage();
  const head = new DataView(image.buffer).getUint32(44, true);
  const SHIFT = 12;
  const chunkCount = Math.ceil((image.length - head) / 2 ** SHIFT);
  /** A core with the head copied and attached: no chunk of postings is in place. */
  function headOnly(): { c: CoreExports; at: number } {
    const c = instantiateCore();
    const at = c.indexReserve(image.length);
    new Uint8Array(c.memory.buffer, at, head).set(image.subarray(0, head));
    expect(c.indexAttach(image.length, head, SHIFT)).toBe(0);
    c.setParams(DEFAULT_RANKING.k1, DEFAULT_RANKING.b, DEFAULT_RANKING.avoidDemotion, DEFAULT_RANKING.unigramCoverage, DEFAULT_RANKING.coverageExponent);
    return { c, at };
  }
  const place = (c: CoreExports, at: number, chunk: number) => {
    const from = head + chunk * 2 ** SHIFT;
    new Uint8Array(c.memory.buffer, at + from).set(image.subarray(from, Math.min(image.length, from + 2 ** SHIFT)));
    c.chunkLoaded(chunk);
  };
  const listed = (c: CoreExports) => Array.from(new Uint32Array(c.memory.buffer, c.neededPtr(), c.neededCount()));

  it('refuses a head that does not end where the postings start, or a chunk size out of range', () => {
    const c = instantiateCore();
    const at = c.indexReserve(image.length);
    new Uint8Array(c.memory.buffer, at, head).set(image.subarray(0, head));
    expect(c.indexAttach(image.length, head + 8, SHIFT)).toBe(-10);
    expect(c.indexAttach(image.length, head, 4)).toBe(-10);
    expect(c.indexAttach(image.length, head, 30)).toBe(-10);
  });

  it('answers NEED_CHUNKS with the chunks its terms lie in, then exactly what the whole image answers', () => {
    const whole = core();
    for (const q of QUERIES) {
      const { c, at } = headOnly();
      expect(c.search(writeInput(c, q), 10, 0, 0, Infinity)).toBe(NEED_CHUNKS);
      const ids = listed(c);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThan(chunkCount / 2);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => id < chunkCount)).toBe(true);
      for (const id of ids) place(c, at, id);
      expect(run(c, q, { explain: true })).toEqual(run(whole, q, { explain: true }));
      // Marking a chunk twice, or one out of range, changes no count; the rest are still missing.
      c.chunkLoaded(ids[0]);
      c.chunkLoaded(chunkCount);
      c.chunkLoaded(-1);
      expect(c.listAllMissing()).toBe(chunkCount - ids.length);
    }
  });

  it('needs every missing chunk for the first TF-IDF search (the document norms read all postings)', () => {
    const { c, at } = headOnly();
    const q = QUERIES[0];
    place(c, at, 0);
    expect(c.search(writeInput(c, q), 10, 1, 0, Infinity)).toBe(NEED_CHUNKS);
    expect(listed(c)).toEqual(Array.from({ length: chunkCount - 1 }, (_, i) => i + 1));
    for (let i = 1; i < chunkCount; i++) place(c, at, i);
    new Float64Array(c.memory.buffer, c.weightsPtr(), FIELDS.length).set(weightVector(DEFAULT_RANKING));
    expect(c.search(writeInput(c, q), 10, 1, 0, Infinity)).toBeGreaterThan(0);
  });
});

describe('a query tokenized ahead (tokenizeQuery, read for the query-term lexicon)', () => {
  // Two texts of the same UTF-8 length, so only the kept-tokens bookkeeping tells them apart.
  const a = '撤回群消息';
  const b = '删除日程表';
  it('gives its search the same records as tokenizing it in the search', () => {
    const c = core();
    const fresh = run(c, a);
    expect(fresh.length).toBeGreaterThan(0);
    c.tokenizeQuery(writeInput(c, a));
    expect(run(c, a)).toEqual(fresh);
  });

  it('is not reused once other text was tokenized, nor by a later search of the same length', () => {
    const c = core();
    const [freshA, freshB] = [run(c, a), run(c, b)];
    expect(freshA).not.toEqual(freshB);
    c.tokenizeQuery(writeInput(c, b));
    c.tokenizeInput(writeInput(c, b + b));
    c.tokenizeQuery(writeInput(c, a));
    tokenize(c, b);
    expect(run(c, a)).toEqual(freshA);
    c.tokenizeQuery(writeInput(c, a));
    expect(run(c, a)).toEqual(freshA);
    expect(run(c, b)).toEqual(freshB);
  });
});
