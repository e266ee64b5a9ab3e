// The flags of `dws schema` and `dws schema search`, declared once. main.ts builds commander's options from this
// table, and bin.ts's hot path reads the same table, so the two parsers cannot drift apart: the hot path accepts a
// flag only as commander would parse it (same key, same kind), and declines everything else to commander.
// No commander import here: the hot bundle (dist/dws.cjs) carries this file, not commander.
import { LIMITS } from '../engine/request.js';

export interface FlagSpec {
  /** The option as typed, e.g. `--candidate-limit`. */
  flag: string;
  /** value: takes one argument (the last occurrence wins); list: repeatable and comma-split; boolean: no argument. */
  kind: 'value' | 'list' | 'boolean';
  /** The argument's name in help, for value and list flags. */
  arg?: string;
  /** The key in the flags object: commander's attribute name for the flag (test/cli/flag-table.test.ts). */
  key: string;
  help: string;
  hidden?: boolean;
}

export const SCHEMA_FLAGS: readonly FlagSpec[] = [
  { flag: '--compact', kind: 'boolean', key: 'compact', help: 'whitelist projection (what an agent needs)' },
  { flag: '--all', kind: 'boolean', key: 'all', help: 'every product with every full leaf' },
  { flag: '--cli-path', kind: 'value', arg: '<path>', key: 'cliPath', help: 'look a command up by CLI path, e.g. "chat +messages-send"' },
  { flag: '--expected-source-hash', kind: 'value', arg: '<hash>', key: 'expectedSourceHash', help: 'versioned Inspect: refuse if the catalog changed' },
  { flag: '--expected-surface-hash', kind: 'value', arg: '<hash>', key: 'expectedSurfaceHash', help: 'versioned Inspect: refuse if the command surface changed' },
  { flag: '--jq', kind: 'value', arg: '<expr>', key: 'jq', help: 'filter the JSON output with jq' },
  { flag: '--fields', kind: 'value', arg: '<keys>', key: 'fields', help: 'keep only these keys (of each listed item)' },
  { flag: '--format', kind: 'value', arg: '<format>', key: 'format', help: 'json (default) or table' },
];

export const SEARCH_FLAGS: readonly FlagSpec[] = [
  { flag: '--query', kind: 'value', arg: '<text>', key: 'query', help: 'the task in Chinese or English' },
  { flag: '--limit', kind: 'value', arg: '<n>', key: 'limit', help: `references to return (default ${LIMITS.defaultLimit}, max ${LIMITS.maxLimit})` },
  { flag: '--candidate-limit', kind: 'value', arg: '<n>', key: 'candidateLimit', help: `candidates to rank (default ${LIMITS.defaultCandidateLimit}, max ${LIMITS.maxCandidateLimit})` },
  { flag: '--product', kind: 'list', arg: '<ids>', key: 'product', help: 'only these products (repeatable, comma-separated)' },
  { flag: '--effect', kind: 'list', arg: '<effects>', key: 'effect', help: 'only read, write or destructive commands (repeatable, comma-separated)' },
  { flag: '--exclude', kind: 'list', arg: '<canonical>', key: 'exclude', help: 'never return these canonical paths (repeatable, comma-separated)' },
  { flag: '--explain', kind: 'boolean', key: 'explain', help: 'add a per-field score breakdown (development only)' },
  { flag: '--request-json', kind: 'value', arg: '<stdin>', key: 'requestJson', help: 'read one JSON request from stdin ("-")' },
  { flag: '--batch', kind: 'boolean', key: 'batch', help: 'JSON Lines: one request per stdin line, one response per stdout line' },
  { flag: '--jq', kind: 'value', arg: '<expr>', key: 'jq', help: 'filter the JSON output with jq', hidden: true },
  { flag: '--fields', kind: 'value', arg: '<keys>', key: 'fields', help: 'keep only these keys', hidden: true },
  { flag: '--format', kind: 'value', arg: '<format>', key: 'format', help: 'output format (json only)' },
];

/** The argument parser of list flags: repeatable, each value split on commas (request validation trims and dedupes). */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',')];
