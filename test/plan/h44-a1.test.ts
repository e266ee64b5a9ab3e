// Session 44 second reading, part a1 (issue 32, seed 20261390; notes/h44-a1.md): where a drawn command (or a sibling
// reading the answer with the same upstream helper) still differed from upstream's body at c7521c1c. Each run as a
// user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { apply } from './fake-plan.js';
import { transformArgProblem } from '../../src/plan/transforms/index.js';

const outputs = useOutputRuns('dws-h44a1-');

/** upstream's deepContainsString (shortcut/aitable/base_composite.go:361-379@c7521c1c): a text value equal to `expected`, at any depth; keys are not values. */
function deepContainsString(value: unknown, expected: string): boolean {
  if (typeof value === 'string') return value === expected;
  if (Array.isArray(value)) return value.some((v) => deepContainsString(v, expected));
  if (typeof value === 'object' && value !== null) return Object.values(value).some((v) => deepContainsString(v, expected));
  return false;
}

describe('aitable +workflow-deploy (drawn): the preflight and read-back get_workflow are read as deepContainsString (workflow_deploy.go:63, :99@c7521c1c)', () => {
  const dsl = JSON.stringify({ version: 'workflow-dsl/v1', nodes: [] });
  const deploy = (id: string) => ['aitable', '+workflow-deploy', '--base-id', 'b1', '--workflow-id', id, '--dsl', dsl, '--yes'];
  const tools = (calls: unknown[][]) => calls.map(([tool]) => tool);

  it('a preflight answer naming the id only as an object key does not identify it: refused before update_workflow', async () => {
    outputs.answer('aitable-helper/get_workflow', { w1: { name: 'x' } });
    const run = await outputs.sent(deploy('w1'));
    expect([run.reason, tools(run.calls)]).toEqual(['not_found', ['aitable-helper/get_workflow']]);
  });

  it('an id holding a quote or a backslash is found as the text it is (not as its JSON escape): updated and read back', async () => {
    for (const id of ['a"b', 'c\\d']) {
      outputs.answer('aitable-helper/get_workflow', { result: { flowId: id } });
      outputs.answer('aitable/update_workflow', { valid: true, flowId: id });
      const run = await outputs.sent(deploy(id));
      expect([run.reason, tools(run.calls)]).toEqual([undefined, ['aitable-helper/get_workflow', 'aitable/update_workflow', 'aitable-helper/get_workflow']]);
    }
  });

  it('a create whose read-back names the new id only as a key fails after the write (partial), as upstream', async () => {
    outputs.answer('aitable/create_workflow', { valid: true, flowId: 'w9' });
    outputs.answer('aitable-helper/get_workflow', { w9: true });
    const run = await outputs.sent(['aitable', '+workflow-deploy', '--base-id', 'b1', '--dsl', dsl, '--yes']);
    expect([run.reason, tools(run.calls)]).toEqual(['partial_outcome', ['aitable/create_workflow', 'aitable-helper/get_workflow']]);
  });

  it('for any preflight answer, the update is sent exactly when deepContainsString finds the id', async () => {
    const text = fc.constantFrom('w"1', 'w"1 ', 'x', '');
    const answer = fc.dictionary(fc.constantFrom('w"1', 'id', 'result', 'list'), fc.oneof(text, fc.array(text, { maxLength: 2 }), fc.dictionary(fc.constantFrom('w"1', 'flowId'), text)), { maxKeys: 3 });
    await fc.assert(fc.asyncProperty(answer, async (preflight) => {
      outputs.answer('aitable-helper/get_workflow', preflight);
      outputs.answer('aitable/update_workflow', { valid: true, flowId: 'w"1' });
      const run = await outputs.sent(deploy('w"1'));
      expect(tools(run.calls).includes('aitable/update_workflow')).toBe(deepContainsString(preflight, 'w"1'));
    }), { numRuns: 30 });
  });
});

