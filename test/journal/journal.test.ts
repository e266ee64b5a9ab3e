// The journal's integrity rules and writer: a sealed, chained journal always verifies, and any single edit,
// reorder, insertion, deletion or cut of it is found (fast-check); the writer keeps chaining from the anchor so a
// cut stays visible, recovers from a writer stopped between the append and the anchor, and creates private files;
// identifiers come only from id keys and never hold a secret; the lock breaks stale locks and never steals live ones.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync, appendFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DwsError } from '../../src/errors.js';
import { GENESIS, RECORD_VERSION, anchorText, seal, verifyJournal, type JournalRecord } from '../../src/journal/record.js';
import { anchorPath, appendRecord, entryOf, journalPath, openJournal, readLastLines } from '../../src/journal/journal.js';
import { extractIds, ID_LIMITS, isIdKey } from '../../src/journal/ids.js';
import { withFileLock } from '../../src/journal/lock.js';
import type { CallRecord } from '../../src/journal/call-record.js';

const CATALOG = { source_hash: 'sha256:src', surface_hash: 'sha256:surf' };

const entry = (i: number): Parameters<typeof appendRecord>[1] => ({
  canonical_path: `chat.send_${i % 3}`, catalog: CATALOG, step: i % 2, server: 'im', rpc: `rpc_${i}`,
  args_sha256: 'a'.repeat(64), outcome: i % 4 === 3 ? 'failed' : 'ok', ids: { messageId: [`m${i}`] },
});

/** A sealed journal of n records, as the writer would leave it: its text and its anchor. */
function journalOf(n: number): { lines: string[]; records: JournalRecord[]; anchor: string } {
  const lines: string[] = [];
  const records: JournalRecord[] = [];
  let prev = GENESIS;
  for (let i = 1; i <= n; i++) {
    const { record, line } = seal({ v: RECORD_VERSION, seq: i, time: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(), ...entry(i), prev });
    lines.push(line);
    records.push(record);
    prev = record.hash;
  }
  return { lines, records, anchor: n ? anchorText(n, prev) : '' };
}

const text = (lines: string[]) => lines.map((l) => l + '\n').join('');

function reasonOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof DwsError) return e.reason;
    throw e;
  }
  return undefined;
}

const live = (t: string, anchor: string | undefined) => () => verifyJournal({ text: t, anchor, requireAnchor: true });

describe('verify', () => {
  it('a sealed journal verifies with its record count, first and last record, and the anchor matched', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 12 }), (n) => {
      const j = journalOf(n);
      expect(verifyJournal({ text: text(j.lines), anchor: n ? j.anchor : undefined, requireAnchor: true })).toEqual({
        valid: true, records: n, first_seq: n ? 1 : null, last_seq: n ? n : null, last_hash: n ? j.records[n - 1].hash : null, anchor: n ? 'matched' : 'absent',
      });
    }));
  });

  it('any single changed character of the journal is found', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), fc.nat(), fc.constantFrom('\n', ' ', '0', '1', 'a', 'f', '"', '}', ',', 'é'), (n, at, ch) => {
      const j = journalOf(n);
      const t = text(j.lines);
      const i = at % t.length;
      fc.pre(t[i] !== ch);
      expect(reasonOf(live(t.slice(0, i) + ch + t.slice(i + 1), j.anchor))).toBe('journal_broken');
    }), { numRuns: 300 });
  });

  it('any swap of two records, deletion of one or duplicate of one is found', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 8 }), fc.nat(), fc.nat(), fc.constantFrom('swap', 'delete', 'duplicate'), (n, a, b, kind) => {
      const j = journalOf(n);
      const i = a % n;
      const k = b % n;
      const lines = [...j.lines];
      if (kind === 'swap') {
        fc.pre(i !== k);
        [lines[i], lines[k]] = [lines[k], lines[i]];
      } else if (kind === 'delete') {
        lines.splice(i, 1);
      } else {
        lines.splice(k, 0, lines[i]);
      }
      expect(reasonOf(live(text(lines), j.anchor))).toBe('journal_broken');
    }), { numRuns: 300 });
  });

  it('a sealed record inserted anywhere but as the next record at the end is found', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), fc.nat(), fc.integer({ min: 1, max: 10 }), fc.nat(), (n, at, seq, p) => {
      const j = journalOf(n);
      const hashes = [GENESIS, ...j.records.map((r) => r.hash)];
      const prev = hashes[p % hashes.length];
      const pos = at % (n + 1);
      fc.pre(!(pos === n && seq === n + 1 && prev === hashes[n]));
      const { line } = seal({ v: RECORD_VERSION, seq, time: '2026-02-01T00:00:00.000Z', ...entry(99), prev });
      const lines = [...j.lines];
      lines.splice(pos, 0, line);
      expect(reasonOf(live(text(lines), j.anchor))).toBe('journal_broken');
    }), { numRuns: 300 });
  });

  it('a journal cut at any byte, or emptied while its anchor remains, is found', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), fc.nat(), (n, at) => {
      const j = journalOf(n);
      const t = text(j.lines);
      expect(reasonOf(live(t.slice(0, at % t.length), j.anchor))).toBe('journal_broken');
      expect(reasonOf(live(text(j.lines.slice(0, at % n)), j.anchor))).toBe('journal_broken');
    }), { numRuns: 300 });
  });

  it('names the first bad line: a deleted record is reported at the line that follows the gap', () => {
    const j = journalOf(5);
    const lines = [...j.lines];
    lines.splice(2, 1);
    expect(() => live(text(lines), j.anchor)()).toThrow(/^line 3 is record 4 but follows record 2/);
    expect(() => live(text(j.lines.slice(0, 3)), j.anchor)()).toThrow(/^line 4 is missing: the journal ends at record 3 but its anchor records 5/);
    expect(() => live(text(j.lines), undefined)()).toThrow(/anchor file is missing/);
  });

  it('accepts a journal one record past its anchor when that record links to it (a writer stopped before moving it)', () => {
    const j = journalOf(4);
    const behind = anchorText(3, j.records[2].hash);
    expect(verifyJournal({ text: text(j.lines), anchor: behind, requireAnchor: true }).anchor).toBe('lagging');
    const twoBehind = anchorText(2, j.records[1].hash);
    expect(reasonOf(live(text(j.lines), twoBehind))).toBe('journal_broken');
  });

  it('an exported segment (no anchor) verifies from any record, and an edit inside it is still found', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 10 }), fc.nat(), fc.nat(), (n, a, b) => {
      const j = journalOf(n);
      const from = a % n;
      const to = from + 1 + (b % (n - from));
      const seg = j.lines.slice(from, to);
      expect(verifyJournal({ text: text(seg), requireAnchor: false })).toMatchObject({ records: to - from, first_seq: from + 1, last_seq: to, anchor: 'absent' });
      const edited = [...seg];
      edited[edited.length - 1] = edited[edited.length - 1].replace('"ok"', '"failed"').replace('"rpc_', '"rpX_');
      expect(reasonOf(() => verifyJournal({ text: text(edited), requireAnchor: false }))).toBe('journal_broken');
    }));
  });
});

