// `dws dev connect list|status|stop|restart`: the local control plane of a bot's Stream connector daemon (upstream
// internal/helpers/connect_daemon.go and connect_health.go at 6406c93e). A connector records itself in
// <state dir>/connect/<key>/, key = the sanitised --robot-client-id, else "app-" + the sanitised --unified-app-id:
//   daemon-state.json (or the older daemon.pid): {pid, startUnix, logPath, dirKey, clientId?, unifiedAppId?,
//                      channel?, notifyStaffId?, profile?, alwaysOn?}   the supervisor
//   heartbeat.json:    {pid, channel?, clientId?, startUnix, connectedUnix?, lastPushUnix?, lastReplyUnix?,
//                      lastError?, lastErrorUnix?, updatedUnix}          the worker, refreshed every 15 s
// status derives healthy|degraded|down|not_running from them; list does so for every record and names each app
// through devapp list_dev_app (best effort, as upstream's resolveAppNames); stop sends SIGTERM to the supervisor (or an orphan
// worker), waits up to 10 s and then sends SIGKILL; restart stops it and relaunches the connector with its recorded
// settings through the connector program in DWS_CONNECT_BIN (dws itself does not run connectors).
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DwsError } from '../errors.js';
import { sleep } from '../sleep.js';
import type { Env } from '../backend/config.js';
import { processAlive, processStartUnix, readJsonFile, stateDir } from '../backend/state.js';
import type { LocalCommand, LocalContext } from './types.js';
import { text } from '../contract/values.js';

interface DaemonState {
  pid?: number;
  startUnix?: number;
  logPath?: string;
  dirKey?: string;
  clientId?: string;
  unifiedAppId?: string;
  channel?: string;
  notifyStaffId?: string;
  profile?: string;
  alwaysOn?: boolean;
}

interface Heartbeat {
  pid?: number;
  channel?: string;
  clientId?: string;
  startUnix?: number;
  connectedUnix?: number;
  lastPushUnix?: number;
  lastReplyUnix?: number;
  lastError?: string;
  lastErrorUnix?: number;
  updatedUnix?: number;
}

const HEARTBEAT_STALE_SEC = 30;
const STOP_TIMEOUT_MS = 10_000;
const POLL_MS = 100;

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
// upstream sanitizeLockID (helpers/connect_lock.go:64-72@c7521c1c) maps rune by rune: one '_' per code point, not per UTF-16 unit
const sanitize = (s: string): string => s.replace(/[^A-Za-z0-9_-]/gu, '_');

export function connectorKey(values: Record<string, unknown>): string {
  const clientId = text(values['robot-client-id']);
  if (clientId) return sanitize(clientId);
  const app = text(values['unified-app-id']);
  if (app) return 'app-' + sanitize(app);
  throw new DwsError('missing_parameter', 'give --robot-client-id or --unified-app-id to name the connector');
}

export function connectorDir(env: Env, key: string): string {
  return path.join(stateDir(env), 'connect', key);
}

function readState(dir: string): DaemonState | undefined {
  return readJsonFile<DaemonState>(path.join(dir, 'daemon-state.json')) ?? readJsonFile<DaemonState>(path.join(dir, 'daemon.pid'));
}

export interface HealthReport {
  state: 'healthy' | 'degraded' | 'down' | 'not_running';
  pid?: number;
  channel?: string;
  clientId?: string;
  unifiedAppId?: string;
  uptimeSec?: number;
  connectedAgoSec?: number;
  lastPushAgoSec?: number;
  lastReplyAgoSec?: number;
  lastError?: string;
  supervised: boolean;
  detail?: string;
  logPath?: string;
}

