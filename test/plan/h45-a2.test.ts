// Session 45 second reading, part a2 (issue 32, notes/h45-a2.md, seed 20261398): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45a2-');

describe('aitable field create: --options is read only on the --name/--type path (helpers/aitable.go:1855-1884@c7521c1c)', () => {
  const base = ['aitable', 'field', 'create', '--base-id', 'b', '--table-id', 't'];
  it('with --fields given, an --options that is no JSON list is never decoded: the fields are sent', async () => {
    expect(await outputs.argsOf([...base, '--fields', '[{"fieldName":"n","type":"text"}]', '--options', 'bad']))
      .toEqual([{ baseId: 'b', tableId: 't', fields: [{ fieldName: 'n', type: 'text' }] }]);
  });
  it('so also beside --name/--type and an object --config: --fields wins and --options is not read', async () => {
    expect(await outputs.argsOf([...base, '--fields', '[]', '--name', 'n', '--type', 't', '--config', '{}', '--options', '{"a":1}']))
      .toEqual([{ baseId: 'b', tableId: 't', fields: [] }]);
  });
  it('for any --options text, a run with --fields sends the --fields list (upstream never reads --options there)', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string(), fc.constantFrom('[', 'null', '{}', '[1]', ' ')), async (options) => {
      const args = await outputs.argsOf([...base, '--fields', '[1]', `--options=${options}`]);
      expect(args).toEqual([{ baseId: 'b', tableId: 't', fields: [1] }]);
    }), { numRuns: 30 });
  });
  it('without --fields, an --options that is no JSON list is still refused before any call', async () => {
    expect(await outputs.argsOf([...base, '--name', 'n', '--type', 't', '--options', 'bad'])).toBe('invalid_parameter');
  });
});
