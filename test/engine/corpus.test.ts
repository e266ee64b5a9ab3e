// A recorded corpus of responses pins the engine's bytes across refactors: thousands of searches (every identity,
// every tool's own titles as queries, filter and subquery combinations, the shipped request fixtures and, when
// ../shared is present, the dev set's queries and subqueries), with and without explain, plus every compact Inspect
// and every product page. The golden stores one short digest per response, never the responses themselves (so no
// evaluation text enters the repository). A deliberate change to ranking, text or rendering rewrites it with
// UPDATE_GOLDEN=1; the diff then says how many answers moved.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, shippedEngine } from '../helpers.js';
import { inspect } from '../../src/schema/browse.js';

const GOLDEN = path.join(ROOT, 'test', 'fixtures', 'corpus.golden.json');
const DEV = path.join(ROOT, '..', 'shared', 'eval', 'qrels-dev.jsonl');

// The catalog hashes every answer carries change with any catalog edit (a reviewed parameter, a plan); the corpus
// pins what the answers say, so they are digested without them (test/catalog/hash.test.ts pins the hashes).
const digest = (text: string) => createHash('sha256').update(text.replace(/sha256:[0-9a-f]{64}/gu, 'sha256:*')).digest('hex').slice(0, 16);

type Case = { key: string; run: () => string };

function answer(run: () => string): string {
  try {
    return run();
  } catch (e) {
    const err = e as { reason?: string; message?: string };
    return `error ${err.reason ?? 'thrown'}: ${err.message ?? String(e)}`;
  }
}

function catalogCases(): Case[] {
  const e = shippedEngine();
  const overview = JSON.parse(inspect(e, undefined, { compact: true })) as { products: { id: string }[] };
  const products = overview.products.map((p) => p.id);
  const cases: Case[] = [{ key: 'inspect:overview', run: () => inspect(e, undefined, { compact: true }) }];
  const tools: { canonical_path: string; cli_path: string; title: string; title_en: string; effect: string; product_id: string }[] = [];
  for (const id of products) {
    cases.push({ key: `inspect:${id}`, run: () => inspect(e, id, { compact: true }) });
    const page = JSON.parse(inspect(e, id)) as { tools: { canonical_path: string }[] };
    for (const t of page.tools) tools.push(JSON.parse(inspect(e, t.canonical_path)));
  }
  const search = (key: string, request: Record<string, unknown>, explain = false) =>
    cases.push({ key: `search:${key}${explain ? ':explain' : ''}`, run: () => e.search(request, { explain }) });
  tools.forEach((t, i) => {
    cases.push({ key: `inspect:${t.canonical_path}`, run: () => inspect(e, t.canonical_path, { compact: true }) });
    search(`canonical:${t.canonical_path}`, { query: t.canonical_path });
    search(`cli:${t.canonical_path}`, { query: `dws ${t.cli_path}`, limit: 3 });
    search(`title:${t.canonical_path}`, { query: t.title }, i % 7 === 0);
    search(`title_en:${t.canonical_path}`, { query: t.title_en, limit: 10 });
    if (i % 5 === 0) search(`filtered:${t.canonical_path}`, { query: t.title, product_ids: [t.product_id], effects: ['read'], limit: 8 });
    if (i % 9 === 0) {
      const next = tools[(i * 7 + 3) % tools.length] ?? t;
      search(`steps:${t.canonical_path}`, { query: `${t.title}，然后${t.title_en}`, limit: 5 });
      search(`subqueries:${t.canonical_path}`, { query: 'task', subqueries: [t.title, t.title_en, t.canonical_path], limit: 6, exclude_canonical: [next.canonical_path] });
    }
  });
  return cases;
}

function fixtureCases(): Case[] {
  const e = shippedEngine();
  const lines = readFileSync(path.join(ROOT, 'test', 'fixtures', 'requests.jsonl'), 'utf8').split('\n').filter(Boolean);
  return lines.flatMap((line, i) => [
    { key: `fixture:${i}`, run: () => e.search(line) },
    { key: `fixture:${i}:explain`, run: () => e.search(line, { explain: true }) },
  ]);
}

function devCases(): Case[] {
  if (!existsSync(DEV)) return [];
  const e = shippedEngine();
  const cases: Case[] = [];
  readFileSync(DEV, 'utf8').split('\n').filter(Boolean).forEach((line) => {
    const c = JSON.parse(line) as { id: string; query: string; subqueries?: string[] };
    cases.push({ key: `dev:${c.id}`, run: () => e.search({ query: c.query, limit: 10 }) });
    cases.push({ key: `dev:${c.id}:explain`, run: () => e.search({ query: c.query, limit: 5 }, { explain: true }) });
    if (c.subqueries) {
      cases.push({ key: `dev:${c.id}:subqueries`, run: () => e.search({ query: c.query, subqueries: c.subqueries, limit: 5 }) });
      c.subqueries.forEach((q, j) => cases.push({ key: `dev:${c.id}:step${j}`, run: () => e.search({ query: q, limit: 5 }) }));
    }
  });
  return cases;
}

describe('the recorded response corpus', () => {
  it('gives byte-identical responses (digests) for every recorded request', () => {
    const cases = [...catalogCases(), ...fixtureCases(), ...devCases()];
    const got: Record<string, string> = {};
    for (const c of cases) got[c.key] = digest(answer(c.run));
    expect(Object.keys(got).length).toBe(cases.length); // keys are unique
    // Written only with UPDATE_GOLDEN=1, then read back and compared like any run: the test never passes unchecked.
    if (process.env.UPDATE_GOLDEN === '1') {
      // Without ../shared the dev digests cannot be recomputed. Keeping the recorded ones silently let them go stale
      // (any catalog text moves the explain scores), and the CI, which has ../shared, then failed: re-recording
      // without the dev set is refused unless CORPUS_KEEP_DEV=1 says the stale dev part is meant.
      if (!existsSync(DEV) && process.env.CORPUS_KEEP_DEV !== '1') {
        throw new Error(`${DEV} is missing: re-record where ../shared is present (or set CORPUS_KEEP_DEV=1 to keep the recorded dev digests)`);
      }
      const kept = !existsSync(DEV) && existsSync(GOLDEN)
        ? Object.fromEntries(Object.entries(JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>).filter(([k]) => k.startsWith('dev:')))
        : {};
      writeFileSync(GOLDEN, JSON.stringify({ ...got, ...kept }, null, 0).replace(/","/g, '",\n"') + '\n');
    }
    expect(existsSync(GOLDEN), `${GOLDEN} is missing: record it with UPDATE_GOLDEN=1`).toBe(true);
    const want = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    // The dev part is recorded and compared only where ../shared is present.
    const comparable = Object.keys(want).filter((k) => existsSync(DEV) || !k.startsWith('dev:'));
    const changed = comparable.filter((k) => got[k] !== want[k]);
    expect(changed.slice(0, 20), `${changed.length} of ${comparable.length} responses changed`).toEqual([]);
    expect(Object.keys(got).filter((k) => !(k in want))).toEqual([]);
    expect(comparable.length).toBeGreaterThan(3000);
  });
});
