// Session 40 helper "left" (issue 32, notes/h40-left.md): differences earlier auditors left alone. A refuse step that
// ends a read with upstream's partial outcome (exit 7), and its use in the dev app leaves' multiProfile reading.
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planOf, run } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';
import { DwsError } from '../../src/errors.js';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv } from '../fixtures/mcp/server.js';

const outputs = useOutputRuns('dws-h40left-');

/** A plan that reads once and then checks the answer: its `parts` list partly failed is the partial outcome. */
const partlyFailed = (extra: Record<string, unknown> = {}, first: Record<string, unknown> = { effect: 'read' }) => ({
  facts: 'test plan',
  steps: [
    { id: 'a', server: 'contact', rpc: 'x', args: { keyword: { flag: 'name' } }, ...first },
    {
      id: 'check', reason: 'partial_outcome',
      refuse: [{ when: { all: [{ has: [{ from: 'a', path: 'parts' }, 'ok'] }, { has: [{ from: 'a', path: 'parts' }, 'failed'] }] }, message: 'some parts failed' }],
      details: { object: { parts: { from: 'a', path: 'parts' } } },
      ...extra,
    },
  ],
  output: { from: 'a' },
});

async function failure(p: Promise<unknown>): Promise<DwsError> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(e).toBeInstanceOf(DwsError);
  return e as DwsError;
}

describe('NEW MECHANISM: a refuse step with reason partial_outcome ends a run that wrote nothing with exit 7', () => {
  it('the build accepts the reason, also with answer_of (a write whose own answer says it was partly done)', () => {
    expect(() => planOf(partlyFailed())).not.toThrow();
    expect(() => planOf(partlyFailed({ answer_of: 'a' }))).not.toThrow();
  });

  it('a read whose answer is partly failed ends partial_outcome (category partial, exit 7), the channels in details', async () => {
    const e = await failure(run(partlyFailed(), { name: 'n' }, () => ({ parts: ['ok', 'failed'] })));
    expect({ reason: e.reason, category: e.category, exit: e.exitCode, details: e.payload?.details }).toEqual({
      reason: 'partial_outcome', category: 'partial', exit: 7, details: { parts: ['ok', 'failed'] },
    });
    expect(e.message).toContain('some parts failed');
  });

  it('when no case holds the step counts as not run and the answer prints', async () => {
    expect((await run(partlyFailed(), { name: 'n' }, () => ({ parts: ['ok', 'ok'] }))).result).toEqual({ parts: ['ok', 'ok'] });
  });

  it('after a completed write it is the cause of the run\'s partial outcome, its details kept', async () => {
    const plan = partlyFailed();
    const write = { id: 'w', server: 'contact', rpc: 'y', effect: 'write', args: {} };
    const e = await failure(run({ ...plan, steps: [write, ...plan.steps] }, { name: 'n' }, (c) => (c.rpc === 'y' ? { id: 'w1' } : { parts: ['ok', 'failed'] })));
    expect({ reason: e.reason, exit: e.exitCode, details: e.payload?.details }).toEqual({ reason: 'partial_outcome', exit: 7, details: { parts: ['ok', 'failed'] } });
    expect(e.message).toMatch(/completed steps w \(write \{"id":"w1"\}\), a \(read\); step "check" failed \(partial_outcome: .*some parts failed\)/);
  });
});

/** A run as a user types it: what it printed and exit 0, or its exit code, reason, hint and envelope details (stdout empty). */
async function outcome(argv: string[]) {
  const o = await dispatchInProcess(argv, outputs.env());
  if (!o.error) return { exit: 0, printed: (JSON.parse(o.out) as { result: unknown }).result };
  expect(o.out).toBe('');
  const env = JSON.parse(o.error.envelope()) as { details?: unknown; error: { reason: string; hint?: string } };
  return { exit: o.error.exitCode, reason: env.error.reason, details: env.details, hint: env.error.hint };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** devAppContentString (helpers/devapp.go:2650-2659@c7521c1c) for the values the generators make: texts, booleans, integers. */
const contentString = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());
/** devAppFirstContentString (:2641-2648). */
const firstString = (o: Obj, ...keys: string[]) => keys.map((k) => contentString(o[k])).find((t) => t !== '') ?? '';
/** devAppContentBool (:2661-2675). */
const contentBool = (v: unknown) => (typeof v === 'boolean' ? v : v !== undefined && v !== null && String(v).trim().toLowerCase() === 'true');
/** devAppWireErrorType (:2191-2204). */
const wireType = (raw: string) => {
  const t = raw.trim().toLowerCase();
  if (['api', 'auth', 'validation', 'permission', 'discovery', 'internal'].includes(t)) return t;
  return t === 'authorization' || t === 'forbidden' ? 'permission' : 'api';
};

