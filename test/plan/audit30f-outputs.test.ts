// What three commands of the audit with seed 20261207 print (notes/audit-30f.md), as upstream's bodies at c7521c1c print it:
// calendar +book-search projects the calendar list (shortcut/calendar/calendar.go:838 bookSearchProject,
// bookSearchContainer), drive +move and drive +create-folder print the read-back object that requireDriveObject
// unwraps (shortcut/drive/common.go:99; drive.go:575, operations.go:143). Run as a user types them, against the
// recording backend on 127.0.0.1; the calls themselves are pinned by test/fixtures/calls/{calendar,drive}.yaml.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

const run = (argv: string[]) => resultOf(argv, privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-audit30f-'))));

describe('calendar +book-search', () => {
  it('prints {count, calendars} with each object reduced to its four fields, found one level inside result', async () => {
    mcp.answers['calendar/search_calendar'] = () => ({
      result: { calendars: [
        { calendarId: 'c1', summary: '项目日历', privilege: 'owner', type: 'primary', color: 'red' },
        'not an object',
        { id: 'c2', name: '订阅', role: 'reader' },
        { color: 'blue' },
        { calendarId: null, calendar_id: 'c3', title: '' },
      ] },
    });
    expect(await run(['calendar', '+book-search', '--query', '项目'])).toEqual({
      count: 3,
      calendars: [
        { calendarId: 'c1', summary: '项目日历', privilege: 'owner', type: 'primary' },
        { calendarId: 'c2', summary: '订阅', privilege: 'reader' },
        { calendarId: 'c3', summary: '' },
      ],
    });
  });
  it('takes a list at data, and prints an empty list when the answer has none', async () => {
    mcp.answers['calendar/search_calendar'] = () => ({ data: [{ calendarId: 'a', calendarType: 'shared' }] });
    expect(await run(['calendar', '+book-search', '--query', 'q'])).toEqual({ count: 1, calendars: [{ calendarId: 'a', type: 'shared' }] });
    mcp.answers['calendar/search_calendar'] = () => ({ success: true, result: { total: 0 } });
    expect(await run(['calendar', '+book-search', '--query', 'q'])).toEqual({ count: 0, calendars: [] });
  });
});

describe('drive read-backs', () => {
  it('+move prints the read-back object from data, not the whole answer', async () => {
    mcp.answers['doc/move_document'] = () => ({ success: true });
    mcp.answers['doc/get_document_info'] = () => ({ success: true, data: { nodeId: 'n1', folderId: 'f1', name: '周报' } });
    expect(await run(['drive', '+move', '--node', 'n1', '--folder', 'f1', '--yes'])).toEqual({
      success: true, nodeId: 'n1', file: { nodeId: 'n1', folderId: 'f1', name: '周报' },
    });
  });
  it('+create-folder prints the trimmed created id and the unwrapped read-back', async () => {
    mcp.answers['drive/create_folder'] = () => ({ success: true, result: { dentryUuid: ' d1 ' } });
    mcp.answers['drive/get_file_info'] = () => ({ fileName: '资料', parentId: 'p1' });
    expect(await run(['drive', '+create-folder', '--name', '资料'])).toEqual({ success: true, nodeId: 'd1', folder: { fileName: '资料', parentId: 'p1', success: true } });
  });
});
