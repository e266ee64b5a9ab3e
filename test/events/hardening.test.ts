// Issue 33, round 2, for the event commands: a redirect never carries the token to another origin, a `null` Stream
// frame does not crash a consumer, and `event stop --all` never signals a pid whose process is not the recorded one.
// Everything runs against local servers on 127.0.0.1 (test/fixtures/events/server.ts and plain http servers here).
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, dispatchInProcess } from '../helpers.js';
import { eventEnv, personalFrame, useEventServer } from '../fixtures/events/server.js';
import { readBody } from '../fixtures/http.js';

const ev = useEventServer('dws-event-hard-');

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...eventEnv(ev.fx, ev.stateRoot), DWS_JOURNAL: path.join(ev.stateRoot, 'journal.jsonl'), ...extra };
}

const runsFile = () => path.join(ev.stateRoot, 'events', 'personal_subscriptions.json');

async function listen(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

/** How long a spawned CLI may run before it is killed (SIGKILL): no test waits on a process for ever. */
const SPAWN_BOUND_MS = 30_000;

function run(args: string[], e: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...e }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  // a bound on the process: a run that never ends is killed, and the test fails instead of waiting
  const bound = setTimeout(() => child.kill('SIGKILL'), SPAWN_BOUND_MS);
  return new Promise((resolve) => child.on('close', (status) => {
    clearTimeout(bound);
    resolve({ status, stdout, stderr });
  }));
}

describe('the event control plane and redirects', () => {
  it.each([301, 302, 307, 308])('does not follow a %i to another origin: the token and the body stay home', async (status) => {
    const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const elsewhere = await listen(async (req, res) => {
      seen.push({ headers: req.headers, body: (await readBody(req)).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"result":[]}');
    });
    const redirector = await listen((req, res) => {
      res.writeHead(status, { location: `${elsewhere.url}${req.url ?? '/'}` }).end();
    });
    try {
      for (const argv of [['event', 'status', '--format', 'json'], ['event', 'stop', 'sub_9', '--yes']]) {
        const r = await dispatchInProcess(argv, env({ DWS_EVENT_URL: `${redirector.url}/dws` }));
        expect(r.error?.reason).toBe('backend_error');
        expect(r.error?.message).toContain(`HTTP ${status}`);
        expect(r.error?.message).not.toContain(ev.fx.token);
      }
      expect(seen).toEqual([]);
    } finally {
      await redirector.close();
      await elsewhere.close();
    }
  });
});

describe('event consume and hostile Stream frames', () => {
  it('drops the text frames null, 7 and [] without crashing, keeps consuming, cancels its subscription and removes its run record', async () => {
    ev.fx.framesFor = (subs) => [
      null as never, 7 as never, [] as never,
      personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'after-null', body: { content: 'x' } }),
    ];
    const r = await run(['event', 'consume', 'user_im_message_receive_at', '--max-events', '1'], env());
    expect(r.stderr).not.toContain('TypeError');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout.trim()).event_id).toBe('after-null');
    expect(ev.fx.requests.map((q) => `${q.method} ${q.path}`)).toContain('POST /dws/subscription/cancel');
    expect(ev.fx.subscriptions).toEqual([]);
    expect(JSON.parse(readFileSync(runsFile(), 'utf8'))).toEqual([]);
  });
});

