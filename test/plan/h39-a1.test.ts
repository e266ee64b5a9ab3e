// Session 39 second reading, part a1 (issue 32, seed 20261348): where a drawn command (or a sibling) still differed
// from upstream's body at c7521c1c, run as a user types it against the recording backend on 127.0.0.1
// (notes/h39-a1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
