// What the list shortcuts print (issue 32, f-proj), as upstream's bodies at c7521c1c print it: each reshapes its
// answer with a project function (the `up` of each case: the first list among the answer's containers, each object
// reduced to a few fields read from several spellings, rows with none left out) and prints {count, <list>}. Run as a
// user types them, against the recording backend on 127.0.0.1; the calls are pinned by test/fixtures/calls/*.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, run, refusal, answer } = useOutputRuns('dws-fproj-');
describe('calendar list shortcuts', () => {
  it('+agenda prints {count, events}: eventId, summary, start, end, status, location from their spellings (calendar.go:135)', async () => {
    answer('calendar/list_calendar_events', { result: { events: [
      { id: 'e1', title: '周会', startTime: { dateTime: '2026-03-10T10:00:00+08:00' }, end: { dateTime: '2026-03-10T11:00:00+08:00' }, responseStatus: 'accepted', locationName: '3F', organizer: 'x' },
      'not an object',
      { attendees: [] },
      { eventId: null, event_id: 'e2', summary: '', status: null, event_status: 'confirmed' },
    ] } });
    expect(await run(['calendar', '+agenda'])).toEqual({ count: 2, events: [
      { eventId: 'e1', summary: '周会', start: { dateTime: '2026-03-10T10:00:00+08:00' }, end: { dateTime: '2026-03-10T11:00:00+08:00' }, status: 'accepted', location: '3F' },
      { eventId: 'e2', summary: '', status: 'confirmed' },
    ] });
  });
  it('+agenda takes the first container that holds a list, and prints an empty list when none does', async () => {
    answer('calendar/list_calendar_events', { result: { nextCursor: 'c' }, data: [{ eventId: 'd1' }], events: [{ eventId: 'x' }] });
    expect(await run(['calendar', '+agenda'])).toEqual({ count: 1, events: [{ eventId: 'd1' }] });
    answer('calendar/list_calendar_events', { success: true, result: { total: 0 } });
    expect(await run(['calendar', '+agenda'])).toEqual({ count: 0, events: [] });
  });
  it('+attendee-list prints {count, attendees} (calendar.go:270)', async () => {
    answer('calendar/get_calendar_participants', { data: { participants: [{ nick: '李雷', staffId: 'u1', responseType: 'needsAction', email: 'a@b' }, { displayName: '韩梅梅', userId: 'u2', status: 'accepted' }] } });
    expect(await run(['calendar', '+attendee-list', '--event', 'ev1'])).toEqual({ count: 2, attendees: [
      { displayName: '李雷', userId: 'u1', responseStatus: 'needsAction' }, { displayName: '韩梅梅', userId: 'u2', responseStatus: 'accepted' },
    ] });
  });
  it('+room-search prints {count, rooms} (calendar.go:388)', async () => {
    answer('calendar/search_rooms', { result: [{ room_id: 'r1', name: '星河', seats: 8, floor: '5F', bookable: true }] });
    expect(await run(['calendar', '+room-search', '--room-name', '星河'])).toEqual({ count: 1, rooms: [{ roomId: 'r1', roomName: '星河', capacity: 8, location: '5F' }] });
  });
  it('+room-groups prints {count, groups}, found under result.groupList (calendar.go:575)', async () => {
    answer('calendar/list_meeting_room_groups', { result: { groupList: [{ groupId: 11, groupName: '总部', parentId: 0 }, { id: 12, summary: '分部' }] } });
    expect(await run(['calendar', '+room-groups'])).toEqual({ count: 2, groups: [{ groupId: 11, groupName: '总部' }, { groupId: 12, groupName: '分部' }] });
  });
  it('+book-list prints {count, calendars} with five fields of result[] only (calendar.go:762)', async () => {
    answer('calendar/list_calendars', { result: [{ calendarId: 'primary', summary: '我的日历', privilege: 'owner', type: 'primary', description: 'd', timeZone: 'Asia/Shanghai' }, { id: 'no-known-field' }] });
    expect(await run(['calendar', '+book-list'])).toEqual({ count: 1, calendars: [{ calendarId: 'primary', summary: '我的日历', privilege: 'owner', type: 'primary', description: 'd' }] });
    answer('calendar/list_calendars', { data: [{ calendarId: 'x' }] });
    expect(await run(['calendar', '+book-list'])).toEqual({ count: 0, calendars: [] });
  });
});

