// The event commands end to end: `node bin/dws.cjs event ...` spawned as a user runs it, against a local
// personal-event service (test/fixtures/events/server.ts) on 127.0.0.1; a few checks that need no process (every
// event key's schema, the MCP execute path without a line writer) call dispatch in this process.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { dispatchTool } from '../../src/dispatch/cli.js';
import { directory, shapeFields } from '../../src/events/catalog.js';
import { BIN, errorOf, runCliAsync, shippedEngine, dispatchInProcess, type DispatchOutcome } from '../helpers.js';
import { eventEnv, personalFrame, useEventServer } from '../fixtures/events/server.js';

const ev = useEventServer('dws-event-');

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...eventEnv(ev.fx, ev.stateRoot), ...extra };
}

const runsFile = () => path.join(ev.stateRoot, 'events', 'personal_subscriptions.json');
const result = (stdout: string) => JSON.parse(stdout).result;
const lines = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

function inProcess(argv: string[]): Promise<DispatchOutcome> {
  return dispatchInProcess(argv, env());
}

const messageBody = (i: number) => ({
  openMessageId: `om_${i}`, openConversationId: 'cid_team', sender: `Sender ${i}`, senderOpenDingTalkId: `od_${i}`,
  content: `hello ${i}`, createTime: '2026-12-01 10:00:00',
});

describe('event schema', () => {
  it('prints, for every event key, the envelope schema and with --flatten the fields the directory declares', async () => {
    for (const def of directory.events) {
      const plain = result((await inProcess(['event', 'schema', def.event_key])).out);
      expect(plain.event_key).toBe(def.event_key);
      expect(plain.rule_type).toBe(def.rule_type);
      expect(plain.required_params).toEqual(def.required_params);
      expect(plain.jq_root_path).toBe('.data | fromjson');
      expect(Object.keys(plain.schema.properties)).toEqual(Object.keys(directory.envelope));
      expect(plain.schema.properties.event_type.enum).toEqual([def.event_key]);
      expect(plain.constraints).toEqual(def.target_uid ? { require_one_of: [['user', 'open-dingtalk-id']], mutually_exclusive: [['user', 'open-dingtalk-id']] } : undefined);

      const flat = result((await inProcess(['event', 'schema', def.event_key, '--flatten'])).out);
      expect(flat.jq_root_path).toBe('.');
      const fields = shapeFields(def.shape);
      expect(Object.keys(flat.schema.properties)).toEqual(Object.keys(fields));
      for (const [name, f] of Object.entries(fields)) {
        expect(flat.schema.properties[name].type, `${def.event_key}.${name}`).toBe(f.type);
        expect(flat.schema.properties[name].description_en).toBe(f.description_en);
      }
      expect(flat.schema.properties.type.enum).toEqual([def.event_key]);
    }
  });

  it('runs as a spawned command and refuses an unknown key with a did-you-mean (exit 3)', async () => {
    const ok = await runCliAsync(['event', 'schema', 'user_oa_approval_task_created', '--flatten'], '', env());
    expect(ok.status).toBe(0);
    expect(Object.keys(result(ok.stdout).schema.properties)).toContain('process_instance_id');
    const bad = await runCliAsync(['event', 'schema', 'user_im_mesage_receive_at'], '', env());
    expect(bad.status).toBe(3);
    expect(bad.stdout).toBe('');
    expect(errorOf(bad.stderr)).toMatchObject({ reason: 'unknown_event_key', hint: expect.stringContaining('did you mean user_im_message_receive_at?') });
    const fmt = await runCliAsync(['event', 'schema', 'user_im_message_receive_at', '--format', 'table'], '', env());
    expect(errorOf(fmt.stderr).reason).toBe('invalid_parameter');
  });
});

