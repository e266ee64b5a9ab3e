// A crash mid-append leaves a torn last line: verify tells it from tampering (journal_torn, not journal_broken), and
// the next append closes it and names it (repaired: its sha256 and size), after which the journal verifies again.
// An edited line named by no repair is still tampering.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { anchorPath, appendRecord } from '../../src/journal/journal.js';
import { verifyJournal } from '../../src/journal/record.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dws-torn-'));
  return () => rmSync(dir, { recursive: true, force: true });
});

const entry = (rpc: string) => ({
  canonical_path: 'chat.send_personal_message', catalog: { source_hash: 'h', surface_hash: 'h' }, step: 0, server: 'chat', rpc, args_sha256: 'a'.repeat(64), outcome: 'ok' as const, ids: {},
});

function verify(file: string): unknown {
  try {
    return verifyJournal({ text: readFileSync(file, 'utf8'), anchor: readFileSync(anchorPath(file), 'utf8'), requireAnchor: true });
  } catch (e) {
    if (e instanceof DwsError) return { reason: e.reason, message: e.message };
    throw e;
  }
}

describe('a torn journal tail', () => {
  it('verifies as torn (not tampered), and the next append repairs it visibly', () => {
    const file = path.join(dir, 'journal.jsonl');
    appendRecord(file, entry('one'));
    appendRecord(file, entry('two'));
    appendFileSync(file, '{"v":1,"seq":3,"time":"2026-12-0');
    expect(verify(file)).toMatchObject({ reason: 'journal_torn' });

    const third = appendRecord(file, entry('three'));
    expect(third.seq).toBe(3);
    expect(third.repaired).toEqual({ sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: 32 });
    expect(verify(file)).toMatchObject({ valid: true, records: 3, last_seq: 3, anchor: 'matched' });
    appendRecord(file, entry('four'));
    expect(verify(file)).toMatchObject({ valid: true, records: 4, last_seq: 4 });
  });

  it('still reports an edited torn line (its bytes no longer match the repair) as broken', () => {
    const file = path.join(dir, 'journal.jsonl');
    appendRecord(file, entry('one'));
    appendFileSync(file, '{"v":1,"seq":2,"ti');
    appendRecord(file, entry('two'));
    const text = readFileSync(file, 'utf8').replace('{"v":1,"seq":2,"ti', '{"v":1,"seq":2,"tX');
    writeFileSync(file, text);
    expect(verify(file)).toMatchObject({ reason: 'journal_broken' });
  });
});