describe('contact list shortcuts', () => {
  it('+list-dept-members unwraps userInfo and prints {count, members} (contact.go:438 memberListProject)', async () => {
    answer('contact/get_dept_members_by_deptId', { result: { deptUserList: [
      { userInfo: { userId: 'u1', name: '张三', title: '工程师' }, deptId: 1 },
      { userInfo: { title: 'no id or name' }, userId: 'outer' },
      { user_id: 'u3', flowerName: '花名' },
    ] } });
    expect(await run(['contact', '+list-dept-members', '--depts', '12345678'])).toEqual({ count: 2, members: [{ userId: 'u1', name: '张三' }, { userId: 'u3', name: '花名' }] });
  });
  it('+list-role-members reads labelUserList (contact.go:438)', async () => {
    answer('contact/get_label_members_by_labelId', { result: { labelUserList: [{ userInfo: { userid: 'u9', userName: '王五' } }] } });
    expect(await run(['contact', '+list-role-members', '--id', 'L1'])).toEqual({ count: 1, members: [{ userId: 'u9', name: '王五' }] });
  });
  it('+list-roles flattens the label groups and prints {count, roles} (contact.go:290)', async () => {
    answer('contact/get_org_labels', { result: [
      { groupName: '职务', labels: [{ labelId: 1, labelName: '经理' }, { id: 2, name: '主管' }] },
      { groupName: '其他', subLabels: [{ label_id: 3, label_name: '顾问' }] },
      { labelId: 4, labelName: '单独' },
    ] });
    expect(await run(['contact', '+list-roles'])).toEqual({ count: 4, roles: [
      { labelId: 1, labelName: '经理' }, { labelId: 2, labelName: '主管' }, { labelId: 3, labelName: '顾问' }, { labelId: 4, labelName: '单独' },
    ] });
  });
  it('+list-sub-depts prints {count, depts}, also from result.list (contact.go:562)', async () => {
    answer('contact/get_sub_depts_by_dept_id', { result: { list: [{ dept_id: 7, dept_name: '研发' }, { deptId: 8, name: '测试', parentId: 1 }] } });
    expect(await run(['contact', '+list-sub-depts', '--dept', '1'])).toEqual({ count: 2, depts: [{ deptId: 7, deptName: '研发' }, { deptId: 8, deptName: '测试' }] });
  });
  it('+search-user and +search-mobile print {count, users} with five fields of result[] (contact.go:164)', async () => {
    const users = { result: [{ name: '张三', userId: 'u1', flowerName: '小张', openDingTalkId: 'od1', title: '工程师', mobile: '138' }] };
    const printed = { count: 1, users: [{ name: '张三', userId: 'u1', flowerName: '小张', openDingTalkId: 'od1', title: '工程师' }] };
    answer('contact/search_contact_by_key_word', users);
    expect(await run(['contact', '+search-user', '--query', '张三'])).toEqual(printed);
    answer('contact/search_user_by_mobile', users);
    expect(await run(['contact', '+search-mobile', '--mobile', '13800000000'])).toEqual(printed);
  });
  it('+list-followings unwraps result.models (contact.go:77)', async () => {
    answer('contact/list_my_followings', { arguments: {}, result: { models: [{ openDingTalkId: 'od1', name: '李四', avatar: 'x' }] } });
    expect(await run(['contact', '+list-followings'])).toEqual({ count: 1, followings: [{ openDingTalkId: 'od1', name: '李四' }] });
  });
});

