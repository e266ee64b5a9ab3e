// What WebAssembly buys: the WASM core's ranking call against the plain-TypeScript port of the same scorer, both
// over the same index image, mask, weights and tokens, and the whole engine request around the WASM call.
import { writeInput } from '../../src/core/core.js';
import { buildIndexImage } from '../../src/build/index-image.js';
import { DEFAULT_RANKING, weightVector } from '../../src/engine/ranking.js';
import type { Corpus } from '../corpus.js';
import { TsScorer, unfilteredMask } from '../ts-scorer.js';
import { cycling, distribution, runSuite, timeEach, type BenchResult, type Distribution } from '../stats.js';
import { fold } from '../../src/text/fold.js';
import { identityKey } from '../../src/catalog/identity.js';
import { queryActionMask, queryProducts } from '../../src/lexicon/actions.js';
import { rerankMultipliers } from '../../src/engine/rerank.js';

export interface ScorerResult {
  wasm: { bench: BenchResult; dist: Distribution };
  ts: { bench: BenchResult; dist: Distribution };
  /** Queries whose top 10 differs between the port and the engine (should be 0). */
  mismatches: string[];
  checked: number;
}

/** The port over the index image of the shipped catalog (built by the same code as the snapshot's, so the same bytes). */
export function tsScorerFor(c: Corpus): TsScorer {
  const scorer = new TsScorer(buildIndexImage(c.catalog), c.engine.wasm);
  scorer.setParams(DEFAULT_RANKING);
  return scorer;
}

/**
 * The WASM core's top 10 for a plain query next to the port's, over the same mask, weights and multipliers (the
 * engine's answer is not compared: since SPEC 4.4 it shows one slot per twin pair, which is not the scorer's
 * business). Returns undefined when the query is an exact identity (the Exact Guard answers it, not the scorer).
 */
export function compareTop10(c: Corpus, scorer: TsScorer, query: string): { engine: string[]; port: string[] } | undefined {
  const { meta } = c.engine;
  if (c.engine.identities.get(identityKey(query)) !== undefined) return undefined;
  const weights = weightVector(DEFAULT_RANKING);
  const folded = fold(query);
  const { mult, max } = rerankMultipliers(meta, DEFAULT_RANKING, queryActionMask(folded, meta.lexicon, DEFAULT_RANKING.actionContextWords), queryProducts(folded, meta.productLexicon));
  const mask = unfilteredMask(c.catalog.tools, query);
  const core = c.engine.wasm;
  new Uint8Array(core.memory.buffer, core.maskPtr(), mask.length).set(mask);
  new Float64Array(core.memory.buffer, core.weightsPtr(), weights.length).set(weights);
  new Float64Array(core.memory.buffer, core.multPtr(), mult.length).set(mult);
  const n = core.search(writeInput(core, query), 10, 0, 0, max);
  const out = new DataView(core.memory.buffer, core.outPtr(), Math.max(0, n) * core.outStride());
  const engine = Array.from({ length: Math.max(0, n) }, (_, i) => c.catalog.tools[out.getUint32(i * core.outStride(), true)].canonical_path);
  const port = scorer.search(query, mask, weights, 10, mult).map((h) => c.catalog.tools[h.doc].canonical_path);
  return { engine, port };
}

export function scorerSuite(c: Corpus, budgetMs: number): ScorerResult {
  const scorer = tsScorerFor(c);
  const queries = c.queries.all;
  const mismatches: string[] = [];
  let checked = 0;
  for (const q of queries) {
    const r = compareTop10(c, scorer, q);
    if (!r) continue;
    checked++;
    if (r.engine.join('\n') !== r.port.join('\n')) mismatches.push(q);
  }
  const core = c.engine.wasm;
  const weights = weightVector(DEFAULT_RANKING);
  const masks = new Map(queries.map((q) => [q, unfilteredMask(c.catalog.tools, q)]));
  // The WASM side of one ranking call, as the shell makes it: mask, weights and query in, k records out
  // (neutral action multipliers on both sides: the port's mult argument is left out).
  new Float64Array(core.memory.buffer, core.multPtr(), c.catalog.tools.length).fill(1);
  const wasmRank = (q: string) => {
    const mem = core.memory.buffer;
    new Uint8Array(mem, core.maskPtr(), c.catalog.tools.length).set(masks.get(q)!);
    new Float64Array(mem, core.weightsPtr(), weights.length).set(weights);
    return core.search(writeInput(core, q), 20, 0, 0, 1);
  };
  const tsRank = (q: string) => scorer.search(q, masks.get(q)!, weights, 20);
  for (const q of queries) { wasmRank(q); tsRank(q); }
  const [wasmBench, tsBench] = runSuite('scorer', { 'WASM core ranking': cycling(queries, wasmRank), 'TypeScript port': cycling(queries, tsRank) });
  return {
    wasm: { bench: wasmBench, dist: distribution(timeEach(queries, wasmRank, budgetMs)) },
    ts: { bench: tsBench, dist: distribution(timeEach(queries, tsRank, budgetMs)) },
    mismatches,
    checked,
  };
}
