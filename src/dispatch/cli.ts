// Dispatch of catalog commands (`dws <cli path> --flags`), SPEC section 6. Only the invoked tool becomes a command
// (resolve.ts), so a dispatch start pays for one ToolSpec, not the whole catalog. Order of checks, all before any
// backend call (the plan's check pass may read the local files and the standard input the flags name):
//   resolve path (exit 2) -> parse flags (unknown flag exit 2) -> catalog hashes (catalog_changed, exit 6)
//   -> availability / interface (exit 3) -> a deprecated command's notice
//   -> validation (exit 3; the snapshot's precompiled validator, else ajv)
//   -> the plan's own checks up to its first call, calling nothing (exit 3; executor.ts checkBeforeConfirmation)
//   -> confirmation (exit 3; a plan with `confirm: first` or `{before}` places it earlier, one with `{when}` asks only
//      when its flag condition holds) -> --dry-run plan
//   -> the executor (execute.ts): an atomic command's one call, or a composite command's plan (catalog/plans/)
//   -> server config and login -> MCP tools/call (transport.ts; auth exit 2, grant 4, backend 1, partial outcome 7).
// The MCP SDK is imported only when a call is actually made.
import { randomUUID } from 'node:crypto';
import { DwsError, warningLine, type Warning } from '../errors.js';
import type { Sleep } from '../sleep.js';
import type { Engine } from '../engine/engine.js';
import type { ToolSpec } from '../catalog/types.js';
import { checkCatalogVersion } from '../schema/browse.js';
import { resolveCommand, wantsHelp } from './resolve.js';
import { identityKey } from '../catalog/identity.js';
import { parseToolArgs } from './flags.js';
import { foldInputFirst } from '../contract/schema.js';
import { checkInput } from '../contract/precompiled.js';
import { groupHelp, toolHelp } from './help.js';
import { answerCap, type Env } from '../backend/config.js';
import { isLocalCommand, loadLocalCommand } from '../local/registry.js';
import { checkBeforeConfirmation, commandNotices, confirmationStands, executePlan, type PlanDryRun } from '../plan/executor.js';
import { CONFIRM_SPELLINGS } from '../contract/control.js';
import { howItRuns } from '../plan/runs.js';
import type { PlanSpec } from '../plan/spec.js';
import { effectsFor } from './effects.js';
import type { LocalCommand } from '../local/types.js';
import type { StdinWatch } from '../events/control.js';
import { settleInterrupted } from '../backend/in-flight.js';
import { stringifyJson } from '../json-number.js';
import { goFloat64s } from '../json-well-formed.js';

export interface DispatchIo {
  write: (text: string) => Promise<void>;
  /** A streaming command's lines (asynchronous, with back-pressure); default write. */
  writeStream?: (text: string) => Promise<void>;
  env: Env;
  /** The run's clock and UUID source (tests fix them); default the system clock and crypto.randomUUID. */
  now?: () => Date;
  uuid?: () => string;
  /** How a poll waits between checks (tests make it instant); default a timer. */
  sleep?: Sleep;
  /** The standard input for a plan's `{stdin}` source (`--content -`); absent: none. */
  stdin?: (maxBytes: number) => string;
  /** The CLI's own stdin-EOF watch (event consume's stop, src/cli/io.ts); absent: never armed (in-process runs). */
  watchStdinEof?: StdinWatch;
  /**
   * Where a run's notices go, each as its stderr line (src/errors.ts warningLine, no newline): never the answer's
   * stream. The CLI writes them to stderr as they come; absent: dropped.
   */
  warn?: (line: string) => void;
}

/** What `--dry-run` of a local command prints: it runs in this process and calls no backend. */
export interface LocalPlan {
  dry_run: true;
  canonical_path: string;
  local: true;
  values: Record<string, unknown>;
  /** The backend steps of a local command that calls one (the drive folder walks), none of them made. */
  steps?: unknown[];
  effect: ToolSpec['effect'];
  confirmation: ToolSpec['confirmation'];
  idempotency: ToolSpec['idempotency'];
}

export function checkHashes(engine: Engine, c: { expectedSource?: string; expectedSurface?: string }): void {
  checkCatalogVersion(engine.catalogHashes, { source: c.expectedSource, surface: c.expectedSurface }, 're-inspect the command before running it');
}

type Runner = { kind: 'plan'; plan: PlanSpec } | { kind: 'local'; run: LocalCommand };

