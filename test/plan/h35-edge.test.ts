// Session 35, h35-edge (issue 32): the transcript reads refuse a page as upstream's CollectTranscript does
// (minutesdata/pager.go:26-90, ParseTranscriptPage response.go:64-92, mapItems :315-329@c7521c1c). A page saying more
// without a next token fails on that page, which is neither counted nor collected (:87-89, pager.go:52-58); a token
// met again anywhere in the run is "cursor stalled or cycled" before the next call (pager.go:37-43); the first container
// holding the paragraphList key is the page's list, refused when it is not a list of objects. Every command runs as a
// user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { goUrlPath } from '../../src/plan/transforms/files.js';
import { goBase, goExt } from '../../src/domain/mail-attachments.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h35edge-');
const { mcp } = outputs;

const REFUSED = 'a transcript page was refused (a backend error code, no paragraphList list of objects, or more pages said without a next token)';
const STALLED = 'the transcript\'s next cursor was already followed (stalled or cycled)';
const STOPPED = { success: true, result: { cmd: 'end', taskUuid: 't1' } };
const para = (id: string, text = 'A') => ({ paragraphId: id, text });

const tokens = () => mcp.calls.filter((c) => c.name === 'get_minutes_transcription').map((c) => (c.arguments as { nextToken?: string }).nextToken ?? null);
/** The transcript answered by the token each call sends (so a re-read round gets the same pages). */
const byToken = (pages: Record<string, unknown>) => {
  mcp.answers['minutes/get_minutes_transcription'] = (args) => pages[(args as { nextToken?: string }).nextToken ?? ''];
};
/** A failed run: its exit code and its error envelope, parsed. */
const failing = async (argv: string[]) => {
  mcp.calls.length = 0;
  const r = await outputs.timed(argv);
  return { exit: r.outcome.error?.exitCode ?? 0, envelope: r.outcome.error ? (JSON.parse(r.outcome.error.envelope()) as { error: { reason: string; message: string }; details: Record<string, unknown> }) : undefined, calls: r.calls };
};

beforeEach(() => {
  mcp.calls.length = 0;
  mcp.answers['minutes/执行听记指令-发起AI听记录音'] = () => STOPPED;
  mcp.answers['minutes/replace_minutes_text'] = () => ({ success: true });
  mcp.answers['minutes/replace_speaker'] = () => ({ success: true });
});

// A -> B -> A: the third page gives back the first page's token
const CYCLE = {
  '': { result: { paragraphList: [para('p1')], hasNext: true, nextToken: 'A' } },
  A: { result: { paragraphList: [para('p2')], hasNext: true, nextToken: 'B' } },
  B: { result: { paragraphList: [para('p3')], hasNext: true, nextToken: 'A' } },
};

