// Lookups (catalog/lexicon/inputs.yaml, src/lexicon/inputs.ts): the command that finds a value a compound request's
// first hit needs, added to the last slot when no shown command yields it and the request names the thing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import path from 'node:path';
import { checkInputTable, lookupsFor, REQUIRED, resolveInputs, SELF, type InputLexicon, type InputTable } from '../../src/lexicon/inputs.js';
import { readInputLexicon } from '../../src/build/load.js';
import { loadEngine } from '../../src/index.js';
import { ROOT, realCatalog, shippedEngine } from '../helpers.js';

const tool = (canonical_path: string, parameters: Record<string, boolean> = {}) => ({
  canonical_path,
  product_id: canonical_path.slice(0, canonical_path.indexOf('.')),
  parameters: Object.fromEntries(Object.entries(parameters).map(([name, required]) => [name, { required }])),
});

const TOOLS = [
  tool('chat.search_groups'),
  tool('chat.list_groups'),
  tool('chat.add_member', { id: true, users: true }),
  tool('chat.rename', { id: false }),
  tool('contact.me'),
  tool('contact.find_user'),
  tool('hr.balance', { users: false }),
];

const LEX: InputLexicon = {
  kinds: [
    { name: 'conversation', params: { chat: ['id'] }, finders: ['chat.search_groups'], yields: ['chat.list_groups'], zh: ['群'], en: ['group'] },
    {
      name: 'user', params: { chat: ['users'], hr: ['users'] }, finders: ['contact.find_user'], yields: [], zh: ['同事'], en: ['colleague'],
      self: { command: 'contact.me', params: { hr: ['users'] }, zh: ['我'], en: ['my'], not: ['帮我', '给我'] },
    },
  ],
};

describe('resolving the lexicon against a catalog', () => {
  const table = resolveInputs(LEX, TOOLS);

  it('turns commands into docs and parameters into per-tool needs with their flags', () => {
    expect(table.kinds.map((k) => [k.name, k.finder, k.carriers])).toEqual([['conversation', 0, [0, 1]], ['user', 5, [5]]]);
    expect(table.kinds[1].self?.doc).toBe(4);
    // chat.add_member: --id (required) and --users (required, no self there); chat.rename: --id optional;
    // hr.balance: --users optional, the requester's own.
    expect(table.needs).toEqual({ 2: [0, REQUIRED, 1, REQUIRED], 3: [0, 0], 6: [1, SELF] });
  });

  it('leaves out kinds whose finder a small catalog lacks, and rejects every gap when strict', () => {
    const small = TOOLS.filter((t) => t.canonical_path !== 'contact.find_user' && t.canonical_path !== 'chat.list_groups');
    const t = resolveInputs(LEX, small);
    expect(t.kinds.map((k) => [k.name, k.carriers])).toEqual([['conversation', [0]]]);
    expect(() => resolveInputs(LEX, small, true)).toThrow(/contact\.find_user.*chat\.list_groups|chat\.list_groups.*contact\.find_user/u);
    const renamed = { kinds: [{ ...LEX.kinds[0], params: { chat: ['group-id'] } }] };
    expect(() => resolveInputs(renamed, TOOLS, true)).toThrow(/no chat tool has --group-id/u);
    expect(resolveInputs(LEX, TOOLS, true)).toEqual(table);
  });

  it('the shipped lexicon matches the shipped catalog exactly', () => {
    const catalog = realCatalog();
    const lex = readInputLexicon(path.join(ROOT, 'catalog'));
    const shipped = resolveInputs(lex, catalog.tools, true);
    expect(shipped.kinds.length).toBe(lex.kinds.length);
    // Every kind is taken by some tool, and every command a search adds is a visible, available read.
    for (const [i, k] of shipped.kinds.entries()) {
      expect(Object.values(shipped.needs).some((pairs) => pairs.some((v, j) => j % 2 === 0 && v === i)), k.name).toBe(true);
      for (const doc of [k.finder, ...(k.self ? [k.self.doc] : [])]) {
        const t = catalog.tools[doc];
        expect([t.effect, t.visibility, t.availability], `${k.name}: ${t.canonical_path}`).toEqual(['read', 'visible', 'available']);
      }
    }
    expect(shipped).toEqual(shippedEngine().meta.inputs);
  });
});

describe('the stored table', () => {
  const table = resolveInputs(LEX, TOOLS);

  it('passes its own check and fails closed on anything malformed', () => {
    expect(checkInputTable(structuredClone(table), TOOLS.length)).toEqual(table);
    const bad: [string, (t: InputTable) => unknown][] = [
      ['not an object', () => null],
      ['a finder out of range', (t) => { t.kinds[0].finder = TOOLS.length; return t; }],
      ['a carrier that is not a doc', (t) => { t.kinds[0].carriers.push(-1); return t; }],
      ['an empty word', (t) => { t.kinds[0].zh.push(''); return t; }],
      ['a self command out of range', (t) => { t.kinds[1].self!.doc = 99; return t; }],
      ['a need for a doc out of range', (t) => { t.needs[String(TOOLS.length)] = [0, 1]; return t; }],
      ['a need naming no kind', (t) => { t.needs['2'] = [2, 1]; return t; }],
      ['an odd need list', (t) => { t.needs['2'] = [0, 1, 1]; return t; }],
    ];
    for (const [what, damage] of bad) expect(() => checkInputTable(damage(structuredClone(table)), TOOLS.length), what).toThrow();
  });
});

