// How the `dev app` leaves read their answer after the service unwrap, as upstream's runDevAppTool does at c7521c1c
// (internal/helpers/devapp.go: normalizeDevAppToolResult :2290, devAppFailureResult :2158, devAppPaginationMeta
// :2005, devAppToolRequiresPagination :1909), run as a user types them against the fake MCP server on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { run, answer, env, mcp } = useOutputRuns('dws-f-devapp-');
const ok = (result: unknown) => ({ success: true, result });
/** A run that must fail: its error's reason and details, and what it printed on stdout (nothing). */
const failure = async (argv: string[]) => {
  const outcome = await dispatchInProcess(argv, env());
  return { reason: outcome.error?.reason, details: outcome.error?.payload?.details, out: outcome.out };
};
const app = ['--unified-app-id', 'app1'];

describe('per-tool answer fixes (normalizeDevAppToolResult, devapp.go:2290)', () => {
  it('disable and enable stamp disabled/enabled true unless the answer has the key', async () => {
    answer('devapp/disable_dev_app', ok({ unifiedAppId: 'app1' }));
    expect(await run(['dev', 'app', 'disable', ...app, '--yes'])).toEqual({ unifiedAppId: 'app1', disabled: true });
    answer('devapp/disable_dev_app', ok({ unifiedAppId: 'app1', disabled: false }));
    expect(await run(['dev', 'app', 'disable', ...app, '--yes'])).toEqual({ unifiedAppId: 'app1', disabled: false });
    answer('devapp/enable_dev_app', ok({ enabled: null }));
    expect(await run(['dev', 'app', 'enable', ...app, '--yes'])).toEqual({ enabled: null });
    answer('devapp/enable_dev_app', ok({}));
    expect(await run(['dev', 'app', 'enable', ...app, '--yes'])).toEqual({ enabled: true });
    // an answer that is not an object is printed as it comes
    answer('devapp/enable_dev_app', ok(true));
    expect(await run(['dev', 'app', 'enable', ...app, '--yes'])).toBe(true);
  });

  it('permission remove prints removedScopeValues as scope values when every element gives one', async () => {
    const argv = ['dev', 'app', 'permission', 'remove', ...app, '--scope-values', 's1,s2', '--yes'];
    answer('devapp/remove_dev_app_permissions', ok({ removedScopeValues: [{ scopeValue: 's1', name: 'x' }, 's2'], count: 2 }));
    expect(await run(argv)).toEqual({ removedScopeValues: ['s1', 's2'], count: 2 });
    // one element without a usable scope value leaves the list as it came (normalizeDevAppScopeValueArray :2679)
    const mixed = { removedScopeValues: [{ scopeValue: 's1' }, { scopeValue: '' }, ''] };
    answer('devapp/remove_dev_app_permissions', ok(mixed));
    expect(await run(argv)).toEqual(mixed);
    answer('devapp/remove_dev_app_permissions', ok({ removedScopeValues: [] }));
    expect(await run(argv)).toEqual({ removedScopeValues: [] });
  });

  it('publish and check-approval number the approval candidates as options', async () => {
    const candidates = [
      { userId: 'u1', name: ' 张三 ', mainAdmin: true },
      'not a candidate',
      { staffId: 'u3', mainAdmin: 'TRUE' },
      { nick: '李四' },
      {},
    ];
    const options = [
      { index: 1, key: 'A', label: '张三（userId: u1）（主管理员）', mainAdmin: true, name: '张三', userId: 'u1' },
      { index: 3, key: 'C', label: 'userId: u3（主管理员）', mainAdmin: true, name: '', userId: 'u3' },
      { index: 4, key: 'D', label: '李四', mainAdmin: false, name: '李四', userId: '' },
      { index: 5, key: 'E', label: '候选审批人 5', mainAdmin: false, name: '', userId: '' },
    ];
    answer('devapp/publish_dev_app_version', ok({ requiresApproval: true, approvalCandidates: candidates }));
    expect(await run(['dev', 'app', 'version', 'check-approval', ...app, '--version-id', 'v1']))
      .toEqual({ requiresApproval: true, approvalCandidates: candidates, approvalOptions: options });

    // SELECT_APPROVER asks the user to choose (the run is a pending outcome upstream: exit 0, the payload printed)
    answer('devapp/publish_dev_app_version', ok({ approvalMode: 'select_approver', unifiedAppId: 'app1', approvalCandidates: candidates }));
    expect(await run(['dev', 'app', 'version', 'publish', ...app, '--version-id', 'v1', '--yes'])).toEqual({
      approvalMode: 'select_approver', unifiedAppId: 'app1', approvalCandidates: candidates, approvalOptions: options,
      actionRequired: 'select_approver',
      approvalPromptText: '版本发布需要审批，请选择一位审批人（共 4 位）：\nA. 张三（userId: u1）（主管理员）\nC. userId: u3（主管理员）\nD. 李四\nE. 候选审批人 5',
      completionState: 'WAITING_FOR_APPROVER_SELECTION',
      message: '版本发布需要选择审批人；请原样展示 approvalPromptText 的完整内容，等待用户选择，不要只显示 userId、不要自行截取、不能默认取第一个',
      mustAskUser: true,
      nextSteps: [
        { blocking: true, doneWhen: '用户从 approvalOptions 中选择一位审批人，得到对应 userId', id: 'select_approver', requiresUserInput: true },
        {
          blocking: true,
          command: 'dws dev app version publish --unified-app-id app1 --version-id <versionId> --approver-user-id <selectedUserId> --format json',
          doneWhen: 'approvalSubmitted=true、versionStatus=AUDIT 或 processStatus=UNDER_REVIEW 表示已提交审批；published=true 表示已发布',
          dryRunCommand: 'dws dev app version publish --unified-app-id app1 --version-id <versionId> --approver-user-id <selectedUserId> --dry-run --format json',
          id: 'publish_version', requiresUserInput: false,
        },
      ],
      requiresUserInput: true,
      terminal: false,
    });
    // no object candidate: nothing is added
    answer('devapp/publish_dev_app_version', ok({ approvalMode: 'SELECT_APPROVER', approvalCandidates: ['x'] }));
    expect(await run(['dev', 'app', 'version', 'publish', ...app, '--version-id', 'v1', '--yes'])).toEqual({ approvalMode: 'SELECT_APPROVER', approvalCandidates: ['x'] });
  });
});

