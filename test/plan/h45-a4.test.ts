// Session 45 second reading, part a4 (issue 32, notes/h45-a4.md, seed 20261400): where a drawn command or its sibling
// still differed from upstream's body at c7521c1c. Each run as a user types it against the recording backend on
// 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45a4-');

describe('doc +checkpoint-update reads --content before its first write (content_shortcuts.go:428-432@c7521c1c)', () => {
  const argv = (content: string) => ['doc', '+checkpoint-update', '--node', 'n1', '--content', content, '--yes'];

  it('an @file that cannot be read is refused before save_doc_version is sent', async () => {
    const run = await outputs.sent(argv('@missing.md'));
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls).toEqual([]);
  });

  it('an @file outside the working directory (absolute, or climbing out) is refused before any call', async () => {
    for (const content of ['@/etc/hostname', '@../outside.md', '@', '@ ']) {
      const run = await outputs.sent(argv(content));
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });

  it('without --yes the confirmation is asked first, before the file is looked at (corecmd confirms before Execute)', async () => {
    const run = await outputs.sent(['doc', '+checkpoint-update', '--node', 'n1', '--content', '@missing.md']);
    expect(run.reason).toBe('confirmation_required');
    expect(run.calls).toEqual([]);
  });

  it('a readable @file (an empty one included) is checkpointed, written as read and verified', async () => {
    for (const text of ['# body\n', '']) {
      outputs.answer('doc/get_document_content', { markdown: text });
      const run = await outputs.sent(argv('@body.md'), { 'body.md': text });
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([
        ['doc/save_doc_version', { nodeId: 'n1' }],
        ['doc/update_document', { nodeId: 'n1', markdown: text, mode: 'append' }],
        ['doc/get_document_content', { nodeId: 'n1', format: 'markdown' }],
      ]);
    }
  });

  it('any literal --content (not @, not -) is written as typed, trimmed as rt.Str trims it', async () => {
    await fc.assert(fc.asyncProperty(
      fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '' && !s.trim().startsWith('@') && s.trim() !== '-'),
      async (text) => {
        outputs.answer('doc/get_document_content', { markdown: text.trim() });
        const run = await outputs.sent(argv(text));
        expect(run.reason).toBeUndefined();
        expect(run.calls[1]).toEqual(['doc/update_document', { nodeId: 'n1', markdown: text.trim(), mode: 'append' }]);
      },
    ), { numRuns: 15 });
  });
});

describe('aitable +base-schema-snapshot reads each answer with rt.CallMCPData (base_composite.go:116-168, runner.go:255-271@c7521c1c)', () => {
  const argv = ['aitable', '+base-schema-snapshot', '--base-id', 'b1'];
  const base = { baseId: 'b1', tables: [{ tableId: 't1' }] };

  it('a get_tables answer that is no JSON object (a list or a text naming the table) ends the run before get_fields', async () => {
    for (const detail of [['t1'], 't1', [{ tableId: 't1' }]]) {
      outputs.answer('aitable/get_base', base);
      outputs.answer('aitable/get_tables', detail);
      const run = await outputs.sent(argv);
      expect(run.reason).toBe('backend_error');
      expect(run.calls.map(([tool]) => tool)).toEqual(['aitable/get_base', 'aitable/get_tables']);
    }
  });

  it('a get_tables object naming the table goes on to get_fields and get_views', async () => {
    outputs.answer('aitable/get_base', base);
    outputs.answer('aitable/get_tables', { tables: [{ tableId: 't1' }] });
    outputs.answer('aitable/get_fields', { fields: [] });
    outputs.answer('aitable/get_views', { views: [] });
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual(['aitable/get_base', 'aitable/get_tables', 'aitable/get_fields', 'aitable/get_views']);
  });

  it('any get_tables answer goes on only when it is an object holding the table id as a text (deepContainsString)', async () => {
    const value = fc.oneof(fc.constant('t1'), fc.constant('t2'), fc.integer(), fc.constant(null));
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.array(value, { maxLength: 3 }), fc.dictionary(fc.constantFrom('tableId', 'id', 'x'), value, { maxKeys: 3 }), value),
      async (detail) => {
        outputs.answer('aitable/get_base', base);
        outputs.answer('aitable/get_tables', detail);
        outputs.answer('aitable/get_fields', { fields: [] });
        outputs.answer('aitable/get_views', { views: [] });
        const run = await outputs.sent(argv);
        const isObject = typeof detail === 'object' && detail !== null && !Array.isArray(detail);
        const goesOn = isObject && Object.values(detail).includes('t1');
        expect(run.calls.length).toBe(goesOn ? 4 : 2);
        expect(run.reason).toBe(goesOn ? undefined : 'backend_error');
      },
    ), { numRuns: 40 });
  });
});

