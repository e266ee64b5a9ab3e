// The tool-search.v1 pipeline (SPEC 4.3): Exact Guard -> hard filters -> lexical ranking in the WASM core ->
// subquery round-robin merge -> finalize (ranks, abstain / weak-match hints, 8 KiB budget). The shell never ranks;
// it only decides eligibility, pins exact identities and renders.
import { FIELDS, baseField } from '../catalog/fields.js';
import { DwsError } from '../errors.js';
import { fold, identityKey, type IdentityLookup } from '../catalog/identity.js';
import type { AvoidIndex, SnapshotMeta, ToolText } from '../catalog/snapshot.js';
import { type CoreExports, NEED_CHUNKS, writeInput } from './core.js';
import { lookupsFor } from './inputs.js';
import { GapIndex, GapTableError, type GapNote } from './gaps.js';
import { PhraseBuckets, queryActionMask, queryProducts, toolMultipliers } from './rerank.js';
import { LIMITS, SEARCH_VERSION, type NormalizedRequest } from './request.js';
import { type RankingOptions, weightVector } from './ranking.js';

export interface ScoreBreakdown {
  score: number;
  /** Share of the query's idf mass (unknown tokens included) this tool matched. */
  coverage: number;
  fields: Record<string, number>;
  /** The action/product rerank multiplier, when it is not 1. */
  rerank?: number;
  /** The avoid_when demotion multiplier, when it applied. */
  penalty?: number;
}

export interface ToolReference {
  canonical_path: string;
  primary_cli_path: string;
  product_id: string;
  title: string;
  agent_summary: string;
  effect: string;
  risk: string;
  confirmation: string;
  idempotency: string;
  /** Backend steps of its execution (1 atomic, n a plan, 0 local); absent when the command cannot run. */
  calls?: number;
  rank: number;
  matched_fields: string[];
  rank_sources: string[];
  truncated_fields?: string[];
  requires_inspect: true;
  score_breakdown?: ScoreBreakdown;
}

type FilterReason = 'excluded' | 'product_mismatch' | 'effect_mismatch' | 'unavailable';

/** One ranked hit before rendering. */
interface Hit {
  doc: number;
  /** The final score (rounded to 1e-9), or 0 for an identity pinned without one. */
  score: number;
  sources: string[];
  fields: string[];
  strong: boolean;
  coverage: number;
  breakdown?: ScoreBreakdown;
  /** A step's pick in a compound query (withSteps): kept when later additions need room. */
  step?: boolean;
}

type QueryOutcome =
  | { kind: 'exact'; doc: number }
  | { kind: 'filtered'; doc: number; reason: FilterReason }
  | { kind: 'ranked'; hits: Hit[] };

export const HINTS = {
  abstained: 'No command matches. Check the product once with `dws schema <product> --compact`; if it is not there, report the capability as unsupported instead of guessing a command.',
  weak: 'Candidates matched only weak fields (description, parameters or use cases). Inspect before use; if none fits, report the capability as unsupported.',
  gap: 'The candidates are only near matches: report the capability as unsupported unless one clearly does what was asked.',
  exactFiltered: 'The exact command you named is excluded by the request filters; change the filters or ask the user. Do not substitute a sibling command.',
} as const;

const SUMMARY_LIMIT = 256;
const ALGORITHM_CODE = { fielded_bm25_ensemble: 0, fielded_tfidf_cosine: 1 } as const;
/** A ranked hit's rank_sources (one shared array per algorithm, so its JSON is cached). */
const RANK_SOURCES = { fielded_bm25_ensemble: ['bm25'], fielded_tfidf_cosine: ['tfidf'] } as const;
/** The rank_sources of a command added as a lookup a compound request's first hit needs (withLookups). */
const LOOKUP_SOURCES = ['input_lookup'];
/** A lookup matched no field of the request (its matched_fields). */
const NO_FIELDS: string[] = [];
const HAN = /\p{Script=Han}/u;
const encoder = new TextEncoder();
const budgetScratch = new Uint8Array(LIMITS.maxResponseBytes);
const BASE_FIELDS = FIELDS.map(baseField);