describe('robot result lifecycle (normalizeDevAppRobotResult, devapp.go:2421)', () => {
  const argv = ['dev', 'app', 'robot', 'result', '--task-id', 't1'];
  const lifecycle = { localConnectReady: false, localOnlyReady: false, publicUseReady: false, requiresVersionPublish: false, robotTaskDone: false, overallComplete: false };

  it('WAITING says to poll again', async () => {
    answer('devapp/query_robot_create_result', ok({ status: 'waiting', taskId: 't1', intervalSeconds: 5 }));
    expect(await run(argv)).toEqual({
      status: 'waiting', taskId: 't1', intervalSeconds: 5,
      lifecycle: { ...lifecycle, status: 'WAITING', phase: 'creating', completionGate: 'robot_result', retryAfterSeconds: 5 },
      nextSteps: [{ blocking: true, command: 'dws dev app robot result --task-id t1 --format json', doneWhen: 'status 变为 SUCCESS、APPROVAL_REQUIRED、FAIL 或 EXPIRED', id: 'poll_robot_result', requiresUserInput: false }],
    });
  });

  it('SUCCESS with an app id and its keys lists the publish steps and the local connect', async () => {
    const body = { status: 'SUCCESS', taskId: 't1', unifiedAppId: 'app9', clientId: 'ck', clientSecret: 'cs' };
    answer('devapp/query_robot_create_result', ok(body));
    const out = await run(argv) as Record<string, unknown>;
    expect(out.lifecycle).toEqual({
      ...lifecycle, status: 'SUCCESS', phase: 'created_pending_publish', localConnectReady: true, localOnlyReady: true,
      requiresVersionPublish: true, robotTaskDone: true, completionGate: 'version_publish',
      blockingStepIds: ['create_version', 'check_approval', 'publish_version', 'wait_release'],
    });
    expect(out).toMatchObject({ completionState: 'BLOCKED_BY_VERSION_PUBLISH', mustContinue: true, actionRequired: 'submit_version_publish', terminal: false });
    const steps = out.nextSteps as Record<string, unknown>[];
    expect(steps.map((x) => x.id)).toEqual(['create_version', 'check_approval', 'publish_version', 'wait_release', 'connect_local']);
    expect(steps[0]).toEqual({ blocking: true, command: 'dws dev app version create --unified-app-id app9 --desc "发布机器人能力" --format json',
      doneWhen: '返回 versionId', dryRunCommand: 'dws dev app version create --unified-app-id app9 --desc "发布机器人能力" --dry-run --format json', id: 'create_version', requiresUserInput: false });
    expect(steps[4]).toEqual({ blocking: false, command: 'dws dev connect --unified-app-id app9 --format json',
      doneWhen: '本地 Stream 建联成功，进程保持运行；密钥由 credentials get 后台取回，命令行不出现 clientSecret', id: 'connect_local',
      optional: true, requiresUserInput: false, scope: 'local_debug_only', sensitiveFields: ['clientSecret'] });
  });

  it('APPROVAL_REQUIRED without an app id asks for it; an unknown status only names its phase', async () => {
    // h37-b2: with a taskId, the recovery command of devAppPendingResult (devapp.go:2241-2249@c7521c1c); without any
    // operation id upstream refuses this answer (test/plan/h37-b2.test.ts)
    answer('devapp/query_robot_create_result', ok({ status: 'APPROVAL_REQUIRED', appKey: 'ck', taskId: 't9' }));
    expect(await run(argv)).toEqual({
      status: 'APPROVAL_REQUIRED', appKey: 'ck', taskId: 't9',
      actionRequired: 'provide_unified_app_id', completionState: 'BLOCKED_BY_MISSING_UNIFIED_APP_ID',
      message: '缺少明确来源的 unifiedAppId，不能用 clientId/appKey 反查后写版本；请提供 dev app create 或 robot result 返回的 unifiedAppId',
      mustAskUser: true, mustContinue: true, terminal: false,
      lifecycle: { ...lifecycle, status: 'APPROVAL_REQUIRED', phase: 'created_pending_publish', requiresVersionPublish: true, robotTaskDone: true,
        completionGate: 'provide_unified_app_id', blockingStepIds: ['provide_unified_app_id'] },
      nextSteps: [{ blocking: true, doneWhen: '用户提供 dev app create 或 robot result 返回的明确 unifiedAppId；不能用 clientId/appKey 自动反查后继续写版本', id: 'provide_unified_app_id', requiresUserInput: true }],
    });
    answer('devapp/query_robot_create_result', ok({ status: 'queued' }));
    expect(await run(argv)).toEqual({ status: 'queued', lifecycle: { ...lifecycle, status: 'QUEUED', phase: 'unknown' } });
    answer('devapp/query_robot_create_result', ok({ taskId: 't1' }));
    expect(await run(argv)).toEqual({ taskId: 't1' });
  });
});

