// Compound queries without subqueries: the steps a query is split into, and the step fill of the last slots.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { querySteps } from '../../src/engine/search.js';
import { loadEngine } from '../../src/index.js';
import { shippedEngine } from '../helpers.js';

const search = (e: ReturnType<typeof loadEngine>, query: string, limit = 5) =>
  JSON.parse(e.search({ version: 'tool-search.v1', query, limit })) as { candidates: { canonical_path: string }[] };
const paths = (r: { candidates: { canonical_path: string }[] }) => r.candidates.map((c) => c.canonical_path);

describe('query steps', () => {
  it('split at punctuation and step connectives, in both languages', () => {
    expect(querySteps('搜出那条消息，收藏一下，再转发给老板')).toEqual(['搜出那条消息', '收藏一下', '转发给老板']);
    expect(querySteps('下载下来然后发到群里')).toEqual(['下载下来', '发到群里']);
    expect(querySteps('Create a base, add a table and then add two columns')).toEqual(['Create a base', 'add a table', 'add two columns']);
    expect(querySteps('撤回我刚发的群消息')).toEqual(['撤回我刚发的群消息']);
    // "band" and "thenceforth" are words, not connectives
    expect(querySteps('band thenceforth')).toEqual(['band thenceforth']);
  });

  it('never return an empty or one-character step (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 40 }), (q) => querySteps(q).every((s) => [...s].length >= 2 && s === s.trim())));
  });
});

describe('step fill', () => {
  const e = shippedEngine();
  const off = loadEngine({ ranking: { stepCoverage: 2 } });

  it('a compound query gets a later step into the top 5 without moving the first hit', () => {
    const q = '建个群，然后把群公告发一下';
    // Without the query-term lexicon: with it (建个 asks for 创建) the whole query already ranks the group creation
    // fifth, so there is no later step left for step fill to add.
    const plain = loadEngine({ ranking: { queryTerms: 0 } });
    const on = paths(search(plain, q));
    const without = paths(search(loadEngine({ ranking: { stepCoverage: 2, queryTerms: 0 } }), q));
    expect(on.slice(0, 4)).toEqual(without.slice(0, 4));
    expect(without.some((p) => p.endsWith('chat_create') || p === 'chat.create_group_conversation')).toBe(false);
    expect(on[4]).toBe('chat.shortcut_chat_create');
  });

  it('leaves single-step queries, and steps already represented, exactly as they were', () => {
    for (const q of ['撤回我刚发的群消息', 'who has read my message', '把 B 列宽度设成 200 像素', '查一下我的待办，然后把最早那条标成完成']) {
      expect(search(e, q)).toEqual(search(off, q));
    }
  });

  it('keeps the top hits of the whole query in order, whatever the limit (property)', () => {
    const queries = ['搜出报价单消息，收藏一下', '新建表格，然后把表头加粗', 'find the file and then download it', '看下年假，再给我请假入口'];
    fc.assert(fc.property(fc.constantFrom(...queries), fc.integer({ min: 1, max: 10 }), (q, limit) => {
      const on = paths(search(e, q, limit));
      expect(on.length).toBeLessThanOrEqual(limit);
      expect(new Set(on).size).toBe(on.length);
      expect(on[0]).toBe(paths(search(off, q, limit))[0]);
    }), { numRuns: 30 });
  });
});
