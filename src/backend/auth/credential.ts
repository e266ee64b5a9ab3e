// The stored credential of one identity, and the token every DingTalk call uses. A token is valid until 5 minutes
// before its expiry; then it is refreshed lazily, on the next use (no background refresh):
//   - under the credential lock (lock.ts), held across processes;
//   - after taking the lock the slot is read again: when another process refreshed meanwhile, its token is used, so
//     a rotating refresh token is never spent twice;
//   - the new token is saved before the lock is released; a refresh token that fails marks the profile expired and
//     the error says `dws auth login` (the credential is kept: a transient failure may pass).
// Proxy credentials (source "mcp") refresh through {MCP base}/oauth2/refreshToken, own-app credentials through
// {api}/v1.0/oauth2/userAccessToken with the app's secret, a token given with --token not at all.
// No credential at all is not_authenticated before any network call.
import { DwsError } from '../../errors.js';
import type { Env } from '../env.js';
import { withCredentialLock } from './lock.js';
import { readProfiles, selectProfile, slotOf, writeProfiles, type Profile } from './profiles.js';
import { readSlot, writeSlot } from './vault.js';
import { apiBase, mcpBase, type Region } from './endpoints.js';
import { request, str } from './http.js';
import { assertCredentialAllowed } from '../trust.js';

export interface Credential {
  access_token: string;
  refresh_token?: string;
  /** Epoch ms. */
  expires_at: number;
  refresh_expires_at?: number;
  corp_id: string;
  user_id: string;
  corp_name?: string;
  user_name?: string;
  client_id?: string;
  /** An own app's secret (own-app logins only); encrypted with the rest. */
  client_secret?: string;
  source: 'mcp' | 'direct' | 'manual';
  region: Region;
  /** The MCP base the login used (`--mcp-url`), when not the default. */
  mcp_base?: string;
}

export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
const DEFAULT_EXPIRES_IN_S = 7200;
const REFRESH_LIFETIME_MS = 30 * 24 * 3600 * 1000;

export const isFresh = (c: Credential, now = Date.now()): boolean => c.expires_at - now > REFRESH_MARGIN_MS;
export const refreshValid = (c: Credential, now = Date.now()): boolean => !!c.refresh_token && (c.refresh_expires_at ?? Infinity) > now;

const LOGIN_HINT = 'run `dws auth login`';

/** The token answer of the proxy or of the api host, as a credential without identity (upstream parseTokenResponse). */
export function tokenFrom(body: Record<string, unknown>, now = Date.now()): Pick<Credential, 'access_token' | 'refresh_token' | 'expires_at' | 'refresh_expires_at'> & { corp_id?: string; corp_name?: string; user_id?: string; user_name?: string } {
  const access = str(body.accessToken);
  if (!access) throw new Error(str(body.errorCode) ?? str(body.code) ? `${str(body.errorCode) ?? str(body.code)}: ${str(body.errorMsg) ?? str(body.message) ?? ''}` : 'the answer has no accessToken');
  const expiresIn = typeof body.expiresIn === 'number' && body.expiresIn > 0 ? body.expiresIn : DEFAULT_EXPIRES_IN_S;
  const out: ReturnType<typeof tokenFrom> = { access_token: access, expires_at: now + expiresIn * 1000, refresh_expires_at: now + REFRESH_LIFETIME_MS };
  const refresh = str(body.refreshToken);
  if (refresh) out.refresh_token = refresh;
  for (const [k, v] of [['corp_id', body.corpId], ['corp_name', str(body.corpName) ?? str(body.orgName)], ['user_id', body.userId], ['user_name', body.userName]] as const) {
    if (str(v)) out[k] = str(v);
  }
  return out;
}

