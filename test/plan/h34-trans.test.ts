// Session 34, h34-trans (issue 32): every transcript read reads a page's marks as upstream's CollectTranscript does
// (minutesdata/pager.go:26-90, ParseTranscriptPage response.go:64-92, boolField/stringField :352-383@c7521c1c): hasMore
// the first boolean hasNext/hasMore in the container holding paragraphList, else at the answer's top; the next cursor
// stringField's nextToken/nextCursor there, else at the top (a padded text trimmed, a number as its digits, a blank
// passed over). Each command runs as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h34trans-');
const { mcp } = outputs;

type Pages = (text: string) => unknown[];
const para = (id: string, text: string) => ({ paragraphId: id, text });

/** The six placements of the marks, each with the cursors upstream sends for it (null: no nextToken argument). */
const CASES: [string, Pages, (string | null)[]][] = [
  ['marks only in the container', (t) => [
    { result: { paragraphList: [para('p1', t)], hasNext: true, nextToken: 'c1' } },
    { result: { paragraphList: [para('p2', t)], hasNext: false } },
  ], [null, 'c1']],
  ['marks only at the top', (t) => [
    { result: { paragraphList: [para('p1', t)] }, hasMore: true, nextCursor: 'c1' },
    { result: { paragraphList: [para('p2', t)] }, hasMore: false },
  ], [null, 'c1']],
  ['marks in both with different values (the container\'s win)', (t) => [
    { result: { paragraphList: [para('p1', t)], hasNext: true, nextToken: 'in' }, hasNext: false, nextToken: 'top' },
    { result: { paragraphList: [para('p2', t)], hasMore: false }, hasMore: true, nextToken: 'x' },
  ], [null, 'in']],
  ['a numeric cursor (sent as its digits)', (t) => [
    { data: { paragraphList: [para('p1', t)], hasNext: true, nextToken: 12 } },
    { data: { paragraphList: [para('p2', t)], hasNext: false } },
  ], [null, '12']],
  ['a blank cursor is passed over (the next key, then the top; trimmed)', (t) => [
    { result: { paragraphList: [para('p1', t)], hasNext: true, nextToken: '  ', nextCursor: ' c5 ' } },
    { result: { paragraphList: [para('p2', t)], hasNext: true, nextToken: '\t' }, nextToken: 'c6' },
    { result: { paragraphList: [para('p3', t)], hasNext: false } },
  ], [null, 'c5', 'c6']],
  ['hasMore false beside a cursor ends the read', (t) => [
    { result: { paragraphList: [para('p1', t)], hasNext: false, nextToken: 'c7' }, hasMore: true },
  ], [null]],
];

const tokens = () => mcp.calls.filter((c) => c.name === 'get_minutes_transcription').map((c) => (c.arguments as { nextToken?: string | number }).nextToken ?? null);
const serve = (pages: unknown[]) => (_a: unknown, n: number) => pages[Math.min(n, pages.length - 1)];
const STOPPED = { success: true, result: { cmd: 'end', taskUuid: 't1' } };

