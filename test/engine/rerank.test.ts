// The action lexicon: tools take their action classes from their own names, queries from how people say it.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { readActionLexicon, readProductLexicon } from '../../src/build/load.js';
import { fold } from '../../src/text/fold.js';
import { filePhrases, PhraseBuckets, queryActionMask, queryProducts, toolActionMask } from '../../src/lexicon/actions.js';
import { toolMultipliers } from '../../src/engine/rerank.js';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import fc from 'fast-check';
import { ROOT, shippedEngine } from '../helpers.js';
import { loadEngine } from '../../src/index.js';

const lex = readActionLexicon(path.join(ROOT, 'catalog'));
const classes = (mask: number) => lex.classes.filter((_, i) => mask & (1 << i));

describe('action classes', () => {
  it('come from the verbs in a tool name and its CLI path', () => {
    expect(classes(toolActionMask('recall_message', 'chat message recall', lex))).toEqual(['recall']);
    expect(classes(toolActionMask('shortcut_record_delete', 'aitable +record-delete', lex))).toEqual(['delete']);
    expect(classes(toolActionMask('unsubscribe_dev_app_events', 'dev app event unsubscribe', lex))).toEqual(['delete']);
    expect(classes(toolActionMask('remove_conv_from_categories', 'chat category remove-conv', lex))).toEqual(['delete', 'remove']);
    expect(classes(toolActionMask('upgrade_group_to_external', 'chat group upgrade-external', lex))).toEqual(['update']);
    expect(classes(toolActionMask('search_wikiSpaces', 'wiki space search', lex))).toEqual(['search']);
    expect(classes(toolActionMask('selfsetting_save', 'attendance selfsetting save', lex))).toEqual(['update']);
    expect(classes(toolActionMask('forward_message', 'chat message forward', lex))).toEqual(['forward']);
    expect(classes(toolActionMask('query_minutes_by_tag_id', 'minutes tag minutes', lex))).toEqual(['search', 'list']);
    expect(classes(toolActionMask('shortcut_at_me', 'chat +at-me', lex))).toEqual([]);
  });

  it('come from Chinese substrings and whole English words in a query', () => {
    expect(classes(queryActionMask(fold('把这条消息撤回'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['recall']);
    // a word that may mean deleting or taking out of a container says both; a container word says remove alone
    expect(classes(queryActionMask(fold('删掉那条记录'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['delete', 'remove']);
    expect(classes(queryActionMask(fold('把他移出这个群'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['remove']);
    // leaving is not dismissing, switching on is not running, and both have their own class
    expect(classes(queryActionMask(fold('leave the group'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['quit']);
    expect(classes(queryActionMask(fold('停用这个自动化'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['enable']);
    expect(classes(queryActionMask(fold('trigger the workflow now'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['run']);
    expect(classes(queryActionMask(fold('把部门换成财务部'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['update']);
    expect(classes(queryActionMask(fold('查到他的手机号'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['search']);
    // ending a running thing is stop; its words may also end a share, so they say delete too
    expect(classes(queryActionMask(fold('kill the listener'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['delete', 'stop']);
    expect(classes(toolActionMask('connect_stop', 'dev connect stop', lex))).toEqual(['stop']);
    // a question about a property of the thing reads it
    expect(classes(queryActionMask(fold('这个文件多大'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['get']);
    expect(classes(queryActionMask(fold('how big is this file'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['get']);
    // the plain looking words do not say whether one item's details or a listing answers (session 21)
    expect(classes(queryActionMask(fold('show me the pinned messages'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['list', 'get']);
    expect(classes(queryActionMask(fold('看一下这个群的公告'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['list', 'get']);
    expect(classes(queryActionMask(fold('群公告详情'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['get']);
    // forwarding passes on a message that exists, sending writes a new one
    expect(classes(queryActionMask(fold('把这条消息转发给老板'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['forward']);
    expect(classes(queryActionMask(fold('把金额发到财务群'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['send']);
    // a phrasal verb split by its object pronoun is still that verb
    expect(classes(queryActionMask(fold('take him off the project'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['delete', 'remove']);
    expect(classes(queryActionMask(fold('turn it off'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(classes(queryActionMask(fold('turn off it'), lex, DEFAULT_RANKING.actionContextWords)));
    // a word inside a longer one said there is that longer word
    expect(classes(queryActionMask(fold('get rid of this row'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['delete', 'remove']);
    expect(classes(queryActionMask(fold('再複製一份副本'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['copy']);
    expect(classes(queryActionMask(fold('Create a new base'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['create']);
    expect(classes(queryActionMask(fold('UPLOAD the file'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['upload']);
    // "listen" is not "list", "address" is not "add"
    expect(classes(queryActionMask(fold('listen to the address book'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['subscribe']);
    expect(queryActionMask(fold('群里的角色'), lex, DEFAULT_RANKING.actionContextWords)).toBe(0);
  });

  it('leave out an action word that qualifies a thing, tells a past act, a later step or its record', () => {
    // 建立的: the session was created earlier; the request cancels it
    expect(classes(queryActionMask(fold('取消刚才建立的那个日程'), lex, DEFAULT_RANKING.actionContextWords))).toEqual([]);
    expect(classes(queryActionMask(fold('我上周发过哪些文件'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['list']);
    expect(classes(queryActionMask(fold('上次运行成功了吗'), lex, DEFAULT_RANKING.actionContextWords))).toEqual([]);
    // 记录 after a verb may be its log or its object: 删记录 deletes records
    expect(classes(queryActionMask(fold('删记录'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['delete', 'remove']);
    // (show says get and list alike: session 21; subscribe, after before, is set aside)
    expect(classes(queryActionMask(fold('show the fields before I subscribe'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['list', 'get']);
    expect(classes(queryActionMask(fold('before deleting it, list the files'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['list']);
    // a role or a right named by the verb
    expect(classes(queryActionMask(fold('申请编辑权限'), lex, DEFAULT_RANKING.actionContextWords))).toEqual([]);
    expect(classes(queryActionMask(fold('把他设为编辑'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['update']);
    // any occurrence said as the action counts
    expect(classes(queryActionMask(fold('把刚才建立的草稿删除，再建立一个新的'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['create', 'delete', 'remove']);
    expect(classes(queryActionMask(fold('subscribe before I forget'), lex, DEFAULT_RANKING.actionContextWords))).toEqual(['subscribe']);
  });

  it('are stored for every tool in the snapshot', () => {
    const e = shippedEngine();
    const tools = e.tools();
    tools.forEach((t, doc) => expect(e.meta.actions[doc]).toBe(toolActionMask(t.name, t.cli_path, e.meta.lexicon, Object.keys(t.parameters))));
    expect(tools.filter((_, doc) => e.meta.actions[doc] !== 0).length).toBeGreaterThan(700);
  });

  it('lift tools of the asked action: the top result carries it, and it never ranks lower than without the rerank', () => {
    const e = shippedEngine();
    const neutral = loadEngine({ ranking: { actionBoost: 1, actionPenalty: 1 } });
    const ranked = (engine: typeof e, q: string) => JSON.parse(engine.search({ query: q, limit: 20, product_ids: ['aitable'] })).candidates
      .map((c: { canonical_path: string }) => c.canonical_path) as string[];
    for (const [q, action] of [['删除一条记录', 'delete'], ['新增一条记录', 'create'], ['修改记录里的字段值', 'update']] as const) {
      const bit = 1 << lex.classes.indexOf(action);
      const docOf = (p: string) => e.meta.canonical_path.indexOf(p);
      const withRerank = ranked(e, q);
      expect(e.meta.actions[docOf(withRerank[0])] & bit, `${q}: ${withRerank[0]}`).not.toBe(0);
      const firstOfAction = (list: string[]) => list.findIndex((p) => (e.meta.actions[docOf(p)] & bit) !== 0);
      expect(firstOfAction(withRerank)).toBeLessThanOrEqual(Math.max(0, firstOfAction(ranked(neutral, q))));
    }
  });
});

describe('product mentions', () => {
  const lex = readProductLexicon(path.join(ROOT, 'catalog'));

  it('come from product names in either language', () => {
    expect(queryProducts(fold('在钉盘里找文件'), lex)).toEqual(['drive']);
    expect(queryProducts(fold('add a row to the spreadsheet'), lex)).toEqual(['sheet']);
    expect(queryProducts(fold('多维表里新增一条记录'), lex)).toEqual(['aitable']);
    // DING is a word of its own: in 发个DING提醒, not inside DingTalk
    expect(queryProducts(fold('发个DING提醒他'), lex)).toEqual(['ding']);
    expect(queryProducts(fold('my DingTalk profile'), lex)).not.toContain('ding');
    expect(queryProducts(fold('把日程发到群聊'), lex)).toEqual(['chat', 'calendar'].sort((a, b) => lex.products.indexOf(a) - lex.products.indexOf(b)));
    expect(queryProducts(fold('撤回'), lex)).toEqual([]);
  });

  it('lift only the named products, multiplying into the action multipliers', () => {
    // Products: 0 drive, 1 chat. Query action bit 1: tool masks 0 (no action: 1), 2 (another: 0.6), 1 (the same: 1.2).
    const o = { boost: 1.2, penalty: 0.6, productBoost: 1.4 };
    const m = toolMultipliers(1, Uint32Array.of(0, 2, 1), Uint8Array.of(0, 1, 0), Uint8Array.of(1, 0), o);
    expect(Array.from(m.mult)).toEqual([1.4, 0.6, 1.2 * 1.4]);
    expect(Array.from(toolMultipliers(1, Uint32Array.of(0, 0), Uint8Array.of(0, 1), Uint8Array.of(0, 0), o).mult)).toEqual([1, 1]);
  });

  /** The multipliers in two plain steps, action then product (what toolMultipliers must equal to the bit). */
  const twoSteps = (queryMask: number, masks: Uint32Array, boost: number, penalty: number, products: readonly string[],
    named: readonly string[], productBoost: number): Float64Array => {
    const mult = Float64Array.from(masks, (t) => (queryMask === 0 || t === 0 ? 1 : (t & queryMask) !== 0 ? boost : penalty));
    if (named.length > 0 && productBoost !== 1) products.forEach((p, doc) => { if (named.includes(p)) mult[doc] *= productBoost; });
    return mult;
  };

  it('toolMultipliers gives, with product codes, the same floats and maximum as the two plain steps (property)', () => {
    const products = ['chat', 'drive', 'doc', 'todo'];
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 15 }),
      fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 3 })), { maxLength: 40 }),
      fc.subarray(products),
      fc.constantFrom(1, 1.4, 2),
      (queryMask, tools, named, productBoost) => {
        const masks = Uint32Array.from(tools, ([m]) => m);
        const codes = Uint8Array.from(tools, ([, c]) => c);
        const namedCodes = Uint8Array.from(products, (p) => (productBoost !== 1 && named.includes(p) ? 1 : 0));
        const expected = twoSteps(queryMask, masks, 1.3, 0.6, Array.from(codes, (c) => products[c]), named, productBoost);
        const { mult, max } = toolMultipliers(queryMask, masks, codes, namedCodes, { boost: 1.3, penalty: 0.6, productBoost });
        expect(Array.from(mult)).toEqual(Array.from(expected));
        expect(max).toBe(Math.max(0, ...expected));
      }));
  });

  it('rejects a lexicon entry for a product the catalog does not have', () => {
    expect(() => readProductLexicon(path.join(ROOT, 'catalog'), ['chat'])).toThrow(/is not a product of the catalog/);
  });
});

describe('phrase buckets', () => {
  it('offer every phrase the text contains (and only phrases sharing a unit or unit pair with it)', () => {
    const unit = fc.constantFrom('发', '消', '息', '群', 'a', 'b', 'ab', '𠀀', ' ');
    const word = fc.array(unit, { minLength: 1, maxLength: 4 }).map((u) => u.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), fc.array(unit, { maxLength: 30 }).map((u) => u.join('')), (phrases, text) => {
        const filing = filePhrases(phrases);
        expect([...filing.order].sort((x, y) => x - y)).toEqual(phrases.map((_, i) => i));
        expect(filing.keys).toEqual([...new Set(filing.keys)].sort((x, y) => x - y));
        const buckets = new PhraseBuckets(Uint32Array.from(filing.keys), Uint32Array.from(filing.starts), (e) => phrases[filing.order[e]]);
        const offered = new Set<number>();
        buckets.candidates(text, (phrase, e) => {
          expect(phrase).toBe(phrases[filing.order[e]]);
          const pairs = Array.from({ length: phrase.length - 1 }, (_, j) => phrase.slice(j, j + 2));
          expect(phrase.length === 1 ? text.includes(phrase) : pairs.some((p) => text.includes(p))).toBe(true);
          offered.add(filing.order[e]);
        });
        phrases.forEach((p, i) => {
          if (text.includes(p)) expect(offered.has(i)).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('file a phrase under its rarest pair, and refuse an empty phrase or one with U+0000', () => {
    const f = filePhrases(['to send', 'to list', 'to sxq']);
    const key = (s: string) => ((s.charCodeAt(0) << 16) | s.charCodeAt(1)) >>> 0;
    expect(f.keys).toContain(key('sx'));
    expect(f.keys).not.toContain(key('to'));
    expect(() => filePhrases([''])).toThrow(/non-empty/);
    expect(() => filePhrases(['a\u0000b'])).toThrow(/U\+0000/);
  });

  it('say the same actions and products as a plain scan of every lexicon word', () => {
    const products = readProductLexicon(path.join(ROOT, 'catalog'));
    const plain = (text: string, l: { zh: string[][]; en: string[][] }) =>
      l.zh.map((zh, i) => zh.some((w) => text.includes(w)) || l.en[i].some((w) => new RegExp(`(?<![a-z0-9])${w.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![a-z0-9])`, 'u').test(text)));
    // The action classes with the context rule, as a plain scan: every occurrence of every word that its neighbours
    // do not set aside and no longer occurrence covers.
    const { zhAfter, zhBefore, enBefore } = lex.context;
    // 设置 / 设定 ending a clause (the end of the text or a clause mark) name the settings (zhNounAtEnd).
    const nounAtEnd = lex.context.zhNounAtEnd ?? [];
    const plainActions = (text: string) => {
      const occ: { at: number; end: number; cls: number; aside: boolean }[] = [];
      const scan = (words: string[][], english: boolean) => words.forEach((ws, cls) => ws.forEach((w) => {
        for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) {
          const end = at + w.length;
          if (english && (/[a-z0-9]/u.test(text[at - 1] ?? '') || /[a-z0-9]/u.test(text[end] ?? ''))) continue;
          const aside = english ? text.slice(0, at).split(/[^a-z0-9']+/u).filter(Boolean).slice(-2).some((x) => enBefore.includes(x))
            : zhAfter.some((x) => text.slice(end).startsWith(x)) || zhBefore.some((x) => text.slice(0, at).endsWith(x)) ||
              (nounAtEnd.includes(w) && /^(?:$|[\uff0c,\u3002\uff1b;\uff1a:\uff01!\uff1f?])/u.test(text.slice(end, end + 1)));
          occ.push({ at, end, cls, aside });
        }
      }));
      scan(lex.zh, false);
      scan(lex.en, true);
      return occ.filter((o) => !o.aside && !occ.some((g) => g.at <= o.at && o.end <= g.end && g.end - g.at > o.end - o.at))
        .reduce((m, o) => m | (1 << o.cls), 0);
    };
    const words = [...lex.zh.flat(), ...lex.en.flat(), ...products.zh.flat(), ...products.en.flat(), ...zhAfter, ...zhBefore, ...enBefore, 'x', ' ', 'ing', '了', '，', '?'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...words), { maxLength: 6 }), fc.constantFrom('', ' ', '了'), (parts, sep) => {
        const text = fold(parts.join(sep));
        expect(queryActionMask(text, lex, DEFAULT_RANKING.actionContextWords)).toBe(plainActions(text));
        expect(queryProducts(text, products)).toEqual(products.products.filter((_, i) => plain(text, products)[i]));
      }),
      { numRuns: 300 },
    );
  });
});
