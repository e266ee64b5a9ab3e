// Session 39, helper h39-dev (issue 32 / 34, notes/h39-dev.md): the cross-product wraps check compares the calls alone
// (src/build/twins.ts callForm without the answer), and the six frameworkUnified devapp shortcuts read an answer holding
// `content` as that value (helpers/devapp.go:1922-1943@c7521c1c), run as a user types them against 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import type { PlanStep } from '../../src/plan/spec.js';
import { wrapProblemsOf } from '../helpers.js';
import { UNIFIED_DEVAPP_SHORTCUTS } from './devapp-unified.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39dev-');

/** A step list with the step `from` renamed `to`, both as its id and wherever a later step reads it (`from`). */
function renamed(steps: PlanStep[], from: string, to: string): PlanStep[] {
  return JSON.parse(JSON.stringify(steps, (k, v: unknown) => ((k === 'id' || k === 'from') && v === from ? to : v))) as PlanStep[];
}

/**
 * A wrapping shortcut's plan rewritten the way a plan reads the answer after its call: the call renamed `raw`, then
 * a value step `call` (the answer's `content`, else the answer) that the later steps and the output read as before;
 * `at` changes the copy further (what it sends).
 */
function contentReading(tool: ToolSpec, at: (steps: PlanStep[]) => PlanStep[] = (s) => s): void {
  const steps = renamed(tool.plan!.steps, 'call', 'raw');
  const i = steps.findIndex((s) => s.kind === 'call');
  const value = { id: 'call', kind: 'value', effect: 'read', value: { first: [{ from: 'raw', path: 'content' }, { from: 'raw' }] } } as unknown as PlanStep;
  steps.splice(i + 1, 0, value);
  tool.plan = { ...tool.plan!, steps: at(steps) };
}

const WRAPS = 'devapp.shortcut_robot_get';
const sends = 'devapp.yaml: devapp.shortcut_robot_get: wraps dev.get_extension_robot_config in another product, but sends other arguments for the same input (not its call)';

describe('NEW MECHANISM: a cross-product wraps compares the calls alone (src/build/twins.ts callForm, answer false)', () => {
  it('accepts a shortcut whose call step has another id and which reads the answer in value steps after its last call', () => {
    expect(wrapProblemsOf((t) => contentReading(t(WRAPS)))).toEqual([]);
    // the step ids alone (no value step): read by place
    expect(wrapProblemsOf((t) => { t(WRAPS).plan = { ...t(WRAPS).plan!, steps: renamed(t(WRAPS).plan!.steps, 'call', 'fetch') }; })).toEqual([]);
  });

  it('still refuses a twin that sends something else: another argument, a value step before the call that feeds it, a step that reaches out after it', () => {
    const callOf = (steps: PlanStep[]) => steps.find((s) => s.kind === 'call')! as Extract<PlanStep, { kind: 'call' }>;
    // another argument beside the same RPC
    expect(wrapProblemsOf((t) => contentReading(t(WRAPS), (steps) => {
      callOf(steps).args = { ...callOf(steps).args, extra: { const: 1 } } as never;
      return steps;
    }))).toEqual([sends]);
    // an argument read from a value step before the call (the value steps before the last call are compared)
    expect(wrapProblemsOf((t) => contentReading(t(WRAPS), (steps) => {
      const before = { id: 'app', kind: 'value', effect: 'read', value: { flag: 'unified-app-id', transform: ['upper'] } } as unknown as PlanStep;
      callOf(steps).args = { unifiedAppId: { from: 'app' } } as never;
      return [before, ...steps];
    }))).toEqual([sends]);
    // a download after the call reaches out: it is no answer-only step
    expect(wrapProblemsOf((t) => contentReading(t(WRAPS), (steps) => [...steps,
      { id: 'get', kind: 'download', effect: 'read', download: { url: { from: 'call', path: 'url' } } } as unknown as PlanStep]))).toEqual([sends]);
    // a second call after the value step: another call list
    expect(wrapProblemsOf((t) => contentReading(t(WRAPS), (steps) => [...steps, { ...callOf(steps), id: 'again' }]))).toEqual([
      'devapp.yaml: devapp.shortcut_robot_get: wraps dev.get_extension_robot_config in another product, but calls devapp.get_extension_robot_config, devapp.get_extension_robot_config where it calls devapp.get_extension_robot_config (another server or RPC)',
    ]);
  });

  it('reads a step name by its place: an argument read from another step than the twin reads is another call', () => {
    // the twin's call reads --unified-app-id; a copy whose call reads the value step of another flag differs
    expect(wrapProblemsOf((t) => {
      const target = t('dev.get_extension_robot_config');
      const first = { id: 'a', kind: 'value', effect: 'read', value: { flag: 'unified-app-id' } } as unknown as PlanStep;
      target.plan = { ...target.plan!, steps: [first, ...target.plan!.steps] };
      (target.plan.steps[1] as Extract<PlanStep, { kind: 'call' }>).args = { unifiedAppId: { from: 'a' } } as never;
      const s = t(WRAPS);
      const mine = { id: 'b', kind: 'value', effect: 'read', value: { flag: 'unified-app-id' } } as unknown as PlanStep;
      s.plan = { ...s.plan!, steps: [mine, ...s.plan!.steps] };
      (s.plan.steps[1] as Extract<PlanStep, { kind: 'call' }>).args = { unifiedAppId: { from: 'b' } } as never;
    })).toEqual([]);
    expect(wrapProblemsOf((t) => {
      const s = t(WRAPS);
      const mine = { id: 'b', kind: 'value', effect: 'read', value: { flag: 'unified-app-id' } } as unknown as PlanStep;
      s.plan = { ...s.plan!, steps: [mine, ...s.plan!.steps] };
      (s.plan.steps[1] as Extract<PlanStep, { kind: 'call' }>).args = { unifiedAppId: { from: 'b' } } as never;
    })).toEqual([sends]);
  });
});

