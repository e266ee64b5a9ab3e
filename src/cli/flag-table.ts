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
  { flag: '--compact', kind: 'boolean', key: 'compact', help: 'whitelist projection (what an agent needs) / 精简投影（智能体所需字段）' },
  { flag: '--all', kind: 'boolean', key: 'all', help: 'every product with every full leaf / 全部产品及全部命令的完整契约' },
  { flag: '--cli-path', kind: 'value', arg: '<path>', key: 'cliPath', help: 'look a command up by CLI path, e.g. "chat +messages-send" / 按 CLI 路径查找' },
  { flag: '--expected-source-hash', kind: 'value', arg: '<hash>', key: 'expectedSourceHash', help: 'versioned Inspect: refuse if the catalog changed / 版本化查看：目录变化则拒绝' },
  { flag: '--expected-surface-hash', kind: 'value', arg: '<hash>', key: 'expectedSurfaceHash', help: 'versioned Inspect: refuse if the command surface changed / 版本化查看：命令面变化则拒绝' },
  { flag: '--jq', kind: 'value', arg: '<expr>', key: 'jq', help: 'filter the JSON output with jq (strings print raw) / 用 jq 过滤输出（字符串原样输出）' },
  { flag: '--fields', kind: 'value', arg: '<keys>', key: 'fields', help: 'keep only these keys (of each listed item) / 只保留这些字段（列表的每一项）' },
  { flag: '--format', kind: 'value', arg: '<format>', key: 'format', help: 'json (default) or table / 输出格式：json（默认）或 table' },
];

export const SEARCH_FLAGS: readonly FlagSpec[] = [
  { flag: '--query', kind: 'value', arg: '<text>', key: 'query', help: 'the task in Chinese or English / 任务描述（中文或英文）' },
  { flag: '--limit', kind: 'value', arg: '<n>', key: 'limit', help: `references to return (default ${LIMITS.defaultLimit}, max ${LIMITS.maxLimit}; 0 answers abstained) / 返回条数` },
  { flag: '--candidate-limit', kind: 'value', arg: '<n>', key: 'candidateLimit', help: `candidates to rank (default ${LIMITS.defaultCandidateLimit}, max ${LIMITS.maxCandidateLimit}) / 参与排序的候选数` },
  { flag: '--product', kind: 'list', arg: '<ids>', key: 'product', help: 'only these products (repeatable, comma-separated) / 只看这些产品' },
  { flag: '--effect', kind: 'list', arg: '<effects>', key: 'effect', help: 'only read, write or destructive commands (repeatable, comma-separated) / 只看读、写或破坏性命令' },
  { flag: '--exclude', kind: 'list', arg: '<canonical>', key: 'exclude', help: 'never return these canonical paths (repeatable, comma-separated) / 排除这些命令' },
  { flag: '--explain', kind: 'boolean', key: 'explain', help: 'add a per-field score breakdown (development only) / 附加逐字段得分（仅供开发）' },
  { flag: '--request-json', kind: 'value', arg: '<stdin>', key: 'requestJson', help: 'read one JSON request from stdin ("-") / 从标准输入读一个 JSON 请求' },
  { flag: '--batch', kind: 'boolean', key: 'batch', help: 'JSON Lines: one request per stdin line, one response per stdout line / 批量：每行一个请求、一个回答' },
  { flag: '--jq', kind: 'value', arg: '<expr>', key: 'jq', help: 'filter the answer with jq (strings print raw) / 用 jq 过滤回答（字符串原样输出）' },
  { flag: '--fields', kind: 'value', arg: '<keys>', key: 'fields', help: 'keep only these keys of each candidate / 每个候选只保留这些字段' },
  { flag: '--format', kind: 'value', arg: '<format>', key: 'format', help: 'json (default) or table / 输出格式：json（默认）或 table' },
];

/** The argument parser of list flags: repeatable, each value split on commas (request validation trims and dedupes). */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, ...value.split(',')];