/** Saves a credential and its profile metadata; the caller holds the credential lock. */
export function saveCredential(env: Env, c: Credential, makeCurrent: boolean): string {
  const key = `${c.corp_id}:${c.user_id}`;
  writeSlot(env, slotOf(key), c);
  const p = readProfiles(env);
  const meta: Profile = {
    corp_id: c.corp_id, user_id: c.user_id, status: 'active', expires_at: c.expires_at, last_login: new Date().toISOString(), region: c.region,
    ...(c.corp_name ? { corp_name: c.corp_name } : {}), ...(c.user_name ? { user_name: c.user_name } : {}),
    ...(c.refresh_expires_at !== undefined && c.refresh_token ? { refresh_expires_at: c.refresh_expires_at } : {}),
  };
  const last = p.profiles[key]?.last_login;
  p.profiles[key] = makeCurrent || !last ? meta : { ...meta, last_login: last };
  if (makeCurrent && p.current !== key) {
    if (p.current) p.previous = p.current;
    p.current = key;
  }
  writeProfiles(env, p);
  return key;
}

function markExpired(env: Env, key: string): void {
  const p = readProfiles(env);
  if (p.profiles[key]) {
    p.profiles[key].status = 'expired';
    writeProfiles(env, p);
  }
}

/** The profile key and its credential, with no network call; not_authenticated when there is none. */
export function storedCredential(env: Env, selector?: string): { key: string; credential: Credential } {
  const key = selectProfile(readProfiles(env), selector ?? env.DWS_PROFILE);
  const credential = key === undefined ? undefined : readSlot<Credential>(env, slotOf(key));
  if (key === undefined || !credential) throw new DwsError('not_authenticated', 'not logged in to DingTalk', `${LOGIN_HINT} (or \`dws auth login --device\` over SSH)`);
  return { key, credential };
}

async function refreshOnce(env: Env, c: Credential): Promise<Credential> {
  let answer;
  if (c.source === 'direct') {
    assertCredentialAllowed(`${apiBase(env, c.region)}/v1.0/oauth2/userAccessToken`, env, 'the DingTalk API');
    answer = await request('POST', `${apiBase(env, c.region)}/v1.0/oauth2/userAccessToken`, { json: { clientId: c.client_id, clientSecret: c.client_secret, refreshToken: c.refresh_token, grantType: 'refresh_token' } });
  } else {
    const base = mcpBase(env, c.region, c.mcp_base);
    assertCredentialAllowed(`${base}/oauth2/refreshToken`, env, 'the token proxy');
    answer = await request('POST', `${base}/oauth2/refreshToken`, { json: { clientId: c.client_id, refreshToken: c.refresh_token, grantType: 'refresh_token' } });
  }
  if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
  const t = tokenFrom(answer.body);
  return { ...c, access_token: t.access_token, expires_at: t.expires_at, refresh_expires_at: t.refresh_expires_at, refresh_token: t.refresh_token ?? c.refresh_token, corp_name: c.corp_name ?? t.corp_name };
}

/** A valid credential of the selected profile, refreshed first when it is within 5 minutes of its expiry. */
export async function freshCredential(env: Env, selector?: string): Promise<{ key: string; credential: Credential }> {
  const first = storedCredential(env, selector);
  if (isFresh(first.credential)) return first;
  const expired = () => new DwsError('token_expired', `the DingTalk login of ${first.key} has expired`, LOGIN_HINT);
  if (!refreshValid(first.credential)) throw expired();
  return withCredentialLock(env, async () => {
    const again = readSlot<Credential>(env, slotOf(first.key));
    if (!again) throw new DwsError('not_authenticated', 'not logged in to DingTalk (logged out meanwhile)', LOGIN_HINT);
    if (isFresh(again)) return { key: first.key, credential: again };
    if (!refreshValid(again)) throw expired();
    let next: Credential;
    try {
      next = await refreshOnce(env, again);
    } catch (err) {
      const transient = err instanceof DwsError && err.reason === 'transport_error';
      if (!transient) markExpired(env, first.key);
      throw new DwsError('token_expired', `the DingTalk login of ${first.key} could not be refreshed: ${err instanceof Error ? err.message : String(err)}`, LOGIN_HINT);
    }
    try {
      saveCredential(env, next, false);
    } catch {
      throw new DwsError('credential_store_error', 'the refreshed token could not be saved (the old refresh token is already spent)', LOGIN_HINT);
    }
    return { key: first.key, credential: next };
  });
}
