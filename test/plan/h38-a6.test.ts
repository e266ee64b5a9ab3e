// Session 38 second reading a6 (issue 32, seed 20261344, notes/h38-a6.md): where a drawn command still differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38a6-');

/** A run in a private directory holding `files`, where `{dir}` in an argument is that directory's absolute path. */
async function inPlace(argv: string[], files: Record<string, string>) {
  const env = outputs.env(files);
  const dir = env.DWS_FILE_ROOT;
  outputs.mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv.map((a) => a.replaceAll('{dir}', dir)), env);
  return { reason: outcome.error?.reason, calls: outputs.mcp.calls.map((c) => `${c.server}/${c.name}`) };
}

/**
 * upstream validateWorkspaceInputPath (internal/shortcut/doc/common.go:99-121@c7521c1c), the Validate hook of doc
 * +media-insert (media_style_shortcuts.go:56), +import (content_shortcuts.go:507) and +resource-update (:135-140, a
 * given --file only): the trimmed --file must be a relative path (filepath.IsAbs refused) before anything else runs,
 * even when it names a file inside the working directory.
 */
describe('doc shortcuts that take a working-directory file refuse an absolute --file as validateWorkspaceInputPath', () => {
  const png = { 'a.png': 'PNGDATA', 'r.md': '# hello' };
  const cases: { name: string; argv: string[] }[] = [
    { name: 'doc +media-insert', argv: ['doc', '+media-insert', '--node', 'n', '--file', '{dir}/a.png', '--yes'] },
    { name: 'doc +media-insert (padded)', argv: ['doc', '+media-insert', '--node', 'n', '--file', ' {dir}/a.png ', '--yes'] },
    { name: 'doc +import', argv: ['doc', '+import', '--file', '{dir}/r.md'] },
    { name: 'doc +resource-update', argv: ['doc', '+resource-update', '--node', 'n', '--file', '{dir}/a.png', '--yes'] },
  ];
  for (const c of cases) {
    it(`${c.name}: an absolute path inside the working directory is refused before any call`, async () => {
      expect(await inPlace(c.argv, png)).toEqual({ reason: 'invalid_parameter', calls: [] });
    });
  }
  it('the same file named relatively still reaches the backend', async () => {
    const run = await inPlace(['doc', '+media-insert', '--node', 'n', '--file', './a.png', '--yes'], png);
    expect(run.calls[0]).toBe('doc/get_doc_attachment_upload_info');
    const imported = await inPlace(['doc', '+import', '--file', 'r.md'], png);
    expect(imported.calls[0]).toBe('doc/create_import_session');
  });
  it('any path is refused before a call exactly when Go\'s filepath.IsAbs holds for it once trimmed', async () => {
    const name = fc.constantFrom('a.png', 'sub/../a.png', './a.png');
    const lead = fc.constantFrom('', ' ', '\t', '/', ' /', '//', '{dir}/');
    await fc.assert(fc.asyncProperty(lead, name, async (prefix, file) => {
      const typed = `${prefix}${file}`;
      const run = await inPlace(['doc', '+media-insert', '--node', 'n', '--file', typed, '--yes'], png);
      const trimmed = typed.trim();
      const absolute = trimmed.startsWith('/') || trimmed.startsWith('{dir}');
      if (absolute) expect(run).toEqual({ reason: 'invalid_parameter', calls: [] });
      else if (prefix === '') expect(run.calls[0]).toBe('doc/get_doc_attachment_upload_info');
      else expect(path.isAbsolute(trimmed)).toBe(false);
    }), { numRuns: 30 });
  });
});
