// Session 40 (h40-rank, issue 34): the object guard's readings added this session, searched as a user types them
// (`dws schema search --query ...`): a keep said with the object between its parts (objects.yaml keep_split), a
// determiner after an English place word (located.en_determiners). The guard's reach (objectGuardReach, on by default
// since session 41): test/plan/h41-rank.test.ts searches it as typed; test/engine/h40-rank.test.ts tests it with the option.
// test/engine/h40-rank.test.ts has the readings' properties.
import { describe, expect, it } from 'vitest';
import { firstHit, twinOf } from '../helpers.js';

const first = (query: string) => firstHit(query);


describe('session 40: destructive requests whose first hit over-reached before', () => {
  it.each([
    // keep_split: 不要把整行删了 keeps the rows, so the dropdown delete (a thing not named) goes below the clear
    ['把这片单元格的值清掉，不要把整行删了', 'sheet.clear_range', 'sheet.delete_dropdown_lists'],
    // en_determiners: "from the quarterly planning invite" places the invite, so Dana is its attendee
    ['remove Dana from the quarterly planning invite, don\'t cancel the meeting', 'calendar.remove_calendar_participant', 'calendar.delete_calendar_event'],
  ])('%s -> %s (not %s)', async (query, tool, before) => {
    const got = await first(query);
    expect(twinOf(got)).toBe(twinOf(tool));
    expect(got).not.toBe(before);
  });
});
