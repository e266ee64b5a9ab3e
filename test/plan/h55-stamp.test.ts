// Session 55 helper stamp (issue 32, notes/h55-stamp.md): upstream's runner adds `success: true` to a JSON object answer
// without a success key, after its business-error check (internal/app/runner.go:774-783@c7521c1c); every shortcut
// reads the answer through it (deps.Caller -> toolCallerAdapter.CallTool -> runtimeRunner, convertResult
// app/tool_caller_adapter.go:160-193; shortcut/runner.go:255-313). An answer that is not one JSON object is the nil map
// the runner does not stamp (transport/client.go:159-205), which every reader below refuses as empty. The strict write
// readers requireDriveWrite (shortcut/drive/common.go:124-134), requireWikiWrite (shortcut/wiki/common.go:72-80) and
// minutesdata.RequireWriteAcknowledgement / RequirePermissionMutationAcknowledgement (minutesdata/workflow.go:16-58)
// therefore accept an object without success; dws refused it before (the transform runner_stamp now reads it). Each
// runs as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useOutputRuns } from './output-runs.js';

const { mcp, sent, answerText } = useOutputRuns('dws-h55stamp-');

const del = ['drive', '+delete', '--node', 'n1', '--yes'];

describe('drive +delete / +star-add: requireDriveWrite reads the stamped answer (drive/common.go:124-134, operations.go:290-298@c7521c1c)', () => {
  it.each([[{}], [{ a: 1 }], [{ nodeId: 'n1', note: null }]])('%j is accepted and printed as result with the stamp', async (answer) => {
    mcp.answers['doc/delete_document'] = () => answer;
    const run = await sent(del);
    expect(run).toEqual({
      reason: undefined, category: undefined, calls: [['doc/delete_document', { nodeId: 'n1' }]],
      printed: { success: true, nodeId: 'n1', result: { ...answer, success: true } },
    });
  });

  it('an answer with success true is printed as it came', async () => {
    mcp.answers['doc/delete_document'] = () => ({ success: true, x: 1 });
    expect((await sent(del)).printed).toEqual({ success: true, nodeId: 'n1', result: { success: true, x: 1 } });
  });

  it('drive +star-add: {} is accepted (catalog_operations.go:325-334)', async () => {
    mcp.answers['drive/mark_star'] = () => ({});
    const run = await sent(['drive', '+star-add', '--node', 'n1']);
    expect([run.reason, run.printed]).toEqual([undefined, { success: true, nodeId: 'n1', result: { success: true } }]);
  });

  it.each([[{ success: false }], [{ success: 'true' }], [{ success: null }], [{ success: 1 }]])('control: %j is still refused', async (answer) => {
    mcp.answers['doc/delete_document'] = () => answer;
    const run = await sent(del);
    expect(run.reason === 'backend_error' || run.reason === 'business_error').toBe(true);
    expect(run.printed).toBeUndefined();
  });

  it.each(['null', '[1]', '[{"success":true}]', 'done', ''])('control: the answer text %j is no object (the runner hands on nil), so it is refused', async (text) => {
    answerText('delete_document', text);
    const run = await sent(del);
    expect([run.reason === undefined, run.printed]).toEqual([false, undefined]);
  });

  it('property: accepted iff requireDriveWrite accepts the stamped object, and then printed stamped', async () => {
    const key = fc.constantFrom('success', 'a', 'nodeId', 'note', 'ok', 'status');
    const leaf = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null));
    await fc.assert(fc.asyncProperty(fc.dictionary(key, leaf, { maxKeys: 4 }), async (answer) => {
      mcp.answers['doc/delete_document'] = () => answer;
      const run = await sent(del);
      const stamped: Record<string, unknown> = Object.hasOwn(answer, 'success') ? answer : { ...answer, success: true };
      if (stamped.success === true) {
        expect(run.reason).toBeUndefined();
        expect(run.printed).toEqual({ success: true, nodeId: 'n1', result: stamped });
      } else {
        expect(run.reason).toBeDefined();
        expect(run.printed).toBeUndefined();
      }
    }), { numRuns: 40 });
  });
});

describe('wiki writes: requireWikiWrite reads the stamped answer (wiki/common.go:72-80, wiki.go:140-147, :176-190@c7521c1c)', () => {
  it('wiki +member-add: {} is accepted', async () => {
    mcp.answers['wiki/add_member'] = () => ({});
    const run = await sent(['wiki', '+member-add', '--workspace', 'ws1', '--users', 'u1', '--role', 'READER']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({ success: true, workspaceId: 'ws1', userCount: 1, operation: 'add_member' });
  });

  it('wiki +member-remove: {"a":1} is accepted', async () => {
    mcp.answers['wiki/remove_member'] = () => ({ a: 1 });
    const run = await sent(['wiki', '+member-remove', '--workspace', 'ws1', '--user', 'u1']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toMatchObject({ success: true, workspaceId: 'ws1', operation: 'remove_member' });
  });

  it.each([[{ success: false }], [{ success: 'true' }]])('control: wiki +member-add refuses %j', async (answer) => {
    mcp.answers['wiki/add_member'] = () => answer;
    const run = await sent(['wiki', '+member-add', '--workspace', 'ws1', '--users', 'u1', '--role', 'READER']);
    expect([run.reason === undefined, run.printed]).toEqual([false, undefined]);
  });

  it.each(['null', '[1]'])('control: wiki +member-add refuses the answer text %j', async (text) => {
    answerText('add_member', text);
    const run = await sent(['wiki', '+member-add', '--workspace', 'ws1', '--users', 'u1', '--role', 'READER']);
    expect([run.reason === undefined, run.printed]).toEqual([false, undefined]);
  });
});

describe('minutes +apply-permission: RequireWriteAcknowledgement reads the stamped answer (minutesdata/workflow.go:16-31, alignment.go:449-464@c7521c1c)', () => {
  const apply = ['minutes', '+apply-permission', '--id', 'u1', '--permission', 'view', '--yes'];
  it.each([[{}], [{ a: 1 }], [{ result: {} }]])('%j is accepted', async (answer) => {
    mcp.answers['minutes/apply_minutes_permission'] = () => answer;
    const run = await sent(apply);
    expect(run.reason).toBeUndefined();
  });

  it.each([[{ success: false }], [{ success: 'true' }], [{ errorCode: '400' }]])('control: %j is refused', async (answer) => {
    mcp.answers['minutes/apply_minutes_permission'] = () => answer;
    const run = await sent(apply);
    expect([run.reason === undefined, run.printed]).toEqual([false, undefined]);
  });
});

describe('aitable +record-query: explicitEmptyRecordQuery reads the stamped page (aitable/record_query_all.go:60-70, :109-125@c7521c1c)', () => {
  const query = ['aitable', '+record-query', '--base-id', 'b', '--table-id', 't'];
  it('a page {status: success, data: {}} without success is the explicit empty set', async () => {
    mcp.answers['aitable/query_records'] = () => ({ status: 'success', data: {} });
    const run = await sent(query);
    expect([run.reason, run.printed]).toEqual([undefined, { data: { hasMore: false, page: 1, records: [], size: 0 }, status: 'success', success: true }]);
  });

  it.each([[{ success: 'true', status: 'success', data: {} }], [{ status: 'success', data: { x: 1 } }], [{ status: 'ok', data: {} }]])('control: %j is no empty set, so it is refused', async (answer) => {
    mcp.answers['aitable/query_records'] = () => answer;
    const run = await sent(query);
    expect([run.reason, run.printed]).toEqual(['backend_error', undefined]);
  });
});
