// The journal's record format and its integrity rules (docs/JOURNAL.md), shared by the writer (journal.ts) and
// `dws audit verify` (local/audit.ts). A line is the RFC 8785 canonical JSON of one record; a record's hash is the
// sha256 of the canonical JSON of the record without `hash`, and `prev` is the hash of the record before it
// (GENESIS for the first), so editing, moving, inserting or deleting a line breaks a hash, a link or the sequence.
// The anchor file (`<journal>.head`) holds the last sequence number and hash, so a cut tail shows too.
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { DwsError } from '../errors.js';
import type { CallOutcome, CallRecord } from './call-record.js';
import { isObject } from '../json-object.js';

export const RECORD_VERSION = 1;
export const GENESIS = '0'.repeat(64);

/**
 * What a record says happened. A call: `sent` before it goes out, then `ok`, `failed` or `outcome_unknown` linked to
 * it (`ref`). Recovery (`of` the original invocation, `ref` the sent record it judges): `verified_done`,
 * `verified_not_done`, `compensated`. `pruned`: `dws audit prune` removed the records up to `pruned.through_seq`.
 */
export type RecordOutcome = CallOutcome | 'verified_done' | 'verified_not_done' | 'compensated' | 'pruned';
export const OUTCOMES: readonly RecordOutcome[] = ['sent', 'ok', 'failed', 'outcome_unknown', 'verified_done', 'verified_not_done', 'compensated', 'pruned'];

/** The call's own facts as dispatch reported them (CallRecord), without its arguments and result values. */
export interface JournalRecord extends Pick<CallRecord, 'canonical_path' | 'catalog' | 'step' | 'page' | 'server' | 'rpc' | 'error' | 'invocation' | 'of' | 'ref' | 'sealed'> {
  v: typeof RECORD_VERSION;
  /** 1-based position in the journal. */
  seq: number;
  /** ISO 8601 UTC, taken under the journal lock (so file order is time order on one clock). */
  time: string;
  outcome: RecordOutcome;
  /** sha256 of the canonical JSON of the arguments sent; never the values. */
  args_sha256: string;
  /** Identifiers the result returned, by key name (journal-ids.ts). */
  ids: Record<string, string[]>;
  ids_truncated?: true;
  /** Set on the record appended after a torn last line (a writer that crashed mid-write): that line's sha256 and
   * length in bytes. Verify accepts a torn line only when the record right after it names it so. */
  repaired?: { sha256: string; bytes: number };
  /** On a `pruned` record: the last record removed and its hash, and the date given. */
  pruned?: { through_seq: number; through_hash: string; before: string };
  prev: string;
  hash: string;
}

export interface Anchor {
  v: typeof RECORD_VERSION;
  seq: number;
  hash: string;
}

export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('value cannot be canonicalized');
  return text;
}

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export function hashOf(record: Omit<JournalRecord, 'hash'> & { hash?: string }): string {
  const { hash: _hash, ...body } = record;
  return sha256(canonicalJson(body));
}

/** Seals a record: computes its hash and returns it with the line to append (no newline). */
export function seal(body: Omit<JournalRecord, 'hash'>): { record: JournalRecord; line: string } {
  const record = { ...body, hash: hashOf(body) } as JournalRecord;
  return { record, line: canonicalJson(record) };
}

const HEX64 = /^[0-9a-f]{64}$/;
const isCount = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;
const isText = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(v);