describe('event list', () => {
  it('lists the directory as JSON with --format json, filters by category, and prints the table by default', async () => {
    const all = result((await runCliAsync(['event', 'list', '--format', 'json'], '', env())).stdout);
    expect(all.map((e: { event_key: string }) => e.event_key)).toEqual(directory.events.map((e) => e.event_key));
    const oa = result((await runCliAsync(['event', 'list', '--category', 'oa', '--enabled-only', '--format', 'json'], '', env())).stdout);
    expect(oa.map((e: { category: string }) => e.category)).toEqual(Array(6).fill('oa'));
    const text: string = result((await runCliAsync(['event', 'list', '--category', 'im'], '', env())).stdout);
    const rows = text.split('\n');
    expect(rows[0].split(/\s{2,}/)).toEqual(['EVENT_KEY', 'RULE', 'STATUS', 'DESCRIPTION']);
    expect(rows).toHaveLength(1 + 16);
    expect(rows[1].split(/\s{2,}/).slice(0, 3)).toEqual(['user_im_message_receive_at', 'at', 'enabled']);
  });

  it('refuses the app-event flags and --as bot', async () => {
    expect(errorOf((await runCliAsync(['event', 'list', '--all'], '', env())).stderr).reason).toBe('invalid_parameter');
    const bot = await runCliAsync(['event', 'list', '--as', 'bot'], '', env());
    expect(bot.status).toBe(3);
    expect(errorOf(bot.stderr).message).toContain('--as accepts only user');
  });
});

/** How long a spawned CLI may run before it is killed (SIGKILL): no test waits on a process for ever. */
const SPAWN_BOUND_MS = 20_000;

/**
 * Spawns the CLI and calls `onLine` for each stdout line as it arrives. Its stdin is a pipe this side holds open
 * (an unbounded consume stops when a piped stdin ends: upstream's stdin-EOF stop) unless `stdin` says `closed` (the
 * pipe ended at once) or names a file (fd 0 opened on it); the process is killed after SPAWN_BOUND_MS.
 */
function spawnCli(args: string[], e: Record<string, string>, onLine: (line: string, child: ReturnType<typeof spawn>) => void = () => undefined,
  stdin: 'open' | 'closed' | { file: string } = 'open') {
  const input = typeof stdin === 'object' ? openSync(stdin.file, 'r') : 'pipe';
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...e }, stdio: [input, 'pipe', 'pipe'] });
  if (typeof input === 'number') closeSync(input);
  const bound = setTimeout(() => child.kill('SIGKILL'), SPAWN_BOUND_MS);
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    pending += d;
    let i: number;
    while ((i = pending.indexOf('\n')) >= 0) {
      onLine(pending.slice(0, i), child);
      pending = pending.slice(i + 1);
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin?.on('error', () => undefined);
  if (stdin === 'closed') child.stdin!.end();
  return new Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (status, signal) => {
      clearTimeout(bound);
      child.stdin?.destroy();
      resolve({ status, signal, stdout, stderr });
    });
  });
}

