// The browser login driven end to end in Chromium: dws prints the authorize URL, the fake consent page redirects to
// dws's loopback callback, and the login completes; a callback with a wrong or missing state is refused and the
// login goes on waiting for the right one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { BIN } from '../helpers.js';
import { launchChromium } from '../playground/site.js';
import { startFakeDingTalk, OWN_APP, PROFILE, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { readFileSync } from 'node:fs';
import { filesUnder } from './env.js';
import { fakeEnv } from './env.js';

let fake: FakeDingTalk;
let browser: Browser;

beforeAll(async () => {
  fake = await startFakeDingTalk();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await fake?.close();
});

/** Starts `dws auth login --no-browser`; resolves the authorize URL it prints, and later its exit. */
function startLogin(env: Record<string, string>, extra: string[] = []) {
  const child = spawn(process.execPath, [BIN, 'auth', 'login', '--no-browser', ...extra], { env: { ...process.env, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  const url = new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/oauth2\/auth\?\S+)/.exec(stderr);
      if (m) resolve(m[1]);
    });
    child.on('close', () => reject(new Error(`dws ended before printing a URL: ${stderr}`)));
  });
  const done = new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => child.on('close', (status) => resolve({ status: status ?? -1, stdout, stderr })));
  return { url, done };
}

describe('browser login in Chromium', () => {
  it('opens the printed URL, consents, and completes through the loopback callback', async () => {
    const env = fakeEnv(fake.base);
    const login = startLogin(env);
    const url = new URL(await login.url);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const page = await browser.newPage();
    await page.goto(url.href);
    await page.click('#allow');
    await page.waitForURL(/\/callback\?/);
    expect(await page.textContent('body')).toContain('Login received');
    const r = await login.done;
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ logged_in: true, corp_name: PROFILE.corpName, user_name: PROFILE.userName });
    await page.close();
  });

  it('refuses a callback with a wrong or missing state and still completes with the right one', async () => {
    const env = fakeEnv(fake.base);
    const login = startLogin(env);
    const url = new URL(await login.url);
    const callback = new URL(url.searchParams.get('redirect_uri')!);
    const page = await browser.newPage();
    for (const state of ['wrong-state', null]) {
      const forged = new URL(callback);
      forged.searchParams.set('authCode', 'code-forged');
      if (state) forged.searchParams.set('state', state);
      const response = await page.goto(forged.href);
      expect(response!.status()).toBe(400);
      expect(await page.textContent('body')).toContain('refused');
    }
    await page.goto(url.href);
    await page.click('#allow');
    await page.waitForURL(/\/callback\?/);
    const r = await login.done;
    expect(r.status, r.stderr).toBe(0);
    await page.close();
  });

  it('logs in with the user\'s own app (--client-id, --client-secret) through the API host, and refreshes there', async () => {
    const env: Record<string, string> = { ...fakeEnv(fake.base), DWS_API_URL: fake.base };
    const before = fake.requests.length;
    const login = startLogin(env, ['--client-id', OWN_APP.id, '--client-secret', OWN_APP.secret]);
    const url = new URL(await login.url);
    expect(url.searchParams.get('client_id')).toBe(OWN_APP.id);
    const page = await browser.newPage();
    await page.goto(url.href);
    await page.click('#allow');
    await page.waitForURL(/\/callback\?/);
    const r = await login.done;
    await page.close();
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ logged_in: true, corp_name: PROFILE.corpName, user_name: PROFILE.userName });
    const seen = fake.requests.slice(before).map((q) => q.path);
    // the app's own id: the CLI's client id is never fetched, and the code goes to the API host with the secret
    expect(seen).not.toContain('/cli/clientId');
    expect(seen).toContain('/v1.0/oauth2/userAccessToken');
    // the secret is stored encrypted like the tokens: never in plaintext on disk or in what dws printed
    for (const f of [...filesUnder(env.DWS_CONFIG_DIR), ...filesUnder(env.DWS_KEYCHAIN_DIR)]) expect(f.bytes.includes(OWN_APP.secret), f.file).toBe(false);
    expect(r.stdout + r.stderr).not.toContain(OWN_APP.secret);
    // near its expiry, the next call refreshes through the API host with the app's secret
    fake.expiresIn = 60;
    const refreshes = fake.refreshes;
    const relogin = startLogin(env, ['--client-id', OWN_APP.id, '--client-secret', OWN_APP.secret]);
    const page2 = await browser.newPage();
    await page2.goto((await relogin.url));
    await page2.click('#allow');
    await page2.waitForURL(/\/callback\?/);
    expect((await relogin.done).status).toBe(0);
    await page2.close();
    fake.expiresIn = 7200;
    // spawned without blocking: the fake DingTalk answers from this process
    const call = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'contact', 'user', 'get-self'], { env: { ...process.env, ...env } });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.stdout.resume();
      child.on('close', (status) => resolve({ status, stderr }));
    });
    expect(call.status, call.stderr).toBe(0);
    expect(fake.refreshes).toBe(refreshes + 1);
    const grants = fake.requests.filter((q) => q.path === '/v1.0/oauth2/userAccessToken').map((q) => (JSON.parse(q.body) as { grantType: string }).grantType);
    expect(grants).toContain('refresh_token');
    expect(readFileSync(env.DWS_JOURNAL, 'utf8')).not.toContain(OWN_APP.secret);
  });
});