/** What is wrong with a parsed line as a record, or undefined when its shape is a record's. */
function shapeProblem(r: Record<string, unknown>): string | undefined {
  const allowed = new Set(['v', 'seq', 'time', 'canonical_path', 'catalog', 'step', 'page', 'server', 'rpc', 'args_sha256', 'outcome', 'error', 'ids', 'ids_truncated', 'repaired',
    'invocation', 'of', 'ref', 'sealed', 'pruned', 'prev', 'hash']);
  const extra = Object.keys(r).filter((k) => !allowed.has(k));
  if (extra.length) return `unknown field ${JSON.stringify(extra[0])}`;
  if (r.v !== RECORD_VERSION) return `unsupported record version ${JSON.stringify(r.v)}`;
  if (!isCount(r.seq, 1)) return 'seq is not a positive integer';
  if (!isText(r.time) || Number.isNaN(Date.parse(r.time))) return 'time is not a timestamp';
  if (!isText(r.canonical_path) || !isText(r.server) || !isText(r.rpc)) return 'canonical_path, server or rpc is missing';
  if (!isObject(r.catalog) || !isText(r.catalog.source_hash) || !isText(r.catalog.surface_hash)) return 'catalog hashes are missing';
  if (!isCount(r.step, 0) || (r.page !== undefined && !isCount(r.page, 0))) return 'step or page is not a count';
  if (!isText(r.args_sha256) || !HEX64.test(r.args_sha256)) return 'args_sha256 is not a sha256';
  if (!OUTCOMES.includes(r.outcome as RecordOutcome)) return `outcome is not one of ${OUTCOMES.join(', ')}`;
  if ((r.invocation !== undefined && !isId(r.invocation)) || (r.of !== undefined && !isId(r.of))) return 'invocation or of is not an invocation id';
  if (r.ref !== undefined && !(isCount(r.ref, 1) && r.ref < (r.seq as number))) return 'ref is not an earlier record';
  if (r.sealed !== undefined && !(isObject(r.sealed) && Object.keys(r.sealed).length === 3 && isText(r.sealed.iv) && isText(r.sealed.tag) && isText(r.sealed.data))) return 'sealed is malformed';
  if ((r.outcome === 'pruned') !== (r.pruned !== undefined)) return 'pruned goes with a pruned record only';
  if (r.pruned !== undefined) {
    const p = r.pruned as Record<string, unknown> | null;
    if (!isObject(p) || Object.keys(p).length !== 3 || !isCount(p.through_seq, 1) || !isText(p.through_hash) || !HEX64.test(p.through_hash) || !isText(p.before)) return 'pruned is malformed';
  }
  if (r.error !== undefined && (!isObject(r.error) || !isText(r.error.reason) || !isText(r.error.message))) return 'error is malformed';
  if (!isObject(r.ids) || !Object.values(r.ids).every((v) => Array.isArray(v) && v.every(isText))) return 'ids is malformed';
  if (r.ids_truncated !== undefined && r.ids_truncated !== true) return 'ids_truncated is malformed';
  if (r.repaired !== undefined) {
    const rep = r.repaired as Record<string, unknown> | null;
    if (typeof rep !== 'object' || rep === null || typeof rep.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(rep.sha256)
      || !Number.isSafeInteger(rep.bytes) || Object.keys(rep).length !== 2) return 'repaired is malformed';
  }
  if (!isText(r.prev) || !HEX64.test(r.prev) || !isText(r.hash) || !HEX64.test(r.hash)) return 'prev or hash is not a sha256';
  return undefined;
}

/** Parses one line as a sealed record: canonical form, record shape, own hash. Returns the problem otherwise. */
export function readRecord(line: string): { record: JournalRecord } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return { problem: 'is not JSON' };
  }
  if (!isObject(parsed)) return { problem: 'is not a JSON object' };
  const shape = shapeProblem(parsed);
  if (shape) return { problem: `is not a journal record: ${shape}` };
  // Byte-exact: a line is written in canonical form, so any other spelling of the same values was edited.
  if (canonicalJson(parsed) !== line) return { problem: 'is not in the canonical form it was written in (edited)' };
  const record = parsed as unknown as JournalRecord;
  if (hashOf(record) !== record.hash) return { problem: 'does not match its own hash (edited)' };
  return { record };
}

export function readAnchor(text: string): Anchor | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || Object.keys(parsed).length !== 3 || parsed.v !== RECORD_VERSION) return undefined;
  if (!isCount(parsed.seq, 1) || !isText(parsed.hash) || !HEX64.test(parsed.hash)) return undefined;
  return { v: RECORD_VERSION, seq: parsed.seq, hash: parsed.hash };
}

export const anchorText = (seq: number, hash: string): string => canonicalJson({ v: RECORD_VERSION, seq, hash }) + '\n';

export interface VerifyInput {
  /** The journal's whole text ('' for a missing file). */
  text: string;
  /** The anchor file's text, undefined when there is none. */
  anchor?: string;
  /** The live journal must have its anchor and start at seq 1; an exported segment may start later. */
  requireAnchor: boolean;
}