describe('mail list shortcuts', () => {
  it('+thread-list prints {count, threads} (mail.go:123)', async () => {
    answer('mail/list_mailbox_threads', { result: { threads: [{ threadId: 't1', topic: '发票', lastModifiedDateTime: '2026-03-01', unread: true, from: 'x' }] } });
    expect(await run(['mail', '+thread-list', '--email', 'me@example.com', '--folder', '2'])).toEqual({ count: 1, threads: [{ conversationId: 't1', subject: '发票', lastUpdated: '2026-03-01', isRead: true }] });
  });
  it('+folder-list, +tag-list, +template-list, +contact-list, +user-search print their projections (mail.go:251, 369, 641, 767, 512)', async () => {
    answer('mail/list_folders', { data: { folders: [{ folderId: 'f1', displayName: '收件箱', parentFolderId: 'root', total: 3 }] } });
    expect(await run(['mail', '+folder-list', '--email', 'me@example.com'])).toEqual({ count: 1, folders: [{ id: 'f1', name: '收件箱', parentId: 'root' }] });
    answer('mail/list_tags', { tags: [{ tagId: 'g1', tag_name: '重要', color: 'red' }] });
    expect(await run(['mail', '+tag-list', '--email', 'me@example.com'])).toEqual({ count: 1, tags: [{ id: 'g1', name: '重要' }] });
    answer('mail/list_user_message_templates', { result: { items: [{ templateId: 'm1', templateName: '周报', title: '本周', body: '…' }] } });
    expect(await run(['mail', '+template-list', '--email', 'me@example.com', '--limit', '20'])).toEqual({ count: 1, templates: [{ id: 'm1', name: '周报', subject: '本周' }] });
    answer('mail/list_user_mail_contacts', { result: [{ contactId: 'c1', email: 'a@b.c', name: '甲' }] });
    expect(await run(['mail', '+contact-list', '--email', 'me@example.com', '--limit', '20'])).toEqual({ count: 1, contacts: [{ id: 'c1', contactEmail: 'a@b.c', displayName: '甲' }] });
    answer('mail/search_mail_users', { result: { users: [{ displayName: '张三', emailAddress: 'z@x.com', jobNumber: 'E1', id: 'u1' }] } });
    expect(await run(['mail', '+user-search', '--keyword', '张三'])).toEqual({ count: 1, users: [{ name: '张三', email: 'z@x.com', employeeNo: 'E1', userId: 'u1' }] });
  });
});

describe('todo list shortcuts', () => {
  it('+get-my-tasks prints {count, todos} from result.todoCards (todo.go:115)', async () => {
    answer('todo/get_user_todos_in_current_org', { result: { todoCards: [{ subject: '写周报', taskId: 't1', dueTime: 1773100000000, priority: 20, finalStatusStage: 1, creatorId: 'u1', bizTag: 'x' }] }, todoCards: [{ taskId: 'top' }] });
    expect(await run(['todo', '+get-my-tasks'])).toEqual({ count: 1, todos: [{ subject: '写周报', taskId: 't1', dueTime: 1773100000000, priority: 20, finalStatusStage: 1, creatorId: 'u1' }] });
    answer('todo/get_user_todos_in_current_org', { result: { totalCount: 0 }, todoCards: [{ taskId: 'top' }] });
    expect(await run(['todo', '+get-my-tasks'])).toEqual({ count: 0, todos: [] });
    answer('todo/get_user_todos_in_current_org', { todoCards: [{ taskId: 'top' }] });
    expect(await run(['todo', '+get-my-tasks'])).toEqual({ count: 1, todos: [{ taskId: 'top' }] });
  });
  it('+list-sub, +list-attachment, +list-comment print their projections (todo.go:197, 365, 486)', async () => {
    answer('todo/list_sub_tasks', { result: { subTaskList: [{ title: '子任务', subTaskId: 's1', deadline: 1, done: false }] } });
    expect(await run(['todo', '+list-sub', '--task-id', '100'])).toEqual({ count: 1, subTasks: [{ subject: '子任务', taskId: 's1', dueTime: 1 }] });
    answer('todo/list_todo_attachment', { data: { attachments: [{ fileId: 'f1', spaceFileName: 'a.pdf', size: 10, type: 'pdf', url: 'x' }] } });
    expect(await run(['todo', '+list-attachment', '--task-id', '100'])).toEqual({ count: 1, attachments: [{ attachmentId: 'f1', fileName: 'a.pdf', fileSize: 10, fileType: 'pdf' }] });
    answer('todo/list_todo_comment', { result: [{ id: 'c1', text: '好', creator: 'u1', gmtCreate: 5, likes: 0 }] });
    expect(await run(['todo', '+list-comment', '--task-id', '100'])).toEqual({ count: 1, comments: [{ commentId: 'c1', content: '好', creatorId: 'u1', createTime: 5 }] });
  });
});