describe('event stop --all and recorded pids', () => {
  let bystander: ChildProcess | undefined;
  afterAll(() => {
    bystander?.kill('SIGKILL');
  });

  it('does not signal a live process whose start differs from the one recorded (a reused pid), but still cancels', async () => {
    // A process that merely holds the recorded pid now: SIGINT would end it (exit code 0 by its handler below).
    bystander = spawn(process.execPath, ['-e', 'process.on("SIGINT", () => process.exit(42)); setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const pid = bystander.pid!;
    ev.fx.subscriptions.push({ subId: 'sub_stale', eventKey: 'user_im_message_receive_at', ruleType: 'at', sourceId: 'open', status: 1, gmtCreate: '2026-12-01T00:00:00Z' });
    mkdirSync(path.dirname(runsFile()), { recursive: true });
    const record = (extra: Record<string, unknown>) => ({
      subscribe_id: 'sub_stale', event_key: 'user_im_message_receive_at', rule_type: 'at', client_id: 'client-dws-test', source_id: 'open',
      pid, owned: true, created_at: '2026-12-01T00:00:00.000Z', ...extra,
    });
    for (const stale of [record({ pid_start: '1' }), record({})]) {
      writeFileSync(runsFile(), JSON.stringify([stale]));
      const r = await dispatchInProcess(['event', 'stop', '--all', '--yes'], env());
      expect(r.error).toBeUndefined();
      expect(JSON.parse(r.out).result).toEqual({ cancelled: ['sub_stale'], stopped_consumers: [] });
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
      // still alive: signal 0 reaches it
      expect(process.kill(pid, 0)).toBe(true);
      ev.fx.subscriptions.push({ subId: 'sub_stale', eventKey: 'user_im_message_receive_at', ruleType: 'at', sourceId: 'open', status: 1, gmtCreate: '2026-12-01T00:00:00Z' });
    }
  });
});

describe('event consume with a stalled reader', () => {
  const big = (subId: string, i: number) => personalFrame({ eventKey: 'user_im_message_receive_at', subId, eventId: `big-${i}`, body: { content: 'x'.repeat(4096) } });

  /** Spawns a consumer whose stdout is never read (the pipe fills); resolves when it exits. */
  function stalled(args: string[], onStart: (child: ChildProcess) => void = () => undefined) {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.pause();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    onStart(child);
    const bound = setTimeout(() => child.kill('SIGKILL'), SPAWN_BOUND_MS);
    return new Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => child.on('exit', (status, signal) => {
      clearTimeout(bound);
      resolve({ status, signal, stderr });
    }));
  }

  it('still ends at --duration, cancels its subscription and removes its run record', { timeout: 300_000 }, async () => {
    ev.fx.framesFor = (subs) => Array.from({ length: 300 }, (_, i) => big(subs[0].subId, i));
    const r = await stalled(['event', 'consume', 'user_im_message_receive_at', '--duration', '2s']);
    expect(r.status).toBe(0);
    expect(ev.fx.requests.map((q) => `${q.method} ${q.path}`)).toContain('POST /dws/subscription/cancel');
    expect(ev.fx.subscriptions).toEqual([]);
    expect(JSON.parse(readFileSync(runsFile(), 'utf8'))).toEqual([]);
  });

  it('still stops on SIGTERM', { timeout: 300_000 }, async () => {
    ev.fx.framesFor = (subs) => Array.from({ length: 300 }, (_, i) => big(subs[0].subId, i));
    const r = await stalled(['event', 'consume', 'user_im_message_receive_at'], (child) => {
      const poll = setInterval(() => {
        // once frames are arriving (the pipe fills behind them), ask it to stop
        if (ev.fx.acks.length >= 30) {
          clearInterval(poll);
          child.kill('SIGTERM');
        }
      }, 50);
      child.on('exit', () => clearInterval(poll));
    });
    expect(r.signal === null || r.signal === 'SIGTERM').toBe(true);
    expect(ev.fx.subscriptions).toEqual([]);
    expect(JSON.parse(readFileSync(runsFile(), 'utf8'))).toEqual([]);
  });
});

describe('event consume whose cancel fails', () => {
  it('keeps its run record, so the subscription is not lost to `event stop --all`', { timeout: 300_000 }, async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'one', body: { content: 'x' } })];
    const token = ev.fx.token;
    const child = spawn(process.execPath, [BIN, 'event', 'consume', 'user_im_message_receive_at', '--max-events', '1'], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    // The control plane starts refusing this token once the event arrived: every cancel attempt fails.
    child.stdout.once('data', () => (ev.fx.token = 'rotated-token'));
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const bound = setTimeout(() => child.kill('SIGKILL'), SPAWN_BOUND_MS);
    const status = await new Promise<number | null>((resolve) => child.on('close', (s) => resolve(s)));
    clearTimeout(bound);
    ev.fx.token = token;
    expect(status).toBe(0);
    expect(ev.fx.subscriptions.map((s) => s.subId)).toEqual(['sub_1']);
    expect(JSON.parse(readFileSync(runsFile(), 'utf8')).map((r: { subscribe_id: string }) => r.subscribe_id)).toEqual(['sub_1']);
    expect(stderr).toContain('sub_1');
    expect(stderr).not.toContain(token);
  });
});
