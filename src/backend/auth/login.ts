// `dws auth login`: a DingTalk authorization code, by one of three routes, becomes a stored credential.
//   browser  a loopback listener on 127.0.0.1 (random port) with a random `state`; the browser opens
//            {login}/oauth2/auth (the URL is printed too); the callback must carry our state, or it is refused and
//            the wait goes on (upstream sends none); 5 minutes
//   device   {login}/oauth2/device/code.json; the code and link are shown; polled through {MCP base}/cli/oauth/
//            device/poll?flowId= (or the RFC 8628 token.json without a flowId) at the server's interval, 10 minutes
//   token    `--token <t>`: stored as given (24 h, no refresh)
// The client id comes from {MCP base}/cli/clientId unless --client-id and --client-secret name an own app (nothing
// is embedded in the package). The code is exchanged through the token proxy ({MCP base}/oauth2/getToken; an own
// app at {api}/v1.0/oauth2/userAccessToken), then the organisation gate ({MCP base}/cli/cliAuthEnabled, fail-closed)
// and the identity (contact get_current_user_profile) are checked before anything is saved.
import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { DwsError } from '../../errors.js';
import { sleep, type Sleep } from '../../sleep.js';
import type { Env } from '../env.js';
import { assertCredentialAllowed } from '../trust.js';
import { ADMIN_PAGE_OF, apiBase, gatewayOf, loginBase, mcpBase, type Region } from './endpoints.js';
import { request, str } from './http.js';
import { saveCredential, tokenFrom, type Credential } from './credential.js';
import { withCredentialLock } from './lock.js';

export interface LoginOptions {
  device?: boolean;
  token?: string;
  noBrowser?: boolean;
  intl?: boolean;
  mcpUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** The organisation to log in to (corpId on the authorize URL). */
  corpId?: string;
  /** Where progress, the URL and the device code go (stderr). */
  say: (line: string) => void;
  /** Opens a URL in the browser (default: the `open` package); tests pass their own. */
  openUrl?: (url: string) => Promise<void>;
  /** Waits (tests make it short). */
  sleep?: Sleep;
}

export interface LoginResult {
  profile: string;
  corp_id: string;
  corp_name?: string;
  user_id: string;
  user_name?: string;
  expires_at: string;
}

const SCOPE = 'openid corpid';
const CALLBACK_WAIT_MS = 5 * 60 * 1000;
const DEVICE_WAIT_MS = 10 * 60 * 1000;

interface Client { id: string; secret?: string; base: string; region: Region }

async function resolveClient(env: Env, o: LoginOptions, region: Region, base: string): Promise<Client> {
  const id = o.clientId ?? env.DWS_CLIENT_ID;
  const secret = o.clientSecret ?? env.DWS_CLIENT_SECRET;
  if (id && secret) return { id, secret, base, region };
  let last = '';
  for (let n = 0; n < 3; n++) {
    if (n > 0) await (o.sleep ?? sleep)(n * 1000);
    try {
      const a = await request('GET', `${base}/cli/clientId`);
      const got = a.body.success === true ? str(a.body.result) : undefined;
      if (got) return { id: got, base, region };
      last = `${str(a.body.errorCode) ?? `HTTP ${a.status}`} ${str(a.body.errorMsg) ?? ''}`.trim();
    } catch (err) {
      last = (err as Error).message;
    }
  }
  throw new DwsError('login_failed', `cannot get the DingTalk CLI client id from ${base}/cli/clientId: ${last}`, 'check the network; with your own app pass --client-id and --client-secret');
}

