// The package as a user gets it: `npm pack`, then the tarball installed into an empty folder with its dependencies
// from the local npm cache (offline: `npm ci --offline --omit=dev` with this repository's lockfile, so no registry
// is asked), and run from there: search, a versioned Inspect, auth status, a login and a call against the fake
// DingTalk, and the library import. The tarball carries only what runs (package.json "files").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../helpers.js';
import { startFakeDingTalk, PROFILE, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { fakeEnv } from './env.js';

let dir: string;
let app: string;
let bin: string;
let tarball: string;
let fake: FakeDingTalk;
const quiet = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

function run(args: string[], env: Record<string, string> = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: app, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (status) => resolve({ status: status ?? -1, stdout, stderr }));
    child.stdin.end();
  });
}

beforeAll(async () => {
  fake = await startFakeDingTalk();
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-pack-'));
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', env: quiet });
  tarball = path.join(dir, (JSON.parse(out) as { filename: string }[])[0].filename);
  app = path.join(dir, 'app');
  const pkg = path.join(app, 'node_modules', 'dws');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', type: 'module', private: true }));
  execFileSync('tar', ['-xzf', tarball, '-C', pkg, '--strip-components=1']);
  copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(pkg, 'package-lock.json'));
  try {
    execFileSync('npm', ['ci', '--offline', '--omit=dev', '--ignore-scripts'], { cwd: pkg, encoding: 'utf8', env: quiet, stdio: 'pipe' });
  } catch (err) {
    throw new Error(`installing the tarball's dependencies from the local npm cache failed (run \`npm ci\` once to fill the cache): ${(err as { stderr?: string }).stderr ?? err}`);
  }
  bin = path.join(pkg, 'bin', 'dws.cjs');
}, 300_000);
afterAll(async () => {
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds only what runs: the entry, the bundles, the snapshot, the readme', () => {
    const listed = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').map((f) => f.replace(/^package\//, ''));
    for (const f of listed) expect(f, f).toMatch(/^(bin\/dws\.cjs|dist\/.+|build\/snapshot\.bin|README\.md|package\.json)$/);
    expect(listed).toContain('build/snapshot.bin');
    expect(listed.some((f) => f.startsWith('test/') || f.startsWith('src/'))).toBe(false);
  });

  it('runs search, a versioned Inspect and auth status from the installed package', async () => {
    const search = await run(['schema', 'search', '--query', '发消息']);
    expect(search.status, search.stderr).toBe(0);
    const answer = JSON.parse(search.stdout) as { catalog: { source_hash: string; surface_hash: string }; candidates: { canonical_path: string }[] };
    const path0 = answer.candidates[0].canonical_path;
    const inspect = await run(['schema', path0, '--compact', '--expected-source-hash', answer.catalog.source_hash, '--expected-surface-hash', answer.catalog.surface_hash]);
    expect(inspect.status, inspect.stderr).toBe(0);
    expect(JSON.parse(inspect.stdout)).toMatchObject({ version: 'schema-inspect.v1', tool_spec: { canonical_path: path0 } });
    const env = fakeEnv(fake.base);
    const status = await run(['auth', 'status'], env);
    expect(status.status, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toEqual({ logged_in: false });
  });

  it('logs in and calls DingTalk from the installed package', async () => {
    const env = fakeEnv(fake.base);
    const login = await run(['auth', 'login', '--device', '--no-browser'], env);
    expect(login.status, login.stderr).toBe(0);
    const call = await run(['contact', 'user', 'get-self'], env);
    expect(call.status, call.stderr).toBe(0);
    expect(call.stdout).toContain(PROFILE.userName);
  });

  it('imports the library: loadEngine from "dws"', () => {
    writeFileSync(path.join(app, 'use.mjs'), "import { loadEngine } from 'dws';\nconst e = loadEngine();\nconsole.log(JSON.stringify({ products: e.products.length }));\n");
    const out = execFileSync(process.execPath, ['use.mjs'], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out).products).toBeGreaterThan(20);
    expect(readdirSync(path.join(app, 'node_modules', 'dws', 'node_modules')).length).toBeGreaterThan(0);
  });
});
