// The process entry (bin/dws.cjs): it runs the hot bundle from V8's code cache when the cache belongs to that bundle,
// and gives the same answers whether the cache is used, missing, stale or damaged.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const require = createRequire(import.meta.url);

interface EntryModule {
  compile(useCache?: boolean, name?: string): { script: { cachedDataRejected?: boolean }; id?: string };
  bundleFor(argv: string[]): string;
  cacheFile(name: string): string;
  BUILT_IN: Set<string>;
  CACHE: string;
}

/** A copy of bin/ and dist/ (build/ linked) whose code cache a test may change. */
function copyInstall(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dws-entry-'));
  mkdirSync(path.join(dir, 'bin'));
  cpSync(path.join(ROOT, 'bin', 'dws.cjs'), path.join(dir, 'bin', 'dws.cjs'));
  cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  symlinkSync(path.join(ROOT, 'build'), path.join(dir, 'build'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/**
 * What a fresh process makes of root's code cache: "false" (used), "true" (V8 rejected it) or "undefined" (not
 * offered). A fresh process, because V8 answers a source it compiled before from its in-process cache.
 */
function cacheVerdict(root: string, name = 'dws'): string {
  const code = `process.stdout.write(String(require(${JSON.stringify(path.join(root, 'bin', 'dws.cjs'))}).compile(true, ${JSON.stringify(name)}).script.cachedDataRejected))`;
  return spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' }).stdout;
}

function run(root: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(root, 'bin', 'dws.cjs'), ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const COMMANDS = [
  ['schema', 'search', '--query', '把这条消息转发给产品群'],
  ['schema', 'chat.recall_message', '--compact'],
  ['schema', 'search', '--query', 'x', '--bogus'], // commander's parse error
  ['--version'], // the commander program
  // catalog commands: the execute bundle (dist/exec.cjs)
  ['chat', '+dm', '--to', 'X', '--text', 'hi', '--dry-run'],
  ['chat', 'message', 'recall', '--conversation-id', 'c', '--message-id', 'm', '--dry-run', '--bogus'],
  ['chat', 'message', 'recall', '--conversation-id', 'c', '--dry-run'], // a refusal of the validator
];

const dirs: string[] = [];
afterAll(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

describe('bin/dws.cjs', () => {
  const shipped = COMMANDS.map((args) => run(ROOT, args));

  it('runs the hot bundle from a code cache that V8 accepts', () => {
    const entry = require(path.join(ROOT, 'bin', 'dws.cjs')) as EntryModule;
    const { id } = entry.compile(false);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(readFileSync(entry.CACHE, 'latin1').split('\n', 1)[0]).toMatch(new RegExp(`^dws-code-cache ${id} \\d+$`));
    expect(cacheVerdict(ROOT)).toBe('false');
    for (const name of ['dws', 'exec']) {
      const bundle = entry.compile(false, name);
      expect(readFileSync(entry.cacheFile(name), 'latin1').split('\n', 1)[0]).toMatch(new RegExp(`^dws-code-cache ${bundle.id} \\d+$`));
      expect(cacheVerdict(ROOT, name)).toBe('false');
    }
    expect(shipped.map((r) => r.status)).toEqual([0, 0, 3, 0, 0, 3, 3]);
  });

  it('runs a catalog command from the execute bundle, by the first word as src/cli/route.ts tells them', async () => {
    const entry = require(path.join(ROOT, 'bin', 'dws.cjs')) as EntryModule;
    const { BUILT_IN, isDispatch } = await import('../../src/cli/route.js');
    expect([...entry.BUILT_IN].sort()).toEqual([...BUILT_IN].sort());
    for (const argv of [...COMMANDS, [], ['help', 'chat'], ['auth', 'status'], ['doctor'], ['-h'], ['chat'], ['todo', 'task', 'list']]) {
      expect(entry.bundleFor(argv), argv.join(' ')).toBe(isDispatch(argv) ? 'exec' : 'dws');
    }
    // the commander program gives the same answers for a catalog command (`dws help <command>` goes through it)
    expect(run(ROOT, ['help', 'chat', 'message', 'recall'])).toEqual(run(ROOT, ['chat', 'message', 'recall', '--help']));
  });

  it('hands V8 a one-byte source: the hot bundles are ASCII and already a CommonJS wrapper', () => {
    for (const name of ['dws', 'exec']) {
      const source = readFileSync(path.join(ROOT, 'dist', `${name}.cjs`));
      expect(source.findIndex((b) => b > 0x7f)).toBe(-1);
      expect(source.toString('latin1')).toMatch(/^\(function \(exports, require, module, __filename, __dirname\) \{'use strict';/u);
    }
  });

  it('reads the core from dist/core.wasm (not embedded), and fails closed without output when that file is not its own', () => {
    const bundle = readFileSync(path.join(ROOT, 'dist', 'dws.cjs'), 'latin1');
    expect(bundle).not.toMatch(/AGFzbQ/u); // base64 of the wasm magic: the module is not in the bundle
    expect(bundle).toContain('core.wasm');
    const wasm = readFileSync(path.join(ROOT, 'dist', 'core.wasm'));
    expect(wasm.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
    const search = COMMANDS[0];
    for (const change of [(f: string) => rmSync(f), (f: string) => writeFileSync(f, wasm.subarray(0, wasm.length - 1))]) {
      const dir = copyInstall();
      dirs.push(dir);
      change(path.join(dir, 'dist', 'core.wasm'));
      const r = run(dir, search);
      expect(r.status).toBe(5);
      expect(r.stdout).toBe('');
      expect(JSON.parse(r.stderr).error).toMatchObject({ category: 'internal', reason: 'core_corrupt' });
      expect(r.stderr).toMatch(/wasm core/u);
      // An Inspect never needs the core.
      expect(run(dir, COMMANDS[1])).toEqual(shipped[1]);
    }
  });

  const damage: [string, string, (cache: Buffer, id: string) => Buffer | undefined][] = [
    ['missing', 'undefined', () => undefined],
    ['made for another build', 'undefined', (cache, id) => Buffer.from(cache.toString('latin1').replace(id, 'f'.repeat(32)), 'latin1')],
    ['cut short', 'undefined', (cache) => cache.subarray(0, cache.length - 1000)],
    ['garbage with a valid header', 'true', (cache, id) => {
      const body = Buffer.alloc(cache.length - cache.indexOf(10) - 1, 0x5a);
      return Buffer.concat([Buffer.from(`dws-code-cache ${id} ${body.length}\n`, 'latin1'), body]);
    }],
  ];
  for (const [what, verdict, change] of damage) {
    it(`answers the same with code caches that are ${what}`, () => {
      const dir = copyInstall();
      dirs.push(dir);
      const entry = require(path.join(dir, 'bin', 'dws.cjs')) as EntryModule;
      for (const name of ['dws', 'exec']) {
        const cacheFile = entry.cacheFile(name);
        const changed = change(readFileSync(cacheFile), entry.compile(false, name).id!);
        if (changed) writeFileSync(cacheFile, changed);
        else rmSync(cacheFile);
        expect(cacheVerdict(dir, name)).toBe(verdict);
      }
      expect(COMMANDS.map((args) => run(dir, args))).toEqual(shipped);
    });
  }
});
