// Session 40 (h40-rank, issue 34): the object guard's readings added this session, searched as a user types them
// (`dws schema search --query ...`): a keep said with the object between its parts (objects.yaml keep_split), a
// determiner after an English place word (located.en_determiners), and the guard's reach (objectGuardReach).
// test/engine/h40-rank.test.ts has the readings' properties.
import { describe, expect, it } from 'vitest';
import { runCliAsync, shippedEngine } from '../helpers.js';

async function first(query: string): Promise<string> {
  const run = await runCliAsync(['schema', 'search', '--query', query]);
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { candidates: { canonical_path: string }[] }).candidates[0].canonical_path;
}

/** The twin group's representative of a canonical path (a twin of the gold counts as the gold, the written set's reading). */
function twinOf(p: string): string {
  const e = shippedEngine();
  for (let d = 0; d < e.meta.count; d++) if (e.meta.canonical_path.at(d) === p) return e.meta.canonical_path.at(e.meta.twin[d])!;
  return p;
}

describe('session 40: destructive requests whose first hit over-reached before', () => {
  it.each([
    // keep_split: 不要把整行删了 keeps the rows, so the dropdown delete (a thing not named) goes below the clear
    ['把这片单元格的值清掉，不要把整行删了', 'sheet.clear_range', 'sheet.delete_dropdown_lists'],
    // en_determiners: "from the quarterly planning invite" places the invite, so Dana is its attendee
    ['remove Dana from the quarterly planning invite, don\'t cancel the meeting', 'calendar.remove_calendar_participant', 'calendar.delete_calendar_event'],
    // objectGuardReach: the table delete ranks past the guard's first ten; read to twenty, the chart delete goes below it
    ['把多维表中叫“2021 备份”的数据表删除，多维表本身保留', 'aitable.table_delete', 'aitable.chart_delete'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await first(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(got).not.toBe(before);
  });
});
