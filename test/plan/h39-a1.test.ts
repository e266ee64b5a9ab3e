// Session 39 second reading, part a1 (issue 32, seed 20261348): where a drawn command (or a sibling) still differed
// from upstream's body at c7521c1c, run as a user types it against the recording backend on 127.0.0.1
// (notes/h39-a1.md).
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downloadUrl, saveValue } from '../../src/backend/transfer.js';
import { privateEnv } from '../fixtures/mcp/server.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39a1-');
const { sent } = outputs;

// A write upstream sends with rt.CallMCPWriteDataStrict and whose answer it discards (runner.go:238-243,
// :291-313@c7521c1c): no text that is not blank fails the run (empty_tool_response: the effect is unknown), a text that
// does not decode into a JSON object fails it (the decode error), and either stops the run before the read-back. JSON
// null decodes (into a nil map) and an object of any content passes.
const notObject = fc.oneof(
  fc.constantFrom('', '   ', '\n'),
  fc.constantFrom('x', 'ok', '[1]', '[]', '1', 'true', '"done"', '{'),
  fc.array(fc.integer(), { maxLength: 3 }).map((a) => JSON.stringify(a)),
);

describe('minutes +summary: update_minutes_summary is a strict write (alignment.go:494-496@c7521c1c)', () => {
  const before = { result: { fullSummary: 'old' } };
  const after = { result: { fullSummary: 'new' } };
  it('an answer that is blank or not a JSON object fails the run before the read-back', async () => {
    await fc.assert(fc.asyncProperty(notObject, async (text) => {
      outputs.answersInTurn('minutes/get_minutes_ai_summary', before, after);
      outputs.answerText('update_minutes_summary', text);
      const r = await sent(['minutes', '+summary', '--id', 't1', '--content', 'new', '--yes']);
      expect(r.reason).toMatch(/^(outcome_unknown|backend_error)$/);
      expect(r.printed).toBeUndefined();
      expect(r.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_ai_summary', 'minutes/update_minutes_summary']);
    }), { numRuns: 12 });
  });
  it.each(['null', '{}', '{"success":true}'])('%s passes and the summary is read back', async (text) => {
    outputs.answersInTurn('minutes/get_minutes_ai_summary', before, after);
    outputs.answerText('update_minutes_summary', text);
    const r = await sent(['minutes', '+summary', '--id', 't1', '--content', 'new', '--yes']);
    expect(r.reason).toBeUndefined();
    expect(r.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_ai_summary', 'minutes/update_minutes_summary', 'minutes/get_minutes_ai_summary']);
    expect(r.printed).toEqual({ afterBytes: 3, beforeBytes: 3, changed: true, preservedImages: true, taskUuid: 't1', verified: true });
  });
});

// Sibling: +speaker-replace's replace_speaker is the same strict write with its answer discarded (alignment.go:528-530@c7521c1c).
describe('minutes +speaker-replace: replace_speaker is a strict write (alignment.go:528-530@c7521c1c)', () => {
  const before = { result: { paragraphList: [{ nickName: 'A' }] } };
  const after = { result: { paragraphList: [{ nickName: 'B' }] } };
  it('an answer that is blank or not a JSON object fails the run before the read-back', async () => {
    await fc.assert(fc.asyncProperty(notObject, async (text) => {
      outputs.answersInTurn('minutes/get_minutes_transcription', before, after);
      outputs.answerText('replace_speaker', text);
      const r = await sent(['minutes', '+speaker-replace', '--id', 't1', '--from', 'A', '--to', 'B', '--yes']);
      expect(r.reason).toMatch(/^(outcome_unknown|backend_error)$/);
      expect(r.printed).toBeUndefined();
      expect(r.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_transcription', 'minutes/replace_speaker']);
    }), { numRuns: 12 });
  });
  it.each(['null', '{}'])('%s passes and the transcript is read back', async (text) => {
    outputs.answersInTurn('minutes/get_minutes_transcription', before, after);
    outputs.answerText('replace_speaker', text);
    const r = await sent(['minutes', '+speaker-replace', '--id', 't1', '--from', 'A', '--to', 'B', '--yes']);
    expect(r.reason).toBeUndefined();
    expect(r.calls.map(([tool]) => tool)).toEqual(['minutes/get_minutes_transcription', 'minutes/replace_speaker', 'minutes/get_minutes_transcription']);
  });
});

// drive search with --target all (or none) prints {drive_results, doc_results} (helpers/drive.go:1535-1555@c7521c1c):
// each side's text comes from parseMCPToolTextResult (helpers.go:222-261), which gives "" when no text block is non-blank
// (Go's TrimSpace), and a "" text leaves its key out; any other text is kept as json.Unmarshal decodes it (null, false,
// [] and 0 included) or as the raw text when it is not JSON. Both left out print {}.
describe('drive search: a side answered with blank text is left out of the aggregate (drive.go:1535-1555@c7521c1c)', () => {
  const blank = fc.constantFrom('', ' ', '  \n\t', '\r\n');
  it('a blank drive or doc answer leaves its key out; both blank print {}', async () => {
    await fc.assert(fc.asyncProperty(blank, blank, fc.boolean(), async (driveText, docText, docBlank) => {
      outputs.answerText('search_files', driveText);
      outputs.answerText('search_documents', docBlank ? docText : '{"items":[1]}');
      const r = await sent(['drive', 'search', '--query', 'q']);
      expect(r.reason).toBeUndefined();
      expect(r.calls.map(([tool]) => tool)).toEqual(['drive/search_files', 'doc/search_documents']);
      expect(r.printed).toEqual(docBlank ? {} : { doc_results: { items: [1] } });
    }), { numRuns: 12 });
  });
  it.each([
    ['null', null], ['false', false], ['[]', []], ['0', 0], ['{}', {}], ['not json', 'not json'],
  ])('a drive answer %s is kept as decoded', async (text, value) => {
    outputs.answerText('search_files', text);
    outputs.answerText('search_documents', ' ');
    const r = await sent(['drive', 'search', '--query', 'q']);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toEqual({ drive_results: value });
  });
});

// NEW MECHANISM `parent: existing` on `save` and `download` (src/backend/transfer.ts confinedTargetOf): the directory the
// file goes in must already exist; nothing is made and nothing written. Without it the missing directories are made.
describe('save / download parent: existing: the target directory must exist (NEW MECHANISM, h39-a1)', () => {
  const root = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h39a1-parent-'));
    mkdirSync(path.join(dir, 'there'));
    return { dir, env: privateEnv(outputs.mcp.urlTemplate, 't', dir) as unknown as Parameters<typeof saveValue>[1] };
  };
  const missing = fc.constantFrom('gone/x.csv', 'gone/', 'gone/deeper/x.csv', 'there/gone/x.csv');
  const present = fc.constantFrom('x.csv', 'there/x.csv', 'there/', 'there');
  it('save: a missing directory is refused and nothing is made; an existing one is written', async () => {
    await fc.assert(fc.asyncProperty(missing, present, async (bad, good) => {
      const { dir, env } = root();
      await expect(saveValue({ file: bad, content: 'a,b', overwrite: true, name: 'n.csv', parentExisting: true }, env)).rejects.toMatchObject({ reason: 'invalid_parameter' });
      expect(existsSync(path.join(dir, 'gone'))).toBe(false);
      expect(existsSync(path.join(dir, 'there', 'gone'))).toBe(false);
      const saved = await saveValue({ file: good, content: 'a,b', overwrite: true, name: 'n.csv', parentExisting: true }, env);
      expect(readFileSync(path.join(dir, saved.file), 'utf8')).toBe('a,b');
    }), { numRuns: 8 });
  });
  it('save without it still makes the missing directories', async () => {
    const { dir, env } = root();
    const saved = await saveValue({ file: 'gone/deeper/x.csv', content: 'a', overwrite: false }, env);
    expect(saved.file).toBe(path.join('gone', 'deeper', 'x.csv'));
    expect(readFileSync(path.join(dir, saved.file), 'utf8')).toBe('a');
  });
  it('download: a missing directory is refused before anything is written', async () => {
    outputs.mcp.files['p.bin'] = Buffer.from('payload');
    const url = `${outputs.mcp.base}/files/p.bin`;
    const { dir, env } = root();
    await expect(downloadUrl({ url, file: 'gone/p.bin', maxBytes: 100, timeoutMs: 5000, parentExisting: true }, env)).rejects.toMatchObject({ reason: 'invalid_parameter' });
    expect(existsSync(path.join(dir, 'gone'))).toBe(false);
    expect(await downloadUrl({ url, file: 'there/p.bin', maxBytes: 100, timeoutMs: 5000, parentExisting: true }, env)).toMatchObject({ bytes: 7 });
    expect(await downloadUrl({ url, file: 'made/p.bin', maxBytes: 100, timeoutMs: 5000 }, env)).toMatchObject({ bytes: 7 });
  });
});

// The commands whose upstream body writes --output without making its directory (sibling set of sheet export-csv's
// os.Stat(filepath.Dir(outputPath)) check, sheet_export_csv.go:193-201@c7521c1c): sheet export, doc download, drive
// download and drive download-version open the file with os.Create (httpGetFile, doc.go:461-487; sheet_export.go:79-91;
// doc.go:376-387; drive.go:756-778, :930-952@c7521c1c). A missing directory fails the run after the read; nothing is made.
describe('an --output whose directory does not exist is refused and nothing is made (sheet export-csv and its siblings)', () => {
  const link = () => `${outputs.mcp.base}/files/d.bin`;
  const cases: [string, () => void, string[]][] = [
    ['sheet export-csv', () => outputs.answer('sheet/get_range_as_csv', { csv: 'a,b' }), ['sheet', 'export-csv', '--node', 'N1']],
    ['sheet export', () => {
      outputs.answer('sheet/submit_export_job', { jobId: 'j1' });
      outputs.answer('sheet/query_export_job', { status: 'SUCCESS', downloadUrl: link() });
    }, ['sheet', 'export', '--node', 'N1']],
    ['doc download', () => outputs.answer('doc/download_file', { resourceUrl: link() }), ['doc', 'download', '--node', 'N1']],
    ['drive download', () => outputs.answer('drive/download_file', { downloadUrl: link() }), ['drive', 'download', '--node', 'N1']],
    ['drive download-version', () => outputs.answer('drive/download_file_version', { downloadUrl: link() }), ['drive', 'download-version', '--node', 'N1', '--version', '2']],
  ];
  it.each(cases)('%s', async (_name, answer, argv) => {
    outputs.mcp.files['d.bin'] = Buffer.from('payload');
    for (const out of ['gone/x.out', 'gone/', 'a/b/x.out']) {
      answer();
      const r = await outputs.timed([...argv, '--output', out]);
      expect(r.outcome.error?.reason).toBe('invalid_parameter');
      expect(r.calls.length).toBeGreaterThan(0);
      expect(existsSync(path.join(r.dir, out.split('/')[0]))).toBe(false);
    }
    answer();
    const ok = await outputs.timed([...argv, '--output', 'x.out']);
    expect(ok.outcome.error).toBeUndefined();
    expect(existsSync(path.join(ok.dir, 'x.out'))).toBe(true);
  });
});