describe('sibling aitable +base-bootstrap: create_base must name the base, and every answer decodes into an object (base_composite.go:194-262@c7521c1c)', () => {
  const argv = ['aitable', '+base-bootstrap', '--name', 'N', '--tables', '[{"name":"T1","fields":[]}]', '--yes'];
  const good = () => {
    outputs.answer('aitable/create_base', { baseId: 'b1' });
    outputs.answer('aitable/get_base', { baseId: 'b1' });
    outputs.answer('aitable/create_table', { tableId: 't1' });
    outputs.answer('aitable/get_tables', { tables: [{ tableId: 't1' }] });
    outputs.answer('aitable/get_fields', { fields: [] });
  };
  const tools = (run: { calls: unknown[][] }) => run.calls.map(([tool]) => tool);

  it('a create_base answer without a baseId ends the run after it (create_base response is missing baseId, :201-206)', async () => {
    for (const answer of [{}, { result: { name: 'N' } }, { baseId: '  ' }]) {
      good();
      outputs.answer('aitable/create_base', answer);
      const run = await outputs.sent(argv);
      expect(run.reason).toBeDefined();
      expect(tools(run)).toEqual(['aitable/create_base']);
    }
  });

  it('a create_base answer that is no JSON object (a list holding the id) or blank ends the run after it (CallMCPWriteDataStrict)', async () => {
    good();
    outputs.answer('aitable/create_base', [{ baseId: 'b1' }]);
    let run = await outputs.sent(argv);
    expect(run.reason).toBeDefined();
    expect(tools(run)).toEqual(['aitable/create_base']);
    good();
    outputs.answerText('create_base', ' ');
    run = await outputs.sent(argv);
    expect(run.reason).toBeDefined();
    expect(tools(run)).toEqual(['aitable/create_base']);
  });

  it('a get_base, create_table or get_tables answer that is a list stops the run there (no further write or read)', async () => {
    const cases: [string, unknown, string[]][] = [
      ['aitable/get_base', ['b1'], ['aitable/create_base', 'aitable/get_base']],
      ['aitable/create_table', [{ tableId: 't1' }], ['aitable/create_base', 'aitable/get_base', 'aitable/create_table']],
      ['aitable/get_tables', ['t1'], ['aitable/create_base', 'aitable/get_base', 'aitable/create_table', 'aitable/get_tables']],
    ];
    for (const [tool, answer, sent] of cases) {
      good();
      outputs.answer(tool, answer);
      const run = await outputs.sent(argv);
      expect(run.reason).toBeDefined();
      expect(tools(run)).toEqual(sent);
    }
  });

  it('answers of the right shape create and verify the table', async () => {
    good();
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['aitable/create_base', { baseName: 'N' }],
      ['aitable/get_base', { baseId: 'b1' }],
      ['aitable/create_table', { baseId: 'b1', tableName: 'T1', fields: [] }],
      ['aitable/get_tables', { baseId: 'b1', tableIds: ['t1'] }],
      ['aitable/get_fields', { baseId: 'b1', tableId: 't1' }],
    ]);
  });
});

describe('sibling aitable +table-copy: create_table is read as CallMCPWriteDataStrict (table_copy.go:116-127@c7521c1c)', () => {
  const argv = ['aitable', '+table-copy', '--source-base-id', 'B1', '--source-table-id', 'T1', '--target-base-id', 'B2', '--new-name', 'N', '--yes'];
  const fields = { fields: [{ fieldId: 'f1', fieldName: 'A', type: 'text' }] };

  it('a create_table answer that is no JSON object (a list holding the id) ends the run after it: no field read-back', async () => {
    outputs.answer('aitable/get_fields', fields);
    outputs.answer('aitable/create_table', [{ tableId: 't9' }]);
    const run = await outputs.sent(argv);
    expect(run.reason).toBeDefined();
    expect(run.calls.map(([tool]) => tool)).toEqual(['aitable/get_fields', 'aitable/create_table']);
  });

  it('an object naming the table goes on to the read-back', async () => {
    outputs.answer('aitable/get_fields', fields);
    outputs.answer('aitable/create_table', { tableId: 't9' });
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual(['aitable/get_fields', 'aitable/create_table', 'aitable/get_fields']);
  });
});

describe('sibling aitable +workflow-deploy: both get_workflow reads are rt.CallMCPData (workflow_deploy.go:59-65, :98-106@c7521c1c)', () => {
  const dsl = '{"version":"workflow-dsl/v1"}';
  const tools = (run: { calls: unknown[][] }) => run.calls.map(([tool]) => tool);

  it('a preflight answer that is a list naming --workflow-id is refused before update_workflow is sent', async () => {
    outputs.answer('aitable-helper/get_workflow', ['w1']);
    const run = await outputs.sent(['aitable', '+workflow-deploy', '--base-id', 'b', '--workflow-id', 'w1', '--dsl', dsl, '--yes']);
    expect(run.reason).toBeDefined();
    expect(tools(run)).toEqual(['aitable-helper/get_workflow']);
  });

  it('a read-back that is a list naming the published workflow fails the run before enable_workflow', async () => {
    outputs.answer('aitable/create_workflow', { success: true, data: { workflowId: 'w9', valid: true } });
    outputs.answer('aitable-helper/get_workflow', ['w9']);
    const run = await outputs.sent(['aitable', '+workflow-deploy', '--base-id', 'b', '--dsl', dsl, '--enable', '--yes']);
    expect(run.reason).toBeDefined();
    expect(tools(run)).toEqual(['aitable/create_workflow', 'aitable-helper/get_workflow']);
  });

  it('a preflight object naming --workflow-id goes on to update_workflow', async () => {
    outputs.answer('aitable-helper/get_workflow', { workflowId: 'w1' });
    outputs.answer('aitable/update_workflow', { success: true, data: { workflowId: 'w1', valid: true } });
    const run = await outputs.sent(['aitable', '+workflow-deploy', '--base-id', 'b', '--workflow-id', 'w1', '--dsl', dsl, '--yes']);
    expect(tools(run).slice(0, 2)).toEqual(['aitable-helper/get_workflow', 'aitable/update_workflow']);
  });
});