export interface SearchContext {
  core: CoreExports;
  /** Copies the postings chunks the core's last search listed into place (it answered NEED_CHUNKS). */
  loadChunks: () => void;
  meta: SnapshotMeta;
  text: (doc: number) => ToolText;
  avoid: () => AvoidIndex;
  identities: IdentityLookup;
  catalog: { source_hash: string; surface_hash: string };
  ranking: RankingOptions;
}

export class Searcher {
  private readonly weights: Float64Array;
  private readonly stride: number;
  private readonly maskCache = new Map<string, Uint8Array>();
  /** Rerank multipliers per (action mask, named products): a handful of distinct keys occur. */
  private readonly multCache = new Map<string, { mult: Float64Array; max: number }>();
  /** The avoid_when phrases, filed by key (read on the first ranked query). */
  private avoid?: { buckets: PhraseBuckets; docs: Uint32Array };
  /** What the core's mask and multiplier buffers hold (written by the last ranked query). */
  private written?: { mask: Uint8Array; mult: Float64Array; demoted: number[] };
  /** False once the core is handed out (Engine.wasm): others may then write its buffers, so they are always rewritten. */
  private ownsCore = true;
  /** Matched-field bit set -> base field names (a few dozen distinct sets occur). */
  private readonly fieldSets = new Map<number, { fields: string[]; strong: boolean }>();
  /** Per doc: the fixed part of its reference JSON, per language (tools shown once are usually shown again). */
  private readonly refHeadsZh: ({ json: string; truncated: string } | undefined)[] = [];
  private readonly refHeadsEn: ({ json: string; truncated: string } | undefined)[] = [];
  /** Known gaps, filed by key (built on the first ranked query). */
  private gaps?: GapIndex;

  constructor(private readonly ctx: SearchContext) {
    this.weights = weightVector(ctx.ranking);
    this.stride = ctx.core.outStride();
    ctx.core.setParams(ctx.ranking.k1, ctx.ranking.b, ctx.ranking.avoidDemotion, ctx.ranking.unigramCoverage, ctx.ranking.coverageExponent);
  }

  /** The core's buffers may be written by someone else from now on (see ownsCore). */
  shareCore(): void {
    this.ownsCore = false;
  }