/** A failed profile's error info as devAppMultiProfileResult builds it (:2100-2131), as Go's omitempty prints it. */
function errorInfo(entry: Obj): Obj {
  const e = entry.error;
  if (!isObj(e)) return { type: 'api', message: 'profile execution failed' };
  const info: Obj = { type: 'api', message: firstString(e, 'errorMsg', 'errorMessage', 'message') || 'profile execution failed' };
  const code = 'errorCode' in e ? e.errorCode : e.code;
  if (code !== undefined && code !== null) info.upstream_code = code;
  const category = firstString(e, 'type', 'category');
  if (category) info.type = wireType(category);
  const texts: [string, string[]][] = [['subtype', ['subtype', 'reason']], ['stage', ['stage']], ['origin', ['origin']], ['operation', ['operation']],
    ['request_id', ['request_id', 'requestId']], ['trace_id', ['trace_id', 'traceId']], ['hint', ['hint']]];
  for (const [key, names] of texts) if (firstString(e, ...names)) info[key] = firstString(e, ...names);
  if (e.retryable === true) info.retryable = true;
  if (typeof e.execution_started === 'boolean') info.execution_started = e.execution_started;
  const actions = Array.isArray(e.actions) ? e.actions.filter((a) => typeof a === 'string') : [];
  if (actions.length) info.actions = actions;
  if (isObj(e.details) && Object.keys(e.details).length) info.details = e.details;
  return info;
}

/**
 * devAppMultiProfileResult (helpers/devapp.go:2065-2156@c7521c1c) as a model: 'read on' when it returns nil, 'failure'
 * (no profile succeeded), or the partial data upstream prints (total, succeeded, failed, unknown).
 */
function multiProfile(content: Obj): 'read on' | 'failure' | Obj {
  if (!contentBool(content.multiProfile) || !Array.isArray(content.profiles) || content.profiles.length === 0) return 'read on';
  const succeeded: Obj[] = [];
  const failed: Obj[] = [];
  const unknown: Obj[] = [];
  content.profiles.forEach((raw: unknown, i: number) => {
    if (!isObj(raw)) return void unknown.push({ id: `profile-${i + 1}`, reason: 'profile result is malformed; terminal state cannot be confirmed' });
    const id = firstString(raw, 'selector', 'profile') || `profile-${i + 1}`;
    if (contentBool(raw.ok)) succeeded.push('id' in raw ? raw : { ...raw, id });
    else failed.push({ id, error: errorInfo(raw) });
  });
  if (failed.length === 0 && unknown.length === 0) return 'read on';
  if (succeeded.length === 0) return 'failure';
  return { total: content.profiles.length, succeeded, failed, unknown };
}

const errorMap = fc.record({
  message: fc.constantFrom('denied', ' ', 'quota'),
  errorMsg: fc.constantFrom('no access', ''),
  type: fc.constantFrom('Forbidden', ' auth ', 'network', 'permission', ''),
  category: fc.constantFrom('authorization', 'internal'),
  code: fc.constantFrom<unknown>(403, 'E1', null),
  errorCode: fc.constantFrom<unknown>(null, 'X9', 0),
  reason: fc.constantFrom('scope_missing', ' '),
  requestId: fc.constantFrom('r1', ''),
  trace_id: fc.constantFrom('t1', ' '),
  stage: fc.constantFrom('call'),
  hint: fc.constantFrom('log in again'),
  retryable: fc.constantFrom<unknown>(true, false, 'true'),
  execution_started: fc.constantFrom<unknown>(true, false, 'false'),
  actions: fc.constantFrom<unknown>(['dws auth login', 5], [], [7], 'x'),
  details: fc.constantFrom<unknown>({ scope: 'a' }, {}, [1]),
}, { requiredKeys: [] });
/** A profile entry: an object with ok in many spellings, a selector or profile name (unique by position), an error; or junk. */
const entry = (i: number) => fc.oneof(
  fc.record({
    ok: fc.constantFrom<unknown>(true, false, 'true', ' TRUE ', 'false', 1, null),
    selector: fc.constantFrom<unknown>(`sel${i}`, ' ', 7 + 10 * i, null),
    profile: fc.constantFrom<unknown>(`corp${i}:u${i}`, ''),
    error: fc.oneof(errorMap, fc.constantFrom<unknown>('boom', null)),
    result: fc.constantFrom<unknown>({ name: 'A' }, null),
  }, { requiredKeys: [] }),
  fc.constantFrom<unknown>('junk', 5, null, [1], true),
);
const profiles = fc.integer({ min: 0, max: 5 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => entry(i))));