describe('failed answers (devAppFailureResult, devapp.go:2158) exit 1 before anything is printed', () => {
  it('a status FAIL, FAILED or EXPIRED is the command\'s failure, with the backend\'s message', async () => {
    answer('devapp/query_robot_create_result', ok({ status: ' fail ', errorMsg: '机器人创建失败', errorCode: 'E1' }));
    expect(await failure(['dev', 'app', 'robot', 'result', '--task-id', 't1']))
      .toEqual({ reason: 'backend_error', details: { status: 'FAIL', message: '机器人创建失败', code: 'E1' }, out: '' });
    answer('devapp/get_dev_app_version_status', ok({ status: '', versionStatus: 'expired' }));
    expect(await failure(['dev', 'app', 'version', 'status', ...app, '--version-id', 'v1']))
      .toEqual({ reason: 'backend_error', details: { status: 'EXPIRED' }, out: '' });
    // the first non-blank status decides: a SUCCESS status with a FAILED processStatus is no failure
    answer('devapp/get_dev_app_version_status', ok({ status: 'RELEASE', processStatus: 'FAILED' }));
    expect(await run(['dev', 'app', 'version', 'status', ...app, '--version-id', 'v1'])).toEqual({ status: 'RELEASE', processStatus: 'FAILED' });
  });

  it('a write whose own answer failed is that write\'s failure, not a partial outcome', async () => {
    answer('devapp/create_dev_app_version', ok({ versionId: 'v2', taskStatus: 'FAILED', message: 'quota' }));
    expect(await failure(['dev', 'app', 'version', 'create', ...app, '--yes']))
      .toEqual({ reason: 'backend_error', details: { status: 'FAILED', message: 'quota' }, out: '' });
    // delete: the name check's read, then the delete, whose answer is checked the same way
    answer('devapp/get_dev_app', ok({ name: 'demo' }));
    answer('devapp/delete_dev_app', { success: 'true', result: { deleted: true } });
    expect((await failure(['dev', 'app', 'delete', ...app, '--confirm-name', 'demo', '--yes'])).reason).toBe('backend_error');
    expect(mcp.calls.map((c) => c.name)).toEqual(['create_dev_app_version', 'get_dev_app', 'delete_dev_app']);
  });

  it('a success that is not a JSON boolean is a failure; the robot leaves that printed raw answers read it too', async () => {
    answer('devapp/get_dev_app', { success: 'yes', result: { name: 'demo' } });
    expect((await failure(['dev', 'app', 'get', ...app])).reason).toBe('backend_error');
    answer('devapp/get_dev_app', ok({ name: 'demo', success: null }));
    expect((await failure(['dev', 'app', 'get', ...app])).reason).toBe('backend_error');
    answer('devapp/submit_robot_create_task', ok({ taskId: 't9', status: 'WAITING' }));
    expect(await run(['dev', 'app', 'robot', 'submit', '--name', 'n', '--robot-name', 'r', '--desc', 'd', '--yes'])).toEqual({ taskId: 't9', status: 'WAITING' });
    answer('devapp/set_extension_robot_config', ok({ status: 'EXPIRED' }));
    expect((await failure(['dev', 'app', 'robot', 'config', ...app, '--name', 'bot', '--yes'])).reason).toBe('backend_error');
  });
});

