// `dws serve` uses the stored login (no token in its environment), refreshes it when near expiry, and `execute`
// takes a `profile`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type Served } from '../serve/client.js';
import { loadEngine } from '../../src/index.js';
import { startFakeDingTalk, PROFILE, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { fakeEnv } from './env.js';
import { seedLogin } from './seed.js';
import { readProfiles, slotOf } from '../../src/backend/auth/profiles.js';
import { readSlot, writeSlot } from '../../src/backend/auth/vault.js';
import type { Credential } from '../../src/backend/auth/credential.js';

let fake: FakeDingTalk;
let served: Served;
let env: Record<string, string>;
const hashes = loadEngine().catalogHashes;

beforeAll(async () => {
  fake = await startFakeDingTalk();
  env = fakeEnv(fake.base);
  served = await serve(env);
});
afterAll(async () => {
  await served?.close();
  await fake?.close();
});

const execute = (extra: Record<string, unknown> = {}) => served.call('execute', {
  canonical_path: 'contact.get_current_user_profile', arguments: {}, expected_source_hash: hashes.source_hash, expected_surface_hash: hashes.surface_hash, ...extra,
});

describe('dws serve with the stored login', () => {
  it('answers not_authenticated before anyone logged in, then calls with the login', async () => {
    const refused = await execute();
    expect(refused.isError).toBe(true);
    expect(JSON.parse(refused.text).error.reason).toBe('not_authenticated');
    const token = seedLogin(env, fake);
    const r = await execute({ profile: `${PROFILE.corpId}:${PROFILE.userId}` });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toContain(PROFILE.userName);
    expect(fake.requests.at(-1)!.headers['x-user-access-token']).toBe(token);
  });

  it('refreshes a token near its expiry through the proxy', async () => {
    // a login whose refresh token the fake issued
    const login = await import('../helpers.js').then((h) => h.runCliAsync(['auth', 'login', '--device', '--no-browser'], '', env));
    expect(login.status, login.stderr).toBe(0);
    const key = readProfiles(env).current!;
    const c = readSlot<Credential>(env, slotOf(key))!;
    writeSlot(env, slotOf(key), { ...c, expires_at: Date.now() + 1000 });
    const before = fake.refreshes;
    const r = await execute();
    expect(r.isError, r.text).toBe(false);
    expect(fake.refreshes).toBe(before + 1);
  });

  it('refuses an unknown profile', async () => {
    const r = await execute({ profile: 'nobody' });
    expect(JSON.parse(r.text).error.reason).toBe('unknown_profile');
  });
});
