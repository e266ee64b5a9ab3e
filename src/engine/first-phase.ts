// The query phase: one query text -> its outcome. In order: the Exact Guard (SPEC 4.3 step 2: the whole text is an
// identity -> that tool, or exact_filtered), the hard filters (the eligibility mask), then on the text in mainland
// wording (lexicon/regional.ts): the avoid_when demotion (mask value 2) and the action/product rerank multipliers the
// core applies, the WASM core's ranking (fielded BM25 or TF-IDF, coverage, multipliers, top k; assembly/), and the
// identities named inside the text pinned first (stages/pins.ts). The shell computes no score here: it writes the core's inputs and decodes its records.
import { FIELDS, baseField } from '../build/fields.js';
import { DwsError } from '../errors.js';
import { identityKeyOfFolded, type IdentityLookup } from '../catalog/identity.js';
import { fold } from '../text/fold.js';
import type { AvoidIndex, SnapshotMeta } from '../snapshot/decode.js';
import {
  ALGORITHM_BM25, ALGORITHM_TFIDF, MASK_DEMOTED, MASK_ELIGIBLE, MASK_FILTERED, MAX_RESULTS, NEED_CHUNKS, RECORD_CONTRIBUTIONS, RECORD_DOC,
  RECORD_FIELD_BITS, RECORD_MASS, RECORD_SCORE, type CoreExports, writeInput,
} from '../core/core.js';
import { PhraseBuckets, queryActionMask, queryProducts } from '../lexicon/actions.js';
import { toMainland } from '../lexicon/regional.js';
import type { FilterReason, Hit, QueryOutcome } from './hits.js';
import type { NormalizedRequest } from './request.js';
import { type RankingOptions, weightVector } from './ranking.js';
import { rerankMultipliers } from './rerank.js';
import { embeddedIdentities, pinFirst } from './stages/pins.js';

const ALGORITHM_CODE = { fielded_bm25_ensemble: ALGORITHM_BM25, fielded_tfidf_cosine: ALGORITHM_TFIDF } as const;
/** A ranked hit's rank_sources (one shared array per algorithm, so its JSON is cached). */
const RANK_SOURCES = { fielded_bm25_ensemble: ['bm25'], fielded_tfidf_cosine: ['tfidf'] } as const;
const BASE_FIELDS = FIELDS.map(baseField);

export interface QueryPhaseContext {
  core: CoreExports;
  /** Copies the postings chunks the core's last search listed into place (it answered NEED_CHUNKS). */
  loadChunks: () => void;
  meta: SnapshotMeta;
  avoid: () => AvoidIndex;
  /** The query-term lexicon compiled for the core (the snapshot's query_lexicon section, read on first use). */
  queryLexicon: () => Uint8Array;
  identities: IdentityLookup;
  ranking: RankingOptions;
}

/** The avoid index as phrase buckets; each phrase is decoded once, on first use (a query decodes a few dozen). */
function avoidLookup({ docs, phrase, keys, buckets }: AvoidIndex): { buckets: PhraseBuckets; docs: Uint32Array } {
  const phrases: (string | undefined)[] = new Array<string | undefined>(docs.length).fill(undefined);
  const decoded = (e: number): string => (phrases[e] ??= phrase(e));
  return { docs, buckets: new PhraseBuckets(keys, buckets, decoded) };
}

interface CoreViews {
  buffer: ArrayBuffer;
  mask: Uint8Array;
  mult: Float64Array;
  weights: Float64Array;
  out: DataView;
}

export class QueryPhase {
  private readonly weights: Float64Array;
  private readonly stride: number;
  private readonly maskCache = new Map<string, Uint8Array>();
  /** Rerank multipliers per (action mask, named products): a handful of distinct keys occur. */
  private readonly multCache = new Map<string, { mult: Float64Array; max: number; actionMask: number }>();
  /** The avoid_when phrases, filed by key (read on the first ranked query). */
  private avoid?: { buckets: PhraseBuckets; docs: Uint32Array };
  /** What the core's mask and multiplier buffers hold (written by the last ranked query). */
  private written?: { mask: Uint8Array; mult: Float64Array; demoted: number[] };
  /** False once the core is handed out (Engine.wasm): others may then write its buffers, so they are always rewritten. */
  private ownsCore = true;
  /** Matched-field bit set -> base field names (a few dozen distinct sets occur). */
  private readonly fieldSets = new Map<number, { fields: string[]; strong: boolean }>();

