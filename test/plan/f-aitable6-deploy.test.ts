// f-aitable6 (session 24, issue 32 audit-30o-b #13): aitable +workflow-deploy checks its answers as upstream
// executeWorkflowDeploy does (shortcut/aitable/workflow_deploy.go:46-128, :135-184, :214-245@c7521c1c) and prints its
// composite summary, run as a user types it against the fake MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transformArgProblem } from '../../src/plan/transforms/index.js';
import { dispatchInProcess } from '../helpers.js';
import { apply } from './fake-plan.js';
import { BUSY, failedRun, useOutputRuns } from './output-runs.js';

const { run, answer, answersInTurn, mcp, env } = useOutputRuns('dws-f-aitable6-deploy-');
const DSL = '{"version":"workflow-dsl/v1","name":"提醒","nodes":[]}';
const create = ['aitable', '+workflow-deploy', '--base-id', 'b1', '--dsl', DSL, '--yes'];
const update = ['aitable', '+workflow-deploy', '--base-id', 'b1', '--workflow-id', ' w1 ', '--dsl', DSL, '--yes'];
const calls = () => mcp.calls.map((c) => [c.name, c.arguments]);
const planOf = (action: 'create' | 'update', enable: boolean) => [
  { index: 1, name: `${action} workflow`, tool: `${action}_workflow`, status: 'planned' },
  ...(enable ? [{ index: 2, name: 'enable and verify workflow', tool: 'enable_workflow', status: 'planned' }] : []),
];
const failed = async (argv: string[]) => failedRun(await dispatchInProcess(argv, env()));

describe('+workflow-deploy prints upstream\'s composite summary after a verified publish', () => {
  it('a create whose answer says valid true with a flowId is read back and summarized', async () => {
    answer('aitable/create_workflow', { success: true, data: { valid: true, flowId: 'w9' } });
    answer('aitable-helper/get_workflow', { data: { flowId: 'w9', name: '提醒' } });
    const printed = await run(create) as Record<string, unknown>;
    // Go prints the struct's fields in their declared order (composite_output.go:14-32)
    expect(Object.keys(printed)).toEqual(['contractVersion', 'operation', 'status', 'executed', 'retryable', 'completedCount', 'resolved', 'plan', 'completedSteps', 'verification', 'knownSideEffects', 'result']);
    expect(printed).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'workflow_deploy', status: 'success', executed: true, retryable: false, completedCount: 1,
      resolved: { action: 'create', baseId: 'b1', enable: false, workflowId: 'w9' },
      plan: planOf('create', false),
      completedSteps: [{ index: 1, name: 'create workflow', tool: 'create_workflow', status: 'completed', result: { data: { flowId: 'w9', valid: true }, success: true } }],
      verification: { running: false, status: 'verified', valid: true, workflowId: 'w9' },
      knownSideEffects: [{ tool: 'create_workflow', workflowId: 'w9' }],
      result: { action: 'create', valid: true, workflowId: 'w9' },
    });
    expect(calls()).toEqual([
      ['create_workflow', { baseId: 'b1', dsl: { version: 'workflow-dsl/v1', name: '提醒', nodes: [] }, locale: 'zh-CN' }],
      ['get_workflow', { baseId: 'b1', workflowId: 'w9' }],
    ]);
  });
  it('with --enable the list is read by offsets of 100 until the workflow shows up, and it must be running', async () => {
    answer('aitable-helper/get_workflow', { data: { flowId: 'w1' } });
    answer('aitable/update_workflow', { result: { valid: true, workflowId: ' w1 ' } });
    const others = Array.from({ length: 100 }, (_, i) => ({ flowId: `x${i}`, status: 'RUNNING' }));
    answersInTurn('aitable-helper/list_workflows', { data: { workflows: others } }, { data: { workflows: [{ workflowId: 'w1', state: 'active' }, { flowId: 'y' }] } });
    const printed = await run([...update, '--enable']) as Record<string, unknown>;
    expect(printed.completedSteps).toEqual([
      { index: 1, name: 'update workflow', tool: 'update_workflow', status: 'completed', result: { result: { valid: true, workflowId: ' w1 ' } } },
      { index: 2, name: 'enable and verify workflow', tool: 'enable_workflow', status: 'completed', result: { state: 'active', workflowId: 'w1' } },
    ]);
    expect(printed.verification).toEqual({ running: true, status: 'verified', valid: true, workflowId: 'w1' });
    expect(printed.plan).toEqual(planOf('update', true));
    expect(calls()).toEqual([
      ['get_workflow', { baseId: 'b1', workflowId: 'w1' }],
      ['update_workflow', { baseId: 'b1', dsl: { version: 'workflow-dsl/v1', name: '提醒', nodes: [] }, locale: 'zh-CN', workflowId: 'w1' }],
      ['get_workflow', { baseId: 'b1', workflowId: 'w1' }],
      ['enable_workflow', { baseId: 'b1', workflowId: 'w1' }],
      ['list_workflows', { baseId: 'b1', limit: 100, offset: 0 }],
      ['list_workflows', { baseId: 'b1', limit: 100, offset: 100 }],
    ]);
  });
  it('a failed enable_workflow is sent once and kept as a warning when the list shows the workflow enabled', async () => {
    answer('aitable/create_workflow', { data: { valid: true, flowId: 'w9' } });
    answer('aitable-helper/get_workflow', { data: { flowId: 'w9' } });
    answer('aitable-helper/enable_workflow', BUSY);
    answer('aitable-helper/list_workflows', { workflows: [{ flowId: 'w9', enabled: true }] });
    const printed = await run([...create, '--enable']) as Record<string, unknown>;
    expect(printed.warnings).toEqual([expect.stringMatching(/^enable response error: .*服务繁忙/u)]);
    expect(Object.keys(printed).slice(-3)).toEqual(['knownSideEffects', 'warnings', 'result']);
    expect(printed.status).toBe('success');
    expect(calls().filter(([rpc]) => rpc === 'enable_workflow')).toHaveLength(1);
  });
});

