// The bodies of `dws schema search` and `dws schema [path]`, shared by the one-file hot path (bin.ts) and the
// commander program (main.ts). Nothing here imports commander: both callers hand over parsed flags.
import { DwsError } from '../errors.js';
import { loadEngine } from '../index.js';
import type { Engine } from '../engine/engine.js';
import { LIMITS, parseRequestJson, requestTooLarge, type SearchRequest } from '../engine/request.js';
import { readStdin, stdinLines, writeStdout } from './io.js';
import { inspect } from '../schema/browse.js';

let engine: Engine | undefined;
/**
 * The process's engine. One command runs per process, so the index is read only when a search runs (deferIndex), and
 * a search checks its sections with the core it compiles anyway rather than loading zlib (the first caller decides).
 */
export function getEngine(forSearch = false): Engine {
  engine ??= loadEngine({
    keepOpen: true, // one command per process: the file is opened once, and closed by the exit
    algorithm: process.env.DWS_TOOL_SEARCH_ALGORITHM || undefined,
    deferIndex: true,
    checksum: forSearch ? 'core' : 'native',
  });
  return engine;
}

export { collect } from './flag-table.js';

export interface SearchFlags {
  query?: string;
  limit?: string;
  candidateLimit?: string;
  product?: string[];
  effect?: string[];
  exclude?: string[];
  explain?: boolean;
  requestJson?: string;
  batch?: boolean;
  jq?: string;
  fields?: string;
  format?: string;
}

function intFlag(v: string | undefined, reason: 'invalid_limit' | 'invalid_candidate_limit', flag: string): number | undefined {
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v.trim())) throw new DwsError(reason, `--${flag} must be an integer, got "${v}"`);
  return Number(v);
}

/** `--fields a,b` as a key list; an empty list is an error. */
export function parseFields(v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const fields = v.split(',').map((f) => f.trim()).filter(Boolean);
  if (!fields.length) throw new DwsError('invalid_fields', '--fields needs at least one key', 'e.g. --fields canonical_path,effect');
  return fields;
}

/** The output flags' combination, the same rule for search and schema: --jq takes the JSON as it is. */
function checkOutputFlags(flags: { jq?: string; fields?: string; format?: string }): void {
  const format = flags.format ?? 'json';
  if (format !== 'json' && format !== 'table') throw new DwsError('unsupported_output_format', `--format must be json or table, not "${format}"`);
  if (flags.jq !== undefined && (flags.fields !== undefined || format !== 'json')) {
    throw new DwsError('unsupported_output_filter', '--jq takes the JSON output; do not combine it with --fields or --format table');
  }
}

/** True when --jq, --fields or --format table shape the output (the commander program does that: src/schema/format.ts). */
export const shapesOutput = (flags: { jq?: string; fields?: string; format?: string }): boolean =>
  flags.jq !== undefined || flags.fields !== undefined || flags.format === 'table';

/**
 * `dws schema search`. A single answer goes through `shape` when given (main.ts: --jq, --fields, --format table);
 * bin.ts gives none and leaves argv with those flags to main.ts. --batch output is JSON Lines only.
 */
/** Answers gathered before one write: a few syscalls per 64 KiB instead of one per line. */
const BATCH_WRITE_BYTES = 64 * 1024;

/**
 * `--batch`: one response line per request line, in order, streamed: the lines of each chunk of input are answered
 * and written before the next chunk is read, so memory stays bounded however many lines come in. Blank lines are
 * skipped; a line that is not a valid request (or is longer than a request may be) gets its error envelope.
 */
async function runBatch(e: Engine, explain: boolean): Promise<void> {
  let pending: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    bytes = 0;
    await writeStdout(text);
  };
  for await (const lines of stdinLines(LIMITS.maxRequestBytes)) {
    for (const line of lines) {
      if (line !== undefined && line.trim().length === 0) continue;
      let answer: string;
      try {
        if (line === undefined) throw requestTooLarge();
        answer = e.searchNormalized(parseRequestJson(line, e.productIds), { explain });
      } catch (err) {
        if (!(err instanceof DwsError)) throw err;
        answer = err.envelope();
      }
      pending.push(answer + '\n');
      bytes += answer.length;
      if (bytes >= BATCH_WRITE_BYTES) await flush();
    }
    await flush();
  }
}