  constructor(private readonly ctx: QueryPhaseContext) {
    this.weights = weightVector(ctx.ranking);
    this.stride = ctx.core.outStride();
    ctx.core.setParams(ctx.ranking.k1, ctx.ranking.b, ctx.ranking.avoidDemotion, ctx.ranking.unigramCoverage, ctx.ranking.coverageExponent);
    ctx.core.setCountedWords(ctx.ranking.countedWords);
  }

  /** The core's buffers may be written by someone else from now on (see ownsCore). */
  shareCore(): void {
    this.ownsCore = false;
  }

  /**
   * Exact Guard for the whole query, else the lexical ranking with embedded identities pinned first. task: the folded
   * whole request a step or subquery belongs to (its products steer the step), else ''.
   */
  run(query: string, req: NormalizedRequest, explain: boolean, task = '', k = req.candidate_limit): QueryOutcome {
    return this.runFirst(query, req, explain, task, k, k, () => true);
  }

  /**
   * run(query, ..., k) when its hits number fewer than k or satisfy enough, else run(query, ..., deep), from one
   * ranking k <= deep deep: the core's top k is a prefix of its top deep (one order, ties by document), so the first
   * k of the deep ranking are the ranking k deep.
   */
  runFirst(query: string, req: NormalizedRequest, explain: boolean, task: string, k: number, deep: number, enough: (hits: Hit[]) => boolean): QueryOutcome {
    const plain = fold(query);
    const exact = this.ctx.identities.get(identityKeyOfFolded(plain));
    if (exact !== undefined) {
      const reason = this.filterReason(exact, req);
      return reason ? { kind: 'filtered', doc: exact, reason } : { kind: 'exact', doc: exact };
    }
    const mask = this.mask(req);
    const text = toMainland(query);
    // A query with no regional word is its own mainland text (toMainland answers it unchanged), already folded.
    const folded = text === query ? plain : fold(text);
    const { hits: ranked, actions } = this.rank(text, folded, task, mask, deep, explain);
    const pinned = embeddedIdentities(folded, this.ctx.identities, this.ctx.ranking.identityWords, this.ctx.ranking.identityClauses === 1).filter((d) => !this.filterReason(d, req));
    let hits = pinFirst(ranked.length > k ? ranked.slice(0, k) : ranked, pinned);
    if (ranked.length > k && hits.length >= k && !enough(hits)) hits = pinFirst(ranked, pinned);
    return text === query ? { kind: 'ranked', hits, folded, actions } : { kind: 'ranked', hits, folded, actions, written: plain };
  }

  filterReason(doc: number, req: NormalizedRequest): FilterReason | undefined {
    const m = this.ctx.meta;
    if (req.exclude_canonical.length && req.exclude_canonical.includes(m.canonical_path.at(doc)!)) return 'excluded';
    if (req.product_ids.length && !req.product_ids.includes(m.valueOf('product_id', doc))) return 'product_mismatch';
    if (req.effects.length && !req.effects.includes(m.valueOf('effect', doc))) return 'effect_mismatch';
    if (!m.executableAt(doc)) return 'unavailable';
    return undefined;
  }

  /** The ranking's eligibility mask: the request's filters and visibility (MASK_ELIGIBLE or MASK_FILTERED), cached per filter combination. */
  mask(req: NormalizedRequest): Uint8Array {
    const key = JSON.stringify([req.product_ids, req.effects, req.exclude_canonical]);
    let m = this.maskCache.get(key);
    if (!m) {
      m = new Uint8Array(this.ctx.meta.count);
      // Hidden commands (compatibility paths, unpublished) are ranked for no one: only a request that names one
      // exactly gets it (the Exact Guard and embedded identities check filterReason, not this mask).
      const visibility = this.ctx.meta.codesOf('visibility');
      const visible = visibility.values.indexOf('visible');
      for (let doc = 0; doc < m.length; doc++) m[doc] = visibility.codes[doc] !== visible || this.filterReason(doc, req) ? MASK_FILTERED : MASK_ELIGIBLE;
      if (this.maskCache.size > 64) this.maskCache.clear();
      this.maskCache.set(key, m);
    }
    return m;
  }

