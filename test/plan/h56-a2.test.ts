// Session 56 helper a2, second-reading audit of seed 20261469 (issue 32, notes/h56-a2.md). Two drawn commands read an
// answer otherwise than their upstream bodies at c7521c1c, each fixed at its cause, with the siblings of that cause:
// - chat +feed-group-query-item keys each conversation row by strings.TrimSpace(fmt.Sprint(openConversationId))
//   (feedGroupQueryProject, internal/shortcut/chat/lark_alignment.go:888-895@c7521c1c). dws wrote a number in full
//   decimals (1e20 as 100000000000000000000, where Go's %v writes 1e+20), stopped the command on an object or list id,
//   and never found the id __proto__ (the object it built took that key as its prototype).
// - drive status and drive push read a list_files entry as a file or folder by strings.ToUpper(type) == FILE/FOLDER
//   (isFile/isFolder, internal/helpers/drive_status.go:268-274@c7521c1c). Go upper-cases code point by code point, so
//   the ligature in `ﬁle` stays itself; JavaScript's upper case made it FILE. Sibling: drive list's --type and
//   --start/--end are strings.TrimSpace'd and --type strings.ToLower'ed (drive_list_filter.go:43-53@c7521c1c), where
//   dws used JavaScript's trim and lower case (U+0085 not space, `İ` lowered to two code points).
// - calendar +conflicts sends calendarDayRange(--in-days): time.Date(today 00:00, Local).AddDate(0, 0, n) and the next
//   day, as epoch ms (conflicts.go:84-90, calendar_shared.go:24-28@c7521c1c). Go's time has no year limit; dws's `now`
//   value went through JavaScript's Date (±8.64e15 ms), so a day offset of about 1e8 days gave NaN and the run stopped
//   with exit 5 (journal_unwritable) where upstream sends the day (still below 2^53).
// Each runs as a user types it against the recording backend on 127.0.0.1.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchInProcess, useTimeZone } from '../helpers.js';
import { recordingEnv } from '../fixtures/mcp/server.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, sent } = useOutputRuns('dws-h56a2-');

describe('chat +feed-group-query-item: a row is keyed by fmt.Sprint of its openConversationId (lark_alignment.go:888-895@c7521c1c)', () => {
  const rows = [
    { openConversationId: 1e20, name: 'big' },
    { openConversationId: 0.000001, name: 'small' },
    { openConversationId: 5, name: 'five' },
    { openConversationId: { k: 1, a: [true, null] }, name: 'object' },
    { openConversationId: [1, 'x'], name: 'list' },
    { openConversationId: '__proto__', name: 'proto' },
    { openConversationId: ' cid1 ', name: 'padded' },
  ];
  const query = (ids: string) => ['chat', '+feed-group-query-item', '--category-id', '7', '--conversation-ids', ids];

  beforeEach(() => {
    mcp.answers['im/list_conversations_by_category'] = () => ({ result: { conversations: rows }, hasMore: false });
  });

  it('numbers are keyed as %v writes them: 1e+20 and 1e-06 are found, their full decimals are not', async () => {
    const run = await sent(query('1e+20,1e-06,5,100000000000000000000,0.000001'));
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['im/list_conversations_by_category', { categoryId: 7 }]]);
    expect(run.printed).toMatchObject({
      ok: false,
      requestedCount: 5,
      foundCount: 3,
      items: [
        { openConversationId: 1e20, conversationName: 'big' },
        { openConversationId: 0.000001, conversationName: 'small' },
        { openConversationId: 5, conversationName: 'five' },
      ],
      notFoundConversationIds: ['100000000000000000000', '0.000001'],
    });
  });

  it('an object id is keyed as map[k:v] (keys sorted), a list id as [a b]: the command reads on and finds both', async () => {
    const run = await sent(query('map[a:[true <nil>] k:1],[1 x],cid1'));
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({
      ok: true,
      foundCount: 3,
      items: [
        { openConversationId: { k: 1, a: [true, null] }, conversationName: 'object' },
        { openConversationId: [1, 'x'], conversationName: 'list' },
        { openConversationId: ' cid1 ', conversationName: 'padded' },
      ],
      notFoundConversationIds: [],
    });
  });

  it('the id __proto__ is a key like any other (pairs_to_object)', async () => {
    const run = await sent(query('__proto__,constructor'));
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({
      foundCount: 1,
      items: [{ openConversationId: '__proto__', conversationName: 'proto' }],
      notFoundConversationIds: ['constructor'],
    });
  });
});

