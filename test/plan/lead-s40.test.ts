// Session 40 (lead): what the lead fixed while the helpers audited.
import { statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { DwsError } from '../../src/errors.js';
import { JsonNumber, parseJsonExact } from '../../src/json-number.js';
import { failedRun, useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-lead-s40-');

// A failure's details print a kept number literal bare, as upstream's json.Marshal writes a json.Number
// (notes/h38-a1.md: aitable +record-upsert-by-key's failure payload, record_upsert_by_key.go:115-118, :158-162@c7521c1c)
describe('the error envelope writes a kept number literal as the number typed', () => {
  it('details with 5.0, 1e2, 1.50 and a number past 2^53 print their literals bare', () => {
    for (const literal of ['5.0', '1e2', '1.50', '12345678901234567890', '-0']) {
      const e = new DwsError('partial_outcome', 'm', undefined, { details: { keyValue: new JsonNumber(literal), list: [new JsonNumber(literal)] } });
      const line = e.envelope();
      expect(line).toBe(`{"details":{"keyValue":${literal},"list":[${literal}]},"error":{"category":"partial","reason":"partial_outcome","message":"m"}}`);
      expect(parseJsonExact(line)).toBeTruthy();
    }
  });
  it('aitable +record-upsert-by-key --key-value-json 5.0: resolved and checkpoint keyValue print 5.0, not "5.0"', async () => {
    outputs.mcp.answers['aitable/query_records'] = (_args, n) => (n === 0 ? { data: { records: [] } } : { data: { records: [{ recordId: 'r1', cells: { fK: 5, fS: 'x' } }] } });
    outputs.answer('aitable/create_records', { success: true, data: { recordIds: ['r1'] } });
    const outcome = await dispatchInProcess(['aitable', '+record-upsert-by-key', '--base-id', 'b', '--table-id', 't', '--key-field-id', 'fK', '--cells', '{"fS":"x"}', '--key-value-json', '5.0', '--yes'], outputs.env());
    expect(failedRun(outcome).reason).toBe('partial_outcome');
    const line = outcome.error!.envelope();
    expect(line).toContain('"keyValue":5.0');
    expect(line).not.toContain('"keyValue":"5.0"');
  });
});

// Files dws writes are owner-only (a declared deviation, docs/ARCHITECTURE.md src/backend/transfer.ts): a sheet's CSV
// written by sheet export-csv (upstream AtomicWrite 0644, helpers/sheet_export_csv.go:200@c7521c1c) is mode 0600
describe('a file dws writes is mode 0600', () => {
  it('sheet export-csv --output x.csv writes x.csv readable by its owner only', async () => {
    outputs.answerText('get_range_as_csv', JSON.stringify({ result: { csv: 'a,b\n1,2\n' } }));
    const env = outputs.env();
    const outcome = await dispatchInProcess(['sheet', 'export-csv', '--node', 'n', '--output', 'x.csv'], env);
    expect(outcome.error?.envelope()).toBeUndefined();
    expect(statSync(path.join(env.DWS_FILE_ROOT!, 'x.csv')).mode & 0o777).toBe(0o600);
  });
});

// Upstream's runnable groups whose own body is one of their commands' (src/catalog/group-runs.ts): typed with
// arguments, the group runs that command, named by the group; bare or with --help it stays a group
describe('a runnable group typed with arguments runs the command whose body it has', () => {
  it('aitable view get --base-id b --table-id t --view-ids v1,v2 sends view list\'s get_views', async () => {
    expect(await outputs.sent(['aitable', 'view', 'get', '--base-id', 'b', '--table-id', 't', '--view-ids', 'v1,v2']))
      .toEqual(await outputs.sent(['aitable', 'view', 'list', '--base-id', 'b', '--table-id', 't', '--view-ids', 'v1,v2']));
    const r = await outputs.sent(['aitable', 'view', 'get', '--base-id', 'b', '--table-id', 't']);
    expect(r.calls).toEqual([['aitable/get_views', { baseId: 'b', tableId: 't' }]]);
  });
  it('report inbox --start --end runs report inbox list with upstream\'s deprecation notice; inbox list itself gives none', async () => {
    const times = ['--start', '2026-03-10T00:00:00+08:00', '--end', '2026-03-10T23:59:59+08:00'];
    const env = outputs.env();
    const viaGroup = await dispatchInProcess(['report', 'inbox', ...times], env);
    expect(viaGroup.error?.envelope()).toBeUndefined();
    expect(viaGroup.err).toContain('deprecated_command');
    expect(viaGroup.err).toContain('`dws report inbox`');
    expect(outputs.mcp.calls.at(-1)).toMatchObject({ name: 'get_received_report_list', arguments: { startTime: 1773072000000, endTime: 1773158399000, cursor: 0, size: 20 } });
    const direct = await dispatchInProcess(['report', 'inbox', 'list', ...times], env);
    expect(direct.error?.envelope()).toBeUndefined();
    expect(direct.err).toBe('');
    expect(direct.out).toBe(viaGroup.out);
  });
  it('aisearch --keyword x runs the person search; without a keyword the person search refuses, nothing sent', async () => {
    expect((await outputs.sent(['aisearch', '--keyword', 'x'])).calls).toEqual([['aisearch/enterprise_person_search', { keyword: 'x', dimension: ['all'] }]]);
    const none = await outputs.sent(['aisearch', '-d', 'name']);
    expect([none.reason, none.calls.length]).toEqual(['missing_parameter', 0]);
  });
  it('bare, with --help, or with an unknown word the group stays a group', async () => {
    const env = outputs.env();
    for (const argv of [['report', 'inbox'], ['aitable', 'view', 'get']]) {
      expect((await dispatchInProcess(argv, env)).error?.reason).toBe('unknown_command');
    }
    const help = await dispatchInProcess(['aitable', 'view', 'get', '--help'], env);
    expect(help.out).toContain('dws aitable view get card');
    expect((await dispatchInProcess(['report', 'inbox', 'nope', '--start', 'x'], env)).error?.reason).toBe('unknown_command');
    // a command under the group still wins over the group's own run
    const card = await outputs.sent(['aitable', 'view', 'get', 'card', '--base-id', 'b', '--table-id', 't', '--view-id', 'v']);
    expect(card.calls[0]).toEqual(['aitable/get_views', { baseId: 'b', tableId: 't', viewIds: ['v'] }]);
  });
});
