// Session 38 second reading, part a3 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h38-a3.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38a3-');
const { sent } = outputs;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

// The calendar day shortcuts read an event's times with Go's time.Parse(time.RFC3339, dt) (smart/next_event.go:158-197,
// conflicts.go:156@c7521c1c). When the fixed-width fast path fails, Go's general layout parser reads the text
// (time.Parse falls back to parse(layout, ...)): the hour `15` takes one or two digits, and after the seconds a
// fraction may follow a period or a comma; the offset's hours may be up to 24 and its minutes up to 60. Such a start
// is printed as its own wall clock (start.Format("2006-01-02 15:04")), not dropped.
describe('calendar +week / +today: event times read as Go reads RFC 3339 (next_event.go:158-197@c7521c1c)', () => {
  const wall = fc.record({
    y: fc.integer({ min: 2000, max: 2099 }), mo: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }),
    oneDigitHour: fc.boolean(), fraction: fc.option(fc.tuple(fc.constantFrom('.', ','), fc.stringMatching(/^[0-9]{1,12}$/u))),
    zone: fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 60 }))
      .map(([sign, zh, zm]) => `${sign}${pad(zh)}:${pad(zm)}`)),
  });
  type Wall = { y: number; mo: number; d: number; h: number; mi: number; s: number; oneDigitHour: boolean; fraction: [string, string] | null; zone: string };
  const text = (w: Wall) => `${w.y}-${pad(w.mo)}-${pad(w.d)}T${w.oneDigitHour && w.h < 10 ? String(w.h) : pad(w.h)}:${pad(w.mi)}:${pad(w.s)}${w.fraction ? w.fraction.join('') : ''}${w.zone}`;
  const clock = (w: { y: number; mo: number; d: number; h: number; mi: number }) => `${w.y}-${pad(w.mo)}-${pad(w.d)} ${pad(w.h)}:${pad(w.mi)}`;

  it.each([['+week'], ['+today']])('%s: start and end print as written, one-digit hours and comma fractions included', async (verb) => {
    await fc.assert(fc.asyncProperty(wall, wall, async (a, b) => {
      outputs.answer('list_calendar_events', { result: { events: [{ id: 'e1', summary: 's', start: { dateTime: text(a) }, end: { dateTime: text(b) } }] } });
      const r = await sent(['calendar', verb]);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toEqual({ events: [{ title: 's', eventId: 'e1', start: clock(a), end: clock(b) }] });
    }), { numRuns: 25 });
  });

  it('texts Go refuses are no time: lower-case t or z, a padded text, hour 24, second 60, Feb 30, offset hour 25 or minute 61', async () => {
    const refused = ['2026-03-10t09:00:00Z', '2026-03-10T09:00:00z', ' 2026-03-10T09:00:00Z', '2026-03-10T09:00:00Z ',
      '2026-03-10T24:00:00Z', '2026-03-10T09:00:60Z', '2026-02-30T09:00:00Z', '2026-03-10T09:00:00+25:00',
      '2026-03-10T09:00:00+08:61', '2026-03-10T09:00:00.Z', '2026-3-10T09:00:00Z', '2026-03-10T09:00:00+0800'];
    for (const dt of refused) {
      outputs.answer('list_calendar_events', { events: [{ id: 'e', start: { dateTime: dt }, end: { dateTime: dt } }] });
      expect((await sent(['calendar', '+week'])).printed, dt).toEqual({ events: [{ title: '(无标题)', eventId: 'e' }] });
    }
  });

  it('+next-event: a start written with a comma fraction is a candidate, and the earliest wins', async () => {
    outputs.answer('list_calendar_events', { result: { events: [
      { id: 'late', summary: 'late', start: { dateTime: '2099-01-02T10:00:00Z' } },
      { id: 'early', summary: 'early', start: { dateTime: '2099-01-02T9:00:00,5Z' } },
    ] } });
    const r = await sent(['calendar', '+next-event']);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toMatchObject({ event: { eventId: 'early', start: '2099-01-02 09:00' } });
  });
});

