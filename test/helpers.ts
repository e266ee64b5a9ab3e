// Shared test helpers: the shipped engine, a fixture engine built from the real catalog with a few tools made
// unavailable and one composite command without its plan, and a CLI runner that captures stdout, stderr and the exit code.
import { spawnSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../src/index.js';
import type { Engine } from '../src/engine/engine.js';
import { snapshotFromCatalog } from '../src/snapshot/write.js';
import type { Catalog } from '../src/catalog/types.js';
import { DwsError } from '../src/errors.js';
import { CatalogInvalid, validateDeclarations } from '../src/catalog/validate.js';
import { readDeclarationFiles } from '../src/build/load.js';
import { validateWraps } from '../src/build/wraps.js';
import type { ExecuteOptions } from '../src/plan/executor.js';
import { effectsFor } from '../src/dispatch/effects.js';
import type { ToolSpec } from '../src/catalog/types.js';
import type { CallStep, DownloadStep, HandoffStep, PickStep, PlanSpec, PlanStep, RefuseStep, SaveStep, UploadStep } from '../src/plan/spec.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'bin', 'dws.cjs');

let shipped: Engine | undefined;
export function shippedEngine(): Engine {
  shipped ??= loadEngine();
  return shipped;
}

export function readSnapshotBytes(): Uint8Array {
  return readFileSync(path.join(ROOT, 'build', 'snapshot.bin'));
}

let catalog: Catalog | undefined;
/** The catalog of catalog/ (a copy to change at will), as test/global-setup.ts read it for this run. */
export function realCatalog(): Catalog {
  catalog ??= JSON.parse(readFileSync(inject('catalogJson'), 'utf8')) as Catalog;
  return structuredClone(catalog);
}

/** A catalog declaration file as validateDeclarations reads it. */
export type DeclarationDoc = { product: { id: string }; tools: Record<string, any>[] };

let declarations: { file: string; doc: DeclarationDoc }[] | undefined;
/** catalog/'s declaration files, read once per test file. */
export function declarationFiles(): { file: string; doc: DeclarationDoc }[] {
  declarations ??= readDeclarationFiles(path.join(ROOT, 'catalog')) as { file: string; doc: DeclarationDoc }[];
  return declarations;
}

/** The problems validateDeclarations finds in a copy of catalog/'s declaration files after `mutate`, or [] when it accepts them. */
export function declarationProblemsOf(mutate: (byFile: Map<string, DeclarationDoc>) => void): string[] {
  const copy = structuredClone(declarationFiles());
  mutate(new Map(copy.map((f) => [f.file, f.doc])));
  try {
    validateDeclarations(copy);
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogInvalid);
    return (e as CatalogInvalid).problems;
  }
  return [];
}

/** The problems validateWraps finds in the planned shipped catalog after `mutate`, or [] when it accepts it. */
export function wrapProblemsOf(mutate: (tool: (path: string) => ToolSpec) => void): string[] {
  const tools = realCatalog().tools;
  mutate((path) => tools.find((t) => t.canonical_path === path)!);
  try {
    validateWraps(tools);
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogInvalid);
    return (e as CatalogInvalid).problems;
  }
  return [];
}

/** Tools made unavailable in the fixture catalog (never in the shipped one). */
export const UNAVAILABLE = ['chat.recall_message', 'drive.shortcut_upload', 'todo.create_personal_todo'];

/** A composite command whose plan the fixture catalog drops (every shipped composite command has one). */
export const PLANLESS = 'chat.shortcut_dm';

/** A tool given an extra avoid_when phrase in the fixture catalog. */
export const DEMOTED = { canonical_path: 'chat.forward_message', phrase: '不是转发而是搬运' };

let fixtureBytes: Uint8Array | undefined;
export function fixtureSnapshot(): Uint8Array {
  if (!fixtureBytes) {
    const c = realCatalog();
    for (const t of c.tools) {
      if (UNAVAILABLE.includes(t.canonical_path)) {
        t.availability = 'unavailable';
        t.interface_reason = 'test fixture: the backend for this command is switched off';
      }
      if (t.canonical_path === PLANLESS) delete t.plan;
    }
    fixtureBytes = snapshotFromCatalog(c);
  }
  return fixtureBytes;
}

let miniBytes: Uint8Array | undefined;
/** A four-tool catalog where DEMOTED carries an extra avoid_when phrase. */
export function miniSnapshot(): Uint8Array {
  if (!miniBytes) {
    const c = realCatalog();
    c.tools = c.tools.filter((t) => ['chat.forward_message', 'chat.recall_message', 'chat.shortcut_dm', 'todo.create_personal_todo'].includes(t.canonical_path));
    c.products = c.products.filter((p) => p.id === 'chat' || p.id === 'todo');
    for (const t of c.tools) if (t.canonical_path === DEMOTED.canonical_path) t.avoid_when = [...t.avoid_when, DEMOTED.phrase];
    miniBytes = snapshotFromCatalog(c);
  }
  return miniBytes;
}

let fixture: Engine | undefined;
export function fixtureEngine(): Engine {
  fixture ??= loadEngine({ snapshot: fixtureSnapshot() });
  return fixture;
}

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { input?: string; env?: Record<string, string> } = {}): RunResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input: opts.input ?? '',
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function runCliAsync(args: string[], input = '', env: Record<string, string> = {}): Promise<RunResult> {
  return outcomeOf(spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } }), input);
}