async function exchange(env: Env, c: Client, code: string): Promise<ReturnType<typeof tokenFrom>> {
  if (c.secret) assertCredentialAllowed(`${apiBase(env, c.region)}/v1.0/oauth2/userAccessToken`, env, 'the DingTalk API');
  const a = c.secret
    ? await request('POST', `${apiBase(env, c.region)}/v1.0/oauth2/userAccessToken`, { json: { clientId: c.id, clientSecret: c.secret, code, grantType: 'authorization_code' } })
    : await request('POST', `${c.base}/oauth2/getToken`, { json: { clientId: c.id, authCode: code, grantType: 'authorization_code' } });
  try {
    if (a.status !== 200) throw new Error(`HTTP ${a.status}`);
    return tokenFrom(a.body);
  } catch (err) {
    throw new DwsError('login_failed', `DingTalk refused the authorization code: ${(err as Error).message}`, 'run `dws auth login` again');
  }
}

const DENIALS: Record<string, string> = {
  CHANNEL_REQUIRED: 'channel_required', ENTERPRISE_NOT_AUTHORIZED: 'enterprise_not_authorized', NO_AUTH: 'no_auth',
};

/** upstream classifyDenialReason: undefined when CLI access is enabled for this user. */
export function denialOf(body: Record<string, unknown>, channel: string | undefined): string | undefined {
  const code = str(body.errorCode);
  if (code && DENIALS[code]) return DENIALS[code];
  const r = body.result as Record<string, unknown> | undefined;
  if (body.success !== true || !r || typeof r !== 'object') return 'unknown';
  if (r.cliAuthEnabled === true) return undefined;
  if (r.userScope === 'forbidden') return 'user_forbidden';
  if (r.channelScope === 'specified') {
    if (!channel) return 'channel_required';
    if (!Array.isArray(r.allowedChannels) || !r.allowedChannels.includes(channel)) return 'channel_not_allowed';
  }
  return r.userScope === 'specified' ? 'user_not_allowed' : 'cli_not_enabled';
}

async function orgGate(env: Env, c: Client, token: string): Promise<void> {
  assertCredentialAllowed(`${c.base}/cli/cliAuthEnabled`, env, 'the DingTalk CLI management endpoint');
  const headers: Record<string, string> = { 'x-user-access-token': token };
  if (env.DWS_CHANNEL) headers['x-dws-channel'] = env.DWS_CHANNEL;
  const a = await request('GET', `${c.base}/cli/cliAuthEnabled`, { headers });
  const denial = a.status === 200 ? denialOf(a.body, env.DWS_CHANNEL) : `HTTP ${a.status}`;
  if (denial === undefined) return;
  let admins = '';
  try {
    const s = await request('GET', `${c.base}/cli/superAdmin`, { headers });
    const names = Array.isArray(s.body.result) ? (s.body.result as { name?: unknown }[]).map((x) => str(x.name)).filter(Boolean).slice(0, 3) : [];
    if (names.length) admins = ` (admins: ${names.join(', ')})`;
  } catch {
    // the guidance below stands without names
  }
  throw new DwsError('cli_access_denied', `your DingTalk organisation does not allow CLI access for this account (${denial})`,
    `ask an organisation admin${admins} to enable CLI access at ${ADMIN_PAGE_OF(c.region)} (Developer settings), then run \`dws auth login\` again`);
}

/** Identity from contact get_current_user_profile: {result:[{orgEmployeeModel:{corpId, orgName, userId, orgUserName, name}}]}. */
async function identity(env: Env, base: string, token: string): Promise<{ corp_id?: string; corp_name?: string; user_id?: string; user_name?: string }> {
  try {
    const [{ callTool, resultOf }, { serverUrl }, { identityHeaders }] = await Promise.all([import('../transport.js'), import('../servers.js'), import('../identity.js')]);
    const url = serverUrl('contact', gatewayOf(base), env);
    assertCredentialAllowed(url, env, 'the "contact" server');
    const server = { url, token, headers: identityHeaders(env), secrets: [token] };
    const value = resultOf(await callTool(server, { server: 'contact', rpcName: 'get_current_user_profile', arguments: {}, replayable: true, timeoutMs: 30_000, attempts: 2 }), server, 'contact');
    const list = (value as { result?: unknown })?.result;
    const org = Array.isArray(list) ? (list[0] as { orgEmployeeModel?: Record<string, unknown> })?.orgEmployeeModel : undefined;
    if (!org) return {};
    return { corp_id: str(org.corpId), corp_name: str(org.orgName), user_id: str(org.userId) ?? str(org.userid) ?? str(org.orgUserId), user_name: str(org.orgUserName) ?? str(org.name) };
  } catch {
    return {};
  }
}


