// `dws audit tail|export|verify`: local commands over the journal of backend calls (../journal.ts, docs/JOURNAL.md).
// tail shows the last records, export streams them (JSON Lines byte for byte, or CSV) for a time range, verify checks
// every record's hash, the chain, the sequence and the anchor and fails with journal_broken (exit 5) naming the
// first bad line. prune removes the records before a date and keeps the rest verifiable through a head line.
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DwsError } from '../errors.js';
import { readRegularText } from '../backend/files.js';
import { anchorPath, appendRecord, journalPath, lockPath, readLastLines } from '../journal/journal.js';
import { withFileLock } from '../journal/lock.js';
import { canonicalJson, pruneHeadLine, readRecord, sha256, verifyJournal, type JournalRecord, type Verified } from '../journal/record.js';
import type { LocalCommand, LocalContext } from './types.js';

/** tail --lines is 1..tail; an export returned as a result (no stream: MCP execute) has at most exportResult lines. */
export const AUDIT_LIMITS = { tail: 10_000, exportResult: 10_000, unreadableShown: 1_000 } as const;

/** A journal (or an export of it) as text, undefined when absent; a FIFO or a directory is refused, not waited on. */
const readText = (file: string): string | undefined => readRegularText(file, `the journal file ${file}`);

/** Reads the live journal under its lock, so a record being appended is never read half-written. */
function underLock<T>(file: string, read: () => T): T {
  return existsSync(path.dirname(file)) ? withFileLock(lockPath(file), read) : read();
}

/** The flag's value, else the default the catalog declares for it. */
function valueOf(ctx: LocalContext, flag: string): unknown {
  return ctx.values[flag] ?? ctx.tool.parameters[flag]?.default;
}

/** A line as tail shows it: the record, or the start of a line that is not JSON. */
function shown(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return { unreadable_line: line.slice(0, AUDIT_LIMITS.unreadableShown) };
  }
}

const tail: LocalCommand = async (ctx) => {
  const n = valueOf(ctx, 'lines');
  if (!Number.isSafeInteger(n) || (n as number) < 1 || (n as number) > AUDIT_LIMITS.tail) {
    throw new DwsError('invalid_parameter', `--lines must be an integer from 1 to ${AUDIT_LIMITS.tail}, got ${JSON.stringify(n)}`);
  }
  const file = journalPath(ctx.env);
  return { file, records: underLock(file, () => readLastLines(file, n as number)).lines.map(shown) };
};

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A --since/--until bound in epoch ms. A date is a UTC day (since: its first instant; until: its last, so the day
 * is included); a timestamp without a zone is UTC too, so the same flags select the same records everywhere.
 */
export function timeBound(text: unknown, flag: 'since' | 'until'): number | undefined {
  if (text === undefined) return undefined;
  const s = String(text).trim();
  const date = DATE.exec(s);
  if (date) {
    const ms = Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
    if (new Date(ms).toISOString().slice(0, 10) === s) return flag === 'since' ? ms : ms + DAY_MS - 1;
  } else if (TIMESTAMP.test(s)) {
    const ms = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(s) ? s : `${s}Z`);
    if (!Number.isNaN(ms)) return ms;
  }
  throw new DwsError('invalid_parameter', `--${flag} must be a date (2025-06-01) or an ISO 8601 timestamp (2025-06-01T08:00:00Z), got "${s}"`);
}

const CSV_COLUMNS = ['seq', 'time', 'canonical_path', 'step', 'page', 'server', 'rpc', 'outcome', 'error_reason', 'error_message', 'args_sha256', 'ids', 'prev', 'hash'] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(v: unknown): string {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.split('"').join('""')}"` : s;
}

function csvRow(r: JournalRecord): string {
  const cells: Record<(typeof CSV_COLUMNS)[number], unknown> = {
    seq: r.seq, time: r.time, canonical_path: r.canonical_path, step: r.step, page: r.page, server: r.server, rpc: r.rpc,
    outcome: r.outcome, error_reason: r.error?.reason, error_message: r.error?.message, args_sha256: r.args_sha256,
    ids: canonicalJson(r.ids ?? {}), prev: r.prev, hash: r.hash,
  };
  return CSV_COLUMNS.map((c) => csvField(cells[c])).join(',');
}

