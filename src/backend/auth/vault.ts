// Credentials at rest: each slot is AES-256-GCM under one random 32-byte data key (DEK), as upstream keeps them
// (internal/keychain): a slot file is a 12-byte IV, then the ciphertext, then the 16-byte tag. The DEK lives in the
// OS keychain where one is reachable (@napi-rs/keyring: macOS Keychain, Windows Credential Manager, the Secret
// Service on Linux), else in the 0600 file `dek` next to the slots. DWS_DISABLE_KEYCHAIN=1 keeps it in the file;
// a keychain that accepts a key but cannot give it back (a container without a Secret Service) counts as absent.
// The keychain entry is named after the keychain directory, so a DWS_KEYCHAIN_DIR gets a key of its own.
// Nothing here prints a secret; a failure is credential_store_error (exit 5) naming the file, never its content.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DwsError } from '../../errors.js';
import type { Env } from '../env.js';
import { ensureDir, keychainDir, writeAtomic } from './paths.js';

const SERVICE = 'dws-cli';
const DEK_FILE = 'dek';

interface KeyringEntry {
  getPassword(): string | null | undefined;
  setPassword(value: string): void;
  deletePassword(): boolean | void;
}

/** The OS keychain entry of this keychain directory's DEK, or undefined where no keychain binding loads. */
function keychainEntry(env: Env, dir: string): KeyringEntry | undefined {
  if (env.DWS_DISABLE_KEYCHAIN === '1') return undefined;
  try {
    const { Entry } = createRequire(import.meta.url)('@napi-rs/keyring') as { Entry: new (service: string, account: string) => KeyringEntry };
    return new Entry(SERVICE, `dek:${createHash('sha256').update(dir).digest('hex').slice(0, 16)}`);
  } catch {
    return undefined;
  }
}

function fromKeychain(entry: KeyringEntry | undefined): Buffer | undefined {
  try {
    const text = entry?.getPassword();
    const key = text ? Buffer.from(text, 'base64') : undefined;
    return key?.length === 32 ? key : undefined;
  } catch {
    return undefined;
  }
}

/** Where the DEK is kept: "keychain" or "file" (`dws doctor` reports it). */
export type KeyHome = 'keychain' | 'file';

/** The data key, made on first use: the file if one exists, else the keychain, else a new key in one of them. */
export function dataKey(env: Env): { key: Buffer; home: KeyHome } {
  const dir = ensureDir(keychainDir(env));
  const file = path.join(dir, DEK_FILE);
  if (existsSync(file)) {
    const key = readFileSync(file);
    if (key.length !== 32) throw new DwsError('credential_store_error', `the data key file ${file} is damaged`, 'run `dws auth logout`, then `dws auth login`');
    return { key, home: 'file' };
  }
  const entry = keychainEntry(env, dir);
  const stored = fromKeychain(entry);
  if (stored) return { key: stored, home: 'keychain' };
  const key = randomBytes(32);
  if (entry) {
    try {
      entry.setPassword(key.toString('base64'));
      if (fromKeychain(entry)?.equals(key)) return { key, home: 'keychain' };
    } catch {
      // no reachable keychain: the file below
    }
  }
  writeAtomic(file, key);
  return { key, home: 'file' };
}

export function seal(key: Buffer, plain: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
}

export function open(key: Buffer, sealed: Buffer): string {
  if (sealed.length < 28) throw new Error('too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]).toString('utf8');
}

const slotFile = (env: Env, slot: string) => path.join(keychainDir(env), `${slot}.enc`);

/** The slot's JSON, or undefined when there is none; a slot that does not open is credential_store_error. */
export function readSlot<T>(env: Env, slot: string): T | undefined {
  const file = slotFile(env, slot);
  if (!existsSync(file)) return undefined;
  const { key } = dataKey(env);
  try {
    return JSON.parse(open(key, readFileSync(file))) as T;
  } catch {
    throw new DwsError('credential_store_error', `the credential file ${file} cannot be decrypted (a changed data key or a damaged file)`,
      'run `dws auth logout`, then `dws auth login`');
  }
}

export function writeSlot(env: Env, slot: string, value: unknown): void {
  const { key } = dataKey(env);
  writeAtomic(slotFile(env, slot), seal(key, JSON.stringify(value)));
}

export function deleteSlot(env: Env, slot: string): void {
  rmSync(slotFile(env, slot), { force: true });
}

/** Every slot name in the keychain directory. */
export function listSlots(env: Env): string[] {
  const dir = keychainDir(env);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith('.enc')).map((f) => f.slice(0, -4)).sort();
}

/** Where the DEK is now, without making one (`dws doctor`). */
export function keyHome(env: Env): KeyHome | 'none' {
  const dir = keychainDir(env);
  if (existsSync(path.join(dir, DEK_FILE))) return 'file';
  return fromKeychain(keychainEntry(env, dir)) ? 'keychain' : 'none';
}

/** Whether the OS keychain takes and gives back a value, probed with a throwaway entry (`dws doctor`). */
export function keychainReachable(env: Env): boolean {
  if (env.DWS_DISABLE_KEYCHAIN === '1') return false;
  const entry = keychainEntry(env, `probe:${process.pid}`);
  if (!entry) return false;
  try {
    entry.setPassword('probe');
    const ok = entry.getPassword() === 'probe';
    entry.deletePassword();
    return ok;
  } catch {
    return false;
  }
}