describe('writer', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dws-journal-'));
    file = path.join(dir, 'state', 'dws', 'journal.jsonl');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const verifyFile = () => verifyJournal({ text: existsSync(file) ? readFileSync(file, 'utf8') : '', anchor: existsSync(anchorPath(file)) ? readFileSync(anchorPath(file), 'utf8') : undefined, requireAnchor: true });

  it('chains appended records from the start, creating the directory 0700 and the journal and anchor 0600', () => {
    const got = [1, 2, 3].map((i) => appendRecord(file, entry(i)));
    expect(got.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(got.map((r) => r.prev)).toEqual([GENESIS, got[0].hash, got[1].hash]);
    expect(verifyFile()).toMatchObject({ records: 3, last_hash: got[2].hash, anchor: 'matched' });
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(anchorPath(file)).mode & 0o777).toBe(0o600);
    expect(readLastLines(file, 2).lines.map((l) => JSON.parse(l).seq)).toEqual([2, 3]);
  });

  it('keeps chaining from the anchor after a cut, so verify still finds the cut after later writes', () => {
    for (let i = 1; i <= 4; i++) appendRecord(file, entry(i));
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, lines.slice(0, 2).map((l) => l + '\n').join(''));
    appendRecord(file, entry(5));
    expect(() => verifyFile()).toThrow(/^line 3 is record 5 but follows record 2/);
  });

  it('continues after a writer stopped between the append and the anchor, and the anchor catches up', () => {
    appendRecord(file, entry(1));
    const before = readFileSync(anchorPath(file), 'utf8');
    appendRecord(file, entry(2));
    writeFileSync(anchorPath(file), before);
    expect(verifyFile().anchor).toBe('lagging');
    const third = appendRecord(file, entry(3));
    expect(third.seq).toBe(3);
    expect(verifyFile()).toMatchObject({ records: 3, anchor: 'matched' });
  });

  it('starts a new line after a torn last line, names it in the new record (repaired), and the journal verifies', () => {
    appendRecord(file, entry(1));
    appendFileSync(file, '{"v":1,"seq":2');
    const next = appendRecord(file, entry(2));
    expect(readFileSync(file, 'utf8').split('\n')).toHaveLength(4);
    expect(next.repaired).toEqual({ sha256: expect.any(String), bytes: 14 });
    expect(verifyFile()).toMatchObject({ valid: true, records: 2 });
  });

  it('tightens a journal left readable by others back to 0600', () => {
    openJournal({ DWS_JOURNAL: file });
    chmodSync(file, 0o644);
    appendRecord(file, entry(1));
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses before any call when the journal cannot be written', () => {
    writeFileSync(path.join(dir, 'plain'), '');
    expect(reasonOf(() => openJournal({ DWS_JOURNAL: path.join(dir, 'plain', 'journal.jsonl') }))).toBe('journal_unwritable');
    expect(reasonOf(() => openJournal({ DWS_JOURNAL: dir }))).toBe('journal_unwritable');
  });

  it('lives in DWS_JOURNAL, else the state dir: DWS_STATE_DIR, else $XDG_STATE_HOME/dws, else ~/.local/state/dws', () => {
    expect(journalPath({ DWS_JOURNAL: '/x/j.jsonl', XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/x/j.jsonl');
    expect(journalPath({ DWS_STATE_DIR: '/d', XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/d/journal.jsonl');
    expect(journalPath({ XDG_STATE_HOME: '/s', HOME: '/h' })).toBe('/s/dws/journal.jsonl');
    expect(journalPath({ XDG_STATE_HOME: 'relative', HOME: '/h' })).toBe('/h/.local/state/dws/journal.jsonl');
    expect(journalPath({ HOME: '/h' })).toBe('/h/.local/state/dws/journal.jsonl');
  });
});

describe('what a record keeps of a call', () => {
  const call = (over: Partial<CallRecord>): CallRecord => ({
    canonical_path: 'chat.send', catalog: CATALOG, step: 0, server: 'im', rpc: 'send', arguments: { text: 'hello', to: ['u1'] }, outcome: 'ok', ...over,
  });

  it('the arguments only as the sha256 of their canonical JSON (key order does not matter)', () => {
    const a = entryOf(call({ arguments: { text: 'hello', to: ['u1'] } }), []);
    const b = entryOf(call({ arguments: { to: ['u1'], text: 'hello' } }), []);
    expect(a.args_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(a.args_sha256).toBe(b.args_sha256);
    expect(JSON.stringify(a)).not.toContain('hello');
  });

  it('identifiers of the result by key name, nothing else of it', () => {
    const result = { messageId: 'm1', title: 'secret plan', data: { task_ids: ['t1', 't2'], items: [{ id: 7, recordId: 'r1', name: 'x' }] }, paid: 'no', valid: true, content: [{ type: 'text', text: '{"eventId":"e1"}' }] };
    expect(entryOf(call({ result }), []).ids).toEqual({ messageId: ['m1'], task_ids: ['t1', 't2'], id: ['7'], recordId: ['r1'], eventId: ['e1'] });
  });

  it('an error reason and message with the token taken out, and no ids', () => {
    const e = entryOf(call({ outcome: 'failed', error: { reason: 'auth_failed', message: 'refused Bearer tok-123 (HTTP 401)' } }), ['tok-123']);
    expect(e).toMatchObject({ outcome: 'failed', error: { reason: 'auth_failed', message: 'refused Bearer *** (HTTP 401)' }, ids: {} });
  });

  it('id keys: id, ids, camelCase ...Id/ID/Ids/IDs, snake or kebab _id/-id; never secret-named keys', () => {
    for (const k of ['id', 'ID', 'ids', 'messageId', 'openConversationId', 'userIDs', 'taskIds', 'user_id', 'USER_ID', 'doc-ids', 'v2Id']) expect(isIdKey(k), k).toBe(true);
    for (const k of ['paid', 'valid', 'android', 'identity', 'idea', 'accessTokenId', 'sessionId', 'secret_id', 'apiKeyId', 'x'.repeat(63) + 'Id']) expect(isIdKey(k), k).toBe(false);
  });

  it('never keeps a value holding a secret, and stays within its bounds, whatever the result', () => {
    const secret = 'tok-SECRET-42';
    const leaf = fc.oneof(fc.string({ maxLength: 20 }), fc.constant(secret), fc.constant(`x${secret}y`), fc.integer(), fc.constant('a'.repeat(200)));
    const key = fc.oneof(fc.constantFrom('id', 'messageId', 'user_ids', 'token', 'name', 'accessToken', 'text'), fc.string({ maxLength: 8 }));
    const tree = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(key, tie('node'), { maxKeys: 5 }),
        tie('node').map((v) => JSON.stringify(v))),
    })).node;
    fc.assert(fc.property(tree, (result) => {
      const { ids } = extractIds(result, [secret]);
      const all = Object.values(ids).flat();
      expect(all.length).toBeLessThanOrEqual(ID_LIMITS.values);
      for (const [k, vs] of Object.entries(ids)) {
        expect(isIdKey(k)).toBe(true);
        for (const v of vs) {
          expect(v).not.toContain(secret);
          expect(v.length).toBeLessThanOrEqual(ID_LIMITS.valueLength);
        }
      }
    }), { numRuns: 300 });
  });

  it('keeps the first 32 distinct ids and marks the record as cut', () => {
    const many = { items: Array.from({ length: 40 }, (_, i) => ({ id: `i${i}` })) };
    const e = entryOf(call({ result: many }), []);
    expect(e.ids.id).toEqual(Array.from({ length: 32 }, (_, i) => `i${i}`));
    expect(e.ids_truncated).toBe(true);
  });
});

describe('lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dws-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('breaks a lock whose holder process no longer exists', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const lock = path.join(dir, 'j.lock');
    writeFileSync(lock, `${dead.stdout} ${os.hostname()} old`);
    expect(withFileLock(lock, () => 'ran', { staleMs: 60_000, waitMs: 120_000 })).toBe('ran');
    expect(existsSync(lock)).toBe(false);
  });

  it('breaks a lock older than staleMs even when its holder is alive', () => {
    const lock = path.join(dir, 'j.lock');
    writeFileSync(lock, `${process.ppid} ${os.hostname()} stuck`);
    utimesSync(lock, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    expect(withFileLock(lock, () => 'ran', { staleMs: 60_000, waitMs: 120_000 })).toBe('ran');
  });

  it('never takes a fresh lock of a live process: it waits, then reports journal_unwritable, and leaves the lock', () => {
    const lock = path.join(dir, 'j.lock');
    const owner = `${process.ppid} ${os.hostname()} busy`;
    writeFileSync(lock, owner);
    expect(reasonOf(() => withFileLock(lock, () => 'ran', { staleMs: 60_000, waitMs: 50 }))).toBe('journal_unwritable');
    expect(readFileSync(lock, 'utf8')).toBe(owner);
  });

  it('keeps waiting while other holders take the lock in turn: waitMs bounds one holder, not the whole queue', async () => {
    // A child plays a queue of live writers: every 40 ms the lock passes to a new holder (a new owner text), for
    // 6 s, then it is released. With waitMs 2 s the waiter outlasts the queue; a bound on the whole wait
    // (the journal lock before session 49) gave up after 2 s with the journal still moving.
    const lock = path.join(dir, 'j.lock');
    const host = os.hostname();
    const queue = `const fs = require('fs'); const [lock, host] = process.argv.slice(1); let n = 0;
      const pass = () => { fs.writeFileSync(lock + '.next', process.pid + ' ' + host + ' holder-' + n++); fs.renameSync(lock + '.next', lock); };
      pass(); process.stdout.write('ready\\n');
      const t = setInterval(pass, 40);
      setTimeout(() => { clearInterval(t); fs.unlinkSync(lock); process.stdout.write('done ' + n + '\\n'); }, 6000);`;
    const child = spawn(process.execPath, ['-e', queue, lock, host], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    await new Promise<void>((resolve) => child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('ready')) resolve();
    }));
    let got: string;
    try {
      got = withFileLock(lock, () => 'ran', { staleMs: 60_000, waitMs: 2_000 });
    } finally {
      await new Promise((resolve) => child.once('close', resolve));
    }
    expect(got).toBe('ran');
    expect(Number(/done (\d+)/u.exec(out)?.[1])).toBeGreaterThan(2); // the lock did pass between holders
    expect(existsSync(lock)).toBe(false);
  });

  it('releases only its own lock, also when fn throws', () => {
    const lock = path.join(dir, 'j.lock');
    expect(() => withFileLock(lock, () => {
      throw new Error('boom');
    })).toThrow('boom');
    expect(existsSync(lock)).toBe(false);
    withFileLock(lock, () => writeFileSync(lock, 'someone else'));
    expect(readFileSync(lock, 'utf8')).toBe('someone else');
  });
});

describe('the file tail reader', () => {
  it('returns the last n lines of files of any size and says when the last line lacks its newline', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-tail-'));
    try {
      fc.assert(fc.property(fc.array(fc.string({ unit: 'grapheme', minLength: 0, maxLength: 3000 }).map((s) => s.replace(/\n/g, '')), { maxLength: 60 }), fc.integer({ min: 1, max: 70 }), fc.boolean(), (lines, n, torn) => {
        const f = path.join(dir, 'f');
        const body = lines.join('\n') + (lines.length && !torn ? '\n' : '');
        writeFileSync(f, body);
        const got = readLastLines(f, n);
        const parts = body.split('\n');
        if (body.endsWith('\n')) parts.pop();
        expect(got).toEqual({ lines: body === '' ? [] : parts.slice(-n), torn: body !== '' && !body.endsWith('\n') });
      }), { numRuns: 60 });
      truncateSync(path.join(dir, 'f'), 0);
      expect(readLastLines(path.join(dir, 'f'), 3)).toEqual({ lines: [], torn: false });
      expect(readLastLines(path.join(dir, 'missing'), 3)).toEqual({ lines: [], torn: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
