// Dispatch of catalog commands (`dws <cli path> --flags`), SPEC section 6. Only the invoked tool becomes a command
// (resolve.ts), so a dispatch start pays for one ToolSpec, not 1,098. Order of checks, all before any I/O:
//   resolve path (exit 2) -> parse flags (unknown flag exit 2) -> catalog hashes (catalog_changed, exit 6)
//   -> availability / interface (exit 3) -> ajv validation (exit 3) -> confirmation (exit 3) -> --dry-run plan
//   -> server config -> MCP tools/call (transport.ts; auth exit 4, backend/transport/unknown outcome exit 7).
// The MCP SDK is imported only when a call is actually made.
import { DwsError } from '../errors.js';
import type { Engine } from '../engine/engine.js';
import type { ToolSpec } from '../catalog/types.js';
import { writeStdout } from '../cli/io.js';
import { resolveCommand } from './resolve.js';
import { parseToolArgs } from './flags.js';
import { foldInput, validateInput } from './validate.js';
import { mapArguments } from './arguments.js';
import { groupHelp, toolHelp } from './help.js';
import { serverFor, type Env } from './config.js';
import { localCommands } from './local/index.js';
import { journalCall } from './journal.js';
import type { LocalCommand } from './local/types.js';

export interface DispatchIo {
  write: (text: string) => Promise<void>;
  env: Env;
}

const DEFAULT_TIMEOUT_SECONDS = 30;

/** What `--dry-run` of a local command prints: it runs in this process and calls no backend. */
export interface LocalPlan {
  dry_run: true;
  canonical_path: string;
  local: true;
  values: Record<string, unknown>;
  effect: ToolSpec['effect'];
  confirmation: ToolSpec['confirmation'];
  idempotency: ToolSpec['idempotency'];
}

/** The invocation plan `--dry-run` prints (fixed key order; derived_arguments only when non-empty). */
export interface Plan {
  dry_run: true;
  canonical_path: string;
  server: string;
  rpc_name: string;
  arguments: Record<string, unknown>;
  derived_arguments?: string[];
  effect: ToolSpec['effect'];
  confirmation: ToolSpec['confirmation'];
  idempotency: ToolSpec['idempotency'];
}