describe('oa list shortcuts', () => {
  const instances = { result: { values: [{ processInstanceId: 'p1', processTitle: '报销', processResult: 'agree', gmtCreate: 9, originator: 'u1' }, { nothing: true }] } };
  const printed = { count: 1, instances: [{ processInstanceId: 'p1', title: '报销', status: 'agree', createTime: 9 }] };
  it('+list-pending, +list-executed, +list-submitted, +list-cc print {count, instances} from result.values (oa.go:421 oaInstanceProjectItem)', async () => {
    answer('oa/list_pending_approvals', instances);
    expect(await run(['oa', '+list-pending', '--start', '1741536000000', '--end', '1741622399000'])).toEqual(printed);
    answer('oa/get_done_tasks', instances);
    expect(await run(['oa', '+list-executed'])).toEqual(printed);
    answer('oa/get_submitted_instances', instances);
    expect(await run(['oa', '+list-submitted'])).toEqual(printed);
    answer('oa/get_noticed_instances', instances);
    expect(await run(['oa', '+list-cc'])).toEqual(printed);
  });
  it('+list-forms and +search-forms print {count, forms} (oa.go:217 oaFormProjectItem)', async () => {
    const forms = { result: { processList: [{ process_code: 'PROC-1', flowTitle: '请假', iconName: 'leave', dirId: 'x' }] } };
    const formsPrinted = { count: 1, forms: [{ processCode: 'PROC-1', name: '请假', iconUrl: 'leave' }] };
    answer('oa/list_user_visible_process', forms);
    expect(await run(['oa', '+list-forms'])).toEqual(formsPrinted);
    answer('oa/search_form', forms);
    expect(await run(['oa', '+search-forms', '--query', '请假'])).toEqual(formsPrinted);
  });
});

describe('attendance search shortcuts', () => {
  it('+search-class unwraps shiftVO (attendance.go:603)', async () => {
    answer('attendance-wukong/get_class_list', { result: { classList: [{ shiftVO: { id: 1, name: '早班', owner: '张三', sections: [] } }, { classId: 2, class_name: '晚班' }] } });
    expect(await run(['attendance', '+search-class'])).toEqual({ count: 2, classes: [{ classId: 1, name: '早班', ownerName: '张三' }, { classId: 2, name: '晚班' }] });
  });
  it('+search-adjustment-rule and +search-overtime-rule unwrap entityVO (attendance.go:879)', async () => {
    answer('attendance-wukong/get_adjustment_rule', { result: { atRuleList: [{ entityVO: { adjustmentId: 5, ruleName: '标准' } }] } });
    expect(await run(['attendance', '+search-adjustment-rule'])).toEqual({ count: 1, rules: [{ ruleId: 5, name: '标准' }] });
    answer('attendance-wukong/get_overtime_rule', { data: [{ overtimeId: 6, name: '节假日' }] });
    expect(await run(['attendance', '+search-overtime-rule'])).toEqual({ count: 1, rules: [{ ruleId: 6, name: '节假日' }] });
  });
  it('+search-group prints {count, groups} (attendance.go:1110)', async () => {
    answer('attendance-wukong/get_simple_groups', { result: { groupList: [{ groupId: 3, groupName: '总部', groupType: 'FIXED', memberCount: 9 }] } });
    expect(await run(['attendance', '+search-group'])).toEqual({ count: 1, groups: [{ groupId: 3, name: '总部', type: 'FIXED' }] });
  });
});