/** The health rules of upstream deriveConnectHealth, over the heartbeat and whether the supervisor lives. */
export function health(hb: Heartbeat | undefined, supervised: boolean, nowSec: number, alive: (pid: number) => boolean = processAlive): HealthReport {
  if (!hb) return { state: 'not_running', supervised, detail: 'no connector heartbeat found' };
  const ago = (t: number | undefined) => (num(t) > 0 ? nowSec - num(t) : 0);
  const r: HealthReport = { state: 'healthy', supervised };
  if (num(hb.pid) > 0) r.pid = num(hb.pid);
  if (text(hb.channel)) r.channel = text(hb.channel);
  if (text(hb.clientId)) r.clientId = text(hb.clientId);
  for (const [k, v] of [['uptimeSec', ago(hb.startUnix)], ['connectedAgoSec', ago(hb.connectedUnix)], ['lastPushAgoSec', ago(hb.lastPushUnix)], ['lastReplyAgoSec', ago(hb.lastReplyUnix)]] as const) {
    if (v > 0) r[k] = v;
  }
  if (text(hb.lastError)) r.lastError = text(hb.lastError);
  const down = (detail: string): HealthReport => ({ ...r, state: 'down', detail });
  if (!(num(hb.pid) > 0 && alive(num(hb.pid)))) return down(supervised ? 'connector process not alive; its supervisor should restart it' : 'connector process not alive');
  if (num(hb.updatedUnix) > 0 && nowSec - num(hb.updatedUnix) > HEARTBEAT_STALE_SEC) return down('heartbeat stale (the pid may now belong to another process)');
  if (!num(hb.connectedUnix)) return { ...r, state: 'degraded', detail: 'process alive but never connected to Stream' };
  if (num(hb.lastErrorUnix) > Math.max(num(hb.connectedUnix), num(hb.lastReplyUnix))) return { ...r, state: 'degraded', detail: 'the last activity was an error after the last success' };
  return r;
}

const status: LocalCommand = async ({ values, env }) => {
  const dir = connectorDir(env, connectorKey(values));
  const st = readState(dir);
  const supervised = st !== undefined && num(st.pid) > 0 && processAlive(num(st.pid));
  const hb = readJsonFile<Heartbeat>(path.join(dir, 'heartbeat.json'));
  const report = health(hb, supervised, Math.floor(Date.now() / 1000));
  if (st && text(st.unifiedAppId)) report.unifiedAppId = text(st.unifiedAppId);
  if (hb) report.logPath = st?.logPath || path.join(dir, 'daemon.log');
  if (values.json === true) return report;
  const lines = [`state: ${report.state}`];
  if (report.detail) lines.push(`detail: ${report.detail}`);
  if (report.pid) lines.push(`pid: ${report.pid}`);
  if (report.channel) lines.push(`channel: ${report.channel}`);
  if (report.clientId) lines.push(`client: ${report.clientId}`);
  if (report.uptimeSec) lines.push(`uptime: ${report.uptimeSec}s`);
  lines.push(`supervisor: ${supervised ? 'running (--daemon)' : 'none (foreground or external)'}`);
  if (hb) lines.push(report.lastPushAgoSec ? `last push: ${report.lastPushAgoSec}s ago` : 'last push: none since start');
  if (report.lastError) lines.push(`last error: ${report.lastError}`);
  if (report.logPath) lines.push(`logs: ${report.logPath}`);
  return lines.join('\n');
};

/** One row of upstream's connectHealthReport, its keys in that struct's order (what `--json` prints). */
function listRow(r: HealthReport, clientId: string, appName: string, unifiedAppId: string): Record<string, unknown> {
  const row: Record<string, unknown> = { state: r.state };
  if (r.pid) row.pid = r.pid;
  if (r.channel) row.channel = r.channel;
  row.clientId = r.clientId || clientId;
  if (appName) row.appName = appName;
  if (unifiedAppId) row.unifiedAppId = unifiedAppId;
  for (const k of ['uptimeSec', 'connectedAgoSec', 'lastPushAgoSec', 'lastReplyAgoSec', 'lastError'] as const) if (r[k]) row[k] = r[k];
  row.supervised = r.supervised;
  if (r.detail) row.detail = r.detail;
  return row;
}

const LIST_APP_PAGES = 20;

/**
 * upstream devAppNameMap (connect_daemon.go:1068-1105@c7521c1c): unifiedAppId -> app name over list_dev_app{pageSize:
 * 100, cursor} pages (at most 20) while hasMore; each page is the answer's result object, else the answer itself (a
 * `content` key of the answer is data, not an envelope: upstream's content is the runner's, around the answer); any
 * failure leaves every name empty (resolveAppNames ignores the partial map).
 */
