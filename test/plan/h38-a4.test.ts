// Session 38 second reading, part a4 (issue 32, notes/h38-a4.md): where a drawn command still differed from upstream's
// body at c7521c1c, run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38a4-');
const { sent } = outputs;

/**
 * upstream's localio.ValidateOutput (internal/localio/download.go:146-161@c7521c1c), as a model: whether an --output
 * text is refused. Trimmed; absolute (a leading / or \, or a drive letter) refused; else the text with backslashes read
 * as slashes is cleaned as Go's path.Clean cleans it, and refused when that is `..` or starts `../`.
 */
function upstreamRefusesOutput(raw: string): boolean {
  const output = raw.trim();
  if (output === '') return true;
  const portable = output.replaceAll('\\', '/');
  if (portable.startsWith('/') || /^[A-Za-z]:/.test(portable)) return true;
  const stack: string[] = [];
  for (const part of portable.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && stack.length > 0 && stack[stack.length - 1] !== '..') stack.pop();
    else stack.push(part);
  }
  return stack[0] === '..';
}

// Each doc shortcut whose Validate is localio.ValidateOutput(rt.Str("output")): +resource-download
// (media_style_shortcuts.go:162), +media-download (:76), +export (content_shortcuts.go:483) and +export-get
// (doc.go:692-697, only when --output is not blank after trimming). Upstream's Validate runs before Execute
// (corecmd.go:483-505), so such an --output is refused before any call: before this fix dws read the style or the
// attachment first (and +export submitted its export job, a write) and refused only at the save, or, for a drive letter
// or a path climbing out through backslashes (`..\y`), saved the file.
const outputCommands: [string, (output: string) => string[]][] = [
  ['+resource-download', (o) => ['doc', '+resource-download', '--node', 'n1', '--output', o]],
  ['+media-download', (o) => ['doc', '+media-download', '--node', 'n1', '--resource-id', 'r1', '--output', o]],
  ['+export', (o) => ['doc', '+export', '--node', 'n1', '--output', o]],
  ['+export-get', (o) => ['doc', '+export-get', '--job-id', 'j1', '--output', o]],
];
const escaping = ['../x', ' ../x ', '/abs/x', '\\x', 'C:x', 'c:\\x', '..\\y', 'a/../../b', 'a\\..\\..\\b', './..', '..'];

describe('doc output shortcuts: an --output outside the working directory is refused before any call (localio/download.go:146-161@c7521c1c)', () => {
  for (const [name, argv] of outputCommands) {
    it(`${name}: absolute, drive-letter and climbing --output values send nothing`, async () => {
      for (const output of escaping) {
        const r = await sent(argv(output));
        expect({ output, reason: r.reason, calls: r.calls }).toEqual({ output, reason: 'invalid_parameter', calls: [] });
      }
    });
  }

  it('+resource-download: a relative --output is refused exactly when upstream refuses it, and then nothing is sent', async () => {
    const segment = fc.constantFrom('a', 'b', '.', '..', '', ' ');
    const sep = fc.constantFrom('/', '\\');
    const path = fc.tuple(fc.array(fc.tuple(segment, sep), { maxLength: 5 }), segment)
      .map(([parts, last]) => parts.map(([s, p]) => s + p).join('') + last)
      .filter((p) => p.trim() !== '');
    await fc.assert(fc.asyncProperty(path, async (output) => {
      const r = await sent(['doc', '+resource-download', '--node', 'n1', '--output', output]);
      if (upstreamRefusesOutput(output)) {
        expect({ output, reason: r.reason, calls: r.calls }).toEqual({ output, reason: 'invalid_parameter', calls: [] });
      } else {
        expect({ output, first: r.calls[0]?.[0] }).toEqual({ output, first: 'doc/get_document_style' });
      }
    }), { numRuns: 40 });
  });

  it('+export-get: a blank --output is no download and no refusal (rt.Str is "", doc.go:693-695@c7521c1c)', async () => {
    const r = await sent(['doc', '+export-get', '--job-id', 'j1', '--output', '  ']);
    expect(r.calls.map((c) => c[0])).toEqual(['doc/query_export_job']);
    expect(r.reason).toBeUndefined();
  });
});