describe('a token met again anywhere in the run stalls the read before the next call (CollectTranscript pager.go:37-43@c7521c1c)', () => {
  it('+transcript: A -> B -> A is minutes_transcript_incomplete after 3 calls, nextToken A, 3 pages read (before: read on to --page-limit)', async () => {
    byToken(CYCLE);
    const r = await failing(['minutes', '+transcript', '--id', 't1', '--page-limit', '8']);
    expect({ exit: r.exit, reason: r.envelope?.error.reason, details: r.envelope?.details, sent: tokens() }).toEqual({
      exit: 1, reason: 'minutes_transcript_incomplete', sent: [null, 'A', 'B'],
      details: { cause: 'cursor stalled or cycled', nextToken: 'A', pages: 3, paragraphCount: 3, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages: 3, paragraphCount: 3, taskUuid: 't1' }) },
    });
  });
  it('+transcript: the --cursor given counts as met (seenTokens starts with the initial token)', async () => {
    byToken({ C: { result: { paragraphList: [para('p1')], hasNext: true, nextToken: 'D' } }, D: { result: { paragraphList: [para('p2')], hasNext: true, nextToken: 'C' } } });
    const r = await failing(['minutes', '+transcript', '--id', 't1', '--cursor', 'C', '--page-limit', '8']);
    expect({ details: r.envelope?.details, sent: tokens() }).toEqual({ sent: ['C', 'D'], details: { cause: 'cursor stalled or cycled', nextToken: 'C', pages: 2, paragraphCount: 2, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages: 2, paragraphCount: 2, taskUuid: 't1' }) } });
  });
  it('+transcript: a repeat on the last page --page-limit allows is the page limit, as upstream checks before the next call (pager.go:37, :86-88)', async () => {
    byToken(CYCLE);
    const r = await failing(['minutes', '+transcript', '--id', 't1', '--page-limit', '3']);
    expect({ details: r.envelope?.details, sent: tokens() }).toEqual({ sent: [null, 'A', 'B'], details: { cause: 'page safety limit exceeded', nextToken: 'A', pages: 3, paragraphCount: 3, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages: 3, paragraphCount: 3, taskUuid: 't1' }) } });
  });
  it('+detail: the transcript fails at page 4 with the token met again (minutes_detail.go:188)', async () => {
    byToken(CYCLE);
    const r = await failing(['minutes', '+detail', '--id', 't1', '--artifacts', 'transcript', '--transcript-output', 'inline', '--page-limit', '8']);
    expect(r.envelope?.error.reason).toBe('minutes_detail_incomplete');
    expect(r.envelope?.details.transcript).toMatchObject({ complete: false, failure: STALLED, failurePage: 4, nextToken: 'A', pages: 3, paragraphCount: 3 });
    expect(tokens()).toEqual([null, 'A', 'B']);
  });
  it('+detail --single-page: a page repeating the --cursor is no failure, its token printed (pager.go:75-78: one page, no seen check)', async () => {
    byToken({ T: { result: { paragraphList: [para('p1')], hasNext: true, nextToken: 'T' } } });
    mcp.calls.length = 0;
    const r = await outputs.timed(['minutes', '+detail', '--id', 't1', '--artifacts', 'transcript', '--transcript-output', 'inline', '--single-page', '--cursor', 'T']);
    expect(r.outcome.error).toBeUndefined();
    expect((r.result as { transcript: unknown }).transcript).toEqual({ complete: false, direction: '0', duplicateCount: 0, nextToken: 'T', pages: 1, paragraphCount: 1, paragraphList: [para('p1')], taskUuid: 't1' });
  });
  it('+replace-batch and +speaker-replace refuse before any write, after 3 reads (replace_batch.go:146-149, alignment.go:518-521)', async () => {
    byToken(CYCLE);
    const batch = await failing(['minutes', '+replace-batch', '--id', 't1', '--pair', 'A=>B', '--yes']);
    expect([batch.envelope?.error.reason, batch.envelope?.error.message.includes(STALLED), batch.calls.map(([name]) => name)])
      .toEqual(['backend_error', true, ['get_minutes_transcription', 'get_minutes_transcription', 'get_minutes_transcription']]);
    const speaker = await failing(['minutes', '+speaker-replace', '--id', 't1', '--from', '张三', '--to', '李四', '--yes']);
    expect([speaker.envelope?.error.reason, speaker.envelope?.error.message.includes(STALLED), speaker.calls.map(([name]) => name)])
      .toEqual(['backend_error', true, ['get_minutes_transcription', 'get_minutes_transcription', 'get_minutes_transcription']]);
  });
  it.each([
    ['+record-wrap-up', ['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'transcript', '--wait-timeout', '1', '--yes'], 'minutes_record_wrap_up_incomplete'],
    ['+upload-and-analyze', ['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', 'transcript', '--wait-timeout', '1', '--yes'], 'minutes_upload_analysis_incomplete'],
    ['+export-pack', ['minutes', '+export-pack', '--id', 't1', '--artifacts', 'transcript', '--output', 'pack'], 'minutes_export_pack_incomplete'],
  ])('%s: each round reads 3 pages, then the transcript artifact fails as stalled (workflows.go:690-701)', async (_name, argv, reason) => {
    byToken(CYCLE);
    const r = await failing(argv);
    expect([r.envelope?.error.message.includes(reason) || JSON.stringify(r.envelope).includes(reason), r.envelope?.details.failures]).toEqual([true, [{ artifact: 'transcript', error: STALLED }]]);
    const sent = tokens();
    expect(sent.length % 3).toBe(0);
    expect(sent).toEqual(Array.from({ length: sent.length / 3 }, () => [null, 'A', 'B']).flat());
  });
});

