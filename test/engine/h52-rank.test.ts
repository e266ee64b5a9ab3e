// Session 52 (h52-rank, issue 34). permissionWords (session 51: an action word inside a permission phrase such as
// 只读, read-only or edit access names a level, not the request's action) read by a cheaper gate: the phrases are filed
// under each action word they contain (src/lexicon/actions.ts permissionFiling), and a found action word tries only
// the phrases filed under it, where it stands. Session 51 scanned every query with one pattern over the phrases; the
// property below checks the filed reading against that pattern. permissionWords is on by default from this session.
// Probes are our own requests, ranked as `dws schema search` ranks them.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { inPermissionPhrase, permissionFiling, queryActionMask } from '../../src/lexicon/actions.js';
import { escapeRegExp } from '../../src/text/phrase.js';
import { fold } from '../../src/text/fold.js';
import { engineFor } from './ranking-runs.js';

const first = (ranking: object, query: string) =>
  (JSON.parse(engineFor(ranking).search({ query })) as { candidates: { canonical_path: string }[] }).candidates[0]?.canonical_path;

const lex = () => engineFor({}).meta.lexicon;

/** Session 51's reading, the model: one pattern over every phrase (longest first, an English one as whole words); an
 *  action word is aside when it lies inside one of the pattern's matches. */
function patternAside(text: string, at: number, end: number, phrases: readonly string[]): boolean {
  const alt = [...phrases].sort((a, b) => b.length - a.length).map((p) => {
    const q = escapeRegExp(p);
    return /[a-z]/u.test(p) ? `(?<![a-z0-9])${q}(?![a-z0-9])` : q;
  });
  return [...text.matchAll(new RegExp(alt.join('|'), 'gu'))].some((m) => m.index <= at && end <= m.index + m[0].length);
}

describe('permissionWords is on by default (session 52)', () => {
  it('the default is 1 and the search reads it', () => {
    expect(DEFAULT_RANKING.permissionWords).toBe(1);
    const q = 'give the finance group read access to the spreadsheet';
    expect(first({}, q)).toBe(first({ permissionWords: 1 }, q));
    expect(first({}, q)).not.toBe(first({ permissionWords: 0 }, q));
  });
});

describe('the filed gate reads what the session 51 pattern read', () => {
  it('the shipped list: every phrase is filed under an action word it contains', () => {
    const { context } = lex();
    const phrases = context.permission ?? [];
    expect(phrases.length).toBeGreaterThan(20);
    const filing = permissionFiling(phrases, lex());
    const filed = new Set([...filing.values()].flat().map((e) => e.phrase));
    // a phrase that contains no action word sets nothing aside in either reading
    const actionWords = [...lex().zh.flat(), ...lex().en.flat()];
    for (const p of phrases) expect(filed.has(p)).toBe(actionWords.some((w) => p.includes(w)));
    expect(filed.has('仅查看')).toBe(true);
    expect(filed.has('read-only')).toBe(true);
  });

  it('property: for every action word said in a text, aside by the filing = inside a match of the pattern', () => {
    const l = lex();
    const phrases = l.context.permission ?? [];
    const filing = permissionFiling(phrases, l);
    const words = [...new Set([...l.zh.flat(), ...l.en.flat()])];
    const pieces = fc.oneof(
      fc.constantFrom(...phrases),
      fc.constantFrom(...words.filter((w) => /读|看|编辑|管理|read|view|edit|write|access/u.test(w))),
      fc.constantFrom(' ', 'the ', ' to ', '-', 'x', '1', '仅', '只', '可', '者', '权限', 'only', 'access', 'permission', 's '),
    );
    fc.assert(fc.property(fc.array(pieces, { maxLength: 10 }), (parts) => {
      const text = parts.join('');
      for (const w of words) {
        for (let at = text.indexOf(w); at >= 0; at = text.indexOf(w, at + 1)) {
          const end = at + w.length;
          expect(inPermissionPhrase(text, at, end, filing), `${text} @${at} ${w}`).toBe(patternAside(text, at, end, phrases));
        }
      }
    }), { numRuns: 400 });
  });

  it('an English phrase counts as whole words only; a Chinese one anywhere', () => {
    const filing = permissionFiling(['read-only', '只读'], { zh: [['读']], en: [['read']] });
    expect(inPermissionPhrase('give ann read-only access', 9, 13, filing)).toBe(true);
    expect(inPermissionPhrase('give ann xread-only access', 10, 14, filing)).toBe(false);
    expect(inPermissionPhrase('give ann read-onlyx access', 9, 13, filing)).toBe(false);
    expect(inPermissionPhrase('read the doc', 0, 4, filing)).toBe(false);
    expect(inPermissionPhrase('设为只读的', 3, 4, filing)).toBe(true);
    expect(inPermissionPhrase('读一下', 0, 1, filing)).toBe(false);
  });

  it('queryActionMask: a level is no action at 1, an act still is', () => {
    const l = lex();
    const get = 1 << l.classes.indexOf('get');
    const list = 1 << l.classes.indexOf('list');
    const w = DEFAULT_RANKING.actionContextWords;
    for (const q of ['give the finance group read access to the spreadsheet', 'let lucy have view access to the meeting recording', '把文档设为仅查看']) {
      expect(queryActionMask(fold(q), l, w, 1) & (get | list), q).toBe(0);
      expect(queryActionMask(fold(q), l, w, 0) & (get | list), q).not.toBe(0);
    }
    expect(queryActionMask(fold('read the spreadsheet and view its access list'), l, w, 1) & get).not.toBe(0);
  });
});

describe('permissionWords 1: our probes', () => {
  it.each([
    ['give the finance group read access to the spreadsheet', 'sheet.shortcut_read', /^doc\.shortcut_access_grant$/u],
    ['let Lucy have view access to the meeting recording', 'minutes.shortcut_apply_permission', /^minutes\.add_member_permission$/u],
  ])('%s: %s first at 0, a permission grant at 1', (q, before, after) => {
    expect(first({ permissionWords: 0 }, q)).toBe(before);
    expect(first({ permissionWords: 1 }, q)).toMatch(after);
  });
});
