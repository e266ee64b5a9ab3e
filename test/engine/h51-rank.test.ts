// Session 51 (h51-rank, issue 34). negatedClauses: one reading of a negated clause (objects.yaml `negation`,
// src/lexicon/negation.ts) for the known-gap reader (a gap term said only after 不用 / 无需 / no need to is not asked
// for) and the object guard (不需要删 / no need to delete keeps what its clause names, as 不用删 does). permissionWords:
// an action word inside a permission phrase (只读, read-only, view-only) names a level, not the request's action.
// Both defaulted to 0 in session 51; permissionWords is 1 from session 52 (a cheaper gate). Probes are our
// own requests, ranked as `dws schema search` ranks them.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_RANKING } from '../../src/engine/ranking.js';
import { GapIndex, gapLines, gapTableOf, matchGap, type Gap } from '../../src/lexicon/gaps.js';
import { maskNegatedEnglish, negatedAt, negatedKeeps, type Negation } from '../../src/lexicon/negation.js';
import { queryActionMask } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { engineFor } from './ranking-runs.js';
import { probesOf, runProbe } from './overreach-probes.js';

const W = DEFAULT_RANKING.gapWordsBetween;
const search = (ranking: object, query: string) =>
  JSON.parse(engineFor(ranking).search({ query })) as { weak_match?: boolean; hint?: string; candidates: { canonical_path: string }[] };
const flagged = (ranking: object, query: string) => {
  const r = search(ranking, query);
  return r.weak_match === true ? (r.hint ?? '') : undefined;
};
const first = (ranking: object, query: string) => search(ranking, query).candidates[0]?.canonical_path;

const NEG: Negation = { zh: ['不用', '不需要', '无需', '不要', '别'], zhBetween: ['帮我', '再'], en: ['no need to', "don't", 'do not', "don't need to"], enVerbs: ['delete', 'remove'] };

describe('the shipped defaults', () => {
  it('negatedClauses 0 (nothing held out); permissionWords 1 from session 52 (its cheaper gate: test/engine/h52-rank.test.ts)', () => {
    expect(DEFAULT_RANKING.negatedClauses).toBe(0);
    expect(DEFAULT_RANKING.permissionWords).toBe(1);
    expect(first({}, 'give user u_4410 read-only access to a drive folder')).toBe(first({ permissionWords: 1 }, 'give user u_4410 read-only access to a drive folder'));
  });
});

describe('negatedClauses 1: a known gap is not read from a negated clause', () => {
  it.each([
    ['不需要恢复误删的待办，只帮我看看列表', 'todo'],
    ['无需恢复已删除的记录，列出现有记录就行', 'aitable'],
    ['no need to restore the deleted meeting, just list my meetings', 'calendar'],
    ["don't restore the deleted record, list the records", 'aitable'],
  ])('%s: the %s gap at 0, none at 1', (q, product) => {
    expect(flagged({ negatedClauses: 0 }, q)).toContain(`Known gap (${product})`);
    expect(flagged({ negatedClauses: 1 }, q)).toBeUndefined();
  });

  it.each([
    // asked plainly, or in an A-not-A question (要不要: it asks, it does not deny)
    ['restore the deleted meeting', 'calendar'],
    ['要不要恢复误删的待办', 'todo'],
  ])('%s: the %s gap at 1 still', (q, product) => {
    expect(flagged({ negatedClauses: 1 }, q)).toContain(`Known gap (${product})`);
  });

  it('不用恢复误删的那个会议: flagged with gapTermWords 1 alone, not with negatedClauses 1 too', () => {
    const q = '不用恢复误删的那个会议';
    expect(flagged({ gapTermWords: 1 }, q)).toContain('Known gap (calendar)');
    expect(flagged({ gapTermWords: 1, negatedClauses: 1 }, q)).toBeUndefined();
  });
});

describe('negatedClauses 1: a negated removal keeps what its clause names', () => {
  it.each([
    ['删除多维表里的数据表，多维表无需移除', 'aitable.base_delete', 'aitable.table_delete'],
    ['delete the table in the base, no need to delete the base', 'aitable.base_delete', 'aitable.shortcut_table_delete'],
  ])('%s: %s first at 0, %s at 1', (q, before, after) => {
    expect(first({ negatedClauses: 0 }, q)).toBe(before);
    expect(first({ negatedClauses: 1 }, q)).toBe(after);
  });

  it('negatedKeeps: every negation with every removal verb, the listed keep words first and once', () => {
    const keeps = negatedKeeps(['保留', '不用删'], ['删', '解散'], NEG);
    expect(keeps.slice(0, 2)).toEqual(['保留', '不用删']);
    expect(keeps).toContain('不需要解散');
    expect(keeps).toContain('no need to remove');
    expect(new Set(keeps).size).toBe(keeps.length);
    expect(keeps).toHaveLength(2 + NEG.zh.length * 2 + NEG.en.length * 2 - 1);
  });
});