describe('report list shortcuts', () => {
  it('+inbox-list and +outbox-list print {count, reports} (report.go:121)', async () => {
    const body = { result: { report_list: [{ report_id: 'r1', template_name: '日报', creator_name: '张三', creator_user_id: 'u1', create_time: 1, modified_time: 2, contents: [] }] } };
    const printed = { count: 1, reports: [{ reportId: 'r1', templateName: '日报', creatorName: '张三', creatorUserId: 'u1', createTime: 1, modifiedTime: 2 }] };
    answer('report/get_received_report_list', body);
    expect(await run(['report', '+inbox-list', '--start', '2026-03-10T00:00:00+08:00', '--end', '2026-03-10T23:59:59+08:00'])).toEqual(printed);
    answer('report/get_send_report_list', body);
    expect(await run(['report', '+outbox-list'])).toEqual(printed);
  });
});

describe('mail smart shortcuts', () => {
  it('+search-mail prints {email, messages} with every message as {subject, from, date, messageId} (smart/search_mail.go:118)', async () => {
    answer('mail/search_emails', { result: { messages: [
      { subject: '发票', from: { name: '赵强', email: 'zq@example.com' }, sentDate: 1773100000000, id: 'm1', body: 'x' },
      { title: '', topic: '周报', from: '', sender: 'boss@example.com', date: '', receivedDate: '2026-03-01', messageId: 'm2' },
      'not an object',
      { from: { displayName: '只有名字' } },
    ] } });
    expect(await run(['mail', '+search-mail', '--query', 'from:zq@example.com', '--email', 'me@example.com'])).toEqual({ email: 'me@example.com', messages: [
      { subject: '发票', from: '赵强 <zq@example.com>', date: 1773100000000, messageId: 'm1' },
      { subject: '周报', from: 'boss@example.com', date: '2026-03-01', messageId: 'm2' },
      { subject: '', from: '只有名字', date: null, messageId: '' },
    ] });
  });
  it('+unread-mail prints the mailbox it found and an empty list when nothing matched (smart/unread_mail.go:128)', async () => {
    answer('mail/list_user_mailboxes', { result: { emailAccounts: [{ email: 'me@example.com' }] } });
    answer('mail/search_emails', { result: { total: 0 } });
    expect(await run(['mail', '+unread-mail'])).toEqual({ email: 'me@example.com', messages: [] });
  });
  it('+recent-mail prints {count, mails} with the senders joined, and refuses an empty folder (smart/recent_mail.go:139)', async () => {
    answer('mail/list_mailbox_threads', { result: { conversations: [
      { id: 't1', subject: '合同', lastModifiedDateTime: '2026-03-02T10:00:00Z', senders: [{ name: '甲', email: 'a@x.com' }, 'b@x.com', { email: '' }] },
      { conversationId: 't2', title: '旧', from: { email: 'c@x.com' }, senders: [] },
    ] } });
    expect(await run(['mail', '+recent-mail', '--email', 'me@example.com', '--folder', '2'])).toEqual({ count: 2, mails: [
      { subject: '合同', from: ['甲 <a@x.com>', 'b@x.com'], date: '2026-03-02T10:00:00Z', threadId: 't1' },
      { subject: '旧', from: 'c@x.com', date: null, threadId: 't2' },
    ] });
    answer('mail/list_mailbox_threads', { result: { conversations: [] } });
    expect(await refusal(['mail', '+recent-mail', '--email', 'me@example.com', '--folder', '2'])).toEqual({ reason: 'invalid_parameter', out: '' });
  });
  it('+find-mail-user prints {count, users} with seven fields, and refuses when nobody matched (smart/find_mail_user.go:110)', async () => {
    answer('mail/search_mail_users', { data: { users: [{ displayName: '张三', nick: '小张', emailAddress: 'z@x.com', jobNumber: 7, position: '工程师', userId: 'u1', phone: '1' }] } });
    expect(await run(['mail', '+find-mail-user', '--query', '张三'])).toEqual({ count: 1, users: [
      { name: '张三', nickname: '小张', email: 'z@x.com', employeeNo: 7, jobTitle: '工程师', workLocation: '', id: 'u1' },
    ] });
    answer('mail/search_mail_users', { users: [] });
    expect(await refusal(['mail', '+find-mail-user', '--query', 'nobody'])).toEqual({ reason: 'invalid_parameter', out: '' });
  });
});

