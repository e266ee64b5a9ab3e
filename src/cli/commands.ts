// The bodies of `dws schema search` and `dws schema [path]`, shared by the one-file hot path (bin.ts) and the
// commander program (main.ts). Nothing here imports commander: both callers hand over parsed flags.
import { DwsError } from '../errors.js';
import { loadEngine } from '../index.js';
import type { Engine } from '../engine/engine.js';
import { LIMITS, parseRequestJson, requestTooLarge, type SearchRequest } from '../engine/request.js';
import { readStdin, stdinLines, writeStdout } from './io.js';

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

export const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',')];

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

export async function runSearch(flags: SearchFlags): Promise<void> {
  if (flags.jq !== undefined || flags.fields !== undefined) {
    throw new DwsError('unsupported_output_filter', 'schema search output cannot be filtered with --jq or --fields', 'read the JSON response as is');
  }
  if (flags.format !== undefined && flags.format !== 'json') {
    throw new DwsError('unsupported_output_format', `schema search prints JSON only, not "${flags.format}"`);
  }
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
    await writeStdout(e.searchNormalized(parseRequestJson(text, e.productIds), { explain }) + '\n');
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
  await writeStdout(e.search(request, { explain }) + '\n');
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
  const format = flags.format ?? 'json';
  if (format !== 'json' && format !== 'table') throw new DwsError('unsupported_output_format', `--format must be json or table, not "${format}"`);
  const versioned = flags.expectedSourceHash !== undefined || flags.expectedSurfaceHash !== undefined;
  if (versioned && flags.jq !== undefined) throw new DwsError('unsupported_output_filter', 'versioned Inspect prints the whole contract; --jq is not allowed');
  if (versioned && format !== 'json') throw new DwsError('unsupported_output_format', 'versioned Inspect prints JSON only');
  if (flags.jq !== undefined && (flags.fields !== undefined || format !== 'json')) {
    throw new DwsError('unsupported_output_filter', '--jq takes the JSON output; do not combine it with --fields or --format table');
  }
  if (flags.cliPath !== undefined && words.length) throw new DwsError('invalid_argument', '--cli-path names the command; do not also pass a path');
  const path = flags.cliPath ?? (words.length ? words.join(' ') : undefined);
  const fields = flags.fields?.split(',').map((f) => f.trim()).filter(Boolean);
  if (flags.fields !== undefined && !fields?.length) throw new DwsError('invalid_fields', '--fields needs at least one key');
  return getEngine().inspect(path, {
    compact: flags.compact, all: flags.all, fields,
    expectedSourceHash: flags.expectedSourceHash, expectedSurfaceHash: flags.expectedSurfaceHash,
  });
}