// sheet range set-style's --font-sizes-json (helpers/sheet_style.go:249-275@c7521c1c, intGrid): the text is decoded by
// json.Unmarshal into [][]int, so each cell must be a whole-number literal (no fraction, no exponent: 1.0, 1e3 and 1.5
// fail the decode, as do a text or a boolean) and null is 0; a cell of 0 leaves that cell's size unset, and no sign
// check is made on the matrix (only the scalar --font-size must not be negative, :254-256), so a negative size is sent.
// range batch-set-style builds its cells with the same buildStyleCells (:756-797, :799-840), its --ranges and --batch
// modes alike; a --batch item's fontSize is a Go int field (:113-118), decoded the same way.
describe('sheet range set-style / batch-set-style: a font size matrix as json.Unmarshal into [][]int reads it (sheet_style.go:249-275@c7521c1c)', () => {
  const size = fc.oneof(fc.integer({ min: -400, max: 400 }), fc.constant(null));
  const matrix = fc.integer({ min: 1, max: 3 }).chain((cols) => fc.array(fc.array(size, { minLength: cols, maxLength: cols }), { minLength: 1, maxLength: 3 }));
  const range = (m: unknown[][]) => `A1:${String.fromCharCode(64 + m[0].length)}${m.length}`;
  const cellsOf = (m: (number | null)[][]) => m.map((row) => row.map((n) => (n === null || n === 0 ? {} : { cellStyles: { fontSize: n } })));

  it('set-style: every whole size is sent as written, negatives included; 0 and null leave the cell unset', async () => {
    await fc.assert(fc.asyncProperty(matrix, async (m) => {
      const r = await sent(['sheet', 'range', 'set-style', '--node', 'n', '--sheet-id', 's', '--range', range(m), '--font-sizes-json', JSON.stringify(m)]);
      expect(r.reason).toBeUndefined();
      expect(r.calls).toEqual([['sheet/set_cell_range', { nodeId: 'n', sheetId: 's', rangeAddress: range(m), cells: cellsOf(m) }]]);
    }), { numRuns: 20 });
  });

  it('set-style: a cell that is no whole-number literal is refused before any call', async () => {
    for (const cell of ['1.0', '1e3', '2E0', '1.5', '-0.0', '""', '"12"', 'true', '[1]', '{}']) {
      const r = await sent(['sheet', 'range', 'set-style', '--node', 'n', '--sheet-id', 's', '--range', 'A1:B1', '--font-sizes-json', `[[10,${cell}]]`]);
      expect(r.calls, cell).toEqual([]);
      expect(r.reason, cell).toBe('invalid_parameter');
    }
  });

  it('set-style: -0 is 0 (unset), and the scalar --font-size still refuses a negative', async () => {
    const r = await sent(['sheet', 'range', 'set-style', '--node', 'n', '--sheet-id', 's', '--range', 'A1:B1', '--font-sizes-json', '[[-0,12]]']);
    expect(r.calls).toEqual([['sheet/set_cell_range', { nodeId: 'n', sheetId: 's', rangeAddress: 'A1:B1', cells: [[{}, { cellStyles: { fontSize: 12 } }]] }]]);
    const neg = await sent(['sheet', 'range', 'set-style', '--node', 'n', '--sheet-id', 's', '--range', 'A1', '--font-size=-3']);
    expect(neg.calls).toEqual([]);
    expect(neg.reason).toBe('invalid_parameter');
  });

  it('batch-set-style --ranges: the same matrix reading, a negative size sent', async () => {
    const r = await sent(['sheet', 'range', 'batch-set-style', '--node', 'n', '--ranges', '["S1!A1:B1"]', '--font-sizes-json', '[[-2,0]]']);
    expect(r.calls).toEqual([['sheet/batch_update', { nodeId: 'n', operations: [{ toolName: 'set_cell_range', input: { sheetId: 'S1', rangeAddress: 'A1:B1', cells: [[{ cellStyles: { fontSize: -2 } }, {}]] } }] }]]);
    const bad = await sent(['sheet', 'range', 'batch-set-style', '--node', 'n', '--ranges', '["S1!A1"]', '--font-sizes-json', '[[1.0]]']);
    expect(bad.calls).toEqual([]);
    expect(bad.reason).toBe('invalid_parameter');
  });

  it('batch-set-style --batch: an item fontSize of 2.0 or 1e1 fails the decode; its fontSizesJson text is read as the flag', async () => {
    for (const lit of ['2.0', '1e1', '1.5']) {
      const r = await sent(['sheet', 'range', 'batch-set-style', '--node', 'n', '--batch', `[{"sheetId":"s","range":"A1","fontSize":${lit}}]`]);
      expect(r.calls, lit).toEqual([]);
      expect(r.reason, lit).toBe('invalid_parameter');
    }
    const ok = await sent(['sheet', 'range', 'batch-set-style', '--node', 'n', '--batch', '[{"sheetId":"s","range":"A1:B1","fontSizesJson":"[[-3,14]]"},{"sheetId":"t","range":"A1","fontSize":9}]']);
    expect(ok.calls).toEqual([['sheet/batch_update', { nodeId: 'n', operations: [
      { toolName: 'set_cell_range', input: { sheetId: 's', rangeAddress: 'A1:B1', cells: [[{ cellStyles: { fontSize: -3 } }, { cellStyles: { fontSize: 14 } }]] } },
      { toolName: 'set_cell_range', input: { sheetId: 't', rangeAddress: 'A1', cells: [[{ cellStyles: { fontSize: 9 } }]] } },
    ] }]]);
  });
});