describe('aitable list shortcuts', () => {
  it('+base-list and +base-search print {count, bases} (aitable.go:178 baseListProject; an element without its id refuses the answer: audit30m-b.test.ts)', async () => {
    const body = { data: { bases: [{ baseId: 'b1', baseName: '项目', owner: 'u' }, { id: 'b2', title: '预算' }] } };
    const printed = { count: 2, bases: [{ baseId: 'b1', baseName: '项目' }, { baseId: 'b2', baseName: '预算' }] };
    answer('aitable/list_bases', body);
    expect(await run(['aitable', '+base-list'])).toEqual(printed);
    answer('aitable/search_bases', body);
    expect(await run(['aitable', '+base-search', '--query', '项目'])).toEqual(printed);
  });
  it('+base-list prints an empty list for an explicit empty collection and refuses an answer without one (resolveNamedList)', async () => {
    answer('aitable/list_bases', { result: { bases: [] } });
    expect(await run(['aitable', '+base-list'])).toEqual({ count: 0, bases: [] });
    answer('aitable/list_bases', { success: true });
    expect(await refusal(['aitable', '+base-list'])).toEqual({ reason: 'backend_error', out: '' });
  });
  it('+template-search, +view-get, +form-list, +workflow-list print their projections (aitable.go:1075, 1215, 1674, 2063)', async () => {
    answer('aitable/search_templates', { templates: [{ template_id: 't1', name: '周报模板', cover: 'x' }] });
    expect(await run(['aitable', '+template-search', '--query', '周报'])).toEqual({ count: 1, templates: [{ templateId: 't1', templateName: '周报模板' }] });
    answer('aitable/get_views', { result: { views: [{ viewId: 'v1', viewName: '表格', viewType: 'Grid', filters: [] }] } });
    expect(await run(['aitable', '+view-get', '--base-id', 'B', '--table-id', 'T'])).toEqual({ count: 1, views: [{ viewId: 'v1', viewName: '表格', viewType: 'Grid' }] });
    answer('aitable-helper/list_form_views', { formViews: [{ id: 'f1', title: '报名', type: 'Form' }] });
    expect(await run(['aitable', '+form-list', '--base-id', 'B', '--table-id', 'T'])).toEqual({ count: 1, forms: [{ viewId: 'f1', viewName: '报名', viewType: 'Form' }] });
    answer('aitable-helper/list_workflows', { data: { list: [{ workflowId: 'w1', workflowName: '通知', enabled: true, dsl: {} }] } });
    expect(await run(['aitable', '+workflow-list', '--base-id', 'B'])).toEqual({ count: 1, workflows: [{ workflowId: 'w1', name: '通知', status: true }] });
  });
});

describe('minutes list shortcuts', () => {
  it('+list-all, +list-mine, +list-shared, +minutes-search print {count, minutes} with the task UUID as text (minutesdata ProjectList)', async () => {
    answer('minutes/list_by_keyword_and_time_range', { success: true, result: { itemList: [
      { taskUuid: ' tu1 ', title: '周会', creatorName: '张三', gmtStart: 1, endTime: 2, shareUrl: 'https://x', taskStatus: 'done', duration: 60 },
      { uuid: 42, name: '复盘', creator: null, createUserName: '李四' },
    ], hasMore: false } });
    const printed = { count: 2, minutes: [
      { taskUuid: 'tu1', title: '周会', creator: '张三', startTime: 1, endTime: 2, url: 'https://x', status: 'done' },
      { taskUuid: '42', title: '复盘', creator: '李四' },
    ] };
    expect(await run(['minutes', '+list-all'])).toEqual(printed);
    expect(await run(['minutes', '+list-mine'])).toEqual(printed);
    expect(await run(['minutes', '+list-shared'])).toEqual(printed);
    expect(await run(['minutes', '+minutes-search', '--query', '周会'])).toEqual(printed);
  });
  it('reads the list one container down (data.result.minutesList) and refuses an answer without any list', async () => {
    answer('minutes/list_by_keyword_and_time_range', { data: { result: { minutesList: [{ taskUUID: 'a' }] } } });
    expect(await run(['minutes', '+list-all'])).toEqual({ count: 1, minutes: [{ taskUuid: 'a' }] });
    answer('minutes/list_by_keyword_and_time_range', { result: { total: 0 } });
    expect(await refusal(['minutes', '+list-all'])).toEqual({ reason: 'backend_error', out: '' });
  });
});

