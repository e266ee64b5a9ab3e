// The written-from-commands set's split (src/build/written.ts) holds out a fifth of the commands, by twin group
// (src/build/twins.ts), the same fifth on every run; and the harness (src/eval/written.ts) counts a twin as a hit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldGroups, heldOutGroups, readWritten } from '../../src/build/written.js';
import { twinGroups } from '../../src/build/twins.js';
import { oneWordNames, overReach, runWritten, sideOf, type OverReachFacts } from '../../src/eval/written.js';
import type { ObjectLexicon } from '../../src/lexicon/actions.js';
import { shippedEngine } from '../helpers.js';
import { loadEngine } from '../../src/index.js';

describe('the written set', () => {
  it('holds out a fifth of the twin groups, the same ones every time, a tool and its twins on one side', () => {
    const e = shippedEngine();
    const groupOf = twinGroups(e.tools());
    const groups = [...groupOf.values()];
    const held = heldOutGroups(groups);
    expect(held.size).toBe(Math.ceil(new Set(groups).size / 5));
    expect([...heldOutGroups([...groups].reverse())]).toEqual([...held]);
    // the snapshot's twin groups are the build's, and the harness splits by them
    for (let d = 0; d < e.meta.count; d++) expect(e.meta.canonical_path.at(e.meta.twin[d])).toBe(groupOf.get(e.meta.canonical_path.at(d)!));
    const heldOut = sideOf(e, 'heldout');
    for (const [tool, group] of groupOf) expect(heldOut(tool)).toBe(held.has(group));
    expect(heldOut('drive.move_document')).toBe(heldOut('doc.move_document'));
  });

  it('splits by the same groups whatever twins a configuration searches with', () => {
    const withCalls = shippedEngine();
    const wrapsOnly = loadEngine({ ranking: { sameCallTwins: 0 } });
    expect(wrapsOnly.twin).not.toEqual(withCalls.twin);
    for (const split of ['heldout', 'valid', 'train'] as const) {
      const a = sideOf(withCalls, split);
      const b = sideOf(wrapsOnly, split);
      for (const t of withCalls.tools()) expect(b(t.canonical_path)).toBe(a(t.canonical_path));
    }
  });

  it('draws the validation fold from the train side: a fifth of the groups, none held out, a tool and its twin together', () => {
    const e = shippedEngine();
    const groupOf = twinGroups(e.tools());
    const groups = [...groupOf.values()];
    const held = heldOutGroups(groups);
    const valid = foldGroups(groups, 1);
    expect(valid.size).toBe(held.size);
    for (const g of valid) expect(held.has(g)).toBe(false);
    expect([...foldGroups(groups, 0)]).toEqual([...held]);
    const inValid = sideOf(e, 'valid');
    const train = sideOf(e, 'train');
    for (const [tool, group] of groupOf) {
      if (inValid(tool)) expect(train(tool)).toBe(true);
      expect(inValid(tool)).toBe(valid.has(group));
    }
  });

  it('counts a command\'s twin as a hit', () => {
    const e = shippedEngine();
    const set = { requests: [{ tool: 'chat.shortcut_messages_recall', q: 'chat message recall', lang: 'en' as const, style: 'terse' as const, product: 'chat' }], negatives: [], workflows: [] };
    expect(runWritten(e, set, 'all').units['R@1 overall']).toEqual([{ cluster: 'chat.recall_message', value: 1 }]);
  });

  it('counts a same-call twin as a hit by the snapshot\'s groups, and by a configuration\'s own when asked', () => {
    // `aitable list` and `aitable base list` send the same call; the request names the legacy one's words
    const set = { requests: [{ tool: 'aitable.list', q: 'aitable base list', lang: 'en' as const, style: 'terse' as const, product: 'aitable' }], negatives: [], workflows: [] };
    const first = (e: ReturnType<typeof shippedEngine>) => (JSON.parse(e.search({ query: 'aitable base list', limit: 10 })) as { candidates: { canonical_path: string }[] }).candidates[0].canonical_path;
    const wrapsOnly = loadEngine({ ranking: { sameCallTwins: 0 } });
    expect(first(wrapsOnly)).toBe('aitable.base_list');
    expect(runWritten(shippedEngine(), set, 'all').units['R@1 overall']).toEqual([{ cluster: 'aitable.base_list', value: 1 }]);
    expect(runWritten(wrapsOnly, set, 'all').units['R@1 overall']).toEqual([{ cluster: 'aitable.base_list', value: 0 }]);
    expect(runWritten(wrapsOnly, set, 'all', 'calls').units['R@1 overall']).toEqual([{ cluster: 'aitable.base_list', value: 1 }]);
  });
  it('judges a run on the split another snapshot\'s groups draw when asked (two snapshots whose groups differ)', () => {
    const e = shippedEngine();
    // a snapshot whose every command is its own group: its held-out fifth is another one
    const own = new Uint32Array(e.meta.count).map((_, d) => d);
    const splitBy = Object.create(e, { meta: { value: Object.create(e.meta, { twin: { value: own } }) } }) as typeof e;
    const requests = e.tools().map((t) => ({ tool: t.canonical_path, q: t.title_en, lang: 'en' as const, style: 'terse' as const, product: t.product_id }));
    const set = { requests, negatives: [], workflows: [] };
    const held = sideOf(splitBy, 'heldout');
    const expected = requests.filter((r) => held(r.tool)).map((r) => r.tool);
    expect(expected).not.toEqual(requests.filter((r) => sideOf(e, 'heldout')(r.tool)).map((r) => r.tool));
    // clustered by the split's groups (here each command), hits read by the engine's own
    expect(runWritten(e, set, 'heldout', 'config', splitBy).units['R@5 overall'].map((u) => u.cluster)).toEqual(expected);
    expect(runWritten(e, set, 'heldout', 'config', e).units['R@5 overall']).toEqual(runWritten(e, set, 'heldout').units['R@5 overall']);
  });
});

