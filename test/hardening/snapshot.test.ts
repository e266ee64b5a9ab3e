// Attacks on what dws loads: a flipped byte in the WebAssembly core beside the hot bundle, byte flips anywhere in
// the snapshot, and snapshot paths that are not regular files (a FIFO, a directory). Each must fail closed with a
// typed error (exit 5, nothing on stdout) or answer exactly as the intact file does, and never block.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadEngine } from '../../src/index.js';
import { DwsError } from '../../src/errors.js';
import type { Engine } from '../../src/engine/engine.js';
import { ROOT, errorOf, readSnapshotBytes } from '../helpers.js';
import { inspect } from '../../src/schema/browse.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A copy of bin/ and dist/ (build/ linked) whose dist/core.wasm a test may damage. */
function copyInstall(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-hardening-install-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'bin'));
  cpSync(path.join(ROOT, 'bin', 'dws.cjs'), path.join(dir, 'bin', 'dws.cjs'));
  cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  symlinkSync(path.join(ROOT, 'build'), path.join(dir, 'build'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function run(root: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin', 'dws.cjs'), ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the WebAssembly core beside the hot bundle', () => {
  const SEARCH = ['schema', 'search', '--query', '撤回群消息'];

  it('fails closed (exit 5, nothing on stdout) when any one byte of dist/core.wasm is flipped', () => {
    const root = copyInstall();
    const file = path.join(root, 'dist', 'core.wasm');
    const intact = readFileSync(file);
    expect(run(root, SEARCH).status).toBe(0);
    for (const at of [8, Math.floor(intact.length / 3), Math.floor(intact.length / 2), intact.length - 1]) {
      const bytes = Buffer.from(intact);
      bytes[at] ^= 0x01;
      writeFileSync(file, bytes);
      const r = run(root, SEARCH);
      expect({ at, status: r.status, stdout: r.stdout, category: r.stderr.trim() ? errorOf(r.stderr).category : undefined }).toEqual({ at, status: 5, stdout: '', category: 'internal' });
    }
  });
});

describe('a snapshot path that is not a regular file', () => {
  /** A FIFO nobody writes to (opening it for reading blocks), and a directory. */
  function specialFiles(): { fifo: string; directory: string } {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-hardening-special-'));
    dirs.push(dir);
    const fifo = path.join(dir, 'snapshot.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const directory = path.join(dir, 'snapshot.dir');
    mkdirSync(directory);
    return { fifo, directory };
  }

  // Search (the hot bundle), Inspect (the hot bundle) and dispatch (the commander program) each open the snapshot.
  const COMMANDS = [['schema', 'search', '--query', '撤回群消息'], ['schema', 'chat.recall_message'], ['chat', 'group', 'list-all', '--dry-run']];

  it('is refused with snapshot_missing (exit 5) without blocking, for search, Inspect and dispatch', () => {
    const { fifo, directory } = specialFiles();
    for (const file of [fifo, directory]) {
      for (const args of COMMANDS) {
        const r = run(ROOT, args, { DWS_SNAPSHOT: file });
        expect({ file, args, status: r.status, stdout: r.stdout, reason: r.stderr.trim() ? errorOf(r.stderr).reason : undefined })
          .toEqual({ file, args, status: 5, stdout: '', reason: 'snapshot_missing' });
        expect(errorOf(r.stderr).message).toContain('not a regular file');
      }
    }
  });
});

describe('byte flips anywhere in the snapshot', () => {
  const intact = readSnapshotBytes();
  const engine = loadEngine({ snapshot: intact });
  const hashes = engine.catalogHashes;
  const probes = (e: Engine) => [
    e.search({ query: '撤回我刚发的群消息' }),
    e.search({ query: 'create a todo for friday', limit: 3 }),
    inspect(e, 'chat.recall_message', { compact: true, expectedSourceHash: hashes.source_hash, expectedSurfaceHash: hashes.surface_hash }),
    inspect(e, 'todo', {}),
  ];
  const expected = probes(engine);

  it('either fails closed with a typed snapshot error or answers exactly as the intact file, for every flip', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: intact.length - 1 }), fc.integer({ min: 0, max: 7 }), (at, bit) => {
      const bytes = new Uint8Array(intact);
      bytes[at] ^= 1 << bit;
      let answers: string[];
      try {
        const e = loadEngine({ snapshot: bytes });
        answers = probes(e);
        e.verify();
      } catch (err) {
        expect(err, `flip at ${at}`).toBeInstanceOf(DwsError);
        expect((err as DwsError).reason, `flip at ${at}`).toMatch(/^snapshot_(corrupt|incompatible)$/);
        return;
      }
      expect(answers, `flip at ${at} loaded and verified`).toEqual(expected);
    }), { numRuns: 40 });
  });

  it('a flipped snapshot fails the CLI with exit 5 and nothing on stdout', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-hardening-flip-'));
    dirs.push(dir);
    const file = path.join(dir, 'snapshot.bin');
    const search = ['schema', 'search', '--query', '撤回群消息'];
    const shipped = run(ROOT, search).stdout;
    // In the header, in the meta section and in the index: each is checked before it is used. A flip in a part this
    // search does not read may leave its answer as it was, never different.
    for (const at of [20, Math.floor(intact.length / 4), Math.floor(intact.length / 2)]) {
      const bytes = Buffer.from(intact);
      bytes[at] ^= 0x10;
      writeFileSync(file, bytes);
      const r = run(ROOT, search, { DWS_SNAPSHOT: file });
      if (r.status === 0) expect(r.stdout, `flip at ${at}`).toBe(shipped);
      else expect({ at, status: r.status, stdout: r.stdout, category: errorOf(r.stderr).category }).toEqual({ at, status: 5, stdout: '', category: 'internal' });
    }
  });
});
