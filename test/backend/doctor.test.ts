// `dws doctor`: every check answers within its bound, against the fake DingTalk, with no secret in the report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliAsync } from '../helpers.js';
import { startFakeDingTalk, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { fakeEnv } from './env.js';
import { seedLogin } from './seed.js';

let fake: FakeDingTalk;
beforeAll(async () => {
  fake = await startFakeDingTalk();
});
afterAll(() => fake.close());

describe('dws doctor', () => {
  it('reports configuration, login, keychain, clock, each server and the version', async () => {
    const env = fakeEnv(fake.base);
    const token = seedLogin(env, fake);
    const r = await runCliAsync(['doctor', '--json', '--timeout', '20'], '', env);
    const report = JSON.parse(r.stdout) as { ok: boolean; checks: { name: string; ok: boolean; detail: string }[] };
    const names = report.checks.map((c) => c.name);
    expect(names.slice(0, 4)).toEqual(['config', 'login', 'keychain', 'clock']);
    expect(names).toContain('server contact');
    expect(names.at(-1)).toBe('version');
    expect(report.checks.find((c) => c.name === 'login')).toMatchObject({ ok: true });
    expect(report.checks.filter((c) => c.name.startsWith('server ')).every((c) => c.ok)).toBe(true);
    expect(report.ok).toBe(true);
    expect(r.status).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(token);
  });
});
