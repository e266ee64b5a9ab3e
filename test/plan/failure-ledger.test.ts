// A for_each call's per-element ledger (docs/PLANS.md "ledger") and a write's read-back poll (docs/PLANS.md "Step
// kinds", poll verify), run as users run them: `dws <command>` through dispatch against the fake MCP server on
// 127.0.0.1, with one member (or pair) whose call fails. --failure-policy stop leaves the later elements unsent and
// lists them as not attempted; continue sends them; either way the run ends non-zero with the ledger in the error
// envelope, every call (the failed one included) journaled once. The read-back waits only through the injected sleep.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-ledger-'));
});

const refused = { success: false, errorCode: 'NO_PERMISSION', errorMsg: '无权限' };

async function dws(argv: string[], sleeps: number[] = []) {
  const outcome = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 'tok-ledger', dir), undefined, { sleep: async (ms) => void sleeps.push(ms) });
  const journal = readFileSync(path.join(dir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rpc?: string; outcome?: string; error?: { reason: string } });
  // one finished record per call (a write also has its `sent` record before it goes out)
  const finished = journal.filter((r) => r.rpc !== undefined && r.outcome !== 'sent').map((r) => `${r.rpc} ${r.error?.reason ?? r.outcome}`);
  const envelope = outcome.error ? JSON.parse(outcome.error.envelope()) as Record<string, unknown> : undefined;
  return { outcome, finished, envelope, sent: mcp.calls.map((c) => (c.arguments as { memberUids?: string[] }).memberUids?.[0] ?? c.name) };
}

/** The member u2's grant is refused; the others are granted. */
function u2Refused(): void {
  mcp.answers['minutes/add_member_permission'] = (args) => ((args.memberUids as string[])[0] === 'u2' ? refused : { success: true });
}

const share = (policy?: string) => ['minutes', '+share', '--id', 't1', '--member-uids', 'u1,u2,u3', '--permission', 'view', ...(policy ? ['--failure-policy', policy] : []), '--yes'];

