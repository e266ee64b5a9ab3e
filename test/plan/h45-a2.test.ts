// Session 45 second reading, part a2 (issue 32, notes/h45-a2.md, seed 20261398): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import { DwsError } from '../../src/errors.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45a2-');

describe('aitable field create: --options is read only on the --name/--type path (helpers/aitable.go:1855-1884@c7521c1c)', () => {
  const base = ['aitable', 'field', 'create', '--base-id', 'b', '--table-id', 't'];
  it('with --fields given, an --options that is no JSON list is never decoded: the fields are sent', async () => {
    expect(await outputs.argsOf([...base, '--fields', '[{"fieldName":"n","type":"text"}]', '--options', 'bad']))
      .toEqual([{ baseId: 'b', tableId: 't', fields: [{ fieldName: 'n', type: 'text' }] }]);
  });
  it('so also beside --name/--type and an object --config: --fields wins and --options is not read', async () => {
    expect(await outputs.argsOf([...base, '--fields', '[]', '--name', 'n', '--type', 't', '--config', '{}', '--options', '{"a":1}']))
      .toEqual([{ baseId: 'b', tableId: 't', fields: [] }]);
  });
  it('for any --options text, a run with --fields sends the --fields list (upstream never reads --options there)', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string(), fc.constantFrom('[', 'null', '{}', '[1]', ' ')), async (options) => {
      const args = await outputs.argsOf([...base, '--fields', '[1]', `--options=${options}`]);
      expect(args).toEqual([{ baseId: 'b', tableId: 't', fields: [1] }]);
    }), { numRuns: 30 });
  });
  it('without --fields, an --options that is no JSON list is still refused before any call', async () => {
    expect(await outputs.argsOf([...base, '--name', 'n', '--type', 't', '--options', 'bad'])).toBe('invalid_parameter');
  });
});

describe('transform real_basename: a local file\'s real name, symlinks resolved (os.Stat(filepath.EvalSymlinks(p)).Name(), catalog_operations.go:458-460, :516-533@c7521c1c)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dws-h45a2-real-'));
  writeFileSync(path.join(root, 'report.pdf'), 'x');
  mkdirSync(path.join(root, 'sub'));
  symlinkSync('report.pdf', path.join(root, 'link.pdf'));
  symlinkSync('../report.pdf', path.join(root, 'sub', 'deep.bin'));
  symlinkSync(os.tmpdir(), path.join(root, 'away'));
  const ctx = { env: { DWS_FILE_ROOT: root }, now: new Date(0) };
  it('a plain file keeps its own name, a link (at any depth) gives its target\'s', () => {
    expect(TRANSFORMS.real_basename('report.pdf', '--file', ctx)).toBe('report.pdf');
    expect(TRANSFORMS.real_basename('./sub/../report.pdf', '--file', ctx)).toBe('report.pdf');
    expect(TRANSFORMS.real_basename('link.pdf', '--file', ctx)).toBe('report.pdf');
    expect(TRANSFORMS.real_basename('sub/deep.bin', '--file', ctx)).toBe('report.pdf');
  });
  it('a blank, missing or escaping path is refused, as file_size refuses it', () => {
    for (const bad of ['', ' ', 'missing.pdf', 'away/x', '../x']) {
      expect(() => TRANSFORMS.real_basename(bad, '--file', ctx)).toThrow(DwsError);
    }
  });
});