export async function runSearch(flags: SearchFlags, shape?: (json: string) => Promise<string>): Promise<void> {
  checkOutputFlags(flags);
  if (flags.batch && (flags.jq !== undefined || flags.fields !== undefined)) {
    throw new DwsError('unsupported_output_filter', '--batch prints one JSON line per request; --jq and --fields shape a single search', 'run one search per request to filter it');
  }
  if (flags.batch && flags.format === 'table') throw new DwsError('unsupported_output_format', '--batch prints JSON Lines only');
  parseFields(flags.fields);
  const print = async (line: string) => writeStdout(shape ? await shape(line) : line + '\n');
  const inputFlags = ['query', 'limit', 'candidateLimit', 'product', 'effect', 'exclude'] as const;
  const explain = flags.explain === true;
  if (flags.batch) {
    if (flags.requestJson !== undefined || inputFlags.some((f) => flags[f] !== undefined)) {
      throw new DwsError('ambiguous_input', '--batch reads requests from stdin and takes no other input flags');
    }
    await runBatch(getEngine(true), explain);
    return;
  }
  if (flags.requestJson !== undefined) {
    if (inputFlags.some((f) => flags[f] !== undefined)) {
      throw new DwsError('ambiguous_input', '--request-json takes the whole request; do not combine it with --query or filter flags');
    }
    if (flags.requestJson !== '-') throw new DwsError('invalid_argument', '--request-json takes "-" (read the request from stdin)');
    const e = getEngine(true);
    const text = await readStdin(LIMITS.maxRequestBytes);
    await print(e.searchNormalized(parseRequestJson(text, e.productIds), { explain }));
    return;
  }
  const request: SearchRequest = {
    query: flags.query ?? '',
    limit: intFlag(flags.limit, 'invalid_limit', 'limit'),
    candidate_limit: intFlag(flags.candidateLimit, 'invalid_candidate_limit', 'candidate-limit'),
    product_ids: flags.product,
    effects: flags.effect,
    exclude_canonical: flags.exclude,
  };
  for (const k of Object.keys(request) as (keyof SearchRequest)[]) if (request[k] === undefined) delete request[k];
  const e = getEngine(true);
  await print(e.search(request, { explain }));
}

export interface SchemaFlags {
  compact?: boolean;
  all?: boolean;
  cliPath?: string;
  expectedSourceHash?: string;
  expectedSurfaceHash?: string;
  jq?: string;
  fields?: string;
  format?: string;
}

/**
 * `dws schema [path]`: checks the flag combination and renders the view (JSON, no newline). The caller prints it;
 * main.ts also applies --jq and --format table (src/schema/format.ts, jq-wasm and cli-table3), which bin.ts leaves to it.
 */
export function inspectSchema(words: string[], flags: SchemaFlags): string {
  checkOutputFlags(flags);
  const versioned = flags.expectedSourceHash !== undefined || flags.expectedSurfaceHash !== undefined;
  if (versioned && flags.jq !== undefined) throw new DwsError('unsupported_output_filter', 'versioned Inspect prints the whole contract; --jq is not allowed');
  if (versioned && (flags.format ?? 'json') !== 'json') throw new DwsError('unsupported_output_format', 'versioned Inspect prints JSON only');
  if (flags.cliPath !== undefined && words.length) throw new DwsError('invalid_argument', '--cli-path names the command; do not also pass a path');
  const path = flags.cliPath ?? (words.length ? words.join(' ') : undefined);
  return inspect(getEngine(), path, {
    compact: flags.compact, all: flags.all, fields: parseFields(flags.fields),
    expectedSourceHash: flags.expectedSourceHash, expectedSurfaceHash: flags.expectedSurfaceHash,
  });
}