/** Each command reading a transcript: runs it over the pages, returns the cursors sent and whether it succeeded. */
const COMMANDS: [string, (pages: Pages) => Promise<{ sent: unknown[]; ok: boolean; reads: number }>, number][] = [
  ['+transcript (smart/transcript.go:114, :126-133)', async (pages) => {
    mcp.answers['minutes/get_minutes_transcription'] = serve(pages('A'));
    const r = await outputs.timed(['minutes', '+transcript', '--id', 't1']);
    return { sent: tokens(), ok: r.outcome.error === undefined && (r.result as { complete?: boolean }).complete === true, reads: 1 };
  }, 1],
  ['+detail (smart/minutes_detail.go:188)', async (pages) => {
    mcp.answers['minutes/get_minutes_transcription'] = serve(pages('A'));
    const r = await outputs.timed(['minutes', '+detail', '--id', 't1', '--artifacts', 'transcript', '--transcript-output', 'inline']);
    return { sent: tokens(), ok: r.outcome.error === undefined && (r.result as { transcript?: { complete?: boolean } }).transcript?.complete === true, reads: 1 };
  }, 1],
  ['+replace-batch, before and read back (smart/replace_batch.go:350)', async (pages) => {
    let replaced = false;
    let reads = 0;
    mcp.answers['minutes/replace_minutes_text'] = () => {
      replaced = true;
      reads = 0;
      return { success: true };
    };
    mcp.answers['minutes/get_minutes_transcription'] = () => {
      const list = pages(replaced ? 'B' : 'A');
      return list[Math.min(reads++, list.length - 1)];
    };
    const r = await outputs.timed(['minutes', '+replace-batch', '--id', 't1', '--pair', 'A=>B', '--yes']);
    return { sent: tokens(), ok: r.outcome.error === undefined, reads: 2 };
  }, 2],
  ['+record-wrap-up (minutes/workflows.go:272, :690-701, alignment.go:708-716)', async (pages) => {
    mcp.answers['minutes/执行听记指令-发起AI听记录音'] = () => STOPPED;
    mcp.answers['minutes/get_minutes_transcription'] = serve(pages('A'));
    const r = await outputs.timed(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'transcript', '--wait-timeout', '1', '--yes']);
    return { sent: tokens(), ok: r.outcome.error === undefined, reads: 1 };
  }, 1],
  ['+upload-and-analyze --resume-id (minutes/workflows.go:307)', async (pages) => {
    mcp.answers['minutes/get_minutes_transcription'] = serve(pages('A'));
    const r = await outputs.timed(['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', 'transcript', '--wait-timeout', '1', '--yes']);
    return { sent: tokens(), ok: r.outcome.error === undefined, reads: 1 };
  }, 1],
  ['+export-pack (minutes/workflows.go:516)', async (pages) => {
    mcp.answers['minutes/get_minutes_transcription'] = serve(pages('A'));
    const r = await outputs.timed(['minutes', '+export-pack', '--id', 't1', '--artifacts', 'transcript', '--output', 'pack']);
    return { sent: tokens(), ok: r.outcome.error === undefined, reads: 1 };
  }, 1],
];

describe.each(COMMANDS)('minutes %s: the transcript pages as CollectTranscript reads them', (_name, runCommand, reads) => {
  it.each(CASES)('%s', async (_case, pages, expected) => {
    const r = await runCommand(pages);
    expect(r).toEqual({ sent: Array.from({ length: reads }, () => expected).flat(), ok: true, reads });
  });
});

