// What the siblings of audit-30r-b's fixes send, refuse and print (issue 32, f-access), as upstream's bodies at
// c7521c1c do, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-faccess-');
const { sent } = outputs;
const compensation = { available: false, reason: 'cross-product writes are not transactional' };

describe('doc +access-revoke and +access-grant read and print as upstream (smart/doc_access.go@c7521c1c)', () => {
  it('doc +access-revoke finds a collaborator by any userId/id text and prints docAccessEnvelope (:137-174, :267-304, :535-537)', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    outputs.answer('doc/list_permission', { data: { list: [{ member: { id: ' u1 ' }, role: 'READER' }] } });
    outputs.answer('doc/remove_permission', { success: true });
    expect(await sent(['doc', '+access-revoke', '--node', ' D1 ', '--to', ' 张三 ,', '--workspace', 'W1', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [
        ['contact/search_contact_by_key_word', { keyword: '张三' }],
        ['doc/list_permission', { nodeId: 'D1' }],
        ['doc/remove_permission', { nodeId: 'D1', userIds: ['u1'], workspaceId: 'W1' }],
      ],
      printed: { ok: true, status: 'success', operation: 'doc.access_revoke', data: { success: true }, warnings: [], compensation },
    });
  });

  it('doc +access-revoke refuses a person without a direct permission before the write (usersMissingPermission :157-160)', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    outputs.answer('doc/list_permission', { result: { members: [{ userId: 'u2', roleId: 'READER' }, { id: ' ' }, { userId: 7 }] } });
    expect(await sent(['doc', '+access-revoke', '--node', 'D1', '--to', '张三', '--yes'])).toEqual({
      reason: 'invalid_parameter', category: 'validation',
      calls: [['contact/search_contact_by_key_word', { keyword: '张三' }], ['doc/list_permission', { nodeId: 'D1' }]],
      printed: undefined,
    });
  });

  it('doc +access-grant prints docAccessEnvelope around {resolved, result}, each person once (:73-99, :259-265)', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1', openDingTalkId: 'o1' }] });
    outputs.answer('doc/add_permission', { success: true });
    expect(await sent(['doc', '+access-grant', '--node', 'D1', '--to', '张三,三', '--role', 'EDITOR', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [
        ['contact/search_contact_by_key_word', { keyword: '张三' }],
        ['contact/search_contact_by_key_word', { keyword: '三' }],
        ['doc/add_permission', { nodeId: 'D1', roleId: 'EDITOR', userIds: ['u1'] }],
      ],
      printed: {
        ok: true, status: 'success', operation: 'doc.access_grant',
        data: { resolved: [{ name: '张三', userId: 'u1', openDingTalkId: 'o1' }], result: { success: true } },
        warnings: [], compensation,
      },
    });
  });

  it('doc +access-grant lists a person found without an openDingTalkId with an empty one (resolvedUserLedger :262)', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '李四', userId: 'u2' }] });
    outputs.answer('doc/add_permission', { success: true });
    expect((await sent(['doc', '+access-grant', '--node', 'D1', '--to', '李四', '--yes'])).printed).toEqual({
      ok: true, status: 'success', operation: 'doc.access_grant',
      data: { resolved: [{ name: '李四', userId: 'u2', openDingTalkId: '' }], result: { success: true } },
      warnings: [], compensation,
    });
  });
});

describe('sheet pivot-table update checks its properties as readPivotProperties without requireValues (sheet_pivot_table.go:34-134, :269-284)', () => {
  const update = (props: string) => ['sheet', 'pivot-table', 'update', '--node', 'N1', '--sheet-id', 'S1', '--pivot-table-id', 'P1', '--properties', props];

  it('refuses, before any call, what validatePivotTableProperties refuses', async () => {
    const refused = [
      '[]', '{}', '"x"', '{"values":{}}', '{"values":"sum"}', '{"values":["x"]}', '{"values":[{"field":" "}]}', '{"values":[{"field":1}]}',
      '{"values":[{"column":3}]}', '{"values":[{"field":"x","summarize_by":1}]}', '{"values":[{"field":"x","summarize_by":"avg"}]}',
      '{"rows":{}}', '{"filters":[{"field":""}]}', '{"columns":[3]}', '{"rows":[{"field":null}]}', '{"collapse":"a"}', '{"collapse":true}',
    ];
    for (const props of refused) {
      expect({ props, ...(await sent(update(props))) }).toEqual({ props, reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined });
    }
  });

  it('sends what it accepts: no values, null or empty values, summarize_by trimmed and lower-cased', async () => {
    const accepted: [string, Record<string, unknown>][] = [
      ['{"show_subtotals":false}', { show_subtotals: false }],
      ['{"values":null,"rows":null}', { values: null, rows: null }],
      ['{"values":[],"collapse":{}}', { values: [], collapse: {} }],
      ['{"values":[{"field":"x","summarize_by":" Median "}],"filters":[{"field":"f"}]}', { values: [{ field: 'x', summarize_by: 'median' }], filters: [{ field: 'f' }] }],
    ];
    for (const [props, properties] of accepted) {
      expect((await sent(update(props))).calls).toEqual([['sheet/update_pivot_table', { nodeId: 'N1', sheetId: 'S1', pivotTableId: 'P1', properties }]]);
    }
  });
});