describe('drive +upload: the default file name is the real file\'s, a symlink\'s target (resolveDriveUploadInput, catalog_operations.go:452-460, :510-537@c7521c1c)', () => {
  const bytes = 'hello';
  const answers = (name: string) => {
    outputs.answer('drive/get_upload_info', { resourceUrls: [{ url: `${outputs.mcp.base}/upload/x` }], uploadId: 'up_1' });
    outputs.answer('drive/commit_upload', { success: true, fileId: 'f1' });
    outputs.answer('drive/get_file_info', { fileId: 'f1', name, fileSize: bytes.length });
  };
  const runIn = async (argv: string[]) => {
    const env = outputs.env({ 'a.txt': bytes });
    symlinkSync('a.txt', path.join(env.DWS_FILE_ROOT, 'link.txt'));
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(argv, env);
    return { reason: outcome.error?.reason, calls: outputs.mcp.calls.map((c) => [c.name, c.arguments]) };
  };
  it('--file naming a symlink sends the target\'s name to get_upload_info and commit_upload, and reads it back against it', async () => {
    answers('a.txt');
    const run = await runIn(['drive', '+upload', '--file', 'link.txt', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['get_upload_info', { fileName: 'a.txt', fileSize: bytes.length }],
      ['commit_upload', { fileName: 'a.txt', fileSize: bytes.length, uploadId: 'up_1' }],
      ['get_file_info', { fileId: 'f1' }],
    ]);
  });
  it('a read-back naming the link instead is not the file uploaded (readback_mismatch)', async () => {
    answers('link.txt');
    expect((await runIn(['drive', '+upload', '--file', 'link.txt', '--yes'])).reason).toBe('partial_outcome');
  });
  it('--file-name still wins over the file\'s own name', async () => {
    answers('given.txt');
    const run = await runIn(['drive', '+upload', '--file', 'link.txt', '--file-name', ' given.txt ', '--yes']);
    expect(run.calls[0]).toEqual(['get_upload_info', { fileName: 'given.txt', fileSize: bytes.length }]);
  });
});

describe('a deprecated doc leaf prints its notice before the body refuses a blank required flag (wrapDocDeprecated, helpers/doc.go:4696-4707@c7521c1c)', () => {
  const notice = /deprecated_command/;
  const run = async (argv: string[]) => {
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(argv, outputs.env());
    return { reason: outcome.error?.reason, err: outcome.err, calls: outputs.mcp.calls.length };
  };
  it('doc permission update --node "": the notice, then the refusal of the empty --node (mustFlagOrFallback runs inside the wrapped RunE)', async () => {
    const r = await run(['doc', 'permission', 'update', '--node', '', '--role', 'r', '--users', 'u']);
    expect(r).toMatchObject({ reason: 'missing_parameter', calls: 0 });
    expect(r.err).toMatch(notice);
  });
  it('doc permission update --users " ": the notice, then the refusal (collectUserIDs finds no userId)', async () => {
    const r = await run(['doc', 'permission', 'update', '--node', 'n', '--role', 'r', '--users', ' ']);
    expect(r).toMatchObject({ reason: 'missing_parameter', calls: 0 });
    expect(r.err).toMatch(notice);
  });
  it('a required flag not typed at all was already refused after the notice; a run that is not deprecated gives none', async () => {
    expect((await run(['doc', 'permission', 'update', '--node', 'n', '--role', 'r'])).err).toMatch(notice);
    const plain = await run(['drive', 'permission', 'update', '--node', '', '--role', 'r', '--users', 'u']);
    expect(plain.reason).toBe('missing_parameter');
    expect(plain.err).not.toMatch(notice);
  });
});

describe('sibling: aitable record update with --record-id and --cells never reads --records / --records-file / --fields (helpers/aitable.go:2363-2381@c7521c1c)', () => {
  const base = ['aitable', 'record', 'update', '--base-id', 'b', '--table-id', 't', '--record-id', 'r1', '--cells', '{"f":1}', '--yes'];
  const one = [{ baseId: 'b', tableId: 't', records: [{ recordId: 'r1', cells: { f: 1 } }] }];
  it('an --records that is no JSON is not decoded: the one record is sent', async () => {
    expect(await outputs.argsOf([...base, '--records', 'bad'])).toEqual(one);
  });
  it('an --records-file that does not exist is not read', async () => {
    expect(await outputs.argsOf([...base, '--records-file', 'missing.json'])).toEqual(one);
  });
  it('--fields holding a list without cells is not checked either', async () => {
    expect(await outputs.argsOf([...base, '--fields', '[{}]'])).toEqual(one);
  });
  it('without --record-id, a --records that is no JSON list is still refused', async () => {
    expect(await outputs.argsOf(['aitable', 'record', 'update', '--base-id', 'b', '--table-id', 't', '--records', '{}', '--yes'])).toBe('invalid_parameter');
  });
});