function parsedRecord(line: string): JournalRecord | undefined {
  try {
    const v = JSON.parse(line) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JournalRecord) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Without a range, jsonl is the journal's lines byte for byte (so `audit verify --file` checks the copy). With a
 * range, the records whose time falls in it, in journal order; a line that is not a record has no time and is
 * left out (verify reports it). CSV has one row per record.
 */
function exportLines(text: string, format: 'jsonl' | 'csv', since?: number, until?: number): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  if (format === 'jsonl' && since === undefined && until === undefined) return lines;
  const records = lines.map(parsedRecord).filter((r): r is JournalRecord => {
    if (!r || typeof r.time !== 'string') return false;
    const t = Date.parse(r.time);
    return !Number.isNaN(t) && (since === undefined || t >= since) && (until === undefined || t <= until);
  });
  return format === 'csv' ? [CSV_COLUMNS.join(','), ...records.map(csvRow)] : records.map((r) => canonicalJson(r));
}

const exportJournal: LocalCommand = async (ctx) => {
  const format = String(valueOf(ctx, 'format'));
  if (format !== 'jsonl' && format !== 'csv') {
    throw new DwsError('unsupported_output_format', `--format must be jsonl or csv, not "${format}"`);
  }
  const since = timeBound(ctx.values.since, 'since');
  const until = timeBound(ctx.values.until, 'until');
  if (since !== undefined && until !== undefined && since > until) {
    throw new DwsError('invalid_parameter', '--since is after --until: the range selects nothing', 'swap them or widen the range');
  }
  const file = journalPath(ctx.env);
  const lines = exportLines(underLock(file, () => readText(file)) ?? '', format, since, until);
  if (ctx.writeLine) {
    for (const line of lines) await ctx.writeLine(line);
    return undefined;
  }
  if (lines.length > AUDIT_LIMITS.exportResult) {
    throw new DwsError('request_too_large', `the export has ${lines.length} lines; a result carries at most ${AUDIT_LIMITS.exportResult}`,
      'narrow it with --since and --until, or run `dws audit export` in a shell, which streams any size');
  }
  return { format, lines };
};

const verify: LocalCommand = async (ctx) => {
  const live = journalPath(ctx.env);
  const given = ctx.values.file === undefined ? undefined : path.resolve(String(ctx.values.file));
  const file = given ?? live;
  const read = (): Verified => {
    const text = readText(file);
    if (text === undefined && given !== undefined) {
      throw new DwsError('invalid_parameter', `--file ${given} does not exist`, 'give the path of a journal or of an export of it');
    }
    return verifyJournal({ text: text ?? '', anchor: readText(anchorPath(file)), requireAnchor: file === live });
  };
  const verified = file === live ? underLock(live, read) : read();
  const { valid, ...rest } = verified;
  return { valid, file, ...rest };
};

/**
 * `audit prune --before D`: appends a `pruned` record naming the last record before D (its seq and hash), then, under
 * the journal lock, replaces the file with a head line (that seq and hash, and the prune record's seq) followed by
 * the records after it, so the rest still verifies (docs/JOURNAL.md "Pruning").
 */
const prune: LocalCommand = async (ctx) => {
  const before = timeBound(ctx.values.before, 'since');
  if (before === undefined) throw new DwsError('invalid_parameter', '--before is required');
  const file = journalPath(ctx.env);
  const records = (readText(file) ?? '').split('\n').flatMap((l) => {
    const r = l ? readRecord(l) : undefined;
    return r && 'record' in r ? [r.record] : [];
  });
  const gone = records.filter((r) => Date.parse(r.time) < before && r.outcome !== 'pruned');
  const last = gone[gone.length - 1];
  if (!last) return { file, pruned: 0, note: 'no record is older than --before' };
  const marker = appendRecord(file, {
    canonical_path: ctx.tool.canonical_path, catalog: ctx.catalog, step: 0, server: 'local', rpc: 'prune', args_sha256: sha256(canonicalJson({ before: String(ctx.values.before) })),
    outcome: 'pruned', ids: {}, pruned: { through_seq: last.seq, through_hash: last.hash, before: new Date(before).toISOString() }, ...(ctx.invocation ? { invocation: ctx.invocation } : {}),
  });
  withFileLock(lockPath(file), () => {
    const lines = (readText(file) ?? '').split('\n');
    const at = lines.findIndex((l) => {
      const r = readRecord(l);
      return 'record' in r && r.record.seq === last.seq + 1;
    });
    const temp = `${file}.${randomUUID()}.tmp`;
    writeFileSync(temp, pruneHeadLine({ seq: last.seq, hash: last.hash, by: marker.seq }) + '\n' + lines.slice(at).join('\n'), { mode: 0o600, flag: 'wx' });
    renameSync(temp, file);
  });
  return { file, pruned: gone.length, through_seq: last.seq, record: marker.seq };
};

export const auditCommands: Readonly<Record<string, LocalCommand>> = {
  'audit.prune': prune,
  'audit.tail': tail,
  'audit.export': exportJournal,
  'audit.verify': verify,
};
