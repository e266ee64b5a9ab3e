// Session 43 second reading, part a8 (issue 32, seed 20261379, notes/h43-a8.md): where a drawn command, or a sibling
// writing its file the same way, still differed from upstream's body at c7521c1c. Each run as a user types it against
// the recording backend on 127.0.0.1, in a private directory holding the files named.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43a8-');

// doc download writes --output with httpGetFile, which opens it with os.Create after a 200 answer (helpers/doc.go:387,
// :461-492@c7521c1c): an existing file is truncated and replaced. drive download and drive download-version reach the
// same os.Create through driveTransferDownload (downloadSingleWithAuthRetry -> httpGetFile, writeStreamToFile, or the
// ranged parts renamed over it: drive.go:776, :951; drive_transfer.go:282-330, :443-453@c7521c1c). Before: dws refused
// an existing --output (invalid_parameter) after the download_file read, where upstream saves over it.
describe('an existing --output file is replaced, as upstream\'s os.Create does (doc download and its siblings)', () => {
  const link = (status?: number) => `${outputs.mcp.base}/files/d.bin${status ? `?status=${status}` : ''}`;
  const cases: [string, (status?: number) => void, string[]][] = [
    ['doc download', (s) => outputs.answer('doc/download_file', { resourceUrl: link(s) }), ['doc', 'download', '--node', 'N1']],
    ['drive download', (s) => outputs.answer('drive/download_file', { downloadUrl: link(s) }), ['drive', 'download', '--node', 'N1']],
    ['drive download-version', (s) => outputs.answer('drive/download_file_version', { downloadUrl: link(s) }),
      ['drive', 'download-version', '--node', 'N1', '--version', '2']],
    // sibling: sheet export's xlsx goes through the same httpGetFile (sheet_export.go:91@c7521c1c)
    ['sheet export', (s) => {
      outputs.answer('sheet/submit_export_job', { jobId: 'j1' });
      outputs.answer('sheet/query_export_job', { status: 'SUCCESS', downloadUrl: link(s) });
    }, ['sheet', 'export', '--node', 'N1']],
  ];

  it.each(cases)('%s saves over an existing file of any content', async (_name, answer, argv) => {
    await fc.assert(fc.asyncProperty(fc.string({ maxLength: 40 }), fc.uint8Array({ minLength: 1, maxLength: 64 }), async (old, payload) => {
      outputs.mcp.files['d.bin'] = Buffer.from(payload);
      answer();
      const r = await outputs.timed([...argv, '--output', 'x.out'], { 'x.out': old });
      expect(r.outcome.error).toBeUndefined();
      expect(readFileSync(path.join(r.dir, 'x.out'))).toEqual(Buffer.from(payload));
    }), { numRuns: 5 });
  });

  it.each(cases)('%s: an existing file inside a directory --output is replaced too', async (_name, answer, argv) => {
    outputs.mcp.files['d.bin'] = Buffer.from('new bytes');
    answer();
    const r = await outputs.timed([...argv, '--output', '.'], { 'd.bin': 'old' });
    expect(r.outcome.error).toBeUndefined();
    expect(readFileSync(path.join(r.dir, 'd.bin'), 'utf8')).toBe('new bytes');
  });

  it.each(cases)('%s: a refused GET (403) leaves the existing file as it was', async (_name, answer, argv) => {
    outputs.mcp.files['d.bin'] = Buffer.from('new bytes');
    answer(403);
    const r = await outputs.timed([...argv, '--output', 'x.out'], { 'x.out': 'old' });
    expect(r.outcome.error).toBeDefined();
    expect(readFileSync(path.join(r.dir, 'x.out'), 'utf8')).toBe('old');
  });
});

// attendance vacation records reads --start/--end with time.ParseInLocation("2006-01-02", v, time.Local)
// (helpers/attendance.go:3361-3368@c7521c1c). Go's zone data keeps offsets to the second, so a date before a zone's
// first transition is read at its local mean time: Asia/Shanghai +08:05:43 before 1901, America/New_York -04:56:02
// before 1883, Asia/Kolkata +05:53:28 before 1854. Before: dws took the offset from getTimezoneOffset, whole minutes,
// and sent the instant off by those seconds (43 s in Shanghai). The model reads the offset from the zone data through
// Intl's longOffset (seconds kept), independently of the transform.
describe('a local date is read at its zone\'s offset to the second, as Go\'s time.Local (attendance vacation records)', () => {
  const savedTz = process.env.TZ;
  const offsetMs = (zone: string, ms: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(ms))
      .find((p) => p.type === 'timeZoneName')!.value;
    const m = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/u.exec(name)!;
    if (!m[1]) return 0;
    return (m[1] === '-' ? -1 : 1) * ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4] ?? 0)) * 1000;
  };
  const midnight = (zone: string, y: number, mo: number, d: number) => {
    const t = new Date(0);
    t.setUTCFullYear(y, mo - 1, d);
    const wall = t.getTime();
    return wall - offsetMs(zone, wall - offsetMs(zone, wall));
  };
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const zone = fc.constantFrom('Asia/Shanghai', 'America/New_York', 'Asia/Kolkata', 'UTC');
  // far from any transition: local mean time (1700-1840) or the standard offsets of this century at midnight
  const date = fc.tuple(fc.oneof(fc.integer({ min: 1700, max: 1840 }), fc.integer({ min: 2000, max: 2030 })), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }));

  it('Shanghai 1900-01-01 is 1899-12-31T15:54:17Z, as Go reads it at +08:05:43', async () => {
    process.env.TZ = 'Asia/Shanghai';
    try {
      const [call] = await outputs.argsOf(['attendance', 'vacation', 'records', '--user', 'u', '--start', '1900-01-01', '--end', '2026-01-01']) as Record<string, Record<string, unknown>>[];
      expect(call.McpLeaveRecordRequest).toMatchObject({ startTimeStamp: Date.UTC(1899, 11, 31, 15, 54, 17), endTimeStamp: Date.UTC(2025, 11, 31, 16) });
    } finally {
      if (savedTz === undefined) delete process.env.TZ; else process.env.TZ = savedTz;
    }
  });

  it('any date in any of these zones is sent as the zone data\'s midnight, seconds included', async () => {
    try {
      await fc.assert(fc.asyncProperty(zone, date, async (tz, [y, mo, d]) => {
        process.env.TZ = tz;
        const text = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
        const [call] = await outputs.argsOf(['attendance', 'vacation', 'records', '--user', 'u', '--start', text, '--end', text]) as Record<string, Record<string, unknown>>[];
        expect(call.McpLeaveRecordRequest.startTimeStamp).toBe(midnight(tz, y, mo, d));
      }), { numRuns: 25 });
    } finally {
      if (savedTz === undefined) delete process.env.TZ; else process.env.TZ = savedTz;
    }
  });
});
