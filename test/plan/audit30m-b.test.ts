// What the commands audit-30m-b fixed print (issue 32, a-m2), as upstream's bodies at c7521c1c print them, run as a
// user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-am2-');
const { run } = outputs;

describe('attendance +search-class reads the list as attendanceResolveList and attendanceFirst (attendance/attendance.go:603-666)', () => {
  // h46-a3: the top-level keys are the extra keys (classList, shiftList, list, items) then result, data (attendance.go:604,
  // :636-639@c7521c1c), so a top-level list would win over result: the order is pinned in test/plan/h46-a3.test.ts
  it('a list inside result is found, and a spelling present with null is printed null', async () => {
    const { answer } = outputs;
    answer('attendance-wukong/get_class_list', {
      result: { items: [{ shiftVO: { id: 7, name: null, owner: '王' } }, { className: '夜班', id: null }, 'x', { other: 1 }] },
    });
    expect(await run(['attendance', '+search-class'])).toEqual({
      count: 2,
      classes: [{ classId: 7, name: null, ownerName: '王' }, { classId: null, name: '夜班' }],
    });
  });
});

describe('chat +unread-chats prints its rows as unreadChatItems and the row readers project them (smart/unread_chats.go:102-205)', () => {
  it('each object of the first list found gives {conversationId, name, unread}: trimmed non-blank text or a number as text, null when none', async () => {
    outputs.answer('chat/unread_message_conversation_list', {
      data: 'not a list',
      result: { conversations: [
        { conversationTitle: '  ', title: ' 项目群 ', openConversationId: 'cid1', unreadCount: null, unread: 3 },
        'skip me',
        { conversation: { name: '张三', cid: 42 }, redPoint: true },
        { other: 1 },
      ] },
    });
    expect(await run(['chat', '+unread-chats'])).toEqual({ conversations: [
      { conversationId: 'cid1', name: '项目群', unread: 3 },
      { conversationId: '42', name: '张三', unread: true },
      { conversationId: null, name: null },
    ] });
  });
  it('an answer holding no object in such a list is printed as it came', async () => {
    outputs.answer('chat/unread_message_conversation_list', { success: true, list: ['x'], total: 0 });
    expect(await run(['chat', '+unread-chats', '--count', '5'])).toEqual({ success: true, list: ['x'], total: 0 });
  });
});

describe('doc import get fails on a task that neither completed nor is processing (helpers/import_flow.go:496-520)', () => {
  it('completed (any case) and processing answers are printed as they came; failed or no status is refused (backend_error, exit 1 as upstream fmt.Errorf: the query step is a read, h38-lead; before: partial_outcome)', async () => {
    outputs.answer('doc/query_import_task', { status: 'Completed', documentUrl: 'https://x/d/n1' });
    expect(await run(['doc', 'import', 'get', '--task-id', 't1'])).toEqual({ status: 'Completed', documentUrl: 'https://x/d/n1' });
    outputs.answer('doc/query_import_task', { status: 'processing' });
    expect(await run(['doc', 'import', 'get', '--task-id', 't1'])).toEqual({ status: 'processing' });
    outputs.answer('doc/query_import_task', { status: 'failed', message: '格式不支持' });
    expect(await outputs.refusal(['doc', 'import', 'get', '--task-id', 't1'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.answer('doc/query_import_task', { taskId: 't1' });
    expect(await outputs.refusal(['doc', 'import', 'get', '--task-id', 't1'])).toEqual({ reason: 'backend_error', out: '' });
  });
});

describe('aitable +base-search, +base-list and +workflow-list refuse what resolveNamedList\'s projections refuse (aitable/aitable.go:67-105, :178-220, :2063-2110)', () => {
  it('a null spelling is printed null, the first list found wins (inside an envelope too)', async () => {
    outputs.answer('aitable/search_bases', { result: { items: [{ baseId: 'b1', baseName: null, name: '项目' }, { id: null, title: 'T' }] } });
    expect(await run(['aitable', '+base-search', '--query', '项目'])).toEqual({
      count: 2, bases: [{ baseId: 'b1', baseName: null }, { baseId: null, baseName: 'T' }],
    });
    outputs.answer('aitable-helper/list_workflows', { data: 'x', workflows: [{ workflow_id: 'w1', enabled: false, title: null }] });
    expect(await run(['aitable', '+workflow-list', '--base-id', 'B'])).toEqual({
      count: 1, workflows: [{ workflowId: 'w1', name: null, status: false }],
    });
  });
  it('an element that is not an object, or has no id spelling, refuses the answer', async () => {
    outputs.answer('aitable/search_bases', { bases: [{ baseId: 'b1' }, 'b2'] });
    expect(await outputs.refusal(['aitable', '+base-search', '--query', 'q'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.answer('aitable/list_bases', { data: { list: [{ baseName: '无 id' }] } });
    expect(await outputs.refusal(['aitable', '+base-list'])).toEqual({ reason: 'backend_error', out: '' });
    outputs.answer('aitable-helper/list_workflows', { list: [{ name: 'n' }] });
    expect(await outputs.refusal(['aitable', '+workflow-list', '--base-id', 'B'])).toEqual({ reason: 'backend_error', out: '' });
  });
});
