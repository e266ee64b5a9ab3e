// Session 34 second reading, part a3 (issue 32, notes/h34-a3.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1 (test/fixtures/mcp/server.ts).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goSanitizeFilename } from '../../src/plan/transforms/files.js';
import { problemsOf } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h34a3-');
const { mcp } = outputs;

describe('minutes +speaker-replace: transcript marks as ParseTranscriptPage reads them (minutesdata/response.go:68-89, :352-383@c7521c1c)', () => {
  const replace = async (pages: unknown[]) => {
    // the first reads are the transcript before the write; the read-back names only the new speaker
    mcp.answers['minutes/get_minutes_transcription'] = (_a, n) => (n < pages.length ? pages[n] : { result: { paragraphList: [{ speakerNick: 'Z' }, { speakerNick: 'Z', id: 'p2' }], hasNext: false } });
    mcp.answers['minutes/replace_speaker'] = () => ({ success: true });
    const r = await outputs.sent(['minutes', '+speaker-replace', '--id', 'u', '--from', 'A', '--to', 'Z', '--yes']);
    const reads = r.calls.filter(([tool]) => tool === 'minutes/get_minutes_transcription').map(([, a]) => (a as { nextToken?: unknown }).nextToken ?? null);
    return { reads, reason: r.reason, wrote: r.calls.some(([tool]) => tool === 'minutes/replace_speaker') };
  };
  const para = (id: string) => ({ speakerNick: 'A', id });
  it('the container holding paragraphList says more before the answer\'s top does', async () => {
    const r = await replace([{ result: { paragraphList: [para('p1')], hasNext: true, nextToken: 'r' }, hasNext: false }, { result: { paragraphList: [para('p2')], hasNext: false } }]);
    expect(r).toEqual({ reads: [null, 'r', null], reason: undefined, wrote: true });
  });
  it('a container mark that is no boolean falls to the top; the cursor is stringField\'s text (a number\'s digits, trimmed)', async () => {
    const r = await replace([
      { result: { paragraphList: [para('p1')], hasNext: 'yes', nextToken: 12 }, hasMore: true },
      { data: { paragraphList: [para('p2')], nextToken: '  ' }, nextCursor: ' c3 ', hasMore: true },
      { data: { paragraphList: [] }, hasMore: false },
    ]);
    expect(r).toEqual({ reads: [null, '12', 'c3', null], reason: undefined, wrote: true });
  });
  it('more follow with no cursor anywhere is refused before the write', async () => {
    const r = await replace([{ result: { paragraphList: [para('p1')], hasNext: true, nextToken: ' ' } }]);
    expect(r).toEqual({ reads: [null], reason: 'backend_error', wrote: false });
  });
  it('any placement of the marks is read as upstream reads it (property)', async () => {
    const place = fc.constantFrom('container', 'top', 'container-more-top-cursor', 'container-false', 'none');
    await fc.assert(fc.asyncProperty(fc.array(fc.record({ marks: place, token: fc.constantFrom('plain', 'padded', 'number') }), { minLength: 1, maxLength: 4 }), async (specs) => {
      const pages = specs.map((s, k) => {
        const token = s.token === 'number' ? 100 + k : s.token === 'padded' ? ` t${k} ` : `t${k}`;
        const inner: Record<string, unknown> = { paragraphList: [para(`p${k}`)] };
        const top: Record<string, unknown> = { result: inner };
        if (s.marks === 'container') Object.assign(inner, { hasNext: true, nextToken: token });
        if (s.marks === 'top') Object.assign(top, { hasMore: true, nextCursor: token });
        if (s.marks === 'container-more-top-cursor') {
          Object.assign(inner, { hasMore: true });
          Object.assign(top, { hasNext: false, nextToken: token });
        }
        if (s.marks === 'container-false') {
          Object.assign(inner, { hasNext: false });
          Object.assign(top, { hasMore: true, nextToken: token });
        }
        return top;
      });
      // upstream: more is the container's first boolean, else the top's; the cursor the container's, else the top's, as text
      const expected: unknown[] = [null];
      for (const [k, s] of specs.entries()) {
        if (s.marks === 'none' || s.marks === 'container-false') break;
        expected.push(s.token === 'number' ? String(100 + k) : `t${k}`);
      }
      const all = expected.length - 1 === specs.length;
      const r = await replace(all ? [...pages, { result: { paragraphList: [], hasNext: false } }] : pages);
      expect(r.reads.slice(0, expected.length)).toEqual(expected);
      if (!all) expect(r.wrote).toBe(true);
    }), { numRuns: 15 });
  });
  it('next_from is checked at build: cursor paging only', () => {
    const plan = (page: Record<string, unknown>) => ({ facts: 't', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } }, page: { items: 'list', max_pages: 2, ...page } }] });
    expect(problemsOf(plan({ cursor_arg: 'c', next: ['n'], next_from: { item: true, path: 'n' } }))).toEqual([]);
    expect(problemsOf(plan({ number_arg: 'p', next_from: { item: true, path: 'n' } }))).toEqual([expect.stringContaining('next_from: cursor paging only')]);
  });
});

