// What a command of the audit with seed 20261208 prints (notes/audit-30g.md), as upstream's body at c7521c1c prints
// it: aitable +list-tables projects the table list (shortcut/smart/list_tables.go:98-113, listTablesItems :120,
// listTablesID/Name/String :141-175); calendar busy search drops the schedule items without a status
// (helpers/calendar.go:2862-2880 callFilteredBusyStatus). Run as a user types it, against the recording backend on 127.0.0.1; the call
// itself is pinned by test/fixtures/calls/aitable.yaml.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf } from '../helpers.js';
import { JsonNumber } from '../../src/json-number.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

const run = (argv: string[]) => resultOf(argv, privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-audit30g-'))));

describe('aitable +list-tables', () => {
  it('reduces each table object to tableId/tableName, found one level inside data, null when a field has no value', async () => {
    mcp.answers['aitable/get_tables'] = () => ({
      data: { tables: [
        { tableId: ' t1 ', tableName: '任务', fields: [] },
        'not an object',
        { tableId: '', table_id: 7, name: ' 项目 ' },
        { color: 'blue' },
      ] },
    });
    expect(await run(['aitable', '+list-tables', '--base', 'b1'])).toEqual({
      tables: [
        { tableId: 't1', tableName: '任务' },
        { tableId: '7', tableName: '项目' },
        { tableId: null, tableName: null },
      ],
    });
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ baseId: 'b1' }]);
  });
  it('takes a top-level list first, and prints the answer as it came when no table object is found', async () => {
    mcp.answers['aitable/get_tables'] = () => ({ tables: [{ id: 'a', title: 'x' }], result: { tables: [{ id: 'b' }] } });
    expect(await run(['aitable', '+list-tables', '--base', 'b'])).toEqual({ tables: [{ tableId: 'a', tableName: 'x' }] });
    mcp.answers['aitable/get_tables'] = () => ({ success: true, result: { tables: [] } });
    expect(await run(['aitable', '+list-tables', '--base', 'b'])).toEqual({ success: true, result: { tables: [] } });
  });
  it('writes a numeric id or name as FormatFloat(x, \'f\', -1, 64) writes the float64 json.Unmarshal made (listTablesString :163-175)', async () => {
    mcp.answers['aitable/get_tables'] = () => ({ tables: [{ tableId: new JsonNumber('1e21'), tableName: 1e-7 }, { tableId: new JsonNumber('12345678901234567890'), tableName: 2.5 }] });
    expect(await run(['aitable', '+list-tables', '--base', 'b'])).toEqual({
      tables: [
        { tableId: '1000000000000000000000', tableName: '0.0000001' },
        { tableId: '12345678901234567000', tableName: '2.5' },
      ],
    });
  });
});

describe('calendar busy search', () => {
  const argv = ['calendar', 'busy', 'search', '--users', 'u1', '--start', '2026-03-10T14:00:00+08:00', '--end', '2026-03-10T18:00:00+08:00'];
  it('drops, in each result entry, the schedule items whose status is missing, null or empty, keeping the rest', async () => {
    mcp.answers['calendar/query_busy_status'] = () => ({
      success: true,
      result: [
        { userId: 'u1', scheduleItems: [{ status: 'BUSY', start: 1 }, { status: null }, { status: '' }, { start: 2 }, 'x', { status: 0 }] },
        { userId: 'u2', scheduleItems: [{ status: null }] },
        { userId: 'u3' },
      ],
    });
    expect(await run(argv)).toEqual({
      success: true,
      result: [
        { userId: 'u1', scheduleItems: [{ status: 'BUSY', start: 1 }, { status: 0 }] },
        { userId: 'u2', scheduleItems: [] },
        { userId: 'u3' },
      ],
    });
  });
  it('prints an answer whose result is not a list as it came', async () => {
    mcp.answers['calendar/query_busy_status'] = () => ({ result: { scheduleItems: [{ status: null }] } });
    expect(await run(argv)).toEqual({ result: { scheduleItems: [{ status: null }] } });
  });
});