export interface Verified {
  valid: true;
  records: number;
  first_seq: number | null;
  last_seq: number | null;
  last_hash: string | null;
  /**
   * matched: the last record is the anchor's; lagging: one record past it, chained to it (a writer stopped between
   * appending and moving the anchor; the next write moves it); absent: no anchor (an exported segment).
   */
  anchor: 'matched' | 'lagging' | 'absent';
}

const broken = (message: string) => new DwsError('journal_broken', message,
  'the journal was edited, reordered or cut after it was written; keep this copy as evidence and compare it with an export');

/** Checks every line, the chain, the sequence and the anchor; throws journal_broken naming the first bad line. */
export function verifyJournal(input: VerifyInput): Verified {
  const lines = input.text.split('\n');
  const torn = lines.pop() !== '';
  if (torn && input.text !== '') lines.push(input.text.slice(input.text.lastIndexOf('\n') + 1));
  let last: JournalRecord | undefined;
  let first: JournalRecord | undefined;
  let records = 0;
  // A pruned journal starts with its head line: the chain goes on from the last record removed.
  const head = lines.length > (torn ? 1 : 0) ? readPruneHead(lines[0]) : undefined;
  const links = new Links();
  for (let i = head ? 1 : 0; i < lines.length; i++) {
    const n = i + 1;
    if (torn && i === lines.length - 1) break; // judged after the anchor check below
    const read = readRecord(lines[i]);
    if ('problem' in read) {
      // A torn line closed by the next append: that record names its bytes, so the repair is visible and checked.
      const next = i + 1 < lines.length && !(torn && i + 1 === lines.length - 1) ? readRecord(lines[i + 1]) : undefined;
      const rep = next && 'record' in next ? next.record.repaired : undefined;
      const bytes = Buffer.byteLength(lines[i]);
      if (rep && rep.sha256 === sha256(lines[i]) && rep.bytes === bytes) continue;
      throw broken(`line ${n} ${read.problem}`);
    }
    const r = read.record;
    records++;
    if (!last && head) {
      if (r.seq !== head.seq + 1 || r.prev !== head.hash) throw broken(`line ${n} is record ${r.seq} but the prune head says the journal goes on from record ${head.seq + 1} (records were deleted after the prune)`);
      first = r;
    } else if (!last) {
      if ((input.requireAnchor || r.seq === 1) && (r.seq !== 1 || r.prev !== GENESIS)) {
        throw broken(`line 1 is record ${r.seq} linked to ${r.prev === GENESIS ? 'the start' : 'an earlier record'}; the journal must start with record 1 (records were deleted from its start)`);
      }
      first = r;
    } else {
      if (r.seq !== last.seq + 1) throw broken(`line ${n} is record ${r.seq} but follows record ${last.seq} (a record was deleted, inserted or moved)`);
      if (r.prev !== last.hash) throw broken(`line ${n} does not link to the hash of line ${n - 1} (a record was replaced or moved)`);
    }
    const wrong = links.add(r);
    if (wrong) throw broken(`line ${n} (record ${r.seq}) ${wrong}`);
    last = r;
  }
  if (head) {
    const by = links.get(head.by);
    if (!by || by.outcome !== 'pruned' || by.through_seq !== head.seq || by.through_hash !== head.hash) {
      throw broken(`the prune head names record ${head.by} as the prune that removed records up to ${head.seq}, and the journal holds no such prune record (the head was edited)`);
    }
  }
  const verified = checkAnchor(input, last, lines.length - (torn ? 1 : 0), { valid: true as const, records, first_seq: first?.seq ?? null, last_seq: last?.seq ?? null, last_hash: last?.hash ?? null });
  if (torn) {
    // A crash mid-append leaves a last line without its newline; everything before it still matches the anchor.
    throw new DwsError('journal_torn', `line ${lines.length} is incomplete: a write was interrupted (a crash or a full disk), not an edit; the ${records} records before it verify`,
      'the next record dws appends closes and names it (repaired); nothing needs doing by hand');
  }
  return verified;
}

/** The first line of a pruned journal: the last record removed (its seq and hash) and the `pruned` record that did it. */
export interface PruneHead {
  seq: number;
  hash: string;
  by: number;
}

export const pruneHeadLine = (h: PruneHead): string => canonicalJson({ v: RECORD_VERSION, pruned_head: { seq: h.seq, hash: h.hash, by: h.by } });