/** The runner of a command as plan/runs.ts says it runs; a local one is its registered code (src/local/). */
async function checkDispatchable(t: ToolSpec): Promise<Runner> {
  const how = howItRuns(t);
  if (how.kind === 'unavailable') {
    throw new DwsError('tool_unavailable', `${t.canonical_path} is unavailable: ${how.reason}`, 'report the capability as unavailable; do not retry');
  }
  if (how.kind === 'plan') return how;
  const local = how.kind === 'local' ? await loadLocalCommand(t.canonical_path) : undefined;
  if (local) return { kind: 'local', run: local };
  throw new DwsError('not_dispatchable', `${t.canonical_path} is a ${t.interface_mode} command that this build cannot dispatch: ${how.kind === 'none' ? how.reason : 'no local implementation is registered'}`,
    'this command has no execution plan yet; find another with `dws schema search`');
}

/**
 * The run's bound as typed, in milliseconds: --timeout, else DWS_TIMEOUT (seconds, above 0 and at most 3600); absent
 * when neither is given (or given empty), so each call and transfer takes its own default (src/dispatch/effects.ts
 * callBoundMs, transferBoundMs).
 */
export function typedTimeoutMs(flag: string | undefined, env: Env): number | undefined {
  const text = flag ?? env.DWS_TIMEOUT;
  if (text === undefined || text === '') return undefined;
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(seconds > 0) || seconds > 3600) {
    throw new DwsError('invalid_parameter', `--timeout must be a number of seconds between 0 and 3600, got "${text}"`);
  }
  return Math.round(seconds * 1000);
}

function render(value: unknown, format: string): string {
  if (format === 'text') return (typeof value === 'string' ? value : stringifyJson(value, 2)) + '\n';
  return stringifyJson(value) + '\n';
}

/** What a caller (the CLI's flags, or `dws serve`'s execute tool) asks dispatch to run. */
export interface DispatchRequest {
  tool: ToolSpec;
  /** Declared and hidden flags keyed by flag name, values in their JSON types (text where they do not convert). */
  values: Record<string, unknown>;
  positionals: Record<string, unknown>;
  yes: boolean;
  dryRun: boolean;
  /** The --profile typed on this run, for local commands that pass it on (its selection is DWS_PROFILE in the env). */
  profile?: string;
  expectedSource?: string;
  expectedSurface?: string;
  /** The typed --timeout (or DWS_TIMEOUT) in milliseconds (typedTimeoutMs): it bounds every call and transfer; absent: their defaults. */
  typedTimeoutMs?: number;
  /** Local streaming commands (event consume) write JSON Lines here and are stopped by the signal. */
  writeLine?: (line: string) => Promise<void>;
  signal?: AbortSignal;
  now?: () => Date;
  uuid?: () => string;
  sleep?: Sleep;
  stdin?: (maxBytes: number) => string;
  /** The CLI's stdin-EOF watch, handed to a local command (event consume); absent in in-process runs. */
  watchStdinEof?: StdinWatch;
  /** The run's notices (upstream's stderr `[WARN]` / `[FIX]` lines); absent: dropped. */
  warn?: (w: Warning) => void;
  /** The words that named the command as typed (an alias's notice is emitted only when the alias named it). */
  invokedAs?: string;
}

/**
 * A run's outcome as its printer writes it (the CLI's stdout, `dws serve`'s execute answer): the numbers of a result as
 * upstream prints them. Upstream holds a backend answer as json.Unmarshal decodes it into an `any` (every number a
 * float64) and prints it with encoding/json (helpers/helpers.go:430-455 renderLegacyMCPText, :275-291
 * CallMCPToolDataOnServer, output/formatter.go:340-347 WriteJSON, jsonutil/json.go@c7521c1c), which writes a double as
 * JSON.stringify does except a negative zero: `-0` where JSON.stringify writes `0` (goFloat64s). Marked here, at the
 * print, as `go_float64s` marks a flag's decoded JSON at the send: the plan's checks and sends read plain numbers. dws's
 * own integers are never a negative zero (the int transforms, Go's int, drop the sign), so only a float64 prints `-0`.
 * A dry run's plan is printed as built.
 */
function printable(o: DispatchOutcome): DispatchOutcome {
  if (!('result' in o)) return o;
  return { ...o, result: goFloat64s(o.result), ...(o.more ? { more: o.more.map(goFloat64s) } : {}) };
}

/** `more`: documents printed after `result`, each its own `{"result": ...}` (a plan's `outputs`). */
export type DispatchOutcome = { plan: PlanDryRun | LocalPlan } | { result: unknown; more?: unknown[] } | { streamed: true };

/**
 * Every gate after the command is known, in order: catalog hashes -> availability / interface -> a deprecated
 * command's notice -> validation -> (without --yes or --dry-run) the plan's checks up to its first call, then
 * confirmation -> dry-run plan -> server config -> tools/call. A refusal throws before any backend call.
 */
