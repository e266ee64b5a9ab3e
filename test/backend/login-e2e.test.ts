// The whole journey against the fake DingTalk, each step a real dws process: device login, a call, the token near
// its expiry with 10 processes calling at once (exactly one refresh, every call succeeds), logout, and then a call
// that is not_authenticated with no network call at all. No token in plaintext on disk, in any output or in the
// journal; files 0600, directories 0700.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { runCliAsync, errorOf } from '../helpers.js';
import { startFakeDingTalk, PROFILE, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { fakeEnv, filesUnder } from './env.js';
import { readProfiles, slotOf } from '../../src/backend/auth/profiles.js';
import { readSlot, writeSlot } from '../../src/backend/auth/vault.js';
import type { Credential } from '../../src/backend/auth/credential.js';

let fake: FakeDingTalk;
let env: Record<string, string>;
const outputs: string[] = [];

async function dws(...args: string[]) {
  const r = await runCliAsync(args, '', env);
  outputs.push(r.stdout, r.stderr);
  return r;
}

beforeAll(async () => {
  fake = await startFakeDingTalk();
  env = fakeEnv(fake.base);
});
afterAll(() => fake.close());

describe('login, calls, refresh, logout against the fake DingTalk', () => {
  it('walks the whole journey', async () => {
    const login = await dws('auth', 'login', '--device', '--no-browser');
    expect(login.status, login.stderr).toBe(0);
    expect(login.stderr).toContain('ABCD-EFGH');
    expect(JSON.parse(login.stdout)).toMatchObject({ logged_in: true, profile: `${PROFILE.corpId}:${PROFILE.userId}`, corp_name: PROFILE.corpName, user_name: PROFILE.userName });

    const status = await dws('auth', 'status');
    expect(JSON.parse(status.stdout)).toMatchObject({ logged_in: true, corp_id: PROFILE.corpId, user_name: PROFILE.userName, refresh_valid: true, status: 'active' });

    const call = await dws('contact', 'user', 'get-self');
    expect(call.status, call.stderr).toBe(0);
    expect(JSON.parse(call.stdout).result.result[0].orgEmployeeModel.orgUserName).toBe(PROFILE.userName);
    const gatewayCalls = fake.requests.filter((r) => r.path.startsWith('/server/'));
    expect(gatewayCalls.length).toBeGreaterThan(0);
    expect(JSON.parse(gatewayCalls[gatewayCalls.length - 1].body).method).toBe('tools/call');

    // the token comes near its expiry: rewritten through the production storage API
    const key = readProfiles(env).current!;
    const c = readSlot<Credential>(env, slotOf(key))!;
    writeSlot(env, slotOf(key), { ...c, expires_at: Date.now() + 60_000 });
    const calls = await Promise.all(Array.from({ length: 10 }, () => dws('contact', 'user', 'get-self')));
    for (const r of calls) expect(r.status, r.stderr).toBe(0);
    expect(fake.refreshes).toBe(1);
    expect(fake.reusedRefresh).toEqual([]);
    const after = readSlot<Credential>(env, slotOf(key))!;
    expect(after.access_token).not.toBe(c.access_token);
    expect(after.refresh_token).not.toBe(c.refresh_token);

    // nothing secret in plaintext, modes tight
    const secrets = [c.access_token, c.refresh_token!, after.access_token, after.refresh_token!];
    for (const root of [env.DWS_CONFIG_DIR, env.DWS_KEYCHAIN_DIR]) {
      for (const f of filesUnder(root)) {
        expect(f.mode, f.file).toBe(f.dir ? 0o700 : 0o600);
        for (const s of secrets) expect(f.bytes.includes(s), f.file).toBe(false);
      }
    }

    const logout = await dws('auth', 'logout');
    expect(logout.status, logout.stderr).toBe(0);
    expect(JSON.parse(logout.stdout)).toEqual({ logged_out: [key], revoked: [key] });
    expect(fake.revoked).toEqual([after.access_token]);
    expect(existsSync(path.join(env.DWS_KEYCHAIN_DIR, `${slotOf(key)}.enc`))).toBe(false);

    const before = fake.requests.length;
    const refused = await dws('contact', 'user', 'get-self');
    expect(refused.status).toBe(2);
    expect(errorOf(refused.stderr)).toMatchObject({ category: 'auth', reason: 'not_authenticated' });
    expect(errorOf(refused.stderr).hint).toContain('dws auth login');
    expect(fake.requests.length).toBe(before);

    const journal = (await import('node:fs')).readFileSync(env.DWS_JOURNAL, 'utf8');
    for (const s of secrets) {
      expect(journal.includes(s)).toBe(false);
      for (const o of outputs) expect(o.includes(s)).toBe(false);
    }
  });

  it('stops at the organisation gate with the admin guidance', async () => {
    fake.orgEnabled = false;
    try {
      const e = fakeEnv(fake.base);
      const r = await runCliAsync(['auth', 'login', '--device', '--no-browser'], '', e);
      expect(r.status).toBe(2);
      const err = errorOf(r.stderr);
      expect(err.reason).toBe('cli_access_denied');
      expect(err.hint).toContain('developerSettings');
      expect(err.hint).toContain('管理员李');
      expect(existsSync(path.join(e.DWS_CONFIG_DIR, 'profiles.json'))).toBe(false);
    } finally {
      fake.orgEnabled = true;
    }
  });
});