describe('the negation reading', () => {
  it('negatedAt: right after a negation, or one filler word after it; not in an A-not-A question', () => {
    const at = (t: string, w: string) => negatedAt(t, t.indexOf(w), NEG);
    expect(at('不用恢复', '恢复')).toBe(true);
    expect(at('不用帮我恢复', '恢复')).toBe(true);
    expect(at('不需要 恢复', '恢复')).toBe(true);
    expect(at('帮我恢复', '恢复')).toBe(false);
    expect(at('不用看，恢复', '恢复')).toBe(false);
    expect(at('要不要恢复', '恢复')).toBe(false);
  });

  it('maskNegatedEnglish keeps every position and Chinese text, and changes nothing without a negation phrase', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/u);
    fc.assert(fc.property(fc.array(fc.oneof(word, fc.constantFrom('no need to', "don't", 'do not', '恢复', ',', 'the')), { maxLength: 10 }), (parts) => {
      const text = parts.join(' ');
      const masked = maskNegatedEnglish(text, NEG);
      expect(masked).toHaveLength(text.length);
      // only letters become #, one for one
      for (let i = 0; i < text.length; i++) expect(masked[i] === text[i] || (masked[i] === '#' && /[a-z]/u.test(text[i]))).toBe(true);
      if (!/no need to|don't|do not/u.test(text)) expect(masked).toBe(text);
    }), { numRuns: 300 });
    fc.assert(fc.property(word, (w) => {
      expect(maskNegatedEnglish(`no need to ${w} it`, NEG)).toBe(`no need to ${'#'.repeat(w.length)} it`);
      expect(maskNegatedEnglish(`don't restore the ${w}`, NEG)).toBe(`don't ####### the ${w}`);
    }), { numRuns: 100 });
  });

  it('GapIndex with the negation words answers as matchGap with them, for any negation before any term', () => {
    const gaps: Gap[] = [
      { product: 'todo', id: 'restore', note: '删除的待办不能恢复。', note_en: 'Deleted to-dos cannot be restored.', zh: [['恢复', '误删的待办']], en: [['restore', 'deleted to-do']] },
      { product: 'calendar', id: 'restore', note: '删除的日程不能恢复。', note_en: 'Deleted events cannot be restored.', zh: [['找回', '会议']], en: [['recover', 'meeting']] },
    ];
    const index = new GapIndex(gapTableOf(gapLines(gaps)), W, 0, NEG);
    const piece = fc.constantFrom('不用', '不需要', '帮我', '恢复', '误删的待办', '找回', '会议', '，', 'no need to ', "don't ", 'restore ', 'recover ', 'the deleted to-do ', 'meeting ', '要');
    fc.assert(fc.property(fc.array(piece, { maxLength: 8 }), (parts) => {
      const q = fold(parts.join(''));
      expect(index.match(q)?.product).toBe(matchGap(q, gaps, W, 0, NEG)?.product);
    }), { numRuns: 400 });
    expect(index.match('不用恢复误删的待办')).toBeUndefined();
    expect(index.match('恢复误删的待办')?.product).toBe('todo');
  });
});

describe('permissionWords 1: an action word inside a permission phrase is no action', () => {
  it('read-only and view-only name a level; read the doc still reads', () => {
    const lex = engineFor({}).meta.lexicon;
    const get = 1 << lex.classes.indexOf('get');
    const list = 1 << lex.classes.indexOf('list');
    for (const q of ['give ann read-only access to the folder', 'give ann view-only access to the sheet', '把文档权限设置成只读']) {
      expect(queryActionMask(fold(q), lex, DEFAULT_RANKING.actionContextWords, 1) & (get | list)).toBe(0);
    }
    expect(queryActionMask(fold('give ann read-only access to the folder'), lex, DEFAULT_RANKING.actionContextWords, 0) & (get | list)).not.toBe(0);
    expect(queryActionMask(fold('read the doc and tell me its title'), lex, DEFAULT_RANKING.actionContextWords, 1) & get).not.toBe(0);
  });

  it.each([
    ['give user u_4410 read-only access to a drive folder', 'drive.folder_status', /^drive\.(add_permission|permission_update)$/u],
    ['give Ann view-only access to the sheet', 'sheet.get_filter_views', /^doc\.shortcut_access_grant$/u],
    ['set Bob as read-only on the aitable base', 'aitable.workflow_list', /^aitable\.shortcut_role_create$/u],
  ])('%s: %s first at 0, a permission command at 1', (q, before, after) => {
    expect(first({ permissionWords: 0 }, q)).toBe(before);
    expect(first({ permissionWords: 1 }, q)).toMatch(after);
  });
});

describe('the over-reach probes name a range as the range commands do (objects.yaml range: 区域 first)', () => {
  it('the range pairs say 区域 and hold: a range command first, no file or folder delete', () => {
    const engine = engineFor({});
    const range = probesOf(engine).filter((p) => p.inner === 'range' && p.lang === 'zh');
    expect(range.map((p) => p.q)).toContain('把文件里的区域删掉');
    for (const p of range) expect(runProbe(engine, p).violated, p.q).toBe(false);
    expect(first({}, '把文件里的区域删掉')).toMatch(/^sheet\./u);
  });
});