describe('minutes +transcript: what the page marks print (TranscriptPayload pager.go:92-116, transcript.go:114-120@c7521c1c)', () => {
  it('--single-page prints the next cursor as stringField\'s text (a number\'s digits; a padded text trimmed)', async () => {
    for (const [cursor, printed] of [[12, '12'], [' c2 ', 'c2'], [1.5, '1.5']] as const) {
      mcp.answers['minutes/get_minutes_transcription'] = () => ({ result: { paragraphList: [para('p1', 'A')], hasNext: true, nextToken: cursor } });
      const r = await outputs.sent(['minutes', '+transcript', '--id', 't1', '--single-page']);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toMatchObject({ complete: false, pages: 1, nextToken: printed });
    }
  });
  it('--single-page: the container\'s hasNext false is complete, whatever the top says', async () => {
    mcp.answers['minutes/get_minutes_transcription'] = () => ({ result: { paragraphList: [para('p1', 'A')], hasNext: false, nextToken: 'in' }, hasMore: true, nextToken: 'top' });
    const r = await outputs.sent(['minutes', '+transcript', '--id', 't1', '--single-page']);
    expect(r.printed).toMatchObject({ complete: true, pages: 1, nextToken: 'in' });
  });
  it('more follow with only blank cursors is the incomplete read (response.go:87-89), after one call', async () => {
    mcp.answers['minutes/get_minutes_transcription'] = () => ({ result: { paragraphList: [para('p1', 'A')], hasNext: true, nextToken: ' ' }, nextCursor: '\u3000' });
    const r = await outputs.sent(['minutes', '+transcript', '--id', 't1']);
    expect({ reason: r.reason, sent: tokens() }).toEqual({ reason: 'minutes_transcript_incomplete', sent: [null] });
  });
  it('any placement of the marks is followed as upstream follows it (property)', async () => {
    const place = fc.constantFrom('container', 'top', 'container-more-top-cursor', 'container-false', 'none', 'number');
    await fc.assert(fc.asyncProperty(fc.array(place, { minLength: 1, maxLength: 4 }), fc.constantFrom('result', 'data', 'data.data', ''), async (specs, at) => {
      const pages = specs.map((s, k) => {
        const inner: Record<string, unknown> = { paragraphList: [para(`p${k}`, 'A')] };
        const top: Record<string, unknown> = at === '' ? inner : {};
        if (at !== '') {
          const [head, tail] = at.split('.');
          top[head] = tail ? { [tail]: inner } : inner;
        }
        if (s === 'container') Object.assign(inner, { hasNext: true, nextToken: ` t${k} ` });
        if (s === 'number') Object.assign(inner, { hasMore: true, nextCursor: 100 + k });
        if (s === 'top') Object.assign(top, { hasMore: true, nextCursor: `t${k}`, ...(at === '' ? {} : { nextToken: '' }) });
        if (s === 'container-more-top-cursor') {
          Object.assign(inner, { hasMore: true });
          if (at !== '') Object.assign(top, { hasNext: false, nextToken: `t${k}` });
          else Object.assign(inner, { nextToken: `t${k}` });
        }
        if (s === 'container-false') {
          Object.assign(inner, { hasNext: false });
          if (at !== '') Object.assign(top, { hasMore: true, nextToken: `t${k}` });
        }
        return top;
      });
      const expected: unknown[] = [null];
      for (const [k, s] of specs.entries()) {
        if (s === 'none' || s === 'container-false') break;
        expected.push(s === 'number' ? String(100 + k) : `t${k}`);
      }
      const all = expected.length - 1 === specs.length;
      mcp.calls.length = 0;
      mcp.answers['minutes/get_minutes_transcription'] = serve(all ? [...pages, { paragraphList: [], hasNext: false }] : pages);
      const r = await outputs.sent(['minutes', '+transcript', '--id', 't1']);
      expect(tokens()).toEqual(expected);
      expect(r.reason).toBeUndefined();
    }), { numRuns: 20 });
  });
});

