// Strategies and finalize rules of SPEC 4.3 over the real catalog (and a fixture with unavailable tools).
import { describe, expect, it } from 'vitest';
import { HINTS, roundRobin } from '../../src/engine/search.js';
import { loadEngine } from '../../src/index.js';
import { DEMOTED, fixtureEngine, miniSnapshot, shippedEngine, UNAVAILABLE } from '../helpers.js';

const run = (req: object, explain = false) => JSON.parse(shippedEngine().search(req, { explain }));
const runFixture = (req: object) => JSON.parse(fixtureEngine().search(req));

describe('Exact Guard', () => {
  it('answers a canonical path, a CLI path and a dws-prefixed path with that one tool', () => {
    for (const q of ['chat.recall_message', 'chat message recall', 'dws chat message recall', 'dws/chat/message/recall']) {
      const r = run({ query: q });
      expect(r.strategy).toBe('exact_guard');
      expect(r.candidates.map((c: { canonical_path: string }) => c.canonical_path)).toEqual(['chat.recall_message']);
      expect(r.candidates[0]).toMatchObject({ rank: 1, matched_fields: ['identity'], rank_sources: ['exact_guard'], requires_inspect: true });
    }
  });

  it('filters an exact hit by precedence excluded > product > effect > unavailable, without a sibling fallback', () => {
    const q = 'chat.recall_message';
    const all = { query: q, exclude_canonical: [q], product_ids: ['todo'], effects: ['read'] };
    expect(runFixture(all).exact_filtered).toEqual({ canonical_path: q, reason: 'excluded' });
    expect(runFixture({ ...all, exclude_canonical: [] }).exact_filtered.reason).toBe('product_mismatch');
    expect(runFixture({ query: q, effects: ['read'] }).exact_filtered.reason).toBe('effect_mismatch');
    const r = runFixture({ query: q });
    expect(r).toMatchObject({ strategy: 'exact_filtered', candidates: [], abstained: true, exact_filtered: { canonical_path: q, reason: 'unavailable' }, hint: HINTS.exactUnavailable });
  });

  it('keeps an exact identity named inside a broad query at the top', () => {
    const r = run({ query: '请用 chat.recall_message 把我刚才发错的那条撤回' });
    expect(r.strategy).toBe('fielded_bm25_ensemble');
    expect(r.candidates[0].canonical_path).toBe('chat.recall_message');
    expect(r.candidates[0].rank_sources[0]).toBe('exact_identity');
    const en = run({ query: 'please run dws todo task create for this', limit: 3 });
    expect(en.candidates.map((c: { canonical_path: string }) => c.canonical_path)).toContain(
      shippedEngine().meta.canonical_path.at(shippedEngine().identities.get('todo task create')!));
  });
});

