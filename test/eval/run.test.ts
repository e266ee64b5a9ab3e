import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { caseValues, rankingOverrides, runCases, runIdentity, summarize, type Answer, type CaseResult } from '../../src/eval/run.js';
import { identityProbes, identityReport, resolvesTo, toFullWidth } from '../../src/eval/identity.js';
import { scoreSingle } from '../../src/eval/metrics.js';
import { shippedEngine } from '../helpers.js';

const answer = (ranked: string[], extra: Partial<Answer> = {}): Answer => ({ ranked, strategy: 'fielded_bm25_ensemble', abstained: false, weak: false, ...extra });
const single = (id: string, slice: 'zh' | 'en', product: string, ranked: string[], gold: string[]): CaseResult => ({
  kind: 'single', id, slice, product, answer: answer(ranked, ranked.length ? {} : { abstained: true }),
  scores: scoreSingle(ranked, { gold, acceptable: [], forbidden: [] }), first_gold_rank: ranked.indexOf(gold[0]) + 1 || null,
});

/** Hand-made results: two chat cases (one hit at 1, one abstained), one todo hit at 2, one workflow, two negatives. */
const RESULTS: CaseResult[] = [
  single('c1', 'zh', 'chat', ['chat.a', 'chat.b'], ['chat.a']),
  single('c2', 'en', 'chat', [], ['chat.a']),
  single('t1', 'zh', 'todo', ['todo.x', 'todo.y'], ['todo.y']),
  { kind: 'workflow', id: 'w1', product: 'chat', steps: 2, raw: { ...answer(['chat.a']), found: 1 }, decomposed: { ...answer(['chat.a', 'todo.y']), found: 2 } },
  { kind: 'negative', id: 'n1', answer: answer(['chat.a'], { weak: true }) },
  { kind: 'negative', id: 'n2', answer: answer(['chat.a']) },
];

describe('summary of a run', () => {
  const identity = identityReport([]);
  const s = summarize(RESULTS, identity);

  it('computes recall per slice, overall, per product, macro and the worst product', () => {
    expect(s.single.slices.zh.r1).toEqual({ n: 2, mean: 0.5 });
    expect(s.single.slices.zh.r5).toEqual({ n: 2, mean: 1 });
    expect(s.single.slices.en.r5).toEqual({ n: 1, mean: 0 });
    expect(s.single.slices.short.r5).toEqual({ n: 0, mean: null });
    expect(s.single.overall.r5).toEqual({ n: 3, mean: 2 / 3 });
    expect(s.single.overall.mrr5).toEqual({ n: 3, mean: (1 + 0 + 0.5) / 3 });
    expect(Object.keys(s.single.products)).toEqual(['chat', 'todo']);
    expect(s.single.macro.r5).toEqual({ n: 2, mean: (0.5 + 1) / 2 });
    expect(s.single.worst.r5).toEqual({ product: 'chat', value: 0.5 });
    expect(s.single.worst.r1).toEqual({ product: 'todo', value: 0 });
    expect(s.single.rank_distribution).toEqual({ 1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 0, miss: 1 });
  });

  it('computes workflow completeness, negatives and false abstains', () => {
    expect(s.workflows).toEqual({
      complete5_raw: { n: 1, mean: 0 },
      complete5_decomposed: { n: 1, mean: 1 },
      step_recall_raw: { n: 1, mean: 0.5 },
      step_recall_decomposed: { n: 1, mean: 1 },
    });
    expect(s.negatives).toEqual({ answered: { n: 2, mean: 0.5 }, abstained: { n: 2, mean: 0 }, weak: { n: 2, mean: 0.5 } });
    // positives: 3 single + 2 workflow requests, one abstained
    expect(s.abstention.false_abstain).toEqual({ n: 5, mean: 1 / 5 });
    expect(s.errors).toBe(0);
  });

  it('clusters case values by product and gives each negative its own cluster', () => {
    const v = caseValues(RESULTS);
    expect(v.r1).toEqual([{ id: 'c1', cluster: 'chat', value: 1 }, { id: 'c2', cluster: 'chat', value: 0 }, { id: 't1', cluster: 'todo', value: 0 }]);
    expect(v.negatives_answered.map((x) => x.cluster)).toEqual(['negative:n1', 'negative:n2']);
    expect(v.forbidden1).toEqual([]);
  });
});

