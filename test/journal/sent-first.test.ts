// A call is journaled before it is sent (issue 33 #7): on a full disk (a file size limit in the spawned shell) every
// call the backend received has its complete `sent` record, and a call whose record does not fit is refused with
// nothing sent; the torn tail the full disk leaves verifies as torn (not tampered) and the next append repairs it.
// A write's sent record seals its arguments: never in plaintext, opened only with the journal's key and its digest.
// Journals first used by several processes at once each get one whole key (no process reads a half-written one).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMcpServer, recordingEnv } from '../fixtures/mcp/server.js';
import { BIN, errorOf, outcomeOf, ROOT, runCliAsync, type RunResult } from '../helpers.js';
import { keyPath, openSealed, sealCall } from '../../src/journal/seal.js';
import { canonicalJson, sha256, type JournalRecord } from '../../src/journal/record.js';

const TOKEN = 'tok-sent-first-secret';
const mcp = useMcpServer();
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-sent-first-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

const env = (journal: string) => ({ ...recordingEnv(mcp.urlTemplate, TOKEN), DWS_JOURNAL: journal });
const recallArgs = (msg: string) => ['chat', 'message', 'recall', '--conversation-id', 'c1', '--msg-id', msg];

/** `dws <args>` in a shell whose file size limit is `blocks` (ulimit -f): the journal fills up after a few records. */
function limited(blocks: number, args: string[], journal: string): Promise<RunResult> {
  return outcomeOf(spawn('sh', ['-c', `ulimit -f ${blocks} && exec "$0" "$@"`, process.execPath, BIN, ...args], { env: { ...process.env, ...env(journal) } }));
}

const complete = (file: string): JournalRecord[] => readFileSync(file, 'utf8').split('\n').slice(0, -1).flatMap((l) => {
  try {
    return [JSON.parse(l) as JournalRecord];
  } catch {
    return [];
  }
});

describe('a journal on a full disk', () => {
  it('never lets a call out without its sent record: the calls that do not fit are refused, and the torn tail is repaired by the next append', async () => {
    const journal = path.join(dir, 'full', 'journal.jsonl');
    const runs: RunResult[] = [];
    for (let i = 0; i < 20; i++) runs.push(await limited(8, recallArgs(`m${i}`), journal));
    const refused = runs.filter((r) => r.status !== 0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect([r.status, errorOf(r.stderr).reason, r.stdout]).toEqual([5, 'journal_unwritable', '']);
    // Every call the backend received has its complete sent record; no call went out unrecorded.
    const sent = complete(journal).filter((r) => r.outcome === 'sent');
    expect(sent.length).toBe(mcp.calls.length);
    expect(mcp.calls.length).toBe(runs.length - refused.length);
    expect(statSync(journal).size).toBeLessThanOrEqual(8 * 1024);

    const torn = await runCliAsync(['audit', 'verify'], '', env(journal));
    expect([torn.status, errorOf(torn.stderr).reason]).toEqual([5, 'journal_torn']);
    // With room again, the next call is journaled after the torn line is closed and named; the whole journal verifies.
    const again = await runCliAsync(recallArgs('after'), '', env(journal));
    expect(again.status).toBe(0);
    const verified = await runCliAsync(['audit', 'verify'], '', env(journal));
    expect([verified.status, JSON.parse(verified.stdout).result.valid]).toEqual([0, true]);
    expect(complete(journal).some((r) => r.repaired !== undefined)).toBe(true);
    expect(readFileSync(journal, 'utf8')).not.toContain(TOKEN);
  });
});

describe('sealed arguments', () => {
  it('open only with the journal key, for the same invocation and digest; the key file is private', () => {
    const journal = path.join(dir, 'seal', 'journal.jsonl');
    mkdirSync(path.dirname(journal), { recursive: true });
    const value = { args: { text: '机密内容 secret body', to: 'u1' }, flags: { text: '机密内容 secret body' } };
    const sealed = sealCall(journal, 'inv-1', value)!;
    expect(JSON.stringify(sealed)).not.toContain('secret body');
    expect(statSync(keyPath(journal)).mode & 0o777).toBe(0o600);
    const digest = sha256(canonicalJson(value.args));
    expect(openSealed(journal, 'inv-1', digest, sealed)).toEqual(value);
    expect(openSealed(journal, 'inv-2', digest, sealed)).toBeUndefined();
    expect(openSealed(journal, 'inv-1', 'a'.repeat(64), sealed)).toBeUndefined();
    rmSync(keyPath(journal));
    expect(openSealed(journal, 'inv-1', digest, sealed)).toBeUndefined();
  });

  it('a journal first used by 8 processes at once gets one key, written whole, that opens every sealed value', async () => {
    const bundle = path.join(dir, 'seal-many.mjs');
    await esbuild.build({ entryPoints: [path.join(ROOT, 'test/fixtures/journal/seal-many.ts')], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent' });
    const journals = Array.from({ length: 40 }, (_, i) => path.join(dir, 'race', `j${i}`, 'journal.jsonl'));
    for (const j of journals) mkdirSync(path.dirname(j), { recursive: true });
    const startAt = String(Date.now() + 1500);
    const runs = await Promise.all(Array.from({ length: 8 }, () => outcomeOf(spawn(process.execPath, [bundle, startAt, ...journals]))));
    expect(runs.map((r) => [r.status, r.stderr])).toEqual(runs.map(() => [0, '']));
    for (const r of runs) {
      const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
      expect(lines).toHaveLength(journals.length);
      lines.forEach(({ invocation, value, sealed }, i) => {
        expect(openSealed(journals[i], invocation, sha256(canonicalJson(value.args)), sealed)).toEqual(value);
      });
    }
    for (const j of journals) {
      expect(statSync(keyPath(j)).size).toBe(32);
      expect(readdirSync(path.dirname(j)).sort()).toEqual(['journal.jsonl.key']);
    }
  });
});
