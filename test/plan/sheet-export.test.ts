// sheet export as upstream's runSheetExport (internal/helpers/sheet_export.go:16-240@c7521c1c): the submit and query
// answers read in `result` when that is an object, else at the top; 30 checks, each after its wait (2 s x5, 5 s x5,
// 10 s x10, 15 s x10); a failed check tried again; the status trimmed and upper-cased; a directory --output named from
// the link, else sheet-export-<jobId>.xlsx.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUSY, useOutputRuns } from './output-runs.js';

const { mcp, timed, answer, answersInTurn } = useOutputRuns('dws-sheet-export-');
const TIMETABLE = [...Array(5).fill(2000), ...Array(5).fill(5000), ...Array(10).fill(10000), ...Array(10).fill(15000)];

describe('sheet export', { timeout: 300_000 }, () => {
  it('waits before every check on upstream\'s timetable and reads a padded lower-case status as SUCCESS', async () => {
    mcp.calls.length = 0;
    answer('sheet/submit_export_job', { result: { jobId: 'J1' } });
    answersInTurn('sheet/query_export_job', { result: { status: 'processing' } }, { result: { status: 'Running' } }, { result: { status: ' success\n', downloadUrl: 'https://x.invalid/a.xlsx' } });
    const r = await timed(['sheet', 'export', '--node', 'N1']);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.sleeps).toEqual([2000, 2000, 2000]);
    expect(r.calls).toEqual([['submit_export_job', { nodeId: 'N1', exportFormat: 'xlsx' }], ...Array(3).fill(['query_export_job', { jobId: 'J1' }])]);
    expect(r.result).toEqual({ success: true, jobId: 'J1', downloadUrl: 'https://x.invalid/a.xlsx' });
  });

  it('gives up after 30 checks (285 s of waits) with the task not finished', async () => {
    mcp.calls.length = 0;
    answer('sheet/submit_export_job', { jobId: 'J2' });
    answer('sheet/query_export_job', { result: { status: 'PENDING' } });
    const r = await timed(['sheet', 'export', '--node', 'N1']);
    expect(r.outcome.error?.reason).toBe('outcome_unknown');
    expect(r.sleeps).toEqual(TIMETABLE);
    expect(r.sleeps.reduce((a, b) => a + b, 0)).toBe(285_000);
    expect(r.calls.filter(([rpc]) => rpc === 'query_export_job')).toHaveLength(30);
  });

  it('tries a check the backend fails again at the next time, and a null answer is a task still running', async () => {
    mcp.calls.length = 0;
    answer('sheet/submit_export_job', { result: { jobId: 'J3' } });
    answersInTurn('sheet/query_export_job', BUSY, null, { status: 'SUCCESS', downloadUrl: 'https://x.invalid/b.xlsx' });
    const r = await timed(['sheet', 'export', '--node', 'N1']);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.sleeps).toEqual([2000, 2000, 2000]);
    expect(r.result).toEqual({ success: true, jobId: 'J3', downloadUrl: 'https://x.invalid/b.xlsx' });
  });

  it('refuses a submit answer whose success is false, with the backend\'s message, and checks nothing', async () => {
    mcp.calls.length = 0;
    answer('sheet/submit_export_job', { result: { success: false, message: '表格过大', jobId: 'J4' } });
    const r = await timed(['sheet', 'export', '--node', 'N1']);
    // the transport already fails an answer saying success false (a business error carrying the backend's message)
    expect(r.outcome.error?.reason).toBe('business_error');
    expect(r.outcome.error?.message).toContain('表格过大');
    expect(r.calls.map(([rpc]) => rpc)).toEqual(['submit_export_job']);
  });

  it('reads the jobId only inside an object result: a result object without one is refused, a text result falls back to the top', async () => {
    mcp.calls.length = 0;
    answer('sheet/submit_export_job', { result: { ok: true }, jobId: 'TOP' });
    const inside = await timed(['sheet', 'export', '--node', 'N1']);
    expect(inside.outcome.error?.reason).toBe('backend_error');
    expect(inside.calls.map(([rpc]) => rpc)).toEqual(['submit_export_job']);
    mcp.calls.length = 0;
    answer('sheet/submit_export_job', { result: 'queued', jobId: 'TOP' });
    answer('sheet/query_export_job', { result: { status: 'SUCCESS', downloadUrl: 'https://x.invalid/c.xlsx' } });
    const top = await timed(['sheet', 'export', '--node', 'N1']);
    expect(top.calls[1]).toEqual(['query_export_job', { jobId: 'TOP' }]);
    expect(top.result).toEqual({ success: true, jobId: 'TOP', downloadUrl: 'https://x.invalid/c.xlsx' });
  });

  it('refuses a failed task with its message, a SUCCESS without a downloadUrl, and an answer that is not an object', async () => {
    answer('sheet/submit_export_job', { result: { jobId: 'J5' } });
    for (const [body, details] of [
      [{ result: { status: ' error ', message: 'quota' } }, { jobId: 'J5', status: ' error ', message: 'quota' }],
      [{ result: { status: 'SUCCESS', downloadUrl: 7 } }, { jobId: 'J5', status: 'SUCCESS' }],
      [[{ status: 'SUCCESS' }], { jobId: 'J5' }],
    ] as const) {
      mcp.calls.length = 0;
      answer('sheet/query_export_job', body);
      const r = await timed(['sheet', 'export', '--node', 'N1']);
      expect(r.outcome.error?.reason).toBe('backend_error');
      expect(JSON.parse(r.outcome.error!.envelope()).details).toEqual(details);
      expect(r.calls.map(([rpc]) => rpc)).toEqual(['submit_export_job', 'query_export_job']);
    }
  });

  it('saves into an existing directory under the link\'s last path segment, decoded', async () => {
    mcp.files['report Q1.xlsx'] = Buffer.from('PK-xlsx');
    answer('sheet/submit_export_job', { result: { jobId: 'J6' } });
    answer('sheet/query_export_job', { result: { status: 'SUCCESS', downloadUrl: `${mcp.base}/files/report%20Q1.xlsx?sig=1` } });
    const r = await timed(['sheet', 'export', '--node', 'N1', '--output', '.']);
    expect(r.outcome.error?.envelope()).toBeUndefined();
    expect(r.result).toEqual({ success: true, jobId: 'J6', outputPath: 'report Q1.xlsx', downloadUrl: `${mcp.base}/files/report%20Q1.xlsx?sig=1` });
    expect(readFileSync(path.join(r.dir, 'report Q1.xlsx'), 'utf8')).toBe('PK-xlsx');
  });
});