  search(req: NormalizedRequest, explain: boolean): string {
    const english = !HAN.test([req.query, ...(req.subqueries ?? [])].join(' '));
    const response: Record<string, unknown> = {
      version: SEARCH_VERSION,
      catalog: { source_hash: this.ctx.catalog.source_hash, surface_hash: this.ctx.catalog.surface_hash },
      query: req.query,
    };
    if (req.subqueries) response.subqueries = req.subqueries;
    let hits: Hit[] = [];
    let strategy: string;
    let filtered: { canonical_path: string; reason: FilterReason } | undefined;
    if (req.subqueries) {
      // Products the whole task names also steer each step ("在钉盘找到…，下载下来" downloads from drive).
      const task = fold(req.query);
      let outcomes = req.subqueries.map((q) => this.runQuery(q, req, explain, task));
      // Steps of one task tend to stay in its products: in a step whose best hit is outside the product that the best
      // hits of all (two or more) other steps share, that product's tools score x siblingBoost and its hits are sorted
      // again ("create a chat folder", "find the groups", "file them under it": the third step's words alone say
      // documents). The boost multiplies final scores, as the core's multipliers do, so sorting the step's
      // candidates again is the ranking the core would give them with that multiplier.
      if (this.ctx.ranking.siblingBoost !== 1 && outcomes.length >= 3) {
        const best = outcomes.map((o) => (o.kind === 'ranked' ? o.hits[0]?.doc : o.doc));
        const productOf = (doc: number | undefined) => (doc === undefined ? undefined : this.ctx.meta.valueOf('product_id', doc));
        outcomes = outcomes.map((o, i) => {
          if (o.kind !== 'ranked') return o;
          const others = best.filter((_, j) => j !== i).map(productOf);
          const shared = others.length >= 2 && others[0] !== undefined && others.every((p) => p === others[0]) ? others[0] : undefined;
          return shared !== undefined && productOf(best[i]) !== shared ? { kind: 'ranked', hits: this.lift(o.hits, shared) } : o;
        });
      }
      const blocked = outcomes.find((o) => o.kind === 'filtered');
      if (blocked && blocked.kind === 'filtered') {
        strategy = 'decomposed_exact_filtered';
        filtered = { canonical_path: this.ctx.meta.canonical_path.at(blocked.doc)!, reason: blocked.reason };
      } else {
        strategy = 'decomposed_round_robin';
        hits = roundRobin(outcomes.map((o) => (o.kind === 'exact' ? [exactHit(o.doc)] : o.kind === 'ranked' ? o.hits : [])), req.limit,
          this.ctx.meta.twin);
      }
    } else {
      // Only a compound query looks past the limit (its steps check what the whole query ranks).
      const steps = this.ctx.ranking.stepCoverage <= 1 && req.limit >= 2 ? querySteps(req.query) : [];
      const compound = steps.length >= 2;
      const o = this.runQuery(req.query, req, explain, '', compound ? req.candidate_limit : req.limit);
      if (o.kind === 'exact') {
        strategy = 'exact_guard';
        hits = [exactHit(o.doc)].slice(0, req.limit);
      } else if (o.kind === 'filtered') {
        strategy = 'exact_filtered';
        filtered = { canonical_path: this.ctx.meta.canonical_path.at(o.doc)!, reason: o.reason };
      } else {
        strategy = this.ctx.ranking.algorithm;
        hits = compound ? this.withLookups(this.withSteps(o.hits, steps, req, explain), req) : o.hits.slice(0, req.limit);
      }
    }
    response.strategy = strategy;
    // Known gaps are checked on what was ranked: the query, or each subquery (never after an exact hit).
    const ranked = strategy === this.ctx.ranking.algorithm || strategy === 'decomposed_round_robin';
    const gap = ranked ? this.gapFor(req.subqueries ?? [req.query]) : undefined;
    const candidates = hits.map((h, i) => this.reference(h, i + 1, english, explain));
    response.candidates = CANDIDATES;
    if (filtered) response.exact_filtered = filtered;
    if (candidates.length === 0 && (req.limit > 0 || filtered)) {
      response.abstained = true;
      response.hint = filtered ? HINTS.exactFiltered : HINTS.abstained;
    } else if (candidates.length > 0 && gap) {
      response.weak_match = true;
      response.hint = `Known gap (${gap.product}): ${english ? gap.note_en : gap.note} ${HINTS.gap}`;
    } else if (candidates.length > 0 && (!hits.some((h) => h.strong) || hits[0].coverage < this.ctx.ranking.weakCoverage)) {
      response.weak_match = true;
      response.hint = HINTS.weak;
    }
    return fitBudget(response, candidates);
  }

