// Session 54 helper a1, second-reading audit of seed 20261446 (issue 32, notes/h54-a1.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: wiki feed list refused (exit 3, nothing printed) an answer holding a
// feed whose time falls in a year past 9999 at +08:00, where upstream formats it as Go's time.Format does and prints
// the page (formatFeedTime internal/helpers/wiki.go:1461-1484@c7521c1c: time.UnixMilli(int64(ms)).In(+08:00)
// .Format("2006-01-02 15:04"); Go writes the year with at least four digits and a minus sign before a year below 0).
// The shared transform had the cause; its other user, minutes audio-memo list, refused a typed start or end whose
// instant lies in year 10000 or year -1 at +08:00 (9999-12-31T23:00:00-12:00, 0000-01-01T00:00:00+14:00), which
// upstream sends as RFC 3339 text (minutes.go:2107-2131@c7521c1c). Each runs as a user types it against the recording
// backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { useTimeZone } from '../helpers.js';

const { mcp, sent } = useOutputRuns('dws-h54a1-');

describe('wiki feed list: a feed time in any year is formatted as Go formats it (formatFeedTime wiki.go:1461-1484@c7521c1c)', () => {
  it.each([
    // the first millisecond of year 10000 at +08:00, and the last of 9999
    [253402272000000, '10000-01-01 00:00'],
    [253402271999999, '9999-12-31 23:59'],
    // a fraction is cut (int64), and a time far past year 10000 is still a date
    [253402272000000.9, '10000-01-01 00:00'],
    [8.64e15, '275760-09-13 08:00'],
    [9007199254740991, '287396-10-12 16:59'],
    // an ordinary time, as before
    [1767225600000, '2026-01-01 08:00'],
  ])('time %s prints timeFormatted %s beside its typeLabel, the page printed whole', async (time, text) => {
    mcp.answers['wiki/list_workspace_feeds'] = () => ({ feeds: [{ time, type: 1 }, { time: 0, type: 2 }], nextToken: 'n2' });
    const run = await sent(['wiki', 'feed', 'list', '--workspace', 'ws1', '--format', 'json']);
    expect(run).toEqual({
      reason: undefined,
      category: undefined,
      calls: [['wiki/list_workspace_feeds', { workspaceId: 'ws1' }]],
      printed: { feeds: [{ time, type: 1, timeFormatted: text, typeLabel: '更新文档' }, { time: 0, type: 2 }], nextToken: 'n2' },
    });
  });
});

describe('minutes audio-memo list: a typed time whose +08:00 year is past 9999 or below 0 is sent as Go writes it (minutes.go:2107-2131@c7521c1c)', () => {
  it.each([
    [['--end', '9999-12-31T23:00:00-12:00'], { endTime: '10000-01-01T19:00:00+08:00' }],
    [['--start', '0000-01-01T00:00:00+14:00'], { startTime: '-0001-12-31T18:00:00+08:00' }],
    [['--start', '0000-01-01T08:00:00+08:00'], { startTime: '0000-01-01T08:00:00+08:00' }],
    [['--start', '2026-03-01 09:30'], { startTime: '2026-03-01T09:30:00+08:00' }],
  ])('%j sends %j', async (flags, times) => {
    const run = await sent(['minutes', 'audio-memo', 'list', ...flags]);
    expect([run.reason, run.calls]).toEqual([undefined, [['minutes/list_audio_memos', { pageSize: 200, ...times }]]]);
  });
});