describe('lexical ranking', () => {
  it('never ranks a filtered-out tool and never an unavailable one', () => {
    const r = run({ query: '发送消息', product_ids: ['todo'], limit: 20 });
    expect(r.candidates.every((c: { product_id: string }) => c.product_id === 'todo')).toBe(true);
    const w = run({ query: '删除', effects: ['read'], limit: 20 });
    expect(w.candidates.every((c: { effect: string }) => c.effect === 'read')).toBe(true);
    const f = runFixture({ query: '撤回消息 上传文件 创建待办', limit: 20, candidate_limit: 100 });
    for (const c of f.candidates) expect(UNAVAILABLE).not.toContain(c.canonical_path);
  });

  it('orders by score then canonical path, with ranks 1..n and no scores unless explained', () => {
    const r = run({ query: 'message', limit: 20 }, true);
    const scores = r.candidates.map((c: { score_breakdown: { score: number } }) => c.score_breakdown.score);
    for (let i = 1; i < scores.length; i++) {
      expect(scores[i] <= scores[i - 1]).toBe(true);
      if (scores[i] === scores[i - 1]) expect(r.candidates[i].canonical_path > r.candidates[i - 1].canonical_path).toBe(true);
    }
    expect(r.candidates.map((c: { rank: number }) => c.rank)).toEqual(scores.map((_: number, i: number) => i + 1));
    const plain = run({ query: 'message', limit: 20 });
    expect(JSON.stringify(plain)).not.toContain('score');
  });

  it('explain changes no order', () => {
    const q = { query: '把文件上传到钉盘', limit: 10 };
    const a = run(q).candidates.map((c: { canonical_path: string }) => c.canonical_path);
    const b = run(q, true).candidates.map((c: { canonical_path: string }) => c.canonical_path);
    // explain makes references bigger, so the byte budget may keep fewer of them; never a different order
    expect(b.length).toBeGreaterThan(0);
    expect(b).toEqual(a.slice(0, b.length));
  });

  it('answers an English query with English titles and a Chinese one with Chinese', () => {
    const en = run({ query: 'recall message', limit: 1 }).candidates[0];
    const zh = run({ query: '撤回消息', limit: 1 }).candidates[0];
    expect(en.title).not.toMatch(/\p{Script=Han}/u);
    expect(zh.title).toMatch(/\p{Script=Han}/u);
  });

  it('flags weak_match with a hint when the best candidate covers too little of the query', () => {
    const strict = loadEngine({ ranking: { weakCoverage: 1.01 } });
    const lax = loadEngine({ ranking: { weakCoverage: 0 } });
    const q = { query: '撤回我发错的群消息', limit: 3 };
    expect(JSON.parse(strict.search(q))).toMatchObject({ weak_match: true, hint: HINTS.weak });
    const ok = JSON.parse(lax.search(q));
    expect(ok.weak_match).toBeUndefined();
    expect(ok.candidates.length).toBe(3);
    // the flag never removes or reorders candidates
    expect(JSON.parse(strict.search(q)).candidates).toEqual(ok.candidates);
  });

  it('limit 0 answers with no candidates, abstained, and a hint that says why, even for an exact identity', () => {
    for (const query of ['chat.recall_message', '撤回消息']) {
      const r = run({ query, limit: 0 });
      expect(r.candidates).toEqual([]);
      expect(r.abstained).toBe(true);
      expect(r.hint).toBe(HINTS.limitZero);
    }
  });

  it('abstains with a hint when nothing matches', () => {
    const r = run({ query: 'zzqxv wwqpt' });
    expect(r).toMatchObject({ strategy: 'fielded_bm25_ensemble', candidates: [], abstained: true, hint: HINTS.abstained });
  });

  it('demotes a tool whose avoid_when phrase the query contains verbatim (x0.2), without removing it', () => {
    const e = loadEngine({ snapshot: miniSnapshot() });
    const undemoted = loadEngine({ snapshot: miniSnapshot(), ranking: { avoidDemotion: 1 } });
    const score = (engine: typeof e, query: string) => JSON.parse(engine.search({ query, limit: 4 }, { explain: true }))
      .candidates.find((c: { canonical_path: string }) => c.canonical_path === DEMOTED.canonical_path)?.score_breakdown;
    expect(score(e, DEMOTED.phrase.slice(0, -1)).penalty).toBeUndefined();
    const demoted = score(e, DEMOTED.phrase);
    expect(demoted.penalty).toBe(0.2);
    expect(demoted.score).toBeCloseTo(score(undemoted, DEMOTED.phrase).score * 0.2, 6);
  });

  it('answers each query as a fresh engine would, whatever the previous query left in the core (demotions, filters, rerank)', () => {
    const reused = loadEngine({ snapshot: miniSnapshot() });
    const requests = [
      { query: DEMOTED.phrase }, { query: DEMOTED.phrase.slice(0, -1) }, { query: `${DEMOTED.phrase} 撤回` },
      { query: '转发消息', product_ids: ['chat'] }, { query: DEMOTED.phrase }, { query: 'forward the message' }, { query: '转发消息' },
    ];
    for (const req of [...requests, ...requests.reverse()]) {
      const fresh = loadEngine({ snapshot: miniSnapshot() });
      expect(reused.search(req, { explain: true })).toBe(fresh.search(req, { explain: true }));
    }
    // Someone holding the core may overwrite its buffers: the next search rewrites them.
    const core = reused.wasm;
    new Uint8Array(core.memory.buffer, core.maskPtr(), core.docCount()).fill(0);
    new Float64Array(core.memory.buffer, core.multPtr(), core.docCount()).fill(3);
    expect(reused.search({ query: '转发消息' })).toBe(loadEngine({ snapshot: miniSnapshot() }).search({ query: '转发消息' }));
  });
});