describe('event consume', () => {
  it('subscribes, streams the matching events as JSON Lines, stops at --max-events and cancels its subscription', async () => {
    ev.fx.framesFor = (subs) => {
      const id = subs[0].subId;
      return [
        personalFrame({ eventKey: 'user_im_message_receive_group', subId: 'sub_someone_else', eventId: 'e0', body: messageBody(0) }),
        personalFrame({ eventKey: 'user_im_message_receive_group', subId: id, eventId: 'e1', body: messageBody(1) }),
        personalFrame({ eventKey: 'user_im_message_receive_group', subId: id, eventId: 'e2', body: messageBody(2), subInHeader: true }),
        personalFrame({ eventKey: 'user_im_message_receive_group', subId: id, eventId: 'e3', body: messageBody(3) }),
      ];
    };
    const r = await spawnCli(['event', 'consume', 'user_im_message_receive_group', '--group', 'cid_team', '--query', '发布,上线', '--max-events', '2'], env());
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out.map((l) => [l.type, l.seq, l.event_id, l.event_type, l.subscribe_id, l.event_scope, l.source_id])).toEqual([
      ['event', 1, 'e1', 'user_im_message_receive_group', 'sub_1', 'personal', 'open'],
      ['event', 2, 'e2', 'user_im_message_receive_group', 'sub_1', 'personal', 'open'],
    ]);
    expect(JSON.parse(out[0].data as string).payload.body.content).toBe('hello 1');
    expect(r.stdout + r.stderr).not.toContain(ev.fx.token);

    const create = ev.fx.requests.find((q) => q.path === '/dws/subscription/user')!;
    expect(create.headers).toEqual({ authorization: `Bearer ${ev.fx.token}`, 'x-dws-client-id': 'client-dws-test', 'x-dws-source-id': 'open' });
    expect(create.body).toEqual({
      clientId: 'client-dws-test', sourceId: 'open', eventKey: 'user_im_message_receive_group',
      filterRule: JSON.stringify({ openConversationId: 'cid_team' }), deliveryPref: 'realtime',
      ext: { ruleType: 'group', filter: { field: 'payload.body.content', op: 'contains_any', value: ['发布', '上线'] }, idempotencyKey: expect.stringMatching(/^dws-cli-[0-9a-f]{16}$/) },
    });
    expect(ev.fx.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /dws/subscription/user', 'POST /stream/connections/ticket', 'POST /dws/subscription/cancel']);
    expect(ev.fx.requests[2].body).toEqual({ subId: 'sub_1' });
    expect(ev.fx.subscriptions).toEqual([]);
    expect(ev.fx.acks.length).toBeGreaterThanOrEqual(3);
    expect(ev.fx.acks[0]).toEqual({ code: 200, headers: { messageId: 'msg-e0', contentType: 'application/json' }, message: 'OK', data: JSON.stringify({ status: 'SUCCESS', message: 'success' }) });
    expect(JSON.parse(readFileSync(runsFile(), 'utf8'))).toEqual([]);
    expect(statSync(runsFile()).mode & 0o777).toBe(0o600);
  });

  it('--flatten writes the business fields of each event, exactly the fields of its --flatten schema', async () => {
    ev.fx.framesFor = (subs) => [
      personalFrame({ eventKey: 'user_im_message_reaction_group', subId: subs[0].subId, eventId: 'r1', body: {
        openSourceMessageId: 'om_9', openConversationId: 'cid_team', oper: 'Li Lei', operOpenDingtalkId: 'od_li', emotionName: 'thumbsup',
        emotionText: '赞', operateType: 'add', operateTime: '2026-12-01 10:01:00', sender: 'Han Mei', senderOpenDingTalkId: 'od_han',
      } }),
      personalFrame({ eventKey: 'user_im_message_reaction_group', subId: subs[0].subId, eventId: 'r2', body: {} }),
    ];
    const r = await spawnCli(['event', 'consume', 'user_im_message_reaction_group', '--group', 'cid_team', '--flatten', '--max-events', '2'], env());
    expect(r.status).toBe(0);
    const [first, second] = lines(r.stdout);
    expect(first).toEqual({
      type: 'user_im_message_reaction_group', event_id: 'r1', timestamp: 1767225600000, subscribe_id: 'sub_1', message_id: 'om_9', conversation_id: 'cid_team',
      operator: 'Li Lei', operator_open_dingtalk_id: 'od_li', reaction_name: 'thumbsup', reaction_text: '赞', operation_type: 'add',
      operation_time: '2026-12-01 10:01:00', sender: 'Han Mei', sender_open_dingtalk_id: 'od_han', event_time: 1767225600123,
    });
    const schema = result((await inProcess(['event', 'schema', 'user_im_message_reaction_group', '--flatten'])).out).schema;
    const ajv = new Ajv({ strict: false });
    ajv.addFormat('timestamp_ms', true).addFormat('open_message_id', true).addFormat('open_conversation_id', true).addFormat('open_dingtalk_id', true);
    expect(ajv.validate({ ...schema, required: Object.keys(schema.properties), additionalProperties: false }, first)).toBe(true);
    // An event without a payload body does not fit the shape: it comes out as its envelope, not lost.
    expect(second).toMatchObject({ type: 'event', event_id: 'r2', event_type: 'user_im_message_reaction_group' });
  });

  it('stops on SIGINT: the run ends with exit 0, cancels its subscription and removes its run record', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'a1', body: messageBody(1) })];
    let recorded: unknown;
    const r = await spawnCli(['event', 'consume', 'user_im_message_receive_at'], env(), (_line, child) => {
      recorded = JSON.parse(readFileSync(runsFile(), 'utf8'));
      child.kill('SIGINT');
    });
    expect(r.status).toBe(0);
    expect(lines(r.stdout).map((l) => l.event_id)).toEqual(['a1']);
    expect(recorded).toEqual([expect.objectContaining({ subscribe_id: 'sub_1', event_key: 'user_im_message_receive_at', rule_type: 'at', owned: true, client_id: 'client-dws-test', source_id: 'open' })]);
    expect(ev.fx.requests.map((q) => q.path).at(-1)).toBe('/dws/subscription/cancel');
    expect(ev.fx.subscriptions).toEqual([]);
    expect(JSON.parse(readFileSync(runsFile(), 'utf8'))).toEqual([]);
  });

  it('ends normally when its reader goes away (a closed stdout pipe), still cancelling its subscription', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'p1', body: messageBody(1) })];
    const r = await spawnCli(['event', 'consume', 'user_im_message_receive_at'], env(), (_line, child) => {
      child.stdout!.destroy();
      ev.fx.push(personalFrame({ eventKey: 'user_im_message_receive_at', subId: 'sub_1', eventId: 'p2', body: messageBody(2) }));
    });
    expect(r.status).toBe(0);
    // h33-left: upstream's ready line (consume/run.go:283-293@c7521c1c); h34-misc: a closed pipe exits as a signal
    // (ErrPipeClosed, :353-362), having written the first event
    expect(r.stderr).toMatch(/^\[event\] ready event_key=\S+ bus_pid=\d+ subscribe_id=\S+\n\[event\] exited \u2014 received \d event\(s\) in \S+ \(reason: signal\)\n$/u);
    expect(ev.fx.subscriptions).toEqual([]);
  });

  // h35-edge2: upstream's stdin-EOF stop (shouldWatchStdinEOF internal/app/event_command.go:1441-1465, watchStdinEOF
  // internal/event/consume/run.go:474-500, armed after the ready line :300-306@c7521c1c)
  it('an unbounded run whose piped stdin ends stops after ready, says so, exits as a signal and cancels its subscription', async () => {
    ev.fx.framesFor = () => [];
    const r = await spawnCli(['event', 'consume', 'user_im_message_receive_at'], env(), undefined, 'closed');
    expect([r.status, r.signal, r.stdout]).toEqual([0, null, '']);
    expect(r.stderr).toMatch(/^\[event\] ready event_key=user_im_message_receive_at bus_pid=\d+ subscribe_id=sub_1\n\[event\] stdin closed \u2014 shutting down\. [^\n]+\n\[event\] exited \u2014 received 0 event\(s\) in \S+ \(reason: signal\)\n$/u);
    expect(ev.fx.subscriptions).toEqual([]);
    expect(JSON.parse(readFileSync(runsFile(), 'utf8'))).toEqual([]);
  });

  it('a file as stdin stops an unbounded run at its end too; --quiet prints none of the lines', async () => {
    ev.fx.framesFor = () => [];
    const file = path.join(ev.stateRoot, 'stdin.txt');
    writeFileSync(file, 'anything\n');
    const r = await spawnCli(['event', 'consume', 'user_im_message_receive_at', '--quiet'], env(), undefined, { file });
    expect([r.status, r.signal, r.stdout, r.stderr]).toEqual([0, null, '', '']);
    expect(ev.fx.subscriptions).toEqual([]);
  });

  it('a bounded run (--max-events) is not stopped by its stdin ending: it waits for its event', async () => {
    ev.fx.framesFor = () => [];
    const run = spawnCli(['event', 'consume', 'user_im_message_receive_at', '--max-events', '1'], env(), undefined, 'closed');
    while (ev.fx.connections === 0) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 500));
    ev.fx.push(personalFrame({ eventKey: 'user_im_message_receive_at', subId: 'sub_1', eventId: 'b1', body: messageBody(1) }));
    const r = await run;
    expect([r.status, lines(r.stdout).map((l) => l.event_id)]).toEqual([0, ['b1']]);
    expect(r.stderr).not.toContain('stdin closed');
    expect(r.stderr).toMatch(/\(reason: limit\)\n$/u);
  });

  it('reuses a subscription with --subscribe-id and leaves it in place on exit', async () => {
    ev.fx.subscriptions.push({ subId: 'sub_keep', eventKey: 'user_oa_approval_task_created', ruleType: 'all', sourceId: 'open', status: 1, gmtCreate: '2026-12-01T00:00:00Z' });
    ev.fx.framesFor = () => [personalFrame({ eventKey: 'user_oa_approval_task_created', subId: 'sub_keep', eventId: 'o1', body: { processInstanceId: 'pi_1', taskId: 't_1', title: 'Trip', status: 'RUNNING', createTime: 1767225600000 } })];
    const r = await spawnCli(['event', 'consume', '--subscribe-id', 'sub_keep', '--flatten', '--max-events', '1'], env());
    expect(r.status).toBe(0);
    expect(lines(r.stdout)).toEqual([{
      type: 'user_oa_approval_task_created', event_id: 'o1', timestamp: 1767225600000, subscribe_id: 'sub_keep', process_instance_id: 'pi_1',
      process_code: '', task_id: 't_1', title: 'Trip', status: 'RUNNING', create_time: 1767225600000, event_time: 1767225600123,
    }]);
    expect(ev.fx.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /dws/event/sublist', 'POST /stream/connections/ticket']);
    expect(ev.fx.subscriptions.map((s) => s.subId)).toEqual(['sub_keep']);
  });

  it('through dispatch without a line writer (MCP execute) returns a bounded list of events', async () => {
    ev.fx.framesFor = (subs) => [1, 2, 3].map((i) => personalFrame({ eventKey: 'user_im_message_receive_o2o_all', subId: subs[0].subId, eventId: `d${i}`, body: messageBody(i) }));
    const tool = shippedEngine().tools().find((t) => t.canonical_path === 'event.consume')!;
    const out = await dispatchTool(shippedEngine(), {
      tool, values: { 'max-events': 2, flatten: true }, positionals: { event_key: ['user_im_message_receive_o2o_all'] }, yes: false, dryRun: false,
    }, env());
    expect(out).toEqual({ result: {
      events: [1, 2].map((i) => expect.objectContaining({ event_id: `d${i}`, content: `hello ${i}`, sender: `Sender ${i}` })),
      count: 2, stopped: 'max_events', subscriptions: ['sub_1'],
    } });
    expect(ev.fx.subscriptions).toEqual([]);
  });

  it('--format raw writes the data text of each event, one per line', async () => {
    const frame = personalFrame({ eventKey: 'user_im_message_receive_o2o_all', subId: 'sub_1', eventId: 'w1', body: messageBody(1) });
    frame.data = JSON.stringify(JSON.parse(frame.data as string), null, 2);
    ev.fx.framesFor = () => [frame];
    const written: string[] = [];
    const tool = shippedEngine().tools().find((t) => t.canonical_path === 'event.consume')!;
    const out = await dispatchTool(shippedEngine(), {
      tool, values: { 'max-events': 1, format: 'raw' }, positionals: { event_key: ['user_im_message_receive_o2o_all'] }, yes: false, dryRun: false,
      writeLine: async (line) => void written.push(line),
    }, env());
    expect(out).toEqual({ streamed: true });
    expect(written).toHaveLength(1);
    expect(written[0]).not.toContain('\n');
    expect(JSON.parse(written[0])).toEqual(JSON.parse(frame.data as string));
  });

  it('refuses bad input before any request: unknown key, a missing --group, a target the key does not take', async () => {
    const cases: [string[], string, string][] = [
      [['event', 'consume', 'user_im_message_receive_grup'], 'unknown_event_key', 'did you mean user_im_message_receive_group?'],
      [['event', 'consume', 'user_im_message_receive_group'], 'missing_parameter', '--group'],
      [['event', 'consume', 'user_im_message_receive_at', '--user', 'u1'], 'invalid_parameter', '--user does not apply'],
      [['event', 'consume', 'user_im_message_receive_o2o'], 'missing_parameter', 'one of --user or --open-dingtalk-id'],
      [['event', 'consume', 'user_oa_approval_task_created', '--query', 'x'], 'invalid_parameter', 'approval event'],
      [['event', 'consume'], 'missing_parameter', 'event_key or --subscribe-id'],
      [['event', 'consume', 'user_im_message_receive_at', '--flatten', '--debug-raw-events'], 'constraint_violation', 'exclude each other'],
    ];
    for (const [argv, reason, text] of cases) {
      const r = await inProcess(argv);
      expect(r.out, argv.join(' ')).toBe('');
      expect(r.error?.exitCode, argv.join(' ')).toBe(3);
      expect(r.error?.reason, argv.join(' ')).toBe(reason);
      expect(`${r.error?.message} ${r.error?.hint ?? ''}`).toContain(text);
    }
    expect(ev.fx.requests).toEqual([]);
    // no token and no login: not_authenticated before any request, whatever the service URL
    const anonymous = await runCliAsync(['event', 'consume', 'user_im_message_receive_at'], '', {
      ...env(), DWS_TOKEN: '', HOME: ev.stateRoot, DWS_CONFIG_DIR: path.join(ev.stateRoot, 'config'), DWS_KEYCHAIN_DIR: path.join(ev.stateRoot, 'keychain'), DWS_DISABLE_KEYCHAIN: '1',
    });
    expect(anonymous.status).toBe(2);
    expect(errorOf(anonymous.stderr).reason).toBe('not_authenticated');
    expect(ev.fx.requests).toEqual([]);
    // a token for a plain-http service that is not allowed to receive one
    const untrusted = await runCliAsync(['event', 'consume', 'user_im_message_receive_at'], '', { ...env(), DWS_ALLOW_HTTP_ENDPOINTS: '' });
    expect(untrusted.status).not.toBe(0);
    expect(untrusted.stderr).not.toContain(ev.fx.token);
    expect(ev.fx.requests).toEqual([]);
    const refused = await runCliAsync(['event', 'consume', 'user_im_message_receive_at'], '', { ...env(), DWS_TOKEN: 'wrong-token-x' });
    expect(refused.status).toBe(2);
    expect(errorOf(refused.stderr).reason).toBe('auth_failed');
    expect(refused.stderr).not.toContain('wrong-token-x');
    // Nothing listens on a port just released: the create never left this machine, so it is a transport error.
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const down = await runCliAsync(['event', 'consume', 'user_im_message_receive_at'], '', { ...env(), DWS_EVENT_URL: `http://127.0.0.1:${port}/dws` });
    expect(down.status).toBe(1);
    expect(errorOf(down.stderr).reason).toBe('transport_error');
  });
});