describe('aitable +record-upsert: the read-backs read pages as queryRecordWindow does (record_query_all.go:32-101, record_upsert_by_key.go:286-304@c7521c1c)', () => {
  const records = JSON.stringify([{ recordId: 'r1', cells: { b: 2 } }, { recordId: 'r2', cells: { b: 3 } }]);
  const upsert = async (pages: unknown[]) => {
    mcp.answers['aitable-helper/record_upsert'] = () => ({ success: true });
    const r = await outputs.paged(['aitable', '+record-upsert', '--base-id', 'b', '--table-id', 't', '--records', records, '--yes'], 'aitable/query_records', pages);
    return { exit: r.exit, sent: r.sent.filter((a) => 'recordIds' in a).map((a) => [a.limit, a.cursor ?? null]) };
  };
  const r1 = { recordId: 'r1', cells: { b: 2 } };
  const r2 = { recordId: 'r2', cells: { b: 3 } };
  it('hasMore false beside a cursor reads on (responseHasMore), so the second record is found', async () => {
    expect(await upsert([{ records: [r1], hasMore: false, nextCursor: 'c' }, { records: [r2] }])).toEqual({ exit: 0, sent: [[2, null], [1, 'c']] });
  });
  it('a cursor inside data.pagination is found and trimmed', async () => {
    expect(await upsert([{ data: { records: [r1], pagination: { nextCursor: ' c2 ' } } }, { result: { records: [r2] } }])).toEqual({ exit: 0, sent: [[2, null], [1, 'c2']] });
  });
  it('a page repeating the cursor fails even when every id was read (the cycle check comes before the loop bound)', async () => {
    const r = await upsert([{ records: [r1], hasMore: true, cursor: 'c' }, { records: [r2], hasMore: true, nextCursor: 'c' }]);
    expect(r.exit).not.toBe(0);
    expect(r.sent).toEqual([[2, null], [1, 'c']]);
  });
});

describe('minutes +download: the file name is SafeFilename(<taskUuid><ext>, url) (localio/download.go:281-293, :455-475; alignment.go:324-333@c7521c1c)', () => {
  const download = async (argv: string[], url = 'b.MP3') => {
    mcp.files[decodeURIComponent(url.split('?')[0])] = Buffer.from('MEDIA');
    mcp.answers['minutes/query_minutes_audio_url'] = () => ({ success: true, result: { url: `${mcp.base}/files/${url}` } });
    const r = await outputs.timed(['minutes', '+download', ...argv]);
    return { result: r.result as { results?: { path: string }[] } | undefined, dir: r.dir };
  };
  it.each([
    ['x/y', 'minutes-downloads/y.mp3'],
    ['../up', 'minutes-downloads/up.mp3'],
    ['a\\b', 'minutes-downloads/b.mp3'],
    ['CON', 'minutes-downloads/b.MP3'],
    ['q?', 'minutes-downloads/b.MP3'],
    ['u1', 'minutes-downloads/u1.mp3'],
  ])('--id %s is written as %s', async (id, file) => {
    const { result, dir } = await download(['--id', id]);
    expect(result?.results?.[0].path).toBe(file);
    expect(existsSync(path.join(dir, file))).toBe(true);
  });
  it('a directory --output takes the id\'s name; a name neither keeps is "download"', async () => {
    expect((await download(['--id', 'u2', '--output', 'sub/'])).result?.results?.[0].path).toBe('sub/u2.mp3');
    expect((await download(['--id', 'n<', '--output-dir', ' dd '], 'c%3F.toolongextension')).result?.results?.[0].path).toBe('dd/download');
  });
  it('go_sanitize_filename keeps a name only as its last element, free of what Go refuses (property)', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '.', '/', '\\', ' ', '?', '<', '\u0001', '\u3000', 'c', 'O', 'N') }), (raw) => {
      const name = goSanitizeFilename(raw);
      if (name === '') return;
      expect(raw.replace(/\\/gu, '/').replace(/\/+$/u, '').endsWith(name)).toBe(true);
      expect(name).not.toMatch(/[\u0000-\u001f\u007f<>:"/\\|?*]|[. ]$|^\.{1,2}$/u);
    }), { numRuns: 300 });
    expect(['con.txt', 'LPT9', 'aux .md', ' a', 'a.', 'a/', '..'].map(goSanitizeFilename)).toEqual(['', '', '', '', '', 'a', '']);
    expect(['COM0', 'CONS.x', '.x.mp3', 'a\\b\\c.d'].map(goSanitizeFilename)).toEqual(['COM0', 'CONS.x', '.x.mp3', 'c.d']);
  });
});