async function appNames(ctx: LocalContext): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  let cursor = '';
  try {
    for (let page = 0; page < LIST_APP_PAGES; page++) {
      const answer = await ctx.effects.call({ server: 'devapp', rpc: 'list_dev_app', args: { pageSize: 100, ...(cursor ? { cursor } : {}) }, replayable: true, step: 0, page });
      // devAppConnectUnwrap (:1088) descends the runner's response: its `content` is this answer, then the answer's result
      const body = isRecord(answer) ? (isRecord(answer.result) ? answer.result : answer) : undefined;
      const list = ['items', 'list', 'data'].map((k) => body?.[k]).find(Array.isArray) ?? [];
      for (const item of list.filter(isRecord)) {
        const uid = firstText(item, 'unifiedAppId', 'id');
        const name = firstText(item, 'name', 'appName');
        if (uid && name) names.set(uid, name);
      }
      if (body?.hasMore !== true) break;
      cursor = firstText(body, 'nextCursor', 'cursor');
      if (!cursor) break;
    }
  } catch {
    return new Map();
  }
  return names;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const firstText = (m: Record<string, unknown>, ...keys: string[]) => keys.map((k) => (typeof m[k] === 'string' ? (m[k] as string).trim() : '')).find((v) => v) ?? '';

/** Go's time.Duration String for whole seconds (1h2m3s, 45s). */
function duration(sec: number): string {
  const h = Math.floor(sec / 3600), m = Math.floor((sec % 3600) / 60), s = sec % 60;
  return h ? `${h}h${m}m${s}s` : m ? `${m}m${s}s` : `${s}s`;
}