describe('subqueries', () => {
  it('merge round-robin by rank, skipping duplicates and twins of tools already in', () => {
    const subqueries = ['撤回消息', '创建待办', '上传文件到钉盘'];
    const r = run({ query: '三步任务', subqueries, limit: 6 });
    expect(r.strategy).toBe('decomposed_round_robin');
    const e = shippedEngine();
    const group = (p: string) => e.meta.twin[e.meta.canonical_path.indexOf(p)];
    const lists = subqueries.map((q) => run({ query: q, limit: 20 }).candidates.map((c: { canonical_path: string }) => c.canonical_path));
    const expected: string[] = [];
    for (let i = 0; expected.length < 6; i++) {
      for (const l of lists) {
        if (l[i] && !expected.some((x) => group(x) === group(l[i])) && expected.length < 6) expected.push(l[i]);
      }
    }
    expect(r.candidates.map((c: { canonical_path: string }) => c.canonical_path)).toEqual(expected);
    expect(r.subqueries).toEqual(subqueries);
  });

  it('any exact_filtered subquery makes the whole response decomposed_exact_filtered', () => {
    const r = runFixture({ query: 'x', subqueries: ['创建待办', 'chat.recall_message'] });
    expect(r).toMatchObject({ strategy: 'decomposed_exact_filtered', candidates: [], abstained: true, exact_filtered: { canonical_path: 'chat.recall_message', reason: 'unavailable' } });
  });

  it('a product the whole task names steers each step that names none', () => {
    const step = '把文件下载到本地';
    const alone = run({ query: step, limit: 1 }).candidates[0];
    const inTask = run({ query: '在钉盘里把预算表下载下来发给财务', subqueries: [step, '发给财务'], limit: 1 }).candidates[0];
    expect(inTask.product_id).toBe('drive');
    expect(alone.product_id).not.toBe('drive');
  });

  it('an exact subquery contributes its tool', () => {
    const r = run({ query: 'x', subqueries: ['chat.recall_message', '创建待办'], limit: 2 });
    expect(r.candidates[0]).toMatchObject({ canonical_path: 'chat.recall_message', rank_sources: ['exact_guard'] });
  });
});

describe('round-robin merge', () => {
  const hit = (doc: number) => ({ doc, score: 1, sources: ['bm25'], fields: ['title'], strong: true, coverage: 1 });
  const docs = (hits: { doc: number }[]) => hits.map((h) => h.doc);

  it('takes rank 1 of every list, then rank 2, skipping duplicates, up to the limit', () => {
    expect(docs(roundRobin([[hit(1), hit(2), hit(3)], [hit(2), hit(4)], [hit(5)]], 5))).toEqual([1, 2, 5, 4, 3]);
    expect(docs(roundRobin([[hit(1), hit(2)], [hit(3), hit(4)]], 3))).toEqual([1, 3, 2]);
    expect(docs(roundRobin([[], [hit(7)]], 5))).toEqual([7]);
  });

  it('treats a shortcut and the command it wraps as one capability', () => {
    // doc 2 wraps doc 1 (twin group 1): after 1 is in, 2 is a duplicate and step 3 gets the slot
    const twin = Uint32Array.from([0, 1, 1, 3, 4, 5, 6]);
    expect(docs(roundRobin([[hit(1), hit(2)], [hit(3), hit(4)], [hit(6), hit(5)]], 5, twin))).toEqual([1, 3, 6, 4, 5]);
    expect(docs(roundRobin([[hit(1), hit(2)], [hit(3), hit(4)], [hit(6), hit(5)]], 5))).toEqual([1, 3, 6, 2, 4]);
  });
});