// Same cause in the message lists' time boundary: upstream turns a millisecond nextCursor into
// time.UnixMilli(ms).UTC().Format(time.RFC3339Nano) with no year limit (chat/chat_message.go:683-703,
// chatmsg/chatmsg.go:1085-1101@c7521c1c); dws refused a cursor past 9999-12-31T23:59:59.999Z.
describe('chat +messages-list-direct: a millisecond cursor past year 9999 is a time boundary as Go writes it (chat_message.go:702@c7521c1c)', () => {
  const argv = ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-01-01T00:00:00Z'];

  it('--page-all reads the next page at that boundary, the fraction without trailing zeros', async () => {
    let page = 0;
    mcp.answers['chat/list_individual_chat_message'] = () => (page++ === 0
      ? { result: [{ msgId: 'm1' }], hasMore: true, nextCursor: 253402300800010 }
      : { result: [], hasMore: false });
    const run = await sent([...argv, '--page-all']);
    expect([run.reason, run.calls.map(([, args]) => (args as { time: string }).time)]).toEqual([undefined, ['2026-01-01T00:00:00Z', '10000-01-01T00:00:00.01Z']]);
  });

  it('one page names that boundary as its nextPage time', async () => {
    mcp.answers['chat/list_individual_chat_message'] = () => ({ result: [{ msgId: 'm1' }], hasMore: true, nextCursor: '253402300800000' });
    const run = await sent(argv);
    expect(run.reason).toBeUndefined();
    expect((run.printed as { nextPage: unknown }).nextPage).toEqual({ direction: 'newer', nextCursor: '253402300800000', time: '10000-01-01T00:00:00Z' });
  });
});

// Same cause in the local-time formatter: Go writes a year below 1000 with four digits (time.Format's 2006), dws wrote
// it bare. attendance schedule import sends a numeric workDate as time.UnixMilli(int64(v)).Format("2006-01-02 15:04:05")
// (normalizeWorkDate, internal/helpers/attendance.go:212-215@c7521c1c).
describe('attendance schedule import: a numeric workDate before year 1000 keeps Go\'s four-digit year (attendance.go:212-215@c7521c1c)', () => {
  useTimeZone('Asia/Shanghai');

  it.each([
    [-62135596800000, '0001-01-01 08:05:43'],
    [-62167219200001.5, '0000-01-01 08:05:42'],
    [1796572800000, '2026-12-07 00:00:00'],
  ])('workDate %s is sent as %s (Shanghai\'s local mean time before 1901, as Go\'s zone data has it)', async (workDate, text) => {
    const vos = JSON.stringify([{ userId: 'u', workDate, classId: 1, isRest: 'N' }]);
    const run = await sent(['attendance', 'schedule', 'import', '--groupId', '5', '--scheduleVOS', vos, '--user-say-yes']);
    expect([run.reason, run.calls]).toEqual([undefined, [['attendance-wukong/generateTurnSchedule', {
      GenerateTurnScheduleRequest: { groupId: 5, scheduleVOS: [{ userId: 'u', workDate: text, classId: 1, isRest: 'N' }], param: { useHistoryGroupAndShift: false } },
    }]]]);
  });
});

// Same cause in the report lists' readable date: a createTime text is time.Parse(time.RFC3339) then
// .Local().Format("2006-01-02 15:04") (reportTimeValueToString internal/helpers/report.go:1302-1318@c7521c1c), so
// Go's zero time, which Go services write as 0001-01-01T00:00:00Z, keeps its four-digit year.
describe('report outbox list: a createTime of Go\'s zero time prints the year in four digits (report.go:1302-1318@c7521c1c)', () => {
  useTimeZone('Asia/Shanghai');

  it('the 日期 column reads 0001-01-01 08:05 (Shanghai\'s local mean time), not 1-01-01', async () => {
    mcp.answers['report/get_send_report_list'] = () => ({ result: [{ createTime: '0001-01-01T00:00:00Z', title: 't', reportId: 'r1' }] });
    const run = await sent(['report', 'outbox', 'list', '--start', '2026-01-01', '--end', '2026-02-01']);
    expect(run.reason).toBeUndefined();
    expect((run.printed as { result: { 日期: string }[] }).result.map((row) => row.日期)).toEqual(['0001-01-01 08:05']);
  });
});

describe('calendar +today: an event at Go\'s zero time keeps the four-digit year in its start and end (calendar-events date(), Go\'s 2006-01-02)', () => {
  it('start 0001-01-01T00:00:00Z prints 0001-01-01 00:00', async () => {
    mcp.answers['calendar/list_calendar_events'] = () => ({ events: [{ summary: 's', id: 'e1', start: { dateTime: '0001-01-01T00:00:00Z' }, end: { dateTime: '0001-01-01T01:00:00+08:00' } }] });
    const run = await sent(['calendar', '+today']);
    expect([run.reason, run.printed]).toEqual([undefined, { events: [{ title: 's', eventId: 'e1', start: '0001-01-01 00:00', end: '0001-01-01 01:00' }] }]);
  });
});
