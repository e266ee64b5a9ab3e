// The query-term lexicon (catalog/lexicon/query-terms.yaml, src/build/query-lexicon.ts) and the core's expansion
// terms (assembly/query.ts collectExpansions, assembly/bm25.ts scoreExpansions): the committed file is exactly what
// the miner makes from the train side, a request word the catalog never says finds the commands its terms name, an
// expansion of a term the query already has changes nothing, and every weight is applied in one fixed order.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from '../../src/build/query-lexicon-main.js';
import { readQueryTerms } from '../../src/build/load.js';
import { Engine } from '../../src/engine/engine.js';
import { expansionEntry, writeExpansion, writeInput, type CoreExports } from '../../src/core/core.js';
import { FIELDS } from '../../src/build/fields.js';
import { DEFAULT_RANKING, weightVector } from '../../src/engine/ranking.js';
import { readSnapshotBytes, ROOT } from '../helpers.js';

const CATALOG = path.join(ROOT, 'catalog');
const search = (e: Engine, query: string) => JSON.parse(e.search({ query, limit: 5 })) as { candidates: { canonical_path: string }[] };

describe('the query-term lexicon', () => {
  it('is the miner\'s output over the train side, byte for byte (never edited by hand)', () => {
    const text = generate(CATALOG, path.join(ROOT, 'eval', 'written'), false);
    expect(readFileSync(path.join(CATALOG, 'lexicon', 'query-terms.yaml'), 'utf8')).toBe(text);
    const terms = readQueryTerms(CATALOG);
    expect(Object.keys(terms).length).toBeGreaterThan(500);
    for (const list of Object.values(terms)) expect(list.length).toBeGreaterThan(0);
  }, 120_000);

  it('lets a request word no command says find the commands its catalog terms name, only with queryTerms on', () => {
    const on = new Engine(readSnapshotBytes());
    const off = new Engine(readSnapshotBytes(), { ranking: { ...DEFAULT_RANKING, queryTerms: 0, queryTermsCoverage: 0 } });
    // 删掉 (colloquial "delete"): the miner learned from the train requests that it asks for 删除.
    expect(readQueryTerms(CATALOG)['删掉']?.map(([t]) => t)).toContain('删除');
    const word = '删掉这个吧';
    const a = search(on, word).candidates.map((c) => c.canonical_path);
    const b = search(off, word).candidates.map((c) => c.canonical_path);
    expect(a).not.toEqual(b);
    const destructive = a.filter((p) => on.meta.valueOf('effect', [...Array(on.meta.count).keys()].find((d) => on.meta.canonical_path.at(d) === p)!) === 'destructive');
    expect(destructive.length).toBeGreaterThanOrEqual(3);
  });
});

describe('expansion terms in the core', () => {
  const run = (c: CoreExports, query: string, entries: Uint8Array[]) => {
    const n = c.docCount();
    new Uint8Array(c.memory.buffer, c.maskPtr(), n).fill(1);
    new Float64Array(c.memory.buffer, c.weightsPtr(), FIELDS.length).set(weightVector(DEFAULT_RANKING));
    new Float64Array(c.memory.buffer, c.multPtr(), n).fill(1);
    const qlen = writeInput(c, query);
    c.setExpansion(writeExpansion(c, qlen, entries));
    const count = c.search(qlen, 10, 0, 0, Infinity);
    c.setExpansion(0);
    const stride = c.outStride();
    const out = new DataView(c.memory.buffer, c.outPtr(), count * stride);
    return Array.from({ length: count }, (_, i) => [out.getUint32(i * stride, true), out.getFloat64(i * stride + 8, true)]);
  };

  it('ignores an expansion of a query term and an unknown term, and keeps a term given twice at its largest weights', () => {
    const c = new Engine(readSnapshotBytes()).wasm;
    const plain = run(c, '撤回 消息', []);
    expect(run(c, '撤回 消息', [expansionEntry('撤回', 5, 5)!, expansionEntry('zzqxvnotaterm', 5, 5)!])).toEqual(plain);
    const once = run(c, '撤回 消息', [expansionEntry('robot', 0.5, 0.3)!]);
    expect(once).not.toEqual(plain);
    expect(run(c, '撤回 消息', [expansionEntry('robot', 0.2, 0.1)!, expansionEntry('robot', 0.5, 0.3)!])).toEqual(once);
    // Entry order does not matter: the core scores expansion terms in term-id order.
    const ab = run(c, '撤回 消息', [expansionEntry('robot', 0.5, 0.3)!, expansionEntry('删除', 0.4, 0.2)!]);
    expect(run(c, '撤回 消息', [expansionEntry('删除', 0.4, 0.2)!, expansionEntry('robot', 0.5, 0.3)!])).toEqual(ab);
  });
});