describe('pagination marks (devAppPaginationMeta, devapp.go:2005)', () => {
  it('the four list tools must say whether more follow; member list need not', async () => {
    answer('devapp/list_dev_app', ok({ items: [] }));
    expect((await failure(['dev', 'app', 'list'])).reason).toBe('backend_error');
    answer('devapp/list_dev_app_versions', ok([{ versionId: 'v1' }]));
    expect((await failure(['dev', 'app', 'version', 'list', ...app])).reason).toBe('backend_error');
    answer('devapp/list_dev_app_events', ok({ items: [], nextCursor: 'c2' }));
    expect(await run(['dev', 'app', 'event', 'list', ...app])).toEqual({ items: [], nextCursor: 'c2' });
    answer('devapp/list_dev_app_members', ok({ members: [] }));
    expect(await run(['dev', 'app', 'member', 'list', ...app])).toEqual({ members: [] });
  });

  it('marks that contradict themselves are refused on every leaf', async () => {
    for (const marks of [{ hasMore: 'true', nextCursor: 'c' }, { hasMore: false, nextCursor: 3 }, { hasMore: true, nextCursor: ' ' }, { hasMore: true }, { nextCursor: '' }]) {
      answer('devapp/list_dev_app_permissions', ok({ items: [], ...marks }));
      expect((await failure(['dev', 'app', 'permission', 'list', ...app])).reason, JSON.stringify(marks)).toBe('backend_error');
      answer('devapp/get_dev_app', ok({ name: 'demo', ...marks }));
      expect((await failure(['dev', 'app', 'get', ...app])).reason, JSON.stringify(marks)).toBe('backend_error');
    }
    // a final page may echo a cursor: hasMore false is the end
    answer('devapp/list_dev_app_permissions', ok({ items: [], hasMore: false, nextCursor: 'stale' }));
    expect(await run(['dev', 'app', 'permission', 'list', ...app])).toEqual({ items: [], hasMore: false, nextCursor: 'stale' });
  });
});