  /** Marks (MASK_DEMOTED) every eligible tool one of whose avoid_when phrases the query contains verbatim. */
  private demoteAvoided(folded: string, maskView: Uint8Array, demoted: number[]): void {
    const avoid = (this.avoid ??= avoidLookup(this.ctx.avoid()));
    // Only the phrases filed under one of the query's units or unit pairs are tried (filed at snapshot build).
    avoid.buckets.candidates(folded, (phrase, e) => {
      const doc = avoid.docs[e];
      if (maskView[doc] === MASK_ELIGIBLE && phrase.length <= folded.length && folded.includes(phrase)) {
        maskView[doc] = MASK_DEMOTED;
        demoted.push(doc);
      }
    });
  }

  /**
   * x actionBoost / actionPenalty by the action the query names, x productBoost for the products it names.
   * productText: the folded query, plus the folded task a subquery belongs to; actionText: the folded query.
   */
  private queryMultipliers(productText: string, actionText: string): { mult: Float64Array; max: number; actionMask: number } {
    const { meta, ranking } = this.ctx;
    const actionMask = queryActionMask(actionText, meta.lexicon, ranking.actionContextWords, ranking.permissionWords);
    const products = queryProducts(productText, meta.productLexicon);
    const key = `${actionMask}|${products.join(',')}`;
    let m = this.multCache.get(key);
    if (!m) {
      m = { ...rerankMultipliers(meta, ranking, actionMask, products), actionMask };
      if (this.multCache.size > 256) this.multCache.clear();
      this.multCache.set(key, m);
    }
    return m;
  }

  private rank(query: string, folded: string, task: string, mask: Uint8Array, k: number, explain: boolean): { hits: Hit[]; actions: number } {
    const { core, ranking } = this.ctx;
    // The query-term lexicon is attached on first use (that reads a section and grows the core's memory: before any
    // view of it is taken, and before the query is written).
    const expand = ranking.queryTerms > 0 && this.attachLexicon();
    const maskView = this.views().mask;
    // The core's copies of the mask and the multipliers are rewritten only when they changed: the same filters and
    // the same rerank key (most queries) leave them as the last query wrote them, bar its demotions.
    const last = this.written;
    this.written = undefined; // until this query has written both (a throw below leaves them unknown)
    if (this.ownsCore && last?.mask === mask) for (const d of last.demoted) maskView[d] = mask[d];
    else maskView.set(mask);
    const demotedDocs: number[] = [];
    this.demoteAvoided(folded, maskView, demotedDocs);
    this.views().weights.set(this.weights);
    const { mult, max, actionMask } = this.queryMultipliers(task ? `${folded}\n${task}` : folded, folded);
    if (!(this.ownsCore && last?.mult === mult)) this.views().mult.set(mult);
    this.written = { mask, mult, demoted: demotedDocs };
    // Written last: reading a section on first use (the avoid phrases, the lexicons) may check it through the input.
    const qlen = writeInput(core, query);
    const run = () => {
      // The core looks the query's words up in the lexicon (assembly/query.ts lexiconExpansions), for this search only.
      if (expand) core.queryTermsNext(ranking.queryTerms, ranking.queryTermsCoverage);
      return core.search(qlen, k, ALGORITHM_CODE[ranking.algorithm], explain ? 1 : 0, max);
    };
    let count = run();
    if (count === NEED_CHUNKS) {
      this.ctx.loadChunks();
      count = run();
      if (count === NEED_CHUNKS) throw new Error('the core still lacks postings it was given');
    }
    if (count < 0) {
      throw new DwsError('snapshot_corrupt', 'the catalog snapshot is corrupt: the index holds postings out of bounds', 'rebuild it with `npm run build`');
    }
    // A term's first impact list can grow the core's memory, which detaches every view taken before the call.
    const { out, mask: demoted } = this.views();
    const sources = RANK_SOURCES[ranking.algorithm] as unknown as string[];
    const totalMass = core.knownMass() + core.unknownMass();
    const hits: Hit[] = [];
    for (let i = 0; i < count; i++) {
      const at = i * this.stride;
      const doc = out.getUint32(at + RECORD_DOC, true);
      const matched = this.matchedFields(out.getUint32(at + RECORD_FIELD_BITS, true));
      // Expansion terms credit mass too (a query word said in the catalog's words): a share above 1 counts as 1.
      const coverage = totalMass > 0 ? Math.min(1, out.getFloat64(at + RECORD_MASS, true) / totalMass) : 0;
      const hit: Hit = { doc, score: out.getFloat64(at + RECORD_SCORE, true), sources, fields: matched.fields, strong: matched.strong, coverage };
      if (explain) {
        const contributions: Record<string, number> = {};
        FIELDS.forEach((f, j) => {
          const c = out.getFloat64(at + RECORD_CONTRIBUTIONS + j * 8, true);
          if (c > 0) contributions[f] = c;
        });
        hit.breakdown = { score: out.getFloat64(at + RECORD_SCORE, true), coverage, fields: contributions };
        if (mult[doc] !== 1) hit.breakdown.rerank = mult[doc];
        if (demoted[doc] === MASK_DEMOTED) hit.breakdown.penalty = ranking.avoidDemotion;
      }
      hits.push(hit);
    }
    return { hits, actions: actionMask };
  }

