// profiles.json in the config dir: what may be shown without decrypting anything: each identity's corp and user
// (ids and names), status, expiry, and which profile is current. One profile per identity (corpId:userId); the
// secret part of each lives in its encrypted slot (vault.ts). Changed only under the credential lock.
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DwsError } from '../../errors.js';
import type { Env } from '../env.js';
import { configDir, writeAtomic } from './paths.js';

export type ProfileStatus = 'active' | 'expired' | 'revoked';

export interface Profile {
  corp_id: string;
  user_id: string;
  corp_name?: string;
  user_name?: string;
  status: ProfileStatus;
  /** Epoch ms of the access token's and the refresh token's expiry. */
  expires_at: number;
  refresh_expires_at?: number;
  last_login: string;
  region: 'cn' | 'intl';
}

export interface Profiles {
  version: 1;
  current?: string;
  previous?: string;
  profiles: Record<string, Profile>;
}

export const profileKey = (corpId: string, userId: string): string => `${corpId}:${userId}`;

/** The slot of an identity: a digest, so a file name carries no id. */
export const slotOf = (key: string): string => `id-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

const file = (env: Env) => path.join(configDir(env), 'profiles.json');

export function readProfiles(env: Env): Profiles {
  const f = file(env);
  if (!existsSync(f)) return { version: 1, profiles: {} };
  try {
    const p = JSON.parse(readFileSync(f, 'utf8')) as Profiles;
    if (p && typeof p.profiles === 'object') return p;
  } catch {
    // fall through
  }
  throw new DwsError('credential_store_error', `${f} is not a valid profile file`, 'run `dws auth logout` and log in again');
}

export function writeProfiles(env: Env, p: Profiles): void {
  writeAtomic(file(env), JSON.stringify(p, null, 1) + '\n');
}

/**
 * The profile a selector names: a key (corpId:userId), a corpId, a corp name, a user name, or "corpName:userName".
 * No selector: DWS_PROFILE, else the current profile. Undefined when nobody is logged in; a selector that names
 * none or several is unknown_profile.
 */
export function selectProfile(p: Profiles, selector: string | undefined): string | undefined {
  const keys = Object.keys(p.profiles).sort();
  if (selector === undefined || selector === '') return p.current !== undefined && p.profiles[p.current] ? p.current : keys.length === 1 ? keys[0] : undefined;
  if (p.profiles[selector]) return selector;
  const matches = keys.filter((k) => {
    const v = p.profiles[k];
    return v.corp_id === selector || v.corp_name === selector || v.user_name === selector || `${v.corp_name}:${v.user_name}` === selector;
  });
  if (matches.length === 1) return matches[0];
  const listed = keys.map((k) => `${k} (${p.profiles[k].corp_name ?? '?'} / ${p.profiles[k].user_name ?? '?'})`).join(', ') || 'none';
  throw new DwsError('unknown_profile', matches.length ? `"${selector}" names ${matches.length} profiles` : `no profile "${selector}"`,
    `profiles: ${listed}; use corpId:userId, or \`dws auth login\` for a new one`);
}