describe('projections that print a key the answer holds with null', () => {
  it('contact +search-user and +search-mobile copy each key the user holds, null included (searchUserProject, contact.go:164)', async () => {
    const answerBody = { result: [{ name: '张三', userId: 'u1', title: null, flowerName: null, extra: 1 }, { title: null }, {}, 'x'] };
    const users = [{ name: '张三', userId: 'u1', title: null, flowerName: null }, { title: null }];
    answer('contact/search_contact_by_key_word', answerBody);
    expect(await run(['contact', '+search-user', '--query', '张三'])).toEqual({ count: 2, users });
    answer('contact/search_user_by_mobile', answerBody);
    expect(await run(['contact', '+search-mobile', '--mobile', '13800138000'])).toEqual({ count: 2, users });
  });
  it('contact +list-roles takes the first spelling a role holds, even a null one (listRolesFirst, contact.go:372)', async () => {
    answer('contact/get_org_labels', { result: [{ labelId: null, id: 'r1', labelName: '经理' }, { label_id: 'r2', name: null }, { other: 1 }] });
    expect(await run(['contact', '+list-roles'])).toEqual({ count: 2, roles: [{ labelId: null, labelName: '经理' }, { labelId: 'r2', labelName: null }] });
  });
});

describe('aitable +record-upsert prints upstream\'s composite summary (executeRecordBatches, record_batch.go:166)', () => {
  const argv = (records: unknown[]) => ['aitable', '+record-upsert', '--base-id', 'b1', '--table-id', 't1', '--records', JSON.stringify(records), '--yes'];
  it('one batch: an update and a create, read back, then the summary with the verified ids', async () => {
    answer('aitable-helper/record_upsert', { data: { createdRecordIds: ['r9'] } });
    // the read-back holds the cells sent (f-aitable3: upstream compares them, verifyRecordCells)
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => ({
      data: { records: [(args.recordIds as string[])[0] === 'r1' ? { recordId: 'r1', cells: { f: '1' } } : { recordId: 'r9', cells: { f: '2' } }], hasMore: false },
    });
    expect(await run(argv([{ recordId: ' r1 ', cells: { f: '1' } }, { cells: { f: '2' } }]))).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'record_upsert', status: 'success', executed: true, retryable: false,
      requestedCount: 2, completedCount: 2,
      plan: [{ index: 1, name: 'write record batch', tool: 'record_upsert', status: 'planned', count: 2 }],
      completedSteps: [{ index: 1, name: 'write record batch', tool: 'record_upsert', status: 'completed', count: 2, result: { recordIds: ['r1', 'r9'], status: 'verified' } }],
      verification: { status: 'verified', verifiedCount: 2 },
      knownSideEffects: [{ count: 2, offset: 0, tool: 'record_upsert' }],
      result: { batchCount: 1, processedCount: 2 },
    });
  });
  it('batches of 100 number their offsets; a batch of updates only needs no created ids', async () => {
    answer('aitable-helper/record_upsert', { data: {} });
    // each asked record read back with the cells sent (f-aitable3: upstream compares them, verifyUpdateBatch)
    // (pages of 20: the cursor is the offset of the next page)
    mcp.answers['aitable/query_records'] = (args: Record<string, unknown>) => {
      const ids = args.recordIds as string[];
      const from = Number(args.cursor ?? 0);
      const more = from + 20 < ids.length;
      const records = ids.slice(from, from + 20).map((id) => ({ recordId: id, cells: { f: Number(id.slice(1)) } }));
      return { data: { records, hasMore: more, ...(more ? { nextCursor: String(from + 20) } : {}) } };
    };
    const records = Array.from({ length: 101 }, (_, i) => ({ recordId: `r${i}`, cells: { f: i } }));
    const out = await run(argv(records)) as Record<string, unknown>;
    expect(out.plan).toEqual([
      { index: 1, name: 'write record batch', tool: 'record_upsert', status: 'planned', count: 100 },
      { index: 2, name: 'write record batch', tool: 'record_upsert', status: 'planned', offset: 100, count: 1 },
    ]);
    expect((out.completedSteps as { result: { recordIds: string[] } }[])[1].result.recordIds).toEqual(['r100']);
    expect(out.knownSideEffects).toEqual([{ count: 100, offset: 0, tool: 'record_upsert' }, { count: 1, offset: 100, tool: 'record_upsert' }]);
    expect(out.result).toEqual({ batchCount: 2, processedCount: 101 });
  });
  it('fewer created ids than records to create is refused after the write (verifyUpsertBatch, record_batch.go:287)', async () => {
    answer('aitable-helper/record_upsert', { data: { createdRecordIds: ['r9'] } });
    answer('aitable/query_records', { data: { records: [], hasMore: false } });
    const outcome = await failure(argv([{ cells: { f: '1' } }, { cells: { f: '2' } }]));
    expect(outcome.reason).toBe('partial_outcome');
    expect(outcome.out).toBe('');
    expect(mcp.calls.map((c) => c.name)).toEqual(['record_upsert']);
  });
});