describe('+workflow-deploy refuses as upstream does', () => {
  it('an update whose preflight does not name --workflow-id is refused before the write (target_not_found)', async () => {
    answer('aitable-helper/get_workflow', { data: { flowId: 'other' } });
    expect(await failed(update)).toEqual({ exit: 3, reason: 'not_found', message: expect.stringContaining('get_workflow does not name --workflow-id'), details: undefined });
    expect(calls().map(([rpc]) => rpc)).toEqual(['get_workflow']);
  });
  const rejected = (action: 'create' | 'update', workflowId: string, result?: unknown) => ({
    result: {
      contractVersion: 'aitable.composite.v1', operation: 'workflow_deploy', status: 'rejected', executed: true, retryable: false,
      resolved: { action, baseId: 'b1', enable: false, workflowId }, plan: planOf(action, false), ...(result === undefined ? {} : { result }),
    },
  });
  for (const [what, body, message] of [
    ['valid false', { data: { valid: false, flowId: 'w9' } }, 'must say valid true'],
    ['no flowId', { data: { valid: true } }, 'must say valid true'],
    ['a valid that is a text', { valid: 'true', flowId: 'w9' }, 'valid is not a boolean'],
    ['conflicting valid values', { valid: true, flowId: 'w9', response: { valid: false } }, 'conflicting valid values'],
    ['a blank flowId', { valid: true, data: { flowId: '  ' } }, 'not a non-blank text'],
    ['two different ids', { valid: true, flowId: 'w9', result: { workflowId: 'w8' } }, 'conflicting workflow ids'],
  ] as const) {
    it(`a create answered with ${what} fails by its answer (exit 1), with upstream's rejected result, and reads nothing back`, async () => {
      answer('aitable/create_workflow', body);
      expect(await failed(create)).toEqual({ exit: 1, reason: 'backend_error', message: expect.stringContaining(message), details: rejected('create', '', body) });
      expect(calls().map(([rpc]) => rpc)).toEqual(['create_workflow']);
    });
  }
  it('an update answered with another workflow\'s id is rejected', async () => {
    answer('aitable-helper/get_workflow', { data: { flowId: 'w1' } });
    answer('aitable/update_workflow', { data: { valid: true, flowId: 'w2' } });
    const got = await failed(update);
    expect(got).toEqual({ exit: 1, reason: 'backend_error', message: expect.stringContaining('must say valid true'), details: rejected('update', 'w1', { data: { flowId: 'w2', valid: true } }) });
  });
  it('a read-back that does not name the workflow is a partial outcome with upstream\'s partial_success result', async () => {
    answer('aitable-helper/get_workflow', { data: { flowId: 'w1' } });
    answer('aitable/update_workflow', { data: { valid: true, flowId: 'w1' } });
    answersInTurn('aitable-helper/get_workflow', { data: { flowId: 'w1' } }, { data: {} });
    expect(await failed(update)).toEqual({
      exit: 7, reason: 'partial_outcome', message: expect.stringContaining('does not name the published workflow'),
      details: { result: {
        contractVersion: 'aitable.composite.v1', operation: 'workflow_deploy', status: 'partial_success', executed: true, retryable: true,
        resolved: { action: 'update', baseId: 'b1', enable: false, workflowId: 'w1' }, plan: planOf('update', false),
        checkpoint: { nextStep: 'verify published workflow', workflowId: 'w1' },
        knownSideEffects: [{ tool: 'update_workflow', workflowId: 'w1' }],
      } },
    });
  });
  it('with --enable a workflow listed but not running is a partial outcome naming the enable answer and its failure', async () => {
    answer('aitable/create_workflow', { data: { valid: true, flowId: 'w9' } });
    answer('aitable-helper/get_workflow', { data: { flowId: 'w9' } });
    answer('aitable-helper/enable_workflow', BUSY);
    answer('aitable-helper/list_workflows', { data: { workflows: [{ flowId: 'w9', status: 'STOPPED', enabled: false }] } });
    const got = await failed([...create, '--enable']);
    expect({ ...got, details: undefined }).toEqual({ exit: 7, reason: 'partial_outcome', message: expect.stringContaining('does not show the published workflow running'), details: undefined });
    expect(got.details).toEqual({ result: {
      contractVersion: 'aitable.composite.v1', operation: 'workflow_deploy', status: 'partial_success', executed: true, retryable: false,
      resolved: { action: 'create', baseId: 'b1', enable: true, workflowId: 'w9' }, plan: planOf('create', true),
      checkpoint: { nextStep: 'inspect and enable workflow', workflowId: 'w9' },
      knownSideEffects: [{ tool: 'create_workflow', workflowId: 'w9' }, { response: null, tool: 'enable_workflow', workflowId: 'w9' }],
      warnings: [expect.stringMatching(/^enable response error: /u)],
    } });
  });
  it('with --enable a workflow missing from a short list is a partial outcome; the enable answer is in knownSideEffects', async () => {
    answer('aitable/create_workflow', { data: { valid: true, flowId: 'w9' } });
    answer('aitable-helper/get_workflow', { data: { flowId: 'w9' } });
    answer('aitable-helper/enable_workflow', { success: true, data: true });
    answer('aitable-helper/list_workflows', { data: { workflows: [{ flowId: 'w8', status: 'RUNNING' }] } });
    const got = await failed([...create, '--enable']);
    expect(got.message).toContain('does not list the published workflow');
    expect((got.details as { result: { knownSideEffects: unknown } }).result.knownSideEffects).toEqual([{ tool: 'create_workflow', workflowId: 'w9' }, { response: { data: true, success: true }, tool: 'enable_workflow', workflowId: 'w9' }]);
    expect(calls().filter(([rpc]) => rpc === 'list_workflows')).toHaveLength(1);
  });
  it('with --enable an answer without a workflow list is a partial outcome', async () => {
    answer('aitable/create_workflow', { data: { valid: true, flowId: 'w9' } });
    answer('aitable-helper/get_workflow', { data: { flowId: 'w9' } });
    answer('aitable-helper/list_workflows', { data: {} });
    expect((await failed([...create, '--enable'])).message).toContain('without a workflow list');
  });
});