describe('aitable +base-bootstrap (sibling): get_base and get_tables are read as deepContainsString (base_composite.go:212, :250@c7521c1c)', () => {
  const tables = JSON.stringify([{ name: 'T', fields: [{ fieldName: 'f', type: 'text' }] }]);
  const bootstrap = ['aitable', '+base-bootstrap', '--name', 'N', '--tables', tables, '--yes'];
  const tools = (calls: unknown[][]) => calls.map(([tool]) => tool);
  const backend = (getBase: unknown, getTables: unknown) => {
    outputs.answer('aitable/create_base', { baseId: 'b1' });
    outputs.answer('aitable/get_base', getBase);
    outputs.answer('aitable/create_table', { tableId: 't1' });
    outputs.answer('aitable/get_tables', getTables);
    outputs.answer('aitable/get_fields', { fields: [{ fieldName: 'f', type: 'text' }] });
  };

  it('a get_base naming the base only as a key stops the run before any table is created', async () => {
    backend({ b1: { x: 1 } }, { tables: [{ tableId: 't1' }] });
    const run = await outputs.sent(bootstrap);
    expect([run.reason, tools(run.calls)]).toEqual(['partial_outcome', ['aitable/create_base', 'aitable/get_base']]);
  });

  it('a get_tables naming the table only as a key stops the run before its fields are read', async () => {
    backend({ baseId: 'b1' }, { t1: 1 });
    const run = await outputs.sent(bootstrap);
    expect([run.reason, tools(run.calls)]).toEqual(['partial_outcome', ['aitable/create_base', 'aitable/get_base', 'aitable/create_table', 'aitable/get_tables']]);
  });

  it('ids holding a quote are found as the texts they are', async () => {
    outputs.answer('aitable/create_base', { baseId: 'b"1' });
    outputs.answer('aitable/get_base', { baseId: 'b"1' });
    outputs.answer('aitable/create_table', { tableId: 't"1' });
    outputs.answer('aitable/get_tables', { tables: [{ tableId: 't"1' }] });
    outputs.answer('aitable/get_fields', { fields: [{ fieldName: 'f', type: 'text' }] });
    const run = await outputs.sent(bootstrap);
    expect([run.reason, tools(run.calls)]).toEqual([undefined, ['aitable/create_base', 'aitable/get_base', 'aitable/create_table', 'aitable/get_tables', 'aitable/get_fields']]);
  });
});

describe('aitable +workflow-deploy --enable (drawn): whether the listed workflow runs is read as workflowIsRunning + findBoolByKeys (workflow_deploy.go:186-211, :235-243@c7521c1c)', () => {
  const dsl = JSON.stringify({ version: 'workflow-dsl/v1' });
  const deploy = ['aitable', '+workflow-deploy', '--base-id', 'b1', '--dsl', dsl, '--enable', '--yes'];
  const listed = (workflow: Record<string, unknown>) => {
    outputs.answer('aitable/create_workflow', { valid: true, flowId: 'w1' });
    outputs.answer('aitable-helper/get_workflow', { id: 'w1' });
    outputs.answer('aitable-helper/enable_workflow', { success: true });
    outputs.answer('aitable-helper/list_workflows', { workflows: [{ id: 'w1', ...workflow }] });
  };
  /** upstream's findBoolByKeys over one workflow whose keys and nested keys match at most once each level (no map-order question). */
  const findBool = (v: unknown): boolean | undefined => {
    if (Array.isArray(v)) { for (const x of v) { const b = findBool(x); if (b !== undefined) return b; } return undefined; }
    if (typeof v !== 'object' || v === null) return undefined;
    for (const [k, x] of Object.entries(v)) if (['enabled', 'isenabled'].includes(k.toLowerCase()) && typeof x === 'boolean') return x;
    for (const x of Object.values(v)) { const b = findBool(x); if (b !== undefined) return b; }
    return undefined;
  };

  it('an enabled flag nested inside the workflow, or spelled in another case, shows it running', async () => {
    for (const workflow of [{ status: 'STOPPED', config: { enabled: true } }, { Enabled: true }, { meta: [{ ISENABLED: true }] }]) {
      listed(workflow);
      expect((await outputs.sent(deploy)).reason).toBeUndefined();
    }
  });

  it('a top-level enabled that is no boolean does not hide a nested true; a nested false does not run', async () => {
    listed({ enabled: 'yes', inner: { isEnabled: true } });
    expect((await outputs.sent(deploy)).reason).toBeUndefined();
    listed({ status: 'paused', inner: { enabled: false } });
    expect((await outputs.sent(deploy)).reason).toBe('partial_outcome');
  });

  it('for any workflow shape, it succeeds exactly when upstream sees it running', async () => {
    const leaf = fc.constantFrom<unknown>(true, false, 'true', null, 1);
    const flagKey = fc.constantFrom('enabled', 'isEnabled', 'ENABLED', 'IsEnabled');
    // at most one matching key per object, so Go's random map order cannot matter
    const node = fc.letrec((tie) => ({
      obj: fc.tuple(
        fc.option(fc.tuple(flagKey, fc.oneof({ depthSize: 'small' }, leaf, tie('obj'))), { nil: undefined }),
        fc.option(fc.oneof({ depthSize: 'small' }, leaf, tie('obj'), fc.array(tie('obj'), { maxLength: 2 })), { nil: undefined }),
      ).map(([flag, other]) => ({ ...(other === undefined ? {} : { other }), ...(flag ? { [flag[0]]: flag[1] } : {}) })),
    })).obj;
    await fc.assert(fc.asyncProperty(node, fc.constantFrom('RUNNING', 'stopped', undefined), async (inner, status) => {
      const workflow = { ...(status === undefined ? {} : { status }), inner };
      listed(workflow);
      const running = status === 'RUNNING' || findBool({ id: 'w1', ...workflow }) === true;
      expect((await outputs.sent(deploy)).reason).toBe(running ? undefined : 'partial_outcome');
    }), { numRuns: 30 });
  });
});

