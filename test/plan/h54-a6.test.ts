// Session 54 helper a6, second-reading audit of seed 20261452 (issue 32, notes/h54-a6.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: `drive status` left out of its diff every local file or folder
// whose name holds a `\` or a control character (it listed them under `refused`). Upstream's status walks the local
// tree with filepath.WalkDir and checks no local name (walkLocalTreeEntry, internal/helpers/drive_status.go:483-542
// @c7521c1c): such a file is compared like any other, so with no drive twin it is new_local, its folder's files too.
// The names a drive listing cannot mirror keep their declared `refused` listing (docs/drive-folder.md). Each run is
// typed as a user types it against the recording backend on 127.0.0.1, in a private file root.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { recordingEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dws-h54a6-'));
  mkdirSync(path.join(root, 'work'));
  mcp.answers = { 'drive/list_files': () => ({ result: { items: [], hasMore: false } }) };
});

function local(rel: string): void {
  const p = path.join(root, 'work', ...rel.split('/'));
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, 'x');
}

async function status(): Promise<Record<string, unknown>> {
  const env = { ...recordingEnv(mcp.urlTemplate, 'tok-h54a6'), DWS_FILE_ROOT: root };
  const { out, error } = await dispatchInProcess(['drive', 'status', '--local-folder', path.join(root, 'work'), '--remote-folder', 'root'], env);
  expect(error).toBeUndefined();
  return (JSON.parse(out) as { result: Record<string, unknown> }).result;
}

describe('drive status: local names are not checked (walkLocalTree, helpers/drive_status.go:483-542@c7521c1c)', () => {
  it('a file named with a backslash or a control character, and the files of a folder so named, are new_local', async () => {
    local('a\\b.txt');
    local('c\u0001.txt');
    local('d\\e/f.txt');
    local('plain.txt');
    const r = await status();
    // sorted by bytes, as upstream's sortEntries: a\\b, c\x01, d\\e/f, plain
    expect(r.new_local).toEqual([{ rel_path: 'a\\b.txt' }, { rel_path: 'c\u0001.txt' }, { rel_path: 'd\\e/f.txt' }, { rel_path: 'plain.txt' }]);
    expect(r.refused).toEqual([]);
  });

  it('a drive name that cannot be a local name is still listed under refused (declared deviation), the local side as upstream', async () => {
    mcp.answers = { 'drive/list_files': () => ({ result: { items: [{ type: 'FILE', name: 'x\\y', fileId: 'f1' }], hasMore: false } }) };
    local('x\\y');
    const r = await status();
    expect(r.new_local).toEqual([{ rel_path: 'x\\y' }]);
    expect(r.refused).toEqual([{ rel_path: 'x\\y', reason: expect.stringContaining('cannot be a local file name') as unknown as string }]);
  });
});