  /**
   * A compound query ("搜出那条消息，收藏一下，再转发给老板") ranks as one text, so its later steps can fall below the
   * limit. Each of its steps (querySteps: split at punctuation and step connectives; the caller checks there are two
   * or more) is ranked on its own; a step's best hit that is strong and covers enough of the step takes one of the
   * last slots, unless the step is already represented. The query's own top hits keep their order; room is made by
   * dropping a shortcut twin of a higher hit, else the tail.
   */
  private withSteps(ranked: Hit[], steps: readonly string[], req: NormalizedRequest, explain: boolean): Hit[] {
    // One command covering most of the query means one request, whatever its commas say.
    if (ranked.length > 0 && ranked[0].coverage >= this.ctx.ranking.singleCoverage) return ranked.slice(0, req.limit);
    const twin = this.ctx.meta.twin;
    const top = ranked.slice(0, req.limit);
    const picks: Hit[] = [];
    const task = fold(req.query);
    for (const step of steps) {
      const o = this.runQuery(step, req, explain, task, 3);
      // A step one of whose first three hits is already shown is represented: nothing to add.
      if (o.kind === 'ranked' && o.hits.slice(0, 3).some((h) => top.some((t) => twin[t.doc] === twin[h.doc]))) continue;
      // The step's first hit (of three) that covers enough of the step; a hit the whole query also ranks needs
      // two thirds as much (a vague step such as "add Stage" should not pull in an unrelated command).
      const best = o.kind !== 'ranked' ? undefined : o.hits.slice(0, 3).find((h) => h.strong &&
        h.coverage * (ranked.some((r) => r.doc === h.doc) ? 1.5 : 1) >= this.ctx.ranking.stepCoverage);
      if (!best) continue;
      const group = twin[best.doc];
      if (picks.some((h) => twin[h.doc] === group)) continue;
      picks.push(best);
    }
    const missing = picks.filter((p) => !top.some((h) => twin[h.doc] === twin[p.doc])).slice(0, req.limit - 1);
    if (missing.length === 0) return top;
    return [...this.makeRoom(top, missing.length, req.limit), ...missing.map((h) => ({ ...h, step: true }))];
  }

  /**
   * Room for n more hits at the end of a list of at most limit: shortcut twins of higher hits go first (the same
   * capability twice), then the last hits, never a step's pick (withSteps) nor the first hit; so the room made can
   * fall short when those fill the list.
   */
  private makeRoom(hits: Hit[], n: number, limit: number): Hit[] {
    const twin = this.ctx.meta.twin;
    const out = [...hits];
    let room = out.length + n - limit;
    for (let i = out.length - 1; i > 0 && room > 0; i--) {
      if (out.slice(0, i).some((h) => twin[h.doc] === twin[out[i].doc])) {
        out.splice(i, 1);
        room--;
      }
    }
    for (let i = out.length - 1; i > 0 && room > 0; i--) {
      if (!out[i].step) {
        out.splice(i, 1);
        room--;
      }
    }
    return out;
  }

  /**
   * A compound request's first hit may take a value the agent has to look up first (catalog/lexicon/inputs.yaml):
   * the group to file, the app to subscribe, the requester's own userId. When no shown command yields that value
   * and the request names the thing ("the customer groups", "这个应用", "我的年假"), the command that finds it takes
   * the last slot (rank_sources ["input_lookup"]): the step the request implies without saying it.
   */
  private withLookups(hits: Hit[], req: NormalizedRequest): Hit[] {
    if (hits.length === 0 || req.limit < 2 || this.ctx.ranking.lookups === 0) return hits;
    const twin = this.ctx.meta.twin;
    const mask = this.mask(req);
    const carried = (docs: readonly number[]) => hits.some((h) => docs.some((d) => twin[d] === twin[h.doc]));
    // lookupsFor adds nothing already shown; filters still apply.
    const adds = lookupsFor(this.ctx.meta.inputs, hits[0].doc, fold(req.query), carried)
      .filter((d) => mask[d] !== 0)
      .slice(0, req.limit - 1);
    if (adds.length === 0) return hits;
    // A lookup never displaces a step's pick: with no other room (a tiny limit), fewer lookups are shown.
    const kept = this.makeRoom(hits, adds.length, req.limit);
    return [...kept, ...adds.slice(0, req.limit - kept.length).map((doc): Hit => ({ doc, score: 0, sources: LOOKUP_SOURCES, fields: NO_FIELDS, strong: false, coverage: 0 }))];
  }

  /** The first known gap any of the ranked texts says (catalog/gaps/). */
  private gapFor(texts: readonly string[]): GapNote | undefined {
    if (this.ctx.meta.gaps.size === 0) return undefined;
    this.gaps ??= new GapIndex(this.ctx.meta.gaps);
    try {
      for (const t of texts) {
        const gap = this.gaps.match(fold(t));
        if (gap) return gap;
      }
    } catch (e) {
      if (e instanceof GapTableError) {
        throw new DwsError('snapshot_corrupt', `the catalog snapshot is corrupt: meta is malformed (${e.message})`, 'rebuild it with `npm run build`');
      }
      throw e;
    }
    return undefined;
  }