/** upstream writeConnectListTable's columns, without its colours and borders. */
function listTable(rows: Record<string, unknown>[]): string {
  const cells = rows.map((r) => [String(r.state), String(r.appName ?? '-'), String(r.clientId ?? ''), r.pid ? String(r.pid) : '-', String(r.channel ?? '-'), r.uptimeSec ? duration(r.uptimeSec as number) : '-']);
  const head = ['STATE', 'APP NAME', 'CLIENT', 'PID', 'CHANNEL', 'UPTIME'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  return [head, ...cells].map((c) => c.map((x, i) => x.padEnd(widths[i])).join('  ').trimEnd()).join('\n');
}

/**
 * upstream `dev connect list` (listConnectors, connect_health.go:342): every connector record under
 * <state dir>/connect/, its health as status derives it, the client id falling back to the directory name, sorted by
 * client id; an unreadable heartbeat or an empty directory is skipped. App names come from list_dev_app when a record
 * names a unifiedAppId.
 */
const list: LocalCommand = async (ctx) => {
  const base = path.join(stateDir(ctx.env), 'connect');
  let dirs: string[];
  try {
    dirs = readdirSync(base, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new DwsError('internal_error', `cannot read ${base}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
    dirs = [];
  }
  const nowSec = Math.floor((ctx.now?.() ?? new Date()).getTime() / 1000);
  const found: { report: HealthReport; key: string; app: string }[] = [];
  for (const key of dirs) {
    const dir = path.join(base, key);
    let hb: Heartbeat | undefined;
    try {
      hb = readJsonFile<Heartbeat>(path.join(dir, 'heartbeat.json'));
    } catch {
      continue;
    }
    let st: DaemonState | undefined;
    try {
      st = readState(dir);
    } catch {
      st = undefined;
    }
    if (!hb && !st) continue;
    const supervised = st !== undefined && num(st.pid) > 0 && processAlive(num(st.pid));
    found.push({ report: health(hb, supervised, nowSec), key, app: text(st?.unifiedAppId) });
  }
  const names = found.some((f) => f.app) ? await appNames(ctx) : new Map<string, string>();
  const rows = found.map((f) => listRow(f.report, f.key, names.get(f.app) ?? '', f.app))
    .sort((a, b) => (String(a.clientId) < String(b.clientId) ? -1 : String(a.clientId) > String(b.clientId) ? 1 : 0));
  if (ctx.values.json === true) return rows;
  return rows.length ? listTable(rows) : 'no connectors found';
};
list.preview = () => [{ id: 'app_names', server: 'devapp', rpc: 'list_dev_app', effect: 'read', when: '<a connector record names a unifiedAppId>', arguments: { pageSize: 100 }, page: { cursor_arg: 'cursor', max_pages: LIST_APP_PAGES } }];

/** SIGTERM, wait until gone (at most the stop timeout), then SIGKILL. Returns whether it had to kill. */
async function terminate(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return false;
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return false;
    await sleep(POLL_MS);
  }
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone at the last moment
  }
  return true;
}

/** A recorded process starts at most this long before it writes its startUnix (clock steps, slow starts). */
const START_SLACK_SEC = 5;

/**
 * Whether `pid` is still the process a record started at `startUnix` names: alive, and not started after the record
 * was written (a reused pid always starts later). Without a recorded start or a readable one it cannot be told, so
 * it is not signalled.
 */
function isRecorded(pid: number, startUnix: unknown): boolean {
  if (pid <= 0 || !processAlive(pid)) return false;
  const recorded = num(startUnix);
  const started = processStartUnix(pid);
  return recorded > 0 && started !== undefined && started <= recorded + START_SLACK_SEC;
}

export interface StopResult {
  status: 'not_running' | 'cleaned_stale' | 'orphan_worker_stopped' | 'stopped' | 'force_killed';
  pid?: number;
  detail?: string;
}

async function stopConnector(dir: string): Promise<StopResult> {
  const st = readState(dir);
  const pid = num(st?.pid);
  if (pid <= 0) return { status: 'not_running', detail: 'no daemon record found' };
  if (!isRecorded(pid, st?.startUnix)) {
    rmSync(path.join(dir, 'daemon.pid'), { force: true });
    const hb = readJsonFile<Heartbeat>(path.join(dir, 'heartbeat.json'));
    const worker = num(hb?.pid);
    if (isRecorded(worker, hb?.startUnix)) {
      await terminate(worker);
      return { status: 'orphan_worker_stopped', pid: worker, detail: 'the supervisor was gone; its orphan worker was stopped' };
    }
    return { status: 'cleaned_stale', pid, detail: processAlive(pid) ? 'removed the record of a daemon whose pid now belongs to another process (not signalled)' : 'removed the record of a daemon that was no longer running' };
  }
  const killed = await terminate(pid);
  rmSync(path.join(dir, 'daemon.pid'), { force: true });
  return killed ? { status: 'force_killed', pid, detail: 'it did not stop within 10 s; SIGKILL sent' } : { status: 'stopped', pid };
}

const stop: LocalCommand = async ({ values, env }) => stopConnector(connectorDir(env, connectorKey(values)));

function run(bin: string, args: string[], env: Env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'ignore', 'ignore'] });
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const restart: LocalCommand = async ({ values, env, profile: typedProfile }) => {
  const key = connectorKey(values);
  const dir = connectorDir(env, key);
  const st = readState(dir);
  if (!st) throw new DwsError('local_state_missing', `no connector is recorded for ${key}`, 'start it once with the connector (`dws dev connect --daemon` upstream)');
  const app = text(st.unifiedAppId);
  if (!app) {
    throw new DwsError('local_state_missing', `the connector ${key} has no recorded unifiedAppId, so it cannot be restarted safely (its secret is never stored)`,
      'stop it, then start it again with --unified-app-id so that restart can fetch the credentials itself');
  }
  const bin = text(env.DWS_CONNECT_BIN);
  if (!bin) throw new DwsError('not_configured', 'no connector program is configured to relaunch the connector', 'set DWS_CONNECT_BIN to the program that runs `dev connect --daemon`');
  const args = ['dev', 'connect', '--daemon', '--unified-app-id', app];
  if (text(st.channel)) args.push('--channel', text(st.channel));
  if (text(st.notifyStaffId)) args.push('--notify-staff-id', text(st.notifyStaffId));
  // a --profile typed on this run, trimmed and not blank, overrides the recorded one (connect_daemon.go:924-927@c7521c1c)
  const profile = text(typedProfile) || text(st.profile);
  if (profile) args.push('--profile', profile);
  if (st.alwaysOn === true) args.push('--alwayson');
  const stopped = await stopConnector(dir);
  let code: number;
  try {
    code = await run(bin, args, env);
  } catch (e) {
    throw new DwsError('backend_error', `the connector program could not be started: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const command = `${path.basename(bin)} ${args.join(' ')}`;
  if (code !== 0) throw new DwsError('backend_error', `the connector was stopped (${stopped.status}) but relaunching it failed with exit ${code}`, `relaunch it by hand: ${command}`);
  const fresh = readState(dir);
  return { status: 'restarted', ...(num(fresh?.pid) > 0 ? { pid: num(fresh?.pid) } : {}), dirKey: key, unifiedAppId: app, ...(text(st.channel) ? { channel: text(st.channel) } : {}), previous: stopped, command };
};

export const devCommands: Record<string, LocalCommand> = {
  'dev.connect_list': list,
  'dev.connect_restart': restart,
  'dev.connect_status': status,
  'dev.connect_stop': stop,
};