// A hand-made object lexicon: `column` names a base's field and a sheet's dimension, `row` a record and a dimension;
// 行 is a record's and a dimension's word, but inside 这几行 (a dimension's own longer word) it reads as the longer one.
const LEX: ObjectLexicon = {
  keys: ['table', 'record', 'field', 'dimension', 'view', 'form'],
  names: [['table'], ['record'], ['field'], ['dimension'], ['view'], ['form']],
  zh: [['数据表'], ['记录', '行'], ['字段', '这列'], ['整列', '行', '这几行'], ['视图'], ['表单']],
  en: [['table'], ['record', 'row'], ['field', 'column'], ['dimension', 'row', 'column'], ['view'], ['form', 'form view']],
  inside: [[], [0], [0], [], [0], [0]],
  including: { zh: [], en: [] },
};
/** Hand-made commands: path -> [twin group, destroys, object index]. */
const TOOLS: Record<string, [string, boolean, number]> = {
  'base.table_delete': ['base.table_delete', true, 0],
  'base.record_delete': ['base.record_delete', true, 1],
  'base.record_delete_legacy': ['base.record_delete', true, 1],
  'base.field_delete': ['base.field_delete', true, 2],
  'base.field_list': ['base.field_list', false, 2],
  'sheet.dimension_delete': ['sheet.dimension_delete', true, 3],
  'base.view_delete': ['base.view_delete', true, 4],
  'base.form_delete': ['base.form_delete', true, 5],
};
const FACTS: OverReachFacts = {
  group: (t) => TOOLS[t][0],
  destructive: (t) => TOOLS[t][1],
  object: (t) => LEX.keys[TOOLS[t][2]],
  objectIndex: (t) => TOOLS[t][2],
  objects: LEX,
};

describe('the destructive slice counts an over-reach by the word the request names its object with', () => {
  it('a destructive command on another reading of the word said is no over-reach; by the gold\'s key it was one', () => {
    expect(overReach('delete this column', 'base.field_delete', 'sheet.dimension_delete', FACTS)).toBe(false);
    expect(overReach('delete this column', 'base.field_delete', 'sheet.dimension_delete', FACTS, true)).toBe(true);
    expect(overReach('remove the row 3', 'base.record_delete', 'sheet.dimension_delete', FACTS)).toBe(false);
    expect(overReach('删掉第三行', 'base.record_delete', 'sheet.dimension_delete', FACTS)).toBe(false);
  });

  it('a destructive command on a container named with another word, or on a thing not named, is an over-reach', () => {
    // the table is named, but by its own word: it holds the record (the case)
    expect(overReach('delete the record in the table', 'base.record_delete', 'base.table_delete', FACTS)).toBe(true);
    // the record is not named at all
    expect(overReach('delete this column', 'base.field_delete', 'base.record_delete', FACTS)).toBe(true);
    // a sibling the request does not name (form view is the form's word, view alone the view's)
    expect(overReach('quick delete this view', 'base.view_delete', 'base.form_delete', FACTS)).toBe(true);
    // both named, each by its own word: no word names both
    expect(overReach('delete the field and the dimension', 'base.field_delete', 'sheet.dimension_delete', FACTS)).toBe(true);
  });

  it('reads words as the object lexicon does: English whole words, a Chinese word inside a longer one as the longer one', () => {
    // `rows` is no word of the lexicon (whole words only): nothing names the record
    expect(overReach('delete these rows', 'base.record_delete', 'sheet.dimension_delete', FACTS)).toBe(true);
    expect(oneWordNames('delete these rows', LEX, 1, 3)).toBe(false);
    // 这列 is the field's word only: the dimension is not named
    expect(overReach('删除这列', 'base.field_delete', 'sheet.dimension_delete', FACTS)).toBe(true);
    // 行 inside 这几行 reads as 这几行, the dimension's: the record is not named
    expect(oneWordNames('把这几行删掉', LEX, 1, 3)).toBe(false);
    expect(overReach('把这几行删掉', 'base.record_delete', 'sheet.dimension_delete', FACTS)).toBe(true);
  });

  it('counts no over-reach for the gold, its twin, a command that does not destroy, or one on the gold\'s object', () => {
    for (const byGold of [false, true]) {
      expect(overReach('delete the record in the table', 'base.record_delete', 'base.record_delete_legacy', FACTS, byGold)).toBe(false);
      expect(overReach('delete this column', 'base.record_delete', 'base.field_list', FACTS, byGold)).toBe(false);
      expect(overReach('delete the record', 'base.field_delete', 'base.field_delete', FACTS, byGold)).toBe(false);
      expect(overReach('delete the record', 'base.record_delete', undefined, FACTS, byGold)).toBe(false);
    }
  });

  it('counts by readings only requests the gold\'s key counts, and differs only where one said word names both objects', () => {
    const words = [...new Set([...LEX.zh.flat(), ...LEX.en.flat(), 'rows', '列', 'in the', 'and'])];
    const tools = Object.keys(TOOLS);
    fc.assert(fc.property(fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }), fc.constantFrom(...tools), fc.constantFrom(...tools), (said, gold, first) => {
      const q = `delete ${said.join(' ')}`;
      const byReading = overReach(q, gold, first, FACTS);
      const byKey = overReach(q, gold, first, FACTS, true);
      if (byReading) expect(byKey).toBe(true);
      if (byKey && !byReading) expect(oneWordNames(q, LEX, TOOLS[gold][2], TOOLS[first][2])).toBe(true);
    }), { numRuns: 500 });
  });
});

