// Session 40 second reading, part a5 (issue 32, notes/h40-a5.md, seed 20261355): where a drawn command or its siblings
// still differed from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h40a5-');
const { sent } = outputs;

/**
 * upstream's framework enum check of a list flag (corecmd validateEnum over sliceValue, corecmd.go:761-797,
 * :846-864@c7521c1c), as a model: every element trimmed, the blank ones left out, each of the rest in the enum.
 */
function upstreamListEnumPasses(typed: string[], allowed: readonly string[]): boolean {
  return typed.map((v) => v.trim()).filter((v) => v !== '').every((v) => allowed.includes(v));
}

const ARTIFACTS = ['basic', 'summary', 'keywords', 'transcript', 'todos'] as const;
const SUB_RESOURCES = ['OrigContent', 'Summary', 'Analysis', 'Note'] as const;

describe('a +shortcut list flag with an enum: a blank element passes the check, as sliceValue leaves it out (corecmd.go:761-797, :846-864@c7521c1c)', () => {
  it('minutes +upload-and-analyze --artifacts "basic," reads the basic info only (before: refused as an element "")', async () => {
    outputs.answer('minutes/get_minutes_basic_info', { success: true, result: { taskUuid: 't1', title: 'x' } });
    const run = await sent(['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', 'basic,', '--yes']);
    expect({ reason: run.reason, calls: run.calls }).toEqual({
      reason: undefined, calls: [['minutes/get_minutes_basic_info', { taskUuid: 't1' }]],
    });
  });

  it('its siblings +record-wrap-up, +export-pack and +detail read "todos, " as the todos (workflows.go:51, :177; smart/minutes_detail.go:93)', async () => {
    outputs.answer('minutes/执行听记指令-发起AI听记录音', { success: true, result: { cmd: 'end', taskUuid: 't1' } });
    outputs.answer('minutes/list_minutes_todos', { success: true, result: { actions: [] } });
    const wrapUp = await sent(['minutes', '+record-wrap-up', '--id', 't1', '--artifacts', 'todos, ', '--yes']);
    expect({ reason: wrapUp.reason, calls: wrapUp.calls }).toEqual({
      reason: undefined,
      calls: [['minutes/执行听记指令-发起AI听记录音', { cmd: 'end', uuid: 't1' }], ['minutes/list_minutes_todos', { taskUuid: 't1' }]],
    });
    const detail = await sent(['minutes', '+detail', '--id', 't1', '--artifacts', ' ,todos']);
    expect({ reason: detail.reason, calls: detail.calls }).toEqual({ reason: undefined, calls: [['minutes/list_minutes_todos', { taskUuid: 't1' }]] });
    const pack = await sent(['minutes', '+export-pack', '--id', 't1', '--artifacts', 'todos,,', '--output', 'pack']);
    expect({ reason: pack.reason, calls: pack.calls }).toEqual({ reason: undefined, calls: [['minutes/list_minutes_todos', { taskUuid: 't1' }]] });
  });

  it('minutes +share --sub-resources: refused or sent as typed exactly where upstream refuses or sends it, for any list', async () => {
    outputs.answer('minutes/add_member_permission', { success: true });
    const element = fc.tuple(fc.constantFrom('', ' ', '\t'), fc.constantFrom(...SUB_RESOURCES, '', 'summary', 'Sum mary'), fc.constantFrom('', ' '))
      .map(([a, v, b]) => `${a}${v}${b}`);
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 4 }), async (typed) => {
      const line = typed.join(',');
      fc.pre(!line.includes('"'));
      const run = await sent(['minutes', '+share', '--ids', 'a', '--member-uids', 'm1', '--permission', 'view', '--sub-resources', line, '--yes']);
      if (!upstreamListEnumPasses(typed, SUB_RESOURCES)) {
        expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
        return;
      }
      expect(run.reason).toBeUndefined();
      // pflag reads "" as no element at all (readAsCSV), and the body sends the list only when it has one (workflows.go:610)
      const sentList = line === '' ? undefined : typed;
      expect((run.calls[0][1] as { roleSubResourceIds?: unknown }).roleSubResourceIds).toEqual(sentList);
    }), { numRuns: 40 });
  });

  it('a list whose only non-blank element is out of the enum is still refused, naming that element', async () => {
    const run = await outputs.failure(['minutes', '+upload-and-analyze', '--resume-id', 't1', '--artifacts', ' , Basic', '--yes']);
    expect(run.reason).toBe('invalid_parameter');
    expect(run.message).toContain('"Basic"');
    expect(ARTIFACTS).not.toContain('Basic');
  });
});

describe('an --artifacts of blank elements only reads no artifact and prints the payload, as upstream (workflows.go:251-257, :765-778; minutes_detail.go:135-138, :180-186@c7521c1c)', () => {
  // pflag reads "," as two empty elements: the list is not empty, so the default set is not taken, and uniqueStrings
  // (or readMinutesDetail's skip) leaves nothing to read; before: plan_skipped (exit 3), the export pack half written
  it('minutes +detail --artifacts "," prints the bare bundle with no call', async () => {
    const run = await sent(['minutes', '+detail', '--id', 't1', '--artifacts', ',']);
    expect(run).toEqual({ reason: undefined, category: undefined, calls: [], printed: { complete: true, failureCount: 0, taskUuid: 't1' } });
  });

  it('minutes +upload-and-analyze --resume-id t1 --artifacts " , " prints the completed payload with no call', async () => {
    const run = await sent(['minutes', '+upload-and-analyze', '--resume-id', ' t1 ', '--artifacts', ' , ', '--yes']);
    expect(run).toEqual({
      reason: undefined, category: undefined, calls: [],
      printed: {
        artifacts: {}, complete: true, failures: [], operation: 'minutes.upload_and_analyze', taskUuid: 't1',
        stages: [
          { complete: true, name: 'upload', result: { complete: true, operation: 'minutes.upload', resumed: true, taskUuid: 't1', verified: true } },
          { attempts: 1, complete: true, name: 'artifacts.wait' },
        ],
      },
    });
  });

  it('minutes +export-pack --artifacts "," publishes a pack holding only its manifest, files {} (workflows.go:535, :566, :576)', async () => {
    const runEnv = outputs.env();
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(['minutes', '+export-pack', '--id', 't1', '--artifacts', ',', '--output', 'pack'], runEnv);
    expect([outcome.error?.reason, outputs.mcp.calls.length]).toEqual([undefined, 0]);
    const printed = (JSON.parse(outcome.out) as { result: Record<string, unknown> }).result;
    expect(printed).toEqual({ complete: true, files: {}, manifest: 'pack/manifest.json', operation: 'minutes.export_pack', path: 'pack', published: true, taskUuid: 't1' });
    const manifest = JSON.parse(readFileSync(path.join(runEnv.DWS_FILE_ROOT!, 'pack', 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect({ ...manifest, generatedAt: typeof manifest.generatedAt }).toEqual({
      complete: true, files: {}, generatedAt: 'string', operation: 'minutes.export_pack', taskUuid: 't1', version: 1,
    });
  });

  it('--artifacts "" is no element at all (pflag readAsCSV): every artifact is read, as before', async () => {
    const run = await sent(['minutes', '+detail', '--id', 't1', '--artifacts', '']);
    expect(run.calls.map((c) => c[0])).toEqual([
      'minutes/get_minutes_basic_info', 'minutes/get_minutes_ai_summary', 'minutes/get_minutes_keywords',
      'minutes/get_minutes_transcription', 'minutes/list_minutes_todos',
    ]);
  });
});
