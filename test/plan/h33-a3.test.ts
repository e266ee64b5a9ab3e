// Session 33's independent second reading, draw `second 20261303` (notes/h33-a3.md): the commands found differing
// from upstream c7521c1c, run as a user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent, answer, mcp } = useOutputRuns('dws-h33-a3-');

// calendar +suggest-time (suggest_time.go:84-94@c7521c1c): rt.StrSlice("with") is pflag's CSV record of --with, so a
// quoted name keeps its comma; each name is trimmed and a blank one skipped; one contact search per name, in order.
describe('calendar +suggest-time reads --with as pflag does', () => {
  const WINDOW = ['--start', '2026-03-10T09:00:00+08:00', '--end', '2026-03-10T18:00:00+08:00'];
  const people = () => answer('contact/search_contact_by_key_word', { result: [{ userId: 'u1', name: 'x' }] });

  it('searches a quoted name whole, trims the others and skips blank ones', async () => {
    people();
    const run = await sent(['calendar', '+suggest-time', '--with', '"张,三", 李四 ,,\u3000', ...WINDOW]);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([rpc, args]) => [rpc, (args as { keyword?: unknown }).keyword])).toEqual([
      ['contact/search_contact_by_key_word', '张,三'],
      ['contact/search_contact_by_key_word', '李四'],
      ['calendar/list_suggested_event_times', undefined],
    ]);
    expect(run.calls.at(-1)![1]).toEqual({ start: '2026-03-10T09:00:00+08:00', end: '2026-03-10T18:00:00+08:00', attendeeUserIds: ['u1', 'u1'] });
  });

  it('searches each CSV field of any --with once, in order (property)', async () => {
    people();
    const name = fc.stringMatching(/^[a-z张三李四 ,]{0,6}$/);
    await fc.assert(fc.asyncProperty(fc.array(name, { minLength: 1, maxLength: 3 }), async (names) => {
      // the typed value: each name quoted as a CSV field, so a comma stays inside it
      const typed = names.map((n) => `"${n}"`).join(',');
      const want = names.map((n) => n.trim()).filter((n) => n !== '');
      const run = await sent(['calendar', '+suggest-time', '--with', typed, ...WINDOW]);
      if (want.length === 0) {
        expect(run.reason).toBe('missing_parameter');
        expect(run.calls).toEqual([]);
        return;
      }
      expect(run.calls.slice(0, -1).map(([, args]) => (args as { keyword: unknown }).keyword)).toEqual(want);
    }), { numRuns: 25 });
  });
});

// minutes +detail (Validate minutes_detail.go:113-124@c7521c1c): minutesDetailIDs (:237-252) must give 1..50 distinct
// taskUuids; more than 50 is refused before any call.
describe('minutes +detail refuses more than 50 taskUuids before any call', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

  it('refuses 51 distinct ids and reads 50 (repeats counted once)', async () => {
    mcp.answers['minutes/get_minutes_basic_info'] = (args) => ({ result: { taskUuid: args.taskUuid } });
    const over = await sent(['minutes', '+detail', '--ids', ids(51).join(','), '--artifacts', 'basic']);
    expect([over.reason, over.calls]).toEqual(['invalid_parameter', []]);
    const fifty = await sent(['minutes', '+detail', '--ids', [...ids(50), 't0', ' t1 '].join(','), '--artifacts', 'basic']);
    expect(fifty.reason).toBeUndefined();
    expect(fifty.calls).toEqual(ids(50).map((t) => ['minutes/get_minutes_basic_info', { taskUuid: t }]));
  });
});
