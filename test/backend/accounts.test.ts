// Profiles and the other credential forms: `auth login --token`, `profile list|switch|use`, `--profile` on a
// catalog command, and a refresh that fails (the profile is marked expired, the error says `dws auth login`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInProcess, errorOf, runCliAsync } from '../helpers.js';
import { startFakeDingTalk, PROFILE, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { fakeEnv } from './env.js';
import { seedLogin } from './seed.js';
import { readProfiles, slotOf } from '../../src/backend/auth/profiles.js';
import { readSlot, writeSlot } from '../../src/backend/auth/vault.js';
import { saveCredential, type Credential } from '../../src/backend/auth/credential.js';

let fake: FakeDingTalk;
beforeAll(async () => {
  fake = await startFakeDingTalk();
});
afterAll(() => fake.close());

const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe('profiles and credential forms', () => {
  it('stores a token given with --token under the identity it resolves to, with no refresh', async () => {
    const env = fakeEnv(fake.base);
    fake.validTokens.add('at-manual-token-123456');
    const r = await runCliAsync(['auth', 'login', '--token', 'at-manual-token-123456'], '', env);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain('at-manual-token-123456');
    expect(json(r.stdout)).toMatchObject({ logged_in: true, profile: `${PROFILE.corpId}:${PROFILE.userId}`, user_name: PROFILE.userName });
    const s = json((await runCliAsync(['auth', 'status'], '', env)).stdout);
    expect(s).toMatchObject({ logged_in: true, source: 'manual', refresh_valid: false });
  });

  it('lists profiles, switches between them, and --profile picks one for a single call', async () => {
    const env = fakeEnv(fake.base);
    const first = seedLogin(env, fake);
    const second = 'at-second-org-token';
    fake.validTokens.add(second);
    saveCredential(env, { access_token: second, expires_at: Date.now() + 3600_000, corp_id: 'ding-corp-2', user_id: 'user-7', corp_name: '另一家', user_name: '李四', source: 'manual', region: 'cn' }, true);
    const list = json((await runCliAsync(['profile', 'list'], '', env)).stdout) as { current: string; profiles: { profile: string; current: boolean }[] };
    expect(list.current).toBe('ding-corp-2:user-7');
    expect(list.profiles.map((p) => [p.profile, p.current])).toEqual([[`${PROFILE.corpId}:${PROFILE.userId}`, false], ['ding-corp-2:user-7', true]]);

    await dispatchInProcess(['contact', 'user', 'get-self', '--profile', PROFILE.corpId], env);
    expect(fake.requests.at(-1)!.headers['x-user-access-token']).toBe(first);
    await dispatchInProcess(['contact', 'user', 'get-self'], env);
    expect(fake.requests.at(-1)!.headers['x-user-access-token']).toBe(second);

    const sw = await runCliAsync(['profile', 'switch', '示例科技'], '', env);
    expect(json(sw.stdout)).toEqual({ current: `${PROFILE.corpId}:${PROFILE.userId}` });
    const back = await runCliAsync(['profile', 'use', '-'], '', env);
    expect(json(back.stdout)).toEqual({ current: 'ding-corp-2:user-7' });
    const unknown = await runCliAsync(['contact', 'user', 'get-self', '--profile', 'nobody'], '', env);
    expect([unknown.status, errorOf(unknown.stderr).reason]).toEqual([3, 'unknown_profile']);
  });

  it('marks the profile expired when its refresh token is refused, and says dws auth login', async () => {
    const env = fakeEnv(fake.base);
    seedLogin(env, fake);
    const key = readProfiles(env).current!;
    const c = readSlot<Credential>(env, slotOf(key))!;
    writeSlot(env, slotOf(key), { ...c, expires_at: Date.now() + 1000 });
    const r = await runCliAsync(['contact', 'user', 'get-self'], '', env);
    expect(r.status).toBe(2);
    expect(errorOf(r.stderr)).toMatchObject({ category: 'auth', reason: 'token_expired' });
    expect(errorOf(r.stderr).hint).toContain('dws auth login');
    expect(readProfiles(env).profiles[key].status).toBe('expired');
    expect(json((await runCliAsync(['auth', 'status'], '', env)).stdout)).toMatchObject({ logged_in: false, status: 'expired' });
  });
});