describe('a page saying more without a next token fails on that page, neither counted nor collected (ParseTranscriptPage response.go:87-89, pager.go:52-58@c7521c1c)', () => {
  const NO_TOKEN = {
    '': { result: { paragraphList: [para('p1')], hasNext: true, nextToken: 'n1' } },
    n1: { result: { paragraphList: [para('p2')], hasNext: true } },
  };
  it('+detail: failurePage 2, pages 1, one paragraph, nextToken the token page 2 was asked with (before: 3, 2, 2)', async () => {
    byToken(NO_TOKEN);
    const r = await failing(['minutes', '+detail', '--id', 't1', '--artifacts', 'transcript', '--transcript-output', 'inline']);
    expect(r.envelope?.details.transcript).toEqual({
      complete: false, direction: '0', duplicateCount: 0, failure: REFUSED, failurePage: 2, nextToken: 'n1', pages: 1, paragraphCount: 1, paragraphList: [para('p1')], taskUuid: 't1',
    });
  });
  it('+transcript --single-page: the one page saying more without a token fails, its --cursor as nextToken (before: printed complete false, exit 0)', async () => {
    byToken({ c0: { result: { paragraphList: [para('p1')], hasNext: true } } });
    const r = await failing(['minutes', '+transcript', '--id', 't1', '--single-page', '--cursor', 'c0']);
    expect({ exit: r.exit, details: r.envelope?.details }).toEqual({ exit: 1, details: { cause: REFUSED, nextToken: 'c0', pages: 0, paragraphCount: 0, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages: 0, paragraphCount: 0, taskUuid: 't1' }) } });
  });
  it('+detail: a later page whose paragraphList is not a list is not counted either (mapItems response.go:315-319)', async () => {
    byToken({ ...NO_TOKEN, n1: { result: { paragraphList: { p2: para('p2') }, hasNext: false } } });
    const r = await failing(['minutes', '+detail', '--id', 't1', '--artifacts', 'transcript', '--transcript-output', 'inline']);
    expect(r.envelope?.details.transcript).toMatchObject({ complete: false, failure: REFUSED, failurePage: 2, nextToken: 'n1', pages: 1, paragraphCount: 1 });
  });
});

describe('the first container holding the paragraphList key is the page\'s list; a value that is not a list of objects refuses the page (response.go:70-79, mapItems :315-329@c7521c1c)', () => {
  const SHAPES: [string, unknown][] = [
    ['null at the top, a list under result', { paragraphList: null, result: { paragraphList: [para('p1')], hasNext: false } }],
    ['a text under result, a list under data', { result: { paragraphList: 'x' }, data: { paragraphList: [para('p1')], hasNext: false } }],
    ['an object under result, a list under data.result', { result: { paragraphList: {} }, data: { result: { paragraphList: [para('p1')], hasNext: false } } }],
    ['a paragraph that is not an object', { result: { paragraphList: [para('p1'), 'x'], hasNext: false } }],
  ];
  it.each(SHAPES)('+transcript: %s is minutes_transcript_incomplete, no page read (before: read as complete)', async (_name, page) => {
    byToken({ '': page });
    const r = await failing(['minutes', '+transcript', '--id', 't1']);
    expect({ exit: r.exit, reason: r.envelope?.error.reason, details: r.envelope?.details }).toEqual({
      exit: 1, reason: 'minutes_transcript_incomplete', details: { cause: REFUSED, nextToken: '', pages: 0, paragraphCount: 0, taskUuid: 't1', payload: expect.objectContaining({ complete: false, pages: 0, paragraphCount: 0, taskUuid: 't1' }) },
    });
  });
  it.each(SHAPES)('+detail, +replace-batch, +speaker-replace and +export-pack refuse it too: %s', async (_name, page) => {
    byToken({ '': page });
    const detail = await failing(['minutes', '+detail', '--id', 't1', '--artifacts', 'transcript', '--transcript-output', 'inline']);
    expect(detail.envelope?.details.transcript).toMatchObject({ complete: false, failure: REFUSED, failurePage: 1, pages: 0, paragraphCount: 0 });
    const batch = await failing(['minutes', '+replace-batch', '--id', 't1', '--pair', 'A=>B', '--yes']);
    expect([batch.envelope?.error.reason, batch.calls.map(([name]) => name)]).toEqual(['backend_error', ['get_minutes_transcription']]);
    const speaker = await failing(['minutes', '+speaker-replace', '--id', 't1', '--from', '张三', '--to', '李四', '--yes']);
    expect([speaker.envelope?.error.reason, speaker.calls.map(([name]) => name)]).toEqual(['backend_error', ['get_minutes_transcription']]);
    const pack = await failing(['minutes', '+export-pack', '--id', 't1', '--artifacts', 'transcript', '--output', 'pack']);
    expect(pack.envelope?.details.failures).toEqual([{ artifact: 'transcript', error: REFUSED }]);
  });
});