/**
 * The six frameworkUnified devapp shortcuts that end in rt.CallMCP (shortcut/devapp/devapp.go:305, :597, :1065, :1560,
 * :1644, :1695, registered :1699-1735@c7521c1c) store the decoded answer through DevAppCommandResultFromPayload
 * (helpers/devapp.go:1922-1943@c7521c1c): an answer object holding the key `content` is the response itself, so that
 * value is what normalizeDevAppServiceResult, the failure and pending checks read and what prints.
 */
const shortcuts = UNIFIED_DEVAPP_SHORTCUTS;

/** Upstream's printed data for an answer the checks pass: the `content` value when the answer holds one, unwrapped as normalizeDevAppServiceResult does. */
function upstreamData(payload: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const data = isObject(payload) && Object.hasOwn(payload, 'content') ? payload.content : payload;
  if (isObject(data) && data.success === true && Object.hasOwn(data, 'result') && data.result !== null && data.result !== undefined) return data.result;
  return data;
}

describe('devapp shortcuts read an answer holding `content` as that value (DevAppCommandResultFromPayload, helpers/devapp.go:1922-1929@c7521c1c)', () => {
  // plain fields only: no key the failure, pending, paging or approval readings look at
  const plain = fc.dictionary(fc.stringMatching(/^k[a-z]{0,5}$/), fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), { maxKeys: 3 });
  const inner = fc.oneof(plain, plain.map((result) => ({ success: true, result })), fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
  // beside `content`: keys upstream never reads there (a failure status, another envelope)
  const beside = fc.record({ status: fc.constantFrom('FAILED', 'EXPIRED', 'ok'), other: fc.integer() }, { requiredKeys: [] });
  const answer = fc.oneof(fc.tuple(inner, beside).map(([content, rest]) => ({ ...rest, content })), plain, plain.map((result) => ({ success: true, result })));

  it.each(shortcuts)('%s: prints what upstream prints for any answer the checks pass, after its one call', async (cmd, rpc, flags) => {
    await fc.assert(fc.asyncProperty(answer, async (value) => {
      outputs.answerText(rpc, JSON.stringify(value));
      const r = await outputs.sent(['devapp', cmd, ...flags]);
      expect(r.reason).toBeUndefined();
      expect(r.calls.map(([t]) => t)).toEqual([`devapp/${rpc}`]);
      expect(r.printed).toEqual(upstreamData(value));
    }), { numRuns: 8 });
  });

  it.each(shortcuts)('%s: a failure status inside `content` fails the run; one beside it is not read', async (cmd, rpc, flags) => {
    outputs.answerText(rpc, JSON.stringify({ content: { success: true, result: { status: 'FAILED', versionId: 'v1' } } }));
    expect((await outputs.sent(['devapp', cmd, ...flags])).reason).toBe('backend_error');
    outputs.answerText(rpc, JSON.stringify({ content: 'text', status: 'FAILED' }));
    const r = await outputs.sent(['devapp', cmd, ...flags]);
    expect(r.reason).toBeUndefined();
    expect(r.printed).toBe('text');
  });

  it('the dev app twin still reads the whole answer (runDevAppTool reads the runner\'s response, helpers/devapp.go:1841-1862, app/runner.go:774-790@c7521c1c)', async () => {
    outputs.answerText('get_dev_app_version_status', JSON.stringify({ content: 'text', status: 'FAILED' }));
    expect((await outputs.sent(['dev', 'app', 'version', 'status', '--unified-app-id', 'u1', '--version-id', 'v1'])).reason).toBe('backend_error');
    outputs.answerText('get_dev_app_version_status', JSON.stringify({ content: 'text', status: 'FAILED' }));
    expect((await outputs.sent(['devapp', '+version-status', '--unified-app-id', 'u1', '--version-id', 'v1'])).printed).toBe('text');
  });
});