describe('envelopes lists an answer and its nested envelopes as upstream workflowPublishResult visits them (workflow_deploy.go:135-184)', () => {
  const keys = ['data', 'result', 'response'];
  it('the object first, then depth first under the keys in their order; other keys and non-objects are not entered', () => {
    const answer = { valid: true, response: { flowId: 'r' }, data: { result: { flowId: 'dr' }, other: { flowId: 'x' } }, result: [{ flowId: 'l' }] };
    expect(apply([{ envelopes: keys }], answer)).toEqual([answer, answer.data, answer.data.result, answer.response]);
    expect(apply([{ envelopes: keys }], ['not an object'])).toBeUndefined();
    expect(apply([{ envelopes: keys }], null)).toBeUndefined();
    expect(transformArgProblem({ envelopes: [] })).toContain('envelopes needs');
  });
  it('wrapping an answer in an envelope puts the wrapper first and keeps the rest in order', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    const answer = fc.dictionary(fc.constantFrom(...keys, 'valid', 'flowId', 'other'), json, { maxKeys: 5 });
    fc.assert(fc.property(answer, fc.constantFrom(...keys), (a, key) => {
      const wrapper = { [key]: a };
      expect(apply([{ envelopes: keys }], wrapper)).toEqual([wrapper, ...(apply([{ envelopes: keys }], a) as unknown[])]);
    }));
  });
});

describe('+workflow-deploy refuses an empty publish answer', () => {
  it('a create answered with JSON null is rejected by its answer (workflow publish response is empty) and nothing is read back', async () => {
    answer('aitable/create_workflow', null);
    const got = await failed(create);
    expect([got.exit, got.reason, got.message]).toEqual([1, 'backend_error', expect.stringContaining('the publish answer is not an object')]);
    expect(calls().map(([rpc]) => rpc)).toEqual(['create_workflow']);
  });
});
