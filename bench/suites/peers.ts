// Peers on the same corpus and queries, in the same run: build time, warm query time and R@5 on the dev set (a hit
// is any gold canonical path in the top 5), next to the same numbers for dws.
import type { Corpus } from '../corpus.js';
import { PEERS, type Peer, type PeerIndex } from '../peers.js';
import { cycling, distribution, median, runSuite, timeEach, timeOnce, type BenchResult, type Distribution } from '../stats.js';

export interface PeerRow {
  name: string;
  library: string;
  tokenizer: string;
  tokenizerNote: string;
  /** Median ms of `builds` timed builds (each build is too slow to repeat as often as a harness samples). */
  build: number;
  builds: number;
  query: BenchResult;
  dist: Distribution;
  /**
   * dws on the same queries, timed right after the peer (whole request -> response bytes): the margin compares two
   * measurements taken minutes apart on a shared machine otherwise.
   */
  dws: Distribution;
  recallAt5: number;
  /** Cases with gold, the denominator of recallAt5. */
  judged: number;
}

/** Share of single-intent cases with any gold canonical path among the first five results. */
export function recallAt5(c: Corpus, top5: (query: string) => string[]): number {
  const cases = c.queries.single;
  if (cases.length === 0) return NaN;
  let hits = 0;
  for (const q of cases) {
    const got = top5(q.query);
    if (q.gold.some((g) => got.includes(g))) hits++;
  }
  return hits / cases.length;
}

export function dwsTop5(c: Corpus, query: string): string[] {
  const res = JSON.parse(c.engine.search({ query, limit: 5 })) as { candidates: { canonical_path: string }[] };
  return res.candidates.map((r) => r.canonical_path);
}

function peerRow(c: Corpus, peer: Peer, budgetMs: number, builds: number): PeerRow {
  const name = `${peer.library} (${peer.tokenizer})`;
  let index: PeerIndex | undefined;
  const buildTimes = Array.from({ length: builds }, () => timeOnce(() => { index = peer.build(c.docs); }));
  if (!index) throw new Error(`${name}: no index built`);
  const built = index;
  process.stderr.write(`bench: peer build ${name}: ${buildTimes.map((t) => t.toFixed(0)).join(', ')} ms\n`);
  const queries = c.queries.all;
  const search = (q: string) => built.search(q, 5);
  for (const q of queries) search(q);
  const [query] = runSuite(`peer query ${name}`, { query: cycling(queries, search) }, 0.5);
  return {
    name,
    library: peer.library,
    tokenizer: peer.tokenizer,
    tokenizerNote: peer.tokenizerNote,
    build: median(buildTimes),
    builds,
    query,
    dist: distribution(timeEach(queries, search, budgetMs, 1)),
    dws: distribution(timeEach(queries, (q) => c.engine.search({ query: q, limit: 5 }), budgetMs, 1)),
    recallAt5: recallAt5(c, (q) => built.search(q, 5).map((d) => c.docs[d].canonical)),
    judged: c.queries.single.length,
  };
}

export function peersSuite(c: Corpus, budgetMs: number, builds: number): { dwsRecallAt5: number; rows: PeerRow[] } {
  return { dwsRecallAt5: recallAt5(c, (q) => dwsTop5(c, q)), rows: PEERS.map((p) => peerRow(c, p, budgetMs, builds)) };
}
