// The source `{env: NAME}` (docs/PLANS.md "Sources"): a plan reads only the identifiers of ENV_SOURCES from the
// environment, never anything else (a build error), and `pat chmod` takes its agent code and session id from there
// when the flags leave them out, as upstream's chmod.go does. Against the recording backend on 127.0.0.1.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePlans } from '../../src/plan/validate.js';
import { ENV_SOURCES } from '../../src/plan/spec.js';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const CANONICAL = 'contact.shortcut_lookup';

function problemsOf(args: Record<string, unknown>): string[] {
  const plan = { facts: 'test plan', steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' }, ...args } }] };
  return validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [CANONICAL]: plan } } }], shippedEngine().tools()).problems;
}

describe('{env: NAME} at build', () => {
  it('admits the listed identifiers', () => {
    for (const name of ENV_SOURCES) expect(problemsOf({ v: { env: name } })).toEqual([]);
  });

  it('refuses any other variable, credentials first of all', () => {
    for (const name of ['DWS_TOKEN', 'HOME', 'AWS_SECRET_ACCESS_KEY', 'dingtalk_dws_agentcode', 42]) {
      expect(problemsOf({ v: { env: name } }).join('\n')).toMatch(/is not one of the environment variables a plan may read/u);
    }
  });
});

describe('pat chmod reads the agent code and the session id from the environment', () => {
  const mcp = useMcpServer();

  async function grant(argv: string[], extra: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-env-'));
    mcp.calls.length = 0;
    mcp.answers = {};
    const outcome = await dispatchInProcess(['pat', 'chmod', ...argv, '--yes'], {
      ...privateEnv(mcp.urlTemplate, 'tok-env', dir), ...extra,
    });
    return { error: outcome.error?.reason, sent: mcp.calls.map((c) => ({ rpc: c.name, arguments: c.arguments })) };
  }

  it('takes DINGTALK_DWS_AGENTCODE trimmed and the first session variable set, when no flag gives them', async () => {
    const r = await grant(['chat.message:list', '--grant-type', 'session'], { DINGTALK_DWS_AGENTCODE: ' host_7 ', DWS_SESSION_ID: 's-dws', REWIND_SESSION_ID: 's-rewind' });
    expect(r).toEqual({ error: undefined, sent: [{ rpc: 'pat.batch_grant', arguments: { scopes: ['chat.message:list'], grantType: 'session', agentCode: 'host_7', sessionId: 's-dws' } }] });
  });

  it('prefers the flags, and a blank flag falls back to the environment', async () => {
    const r = await grant(['chat.message:list', '--agentCode', '  ', '--session-id', 'flag-s'], { DINGTALK_DWS_AGENTCODE: 'host_7', DINGTALK_SESSION_ID: 'env-s' });
    expect(r.sent).toEqual([{ rpc: 'pat.batch_grant', arguments: { scopes: ['chat.message:list'], grantType: 'permanent', agentCode: 'host_7', sessionId: 'flag-s' } }]);
  });

  it('checks an agent code from the environment like one from the flag', async () => {
    expect(await grant(['chat.message:list'], { DINGTALK_DWS_AGENTCODE: 'a;rm -rf' })).toEqual({ error: 'invalid_parameter', sent: [] });
  });

  it('reads neither the compatibility spelling upstream ignores nor a blank variable', async () => {
    const r = await grant(['chat.message:list'], { DWS_DINGTALK_AGENTCODE: 'old', DINGTALK_DWS_AGENTCODE: ' ', DINGTALK_SESSION_ID: '' });
    expect(r.sent).toEqual([{ rpc: 'pat.batch_grant', arguments: { scopes: ['chat.message:list'], grantType: 'permanent' } }]);
    expect((await grant(['chat.message:list', '--grant-type', 'session'], { DINGTALK_SESSION_ID: '' })).error).toBe('invalid_parameter');
  });
});