  /**
   * Exact Guard for the whole query, else the lexical ranking with embedded identities pinned first. task: the folded
   * whole request a step or subquery belongs to (its products steer the step), else ''.
   */
  private runQuery(query: string, req: NormalizedRequest, explain: boolean, task = '', k = req.candidate_limit): QueryOutcome {
    const exact = this.ctx.identities.get(identityKey(query));
    if (exact !== undefined) {
      const reason = this.filterReason(exact, req);
      return reason ? { kind: 'filtered', doc: exact, reason } : { kind: 'exact', doc: exact };
    }
    const mask = this.mask(req);
    const folded = fold(query);
    const pinned = this.embeddedIdentities(folded).filter((d) => mask[d] !== 0);
    const ranked = this.rank(query, folded, task, mask, k, explain);
    const pinnedSet = new Set(pinned);
    const hits: Hit[] = pinned.map((doc) => {
      const scored = ranked.find((h) => h.doc === doc);
      return { ...(scored ?? { fields: ['identity'], breakdown: undefined, score: 0 }), doc, sources: scored ? ['exact_identity', ...scored.sources] : ['exact_identity'], strong: true, coverage: 1 };
    });
    for (const h of ranked) if (!pinnedSet.has(h.doc)) hits.push(h);
    return { kind: 'ranked', hits };
  }

  /**
   * A step's hits with the tools of product scored x siblingBoost, sorted again (score desc, doc asc); identities
   * pinned into the step stay first.
   */
  private lift(hits: Hit[], product: string): Hit[] {
    const boost = this.ctx.ranking.siblingBoost;
    const round = (x: number) => Math.round(x * boost * 1e9) / 1e9;
    const pinned = hits.filter((h) => h.sources[0] === 'exact_identity');
    const rest = hits.filter((h) => h.sources[0] !== 'exact_identity').map((h) => (this.ctx.meta.valueOf('product_id', h.doc) !== product ? h
      : { ...h, score: round(h.score), breakdown: h.breakdown && { ...h.breakdown, score: round(h.breakdown.score) } }));
    rest.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return [...pinned, ...rest];
  }

  /** Marks (mask 2) every eligible tool one of whose avoid_when phrases the query contains verbatim. */
  private demoteAvoided(folded: string, maskView: Uint8Array, demoted: number[]): void {
    const avoid = (this.avoid ??= avoidLookup(this.ctx.avoid()));
    // Only the phrases filed under one of the query's units or unit pairs are tried (filed at snapshot build).
    avoid.buckets.candidates(folded, (phrase, e) => {
      const doc = avoid.docs[e];
      if (maskView[doc] === 1 && phrase.length <= folded.length && folded.includes(phrase)) {
        maskView[doc] = 2;
        demoted.push(doc);
      }
    });
  }

  /**
   * x actionBoost / actionPenalty by the action the query names, x productBoost for the products it names.
   * productText: the folded query, plus the folded task a subquery belongs to; actionText: the folded query.
   */
  private queryMultipliers(productText: string, actionText: string): { mult: Float64Array; max: number } {
    const { meta, ranking } = this.ctx;
    const actionMask = queryActionMask(actionText, meta.lexicon);
    const products = queryProducts(productText, meta.productLexicon);
    const key = `${actionMask}|${products.join(',')}`;
    let m = this.multCache.get(key);
    if (!m) {
      m = rerankMultipliers(meta, ranking, actionMask, products);
      if (this.multCache.size > 256) this.multCache.clear();
      this.multCache.set(key, m);
    }
    return m;
  }

  private filterReason(doc: number, req: NormalizedRequest): FilterReason | undefined {
    const m = this.ctx.meta;
    if (req.exclude_canonical.length && req.exclude_canonical.includes(m.canonical_path.at(doc)!)) return 'excluded';
    if (req.product_ids.length && !req.product_ids.includes(m.valueOf('product_id', doc))) return 'product_mismatch';
    if (req.effects.length && !req.effects.includes(m.valueOf('effect', doc) as ToolReference['effect'])) return 'effect_mismatch';
    if (!m.executableAt(doc)) return 'unavailable';
    return undefined;
  }

