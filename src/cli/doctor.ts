// `dws doctor`: each check bounded in time, none prints a secret. Checks: the configuration (directories,
// overrides), the login and its expiry, the keychain, the clock (against the MCP base's Date header), each
// DingTalk server reachable (an HTTP answer of any status counts), and the version.
import { existsSync } from 'node:fs';
import type { Env } from '../backend/config.js';

interface Check { name: string; ok: boolean; detail: string }

async function bounded<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  return run(AbortSignal.timeout(ms));
}

export async function doctor(env: Env, timeoutMs: number): Promise<{ ok: boolean; version: string; checks: Check[] }> {
  const [{ configDir, keychainDir }, account, vault, { gatewayOf, mcpBase }, servers, { CLI_VERSION }] = await Promise.all([
    import('../backend/auth/paths.js'), import('../backend/auth/account.js'), import('../backend/auth/vault.js'),
    import('../backend/auth/endpoints.js'), import('../backend/servers.js'), import('../backend/identity.js')]);
  const checks: Check[] = [];
  const overrides = ['DWS_MCP_URL_TEMPLATE', 'DWS_MCP_BASE_URL', 'DWS_LOGIN_URL', 'DWS_TRUSTED_DOMAINS', 'DWS_ALLOW_HTTP_ENDPOINTS', 'DWS_TOKEN', 'DWS_PROFILE']
    .filter((k) => env[k]);
  checks.push({ name: 'config', ok: true, detail: `config dir ${configDir(env)}${existsSync(configDir(env)) ? '' : ' (not created yet)'}; keychain dir ${keychainDir(env)}; overrides: ${overrides.join(', ') || 'none'}` });
  let region: 'cn' | 'intl' = 'cn';

  try {
    const s = await account.status(env);
    region = s.region === 'intl' ? 'intl' : 'cn';
    checks.push({ name: 'login', ok: s.logged_in, detail: s.logged_in ? `${s.user_name ?? s.user_id} @ ${s.corp_name ?? s.corp_id}, expires ${s.expires_at}, refresh ${s.refresh_valid ? 'valid' : 'not valid'}` : s.error?.message ?? 'not logged in: run `dws auth login`' });
  } catch (err) {
    checks.push({ name: 'login', ok: false, detail: (err as Error).message });
  }
  checks.push({ name: 'keychain', ok: true, detail: `OS keychain ${vault.keychainReachable(env) ? 'reachable' : 'not reachable (the data key is kept in a 0600 file)'}; data key: ${vault.keyHome(env)}` });
  const base = mcpBase(env, region);
  try {
    const r = await bounded(timeoutMs, (signal) => fetch(base, { method: 'GET', signal, redirect: 'manual' }));
    const date = Date.parse(r.headers.get('date') ?? '');
    const skew = Number.isFinite(date) ? Math.round((Date.now() - date) / 1000) : undefined;
    checks.push({ name: 'clock', ok: skew === undefined || Math.abs(skew) < 300, detail: skew === undefined ? 'the server sent no Date header' : `${skew} s from ${new URL(base).host}` });
  } catch (err) {
    checks.push({ name: 'clock', ok: false, detail: `${new URL(base).host} not reachable: ${(err as Error).name}` });
  }
  const gateway = gatewayOf(base);
  const results = await Promise.all(servers.serverIds().map(async (id) => {
    let url: string;
    try {
      url = servers.serverUrl(id, gateway, env);
    } catch (err) {
      return { id, ok: false, detail: (err as Error).message };
    }
    try {
      const r = await bounded(timeoutMs, (signal) => fetch(url, { method: 'GET', signal, redirect: 'manual' }));
      return { id, ok: true, detail: `HTTP ${r.status}` };
    } catch (err) {
      return { id, ok: false, detail: (err as Error).name === 'TimeoutError' ? 'no answer in time' : String((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message) };
    }
  }));
  for (const r of results) checks.push({ name: `server ${r.id}`, ok: r.ok, detail: r.detail });
  checks.push({ name: 'version', ok: true, detail: `dws ${CLI_VERSION}, node ${process.versions.node}` });
  return { ok: checks.every((c) => c.ok), version: CLI_VERSION, checks };
}
