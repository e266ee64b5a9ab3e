// The browser login driven end to end in Chromium: dws prints the authorize URL, the fake consent page redirects to
// dws's loopback callback, and the login completes; a callback with a wrong or missing state is refused and the
// login goes on waiting for the right one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { BIN } from '../helpers.js';
import { launchChromium } from '../playground/site.js';
import { startFakeDingTalk, PROFILE, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
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
function startLogin(env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, 'auth', 'login', '--no-browser'], { env: { ...process.env, ...env } });
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
});