/** The first candidate's canonical path of a search typed as a user types it (`dws schema search --query ...`). */
export async function firstHit(query: string, limit?: number): Promise<string> {
  const run = await runCliAsync(['schema', 'search', '--query', query, ...(limit === undefined ? [] : ['--limit', String(limit)])]);
  expect(run.status, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { candidates: { canonical_path: string }[] }).candidates[0].canonical_path;
}

/** The twin group's representative of a canonical path (a twin of the gold counts as the gold, the written set's reading). */
export function twinOf(p: string): string {
  const e = shippedEngine();
  for (let d = 0; d < e.meta.count; d++) if (e.meta.canonical_path.at(d) === p) return e.meta.canonical_path.at(e.meta.twin[d])!;
  return p;
}

/** A spawned process's exit status and output, with `input` as its standard input. */
export function outcomeOf(child: ChildProcessWithoutNullStreams, input = ''): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? -1, stdout, stderr }));
    // a child that exits before reading its input closes the pipe (EPIPE): its exit status and output are the outcome
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

export function errorOf(stderr: string): { category: string; reason: string; message: string; hint?: string } {
  return JSON.parse(stderr.trim().split('\n').pop()!).error;
}

/**
 * The committed text of a golden file. With UPDATE_GOLDEN=1 `actual` is written there first (review the diff); a
 * missing golden file fails the test, so a test never passes by recording what it checks.
 */
export function readGolden(file: string, actual: string): string {
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
  if (!existsSync(file)) throw new Error(`golden file ${path.relative(ROOT, file)} is missing: record it with UPDATE_GOLDEN=1 and review it`);
  return readFileSync(file, 'utf8');
}

/** What an in-process `dws <argv>` printed, and the DwsError it ended with. */
export interface DispatchOutcome {
  out: string;
  /** What the run wrote on stderr besides its error: its notice lines (`{"warning": ...}`, upstream's [WARN]/[FIX]). */
  err: string;
  error?: DwsError;
}

/**
 * Runs `dws <argv>` through dispatch in this process (runDispatch) with the given env, collecting what it writes;
 * a DwsError is returned with the output so far, any other error is thrown. Dispatch is loaded on first use, so test
 * files that never dispatch do not pay for it.
 */
export async function dispatchInProcess(argv: string[], env: Record<string, string>, engine: () => Engine = shippedEngine,
  clock: { now?: () => Date; uuid?: () => string; sleep?: (ms: number) => Promise<void>; stdin?: string } = {}): Promise<DispatchOutcome> {
  const { runDispatch } = await import('../src/dispatch/cli.js');
  let out = '';
  let err = '';
  try {
    const { stdin, ...rest } = clock;
    // the standard input a user pipes in, as the CLI reads it (at most maxBytes + 1 bytes)
    const reader = stdin === undefined ? {} : { stdin: (maxBytes: number) => Buffer.from(stdin).subarray(0, maxBytes + 1).toString('utf8') };
    await runDispatch(argv, engine, { write: async (t) => void (out += t), warn: (line) => void (err += line + '\n'), env, ...rest, ...reader });
  } catch (e) {
    if (e instanceof DwsError) return { out, err, error: e };
    throw e;
  }
  return { out, err };
}

/** What a run that must succeed prints as its result; a failure shows its error envelope. */
export async function resultOf(argv: string[], env: Record<string, string>): Promise<unknown> {
  const outcome = await dispatchInProcess(argv, env);
  expect(outcome.error?.envelope()).toBeUndefined();
  return (JSON.parse(outcome.out) as { result: unknown }).result;
}

/** A plan step read field by field in a test, whatever its kind (src/plan/spec.ts tags each kind). */
export type AnyStep = PlanStep & Partial<Omit<CallStep, 'kind'> & Omit<UploadStep, 'kind'> & Omit<DownloadStep, 'kind'> & Omit<PickStep, 'kind'> &
  Omit<RefuseStep, 'kind'> & Omit<SaveStep, 'kind'> & Omit<HandoffStep, 'kind'>>;
export const anySteps = (p: PlanSpec): AnyStep[] => p.steps as AnyStep[];

/** Executor options as dispatch builds them: the real effects port (journaled calls and transfers) for this tool. */
export function executeOptions(tool: ToolSpec, o: { env: Record<string, string | undefined>; dryRun: boolean; timeoutMs?: number; catalog?: { source_hash: string; surface_hash: string };
  backoffMs?: number; sleep?: (ms: number) => Promise<void>; now?: () => Date; uuid?: () => string }): ExecuteOptions {
  const { timeoutMs = 5000, catalog = { source_hash: 'h', surface_hash: 'h' }, backoffMs, ...rest } = o;
  return { ...rest, effects: effectsFor({ tool, env: o.env, typedTimeoutMs: timeoutMs, catalog, ...(backoffMs !== undefined ? { backoffMs } : {}) }) };
}

/**
 * Runs the enclosing describe block (or file) with process.env.TZ set to `zone`, restoring the old value after it:
 * the tests of a reading that depends on the local clock (a clock change in the window).
 */
export function useTimeZone(zone: string): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
