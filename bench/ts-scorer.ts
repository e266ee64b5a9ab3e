// A plain-TypeScript port of the WASM scorer (assembly/search.ts search(), assembly/bm25.ts), to measure what
// WebAssembly buys. Same index image, same query tokens (from the WASM tokenizer), same term order, same per-term
// impact lists computed on first use and the same accumulation order, same top-k order (rounded score desc, doc asc). Only the math library differs (JS Math.log
// instead of NativeMath), which the 1e-9 rounding absorbs; test/bench/ts-scorer.test.ts checks the top 10.
import { tokenizeMarked, type CoreExports } from '../src/core/core.js';
import type { ToolSpec } from '../src/catalog/types.js';
import { fold } from '../src/text/fold.js';
import { avoidPhrases } from '../src/snapshot/encode.js';
import { runs } from '../src/plan/runs.js';

const decoder = new TextDecoder();

/** The ranking parameters the core takes (src/engine/ranking.ts); the optional ones default to "off". */
export interface ScorerParams {
  k1: number;
  b: number;
  avoidDemotion: number;
  /** Coverage-mass weight of a single Han character (scoring is unaffected). */
  unigramCoverage?: number;
  coverageExponent?: number;
  /** 1: a character a counter pair no catalog term spells counts (两行: 行) weighs 1 in the coverage mass (assembly/query.ts). */
  countedWords?: number;
}

export interface TsHit {
  doc: number;
  /** Rounded ranking score. */
  score: number;
}

export class TsScorer {
  readonly numDocs: number;
  readonly numFields: number;
  private readonly terms = new Map<string, number>();
  private readonly docLen: Uint16Array;
  private readonly avgLen: Float64Array;
  private readonly postStart: Uint32Array;
  /** One u32 per posting: doc << 8 | min(tf, 255). */
  private readonly postings: Uint32Array;
  private readonly scores: Float64Array;
  /** Impact lists by term id (see impactList), valid for listWeights and the current k1, b. */
  private readonly lists = new Map<number, { docs: Uint32Array; impacts: Float64Array }>();
  private listWeights?: Float64Array;
  private readonly termSum: Float64Array;
  private readonly termSeen: Uint8Array;
  private readonly termDocs: Uint32Array;
  private readonly matchedMass: Float64Array;
  private readonly seen: Int32Array;
  private readonly touched: Uint32Array;
  /** Per term: true when its bytes are one 3- or 4-byte UTF-8 sequence (a single Han character). */
  private readonly singleHan: Uint8Array;
  private params: ScorerParams = { k1: 0.9, b: 0.4, avoidDemotion: 0.2 };