export function readPruneHead(line: string): PruneHead | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isObject(parsed) || Object.keys(parsed).length !== 2 || parsed.v !== RECORD_VERSION || !isObject(parsed.pruned_head)) return undefined;
  const h = parsed.pruned_head;
  if (Object.keys(h).length !== 3 || !isCount(h.seq, 1) || !isText(h.hash) || !HEX64.test(h.hash) || !isCount(h.by, 1)) return undefined;
  const out = { seq: h.seq, hash: h.hash, by: h.by };
  return pruneHeadLine(out) === line ? out : undefined;
}

interface Linked {
  outcome: RecordOutcome;
  invocation?: string;
  /** For a sent record: whether its answer (ok, failed, outcome_unknown) and a verdict were recorded. */
  answered?: RecordOutcome;
  judged?: RecordOutcome;
  compensated?: boolean;
  args?: string;
  through_seq?: number;
  through_hash?: string;
}

/**
 * The forward-only rule of records that link (`ref`): an answer follows its own sent record once; a verdict follows a
 * sent record whose answer is unknown (or missing), once; a retry's sent record follows a `verified_not_done`; a
 * compensation follows a sent record that took effect. A link to a record pruned away is not checked.
 */
class Links {
  private bySeq = new Map<number, Linked>();
  get(seq: number): Linked | undefined {
    return this.bySeq.get(seq);
  }
  add(r: JournalRecord): string | undefined {
    const self: Linked = { outcome: r.outcome, invocation: r.invocation, args: r.args_sha256,
      ...(r.pruned ? { through_seq: r.pruned.through_seq, through_hash: r.pruned.through_hash } : {}) };
    this.bySeq.set(r.seq, self);
    if (r.ref === undefined) return undefined;
    const to = this.bySeq.get(r.ref);
    if (!to) return undefined;
    switch (r.outcome) {
      case 'ok':
      case 'failed':
      case 'outcome_unknown':
        if (to.outcome !== 'sent' || to.invocation !== r.invocation || to.args !== r.args_sha256) return `answers record ${r.ref}, which is not the sent record of this call`;
        if (to.answered) return `answers record ${r.ref} a second time (it was ${to.answered})`;
        to.answered = r.outcome;
        return undefined;
      case 'verified_done':
      case 'verified_not_done':
        if (to.outcome !== 'sent' || to.invocation !== r.of) return `judges record ${r.ref}, which is not a sent record of invocation ${r.of}`;
        if (to.answered === 'ok' || to.answered === 'failed') return `judges record ${r.ref}, whose outcome is already known (${to.answered})`;
        if (to.judged) return `judges record ${r.ref} again (it was ${to.judged}): records move forward only`;
        to.judged = r.outcome;
        return undefined;
      case 'sent':
        return to.outcome === 'verified_not_done' ? undefined : `is a retry of record ${r.ref}, which is no verified_not_done`;
      case 'compensated':
        if (to.outcome !== 'sent' || !(to.answered === 'ok' || to.judged === 'verified_done')) return `compensates record ${r.ref}, which did not take effect`;
        if (to.compensated) return `compensates record ${r.ref} a second time`;
        to.compensated = true;
        return undefined;
      default:
        return `links to record ${r.ref} but a ${r.outcome} record links to nothing`;
    }
  }
}

function checkAnchor(input: VerifyInput, last: JournalRecord | undefined, complete: number, summary: Omit<Verified, 'anchor'>): Verified {
  if (input.anchor === undefined) {
    if (input.requireAnchor && last) throw broken(`the anchor file is missing, so a cut after line ${complete} cannot be ruled out`);
    return { ...summary, anchor: 'absent' };
  }
  const anchor = readAnchor(input.anchor);
  if (!anchor) throw broken('the anchor file is not a journal anchor (edited)');
  if (last && last.seq === anchor.seq && last.hash === anchor.hash) return { ...summary, anchor: 'matched' };
  if (last && last.seq === anchor.seq + 1 && last.prev === anchor.hash) return { ...summary, anchor: 'lagging' };
  if (!last || last.seq < anchor.seq) {
    throw broken(`line ${complete + 1} is missing: the journal ends ${last ? `at record ${last.seq}` : 'empty'} but its anchor records ${anchor.seq} (the journal was cut)`);
  }
  throw broken(`line ${complete} does not match the anchor (record ${anchor.seq}, hash ${anchor.hash.slice(0, 12)}...): the tail was rewritten`);
}