export async function dispatchTool(e: Engine, r: DispatchRequest, env: Env): Promise<DispatchOutcome> {
  const tool = r.tool;
  checkHashes(e, { expectedSource: r.expectedSource, expectedSurface: r.expectedSurface });
  const runner = await checkDispatchable(tool);
  const plan = runner.kind === 'plan' ? runner.plan : undefined;
  // upstream's other spelling of --yes (attendance --user-say-yes) confirms as --yes does
  const confirmed = r.yes || [...CONFIRM_SPELLINGS].some((f) => r.values[f] === true);
  const gated = tool.confirmation === 'user_required' && !confirmed && !r.dryRun;
  // the gate stands where the command's upstream confirms (docs/PLANS.md "Confirmation"): before any check of the flags'
  // values when the plan says `confirm: first` (upstream's ConfirmFirst asks before ValidateRequired and the body read
  // a spelling, corecmd.go:482-490@c7521c1c: a blank required flag is refused only after it; h44-left); otherwise after
  // dispatch's validation and the plan's own checks up to its first call
  if (gated && plan?.confirm === 'first') throw confirmationRequired(tool);
  // a notice about the command itself (deprecated) comes before any other check, as upstream's wrapper prints it before
  // the body's (helpers/doc.go:4696-4707@c7521c1c): so before the blank check of required flags too, which the
  // fold's last check makes (h45-a3: `doc permission list --node ""` refused without the notice)
  const { data, refuseBlankRequired } = foldInputFirst(tool, r.values, r.positionals);
  if (plan) commandNotices(tool, plan, data, { env, now: r.now, warn: r.warn, invokedAs: r.invokedAs });
  refuseBlankRequired();
  const doc = e.identities.get(identityKey(tool.canonical_path));
  await checkInput(tool, data, doc === undefined ? undefined : e.validator(doc));
  // a plan may ask only on one path of its body (`confirm: {when}`, decided by the validated flags alone)
  if (gated && (plan === undefined || confirmationStands(tool, plan, data, { env, now: r.now }))) {
    if (plan) checkBeforeConfirmation(tool, plan, data, { env, now: r.now, uuid: r.uuid, stdin: r.stdin });
    if (runner.kind === 'local') runner.run.check?.({ values: r.values, positionals: r.positionals });
    throw confirmationRequired(tool);
  }
  const invocation = randomUUID();
  const run = {
    tool, env, ...(r.typedTimeoutMs !== undefined ? { typedTimeoutMs: r.typedTimeoutMs } : {}), catalog: e.catalogHashes, signal: r.signal, writeLine: r.writeLine, invocation, flags: data, now: r.now,
    ...(r.sleep ? { sleep: r.sleep } : {}),
    ...(r.watchStdinEof ? { watchStdinEof: r.watchStdinEof } : {}),
    toolOf: (canonical: string) => {
      const doc = e.identities.get(identityKey(canonical));
      return doc === undefined ? undefined : e.spec(doc);
    },
  };
  const effects = effectsFor(run);
  if (runner.kind === 'local') {
    const ctx = { ...run, values: r.values, positionals: r.positionals, effects, yes: r.yes, now: r.now, ...(r.profile !== undefined ? { profile: r.profile } : {}) };
    if (r.dryRun) {
      const steps = runner.run.preview?.(ctx);
      return { plan: { dry_run: true, canonical_path: tool.canonical_path, local: true, values: data, ...(steps ? { steps } : {}), effect: tool.effect, confirmation: tool.confirmation, idempotency: tool.idempotency } };
    }
    const result = await runner.run(ctx);
    return result === undefined && r.writeLine ? { streamed: true } : printable({ result });
  }
  try {
    return printable(await executePlan(tool, runner.plan, data, { env, dryRun: r.dryRun, effects, now: r.now, uuid: r.uuid, sleep: r.sleep, stdin: r.stdin, streaming: r.writeLine !== undefined, signal: r.signal, warn: r.warn, invokedAs: r.invokedAs }));
  } catch (err) {
    throw recoverable(err, invocation, tool);
  }
}

function confirmationRequired(tool: ToolSpec): DwsError {
  return new DwsError('confirmation_required', `${tool.canonical_path} (${tool.effect}, risk ${tool.risk}) needs the user's confirmation`,
    'ask the user, then run the same command with --yes; --dry-run shows what would be sent');
}

/**
 * An unknown or half-done outcome names its invocation, so the agent can ask `dws recover` what happened. A read
 * command's partial outcome (an answer that is partly a failure, a refuse step's `reason: partial_outcome`) changed
 * nothing, so there is nothing to recover.
 */