async function openBrowser(url: string): Promise<void> {
  const { default: open } = await import('open');
  await open(url);
}

function sameState(got: string | null, want: string): boolean {
  if (!got || got.length !== want.length) return false;
  return timingSafeEqual(Buffer.from(got), Buffer.from(want));
}

/** The browser flow: the authorization code from the loopback callback that carries our state. */
async function browserCode(o: LoginOptions, c: Client, env: Env): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  let done: (code: string) => void;
  const got = new Promise<string>((resolve) => (done = resolve));
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (u.pathname !== '/callback') return void res.writeHead(404).end();
    const code = u.searchParams.get('authCode') ?? u.searchParams.get('code');
    if (!sameState(u.searchParams.get('state'), state)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('dws: this login callback does not carry the state dws sent; it is refused. Start again with `dws auth login`.\n');
      return;
    }
    if (!code) return void res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('dws: the callback has no authorization code.\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><meta charset="utf-8"><title>dws</title><p>Login received: return to the terminal. 登录成功，请回到终端。</p>');
    done(code);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const q = new URLSearchParams({ client_id: c.id, redirect_uri: `http://127.0.0.1:${port}/callback`, response_type: 'code', scope: SCOPE, prompt: 'consent', state });
  if (o.corpId) q.set('corpId', o.corpId);
  const url = `${loginBase(env, c.region)}/oauth2/auth?${q.toString()}`;
  o.say(`Open this link to log in to DingTalk / 打开链接登录钉钉:\n  ${url}`);
  if (!o.noBrowser) await (o.openUrl ?? openBrowser)(url).catch(() => o.say('(the browser did not open: open the link above yourself)'));
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([got, new Promise<string>((_, reject) => {
      timer = setTimeout(() => reject(new DwsError('login_failed', 'no login callback within 5 minutes', 'run `dws auth login` again, or `dws auth login --device`')), CALLBACK_WAIT_MS);
    })]);
  } finally {
    clearTimeout(timer);
    server.closeAllConnections();
    server.close();
  }
}

