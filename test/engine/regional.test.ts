// Regional vocabulary: Taiwan / Hong Kong words are ranked as the mainland words the catalog uses, and simplified
// text is never rewritten.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toMainland } from '../../src/lexicon/regional.js';
import { REGIONAL } from '../../src/lexicon/regional-table.js';
import { instantiateCore, tokenize } from '../../src/core/core.js';
import { shippedEngine } from '../helpers.js';
import { readFileSync } from 'node:fs';
import YAML from 'yaml';

const core = instantiateCore();

describe('regional vocabulary', () => {
  it('rewrites Taiwan and Hong Kong words, longest first, and leaves the rest of the text alone', () => {
    expect(toMainland('把這個資料夾複製一份')).toBe('把這個文件夾複製一份');
    // a word the catalog writes itself (複製, 執行) is left alone
    expect(toMainland('把訊息匯出並儲存，再執行')).toBe('把消息導出並保存，再執行');
    expect(toMainland('軟體和網路')).toBe('軟件和網絡');
    expect(toMainland('')).toBe('');
    expect(toMainland('send the file')).toBe('send the file');
  });

  it('carries our own workplace words (catalog/lexicon/regional.yaml) over OpenCC\'s', () => {
    const own = YAML.parse(readFileSync(new URL('../../catalog/lexicon/regional.yaml', import.meta.url), 'utf8')).words as Record<string, string>;
    const table = new Map(REGIONAL);
    for (const [from, to] of Object.entries(own)) expect(table.get(from), from).toBe(to);
    // 檔案 is a file in Taiwan (the catalog's 档案 is an archive), 工作階段 a session, 勿擾 do-not-disturb
    expect(toMainland('雲端硬碟裡的檔案')).toBe('云盘裡的文件');
    expect(toMainland('把群組設成勿擾')).toBe('把群設成免打扰');
  });

  it('keeps only words with a traditional-only character, so simplified text is unchanged', () => {
    for (const [from, to] of REGIONAL) {
      expect(tokenize(core, from).join(' '), from).not.toBe(from.length > 1 ? [...from].flatMap((c, i, a) => (i + 1 < a.length ? [c, c + a[i + 1]] : [c])).join(' ') : from);
      expect(to.length).toBeGreaterThan(0);
    }
    const simplified = fc.constantFrom(...'把这个文件夹复制一份到部门空间去在线文档上传下载消息设置用户'.split(''), ' ', 'a');
    fc.assert(fc.property(fc.array(simplified, { maxLength: 20 }), (cs) => {
      const text = cs.join('');
      expect(toMainland(text)).toBe(text);
    }), { numRuns: 200 });
  });

  it('ranks a request in Taiwan wording like the same request in mainland wording', () => {
    const e = shippedEngine();
    const top = (q: string) => (JSON.parse(e.search({ query: q, limit: 3 })).candidates as { canonical_path: string }[]).map((c) => c.canonical_path);
    expect(top('把這個資料夾移到共享空間')).toEqual(top('把這個文件夾移到共享空間'));
  });
});