  /**
   * Views of the core's buffers: the mask and the multipliers (one entry per tool), the field weights and the result
   * records (MAX_RESULTS of them). Kept while the core's memory does not grow (that detaches every view), so a search
   * makes none.
   */
  private views(): CoreViews {
    const { core, meta } = this.ctx;
    const buffer = core.memory.buffer;
    let v = this.coreViews;
    if (v?.buffer !== buffer) {
      v = this.coreViews = {
        buffer,
        mask: new Uint8Array(buffer, core.maskPtr(), meta.count),
        mult: new Float64Array(buffer, core.multPtr(), meta.count),
        weights: new Float64Array(buffer, core.weightsPtr(), this.weights.length),
        out: new DataView(buffer, core.outPtr(), MAX_RESULTS * this.stride),
      };
    }
    return v;
  }

  private coreViews?: CoreViews;

  /** Whether the core holds the query-term lexicon (attached on the first ranked query that expands). */
  private lexiconAttached = false;

  /**
   * Copies the compiled query-term lexicon into the core and has it checked against the index (once): the core then
   * adds the catalog terms of the query's words itself, weighted by their precision times queryTerms (score) and
   * queryTermsCoverage (coverage mass), filed by term id (a term given twice keeps its largest weights).
   */
  private attachLexicon(): boolean {
    if (!this.lexiconAttached) {
      const { core } = this.ctx;
      const bytes = this.ctx.queryLexicon();
      const at = core.lexiconReserve(bytes.length);
      new Uint8Array(core.memory.buffer, at, bytes.length).set(bytes);
      const rc = core.lexiconAttach(bytes.length);
      if (rc !== 0) throw new DwsError('snapshot_corrupt', `the catalog snapshot is corrupt: its query-term lexicon does not load (code ${rc})`, 'rebuild it with `npm run build`');
      this.lexiconAttached = true;
    }
    return true;
  }

  /** The base field names of a matched-field bit set (in field order), and whether one is strong; cached per set. */
  private matchedFields(bits: number): { fields: string[]; strong: boolean } {
    let m = this.fieldSets.get(bits);
    if (!m) {
      const fields: string[] = [];
      BASE_FIELDS.forEach((base, j) => {
        if ((bits >>> j) & 1 && !fields.includes(base)) fields.push(base);
      });
      m = { fields, strong: fields.some((f) => this.ctx.ranking.strongFields.includes(f)) };
      this.fieldSets.set(bits, m);
    }
    return m;
  }
}