function wantsHelp(rest: string[]): boolean {
  const end = rest.indexOf('--');
  return (end < 0 ? rest : rest.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

export function checkHashes(engine: Engine, c: { expectedSource?: string; expectedSurface?: string }): void {
  const have = engine.catalogHashes;
  const stale = [
    c.expectedSource !== undefined && c.expectedSource !== have.source_hash ? 'source_hash' : '',
    c.expectedSurface !== undefined && c.expectedSurface !== have.surface_hash ? 'surface_hash' : '',
  ].filter(Boolean);
  if (stale.length) {
    throw new DwsError('catalog_changed', `the catalog changed: expected ${stale.join(' and ')} no longer match (now source_hash ${have.source_hash}, surface_hash ${have.surface_hash})`,
      'search again with `dws schema search` and re-inspect the command before running it');
  }
}

type Runner = { kind: 'mcp'; ref: { product_id: string; rpc_name: string } } | { kind: 'local'; run: LocalCommand };

function checkDispatchable(t: ToolSpec): Runner {
  if (t.availability === 'unavailable') {
    throw new DwsError('tool_unavailable', `${t.canonical_path} is unavailable: ${t.interface_reason ?? 'no reason given'}`, 'report the capability as unavailable; do not retry');
  }
  const local = t.interface_mode === 'local' && Object.hasOwn(localCommands, t.canonical_path) ? localCommands[t.canonical_path] : undefined;
  if (local) return { kind: 'local', run: local };
  if (t.interface_mode !== 'mcp' || !t.interface_ref) {
    throw new DwsError('not_dispatchable', `${t.canonical_path} is a ${t.interface_mode} command that this build cannot dispatch: ${t.interface_reason ?? 'it has no RPC reference'}`,
      'only MCP-backed commands run through dws dispatch; find one with `dws schema search`');
  }
  return { kind: 'mcp', ref: t.interface_ref };
}

export function timeoutMs(flag: string | undefined, env: Env): number {
  const text = flag ?? env.DWS_TIMEOUT;
  if (text === undefined || text === '') return DEFAULT_TIMEOUT_SECONDS * 1000;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(seconds > 0) || seconds > 3600) {
    throw new DwsError('invalid_parameter', `--timeout must be a number of seconds between 0 and 3600, got "${text}"`);
  }
  return Math.round(seconds * 1000);
}

function render(value: unknown, format: string): string {
  if (format === 'text') return (typeof value === 'string' ? value : JSON.stringify(value, null, 2)) + '\n';
  return JSON.stringify(value) + '\n';
}

/** What a caller (the CLI's flags, or `dws serve`'s execute tool) asks dispatch to run. */
export interface DispatchRequest {
  tool: ToolSpec;
  /** Declared and hidden flags keyed by flag name, values in their JSON types (text where they do not convert). */
  values: Record<string, unknown>;
  positionals: Record<string, unknown>;
  yes: boolean;
  dryRun: boolean;
  expectedSource?: string;
  expectedSurface?: string;
  timeoutMs: number;
  /** Local streaming commands (event consume) write JSON Lines here and are stopped by the signal. */
  writeLine?: (line: string) => Promise<void>;
  signal?: AbortSignal;
}

export type DispatchOutcome = { plan: Plan | LocalPlan } | { result: unknown } | { streamed: true };

/**
 * Every gate after the command is known, in order: catalog hashes -> availability / interface -> ajv validation
 * -> confirmation -> dry-run plan -> server config -> tools/call. A refusal throws before any I/O.
 */
export async function dispatchTool(e: Engine, r: DispatchRequest, env: Env): Promise<DispatchOutcome> {
  const tool = r.tool;
  checkHashes(e, { expectedSource: r.expectedSource, expectedSurface: r.expectedSurface });
  const runner = checkDispatchable(tool);
  const data = foldInput(tool, r.values, r.positionals);
  validateInput(tool, data);
  if (tool.confirmation === 'user_required' && !r.yes && !r.dryRun) {
    throw new DwsError('confirmation_required', `${tool.canonical_path} (${tool.effect}, risk ${tool.risk}) needs the user's confirmation`,
      'ask the user, then run the same command with --yes; --dry-run shows what would be sent');
  }
  if (runner.kind === 'local') {
    if (r.dryRun) {
      return { plan: { dry_run: true, canonical_path: tool.canonical_path, local: true, values: data, effect: tool.effect, confirmation: tool.confirmation, idempotency: tool.idempotency } };
    }
    const result = await runner.run({ tool, values: r.values, positionals: r.positionals, env, catalog: e.catalogHashes, signal: r.signal, writeLine: r.writeLine });
    return result === undefined && r.writeLine ? { streamed: true } : { result };
  }
  const ref = runner.ref;
  const mapped = mapArguments(tool, data);
  if (r.dryRun) {
    const plan: Plan = {
      dry_run: true,
      canonical_path: tool.canonical_path,
      server: ref.product_id,
      rpc_name: ref.rpc_name,
      arguments: mapped.arguments,
      ...(mapped.derived.length ? { derived_arguments: mapped.derived } : {}),
      effect: tool.effect,
      confirmation: tool.confirmation,
      idempotency: tool.idempotency,
    };
    return { plan };
  }
  const server = serverFor(ref.product_id, env);
  const { callTool, resultOf } = await import('./transport.js');
  const record = { canonical_path: tool.canonical_path, catalog: e.catalogHashes, step: 0, server: ref.product_id, rpc: ref.rpc_name, arguments: mapped.arguments };
  let result: unknown;
  try {
    const response = await callTool(server, {
      server: ref.product_id,
      rpcName: ref.rpc_name,
      arguments: mapped.arguments,
      // Only reads: a write is retried only when its backend echoes the transport's idempotency key.
      replayable: tool.effect === 'read',
      timeoutMs: r.timeoutMs,
    });
    result = resultOf(response, server, `${ref.rpc_name} on the "${ref.product_id}" server`);
  } catch (err) {
    const reason = err instanceof DwsError ? err.reason : 'internal_error';
    journalCall(env, { ...record, outcome: reason === 'outcome_unknown' ? 'outcome_unknown' : 'failed', error: { reason, message: err instanceof Error ? err.message : String(err) } });
    throw err;
  }
  journalCall(env, { ...record, outcome: 'ok', result });
  return { result };
}

export async function runDispatch(argv: string[], engine: () => Engine, io: DispatchIo = { write: writeStdout, env: process.env }): Promise<void> {
  const e = engine();
  const found = resolveCommand(argv, e);
  if (found.kind === 'group') {
    if (wantsHelp(found.rest)) return io.write(groupHelp(found.prefix, found.tools));
    throw new DwsError('unknown_command', `"dws ${found.prefix}" is a group of ${found.tools.length} commands, not a command`,
      `pick one, e.g. ${found.tools.slice(0, 3).map((t) => `\`dws ${t.cli_path}\``).join(', ')}; list them with \`dws ${found.prefix} --help\``);
  }
  const tool = found.tool;
  if (wantsHelp(found.rest)) return io.write(toolHelp(tool));
  const parsed = parseToolArgs(tool, found.rest);
  const format = parsed.control.format ?? 'json';
  if (format !== 'json' && format !== 'text') {
    throw new DwsError('unsupported_output_format', `--format must be json or text, not "${format}"`);
  }
  const c = parsed.control;
  const outcome = await dispatchTool(e, {
    tool, values: parsed.values, positionals: parsed.positionals, yes: c.yes, dryRun: c.dryRun,
    expectedSource: c.expectedSource, expectedSurface: c.expectedSurface, timeoutMs: timeoutMs(c.timeout, io.env),
    writeLine: (line) => io.write(line + '\n'),
  }, io.env);
  if ('plan' in outcome) return io.write(render(outcome.plan, format));
  if ('streamed' in outcome) return;
  await io.write(format === 'json' ? render({ result: outcome.result }, format) : render(outcome.result, format));
}