describe('personal events as the logged-in user', () => {
  it('with no DWS_TOKEN, event status sends the stored login\'s token and client id to {MCP base}/dws, as upstream derives it', async () => {
    const login = {
      HOME: ev.stateRoot, DWS_CONFIG_DIR: path.join(ev.stateRoot, 'config'), DWS_KEYCHAIN_DIR: path.join(ev.stateRoot, 'keychain'), DWS_DISABLE_KEYCHAIN: '1',
      DWS_TOKEN: '', DWS_EVENT_URL: '', DWS_CLIENT_ID: '', DWS_MCP_BASE_URL: ev.fx.controlUrl.replace(/\/dws$/, ''),
    };
    const { saveCredential } = await import('../../src/backend/auth/credential.js');
    saveCredential({ ...process.env, ...env(login) }, {
      access_token: ev.fx.token, refresh_token: 'rt-events-unused', expires_at: Date.now() + 3600_000, refresh_expires_at: Date.now() + 86400_000,
      corp_id: 'ding-corp', user_id: 'u-1', corp_name: 'Corp', user_name: 'User', client_id: 'cli-from-login', source: 'mcp', region: 'cn',
    }, true);
    const r = await runCliAsync(['event', 'status', '--format', 'json'], '', env(login));
    expect(r.status, r.stderr).toBe(0);
    expect(ev.fx.requests.length).toBeGreaterThan(0);
    for (const q of ev.fx.requests) {
      expect(q.headers.authorization).toBe(`Bearer ${ev.fx.token}`);
      expect(q.path.startsWith('/dws/')).toBe(true);
    }
    expect(ev.fx.requests.some((q) => q.query.clientId === 'cli-from-login')).toBe(true);
    expect(r.stdout + r.stderr).not.toContain(ev.fx.token);
  });
});