  /** The eligibility mask for the request's filters (1 = eligible), cached per filter combination. */
  private mask(req: NormalizedRequest): Uint8Array {
    const key = JSON.stringify([req.product_ids, req.effects, req.exclude_canonical]);
    let m = this.maskCache.get(key);
    if (!m) {
      m = new Uint8Array(this.ctx.meta.count);
      for (let doc = 0; doc < m.length; doc++) m[doc] = this.filterReason(doc, req) ? 0 : 1;
      if (this.maskCache.size > 64) this.maskCache.clear();
      this.maskCache.set(key, m);
    }
    return m;
  }

  /** Tools whose identity (2-6 consecutive identifier words) appears inside a longer query, in query order. */
  private embeddedIdentities(folded: string): number[] {
    const words = folded.split(/[^a-z0-9_+-]+/u).filter((w) => w.length > 0);
    if (words[0] === 'dws') words.shift();
    const found: number[] = [];
    for (let i = 0; i < words.length; i++) {
      // One lookup rules out every window that starts with a word no multi-word identity starts with.
      if (words.length - i < 2 || !this.ctx.identities.hasPrefix(`${words[i]} `)) continue;
      for (let n = Math.min(6, words.length - i); n >= 2; n--) {
        const doc = this.ctx.identities.get(words.slice(i, i + n).join(' '));
        if (doc !== undefined) {
          if (!found.includes(doc)) found.push(doc);
          break;
        }
      }
    }
    return found;
  }