describe('doc +export-submit reads an empty answer as CallMCPWriteData does (runner.go:228-233, :255-271)', () => {
  // h56-wd: through the runner a blank text comes as the nil map, printed null (app/tool_caller_adapter.go:141-193@c7521c1c)
  it('an empty or blank answer text is null in data.result', async () => {
    for (const text of ['', ' \n ']) {
      outputs.answer('doc/submit_export_job', text);
      expect(await sent(['doc', '+export-submit', '--node', 'D1'])).toEqual({
        reason: undefined, category: undefined,
        calls: [['doc/submit_export_job', { nodeId: 'D1', exportFormat: 'docx' }]],
        printed: {
          compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1',
          data: { nodeId: 'D1', result: null }, ok: true, operation: 'doc.export_submit', status: 'success',
          steps: [{ name: 'submit_export_job', status: 'success' }], warnings: [],
        },
      });
    }
  });
});

describe('doc +create-from-template prints the doc.operation.v1 envelope (history_template_shortcuts.go:483-487, common.go:145-157)', () => {
  const envelope = (data: unknown) => ({
    compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1', data,
    ok: true, operation: 'doc.create_from_template', status: 'success', steps: [{ name: 'apply_template', status: 'success' }], warnings: [],
  });

  it('around {templateId, result} for a typed --template-id', async () => {
    outputs.answer('doc/apply_doc_template', { result: { nodeId: 'N9' } });
    expect(await sent(['doc', '+create-from-template', '--template-id', ' T1 ', '--name', '周报'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc/apply_doc_template', { templateId: 'T1', name: '周报' }]],
      printed: envelope({ templateId: 'T1', result: { result: { nodeId: 'N9' }, success: true } }),
    });
  });

  // h56-wd: the nil map, null (app/tool_caller_adapter.go:141-193@c7521c1c)
  it('an empty answer text is null in data.result', async () => {
    outputs.answer('doc/apply_doc_template', '');
    expect((await sent(['doc', '+create-from-template', '--template-id', 'T1'])).printed).toEqual(envelope({ templateId: 'T1', result: null }));
  });
});

describe('doc +access-change reads an empty answer as CallMCPWriteData does (runner.go:255-271)', () => {
  // h56-wd: through the runner the blank answer is the nil map, data null (app/tool_caller_adapter.go:141-193@c7521c1c)
  it('an empty update_permission answer text prints data null', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ name: '张三', userId: 'u1' }] });
    outputs.answer('doc/list_permission', { result: { members: [{ userId: 'u1' }] } });
    outputs.answer('doc/update_permission', ' ');
    expect((await sent(['doc', '+access-change', '--node', 'D1', '--to', '张三', '--yes'])).printed).toEqual({
      ok: true, status: 'success', operation: 'doc.access_change', data: null, warnings: [], compensation,
    });
  });
});

describe('doc +comment-create prints the doc.operation.v1 envelope (executeCommentWrite, review_shortcuts.go:190-199)', () => {
  const envelope = (data: unknown, tool: string) => ({
    compensation: { available: false, reason: '' }, complete: true, contractVersion: 'doc.operation.v1', data,
    ok: true, operation: 'doc.comment_create', status: 'success', steps: [{ name: tool, status: 'success' }], warnings: [],
  });

  it('a global comment: commentType global, the create_comment step', async () => {
    outputs.answer('doc-comment/create_comment', { result: { commentKey: 'K1' } });
    expect(await sent(['doc', '+comment-create', '--node', ' D1 ', '--content', '请看', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['doc-comment/create_comment', { nodeId: 'D1', content: '请看' }]],
      printed: envelope({ nodeId: 'D1', commentType: 'global', result: { result: { commentKey: 'K1' }, success: true } }, 'create_comment'),
    });
  });

  it('an inline comment on a block: commentType inline, the create_inline_comment step, an empty answer text as null (h56-wd: the nil map)', async () => {
    outputs.answer('doc/list_document_blocks', { result: { blocks: [{ blockId: 'b1', text: '计划下周发布' }] } });
    outputs.answer('doc-comment/create_inline_comment', '');
    const run = await sent(['doc', '+comment-create', '--node', 'D1', '--content', '确认', '--block-id', 'b1', '--start', '2', '--end', '6', '--yes']);
    expect({ reason: run.reason, tools: run.calls.map(([tool]) => tool), printed: run.printed }).toEqual({
      reason: undefined,
      tools: ['doc/list_document_blocks', 'doc-comment/create_inline_comment'],
      printed: envelope({ nodeId: 'D1', commentType: 'inline', result: null }, 'create_inline_comment'),
    });
  });
});