describe('event status and stop', () => {
  function record(runs: object[]) {
    const file = runsFile();
    return import('../../src/backend/state.js').then(({ writeJsonFile }) => writeJsonFile(file, runs));
  }

  it('status lists the active subscriptions of this client and the local consumers, as text by default', async () => {
    ev.fx.pageSize = 2;
    for (const [i, status] of [[1, 1], [2, 3], [3, 1], [4, 1]] as const) {
      ev.fx.subscriptions.push({ subId: `sub_${i}`, eventKey: i === 4 ? 'user_oa_approval_task_created' : 'user_im_message_receive_at', ruleType: i === 4 ? 'all' : 'at', sourceId: 'open', status, gmtCreate: '2026-12-01T00:00:00Z' });
    }
    await record([{ subscribe_id: 'sub_1', event_key: 'user_im_message_receive_at', rule_type: 'at', client_id: 'client-dws-test', source_id: 'open', pid: process.pid, owned: true, created_at: '2026-12-01T00:00:00.000Z' },
      { subscribe_id: 'sub_x', event_key: 'user_im_message_receive_at', rule_type: 'at', client_id: 'another-client', source_id: 'open', pid: process.pid, owned: true, created_at: '2026-12-01T00:00:00.000Z' }]);
    const r = await runCliAsync(['event', 'status', '--event', 'user_im_message_receive_at', '--format', 'json'], '', env());
    expect(r.status).toBe(0);
    expect(result(r.stdout)).toEqual({
      identity: { client_id: 'client-dws-test', source_id: 'open' },
      subscriptions: ['sub_1', 'sub_3'].map((id) => ({ subscribe_id: id, event_key: 'user_im_message_receive_at', rule_type: 'at', status: 'active', source_id: 'open', created_at: '2026-12-01T00:00:00Z' })),
      consumers: [{ pid: process.pid, alive: true, subscribe_id: 'sub_1', event_key: 'user_im_message_receive_at', rule_type: 'at', owned: true, created_at: '2026-12-01T00:00:00.000Z' }],
    });
    expect(ev.fx.requests.map((q) => q.query.pageNo)).toEqual(['1', '2']);
    const text: string = result((await runCliAsync(['event', 'status', '--status', 'all'], '', env())).stdout);
    expect(text.split('\n')[0]).toBe('Personal identity: client=client-dws-test source=open');
    expect(text).toMatch(/\nsub_2\s+user_im_message_receive_at\s+at\s+deleted\s+open\n/);
    expect(text).toMatch(/Consumers:\nPID\s+EVENT_KEY\s+SUBSCRIBE_ID\s+STATE\n\d+\s+user_im_message_receive_at\s+sub_1\s+running/);
  });

  it('stop needs --yes, cancels one subscription by id, and refuses an id together with --all', async () => {
    ev.fx.subscriptions.push({ subId: 'sub_9', eventKey: 'user_im_message_receive_at', ruleType: 'at', sourceId: 'open', status: 1, gmtCreate: '' });
    const unconfirmed = await runCliAsync(['event', 'stop', 'sub_9'], '', env());
    expect(errorOf(unconfirmed.stderr).reason).toBe('confirmation_required');
    expect(ev.fx.requests).toEqual([]);
    const ok = await runCliAsync(['event', 'stop', 'sub_9', '--yes'], '', env());
    expect(ok.status).toBe(0);
    expect(result(ok.stdout)).toEqual({ cancelled: ['sub_9'], stopped_consumers: [] });
    expect(ev.fx.subscriptions).toEqual([]);
    const gone = await runCliAsync(['event', 'stop', 'sub_9', '--yes'], '', env());
    expect(result(gone.stdout)).toEqual({ cancelled: ['sub_9'], stopped_consumers: [] });
    expect(errorOf((await runCliAsync(['event', 'stop', 'sub_9', '--all', '--yes'], '', env())).stderr).reason).toBe('constraint_violation');
    expect(errorOf((await runCliAsync(['event', 'stop', '--yes'], '', env())).stderr).reason).toBe('missing_parameter');
  });

  // a-i2: upstream checks subscribe_id/--all and --as in PreRunE, before its dry run too (event_command.go:1253),
  // and its dry run names the trimmed id (event_command.go:1332).
  it('stop --dry-run refuses what the run refuses, calls nothing, and names the trimmed id', async () => {
    const dry = (...args: string[]) => runCliAsync(['event', 'stop', ...args, '--dry-run'], '', env());
    expect(errorOf((await dry()).stderr).reason).toBe('missing_parameter');
    expect(errorOf((await dry('sub_9', '--all')).stderr).reason).toBe('constraint_violation');
    expect(errorOf((await dry('sub_9', '--as', 'bot')).stderr).reason).toBe('invalid_parameter');
    const one = JSON.parse((await dry('  sub_9  ')).stdout);
    expect(one.steps).toEqual([{ id: 'cancel', control_plane: 'subscription/cancel', subscribe_ids: ['sub_9'] }]);
    const blankWithAll = await dry(' ', '--all');
    expect(blankWithAll.status).toBe(0);
    expect(JSON.parse(blankWithAll.stdout).steps[0].subscribe_ids).toMatch(/recorded/);
    expect(ev.fx.requests).toEqual([]);
  });

  it('stop --all cancels what this machine recorded and interrupts the consumer holding it', async () => {
    ev.fx.framesFor = () => [];
    const consumer = spawnCli(['event', 'consume', 'user_im_message_receive_o2o_all'], env());
    // Wait until the consumer has its subscription recorded and its Stream open.
    while (ev.fx.connections === 0 || !existsSync(runsFile())) await new Promise((r) => setTimeout(r, 20));
    const stop = await runCliAsync(['event', 'stop', '--all', '--yes'], '', env());
    const stopResult = result(stop.stdout);
    const ended = await consumer;
    expect(ended.status).toBe(0);
    expect(stopResult).toEqual({ cancelled: ['sub_1'], stopped_consumers: [expect.any(Number)] });
    expect(ev.fx.subscriptions).toEqual([]);
    expect(JSON.parse(readFileSync(runsFile(), 'utf8'))).toEqual([]);
  });
});