describe('--failure-policy: a failed member under stop and under continue', { timeout: 300_000 }, () => {
  // minutes +share lists its members as upstream's ledger in the envelope's details (f-minutes4, workflows.go:634-664)
  it('stop (the default) sends no member after the failed one, lists it as not attempted and exits 7 (u1 was granted)', async () => {
    u2Refused();
    const r = await dws(share());
    expect(r.sent).toEqual(['u1', 'u2']);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.outcome.error?.exitCode).toBe(7);
    expect(r.envelope?.details).toMatchObject({
      complete: false, succeeded: 1, failed: 1,
      results: [{ complete: true, memberUid: 'u1' }],
      failures: [{ memberUid: 'u2', error: 'add_member_permission on the "minutes" server failed: NO_PERMISSION: 无权限' }],
      unattempted: ['u3'],
    });
    expect(r.finished).toEqual(['add_member_permission ok', 'add_member_permission business_error']);
    expect(r.outcome.out).toBe('');
  });

  it('continue sends the member after the failed one, records the failure and still exits 7', async () => {
    u2Refused();
    const r = await dws(share('continue'));
    expect(r.sent).toEqual(['u1', 'u2', 'u3']);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.envelope?.details).toMatchObject({ results: [{ memberUid: 'u1' }, { memberUid: 'u3' }], failures: [{ memberUid: 'u2' }], unattempted: [] });
    expect(r.finished).toEqual(['add_member_permission ok', 'add_member_permission business_error', 'add_member_permission ok']);
  });

  it('continue with every member failing sends all of them and ends minutes_permission_partial (nothing was written: exit 1)', async () => {
    mcp.answers['minutes/add_member_permission'] = () => refused;
    const r = await dws(share('continue'));
    expect(r.sent).toEqual(['u1', 'u2', 'u3']);
    expect(r.outcome.error?.reason).toBe('minutes_permission_partial');
    expect(r.outcome.error?.exitCode).toBe(1);
    expect((r.envelope?.details as { failures: unknown[] }).failures).toHaveLength(3);
  });

  it('continue without a failure is the same run as stop: every member once, exit 0', async () => {
    mcp.answers['minutes/add_member_permission'] = () => ({ success: true });
    const stop = await dws(share());
    expect(stop.outcome.error).toBeUndefined();
    expect(stop.sent).toEqual(['u1', 'u2', 'u3']);
    mcp.calls.length = 0;
    const goOn = await dws(share('continue'));
    expect(goOn.outcome.error).toBeUndefined();
    expect(goOn.sent).toEqual(['u1', 'u2', 'u3']);
  });

  it('replace-batch continue: a failed read-back fails its pair (the write stands) and the next pair is still written and read back', async () => {
    let reads = 0;
    // f-minutes5: the third read shows c=>d (replaceReadbackVerified); each write is acknowledged
    mcp.answers['minutes/get_minutes_transcription'] = () => (++reads === 2 ? refused : { result: { paragraphList: [{ paragraph: reads === 1 ? 'a c' : 'a d' }], hasNext: false } });
    mcp.answers['minutes/replace_minutes_text'] = () => ({ success: true });
    const r = await dws(['minutes', '+replace-batch', '--id', 't1', '--pair', 'a=>b', '--pair', 'c=>d', '--failure-policy', 'continue', '--yes']);
    expect(r.finished).toEqual(['get_minutes_transcription ok', 'replace_minutes_text ok', 'get_minutes_transcription business_error', 'replace_minutes_text ok', 'get_minutes_transcription ok']);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.outcome.error?.message).toContain('(minutes_replace_partial_failure: ');
    // upstream's payload (replace_batch.go:210-220@c7521c1c) in details: the failed pair first, its write acknowledged
    expect(r.envelope?.details).toMatchObject({ applied: 1, failed: 1, unattempted: 0, results: [{ originalText: 'a', acknowledged: true, remoteEffectUnknown: true }, { originalText: 'c', applied: true }] });
  });

  it('replace-batch stop: the pair after a failed write is not sent', async () => {
    mcp.answers['minutes/get_minutes_transcription'] = () => ({ result: { paragraphList: [{ paragraph: 'a c' }], hasNext: false } });
    mcp.answers['minutes/replace_minutes_text'] = () => refused;
    const r = await dws(['minutes', '+replace-batch', '--id', 't1', '--pair', 'a=>b', '--pair', 'c=>d', '--yes']);
    expect(r.finished).toEqual(['get_minutes_transcription ok', 'replace_minutes_text business_error']);
    expect(r.outcome.error?.reason).toBe('minutes_replace_partial_failure');
    expect(r.envelope?.details).toMatchObject({ applied: 0, failed: 1, unattempted: 1, results: [{ originalText: 'a', remoteEffectUnknown: false }, { originalText: 'c', unattempted: true }] });
  });
});

describe('doc +checkpoint-update: the read-back on upstream\'s timetable', { timeout: 300_000 }, () => {
  const update = ['doc', '+checkpoint-update', '--node', 'D1', '--content', '补充', '--yes'];

  it('reads until the document ends with the content, waiting 250 then 500 ms through the injected sleep', async () => {
    let reads = 0;
    mcp.answers['doc/get_document_content'] = () => ({ result: { markdown: ++reads < 3 ? '旧的' : '旧的\n\n补充' } });
    const sleeps: number[] = [];
    const r = await dws(update, sleeps);
    expect(r.outcome.error).toBeUndefined();
    expect(reads).toBe(3);
    expect(sleeps).toEqual([250, 500]);
    expect((JSON.parse(r.outcome.out) as { result: { data: unknown } }).result.data).toEqual({ nodeId: 'D1', verification: { result: { markdown: '旧的\n\n补充' } }, verified: true });
  });

  it('seven reads that never show the content end in partial_outcome naming verification_failed; every read journaled', async () => {
    mcp.answers['doc/get_document_content'] = () => ({ result: { markdown: '旧的补充' } });
    const sleeps: number[] = [];
    const r = await dws(update, sleeps);
    expect(sleeps).toEqual([250, 500, 1000, 2000, 4000, 8000]);
    expect(r.outcome.error?.reason).toBe('partial_outcome');
    expect(r.outcome.error?.message).toContain('verification_failed');
    expect(r.finished).toEqual(['save_doc_version ok', 'update_document ok', ...Array(7).fill('get_document_content ok')]);
  });
});