describe('dev app leaves read a multiProfile answer as devAppMultiProfileResult does (helpers/devapp.go:2065-2156@c7521c1c)', () => {
  const argv = ['dev', 'app', 'credentials', 'get', '--unified-app-id', 'app1'];
  const answer = (content: Obj) => outputs.answer('devapp/get_dev_app_credentials', { success: true, result: content });

  it('every profile ok prints the answer (exit 0)', async () => {
    const content = { multiProfile: true, profiles: [{ selector: 'p1', ok: true }, { selector: 'p2', ok: 'TRUE' }] };
    answer(content);
    expect(await outcome(argv)).toEqual({ exit: 0, printed: content });
  });

  it('no profile ok (failed or malformed) is the command\'s failure (exit 1)', async () => {
    answer({ multiProfile: true, profiles: [{ selector: 'p1', ok: false }, 'junk'] });
    expect(await outcome(argv)).toMatchObject({ exit: 1, reason: 'backend_error' });
  });

  it('some ok and others failed or malformed ends partial_outcome, exit 7, upstream\'s channels in details, no recover hint for a read', async () => {
    answer({
      multiProfile: 'true',
      profiles: [
        { selector: 'p1', ok: true, result: { appKey: 'k' } },
        { profile: 'corp:u2', ok: false, error: { errorMsg: 'no scope', type: 'Forbidden', errorCode: 'E403', retryable: true, execution_started: false, actions: ['dws auth login', 3], details: {} } },
        null,
        { ok: 'no' },
      ],
    });
    const run = await outcome(argv);
    expect(run).toMatchObject({ exit: 7, reason: 'partial_outcome' });
    expect(run.details).toEqual({
      total: 4,
      succeeded: [{ id: 'p1', selector: 'p1', ok: true, result: { appKey: 'k' } }],
      failed: [
        { id: 'corp:u2', error: { type: 'permission', message: 'no scope', upstream_code: 'E403', retryable: true, execution_started: false, actions: ['dws auth login'] } },
        { id: 'profile-4', error: { type: 'api', message: 'profile execution failed' } },
      ],
      unknown: [{ id: 'profile-3', reason: 'profile result is malformed; terminal state cannot be confirmed' }],
    });
    expect(run.hint).not.toContain('dws recover');
  });

  it('reads any profiles list as upstream\'s model does: printed, failed or partial with the same channels (property)', async () => {
    await fc.assert(fc.asyncProperty(profiles, fc.constantFrom<unknown>(true, 'TRUE', false), async (list, flag) => {
      const content = { multiProfile: flag, profiles: list };
      answer(content);
      const want = multiProfile(content);
      const run = await outcome(argv);
      if (want === 'read on') expect(run).toEqual({ exit: 0, printed: content });
      else if (want === 'failure') expect(run).toMatchObject({ exit: 1, reason: 'backend_error' });
      else expect({ exit: run.exit, reason: run.reason, details: run.details }).toEqual({ exit: 7, reason: 'partial_outcome', details: want });
    }), { numRuns: 60 });
  });

  const partly = { multiProfile: true, profiles: [{ selector: 'p1', ok: true }, { selector: 'p2', ok: false }] };
  const channels = { total: 2, succeeded: [{ id: 'p1', selector: 'p1', ok: true }], failed: [{ id: 'p2', error: { type: 'api', message: 'profile execution failed' } }], unknown: [] };

  it('a write leaf answered so ends partial_outcome as itself (its write was partly done), with the recover hint', async () => {
    outputs.answer('devapp/add_dev_app_members', { success: true, result: partly });
    const run = await outcome(['dev', 'app', 'member', 'add', '--unified-app-id', 'app1', '--user-ids', 'u1,u2', '--member-type', 'DEVELOPER', '--yes']);
    expect(run).toMatchObject({ exit: 7, reason: 'partial_outcome', details: channels });
    expect(run.hint).toContain('dws recover');
  });

  it('a list leaf, and the devapp shortcut twin of a leaf, read it so too', async () => {
    outputs.answer('devapp/list_dev_app', { success: true, result: { ...partly, hasMore: false } });
    expect(await outcome(['dev', 'app', 'list'])).toMatchObject({ exit: 7, reason: 'partial_outcome', details: channels });
    outputs.answer('devapp/get_dev_app', { success: true, result: partly });
    expect(await outcome(['devapp', '+get', '--unified-app-id', 'u1'])).toMatchObject({ exit: 7, reason: 'partial_outcome', details: channels });
  });

  it('dev app delete reads the delete\'s answer so (runDevAppTool, devapp.go:765): partly done exit 7, none done exit 1', async () => {
    const del = ['dev', 'app', 'delete', '--unified-app-id', 'app1', '--confirm-name', 'Demo', '--yes'];
    outputs.answer('devapp/get_dev_app', { success: true, result: { name: 'Demo' } });
    outputs.answer('devapp/delete_dev_app', { success: true, result: partly });
    expect(await outcome(del)).toMatchObject({ exit: 7, reason: 'partial_outcome', details: channels });
    outputs.answer('devapp/delete_dev_app', { success: true, result: { multiProfile: true, profiles: [{ selector: 'p1', ok: false }] } });
    expect(await outcome(del)).toMatchObject({ exit: 1, reason: 'backend_error' });
  });
});

