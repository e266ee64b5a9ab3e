// Session 46 helper c1, second-reading audit of seed 20261418 (issue 32, notes/h46-c1.md). No drawn command differed
// from upstream's body at c7521c1c; these tests hold the readings the audit checked, each run as a user types it
// against the recording backend on 127.0.0.1, so that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46c1-');

/** upstream's parseRecipients (internal/helpers/mail.go:4202-4212@c7521c1c): split on commas, trimmed, blanks dropped. */
const parseRecipients = (raw: string) => raw.split(',').map(goTrim).filter((v) => v !== '');

const listText = fc.array(fc.constantFrom('a', 'b c', ' ', '', '"q"', "'s'", ',', '[', ']', '\u0085', 'x,y', '""'), { maxLength: 6 })
  .map((parts) => parts.join(''));
const listOrJson = fc.oneof(listText, fc.array(fc.constantFrom('a', ' b ', '', '"c"'), { maxLength: 4 }).map((a) => JSON.stringify(a)));

describe('minutes permission remove reads --ids and --member-uids as parseCSVValues (minutes.go:1808-1826@c7521c1c)', () => {
  it('both lists, for any comma or JSON list text, as the model; a blank one is sent as null', async () => {
    await fc.assert(fc.asyncProperty(listOrJson, listOrJson, async (ids, members) => {
      fc.pre(ids !== '' && members !== '');
      const run = await outputs.sent(['minutes', 'permission', 'remove', '--ids', ids, '--member-uids', members]);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['minutes/remove_member_permission', { uuids: parseCSVValues(ids), memberUids: parseCSVValues(members) }]]);
    }), { numRuns: 40 });
  });
  it('the hidden --task-uuids stands for --ids when --ids is empty', async () => {
    expect(await outputs.argsOf(['minutes', 'permission', 'remove', '--ids', '', '--task-uuids', 'u1', '--member-uids', '1']))
      .toEqual([{ uuids: ['u1'], memberUids: ['1'] }]);
  });
});

describe('mail contact batch-delete reads --contact-ids as parseRecipients (mail.go:3274-3283, :4202@c7521c1c)', () => {
  it('split on commas only (no JSON, no quote stripping), for any text', async () => {
    await fc.assert(fc.asyncProperty(listOrJson, async (ids) => {
      fc.pre(ids !== '');
      const run = await outputs.sent(['mail', 'contact', 'batch-delete', '--email', ' e ', '--contact-ids', ids]);
      expect(run.calls).toEqual([['mail/batch_delete_user_mail_contacts', { email: ' e ', contactIds: parseRecipients(ids) }]]);
    }), { numRuns: 40 });
  });
});

describe('sheet update-float-image reads its numbers as pflag Int (strconv.ParseInt base 0; sheet_float_image.go:232-290@c7521c1c)', () => {
  it('0x10, 010, 1_0 and +5 are 16, 8, 10 and 5; -0 is an offset of 0', async () => {
    expect(await outputs.argsOf(['sheet', 'update-float-image', '--node', 'n', '--sheet-id', 's', '--float-image-id', 'f',
      '--width', '0x10', '--height', '010', '--offset-x', '-0', '--offset-y', '1_0'])).toEqual([
      { nodeId: 'n', sheetId: 's', floatImageId: 'f', width: 16, height: 8, offsetX: 0, offsetY: 10 },
    ]);
    expect(await outputs.argsOf(['sheet', 'update-float-image', '--node', 'n', '--sheet-id', 's', '--float-image-id', 'f', '--height', '+5']))
      .toEqual([{ nodeId: 'n', sheetId: 's', floatImageId: 'f', height: 5 }]);
  });
  it('a width of 0 and a negative offset are refused before any call; nothing typed to change is refused too', async () => {
    for (const extra of [['--width', '0'], ['--offset-x', '-1'], []]) {
      const run = await outputs.sent(['sheet', 'update-float-image', '--node', 'n', '--sheet-id', 's', '--float-image-id', 'f', ...extra]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
});

describe('calendar event instances prints the answer as callSortedCalendarEvents (calendar.go:2899-2943@c7521c1c)', () => {
  it('events without an id left out, the rest ordered by start.dateTime, else created/updated; a nextCursor gives the hint', async () => {
    outputs.answer('calendar/list_event_instances', { result: { events: [
      { id: 'b', start: { dateTime: '2026-03-11T10:00:00+08:00' } },
      { id: '' },
      { id: 'a', start: { dateTime: '2026-03-10T10:00:00Z' } },
      { id: 'c', created: 5 },
    ], nextCursor: 'n2' } });
    const run = await outputs.sent(['calendar', 'event', 'instances', '--event-id', 'e', '--startDate', '2026-03-10', '--end', '2026-03-12 10:00', '--count', '7']);
    expect(run.calls).toEqual([['calendar/list_event_instances', { eventId: 'e', startTime: 1773072000000, endTime: 1773280800000, limit: 7 }]]);
    const result = (run.printed as { result: { events: { id: string }[]; paginationHint?: string } }).result;
    expect(result.events.map((e) => e.id)).toEqual(['c', 'a', 'b']);
    expect(result.paginationHint).toContain('n2');
  });
});

describe('report inbox list reads the answer as callReportListReadable (report.go:619-651, :795-880, :1214-1251@c7521c1c)', () => {
  it('a list under none of the keys upstream looks under is printed as it came, with no detail call', async () => {
    const answer = { success: true, result: { dataList: [{ reportId: 'r1' }], hasMore: false } };
    outputs.answer('report/get_received_report_list', answer);
    const run = await outputs.sent(['report', 'inbox', 'list', '--start', '2026-01-01', '--end', '2026-01-02', '--cursor', '010', '--size', '0x10']);
    expect(run.calls).toEqual([['report/get_received_report_list', { startTime: 1767196800000, endTime: 1767283200000, cursor: 8, size: 16 }]]);
    expect(run.printed).toEqual(answer);
  });
  it('a list under result.list is read row by row: each reportId gets its detail read, and the table is printed', async () => {
    outputs.answer('report/get_received_report_list', { success: true, result: { list: [{ reportId: 'r1', templateName: '日报', creatorName: '张' }, { x: 1 }], nextCursor: 3 } });
    outputs.answer('report/get_report_entry_details', { success: true, result: { reportId: 'r1', url: 'https://x/y' } });
    const run = await outputs.sent(['report', 'inbox', 'list', '--start', '2026-01-01', '--end', '2026-01-02', '--limit', '5']);
    expect(run.calls.map(([tool]) => tool)).toEqual(['report/get_received_report_list', 'report/get_report_entry_details']);
    expect(run.calls[0][1]).toMatchObject({ size: 5, cursor: 0 });
    expect(run.printed).toMatchObject({ count: 1, nextCursor: 3, agentDisplayColumns: ['日期', '标题', '发送人', '状态', '钉钉链接'] });
  });
});