describe('aitable +record-update and +record-delete print the same composite summary (record_batch.go:166, :66)', () => {
  const table = ['--base-id', 'b1', '--table-id', 't1'];
  it('+record-update: each batch verified with its record ids', async () => {
    answer('aitable/update_records', { data: {} });
    answer('aitable/query_records', { data: { records: [{ recordId: 'r1', cells: { f: 1 } }, { recordId: 'r2', cells: { f: 2 } }], hasMore: false } });
    const records = [{ recordId: 'r1', cells: { f: 1 } }, { record_id: ' r2 ', cells: { f: 2 } }];
    expect(await run(['aitable', '+record-update', ...table, '--records', JSON.stringify(records), '--yes'])).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'record_update', status: 'success', executed: true, retryable: false,
      requestedCount: 2, completedCount: 2,
      plan: [{ index: 1, name: 'write record batch', tool: 'update_records', status: 'planned', count: 2 }],
      completedSteps: [{ index: 1, name: 'write record batch', tool: 'update_records', status: 'completed', count: 2, result: { recordIds: ['r1', 'r2'], status: 'verified' } }],
      verification: { status: 'verified', verifiedCount: 2 },
      knownSideEffects: [{ count: 2, offset: 0, tool: 'update_records' }],
      result: { batchCount: 1, processedCount: 2 },
    });
  });
  it('+record-delete: the distinct ids sorted, each batch verified absent', async () => {
    answer('aitable/delete_records', { data: {} });
    answer('aitable/query_records', { data: { records: [], hasMore: false } });
    expect(await run(['aitable', '+record-delete', ...table, '--record-ids', 'r2, r1,r2,', '--yes'])).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'record_delete', status: 'success', executed: true, retryable: false,
      requestedCount: 2, completedCount: 2,
      plan: [{ index: 1, name: 'delete record batch', tool: 'delete_records', status: 'planned', count: 2 }],
      completedSteps: [{ index: 1, name: 'delete record batch', tool: 'delete_records', status: 'completed', count: 2, result: { recordIds: ['r1', 'r2'], status: 'verified_absent' } }],
      verification: { status: 'verified_absent', verifiedCount: 2 },
      knownSideEffects: [{ recordIds: ['r1', 'r2'], offset: 0, tool: 'delete_records' }],
      result: { batchCount: 1, deletedCount: 2 },
    });
  });
});