/** The device flow: the code shown, the authorization polled until approved, refused or expired. */
async function deviceCode(o: LoginOptions, c: Client, env: Env): Promise<string> {
  const login = loginBase(env, c.region);
  const a = await request('POST', `${login}/oauth2/device/code.json`, { form: { client_id: c.id, scope: SCOPE } });
  const r = (a.body.result ?? a.body) as Record<string, unknown>;
  const device = str(r.deviceCode);
  if (a.status !== 200 || (a.body.success === false) || !device) {
    throw new DwsError('login_failed', `DingTalk did not start the device login: ${str(a.body.errorMsg) ?? str(a.body.errorCode) ?? `HTTP ${a.status}`}`, 'try again, or use `dws auth login` in a browser');
  }
  const link = str(r.verificationUriComplete) ?? str(r.verificationUri) ?? '';
  o.say(`To log in, open / 打开: ${str(r.verificationUri) ?? link}\nand enter the code / 输入代码: ${str(r.userCode) ?? ''}\n(or open ${link})`);
  if (!o.noBrowser && link) await (o.openUrl ?? openBrowser)(link).catch(() => {});
  const interval = Math.min(30, Math.max(0.05, typeof r.interval === 'number' ? r.interval : 2)) * 1000;
  const until = Date.now() + Math.min(DEVICE_WAIT_MS, (typeof r.expiresIn === 'number' ? r.expiresIn : 900) * 1000);
  const flowId = str(r.flowId);
  let wait = interval;
  const wait_ = o.sleep ?? sleep;
  while (Date.now() < until) {
    await wait_(wait);
    let p;
    try {
      p = flowId
        ? await request('GET', `${c.base}/cli/oauth/device/poll?flowId=${encodeURIComponent(flowId)}`)
        : await request('POST', `${login}/oauth2/device/token.json`, { form: { client_id: c.id, device_code: device, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' } });
    } catch {
      continue; // network errors are retried until the flow expires
    }
    if (flowId) {
      const d = ((p.body.data as Record<string, unknown>)?.status ? p.body.data : p.body.result) as Record<string, unknown> | undefined;
      const status = str(d?.status);
      if (status === 'APPROVED' && str(d?.authCode)) return str(d!.authCode)!;
      if (status === 'REJECTED' || status === 'EXPIRED' || status === 'CANCELLED') throw new DwsError('login_failed', `the device login was ${status.toLowerCase()}`, 'run `dws auth login --device` again');
      continue;
    }
    const t = (p.body.result ?? p.body) as Record<string, unknown>;
    if (str(t.authCode)) return str(t.authCode)!;
    const error = str(t.error) ?? str(p.body.error);
    if (error === 'slow_down') wait += 5000;
    else if (error === 'access_denied' || error === 'expired_token') throw new DwsError('login_failed', `the device login ended: ${error}`, 'run `dws auth login --device` again');
  }
  throw new DwsError('login_failed', 'the device login was not approved in time', 'run `dws auth login --device` again');
}

export async function login(env: Env, o: LoginOptions): Promise<LoginResult> {
  const region: Region = o.intl ? 'intl' : 'cn';
  const base = mcpBase(env, region, o.mcpUrl);
  let credential: Credential;
  if (o.token !== undefined) {
    if (o.token.trim() === '') throw new DwsError('invalid_parameter', '--token needs a token');
    const who = await identity(env, base, o.token);
    const now = Date.now();
    credential = {
      access_token: o.token, expires_at: now + 24 * 3600 * 1000, source: 'manual', region,
      corp_id: who.corp_id ?? 'manual', user_id: who.user_id ?? 'manual',
      ...(who.corp_name ? { corp_name: who.corp_name } : {}), ...(who.user_name ? { user_name: who.user_name } : {}),
      ...(o.mcpUrl ? { mcp_base: base } : {}),
    };
  } else {
    const client = await resolveClient(env, o, region, base);
    const code = o.device ? await deviceCode(o, client, env) : await browserCode(o, client, env);
    o.say('Authorized; checking the organisation and the identity / 已授权，正在检查组织与身份');
    const t = await exchange(env, client, code);
    await orgGate(env, client, t.access_token);
    const who = await identity(env, base, t.access_token);
    const corp = t.corp_id ?? who.corp_id;
    const user = t.user_id ?? who.user_id;
    if (!corp || !user) throw new DwsError('login_failed', 'DingTalk did not say which organisation and user this login is', 'run `dws auth login` again');
    credential = {
      access_token: t.access_token, expires_at: t.expires_at, corp_id: corp, user_id: user, client_id: client.id, source: client.secret ? 'direct' : 'mcp', region,
      ...(t.refresh_token ? { refresh_token: t.refresh_token, refresh_expires_at: t.refresh_expires_at } : {}),
      ...(client.secret ? { client_secret: client.secret } : {}),
      ...(who.corp_name ?? t.corp_name ? { corp_name: who.corp_name ?? t.corp_name } : {}),
      ...(who.user_name ?? t.user_name ? { user_name: who.user_name ?? t.user_name } : {}),
      ...(o.mcpUrl ? { mcp_base: base } : {}),
    };
  }
  const key = await withCredentialLock(env, async () => saveCredential(env, credential, true));
  return {
    profile: key, corp_id: credential.corp_id, ...(credential.corp_name ? { corp_name: credential.corp_name } : {}),
    user_id: credential.user_id, ...(credential.user_name ? { user_name: credential.user_name } : {}), expires_at: new Date(credential.expires_at).toISOString(),
  };
}
