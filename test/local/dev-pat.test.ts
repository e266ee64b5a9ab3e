// `dws dev connect list|status|stop|restart` against connector records a test writes (and real processes it starts
// and stops), and `dws pat browser-policy` against a temporary config dir, each spawned as a user runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { health } from '../../src/local/dev.js';
import { errorOf, runCliAsync } from '../helpers.js';

let root: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'dws-local-'));
});
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}) => ({ DWS_STATE_DIR: path.join(root, 'state'), DWS_CONFIG_DIR: path.join(root, 'config'), DWS_CONFIG: '/nonexistent/dws.json', ...extra });
const result = (stdout: string) => JSON.parse(stdout).result;
const connectorDir = (key: string) => path.join(root, 'state', 'connect', key);

function writeRecord(key: string, file: string, value: object) {
  mkdirSync(connectorDir(key), { recursive: true });
  writeFileSync(path.join(connectorDir(key), file), JSON.stringify(value));
}

/** A live process standing in for a connector; `ignoreTerm` makes it survive SIGTERM. */
function sleeper(ignoreTerm = false): Promise<ChildProcess> {
  const code = `${ignoreTerm ? "process.on('SIGTERM', () => {});" : ''} process.stdout.write('up\\n'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  return new Promise((resolve) => child.stdout!.once('data', () => resolve(child)));
}

const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));
const now = () => Math.floor(Date.now() / 1000);

describe('dev connect status', () => {
  it('reports not_running without a record, healthy for a live connected connector, and JSON with --json', async () => {
    const none = await runCliAsync(['dev', 'connect', 'status', '--robot-client-id', 'dingabc', '--json'], '', env());
    expect(none.status).toBe(0);
    expect(result(none.stdout)).toEqual({ state: 'not_running', supervised: false, detail: 'no connector heartbeat found' });

    const worker = await sleeper();
    const t = now();
    writeRecord('app-uapp_1', 'daemon-state.json', { pid: worker.pid, startUnix: t - 60, logPath: '/var/log/c.log', dirKey: 'app-uapp_1', unifiedAppId: 'uapp.1', channel: 'dingtalk' });
    writeRecord('app-uapp_1', 'heartbeat.json', { pid: worker.pid, channel: 'dingtalk', clientId: 'dingabc', startUnix: t - 60, connectedUnix: t - 50, lastPushUnix: t - 5, updatedUnix: t });
    const up = result((await runCliAsync(['dev', 'connect', 'status', '--unified-app-id', 'uapp.1', '--json'], '', env())).stdout);
    expect(up).toMatchObject({ state: 'healthy', pid: worker.pid, channel: 'dingtalk', clientId: 'dingabc', supervised: true, unifiedAppId: 'uapp.1', logPath: '/var/log/c.log' });
    const text: string = result((await runCliAsync(['dev', 'connect', 'status', '--unified-app-id', 'uapp.1'], '', env())).stdout);
    expect(text.split('\n').slice(0, 2)).toEqual(['state: healthy', `pid: ${worker.pid}`]);
    expect(text).toContain('supervisor: running (--daemon)');
  });

  it('needs one of --robot-client-id or --unified-app-id', async () => {
    const r = await runCliAsync(['dev', 'connect', 'status'], '', env());
    expect(r.status).toBe(3);
    expect(errorOf(r.stderr).reason).toBe('constraint_violation');
  });

  it('derives down, degraded and healthy from the heartbeat as upstream does', () => {
    const t = 1_800_000_000;
    const alive = () => true;
    expect(health({ pid: 7, updatedUnix: t }, false, t, () => false)).toMatchObject({ state: 'down', detail: 'connector process not alive' });
    expect(health({ pid: 7, updatedUnix: t - 31, connectedUnix: t - 40 }, true, t, alive).state).toBe('down');
    expect(health({ pid: 7, updatedUnix: t }, true, t, alive)).toMatchObject({ state: 'degraded', detail: 'process alive but never connected to Stream' });
    expect(health({ pid: 7, updatedUnix: t, connectedUnix: t - 40, lastErrorUnix: t - 1, lastError: 'reset' }, true, t, alive)).toMatchObject({ state: 'degraded', lastError: 'reset' });
    expect(health({ pid: 7, updatedUnix: t, connectedUnix: t - 40, lastReplyUnix: t - 2, lastErrorUnix: t - 3 }, true, t, alive)).toEqual({
      state: 'healthy', supervised: true, pid: 7, connectedAgoSec: 40, lastReplyAgoSec: 2,
    });
  });
});

describe('dev connect list', () => {
  it('lists every connector record sorted by client id, the directory name standing in for a missing one, skipping empty directories', async () => {
    expect(result((await runCliAsync(['dev', 'connect', 'list'], '', env())).stdout)).toBe('no connectors found');
    expect(result((await runCliAsync(['dev', 'connect', 'list', '--json'], '', env())).stdout)).toEqual([]);
    const worker = await sleeper();
    const t = now();
    writeRecord('zeta', 'heartbeat.json', { pid: worker.pid, channel: 'dingtalk', clientId: 'ding.z', startUnix: t - 3700, connectedUnix: t - 50, updatedUnix: t });
    writeRecord('app-u1', 'daemon-state.json', { pid: 0, unifiedAppId: 'u1' });
    mkdirSync(connectorDir('empty'), { recursive: true });
    // no backend configured: the app names stay empty and the list still answers (upstream resolveAppNames)
    const rows = result((await runCliAsync(['dev', 'connect', 'list', '--json'], '', env())).stdout) as Record<string, unknown>[];
    expect(rows[1].uptimeSec as number).toBeGreaterThanOrEqual(3700);
    expect(rows).toEqual([
      { state: 'not_running', clientId: 'app-u1', unifiedAppId: 'u1', supervised: false, detail: 'no connector heartbeat found' },
      { state: 'healthy', pid: worker.pid, channel: 'dingtalk', clientId: 'ding.z', uptimeSec: rows[1].uptimeSec, connectedAgoSec: rows[1].connectedAgoSec, supervised: false },
    ]);
    const table: string = result((await runCliAsync(['dev', 'connect', 'list'], '', env())).stdout);
    const cells = table.split('\n').map((l) => l.split(/ {2,}/u));
    expect(cells.slice(0, 2)).toEqual([['STATE', 'APP NAME', 'CLIENT', 'PID', 'CHANNEL', 'UPTIME'], ['not_running', '-', 'app-u1', '-', '-', '-']]);
    expect(cells[2].slice(0, 5)).toEqual(['healthy', '-', 'ding.z', String(worker.pid), 'dingtalk']);
    expect(cells[2][5]).toMatch(/^1h1m4\ds$/u);
  });
});

describe('dev connect stop', () => {
  it('stops a running daemon with SIGTERM, and says not_running or cleaned_stale when there is nothing to stop', async () => {
    expect(result((await runCliAsync(['dev', 'connect', 'stop', '--robot-client-id', 'ding.x'], '', env())).stdout)).toEqual({ status: 'not_running', detail: 'no daemon record found' });

    const daemon = await sleeper();
    writeRecord('ding_x', 'daemon-state.json', { pid: daemon.pid, startUnix: now(), dirKey: 'ding_x', clientId: 'ding.x' });
    const r = await runCliAsync(['dev', 'connect', 'stop', '--robot-client-id', 'ding.x'], '', env());
    expect(r.status).toBe(0);
    expect(result(r.stdout)).toEqual({ status: 'stopped', pid: daemon.pid });
    await exited(daemon);
    expect(daemon.signalCode).toBe('SIGTERM');

    const again = result((await runCliAsync(['dev', 'connect', 'stop', '--robot-client-id', 'ding.x'], '', env())).stdout);
    expect(again).toMatchObject({ status: 'cleaned_stale', pid: daemon.pid });
  });

  it('stops the orphan worker when the supervisor is gone', async () => {
    const gone = await sleeper();
    gone.kill('SIGKILL');
    await exited(gone);
    const worker = await sleeper();
    writeRecord('ding_y', 'daemon-state.json', { pid: gone.pid, startUnix: now() });
    writeRecord('ding_y', 'heartbeat.json', { pid: worker.pid, startUnix: now(), updatedUnix: now() });
    const r = result((await runCliAsync(['dev', 'connect', 'stop', '--robot-client-id', 'ding_y'], '', env())).stdout);
    expect(r).toMatchObject({ status: 'orphan_worker_stopped', pid: worker.pid });
    await exited(worker);
  });
});

describe('dev connect stop and a reused pid', () => {
  it('does not signal a live process that started after the record was written (its pid was reused); it cleans the record', async () => {
    const bystander = await sleeper();
    // The recorded daemon started an hour ago; the process holding its pid now started just now.
    writeRecord('ding_z', 'daemon-state.json', { pid: bystander.pid, startUnix: now() - 3600 });
    writeRecord('ding_z', 'heartbeat.json', { pid: bystander.pid, startUnix: now() - 3600, updatedUnix: now() - 3600 });
    const r = await runCliAsync(['dev', 'connect', 'stop', '--robot-client-id', 'ding_z'], '', env());
    expect(r.status).toBe(0);
    expect(result(r.stdout)).toMatchObject({ status: 'cleaned_stale', pid: bystander.pid });
    expect(bystander.exitCode).toBeNull();
    expect(bystander.signalCode).toBeNull();
    expect(process.kill(bystander.pid!, 0)).toBe(true);
  });
});

describe('dev connect restart', () => {
  function connectorProgram(): string {
    const file = path.join(root, 'fake-connector.mjs');
    // Records how it was called and writes a fresh daemon record, as `dws dev connect --daemon` does upstream.
    writeFileSync(file, `#!${process.execPath}
import { writeFileSync } from 'node:fs';
import path from 'node:path';
const dir = path.join(process.env.DWS_STATE_DIR, 'connect', 'app-uapp_2');
writeFileSync(path.join(dir, 'argv.json'), JSON.stringify(process.argv.slice(2)));
writeFileSync(path.join(dir, 'daemon-state.json'), JSON.stringify({ pid: 424242, unifiedAppId: 'uapp_2', channel: 'dingtalk' }));
`);
    chmodSync(file, 0o755);
    return file;
  }

  it('stops the daemon and relaunches the connector with its recorded settings', async () => {
    const daemon = await sleeper();
    writeRecord('app-uapp_2', 'daemon-state.json', { pid: daemon.pid, startUnix: now(), unifiedAppId: 'uapp_2', channel: 'dingtalk', notifyStaffId: 'staff9', alwaysOn: true });
    const bin = connectorProgram();
    const r = await runCliAsync(['dev', 'connect', 'restart', '--unified-app-id', 'uapp_2'], '', env({ DWS_CONNECT_BIN: bin }));
    expect(r.status).toBe(0);
    const args = ['dev', 'connect', '--daemon', '--unified-app-id', 'uapp_2', '--channel', 'dingtalk', '--notify-staff-id', 'staff9', '--alwayson'];
    expect(result(r.stdout)).toEqual({ status: 'restarted', pid: 424242, dirKey: 'app-uapp_2', unifiedAppId: 'uapp_2', channel: 'dingtalk',
      previous: { status: 'stopped', pid: daemon.pid }, command: `fake-connector.mjs ${args.join(' ')}` });
    expect(JSON.parse(readFileSync(path.join(connectorDir('app-uapp_2'), 'argv.json'), 'utf8'))).toEqual(args);
    await exited(daemon);
  });

  it('refuses, and leaves the daemon running, without a record, a unifiedAppId or a connector program', async () => {
    expect(errorOf((await runCliAsync(['dev', 'connect', 'restart', '--unified-app-id', 'none'], '', env())).stderr).reason).toBe('local_state_missing');
    const daemon = await sleeper();
    writeRecord('dingz', 'daemon-state.json', { pid: daemon.pid, clientId: 'dingz' });
    const noApp = await runCliAsync(['dev', 'connect', 'restart', '--robot-client-id', 'dingz'], '', env({ DWS_CONNECT_BIN: '/bin/true' }));
    expect(errorOf(noApp.stderr)).toMatchObject({ reason: 'local_state_missing', message: expect.stringContaining('no recorded unifiedAppId') });
    writeRecord('dingz', 'daemon-state.json', { pid: daemon.pid, clientId: 'dingz', unifiedAppId: 'u3' });
    const noBin = await runCliAsync(['dev', 'connect', 'restart', '--robot-client-id', 'dingz'], '', env());
    expect(errorOf(noBin.stderr).reason).toBe('not_configured');
    expect(daemon.exitCode).toBe(null);
    expect(daemon.signalCode).toBe(null);
  });
});

describe('pat browser-policy', () => {
  it('writes the default and per-agent policy to pat_policy.json (0600) and answers the policy now in force', async () => {
    const file = path.join(root, 'config', 'pat_policy.json');
    const off = await runCliAsync(['pat', 'browser-policy', '--enabled=false'], '', env());
    expect(off.status).toBe(0);
    expect(result(off.stdout)).toEqual({ scope: 'default', openBrowser: false, source: 'default' });
    const agent = await runCliAsync(['pat', 'browser-policy', '--enabled', '--agentCode', 'agent_demo'], '', env());
    expect(result(agent.stdout)).toEqual({ scope: 'agent', agentCode: 'agent_demo', openBrowser: true, source: 'agent' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ default: { openBrowser: false }, agents: { agent_demo: { openBrowser: true } } });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a missing --enabled, a malformed agent code and a corrupt policy file', async () => {
    expect(errorOf((await runCliAsync(['pat', 'browser-policy'], '', env())).stderr).reason).toBe('missing_parameter');
    const bad = await runCliAsync(['pat', 'browser-policy', '--enabled', '--agentCode', 'no spaces!'], '', env());
    expect(bad.status).toBe(3);
    expect(errorOf(bad.stderr).reason).toBe('invalid_parameter');
    mkdirSync(path.join(root, 'config'), { recursive: true });
    writeFileSync(path.join(root, 'config', 'pat_policy.json'), '{not json');
    const corrupt = await runCliAsync(['pat', 'browser-policy', '--enabled'], '', env());
    expect(corrupt.status).toBe(5);
    expect(errorOf(corrupt.stderr).reason).toBe('local_state_corrupt');
  });
});
