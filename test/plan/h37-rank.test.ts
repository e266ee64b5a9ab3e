// Session 37 (h37-rank, issue 34): the object vocabulary checked against every destructive command of the catalog, and
// the readings the s37 train requests (eval/written/s37-destructive.jsonl) showed missing. Searches run as a user types
// them (`dws schema search --query ...`); the lexicon checks read catalog/lexicon/objects.yaml as the build does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readActionLexicon } from '../../src/build/load.js';
import { queryObjectPlaces, queryObjects, toolObjectIndex } from '../../src/lexicon/actions.js';
import { fold } from '../../src/text/fold.js';
import { firstHit, shippedEngine, twinOf } from '../helpers.js';

const actions = readActionLexicon('catalog');
const lex = actions.objects!;
const keys = (xs: number[]) => xs.map((o) => lex.keys[o]).sort();

const first = (query: string) => firstHit(query, 3);

describe('session 37: a destructive request in Taiwan / Hong Kong wording puts the command on the thing it names first', () => {
  it.each([
    ['工作表上那張長條圖刪掉，資料不要動', 'sheet.chart_delete'],
    ['問卷表單裡「你的生日」這一題刪除', 'aitable.form_questions_delete'],
    ['幫我把出貨表中這 200 筆測試資料全部刪掉，欄位跟表都留著', 'aitable.shortcut_record_delete'],
    ['把阿華在群組裡的「管理員」身分拿掉，他還是群成員', 'chat.remove_custom_user_roles'],
    ['base 里那个 dashboard 叫 KPI overview 的删了吧，下面的 chart 也一起没了无所谓', 'aitable.dashboard_delete'],
    ['请把王经理从下午的预算会议中移除，会议照常进行', 'calendar.remove_calendar_participant'],
  ])('%s -> %s', async (query, tool) => {
    const got = await first(query);
    // a twin of the gold counts as the gold (the written set's reading)
    expect(twinOf(got)).toBe(twinOf(tool));
  });
});

describe('session 37: objects.yaml knows the words for what each destructive command acts on', () => {
  it('reads the Taiwan / Hong Kong words as the fold leaves them', () => {
    const said = (q: string) => keys(queryObjects(fold(q), lex));
    expect(said('刪除這筆紀錄')).toContain('record');
    expect(said('行事曆')).toEqual(['calendar']);
    expect(said('資料表')).toEqual(['table']);
    expect(said('儀表板')).toEqual(['dashboard']);
    expect(said('長條圖')).toEqual(['chart']);
    expect(said('儲存格')).toEqual(['range']);
    expect(said('樞紐分析表')).toEqual(['pivot']);
    expect(said('郵件範本')).toContain('template');
    // a view kind whose name holds another object word reads as the view only
    expect(said('看板視圖')).toEqual(['view']);
    expect(said('delete the calendar view')).toEqual(['view']);
    expect(said('這一題')).toEqual(['question']);
  });

  it('gives every destructive command of the catalog an object, except commands whose CLI path names only an action on a file or a connection', () => {
    const e = shippedEngine();
    const unknown: string[] = [];
    const bits = ['delete', 'remove'].map((c) => actions.classes.indexOf(c)).reduce((b, i) => b | (1 << i), 0);
    for (let d = 0; d < e.meta.count; d++) {
      if (!(e.meta.valueOf('effect', d) === 'destructive' || (e.meta.actions[d] & bits) !== 0)) continue;
      if (toolObjectIndex(e.meta.cli_path.at(d)!, e.meta.lexicon) < 0) unknown.push(e.meta.cli_path.at(d)!);
    }
    expect(unknown.sort()).toEqual(['dev connect restart', 'markdown overwrite']);
  });

  it('a thing said in a clause with a session-37 keep word stays (照开, 照常, 不要取消, 唔好郁, ...)', () => {
    const added = ['照开', '照常', '照旧', '照样', '别取消', '不要取消', '不取消', '勿取消', '唔好郁', '唔好掂', '唔好删', '唔使删', '唔好解散', '留著'];
    for (const w of added) expect(lex.keep).toContain(w);
    fc.assert(fc.property(fc.constantFrom(...added), fc.constantFrom('会议', '群', '数据表'), (keep, kept) => {
      const r = queryObjectPlaces(fold(`把会议室删掉，${kept}${keep}`), lex, true, true);
      expect(keys(r.stays)).toContain(keys(queryObjects(fold(kept), lex))[0]);
      expect(keys(r.stays)).not.toContain('room');
    }), { numRuns: 100 });
  });
});