// Sibling of the calendar reading above: the report lists' row time (reportTimeValueToMillis, helpers/report.go:1321-1352
// @c7521c1c) is time.Parse(time.RFC3339, x), else time.ParseInLocation("2006-01-02 15:04", x, time.Local). Go refuses
// an offset past +24:60 (so such a text is no time, its row's date printed as written and sorted last), and a space of
// the layout takes a run of spaces (so "2026-03-10  09:00" is a time, printed as "2026-03-10 09:00").
describe('report inbox list: a row time read as Go reads RFC 3339 and 2006-01-02 15:04 (report.go:1321-1352@c7521c1c)', () => {
  it('an offset of +25:00 is no time; a run of spaces in the minute form is one', async () => {
    outputs.answer('get_received_report_list', { result: [
      { reportId: 'r1', createTime: '2026-03-10T09:00:00+25:00', report_name: 'a' },
      { reportId: 'r2', createTime: '2026-03-10  09:00', report_name: 'b' },
    ] });
    outputs.answer('get_report_entry_details', { result: {} });
    const r = await sent(['report', 'inbox', 'list', '--start', '2026-03-01', '--end', '2026-03-20']);
    expect(r.reason).toBeUndefined();
    const rows = (r.printed as { result: { 日期: string; 标题: string }[] }).result;
    expect(rows.map((row) => [row.标题, row.日期])).toEqual([['b', '2026-03-10 09:00'], ['a', '2026-03-10T09:00:00+25:00']]);
  });
});

// Sibling of the calendar reading above: a drive entry's time (toMillis, helpers/drive_latest.go:100-124@c7521c1c;
// the walks of drive list --depth/--latest and drive status/pull/push/sync read it through driveItem.modifiedMillis,
// drive_status.go:276-285) is strconv.ParseInt of the trimmed text (a sign allowed) when positive, else
// time.Parse(time.RFC3339): hour 24 and Feb 30 are no time (JavaScript's Date.parse takes both), a one-digit hour and
// a comma fraction are one.
describe('drive list --latest: an entry time read as toMillis reads it (drive_latest.go:100-124@c7521c1c)', () => {
  it('orders by the times Go reads: a comma fraction and a signed number count, hour 24 does not', async () => {
    outputs.answer('list_files', { result: { items: [
      { type: 'FILE', name: 'a', dentryUuid: 'a1', modifiedTime: '2026-03-10T24:00:00Z' },
      { type: 'FILE', name: 'b', dentryUuid: 'b1', modifiedTime: '2026-03-10T9:00:00,5Z' },
      { type: 'FILE', name: 'c', dentryUuid: 'c1', modifiedTime: ' +1773133200000 ' },
      { type: 'FILE', name: 'd', dentryUuid: 'd1', modifiedTime: '2026-02-30T00:00:00Z' },
    ] } });
    const r = await sent(['drive', 'list', '--depth', '2', '--latest', '4']);
    expect(r.reason).toBeUndefined();
    expect((r.printed as { items: { name: string }[] }).items.map((i) => i.name)).toEqual(['b', 'c', 'a', 'd']);
  });
});