describe.each([['s34-destructive', 400], ['s35-destructive', 300], ['s36-destructive', 150], ['s37-destructive', 150]])('the requests sessions 34 to 37 added (eval/written/%s.jsonl)', (product, least) => {
  it('are all for train-side commands outside the validation fold, and for commands that destroy', () => {
    const e = shippedEngine();
    const set = readWritten('eval/written');
    const added = set.requests.filter((r) => r.product === product);
    expect(added.length).toBeGreaterThan(least);
    const train = sideOf(e, 'train');
    const valid = sideOf(e, 'valid');
    const doc = new Map<string, number>();
    for (let d = 0; d < e.meta.count; d++) doc.set(e.meta.canonical_path.at(d)!, d);
    const lex = e.meta.lexicon;
    const bits = ['delete', 'remove'].map((c) => lex.classes.indexOf(c)).reduce((b, i) => b | (1 << i), 0);
    for (const r of added) {
      const d = doc.get(r.tool);
      expect(d, r.tool).toBeDefined();
      expect(train(r.tool), r.q).toBe(true);
      expect(valid(r.tool), r.q).toBe(false);
      expect(e.meta.valueOf('effect', d!) === 'destructive' || (e.meta.actions[d!] & bits) !== 0, r.q).toBe(true);
    }
    expect(new Set(added.map((r) => r.q)).size).toBe(added.length);
  });
});

describe.each([['s35-destructive', 300], ['s36-destructive', 150], ['s37-destructive', 150]])('the requests sessions 35 to 37 added (eval/written/%s.jsonl)', (product, least) => {
  it('repeat no request of the other written files', () => {
    const set = readWritten('eval/written');
    const others = new Set(set.requests.filter((r) => r.product !== product).map((r) => r.q));
    const added = set.requests.filter((r) => r.product === product);
    expect(added.length).toBeGreaterThan(least);
    expect(added.filter((r) => others.has(r.q)).map((r) => r.q)).toEqual([]);
  });
});

describe.each([['s55-near', 200], ['s56-near', 200]])('the near misses a new writer added (eval/written/%s.neg.jsonl)', (product, least) => {
  it('are negatives only, each near train-side commands outside the validation fold, in a language the set knows, none repeated', () => {
    const e = shippedEngine();
    const set = readWritten('eval/written');
    const added = set.negatives.filter((n) => n.product === product);
    expect(added.length).toBeGreaterThan(least);
    expect(set.requests.filter((r) => r.product === product)).toEqual([]);
    expect(set.workflows.filter((w) => w.product === product)).toEqual([]);
    const paths = new Set(e.tools().map((t) => t.canonical_path));
    const train = sideOf(e, 'train');
    const valid = sideOf(e, 'valid');
    for (const n of added) {
      expect(n.near.length, n.q).toBeGreaterThan(0);
      for (const t of n.near) {
        expect(paths.has(t), t).toBe(true);
        expect(train(t), n.q).toBe(true);
        expect(valid(t), n.q).toBe(false);
      }
      expect(['zh', 'en', 'mixed'], n.q).toContain(n.lang);
      expect(n.why.trim().length, n.q).toBeGreaterThan(0);
    }
    const others = new Set(set.negatives.filter((n) => n.product !== product).map((n) => n.q));
    expect(added.filter((n) => others.has(n.q)).map((n) => n.q)).toEqual([]);
    expect(new Set(added.map((n) => n.q)).size).toBe(added.length);
  });

  it('fall on the train side of the harness, never on the held-out fifth', () => {
    const e = shippedEngine();
    const added = readWritten('eval/written').negatives.filter((n) => n.product === product);
    const only = { requests: [], negatives: added, workflows: [] };
    expect(runWritten(e, only, 'train').units['negatives flagged']).toHaveLength(added.length);
    expect(runWritten(e, only, 'heldout').units['negatives flagged']).toBeUndefined();
  });
});