  private rank(query: string, folded: string, task: string, mask: Uint8Array, k: number, explain: boolean): Hit[] {
    const { core, ranking } = this.ctx;
    const mem = core.memory.buffer;
    const maskView = new Uint8Array(mem, core.maskPtr(), mask.length);
    // The core's copies of the mask and the multipliers are rewritten only when they changed: the same filters and
    // the same rerank key (most queries) leave them as the last query wrote them, bar its demotions.
    const last = this.written;
    this.written = undefined; // until this query has written both (a throw below leaves them unknown)
    if (this.ownsCore && last?.mask === mask) for (const d of last.demoted) maskView[d] = mask[d];
    else maskView.set(mask);
    const demotedDocs: number[] = [];
    this.demoteAvoided(folded, maskView, demotedDocs);
    new Float64Array(mem, core.weightsPtr(), this.weights.length).set(this.weights);
    const { mult, max } = this.queryMultipliers(task ? `${folded}\n${task}` : folded, folded);
    if (!(this.ownsCore && last?.mult === mult)) new Float64Array(mem, core.multPtr(), mask.length).set(mult);
    this.written = { mask, mult, demoted: demotedDocs };
    const qlen = writeInput(core, query);
    const run = () => core.search(qlen, k, ALGORITHM_CODE[ranking.algorithm], explain ? 1 : 0, max);
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
    const after = core.memory.buffer;
    const out = new DataView(after, core.outPtr(), count * this.stride);
    const demoted = explain ? new Uint8Array(after, core.maskPtr(), mask.length) : maskView;
    const sources = RANK_SOURCES[ranking.algorithm] as unknown as string[];
    const totalMass = core.knownMass() + core.unknownMass();
    const hits: Hit[] = [];
    for (let i = 0; i < count; i++) {
      const at = i * this.stride;
      const doc = out.getUint32(at, true);
      const matched = this.matchedFields(out.getUint32(at + 4, true));
      const coverage = totalMass > 0 ? out.getFloat64(at + 24, true) / totalMass : 0;
      const hit: Hit = { doc, score: out.getFloat64(at + 8, true), sources, fields: matched.fields, strong: matched.strong, coverage };
      if (explain) {
        const contributions: Record<string, number> = {};
        FIELDS.forEach((f, j) => {
          const c = out.getFloat64(at + 32 + j * 8, true);
          if (c > 0) contributions[f] = c;
        });
        hit.breakdown = { score: out.getFloat64(at + 8, true), coverage, fields: contributions };
        if (mult[doc] !== 1) hit.breakdown.rerank = mult[doc];
        if (demoted[doc] === 2) hit.breakdown.penalty = ranking.avoidDemotion;
      }
      hits.push(hit);
    }
    return hits;
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

  /** A ToolReference as JSON: the per-tool, per-language part is serialized once and reused. */
  private reference(h: Hit, rank: number, english: boolean, explain: boolean): string {
    const cache = english ? this.refHeadsEn : this.refHeadsZh;
    const head = (cache[h.doc] ??= this.referenceHead(h.doc, english));
    return `${head.json},"rank":${rank},"matched_fields":${jsonOf(h.fields)},"rank_sources":${jsonOf(h.sources)}` +
      `${head.truncated},"requires_inspect":true${explain && h.breakdown ? `,"score_breakdown":${JSON.stringify(h.breakdown)}` : ''}}`;
  }

  /** The fixed part of a tool's reference: its keys up to idempotency (open object), and truncated_fields if any. */
  private referenceHead(d: number, english: boolean): { json: string; truncated: string } {
    const m = this.ctx.meta;
    const text = this.ctx.text(d);
    const truncated: string[] = [];
    const title = cut(english ? text.title_en || text.title : text.title || text.title_en, 'title', truncated);
    const summary = cut(english ? text.agent_summary_en || text.agent_summary : text.agent_summary || text.agent_summary_en, 'agent_summary', truncated);
    // Key order is part of the contract (SPEC 4.4): ..., idempotency, calls?, rank, matched_fields, rank_sources,
    // truncated_fields?, requires_inspect, score_breakdown?.
    const fixed: Partial<ToolReference> = {
      canonical_path: m.canonical_path.at(d)!,
      primary_cli_path: m.primary_cli_path.at(d)!,
      product_id: m.valueOf('product_id', d),
      title,
      agent_summary: summary,
      effect: m.valueOf('effect', d) as ToolReference['effect'],
      risk: m.valueOf('risk', d) as ToolReference['risk'],
      confirmation: m.valueOf('confirmation', d) as ToolReference['confirmation'],
      idempotency: m.valueOf('idempotency', d) as ToolReference['idempotency'],
    };
    const calls = m.callsAt(d);
    if (calls !== undefined) fixed.calls = calls;
    return { json: JSON.stringify(fixed).slice(0, -1), truncated: truncated.length ? `,"truncated_fields":${JSON.stringify(truncated)}` : '' };
  }
}

/**
 * Every tool's rerank multiplier for the action classes (bit mask) and products a query names, with the ranking's
 * factors; max is the largest of them (the core's early-exit bound). The searcher caches these per key.
 */
export function rerankMultipliers(meta: SnapshotMeta, ranking: RankingOptions, actionMask: number, products: readonly string[]): { mult: Float64Array; max: number } {
  const { values, codes } = meta.codesOf('product_id');
  const named = Uint8Array.from(values, (v) => (ranking.productBoost !== 1 && products.includes(v) ? 1 : 0));
  return toolMultipliers(actionMask, meta.actions, codes, named,
    { boost: ranking.actionBoost, penalty: ranking.actionPenalty, productBoost: ranking.productBoost });
}

/** The avoid index as phrase buckets; each phrase is decoded once, on first use (a query decodes a few dozen). */
function avoidLookup({ docs, phrase, keys, buckets }: AvoidIndex): { buckets: PhraseBuckets; docs: Uint32Array } {
  const phrases = new Map<number, string>();
  const decoded = (e: number): string => {
    let p = phrases.get(e);
    if (p === undefined) {
      p = phrase(e);
      phrases.set(e, p);
    }
    return p;
  };
  return { docs, buckets: new PhraseBuckets(keys, buckets, decoded) };
}

/** JSON of a string array; the arrays hits share (matched-field sets, rank sources) are serialized once. */
const arrayJson = new WeakMap<readonly string[], string>();
function jsonOf(list: readonly string[]): string {
  let json = arrayJson.get(list);
  if (json === undefined) {
    json = JSON.stringify(list);
    arrayJson.set(list, json);
  }
  return json;
}

function exactHit(doc: number): Hit {
  return { doc, score: 0, sources: ['exact_guard'], fields: ['identity'], strong: true, coverage: 1 };
}

function cut(text: string, field: string, truncated: string[]): string {
  if (text.length <= SUMMARY_LIMIT) return text; // never more scalars than UTF-16 units
  const chars = [...text];
  if (chars.length <= SUMMARY_LIMIT) return text;
  truncated.push(field);
  return chars.slice(0, SUMMARY_LIMIT).join('');
}

// Built from a string: esbuild escapes non-ASCII characters in strings but not in regex literals, and one of them
// makes V8 keep the whole hot bundle's source as a two-byte string (scripts/build.mjs checks the bundle is ASCII).
const STEP_BREAK = new RegExp('[，,；;。！？!?\\n]|然后|接着|之后|随后|并且|再|(?<![a-z0-9])(?:and then|then|after that|and)(?![a-z0-9])', 'iu');

/** The steps of a compound query: pieces between punctuation and step connectives, at least two characters each. */
export function querySteps(query: string): string[] {
  return query.split(STEP_BREAK).map((s) => s.trim()).filter((s) => [...s].length >= 2);
}

/**
 * Round-robin by rank over the subqueries' lists, skipping duplicates, up to limit. A shortcut and the atomic command
 * it wraps (twin[doc], a catalog fact) are one capability: once one is in, the other is a duplicate, so the slots go
 * to the other steps.
 */
export function roundRobin(lists: Hit[][], limit: number, twin?: Uint32Array): Hit[] {
  const out: Hit[] = [];
  const seen = new Set<number>();
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let r = 0; r < longest && out.length < limit; r++) {
    for (const list of lists) {
      const h = list[r];
      const group = h ? (twin ? twin[h.doc] : h.doc) : -1;
      if (!h || seen.has(group)) continue;
      seen.add(group);
      out.push(h);
      if (out.length === limit) break;
    }
  }
  return out;
}

