// What `dws recover` needs of an invocation and the journal must not hold in plaintext: the arguments a write sent
// and the invocation's validated flag values. They go into the write's `sent` record sealed with AES-256-GCM under a
// random 32-byte key kept in `<journal>.key` (0600, created once and whole, never through a symbolic link). The
// additional data binds a sealed value to its invocation and to the record's args_sha256, so a sealed value moved to
// another record does not open, and recover checks the opened arguments against the digest again (docs/JOURNAL.md
// "Sealed values"). Without the key file (deleted, another machine) the journal still verifies; recover then cannot
// retry.
import { closeSync, constants, fstatSync, fsyncSync, linkSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { canonicalJson, sha256 } from './record.js';
import type { Sealed } from './call-record.js';

export type { Sealed };

/** What a write's sent record seals: its arguments and the flag values of the invocation (folded, validated). */
export interface SealedCall {
  args: Record<string, unknown>;
  flags: Record<string, unknown>;
}

/** A larger plaintext is not sealed: the journal stays small, and recover says it cannot re-send that write. */
export const SEAL_LIMIT = 256 * 1024;

export const keyPath = (journal: string): string => `${journal}.key`;

function readKey(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    const key = Buffer.alloc(33);
    const n = readSync(fd, key, 0, 33, 0);
    return n === 32 ? key.subarray(0, 32) : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * The journal's sealing key, made on first use. The key is written whole to a private temp file and hard-linked into
 * place, so the key file appears with its 32 bytes already in it: a concurrent process either finds no key file or a
 * complete one, and the link (which fails on an existing name) means two processes never make two keys.
 */
function sealingKey(journal: string): Buffer {
  const file = keyPath(journal);
  const found = readKey(file);
  if (found) return found;
  const key = randomBytes(32);
  const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    try {
      for (let off = 0; off < key.length; ) off += writeSync(fd, key, off);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    linkSync(temp, file);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const other = readKey(file); // another process linked its key first: use that one
    if (other) return other;
    throw e;
  } finally {
    rmSync(temp, { force: true });
  }
}

const aad = (invocation: string, argsSha: string) => Buffer.from(`dws-journal-seal-v1\0${invocation}\0${argsSha}`);

/** Seals a call's values for its sent record, or undefined when they are larger than SEAL_LIMIT. */
export function sealCall(journal: string, invocation: string, value: SealedCall): Sealed | undefined {
  const plain = Buffer.from(canonicalJson(value));
  if (plain.length > SEAL_LIMIT) return undefined;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(journal), iv);
  cipher.setAAD(aad(invocation, sha256(canonicalJson(value.args))));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/**
 * Opens a sent record's sealed values; undefined when there is no key, the seal does not open (another key, moved
 * to another record) or the arguments inside do not match the record's args_sha256.
 */
export function openSealed(journal: string, invocation: string, argsSha: string, sealed: Sealed): SealedCall | undefined {
  const key = readKey(keyPath(journal));
  if (!key) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(aad(invocation, argsSha));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
    const value = JSON.parse(plain) as SealedCall;
    return sha256(canonicalJson(value.args)) === argsSha ? value : undefined;
  } catch {
    return undefined;
  }
}