describe('a page saying more without a usable next cursor, or repeating the one followed, fails the transcript as upstream\'s does (ParseTranscriptPage response.go:87-89, CollectTranscript pager.go:37-43@c7521c1c)', () => {
  // h35-edge: no usable cursor refuses the page itself (ParseTranscriptPage response.go:87-89); a cursor met again
  // stalls before the next call (pager.go:37-43@c7521c1c): each has its own failure text
  const STALLS: [string, (text: string) => (n: number) => unknown, string][] = [
    ['only blank cursors', (t) => () => ({ result: { paragraphList: [para('p1', t)], hasNext: true, nextToken: ' ' }, nextCursor: '\u3000' }), 'a transcript page was refused (a backend error code, no paragraphList list of objects, or more pages said without a next token)'],
    ['the cursor just followed', (t) => (n) => ({ result: { paragraphList: [para(`p${Math.min(n, 1)}`, t)], hasNext: true, nextToken: 'r' } }), 'the transcript\'s next cursor was already followed (stalled or cycled)'],
  ];
  /** A failed run: its exit code and its error envelope as text (reason, message and details). */
  const failing = async (argv: string[]) => {
    const r = await outputs.timed(argv);
    return { exit: r.outcome.error?.exitCode ?? 0, envelope: r.outcome.error ? r.outcome.error.envelope() : '', result: r.result };
  };
  it.each(STALLS)('+detail: %s is the transcript\'s failure (minutes_detail_incomplete, complete false, the cursor followed as nextToken)', async (name, answer, failure) => {
    mcp.answers['minutes/get_minutes_transcription'] = (_a, n) => answer('A')(n);
    const r = await failing(['minutes', '+detail', '--id', 't1', '--artifacts', 'transcript', '--transcript-output', 'inline']);
    expect(r.exit).not.toBe(0);
    const envelope = JSON.parse(r.envelope) as { error: { reason: string }; details: { complete: boolean; transcript: Record<string, unknown> } };
    expect(envelope.error.reason).toBe('minutes_detail_incomplete');
    expect(envelope.details.complete).toBe(false);
    expect(envelope.details.transcript).toMatchObject({ complete: false, failure });
    expect(envelope.details.transcript.nextToken).toBe(name === 'only blank cursors' ? undefined : 'r');
    expect(tokens()).toEqual(name === 'only blank cursors' ? [null] : [null, 'r']);
  });
  it.each(STALLS)('+replace-batch: %s before the writes refuses the run, nothing written (replace_batch.go:146-149)', async (_name, answer) => {
    mcp.calls.length = 0;
    mcp.answers['minutes/get_minutes_transcription'] = (_a, n) => answer('A')(n);
    mcp.answers['minutes/replace_minutes_text'] = () => ({ success: true });
    const r = await outputs.sent(['minutes', '+replace-batch', '--id', 't1', '--pair', 'A=>B', '--yes']);
    expect(r.reason).toBe('backend_error');
    expect(r.calls.map(([tool]) => tool)).not.toContain('minutes/replace_minutes_text');
  });
  it.each(STALLS)('+replace-batch: %s in the read-back is that rule\'s failure (replace_batch.go:175-178)', async (_name, answer, failure) => {
    let replaced = false;
    let reads = 0;
    mcp.answers['minutes/replace_minutes_text'] = () => {
      replaced = true;
      return { success: true };
    };
    mcp.answers['minutes/get_minutes_transcription'] = () => (replaced ? answer('B')(reads++) : { result: { paragraphList: [para('p1', 'A')], hasNext: false } });
    const r = await failing(['minutes', '+replace-batch', '--id', 't1', '--pair', 'A=>B', '--yes']);
    expect(r.exit).not.toBe(0);
    expect(JSON.parse(r.envelope)).toMatchObject({ details: { results: [{ error: `minutes.shortcut_replace_batch: the replacement was acknowledged but its read-back failed: ${failure}` }] } });
  });
  const ARTIFACT_RUNS: [string, string[], string][] = [
    ['+record-wrap-up', ['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'transcript', '--wait-timeout', '1', '--yes'], 'minutes_record_wrap_up_incomplete'],
    ['+upload-and-analyze', ['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', 'transcript', '--wait-timeout', '1', '--yes'], 'minutes_upload_analysis_incomplete'],
    ['+export-pack', ['minutes', '+export-pack', '--id', 't1', '--artifacts', 'transcript', '--output', 'pack'], 'minutes_export_pack_incomplete'],
  ];
  describe.each(ARTIFACT_RUNS)('%s (collectMinutesArtifactsOnce workflows.go:690-701)', (_cmd, argv, reason) => {
    it.each(STALLS)('%s is the transcript artifact\'s failure', async (_name, answer, error) => {
      mcp.answers['minutes/执行听记指令-发起AI听记录音'] = () => STOPPED;
      mcp.answers['minutes/get_minutes_transcription'] = (_a, n) => answer('A')(n);
      const r = await failing(argv);
      expect(r.exit).not.toBe(0);
      expect(r.envelope).toContain(reason);
      const details = (JSON.parse(r.envelope) as { details: { failures: unknown[] } }).details;
      expect(details.failures).toEqual([{ artifact: 'transcript', error }]);
    });
  });
});