  /** `image` is the index image of the snapshot (copied, 8-aligned); `core` provides the tokenizer. */
  constructor(image: Uint8Array, private readonly core: CoreExports) {
    const buf = image.slice().buffer;
    const h = new Uint32Array(buf, 0, 14);
    const [magic, version, nd, nf, nt, np, offDocLen, offAvgLen, offTermStart, offTermBytes, offTermPost, offPostings] = h;
    if (magic !== 0x49535744 || version !== 6) throw new Error(`index image v${version} is not one this port reads`);
    this.numDocs = nd;
    this.numFields = nf;
    this.docLen = new Uint16Array(buf, offDocLen, nd * nf);
    this.avgLen = new Float64Array(buf, offAvgLen, nf);
    const termPost = new Uint32Array(buf, offTermPost, nt + 1);
    // Decode the term blocks (assembly/index.ts: run count, run headers, varint postings) once into the port's
    // layout: one u32 doc << 8 | tf per posting, and a dense term x field start table.
    this.postings = new Uint32Array(np);
    this.postStart = new Uint32Array(nt * nf + 1);
    const bytes = new Uint8Array(buf, offPostings, termPost[nt]);
    let pos = 0;
    const varint = (): number => {
      let v = 0;
      let shift = 0;
      for (;;) {
        const byte = bytes[pos++];
        v += (byte & 0x7f) * 2 ** shift;
        if (byte < 0x80) return v;
        shift += 7;
      }
    };
    let p = 0;
    for (let t = 0; t < nt; t++) {
      pos = termPost[t];
      const runs: [number, number][] = [];
      for (let r = varint(); r > 0; r--) {
        const field = bytes[pos++];
        runs.push([field, varint()]);
      }
      let r = 0;
      for (let f = 0; f < nf; f++) {
        this.postStart[t * nf + f] = p;
        if (r < runs.length && runs[r][0] === f) {
          let doc = -1;
          for (let i = 0; i < runs[r][1]; i++) {
            const v = varint();
            doc += Math.floor(v / 2) + 1;
            const tf = v % 2 === 1 ? bytes[pos++] : 1;
            this.postings[p++] = (doc << 8) | tf;
          }
          r++;
        }
      }
    }
    this.postStart[nt * nf] = np;
    const termStart = new Uint32Array(buf, offTermStart, nt + 1);
    const termBytes = new Uint8Array(buf, offTermBytes, termStart[nt]);
    this.singleHan = new Uint8Array(nt);
    for (let t = 0; t < nt; t++) {
      const bytes = termBytes.subarray(termStart[t], termStart[t + 1]);
      this.terms.set(decoder.decode(bytes), t);
      this.singleHan[t] = (bytes.length === 3 && (bytes[0] & 0xf0) === 0xe0) || (bytes.length === 4 && (bytes[0] & 0xf8) === 0xf0) ? 1 : 0;
    }
    this.scores = new Float64Array(nd);
    this.termSum = new Float64Array(nd);
    this.termSeen = new Uint8Array(nd);
    this.termDocs = new Uint32Array(nd);
    this.matchedMass = new Float64Array(nd);
    this.seen = new Int32Array(nd);
    this.touched = new Uint32Array(nd);
  }

  setParams(params: ScorerParams): void {
    this.params = params;
    this.lists.clear();
  }

  /** Drops the impact lists (they depend on k1, b and the weights). */
  clearImpactLists(): void {
    this.lists.clear();
  }

  /**
   * Term t's impact list, computed on first use like the core's: per document holding t in a weighted field, the
   * sum over those fields (in field order) of w * idf * tf-saturation.
   */
  private impactList(t: number, weights: Float64Array): { docs: Uint32Array; impacts: Float64Array } {
    let list = this.lists.get(t);
    if (list) return list;
    const { numDocs: N, numFields: F, postStart, postings, docLen, avgLen, termSum, termSeen, termDocs } = this;
    const { k1, b } = this.params;
    let count = 0;
    for (let f = 0; f < F; f++) {
      const w = weights[f];
      if (w === 0) continue;
      const s = postStart[t * F + f], e = postStart[t * F + f + 1];
      if (s === e) continue;
      const wIdf = w * idf(e - s, N);
      const avg = avgLen[f];
      for (let i = s; i < e; i++) {
        const d = postings[i] >>> 8;
        const tf = postings[i] & 0xff;
        const norm = avg > 0 ? 1 - b + b * (docLen[f * N + d] / avg) : 1;
        if (termSeen[d] === 0) {
          termSeen[d] = 1;
          termDocs[count++] = d;
        }
        termSum[d] += wIdf * ((tf * (k1 + 1)) / (tf + k1 * norm));
      }
    }
    list = { docs: termDocs.slice(0, count), impacts: new Float64Array(count) };
    for (let j = 0; j < count; j++) {
      const d = termDocs[j];
      list.impacts[j] = termSum[d];
      termSum[d] = 0;
      termSeen[d] = 0;
    }
    this.lists.set(t, list);
    return list;
  }