describe('ranking overrides', () => {
  it('merges field weights over the defaults', () => {
    const o = rankingOverrides({ k1: 1.2, weights: { identity: 10 } });
    expect(o).toEqual({ k1: 1.2, weights: { ...DEFAULT_RANKING.weights, identity: 10 } });
  });

  it('rejects unknown parameters, unknown fields and bad numbers', () => {
    expect(() => rankingOverrides({ k2: 1 })).toThrow(/unknown parameter "k2"/);
    expect(() => rankingOverrides({ weights: { nope: 1 } })).toThrow(/unknown field "nope"/);
    expect(() => rankingOverrides({ b: -1 })).toThrow(/"b" must be a non-negative number/);
    expect(() => rankingOverrides([])).toThrow(/must be a JSON object/);
  });
});

describe('identity probes', () => {
  it('turns ASCII into its full-width twin, which NFKC maps back', () => {
    expect(toFullWidth('chat +dm')).toBe('ｃｈａｔ\u3000＋ｄｍ');
    expect(toFullWidth('chat +dm').normalize('NFKC')).toBe('chat +dm');
  });

  it('probes every tool in every form and every alias once', () => {
    const engine = shippedEngine();
    const probes = identityProbes(engine.refs);
    const aliases = engine.refs.reduce((n, r) => n + r.aliases.length, 0);
    expect(probes.length).toBe(engine.refs.length * 4 + aliases);
  });

  it('accepts only the Exact Guard answer with that one tool', () => {
    const ok = { strategy: 'exact_guard', candidates: [{ canonical_path: 'chat.a' }] };
    expect(resolvesTo(ok, 'chat.a')).toBe(true);
    expect(resolvesTo(ok, 'chat.b')).toBe(false);
    expect(resolvesTo({ strategy: 'fielded_bm25_ensemble', candidates: [{ canonical_path: 'chat.a' }] }, 'chat.a')).toBe(false);
    expect(resolvesTo({ strategy: 'exact_filtered', candidates: [], exact_filtered: { canonical_path: 'chat.a', reason: 'unavailable' } }, 'chat.a')).toBe(true);
  });

  it('finds a tool by its canonical path through the shipped engine and misses a made-up one', () => {
    const engine = shippedEngine();
    const tool = engine.refs[0].canonical_path;
    expect(resolvesTo(JSON.parse(engine.search({ query: tool })), tool)).toBe(true);
    const report = identityReport([
      { probe: { form: 'canonical', tool, query: tool }, hit: true },
      { probe: { form: 'alias', tool, query: 'zz' }, hit: false },
    ]);
    expect(report.canonical).toEqual({ n: 1, hits: 1, rate: 1, misses: [] });
    expect(report.alias).toEqual({ n: 1, hits: 0, rate: 0, misses: ['zz'] });
    expect(report.cli).toEqual({ n: 0, hits: 0, rate: null, misses: [] });
  });
});

describe('running cases through the engine', () => {
  it('scores each case from the same bytes engine.search returns and reports one tick per request', () => {
    const engine = shippedEngine();
    let ticks = 0;
    const [r] = runCases(engine, [{ kind: 'single', id: 's', slice: 'en', query: 'recall a message I sent', product: 'chat', gold: ['chat.recall_message'], acceptable: [], forbidden: [] }], () => ticks++);
    const direct = JSON.parse(engine.search({ query: 'recall a message I sent', limit: 10 })).candidates.map((c: { canonical_path: string }) => c.canonical_path);
    expect(r.kind === 'single' && r.answer.ranked).toEqual(direct);
    expect(ticks).toBe(1);
  });

  it('records a refused request as an error with an empty answer', () => {
    const [r] = runCases(shippedEngine(), [{ kind: 'negative', id: 'n', query: 'x'.repeat(300), note: '' }]);
    expect(r).toEqual({ kind: 'negative', id: 'n', answer: { ranked: [], strategy: 'error', abstained: false, weak: false, error: 'query_too_long' } });
  });

  it('resolves every identity form of the shipped catalog', () => {
    const report = runIdentity(shippedEngine());
    for (const form of Object.values(report)) expect(form.misses).toEqual([]);
  });
});
