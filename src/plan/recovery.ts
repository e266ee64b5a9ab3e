// Verification and compensation as catalog data (catalog/verify/*.yaml, docs/PLANS.md "Verify and compensate"): per
// reviewed write command, the reads that establish whether each write step of its plan took effect (`steps`, run
// once, in order) and, per write step, the condition over their results that proves it did (`done`). `compensate`
// lists, per write step, the reviewed reverse calls that undo it when the invocation stopped half way. Sources read
// the original invocation: its flag values ({flag: ...}) and `{from: invocation, path: ...}`, whose value is
// {time_ms, steps: {<step id>: {ids}}} (the ids each step's answer returned, from the journal). The run's clock
// ({now: ...}) is the time the invocation sent its first call. Validated at build against the command's plan.
import type { ToolSpec } from '../catalog/types.js';
import type { CallStep, Condition, PlanSpec } from './spec.js';
import { normalizeStep } from './validate.js';
import { ID, isObj, normalizeCondition, only, type Scope } from './validate-values.js';

export interface RecoverySpec {
  facts: string;
  steps: CallStep[];
  /** Write step id of the command's plan -> the condition (over the steps' results) that proves it took effect. */
  done: Record<string, Condition>;
  /** When this holds (over the flags and the invocation), no read can establish the effect: the writes stay unknown. */
  unknown_when?: Condition;
  /** Write step id -> the reviewed calls that undo it. */
  compensate?: Record<string, CallStep[]>;
}

declare module '../catalog/types.js' {
  interface ToolSpec {
    /** How `dws recover` verifies and compensates the command's writes (catalog/verify/). */
    recovery?: RecoverySpec;
  }
}

/** The pseudo-step every verify source may read: the original invocation. */
export const INVOCATION = 'invocation';

export interface RecoveryFile {
  file: string;
  doc: unknown;
}

function callSteps(s: Scope, at: string, raw: unknown, effect: 'read' | 'write', ids: Set<string>, servers: ReadonlySet<string>): CallStep[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    s.problems.push(`${at}: needs a non-empty list of calls`);
    return [];
  }
  return raw.map((r, i) => {
    const where = `${at}[${i}]`;
    if (isObj(r) && r.effect !== undefined && r.effect !== effect) s.problems.push(`${where}.effect: must be ${effect}`);
    const step = normalizeStep(s, where, isObj(r) ? { ...r, effect } : r, servers, ids);
    if (step.kind !== 'call' || step.for_each || step.page || step.resolve || step.poll) {
      s.problems.push(`${where}: a ${effect === 'read' ? 'verify' : 'compensating'} step is one plain MCP call (no for_each, page, resolve or poll)`);
    }
    ids.add(step.id);
    s.earlier.add(step.id);
    return step as CallStep;
  });
}

/** Validates the recovery files against the catalog (each tool's plan already attached); returns them by path. */
export function validateRecovery(files: RecoveryFile[], tools: readonly ToolSpec[], planOf: (t: ToolSpec) => PlanSpec | undefined,
  servers: ReadonlySet<string>): { recovery: Map<string, RecoverySpec>; problems: string[] } {
  const problems: string[] = [];
  const byPath = new Map(tools.map((t) => [t.canonical_path, t]));
  const recovery = new Map<string, RecoverySpec>();
  for (const { file, doc } of files) {
    const top = `catalog/verify/${file}`;
    if (!isObj(doc) || !isObj(doc.verify) || Object.keys(doc).some((k) => k !== 'verify')) {
      problems.push(`${top}: must be a mapping with verify: (canonical path -> {facts, steps, done, compensate?})`);
      continue;
    }
    for (const [canonical, raw] of Object.entries(doc.verify)) {
      const at = `${top}: ${canonical}`;
      const tool = byPath.get(canonical);
      const plan = tool && planOf(tool);
      if (!tool || !plan || tool.effect === 'read') {
        problems.push(`${at}: ${!tool ? 'no such command in the catalog' : !plan ? 'has no plan to verify' : 'is a read; only writes are verified'}`);
        continue;
      }
      if (recovery.has(canonical)) {
        problems.push(`${at}: declared twice`);
        continue;
      }
      if (!isObj(raw)) {
        problems.push(`${at}: must be an object with facts, steps and done`);
        continue;
      }
      const s: Scope = { tool, earlier: new Set([INVOCATION]), inForEach: false, problems, flags: new Set() };
      only(s, at, raw, ['facts', 'steps', 'done', 'unknown_when', 'compensate']);
      if (typeof raw.facts !== 'string' || raw.facts.trim() === '') problems.push(`${at}: needs a facts line (the upstream read and why it establishes the effect)`);
      const ids = new Set<string>([INVOCATION]);
      const steps = callSteps(s, `${at}: steps`, raw.steps, 'read', ids, servers);
      const writes = new Set(plan.steps.filter((p) => p.kind === 'call' && p.effect === 'write').map((p) => p.id));
      const done: Record<string, Condition> = {};
      if (!isObj(raw.done) || Object.keys(raw.done).length === 0) problems.push(`${at}: done needs a condition per write step`);
      else {
        for (const [id, c] of Object.entries(raw.done)) {
          if (!writes.has(id)) problems.push(`${at}: done.${id}: "${id}" is not a write call step of the command's plan (${[...writes].join(', ') || 'none'})`);
          done[id] = normalizeCondition(s, `${at}: done.${id}`, c);
        }
      }
      const spec: RecoverySpec = { facts: String(raw.facts ?? ''), steps, done };
      if (raw.unknown_when !== undefined) spec.unknown_when = normalizeCondition({ ...s, earlier: new Set([INVOCATION]) }, `${at}: unknown_when`, raw.unknown_when);
      if (raw.compensate !== undefined) {
        spec.compensate = {};
        if (!isObj(raw.compensate)) problems.push(`${at}: compensate must map write step ids to calls`);
        else {
          for (const [id, calls] of Object.entries(raw.compensate)) {
            if (!writes.has(id) || !ID.test(id)) problems.push(`${at}: compensate.${id}: "${id}" is not a write call step of the command's plan`);
            spec.compensate[id] = callSteps(s, `${at}: compensate.${id}`, calls, 'write', ids, servers);
          }
        }
      }
      recovery.set(canonical, spec);
    }
  }
  return { recovery, problems };
}
