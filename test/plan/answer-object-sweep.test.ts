// Shortcuts whose upstream bodies read their one answer with rt.CallMCPData (runner.go:255-271@c7521c1c): an answer
// that does not decode into a JSON object stops the run (issue 32, p-ansobj), run as a user types them against the
// recording backend: a list (or a number) answer is backend_error after the call, an object answer (one the command's projection
// accepts) is read and printed.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pansobj-');
const { sent } = outputs;

type Case = [name: string, argv: string[], tool: string, calls: number, object?: Record<string, unknown>];

function sweep(product: string, cases: Case[]): void {
  describe(`${product}: a list or number answer is backend_error, an object answer is read`, () => {
    for (const [name, argv, tool, calls, object0] of cases) {
      it(name, async () => {
        outputs.answer(tool, [{ id: 'x' }]);
        const list = await sent(argv);
        outputs.answer(tool, 5);
        const number = await sent(argv);
        outputs.answer(tool, object0 ?? { id: 'x' });
        const object = await sent(argv);
        expect([list.reason, list.calls.length, list.printed]).toEqual(['backend_error', calls, undefined]);
        expect([number.reason, number.calls.length, number.printed]).toEqual(['backend_error', calls, undefined]);
        expect([object.reason, object.calls.length, object.printed === undefined]).toEqual([undefined, calls, false]);
      });
    }
  });
}

sweep('chat', [
  ['chat +category-list (chat_conversation.go:871-874)', ['chat', '+category-list'], 'im/list_user_define_conv_categories', 1],
  ['chat +category-list-conversations (chat_conversation.go:957-960)', ['chat', '+category-list-conversations', '--category-id', '7'], 'im/list_conversations_by_category', 1],
  ['chat +messages-list-unread-conversations (chat_message.go:755-758)', ['chat', '+messages-list-unread-conversations'], 'chat/unread_message_conversation_list', 1],
  ['chat +messages-query-send-status (chat_message.go:1259-1262)', ['chat', '+messages-query-send-status', '--open-task-id', 'T1'], 'im/query_message_send_status', 1],
  ['chat +chat-bots (chat_group.go:1346-1349)', ['chat', '+chat-bots', '--group', 'cidAAAAAAAAAAAA'], 'bot/list_group_bots', 1],
  ['chat +messages-mget (chat_message.go:883-886)', ['chat', '+messages-mget', '--msg-ids', 'm1'], 'im/list_messages_by_ids', 1],
]);

sweep('aitable', [
  ['aitable +base-list (aitable/aitable.go:160-163)', ['aitable', '+base-list'], 'aitable/list_bases', 1, { bases: [{ baseId: 'b1', baseName: 'n' }] }],
  ['aitable +base-search (aitable/aitable.go:265-268)', ['aitable', '+base-search', '--query', '项目'], 'aitable/search_bases', 1, { bases: [{ baseId: 'b1', baseName: 'n' }] }],
  ['aitable +form-list (aitable/aitable.go:1655-1661)', ['aitable', '+form-list', '--base-id', 'B', '--table-id', 'T'], 'aitable-helper/list_form_views', 1, { forms: [{ viewId: 'v1', viewName: 'f' }] }],
  ['aitable +list-tables (smart/list_tables.go:83-88)', ['aitable', '+list-tables', '--base', 'B'], 'aitable/get_tables', 1],
  ['aitable +template-search (aitable/aitable.go:1059-1062)', ['aitable', '+template-search', '--query', '项目'], 'aitable/search_templates', 1, { templates: [{ templateId: 't1', name: 'n' }] }],
  ['aitable +view-get (aitable/aitable.go:1199-1202)', ['aitable', '+view-get', '--base-id', 'B', '--table-id', 'T'], 'aitable/get_views', 1, { views: [{ viewId: 'v1', viewName: 'n' }] }],
  ['aitable +workflow-list (aitable/aitable.go:2048-2051)', ['aitable', '+workflow-list', '--base-id', 'B'], 'aitable-helper/list_workflows', 1, { workflows: [{ workflowId: 'w1', name: 'n' }] }],
]);