/** The raw tools/call bodies a run sends to a bare JSON-RPC server on 127.0.0.1 (every call answered with an empty object). */
async function wireBodies(argv: string[]): Promise<string[]> {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => void (body += d.toString('utf8')));
    req.on('end', () => {
      const msg = JSON.parse(body) as { id?: number; method?: string };
      if (msg.method === 'tools/call') bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text: '{}' }] } }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h40left-wire-'));
    const port = (server.address() as AddressInfo).port;
    await dispatchInProcess(argv, privateEnv(`http://127.0.0.1:${port}/mcp/{product}`, 't', dir));
  } finally {
    await new Promise<void>((done) => server.close(() => done()));
  }
  return bodies;
}

describe('a call with no arguments sends the empty object, as upstream (executor.NewHelperInvocation turns nil params into {}, internal/executor/invocation.go:78-81@c7521c1c)', () => {
  for (const [argv, rpc] of [[['mail', 'mailbox', 'shared-with-me'], 'list_shared_with_me'], [['calendar', 'acl', 'list'], 'list_acls']] as const) {
    it(`${argv.join(' ')} sends "arguments":{} (not null, not left out)`, async () => {
      const bodies = await wireBodies([...argv]);
      expect(bodies.map((b) => JSON.parse(b) as unknown)).toEqual([{ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: rpc, arguments: {} } }]);
      expect(bodies[0]).toContain('"arguments":{}');
    });
  }
});

describe('dev connect list reads list_dev_app\'s answer as devAppNameMap does (connect_daemon.go:1068-1105@c7521c1c)', () => {
  /** dev connect list --json over one connector record naming app u1, list_dev_app answering `answer`: the row's appName. */
  async function appNameFor(answer: unknown): Promise<unknown> {
    outputs.answer('devapp/list_dev_app', answer);
    const env = outputs.env();
    const dir = path.join(env.DWS_STATE_DIR!, 'connect', 'app-u1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'daemon-state.json'), JSON.stringify({ pid: 0, unifiedAppId: 'u1' }));
    const o = await dispatchInProcess(['dev', 'connect', 'list', '--json'], env);
    expect(o.error).toBeUndefined();
    return ((JSON.parse(o.out) as { result: Record<string, unknown>[] }).result)[0].appName;
  }
  const items = { items: [{ unifiedAppId: 'u1', name: 'Demo' }] };

  it('the answer and its result object are read (the runner\'s response content is the answer, devAppConnectUnwrap :1088)', async () => {
    expect(await appNameFor(items)).toBe('Demo');
    expect(await appNameFor({ success: true, result: items })).toBe('Demo');
  });

  it('a content key of the answer is not descended into: upstream\'s content is the runner\'s envelope around the answer', async () => {
    expect(await appNameFor({ content: items })).toBeUndefined();
    expect(await appNameFor({ content: { result: items } })).toBeUndefined();
  });
});