  /** Fielded BM25 over eligible documents (mask byte 1 eligible, 2 demoted, 0 filtered); the best k hits. */
  /** mult: the shell's per-document multipliers (the action rerank); absent = 1 for every document. */
  search(query: string, mask: Uint8Array, weights: Float64Array, k: number, mult?: Float64Array): TsHit[] {
    const { numDocs: N, numFields: F, postStart, scores, matchedMass, seen, touched } = this;
    if (!this.listWeights || this.listWeights.some((w, i) => w !== weights[i])) {
      this.lists.clear();
      this.listWeights = weights.slice();
    }
    const { avoidDemotion, unigramCoverage = 1, coverageExponent = 0, countedWords = 0 } = this.params;
    const ids: number[] = [];
    const counted = new Set<number>();
    let unsaidPair = false;
    for (const { token, mark } of tokenizeMarked(this.core, query)) {
      const id = this.terms.get(token);
      const pairBefore = unsaidPair;
      unsaidPair = countedWords !== 0 && mark === 'counter_pair' && id === undefined;
      if (id !== undefined && countedWords !== 0 && mark === 'counted' && pairBefore) counted.add(id);
      if (id !== undefined && !ids.includes(id)) ids.push(id);
    }
    ids.sort((x, y) => x - y);
    let touchedLen = 0;
    let knownMass = 0;
    for (let qi = 0; qi < ids.length; qi++) {
      const t = ids[qi];
      const qw = this.singleHan[t] && !counted.has(t) ? unigramCoverage : 1;
      let maxDf = 0;
      for (let f = 0; f < F; f++) maxDf = Math.max(maxDf, postStart[t * F + f + 1] - postStart[t * F + f]);
      const mass = idf(maxDf, N) * qw;
      knownMass += mass;
      const { docs, impacts } = this.impactList(t, weights);
      for (let j = 0; j < docs.length; j++) {
        const d = docs[j];
        if (mask[d] === 0) continue;
        if (seen[d] === 0) {
          seen[d] = 1;
          touched[touchedLen++] = d;
        }
        scores[d] += impacts[j];
        matchedMass[d] += mass;
      }
    }
    const top: TsHit[] = [];
    for (let i = 0; i < touchedLen; i++) {
      const d = touched[i];
      let raw = scores[d];
      if (coverageExponent !== 0 && knownMass > 0) {
        const share = matchedMass[d] / knownMass;
        raw *= coverageExponent === 1 ? share : Math.pow(share, coverageExponent);
      }
      if (mult) raw *= mult[d];
      const score = round9(mask[d] === 2 ? raw * avoidDemotion : raw);
      if (score <= 0) continue;
      if (top.length === k && !better(score, d, top[k - 1])) continue;
      let j = top.length < k ? top.length : k - 1;
      if (top.length < k) top.push({ doc: d, score });
      while (j > 0 && better(score, d, top[j - 1])) {
        top[j] = top[j - 1];
        j--;
      }
      top[j] = { doc: d, score };
    }
    for (let i = 0; i < touchedLen; i++) {
      const d = touched[i];
      scores[d] = 0;
      matchedMass[d] = 0;
      seen[d] = 0;
    }
    return top;
  }
}

function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

function round9(s: number): number {
  return Math.floor(s * 1e9 + 0.5) / 1e9;
}

function better(score: number, doc: number, o: TsHit): boolean {
  return score > o.score || (score === o.score && doc < o.doc);
}

/**
 * The eligibility mask a request without filters gets from the shell (SPEC 4.3, src/engine/search.ts): executable
 * tools (available, with a valid interface) are eligible, and demoted when one of their avoid_when phrases (NFKC,
 * lowercase) occurs in the folded query.
 */
export function unfilteredMask(tools: readonly ToolSpec[], query: string): Uint8Array {
  const folded = fold(query);
  return Uint8Array.from(tools, (t) => (!runs(t) ? 0 : avoidPhrases(t).some((a) => folded.includes(a)) ? 2 : 1));
}