sweep('calendar', [
  ['calendar +agenda (calendar/calendar.go:121-124)', ['calendar', '+agenda'], 'calendar/list_calendar_events', 1],
  ['calendar +attendee-list (calendar/calendar.go:256-259)', ['calendar', '+attendee-list', '--event', 'E1'], 'calendar/get_calendar_participants', 1],
  ['calendar +book-list (calendar/calendar.go:751-754)', ['calendar', '+book-list'], 'calendar/list_calendars', 1],
  ['calendar +book-search (calendar/calendar.go:825-828)', ['calendar', '+book-search', '--query', '团队'], 'calendar/search_calendar', 1],
  ['calendar +conflicts (smart/conflicts.go:86-93)', ['calendar', '+conflicts'], 'calendar/list_calendar_events', 1],
  ['calendar +free-slots (smart/free_slots.go:105-112)', ['calendar', '+free-slots'], 'calendar/list_calendar_events', 1],
  ['calendar +next-event (smart/next_event.go:85-88)', ['calendar', '+next-event'], 'calendar/list_calendar_events', 1],
  ['calendar +room-search (calendar/calendar.go:374-377)', ['calendar', '+room-search', '--room-name', '会议室'], 'calendar/search_rooms', 1],
  ['calendar +today (smart/today.go:87-90)', ['calendar', '+today'], 'calendar/list_calendar_events', 1],
  ['calendar +tomorrow (smart/tomorrow.go:84-87)', ['calendar', '+tomorrow'], 'calendar/list_calendar_events', 1],
  ['calendar +week (smart/week.go:101-104)', ['calendar', '+week'], 'calendar/list_calendar_events', 1],
]);

sweep('chat (smart)', [
  ['chat +unread-chats (smart/unread_chats.go:113-116)', ['chat', '+unread-chats'], 'chat/unread_message_conversation_list', 1],
]);

sweep('contact', [
  ['contact +list-dept-members (contact/contact.go:661-666)', ['contact', '+list-dept-members', '--depts', '1'], 'contact/get_dept_members_by_deptId', 1],
  ['contact +list-followings (contact/contact.go:66-69)', ['contact', '+list-followings'], 'contact/list_my_followings', 1],
  ['contact +list-role-members (contact/contact.go:422-427)', ['contact', '+list-role-members', '--id', 'L1'], 'contact/get_label_members_by_labelId', 1],
  ['contact +list-roles (contact/contact.go:277-280)', ['contact', '+list-roles'], 'contact/get_org_labels', 1],
  ['contact +list-sub-depts (contact/contact.go:546-551)', ['contact', '+list-sub-depts', '--dept', '1'], 'contact/get_sub_depts_by_dept_id', 1],
  ['contact +me (smart/whoami.go:69-72)', ['contact', '+me'], 'contact/get_current_user_profile', 1],
  ['contact +resolve-dept (smart/resolve_dept.go:90-95)', ['contact', '+resolve-dept', '--name', '研发'], 'contact/search_dept_by_keyword', 1, { result: [{ deptId: 1, name: '研发部' }] }],
  ['contact +search-mobile (contact/contact.go:228-233)', ['contact', '+search-mobile', '--mobile', '13800000000'], 'contact/search_user_by_mobile', 1],
  ['contact +search-user (contact/contact.go:149-154)', ['contact', '+search-user', '--query', '张三'], 'contact/search_contact_by_key_word', 1],
]);

sweep('doc', [
  ['doc +find-doc (smart/find_doc.go:99-102)', ['doc', '+find-doc', '--query', '周报'], 'doc/search_documents', 1, { result: { data: { documents: [{ dentryUuid: 'd1', name: '周报' }] } } }],
]);

sweep('mail', [
  ['mail +contact-list (mail/mail.go:753-756)', ['mail', '+contact-list', '--email', 'a@x.com', '--limit', '10'], 'mail/list_user_mail_contacts', 1],
  ['mail +find-mail-user (smart/find_mail_user.go:104-107)', ['mail', '+find-mail-user', '--query', '张三'], 'mail/search_mail_users', 1, { users: [{ email: 'z@x.com', name: '张三' }] }],
  ['mail +folder-list (mail/mail.go:237-240)', ['mail', '+folder-list', '--email', 'a@x.com'], 'mail/list_folders', 1],
  ['mail +tag-list (mail/mail.go:353-358)', ['mail', '+tag-list', '--email', 'a@x.com'], 'mail/list_tags', 1],
  ['mail +template-list (mail/mail.go:627-630)', ['mail', '+template-list', '--email', 'a@x.com', '--limit', '10'], 'mail/list_user_message_templates', 1],
  ['mail +thread-list (mail/mail.go:109-112)', ['mail', '+thread-list', '--email', 'a@x.com', '--folder', 'INBOX'], 'mail/list_mailbox_threads', 1],
  ['mail +user-search (mail/mail.go:498-501)', ['mail', '+user-search', '--keyword', '张三'], 'mail/search_mail_users', 1],
]);