// oa +my-initiated (smart/my_initiated.go:118-131@c7521c1c) reads get_submitted_instances with rt.CallMCPData, which
// turns a blank answer into the empty map (runner.go:262-264; parseMCPToolTextResult gives "" for an all-blank text,
// helpers.go:219-254); no list is found in it, so rt.Output(data) prints that empty object. Before, dws printed the
// blank text itself. h56-wd: that text has come through the runner, where a blank answer is no object and is written
// as the text null (transport/client.go:159-205, app/tool_caller_adapter.go:141-193@c7521c1c): the nil map, printed
// null; an object comes stamped with success true (app/runner.go:774-783).
describe('oa +my-initiated: a blank answer prints null, the nil map (tool_caller_adapter.go:141-193, my_initiated.go:124-127@c7521c1c)', () => {
  const blank = fc.stringMatching(/^[ \t\n\r\u00a0\u3000]*$/);
  it('any blank text prints null', async () => {
    await fc.assert(fc.asyncProperty(blank, async (text) => {
      outputs.answerText('get_submitted_instances', text);
      const r = await sent(['oa', '+my-initiated']);
      expect({ text, reason: r.reason, printed: r.printed }).toEqual({ text, reason: undefined, printed: null });
    }), { numRuns: 12 });
  });
  it('sibling chat +unread-chats (smart/unread_chats.go:113-123@c7521c1c): any blank text prints null too', async () => {
    await fc.assert(fc.asyncProperty(blank, async (text) => {
      outputs.answerText('unread_message_conversation_list', text);
      const r = await sent(['chat', '+unread-chats']);
      expect({ text, reason: r.reason, printed: r.printed }).toEqual({ text, reason: undefined, printed: null });
    }), { numRuns: 8 });
  });
  it('JSON null still prints null, and an object without a list prints stamped (controls)', async () => {
    outputs.answerText('get_submitted_instances', 'null');
    expect((await sent(['oa', '+my-initiated'])).printed).toBeNull();
    outputs.answerText('get_submitted_instances', JSON.stringify({ list: [], result: { list: [{ title: 't' }] } }));
    expect((await sent(['oa', '+my-initiated'])).printed).toEqual({ list: [], result: { list: [{ title: 't' }] }, success: true });
  });
});

// validateWorkspaceInputPath (shortcut/doc/common.go:99-121@c7521c1c), the Validate of doc +media-insert
// (media_style_shortcuts.go:56), +import (content_shortcuts.go:507) and +resource-update (:135-140, when --file is not
// blank), refuses an absolute --file (filepath.IsAbs of the trimmed text) before any call, even one naming a file inside
// the working directory; before, dws read it like a relative one and went on to the upload calls.
describe('doc local-file shortcuts: an absolute --file is refused before any call (doc/common.go:99-103@c7521c1c)', () => {
  const image = { 'in.png': '\x89PNG\r\n\x1a\n' };
  const withFile = (dir: string): [string, string[]][] => [
    ['+media-insert', ['doc', '+media-insert', '--node', 'n1', '--file', `${dir}/in.png`, '--yes']],
    ['+import', ['doc', '+import', '--file', `${dir}/in.png`, '--yes']],
    ['+resource-update', ['doc', '+resource-update', '--node', 'n1', '--file', ` ${dir}/in.png`, '--yes']],
  ];
  it('each refuses an absolute path naming a file inside the file root, sending nothing', async () => {
    const env = outputs.env(image);
    const dir = env.DWS_FILE_ROOT;
    for (const [name, argv] of withFile(dir)) {
      outputs.mcp.calls.length = 0;
      const outcome = await dispatchInProcess(argv, env);
      expect({ name, reason: outcome.error?.reason, calls: outputs.mcp.calls.length }).toEqual({ name, reason: 'invalid_parameter', calls: 0 });
    }
  });
  it('the same file named relatively reaches the first call (control)', async () => {
    const env = outputs.env(image);
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(['doc', '+media-insert', '--node', 'n1', '--file', 'in.png', '--yes'], env);
    expect(outputs.mcp.calls[0]?.name).toBe('get_doc_attachment_upload_info');
    expect(outcome.error?.reason).not.toBe('invalid_parameter');
  });
});