describe('which lookups a first hit calls for', () => {
  const table = resolveInputs(LEX, TOOLS);
  const none = () => false;

  it('a required value whose thing the request names, once', () => {
    expect(lookupsFor(table, 2, '把 ada 加进设计群', none)).toEqual([0]);
    expect(lookupsFor(table, 2, 'add ada and a colleague to the design groups', none)).toEqual([0, 5]);
    // Not named: nothing to look up by name.
    expect(lookupsFor(table, 2, 'add ada', none)).toEqual([]);
    // An optional value is left to the agent.
    expect(lookupsFor(table, 3, 'rename the group', none)).toEqual([]);
    // A tool without lookups.
    expect(lookupsFor(table, 0, 'find the group', none)).toEqual([]);
  });

  it('nothing a shown command already yields (the finder, its yields)', () => {
    expect(lookupsFor(table, 2, 'add ada to the group', (docs) => docs.includes(1))).toEqual([]);
  });

  it('the requester\'s own value when the request is about itself, not when it only addresses the engine', () => {
    expect(lookupsFor(table, 6, '看下我年假还剩几天', none)).toEqual([4]);
    expect(lookupsFor(table, 6, 'show my leave balance', none)).toEqual([4]);
    expect(lookupsFor(table, 6, '帮我看下年假余额', none)).toEqual([]);
    expect(lookupsFor(table, 6, '给我看看张三的年假', none)).toEqual([]);
    expect(lookupsFor(table, 6, 'show me the leave balance', none)).toEqual([]);
    // Already shown.
    expect(lookupsFor(table, 6, '看下我年假', (docs) => docs.includes(4))).toEqual([]);
    // Only a parameter the requester can be the subject of: chat.add_member's --users are other people.
    expect(lookupsFor(table, 2, '把我加进设计群', none)).toEqual([0]);
  });
});

describe('lookups in a search', () => {
  const on = shippedEngine();
  const off = loadEngine({ ranking: { lookups: 0 } });
  type Ref = { canonical_path: string; rank: number; rank_sources: string[]; matched_fields: string[] };
  const search = (e: ReturnType<typeof loadEngine>, query: string, limit = 5, product_ids?: string[]) =>
    (JSON.parse(e.search({ version: 'tool-search.v1', query, limit, ...(product_ids ? { product_ids } : {}) })) as { candidates: Ref[] }).candidates;
  const paths = (refs: Ref[]) => refs.map((r) => r.canonical_path);

  it('adds the app finder when the first hit subscribes an app the request only names', () => {
    const q = '给考勤助手这个应用订阅通讯录变更事件，然后看下订阅结果';
    const with_ = search(on, q);
    const without = search(off, q);
    expect(with_[0].canonical_path).toBe('dev.subscribe_dev_app_events');
    expect(paths(without)).not.toContain('dev.list_dev_app');
    expect(with_[4]).toMatchObject({ canonical_path: 'dev.list_dev_app', rank: 5, rank_sources: ['input_lookup'], matched_fields: [] });
    expect(paths(with_).slice(0, 4)).toEqual(paths(without).slice(0, 4));
  });

  it('adds the current user for a request about the requester\'s own balance, not for someone else\'s', () => {
    expect(paths(search(on, '查一下我上个月的假期余额，再看看请假记录'))).toContain('contact.get_current_user_profile');
    expect(paths(search(on, '查一下张三上个月的假期余额，再看看请假记录'))).not.toContain('contact.get_current_user_profile');
  });

  it('leaves single requests, filtered-out finders and requests that do not name the thing as they were', () => {
    for (const q of ['给考勤助手这个应用订阅通讯录变更事件', '撤回我刚发的群消息', '订阅通讯录变更事件，然后看下订阅结果']) {
      expect(search(on, q), q).toEqual(search(off, q));
    }
    const q = '查一下我上个月的假期余额，再看看请假记录';
    expect(search(on, q, 5, ['attendance'])).toEqual(search(off, q, 5, ['attendance']));
  });

  it('keeps the first hit and the other hits\' order, within the limit, each tool once (property)', () => {
    const queries = [
      '给考勤助手这个应用订阅通讯录变更事件，然后看下订阅结果',
      '查一下我上个月的假期余额，再看看请假记录',
      'Add the new hires to the design group and then pin the welcome message',
      '把这个应用的机器人打开，然后看看它有哪些成员',
      '新建表格，然后把表头加粗',
    ];
    fc.assert(fc.property(fc.constantFrom(...queries), fc.integer({ min: 1, max: 10 }), (q, limit) => {
      const a = search(on, q, limit);
      const b = paths(search(off, q, limit));
      expect(a.length).toBeLessThanOrEqual(limit);
      expect(new Set(paths(a)).size).toBe(a.length);
      expect(a.map((r) => r.rank)).toEqual(a.map((_, i) => i + 1));
      expect(a[0].canonical_path).toBe(b[0]);
      const ranked = a.filter((r) => r.rank_sources[0] !== 'input_lookup');
      // Lookups come last, and what stays of the other hits keeps its order.
      expect(a.slice(ranked.length).every((r) => r.rank_sources[0] === 'input_lookup')).toBe(true);
      const kept = paths(ranked);
      expect(b.filter((p) => kept.includes(p))).toEqual(kept);
    }), { numRuns: 40 });
  });
});