/** True when the JSON plus its newline fits the byte budget (encoded natively into a scratch buffer, no allocation). */
function fitsBudget(json: string): boolean {
  // A UTF-16 unit takes at most 3 UTF-8 bytes (a surrogate pair 4 for 2 units): short answers need no encoding.
  if (json.length * 3 + 1 <= LIMITS.maxResponseBytes) return true;
  const { read, written } = encoder.encodeInto(json, budgetScratch);
  return read === json.length && written + 1 <= LIMITS.maxResponseBytes;
}

/** Stands for the candidates array while the rest of the response is serialized (see serialize). */
const CANDIDATES = '\u0000candidates\u0000';
const CANDIDATES_JSON = JSON.stringify(CANDIDATES);

/**
 * The response JSON with the references spliced in. The placeholder is found from the end: only keys with no user
 * text (exact_filtered, abstained, weak_match, hint, truncated) follow candidates, so a query that happens to contain
 * the placeholder text cannot be mistaken for it.
 */
function serialize(response: Record<string, unknown>, refs: readonly string[]): string {
  const json = JSON.stringify(response);
  const at = json.lastIndexOf(CANDIDATES_JSON);
  return `${json.slice(0, at)}[${refs.join(',')}]${json.slice(at + CANDIDATES_JSON.length)}`;
}

/** Serializes the response; drops whole references from the end until it fits 8,192 bytes with its newline. */
function fitBudget(response: Record<string, unknown>, refs: string[]): string {
  let json = serialize(response, refs);
  while (!fitsBudget(json) && refs.length > 0) {
    refs.pop();
    response.truncated = true;
    json = serialize(response, refs);
  }
  return json;
}
