// What `dws auth status|logout` and `dws profile list|switch|use` do with the stored logins.
import { DwsError } from '../../errors.js';
import type { Env } from '../env.js';
import { freshCredential, refreshValid, storedCredential, type Credential } from './credential.js';
import { mcpBase } from './endpoints.js';
import { request } from './http.js';
import { withCredentialLock } from './lock.js';
import { readProfiles, selectProfile, slotOf, writeProfiles } from './profiles.js';
import { deleteSlot, readSlot } from './vault.js';
import { credentialRefusal } from '../trust.js';

export interface Status {
  logged_in: boolean;
  profile?: string;
  corp_id?: string;
  corp_name?: string;
  user_id?: string;
  user_name?: string;
  status?: string;
  expires_at?: string;
  refresh_valid?: boolean;
  source?: string;
  region?: string;
  error?: { reason: string; message: string };
}

/** The login of a profile; refreshed first when near its expiry (as upstream's status does). */
export async function status(env: Env, selector?: string): Promise<Status> {
  let found: { key: string; credential: Credential };
  try {
    found = storedCredential(env, selector);
  } catch (err) {
    if (err instanceof DwsError && err.reason === 'not_authenticated') return { logged_in: false };
    throw err;
  }
  let error: Status['error'];
  try {
    found = await freshCredential(env, selector);
  } catch (err) {
    if (!(err instanceof DwsError)) throw err;
    error = { reason: err.reason, message: err.message };
  }
  const c = found.credential;
  const meta = readProfiles(env).profiles[found.key];
  const valid = c.expires_at > Date.now();
  return {
    logged_in: valid && !error, profile: found.key, corp_id: c.corp_id, ...(c.corp_name ? { corp_name: c.corp_name } : {}),
    user_id: c.user_id, ...(c.user_name ? { user_name: c.user_name } : {}), status: error ? 'expired' : meta?.status ?? 'active',
    expires_at: new Date(c.expires_at).toISOString(), refresh_valid: refreshValid(c), source: c.source, region: c.region, ...(error ? { error } : {}),
  };
}

async function revoke(env: Env, c: Credential): Promise<boolean> {
  if (c.source !== 'mcp' || !c.client_id) return false;
  const url = `${mcpBase(env, c.region, c.mcp_base)}/oauth2/revokeToken`;
  if (credentialRefusal(new URL(url), env)) return false;
  try {
    const a = await request('POST', url, { json: { clientId: c.client_id, accessToken: c.access_token } });
    return a.status === 200;
  } catch {
    return false;
  }
}

/** Revokes (best effort), then deletes the local credentials: one profile with a selector, else all of them. */
export async function logout(env: Env, selector?: string): Promise<{ logged_out: string[]; revoked: string[] }> {
  return withCredentialLock(env, async () => {
    const p = readProfiles(env);
    const keys = selector ? [selectProfile(p, selector)!] : Object.keys(p.profiles).sort();
    const revoked: string[] = [];
    for (const key of keys) {
      let c: Credential | undefined;
      try {
        c = readSlot<Credential>(env, slotOf(key));
      } catch {
        c = undefined;
      }
      if (c && (await revoke(env, c))) revoked.push(key);
      deleteSlot(env, slotOf(key));
      delete p.profiles[key];
      if (p.current === key) delete p.current;
      if (p.previous === key) delete p.previous;
    }
    writeProfiles(env, p);
    return { logged_out: keys, revoked };
  });
}

export function listProfiles(env: Env): { current?: string; profiles: Record<string, unknown>[] } {
  const p = readProfiles(env);
  return {
    ...(p.current ? { current: p.current } : {}),
    profiles: Object.keys(p.profiles).sort().map((key) => {
      const v = p.profiles[key];
      return { profile: key, current: key === p.current, corp_id: v.corp_id, corp_name: v.corp_name ?? null, user_id: v.user_id, user_name: v.user_name ?? null,
        status: v.status, expires_at: new Date(v.expires_at).toISOString() };
    }),
  };
}

/** Makes a profile current ("-": the previous one). */
export async function switchProfile(env: Env, selector: string): Promise<{ current: string }> {
  return withCredentialLock(env, async () => {
    const p = readProfiles(env);
    const key = selector === '-' ? p.previous : selectProfile(p, selector);
    if (!key || !p.profiles[key]) throw new DwsError('unknown_profile', selector === '-' ? 'there is no previous profile' : `no profile "${selector}"`, 'list them with `dws profile list`');
    if (p.current !== key) {
      if (p.current) p.previous = p.current;
      p.current = key;
      writeProfiles(env, p);
    }
    return { current: key };
  });
}
