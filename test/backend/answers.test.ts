// Each class of answer a DingTalk server gives, as upstream classifies it, with its exit code and envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInProcess, runCliAsync } from '../helpers.js';
import { startFakeDingTalk, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { fakeEnv } from './env.js';
import { seedLogin } from './seed.js';
import { GATEWAY_AUTH_CODES, GRANT_CODES } from '../../src/backend/classify.js';

let fake: FakeDingTalk;
let env: Record<string, string>;
let token: string;

beforeAll(async () => {
  fake = await startFakeDingTalk();
  env = fakeEnv(fake.base);
  token = seedLogin(env, fake);
});
afterAll(() => fake.close());

async function answered(answer: () => { text?: string; result?: unknown; status?: number }) {
  fake.answers.get_current_user_profile = answer;
  const r = await dispatchInProcess(['contact', 'user', 'get-self'], env);
  delete fake.answers.get_current_user_profile;
  expect(r.out).toBe('');
  expect(r.error).toBeDefined();
  expect(r.error!.envelope()).not.toContain(token);
  return { exit: r.error!.exitCode, envelope: JSON.parse(r.error!.envelope()) as Record<string, unknown> & { error: Record<string, string> } };
}

const text = (v: unknown) => () => ({ text: JSON.stringify(v) });

describe('answers inside HTTP 200 and refusals', () => {
  it('success:false is business_error (exit 1) with the backend code and message', async () => {
    const r = await answered(text({ success: false, errorCode: 'invalidParameter.userId', errorMsg: 'no such user' }));
    expect(r.exit).toBe(1);
    expect(r.envelope.error).toMatchObject({ category: 'backend', reason: 'business_error' });
    expect(r.envelope.error.message).toContain('invalidParameter.userId: no such user');
  });

  it('success:false nested under result/data is found too', async () => {
    const r = await answered(text({ result: { data: { success: 'false', code: 'E42', message: 'deep' } } }));
    expect(r.envelope.error).toMatchObject({ reason: 'business_error' });
    expect(r.envelope.error.message).toContain('E42: deep');
  });

  it('isError is mcp_tool_error (exit 1)', async () => {
    const r = await answered(() => ({ result: { isError: true, content: [{ type: 'text', text: 'tool blew up' }] } }));
    expect(r.exit).toBe(1);
    expect(r.envelope.error).toMatchObject({ category: 'backend', reason: 'mcp_tool_error' });
    expect(r.envelope.error.message).toContain('tool blew up');
  });

  for (const code of GRANT_CODES) {
    it(`${code} is agent_scope_required (exit 4) with upstream's grant JSON`, async () => {
      const data = { flowId: 'f-1', uri: 'https://login.dingtalk.com/grant?x=1', desc: 'grant calendar read' };
      const r = await answered(text({ success: false, code, data }));
      expect(r.exit).toBe(4);
      expect(r.envelope).toMatchObject({ success: false, code, data, error: { category: 'grant', reason: 'agent_scope_required' } });
      expect(r.envelope.error.hint).toContain('dws pat');
    });
  }

  for (const code of GATEWAY_AUTH_CODES) {
    it(`the gateway code ${code} is gateway_auth_expired (exit 2)`, async () => {
      const r = await answered(text({ success: false, errorCode: code, errorMsg: 'token check failed' }));
      expect(r.exit).toBe(2);
      expect(r.envelope.error).toMatchObject({ category: 'auth', reason: 'gateway_auth_expired' });
      expect(r.envelope.error.hint).toContain('dws auth login');
    });
  }

  for (const status of [401, 403]) {
    it(`HTTP ${status} is auth_failed (exit 2) with dws auth login in the hint`, async () => {
      const r = await answered(() => ({ status }));
      expect(r.exit).toBe(2);
      expect(r.envelope.error).toMatchObject({ category: 'auth', reason: 'auth_failed' });
      expect(r.envelope.error.hint).toContain('dws auth login');
    });
  }

  it('the CLI prints the grant JSON line on stderr and exits 4; the journal records the outcome', async () => {
    fake.answers.get_current_user_profile = text({ success: false, code: 'PAT_NO_PERMISSION', data: { uri: 'https://x.dingtalk.com/a' } });
    const r = await runCliAsync(['contact', 'user', 'get-self'], '', env);
    delete fake.answers.get_current_user_profile;
    expect(r.status).toBe(4);
    expect(r.stdout).toBe('');
    const line = JSON.parse(r.stderr.trim().split('\n').pop()!);
    expect(line).toMatchObject({ success: false, code: 'PAT_NO_PERMISSION', data: { uri: 'https://x.dingtalk.com/a' }, error: { reason: 'agent_scope_required' } });
    const journal = (await import('node:fs')).readFileSync(env.DWS_JOURNAL, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(journal.some((j) => j.error?.reason === 'agent_scope_required')).toBe(true);
    expect(journal.some((j) => j.error?.reason === 'business_error')).toBe(true);
  });

  it('a success answer is the result (exit 0)', async () => {
    const r = await dispatchInProcess(['contact', 'user', 'get-self'], env);
    expect(r.error).toBeUndefined();
    expect(JSON.parse(r.out).result.result[0].orgEmployeeModel.userId).toBe('user-42');
  });
});
