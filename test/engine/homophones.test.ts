// Homophone typos (src/lexicon/homophones.ts): a stretch the catalog never says, that leans on no neighbour and reads
// like exactly one catalog keyword differing in one character, is ranked as that keyword; everything else stays.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { repairRun } from '../../src/lexicon/homophones.js';
import { READINGS, WORDS } from '../../src/lexicon/homophone-table.js';
import { catalogWords } from '../../scripts/lib/homophone-words.mjs';
import { loadEngine } from '../../src/index.js';
import { shippedEngine } from '../helpers.js';

const reading = new Map<string, string>();
for (const [s, cs] of READINGS) for (const c of cs) reading.set(c, s);
const none = () => false;

describe('homophone repair', () => {
  it('repairs a stretch that reads like one catalog keyword and differs from it in one character', () => {
    expect(WORDS).toContain('白板');
    expect(repairRun([...'白版里'], none).join('')).toBe('白板里');
    expect(repairRun([...'重新起用'], none).join('')).toBe('重新启用');
  });

  it('leaves a stretch alone when the catalog says it or a neighbour claims one of its characters', () => {
    // 找到 + 入职: the pair 到入 reads like 导入, but 找到 is a known pair
    const chars = [...'找到入职'];
    expect(repairRun(chars, (j) => j === 0 || j === 2).join('')).toBe('找到入职');
    expect(repairRun([...'白版'], () => true).join('')).toBe('白版');
  });

  it('never changes a run whose pairs are all known, and changes only characters to ones that read the same', () => {
    const han = fc.constantFrom(...'白板版办班把这个文件夹复制一份到部门空间去起用启用重新命名名'.split(''));
    fc.assert(fc.property(fc.array(han, { minLength: 2, maxLength: 12 }), fc.integer({ min: 0, max: 2 ** 11 - 1 }), (cs, known) => {
      expect(repairRun(cs, () => true)).toEqual(cs);
      const out = repairRun(cs, (j) => ((known >>> j) & 1) === 1);
      expect(out).toHaveLength(cs.length);
      out.forEach((c, i) => { if (c !== cs[i]) expect(reading.get(c)).toBe(reading.get(cs[i])); });
    }), { numRuns: 300 });
  });

  it('ranks a request with the typo like the request without it, and the option turns it off', () => {
    const off = loadEngine({ ranking: { homophones: 0 } });
    const top = (q: string, e = shippedEngine()) => (JSON.parse(e.search({ query: q, limit: 3 })).candidates as { canonical_path: string }[])
      .map((c) => c.canonical_path);
    expect(top('白版里加一个节点')).toEqual(top('白板里加一个节点'));
    expect(top('白版里加一个节点', off)).not.toEqual(top('白板里加一个节点'));
  });

  it('holds the catalog keywords of today (run node scripts/gen-homophone-table.mjs after changing keywords)', () => {
    expect(WORDS).toEqual(catalogWords(new URL('../../catalog', import.meta.url).pathname));
  });
});
