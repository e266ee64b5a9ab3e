// Session 45 second reading, part a7 (issue 32, notes/h45-a7.md, seed 20261403): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45a7-');

const create = (...more: string[]) => ['oa', 'approval', 'create-instance', '--process-code', 'P', '--form-values', '{"a":"1"}', ...more, '--yes'];
const request = (args: unknown) => (args as { ProcessInstanceCreationPopRequest: Record<string, unknown> }[])[0].ProcessInstanceCreationPopRequest;

describe('oa approval create-instance: --approvers and --cc-list are split as strings.Split does (helpers/oa.go:1189-1202@c7521c1c)', () => {
  it('parts are sent as typed: padded, blank and empty ones kept', async () => {
    const args = await outputs.argsOf(create('--approvers', ' a, ,b,', '--cc-list', 'c,,d '));
    expect(request(args).approvers).toEqual([{ actionType: 'OR', userIds: [' a', ' ', 'b', ''] }]);
    expect(request(args).ccList).toEqual(['c', '', 'd ']);
    expect(request(args).ccPosition).toBe('START');
  });
  it('a list of only spaces is a value (rawApprovers != ""): sent as one blank part', async () => {
    const args = await outputs.argsOf(create('--approvers', ' ', '--cc-list', ' '));
    expect(request(args).approvers).toEqual([{ actionType: 'OR', userIds: [' '] }]);
    expect(request(args).ccList).toEqual([' ']);
  });
  it('any text: the parts are the text cut at every comma (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom('a', ' ', '', 'b ', ' c'), { minLength: 1, maxLength: 5 }), async (parts) => {
      const text = parts.join(',');
      fc.pre(text !== '');
      const args = await outputs.argsOf(create('--approvers', text, '--cc-list', text));
      expect(request(args).approvers).toEqual([{ actionType: 'OR', userIds: text.split(',') }]);
      expect(request(args).ccList).toEqual(text.split(','));
    }), { numRuns: 15 });
  });
});

describe('oa approval create-instance: the action type and the cc position are read only beside their list (oa.go:1189-1201@c7521c1c)', () => {
  it('an unknown --approvers-action-type without --approvers is never read: the instance is created without approvers', async () => {
    const args = await outputs.argsOf(create('--approvers-action-type', 'ANY'));
    expect(request(args)).toEqual({ processCode: 'P', formComponentValues: [{ name: 'a', value: '1' }], deptId: -1 });
  });
  it('an unknown --cc-position without --cc-list is never read', async () => {
    const args = await outputs.argsOf(create('--cc-position', 'END'));
    expect(request(args)).toEqual({ processCode: 'P', formComponentValues: [{ name: 'a', value: '1' }], deptId: -1 });
  });
  it('beside its list, a value other than the exact AND / OR / NONE is refused before any call (no case folding, no trimming)', async () => {
    for (const action of ['ANY', 'and', ' AND', '']) {
      const run = await outputs.sent(create('--approvers', 'u1', '--approvers-action-type', action));
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
    for (const position of ['END', 'start', 'START ', '']) {
      const run = await outputs.sent(create('--cc-list', 'c1', '--cc-position', position));
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
  it('the exact values are sent', async () => {
    const args = await outputs.argsOf(create('--approvers', 'u1', '--approvers-action-type', 'NONE', '--cc-list', 'c1', '--cc-position', 'START_FINISH'));
    expect(request(args).approvers).toEqual([{ actionType: 'NONE', userIds: ['u1'] }]);
    expect(request(args).ccPosition).toBe('START_FINISH');
  });
});

describe('oa approval forecast-process / create-instance: --form-values decodes only as a JSON object (oaFormValues, helpers/oa.go:33-43@c7521c1c)', () => {
  const forecast = (values: string) => ['oa', 'approval', 'forecast-process', '--process-code', 'P', '--dept-id', '-1', '--form-values', values];
  const start = (values: string) => ['oa', 'approval', 'create-instance', '--process-code', 'P', '--form-values', values, '--yes'];
  for (const [name, argv] of [['forecast-process', forecast], ['create-instance', start]] as const) {
    it(`${name}: a JSON list (a name/value list included) fails json.Unmarshal into map[string]string: refused before any call`, async () => {
      for (const values of ['[{"name":"a","value":"1"}]', '[]', '[1]', ' [ ] ']) {
        const run = await outputs.sent(argv(values));
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      }
    });
    it(`${name}: an object of texts is still sent as the name/value list`, async () => {
      const run = await outputs.sent(argv('{"a":"1"}'));
      expect(run.reason).toBeUndefined();
      expect(JSON.stringify(run.calls[0][1])).toContain('{"name":"a","value":"1"}');
    });
  }
});