describe('contact +me', () => {
  it('prints the compact profile read from result[0].orgEmployeeModel (smart/whoami.go:80)', async () => {
    answer('contact/get_current_user_profile', { result: [{ orgEmployeeModel: {
      orgUserName: '王五', userId: 'u5', orgUserMobile: '', mobile: '13800000000', orgAuthEmail: 'w@x.com', corpName: '示例科技',
      depts: [{ deptId: 1 }, { deptName: '研发部' }], avatar: 'x',
    } }] });
    expect(await run(['contact', '+me'])).toEqual({ name: '王五', userId: 'u5', mobile: '13800000000', email: 'w@x.com', org: '示例科技', dept: '研发部' });
  });
  it('reads a flat result object, and prints the answer as it came when nothing is recognized', async () => {
    answer('contact/get_current_user_profile', { result: { name: '赵六', userid: 'u6' } });
    expect(await run(['contact', '+me'])).toEqual({ name: '赵六', userId: 'u6' });
    answer('contact/get_current_user_profile', { result: [{ orgEmployeeModel: { avatar: 'x' } }], success: true });
    expect(await run(['contact', '+me'])).toEqual({ result: [{ orgEmployeeModel: { avatar: 'x' } }], success: true });
  });
});

describe('aitable +record-share-links', () => {
  it('prints {base, table, total, batches, items} over the batches of distinct ids (smart/record_share_links.go:131)', async () => {
    const ids = Array.from({ length: 21 }, (_, i) => `r${i + 1}`);
    let call = 0;
    mcp.answers['aitable-helper/get_record_share_url'] = () => (++call === 1
      ? { data: { items: [{ recordId: 'r1', shareUrl: 'https://s/1' }, { record_id: 'r2', url: 'https://s/2' }, { id: '' }] } }
      : { items: [{ recordId: 'r21', share_url: 'https://s/21' }] });
    expect(await run(['aitable', '+record-share-links', '--base', 'B', '--table', 'T', '--record-ids', [...ids, 'r1'].join(',')])).toEqual({
      base: 'B', table: 'T', total: 21, batches: 2, items: [
        { recordId: 'r1', shareUrl: 'https://s/1' }, { recordId: 'r2', shareUrl: 'https://s/2' }, { recordId: '', shareUrl: null }, { recordId: 'r21', shareUrl: 'https://s/21' },
      ],
    });
  });
});

describe('oa +my-initiated', () => {
  it('prints {initiated} with four fields as text, null when missing (smart/my_initiated.go:124)', async () => {
    answer('oa/get_submitted_instances', { result: { list: [{ processInstanceId: ' p1 ', title: '报销', bizId: 2026001, status: 'RUNNING', extra: 1 }, { name: '请假', result: true }] } });
    expect(await run(['oa', '+my-initiated'])).toEqual({ initiated: [
      { title: '报销', businessId: '2026001', status: 'RUNNING', processInstanceId: 'p1' },
      { title: '请假', businessId: null, status: 'true', processInstanceId: null },
    ] });
  });
  it('prints the answer as it came when it holds no instance object', async () => {
    answer('oa/get_submitted_instances', { result: { list: [] }, success: true });
    expect(await run(['oa', '+my-initiated'])).toEqual({ result: { list: [] }, success: true });
  });
});