describe('response budget', () => {
  it('fits 8,192 bytes with the newline, dropping whole references and marking truncated', () => {
    const r = shippedEngine().search({ query: '消息 message 群 group 文件 file 表格', limit: 20, candidate_limit: 100 }, { explain: true });
    expect(Buffer.byteLength(r) + 1).toBeLessThanOrEqual(8192);
    const parsed = JSON.parse(r);
    if (parsed.candidates.length < 20) expect(parsed.truncated).toBe(true);
    expect(parsed.candidates.map((c: { rank: number }) => c.rank)).toEqual(parsed.candidates.map((_: unknown, i: number) => i + 1));
  });
});

describe('twins share one slot (SPEC 4.4)', () => {
  const group = (p: string) => shippedEngine().meta.twin[shippedEngine().meta.canonical_path.indexOf(p)];
  it('no answer shows both twins of a pair, and the partner is named in twins', () => {
    const queries = ['撤回消息', 'recall the message I sent', '群成员列表', 'rename a drive file', '查询忙闲', 'export the doc as pdf', '批量更新记录'];
    for (const query of queries) {
      const r = run({ query, limit: 10 });
      const groups = r.candidates.map((c: { canonical_path: string }) => group(c.canonical_path));
      expect(new Set(groups).size, query).toBe(groups.length);
    }
    const first = run({ query: 'recall the message I sent to the group' }).candidates[0];
    expect(first.twins).toEqual(['chat.shortcut_messages_recall']);
  });

  it('a decomposed request without a limit shows every step its best hit, its runner-up and its third', () => {
    const subqueries = ['撤回消息', '创建待办', '上传文件到钉盘'];
    const r = run({ query: '三步任务', subqueries });
    const perStep = subqueries.map((_, i) => r.candidates.filter((c: { steps?: number[] }) => c.steps?.includes(i)).length);
    expect(perStep.every((n) => n >= 3)).toBe(true);
    expect(r.candidates.length).toBeLessThanOrEqual(9);
    // each step's own first two hits lead the references that answer it (another step's hit answers it only when it
    // is among the step's best two)
    for (const [i, q] of subqueries.entries()) {
      const own = (JSON.parse(shippedEngine().search({ query: q, limit: 2 })) as { candidates: { canonical_path: string }[] }).candidates.map((c) => c.canonical_path);
      const mine = r.candidates.filter((c: { steps?: number[] }) => c.steps?.includes(i)).map((c: { canonical_path: string }) => c.canonical_path);
      expect(mine.slice(0, 2).sort(), q).toEqual(own.sort());
    }
    expect(run({ query: '三步任务', subqueries, limit: 3 }).candidates).toHaveLength(3);
  });
});

describe('withSteps', () => {
  it("another step's hit answers a step only among that step's best two", async () => {
    const { withSteps, STEP_ANSWER_DEPTH } = await import('../../src/engine/stages/merge.js');
    const hit = (doc: number) => ({ doc, score: 1, sources: [], fields: [], strong: true, coverage: 1 });
    const twin = Uint32Array.from([0, 1, 2, 3, 4, 5]);
    const lists = [[hit(0), hit(1), hit(2)], [hit(3), hit(4), hit(0)]];
    const shown = [0, 3, 1, 4, 2, 5].map(hit);
    const steps = withSteps(shown, lists, 6, twin, STEP_ANSWER_DEPTH).map((h) => h.steps ?? []);
    // doc 0 is step 1's third: it answers step 0 only; doc 2, step 0's third, still answers its own step
    expect(steps).toEqual([[0], [1], [0], [1], [0], []]);
  });
});