sweep('report', [
  ['report +inbox-list (report/report.go:105-108)', ['report', '+inbox-list', '--start', '2026-01-01T00:00:00+08:00', '--end', '2026-01-31T00:00:00+08:00'], 'report/get_received_report_list', 1],
  ['report +outbox-list (report/report.go:280-283)', ['report', '+outbox-list'], 'report/get_send_report_list', 1],
]);

sweep('todo', [
  ['todo +list-attachment (todo/todo.go:348-355)', ['todo', '+list-attachment', '--task-id', 'T1'], 'todo/list_todo_attachment', 1],
  ['todo +list-sub (todo/todo.go:181-188)', ['todo', '+list-sub', '--task-id', 'T1'], 'todo/list_sub_tasks', 1],
]);

sweep('wiki', [
  ['wiki +resolve-space (smart/resolve_space.go:73-78)', ['wiki', '+resolve-space', '--name', '产品'], 'wiki/search_wikiSpaces', 1, { wikiSpaces: [{ spaceId: 's1', workspaceId: 's1', name: '产品' }] }],
]);

describe('chat +chat-search: each page is read by rt.CallMCPData (chat_group.go:176-186@c7521c1c)', () => {
  it('a first page that is a list or a number ends the run; an object page is read', async () => {
    for (const answer of [[{ openConversationId: 'c1' }], 5]) {
      outputs.answer('im/search_groups', answer);
      const r = await sent(['chat', '+chat-search', '--query', '项目']);
      expect([r.reason, r.calls.length, r.printed]).toEqual(['backend_error', 1, undefined]);
    }
    outputs.answer('im/search_groups', { groups: [{ openConversationId: 'c1', name: 'a' }] });
    const ok = await sent(['chat', '+chat-search', '--query', '项目']);
    expect([ok.reason, (ok.printed as { count: number }).count]).toEqual([undefined, 1]);
  });

  it('--page-all: a later page that is a list is a read failure in the ledger (page, stage read, cursor), exit 1 (:176-186, :318-329)', async () => {
    const first = { groups: [{ openConversationId: 'c1', name: 'a' }], hasMore: true, nextCursor: 'n5' };
    const r = await outputs.paged(['chat', '+chat-search', '--query', '项目', '--page-all'], 'search_groups', [first, [{ openConversationId: 'c2' }]]);
    const ledger = r.envelope?.ledger as { count: number; stopReason: string; partial: boolean; failures: { page: number; stage: string; cursor: string }[] };
    expect([r.exit, r.sent.length]).toEqual([1, 2]);
    expect([ledger.count, ledger.stopReason, ledger.partial, ledger.failures.map((f) => [f.page, f.stage, f.cursor])]).toEqual([1, 'read_failure', true, [[2, 'read', 'n5']]]);
  });
});

// Upstream prints chat +category-list through categoryListProject (shortcut/chat/chat_conversation.go:875-937@c7521c1c):
// {count, categories}, the first list among categoryList, categories, result, data, list, items (one level inside an
// object there, in its own order), each row {categoryId, title} from the first spelling present, a null included.
describe('chat +category-list prints {count, categories} as upstream projects them', () => {
  const printedFor = async (answer: unknown) => {
    outputs.answer('im/list_user_define_conv_categories', answer);
    const run = await sent(['chat', '+category-list']);
    expect([run.reason, run.calls]).toEqual([undefined, [['im/list_user_define_conv_categories', {}]]]);
    return run.printed;
  };

  it('reads the first list, the first spelling of each field, keeps a null, drops elements that give neither', async () => {
    expect(await printedFor({ categoryList: [{ categoryId: 1, title: '工作', extra: 'x' }, { id: 2, categoryName: null, name: 'n' }, 'text', { other: 1 }] }))
      .toEqual({ count: 2, categories: [{ categoryId: 1, title: '工作' }, { categoryId: 2, title: null }] });
    expect(await printedFor({ result: { data: [{ category_id: 'a' }] } })).toEqual({ count: 1, categories: [{ categoryId: 'a' }] });
    expect(await printedFor({ result: { x: 1 }, list: [{ name: 'L' }] })).toEqual({ count: 1, categories: [{ title: 'L' }] });
    expect(await printedFor({ categories: [], list: [{ id: 9 }] })).toEqual({ count: 0, categories: [] });
    expect(await printedFor(null)).toEqual({ count: 0, categories: [] });
  });
});