describe('drive status and drive push: a list_files type is upper-cased as Go does (drive_status.go:268-274@c7521c1c)', () => {
  let root: string;
  const env = () => ({ ...recordingEnv(mcp.urlTemplate, 'tok-h56a2'), DWS_FILE_ROOT: root });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'dws-h56a2-drive-'));
    mkdirSync(path.join(root, 'work'));
    writeFileSync(path.join(root, 'work', 'a.txt'), 'hello');
    mcp.answers['drive/list_files'] = () => ({
      result: {
        items: [
          // U+FB01 (the fi ligature): Go's strings.ToUpper keeps it, so this entry is neither a file nor a folder
          { type: '\ufb01le', name: 'a.txt', fileId: 'f1' },
          { type: '\ufb01le', name: 'lig.txt', fileId: 'f2' },
          // the dotless i upper-cases to I in Go as in JavaScript: a file
          { type: 'f\u0131le', name: 'dotless.txt', fileId: 'f3' },
        ],
        hasMore: false,
      },
    });
  });

  it('drive status: a ligature-typed entry is skipped, so the local a.txt is new_local and lig.txt is not listed', async () => {
    const { out, error } = await dispatchInProcess(['drive', 'status', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root'], env());
    expect(error).toBeUndefined();
    const r = (JSON.parse(out) as { result: Record<string, unknown> }).result;
    expect([r.new_local, r.new_remote, r.modified, r.unchanged, r.unknown]).toEqual([[{ rel_path: 'a.txt' }], [{ rel_path: 'dotless.txt' }], [], [], []]);
  });

  it('drive push --yes: a.txt has no remote file of its name, so it is uploaded (not skipped as existing)', async () => {
    mcp.calls.length = 0;
    await dispatchInProcess(['drive', 'push', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root', '--yes'], env());
    const calls = mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]);
    expect(calls[0]).toEqual(['drive/list_files', { maxResults: 50, parentId: 'root' }]);
    // the upload starts for a.txt with no file to overwrite
    expect(calls[1]).toEqual(['drive/get_upload_info', { fileName: 'a.txt', fileSize: 5, parentId: 'root' }]);
  });
});

describe('drive list: --type is TrimSpace\'d and ToLower\'ed as Go does (drive_list_filter.go:43-53@c7521c1c)', () => {
  beforeEach(() => {
    mcp.answers['drive/list_files'] = () => ({ result: { items: [{ type: 'FILE', name: 'a', fileId: '1' }, { type: 'FOLDER', name: 'b', fileId: '2' }] } });
  });

  it.each([
    // U+0130 lowers to i alone in Go (JavaScript adds a combining dot)
    ['F\u0130LE', 'a'],
    // U+0085 is space to Go's TrimSpace (not to JavaScript's trim)
    ['\u0085folder\u0085', 'b'],
    ['File', 'a'],
  ])('--type %j keeps only %s', async (type, name) => {
    const run = await sent(['drive', 'list', '--type', type]);
    expect(run.reason).toBeUndefined();
    expect((run.printed as { items: { name: string }[] }).items.map((i) => i.name)).toEqual([name]);
  });

  it('--type with U+FEFF is refused, as Go does not trim it', async () => {
    const run = await sent(['drive', 'list', '--type', '\ufefffile']);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
});

// The expected instants are hand-computed: (days from 1970-01-01 to the local day + n) * 86400000 minus the zone's
// offset that day; the far days' dates were checked by Python's datetime over whole 400-year cycles (146097 days).
const conflictsRun = (days: string) => ['calendar', '+conflicts', '--in-days', days];
const pinned = new Date('2026-12-07T22:30:00Z');

describe('calendar +conflicts: a far --in-days is sent as Go\'s AddDate gives it (calendar_shared.go:24-28@c7521c1c), Asia/Shanghai', () => {
  useTimeZone('Asia/Shanghai');
  beforeEach(() => {
    mcp.answers['calendar/list_calendar_events'] = () => ({ result: { events: [] } });
  });

  it.each([
    // the local day 2026-12-08 (day 20795) + 1e8: year 275817, +08:00 (the zone's rule carried forward)
    ['100000000', 8641796659200000, 8641796745600000, '275817-08-21'],
    // before the zone's first transition its local mean time, +08:05:43
    ['-100100000', -8646843341143000, -8646843254743000, '-272038-06-12'],
    // an ordinary day, as before
    ['1', 1796745600000, 1796832000000, '2026-12-09'],
  ])('--in-days %s sends startTime %d and endTime %d and prints date %s', async (days, startTime, endTime, date) => {
    const run = await sent(conflictsRun(days), undefined, pinned);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['calendar/list_calendar_events', { calendarId: 'primary', endTime, startTime }]]);
    expect(run.printed).toEqual({ date, eventCount: 0, conflictCount: 0, hasConflict: false, conflicts: [] });
  });
});

describe('calendar +conflicts: a far --in-days in America/New_York keeps the daylight-saving rule of that day', () => {
  useTimeZone('America/New_York');

  it('--in-days 100000000 from 2026-12-07 is 275817-08-20, at -04:00', async () => {
    mcp.answers['calendar/list_calendar_events'] = () => ({ result: { events: [] } });
    const run = await sent(conflictsRun('100000000'), undefined, pinned);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['calendar/list_calendar_events', { calendarId: 'primary', endTime: 8641796702400000, startTime: 8641796616000000 }]]);
    expect((run.printed as { date: string }).date).toBe('275817-08-20');
  });
});