const enabled = (v: unknown) => apply([{ deep_bool: { keys: ['enabled', 'isEnabled'] } }], v);

/** a model of findBoolByKeys for values whose objects hold at most one matching key (so map order cannot matter) */
function findBoolModel(v: unknown): boolean | undefined {
  if (Array.isArray(v)) {
    for (const x of v) {
      const b = findBoolModel(x);
      if (b !== undefined) return b;
    }
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  for (const [k, x] of Object.entries(v)) if (['enabled', 'isenabled'].includes(k.toLowerCase()) && typeof x === 'boolean') return x;
  for (const x of Object.values(v)) {
    const b = findBoolModel(x);
    if (b !== undefined) return b;
  }
  return undefined;
}

describe('the transform deep_bool (NEW MECHANISM: upstream findBoolByKeys, shortcut/aitable/workflow_deploy.go:186-211@c7521c1c), on its own', () => {
  it('matches keys in any case, an object\'s own keys before nested ones, passing over values that are no boolean', () => {
    expect(enabled({ Enabled: false, inner: { enabled: true } })).toBe(false);
    expect(enabled({ enabled: 'true', inner: { ISENABLED: true } })).toBe(true);
    expect(enabled([{ x: 1 }, { list: [{ isEnabled: false }] }])).toBe(false);
    expect(enabled({ enabled: null, other: 'enabled' })).toBeUndefined();
    expect(enabled('enabled')).toBeUndefined();
  });
  it('a matching key whose value is an object is searched inside like any other value', () => {
    expect(enabled({ enabled: { enabled: true } })).toBe(true);
  });
  it('agrees with the model for any nesting', () => {
    const leaf = fc.constantFrom<unknown>(true, false, 'true', null, 0);
    const key = fc.constantFrom('enabled', 'ENABLED', 'isEnabled', 'IsEnabled');
    const node = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }),
        fc.tuple(fc.option(fc.tuple(key, tie('v')), { nil: undefined }), fc.option(tie('v'), { nil: undefined }))
          .map(([flag, other]) => ({ ...(other === undefined ? {} : { other }), ...(flag ? { [flag[0]]: flag[1] } : {}) }))),
    })).v;
    fc.assert(fc.property(node, (v) => {
      expect(enabled(v)).toBe(findBoolModel(v));
    }), { numRuns: 300 });
  });
  it('its argument is checked at build', () => {
    expect(transformArgProblem({ deep_bool: { keys: [] } } as never)).toContain('deep_bool needs');
    expect(transformArgProblem({ deep_bool: ['enabled'] } as never)).toContain('deep_bool needs');
    expect(transformArgProblem({ deep_bool: { keys: ['a'], any_case: true } } as never)).toContain('deep_bool needs');
  });
});