describe('minutes +download: the extension and the URL\'s name are read from the path Go\'s url.Parse decodes (mediaExtension alignment.go:589-598, SafeFilename localio/download.go:281-293@c7521c1c)', () => {
  const download = async (id: string, url: string) => {
    mcp.files[decodeURIComponent(url)] = Buffer.from('MEDIA');
    mcp.answers['minutes/query_minutes_audio_url'] = () => ({ success: true, result: { url: `${mcp.base}/files/${url}` } });
    const r = await outputs.timed(['minutes', '+download', '--id', id]);
    const path = (r.result as { results?: { path: string }[] } | undefined)?.results?.[0]?.path;
    return path ?? r.outcome.error?.reason;
  };
  it.each([
    ['an escaped dot (url.Parse decodes it before filepath.Ext)', 'u1', 'b%2EMP3', 'minutes-downloads/u1.mp3'],
    ['a segment that is all extension (filepath.Ext(".mp3") is ".mp3")', 'u1', '.MP3', 'minutes-downloads/u1.mp3'],
    ['a bare trailing dot (ext "." makes the id\'s name end in a dot, refused; so is the URL\'s)', 'u1', 'b.', 'minutes-downloads/download'],
    ['an extension over 10 bytes in UTF-8 (len(ext) > 10)', 'u1', 'b.音频文件', 'minutes-downloads/u1'],
    ['the URL\'s name decoded twice (url.Parse, then url.PathUnescape)', 'q?', 'A%2541.MP3', 'minutes-downloads/AA.MP3'],
    ['a second decoding that fails leaves "download"', 'q?', 'A%25zz.MP3', 'minutes-downloads/download'],
  ])('%s', async (_name, id, url, file) => {
    expect(await download(id, url)).toBe(file);
  });
});

describe('go_url_path, go_path_base, go_file_ext read a URL as Go\'s url.Parse, filepath.Base and filepath.Ext do (property)', () => {
  const segment = fc.string({ unit: fc.constantFrom('a', 'B', '.', ' ', '%', '?', '#', '音', '\u00e9'), minLength: 1, maxLength: 6 });
  it('every byte %-escaped comes back as the path; the base is the last segment; the extension starts at its last dot', () => {
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean(), (segments, slash) => {
      const path = `/${segments.join('/')}${slash ? '/' : ''}`;
      const escaped = [...Buffer.from(path, 'utf8')].map((b) => (b === 0x2f ? '/' : `%${b.toString(16).padStart(2, '0')}`)).join('');
      expect(goUrlPath(`https://h.example${escaped}?q=1#f`)).toBe(path);
      const last = segments[segments.length - 1]!;
      expect(goBase(path)).toBe(last);
      const dot = last.lastIndexOf('.');
      expect(goExt(path)).toBe(slash || dot < 0 ? '' : last.slice(dot));
    }), { numRuns: 200 });
    expect([goUrlPath('https://h/a%zz'), goUrlPath(':x'), goUrlPath('1a:b/c'), goUrlPath('a:b/c'), goUrlPath('mailto:x'), goUrlPath('https://h'), goUrlPath('https://h/a\u0001')])
      .toEqual([undefined, undefined, undefined, '', '', '', undefined]);
    expect([goBase(''), goBase('///'), goExt('/a.b/c')]).toEqual(['.', '/', '']);
  });
});

describe('aitable: a later query_records page whose call fails is that call\'s own error (queryRecordWindow record_query_all.go:54-57, queryAllRecords :255-258@c7521c1c)', () => {
  it('+record-query: the second call answering 401 ends the run as that auth failure (exit 2), not pages_incomplete (exit 1)', async () => {
    mcp.answers['aitable/query_records'] = () => {
      mcp.faults.push({ tool: 'query_records', status: 401, times: 1 });
      return { records: [{ recordId: 'r1' }], hasMore: true, nextCursor: 'c1' };
    };
    const r = await failing(['aitable', '+record-query', '--base-id', 'b', '--table-id', 't', '--limit', '30']);
    expect(r.calls.filter(([name]) => name === 'query_records')).toHaveLength(2);
    expect([r.exit, r.envelope?.error.reason]).not.toContainEqual('pages_incomplete');
    expect(r.exit).toBe(2);
  });
});