function recoverable(err: unknown, invocation: string, tool: ToolSpec): unknown {
  if (!(err instanceof DwsError) || (err.reason !== 'outcome_unknown' && err.reason !== 'partial_outcome')) return err;
  if (err.reason === 'partial_outcome' && tool.effect === 'read') return err;
  const hint = `${err.hint ? err.hint + '; ' : ''}\`dws recover ${invocation}\` checks what took effect`;
  return new DwsError(err.reason, err.message, hint, { ...err.payload, invocation });
}

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Ctrl-C (or a kill) during a dispatch, one handler per signal. A write already sent may or may not take effect, so
 * the process says so with the outcome_unknown envelope and exits 128 + the signal number, as a shell expects.
 * Otherwise a local command stops cleanly on the first signal (ctx.signal: event consume cancels its subscription
 * first) and a second one ends the process; any other command ends at once.
 */
function onInterrupt(local: boolean): { signal: AbortSignal; dispose: () => void } {
  const ac = new AbortController();
  const handle = (signal: keyof typeof SIGNAL_EXIT) => {
    const open = settleInterrupted();
    if (open.length) {
      const e = new DwsError('outcome_unknown', `interrupted (${signal}) after ${open.join(', ')} was sent and before it answered; the command may or may not have taken effect`,
        'check its effect before running it again');
      process.getBuiltinModule('node:fs').writeSync(2, e.envelope() + '\n');
      process.exit(SIGNAL_EXIT[signal]);
    }
    if (!local) process.exit(SIGNAL_EXIT[signal]);
    if (ac.signal.aborted) process.exit(130);
    ac.abort();
  };
  const onInt = () => handle('SIGINT');
  const onTerm = () => handle('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  return { signal: ac.signal, dispose: () => { process.off('SIGINT', onInt); process.off('SIGTERM', onTerm); } };
}

export async function runDispatch(argv: string[], engine: () => Engine, io: DispatchIo): Promise<void> {
  const e = engine();
  const found = resolveCommand(argv, e);
  if (found.kind === 'group') {
    if (wantsHelp(found.rest)) return io.write(groupHelp(found.prefix, found.tools, found.body));
    // a runnable group's own body runs when its words come with its flags (ToolSpec.group_body)
    const own = found.body ? `run it with its own flags (\`dws ${found.prefix} --help\`), or ` : '';
    throw new DwsError('unknown_command', `"dws ${found.prefix}" is a group of ${found.tools.length} commands, not a command`,
      `${own}pick one, e.g. ${found.tools.slice(0, 3).map((t) => `\`dws ${t.cli_path}\``).join(', ')}; list them with \`dws ${found.prefix} --help\``);
  }
  const tool = found.tool;
  if (wantsHelp(found.rest)) return io.write(toolHelp(tool));
  const parsed = parseToolArgs(tool, found.rest);
  const format = parsed.control.format ?? 'json';
  if (format !== 'json' && format !== 'text') {
    throw new DwsError('unsupported_output_format', `--format must be json or text, not "${format}"`);
  }
  const c = parsed.control;
  // --profile and --max-answer-mb apply to this one run, through the variables the backend reads (DWS_PROFILE in
  // backend/auth/credential.ts, DWS_MAX_ANSWER_MB in backend/config.ts answerCap: checked here, before anything runs)
  const env = { ...io.env, ...(c.profile ? { DWS_PROFILE: c.profile } : {}), ...(c.maxAnswerMb !== undefined ? { DWS_MAX_ANSWER_MB: c.maxAnswerMb } : {}) };
  answerCap(env);
  // a plan that hands over to a local command stops as that command does
  const stop = onInterrupt(isLocalCommand(tool.canonical_path) || (tool.plan?.steps.some((s) => s.kind === 'handoff') ?? false));
  try {
    const outcome = await dispatchTool(e, {
      tool, values: parsed.values, positionals: parsed.positionals, yes: c.yes, dryRun: c.dryRun, ...(c.profile !== undefined ? { profile: c.profile } : {}),
      expectedSource: c.expectedSource, expectedSurface: c.expectedSurface, typedTimeoutMs: typedTimeoutMs(c.timeout, env),
      writeLine: (line) => (io.writeStream ?? io.write)(line + '\n'), signal: stop.signal, now: io.now, uuid: io.uuid, sleep: io.sleep, stdin: io.stdin,
      ...(io.watchStdinEof ? { watchStdinEof: io.watchStdinEof } : {}),
      ...(io.warn ? { warn: (w: Warning) => io.warn!(warningLine(w)) } : {}), invokedAs: found.path,
    }, env);
    if ('plan' in outcome) return await io.write(render(outcome.plan, format));
    if ('streamed' in outcome) return;
    for (const document of [outcome.result, ...(outcome.more ?? [])]) {
      await io.write(format === 'json' ? render({ result: document }, format) : render(document, format));
    }
  } finally {
    stop.dispose();
  }
}
