// p-ansobj3 (issue 32): the paged and multi-step shortcuts whose upstream bodies read an answer with rt.CallMCPData
// (runner.go:255-271@c7521c1c: an answer that does not decode into a JSON object is an error; null and blank text are
// the empty map). Each command runs as a user types it against the recording backend, which answers a list, a number
// or a text at the step in question: the run stops where upstream's does (before the writes after it), or, on a later
// page of a ledger, lists a read failure as upstream does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pansobj3-');
const { mcp, sent } = outputs;

/** The answers that do not decode into an object: a list, a number, a text. */
const NOT_OBJECTS: unknown[] = [[{ id: 'x' }], 5, 'plain text'];

/** Canned answers per `<server>/<tool>` for one run; `at` answers each of NOT_OBJECTS in turn. */
async function refusedAt(argv: string[], answers: Record<string, unknown>, at: string) {
  const runs = [];
  for (const bad of NOT_OBJECTS) {
    for (const [key, body] of Object.entries(answers)) mcp.answers[key] = () => body;
    mcp.answers[at] = () => bad;
    runs.push(await sent(argv));
  }
  return runs;
}

/** The calls of a run as their `<server>/<tool>` names. */
const names = (r: { calls: unknown[][] }) => r.calls.map((c) => c[0]);

/** Each run refused with backend_error after exactly these calls, printing nothing. */
function expectRefused(runs: Awaited<ReturnType<typeof refusedAt>>, calls: string[]) {
  for (const r of runs) expect([r.reason, names(r), r.printed]).toEqual(['backend_error', calls, undefined]);
}

describe('chat: one page or the first page that is not an object ends the run with backend_error', () => {
  const cases: [string, string[], string][] = [
    ['+flag-list (lark_alignment.go:622-627)', ['chat', '+flag-list'], 'im/list_message_favorites'],
    ['+flag-list --page-all (:622-627)', ['chat', '+flag-list', '--page-all'], 'im/list_message_favorites'],
    ['+chat-list (lark_alignment.go:1041-1046)', ['chat', '+chat-list'], 'im/list_all_conversations'],
    ['+chat-list --page-all (:1041-1046)', ['chat', '+chat-list', '--page-all'], 'im/list_all_conversations'],
    ['+chat-list-all (chat_group.go:935-938)', ['chat', '+chat-list-all'], 'im/list_my_groups_pagination'],
    ['+chat-list-all --page-all (:985-989)', ['chat', '+chat-list-all', '--page-all'], 'im/list_my_groups_pagination'],
    ['+messages-list (chat_message.go:317-320)', ['chat', '+messages-list', '--group', 'cid1', '--time', '2026-03-01 00:00:00'], 'chat/list_conversation_message_v2'],
    ['+messages-list-direct (chat_message.go:522-525)', ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00'], 'chat/list_individual_chat_message'],
    ['+messages-list-direct --page-all (:559-563)', ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--page-all'], 'chat/list_individual_chat_message'],
    ['+search-msg (smart/search_msg.go:183-187)', ['chat', '+search-msg', '--query', 'x', '--no-enrich'], 'im/search_messages'],
    ['+search-msg --page-all (:183-187)', ['chat', '+search-msg', '--query', 'x', '--no-enrich', '--page-all'], 'im/search_messages'],
  ];
  for (const [name, argv, tool] of cases) {
    it(name, async () => {
      expectRefused(await refusedAt(argv, {}, tool), [tool]);
    });
  }
});

describe('chat: a later page that is not an object is a read failure in the ledger, exit 1', () => {
  type Ledger = { stopReason: string; partial: boolean; failedCount: number; failures: { page: number; stage: string; cursor?: unknown }[] };
  const later = async (argv: string[], rpc: string, first: unknown) => {
    const out = [];
    for (const bad of NOT_OBJECTS) {
      const r = await outputs.paged(argv, rpc, [first, bad]);
      const ledger = r.envelope?.ledger as Ledger;
      out.push([r.exit, r.envelope?.error.reason, r.sent.length, ledger.stopReason, ledger.partial, ledger.failures.map((f) => [f.page, f.stage, f.cursor])]);
    }
    return out;
  };

  it('+flag-list --page-all (lark_alignment.go:622-632: page, stage read, cursor; flag_list_incomplete)', async () => {
    const first = { items: [{ openMessageId: 'm1' }], hasMore: true, nextCursor: 7 };
    for (const row of await later(['chat', '+flag-list', '--page-all'], 'list_message_favorites', first)) {
      expect(row).toEqual([1, 'pages_incomplete', 2, 'read_failure', true, [[2, 'read', 7]]]);
    }
  });

  it('+chat-list --page-all (lark_alignment.go:1041-1051)', async () => {
    const first = { conversations: [{ openConversationId: 'c1', singleChat: false }], hasMore: true, nextCursor: 9 };
    for (const row of await later(['chat', '+chat-list', '--page-all'], 'list_all_conversations', first)) {
      expect(row).toEqual([1, 'pages_incomplete', 2, 'read_failure', true, [[2, 'read', 9]]]);
    }
  });

  it('+chat-list-all --page-all (chat_group.go:985-994: the cursor listed as text)', async () => {
    const first = { groups: [{ openConversationId: 'c1', name: 'a' }], hasMore: true, nextCursor: 'n2' };
    for (const row of await later(['chat', '+chat-list-all', '--page-all'], 'list_my_groups_pagination', first)) {
      expect(row).toEqual([1, 'pages_incomplete', 2, 'read_failure', true, [[2, 'read', 'n2']]]);
    }
  });

  it('+messages-list-direct --page-all (chat_message.go:559-568)', async () => {
    const first = { result: { messages: [{ openMessageId: 'm1' }], hasMore: true, nextCursor: 1772294399123 } };
    for (const row of await later(['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--page-all'], 'list_individual_chat_message', first)) {
      expect(row).toEqual([1, 'pages_incomplete', 2, 'read_failure', true, [[2, 'read', undefined]]]);
    }
  });

  it('+search-msg --page-all lists the page (search_msg.go:183-194: stage search-page, its cursor) and prints the hits so far, exit 0', async () => {
    for (const bad of NOT_OBJECTS) {
      const r = await outputs.paged(['chat', '+search-msg', '--query', 'x', '--page-all', '--no-enrich'], 'im/search_messages', [
        { result: { messages: [{ openMessageId: 'm1', content: 'a', createTime: 1000 }], hasMore: true, nextCursor: 'c2' } }, bad]);
      expect([r.exit, r.sent.length]).toEqual([0, 2]);
      expect(r.printed).toMatchObject({ count: 1, complete: false, failedCount: 1, failures: [{ stage: 'search-page', cursor: 'c2' }] });
    }
  });
});

describe('chat: a lookup that is not an object ends the run before what follows it', () => {
  it('+messages-recall --msg-id m1 --yes: the message lookup (chat_message.go:222-226) stops before recall_message', async () => {
    expectRefused(await refusedAt(['chat', '+messages-recall', '--msg-id', 'm1', '--yes'], {}, 'im/list_messages_by_ids'), ['im/list_messages_by_ids']);
    mcp.answers['im/list_messages_by_ids'] = () => ({ result: [{ openMessageId: 'm1', openConversationId: 'cidA' }] });
    const ok = await sent(['chat', '+messages-recall', '--msg-id', 'm1', '--yes']);
    expect([ok.reason, names(ok)]).toEqual([undefined, ['im/list_messages_by_ids', 'im/recall_message']]);
  });

  // h36-b1: the conversation is chatmsg.ConversationID of the first message (firstMessageValue, chatmsg.go:280-282,
  // :430-442@c7521c1c): the first of its keys holding a value that is neither null nor a blank text, written by
  // fmt.Sprint and trimmed (chat_message.go:229); a nested object is not searched
  it.each([
    [{ openConversationId: 5 }, '5'],
    [{ openConversationId: 1000000, conversationId: 'cidB' }, '1e+06'],
    [{ openConversationId: '  ', conversation_id: ' cidC ' }, 'cidC'],
    [{ chatId: true }, 'true'],
  ])('+messages-recall --msg-id m1: a looked-up message %j recalls in conversation %s', async (message, conversation) => {
    mcp.answers['im/list_messages_by_ids'] = () => ({ result: [{ openMessageId: 'm1', ...message }] });
    const r = await sent(['chat', '+messages-recall', '--msg-id', 'm1', '--yes']);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([['im/list_messages_by_ids', { openMsgIds: ['m1'] }], ['im/recall_message', { openConversationId: conversation, openMessageId: 'm1' }]]);
  });

  it('+messages-recall --msg-id m1: a conversation id only inside a nested object is none (refused before the recall)', async () => {
    mcp.answers['im/list_messages_by_ids'] = () => ({ result: [{ openMessageId: 'm1', sender: { conversationId: 'cidNested' } }] });
    const r = await sent(['chat', '+messages-recall', '--msg-id', 'm1', '--yes']);
    expect([r.reason, names(r)]).toEqual(['invalid_parameter', ['im/list_messages_by_ids']]);
  });

  it('+search-msg --conversation-id cid…: the scope check (search_msg.go:615-623) stops before the search', async () => {
    expectRefused(await refusedAt(['chat', '+search-msg', '--conversation-id', 'cidA', '--no-enrich'], {}, 'chat/get_conversation_info'), ['chat/get_conversation_info']);
  });

  it('+search-msg: an enrichment chunk that is not an object is listed (search_msg.go:751-759) and the hits printed', async () => {
    for (const bad of NOT_OBJECTS) {
      mcp.answers['im/search_messages'] = () => ({ result: { messages: [{ openMessageId: 'm1', content: 'a', createTime: 1000 }], hasMore: false } });
      mcp.answers['im/list_messages_by_ids'] = () => bad;
      const r = await sent(['chat', '+search-msg', '--query', 'x']);
      expect([r.reason, names(r)]).toEqual([undefined, ['im/search_messages', 'im/list_messages_by_ids']]);
      expect(r.printed).toMatchObject({ count: 1, complete: false, enrichedCount: 0, failures: [{ stage: 'message-enrichment', messageIds: ['m1'] }] });
    }
  });
});

describe('single-call shortcuts: a list, number or text answer is backend_error after the call; an object answer is printed', () => {
  const cases: [string, string[], string][] = [
    ['attendance +search-class (attendance.go:589-592)', ['attendance', '+search-class'], 'attendance-wukong/get_class_list'],
    ['attendance +search-adjustment-rule (attendance.go:863-868)', ['attendance', '+search-adjustment-rule'], 'attendance-wukong/get_adjustment_rule'],
    ['attendance +search-overtime-rule (attendance.go:1009-1014)', ['attendance', '+search-overtime-rule'], 'attendance-wukong/get_overtime_rule'],
    ['attendance +search-group (attendance.go:1090-1099)', ['attendance', '+search-group'], 'attendance-wukong/get_simple_groups'],
    ['calendar +room-groups (calendar.go:561-564)', ['calendar', '+room-groups'], 'calendar/list_meeting_room_groups'],
    ['todo +list-comment (todo/todo.go:469-476)', ['todo', '+list-comment', '--task-id', 'T1'], 'todo/list_todo_comment'],
  ];
  for (const [name, argv, tool] of cases) {
    it(name, async () => {
      expectRefused(await refusedAt(argv, {}, tool), [tool]);
      mcp.answers[tool] = () => ({ list: [] });
      const ok = await sent(argv);
      expect([ok.reason, names(ok), ok.printed === undefined]).toEqual([undefined, [tool], false]);
    });
  }
});

const PERSON = { 'contact/search_contact_by_key_word': { result: [{ name: '张三', userId: 'u1', openDingTalkId: 'od1' }] } };
const WINDOW = ['--start', '2026-03-10T14:00:00+08:00', '--end', '2026-03-10T18:00:00+08:00'];

describe('multi-step shortcuts: a step whose answer is not an object ends the run there, before the calls after it', () => {
  const cases: [string, string[], Record<string, unknown>, string, string[]][] = [
    ['attendance +this-month: the profile (smart/this_month_attendance.go:83-86)', ['attendance', '+this-month'], {}, 'contact/get_current_user_profile', ['contact/get_current_user_profile']],
    ['attendance +this-month: the records (:103-112)', ['attendance', '+this-month'], { 'contact/get_current_user_profile': { result: { userId: 'u1' } } }, 'attendance-wukong/query_check_record',
      ['contact/get_current_user_profile', 'attendance-wukong/query_check_record']],
    ['calendar +cancel-event --yes: the detail, before the delete (smart/cancel_event.go:89-94)', ['calendar', '+cancel-event', '--event', 'E1', '--yes'], {}, 'calendar/get_calendar_detail', ['calendar/get_calendar_detail']],
    ['calendar +reschedule --yes: the detail, before the update (smart/reschedule.go:93-97)', ['calendar', '+reschedule', '--event', 'E1', ...WINDOW, '--yes'], {}, 'calendar/get_calendar_detail', ['calendar/get_calendar_detail']],
    ['calendar +free: the person (targetresolver/resolver.go:103-108)', ['calendar', '+free', '--who', '张三', ...WINDOW], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['calendar +free: the busy query (smart/freebusy.go:97-104)', ['calendar', '+free', '--who', '张三', ...WINDOW], PERSON, 'calendar/query_busy_status', ['contact/search_contact_by_key_word', 'calendar/query_busy_status']],
    ['calendar +suggest-time: the suggestion (smart/suggest_time.go:126-129)', ['calendar', '+suggest-time', '--with', '张三', ...WINDOW], PERSON, 'calendar/list_suggested_event_times',
      ['contact/search_contact_by_key_word', 'calendar/list_suggested_event_times']],
    ['contact +by-mobile: the search (smart/by_mobile.go:83-88)', ['contact', '+by-mobile', '--mobile', '13800000000'], {}, 'contact/search_user_by_mobile', ['contact/search_user_by_mobile']],
    ['contact +dept-members: the search (smart/dept_members.go:92-97)', ['contact', '+dept-members', '--dept', '研发'], {}, 'contact/search_dept_by_keyword', ['contact/search_dept_by_keyword']],
    ['contact +org: the person (targetresolver/resolver.go:103-108)', ['contact', '+org', '--name', '张三'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['contact +org: the user record (smart/org.go:85-90)', ['contact', '+org', '--name', '张三'], PERSON, 'contact/get_user_info_by_user_ids', ['contact/search_contact_by_key_word', 'contact/get_user_info_by_user_ids']],
    ['contact +team: the person (targetresolver/resolver.go:103-108)', ['contact', '+team', '--name', '张三'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['contact +team: the user record (smart/team.go:87-92)', ['contact', '+team', '--name', '张三'], PERSON, 'contact/get_user_info_by_user_ids', ['contact/search_contact_by_key_word', 'contact/get_user_info_by_user_ids']],
    ['mail +search-mail: the mailboxes (smart/search_mail.go:141-144)', ['mail', '+search-mail', '--query', 'x'], {}, 'mail/list_user_mailboxes', ['mail/list_user_mailboxes']],
    ['mail +search-mail --email: the search (smart/search_mail.go:112-119)', ['mail', '+search-mail', '--query', 'x', '--email', 'a@b.c'], {}, 'mail/search_emails', ['mail/search_emails']],
    ['mail +unread-mail: the mailboxes (smart/search_mail.go:141-144)', ['mail', '+unread-mail'], {}, 'mail/list_user_mailboxes', ['mail/list_user_mailboxes']],
    ['mail +unread-mail --email: the search (smart/unread_mail.go:108-115)', ['mail', '+unread-mail', '--email', 'a@b.c'], {}, 'mail/search_emails', ['mail/search_emails']],
    ['mail +recent-mail: the mailboxes (smart/search_mail.go:141-144)', ['mail', '+recent-mail'], {}, 'mail/list_user_mailboxes', ['mail/list_user_mailboxes']],
    ['mail +recent-mail --email: the folders (smart/recent_mail.go:163-168)', ['mail', '+recent-mail', '--email', 'a@b.c'], {}, 'mail/list_folders', ['mail/list_folders']],
    ['mail +recent-mail --email --folder: the threads (smart/recent_mail.go:129-136)', ['mail', '+recent-mail', '--email', 'a@b.c', '--folder', 'F1'], {}, 'mail/list_mailbox_threads', ['mail/list_mailbox_threads']],
    ['todo +remind --yes: the profile, before the create (smart/remind.go:79-82)', ['todo', '+remind', '--task', '交周报', '--yes'], {}, 'contact/get_current_user_profile', ['contact/get_current_user_profile']],
    ['chat +dm --yes: the person, before the message (smart/dm.go:77-84)', ['chat', '+dm', '--to', '张三', '--text', 'hi', '--yes'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['contact +lookup: the person (smart/lookup.go:68-71)', ['contact', '+lookup', '--name', '张三'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['todo +assign --yes: the person, before the create (smart/assign.go:70-73)', ['todo', '+assign', '--to', '张三', '--task', '整理周报', '--yes'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['calendar +book --yes: the first name, before the event (smart/book.go:110-113)', ['calendar', '+book', '--title', '沟通', ...WINDOW, '--with', '张三,李四', '--yes'], {}, 'contact/search_contact_by_key_word',
      ['contact/search_contact_by_key_word']],
    ['calendar +invite --yes: the first name, before the invite (smart/invite.go:92-95)', ['calendar', '+invite', '--event', 'E1', '--with', '张三,李四', '--yes'], {}, 'contact/search_contact_by_key_word',
      ['contact/search_contact_by_key_word']],
    ['doc +share --yes: the person, before any write (smart/doc_access.go:206-227)', ['doc', '+share', '--to', '张三', '--url', 'https://alidocs.dingtalk.com/i/nodes/20eMKjyp81ZqGbKZ', '--yes'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['doc +share-doc --yes: the person, before any write (smart/doc_access.go:206-227)', ['doc', '+share-doc', '--to', '张三', '--url', 'https://alidocs.dingtalk.com/i/nodes/20eMKjyp81ZqGbKZ', '--yes'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['doc +access-grant --yes: the person, before any write (smart/doc_access.go:206-227)', ['doc', '+access-grant', '--node', 'N1', '--to', '张三', '--yes'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['doc +access-change --yes: the person, before any write (smart/doc_access.go:206-227)', ['doc', '+access-change', '--node', 'N1', '--to', '张三', '--yes'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['doc +access-revoke --yes: the person, before any write (smart/doc_access.go:206-227)', ['doc', '+access-revoke', '--node', 'N1', '--to', '张三', '--yes'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['doc +grant-and-share --yes: the person, before any write (smart/doc_access.go:206-227)', ['doc', '+grant-and-share', '--node', 'N1', '--to', '张三', '--url', 'https://alidocs.dingtalk.com/i/nodes/20eMKjyp81ZqGbKZ', '--yes'], {}, 'contact/search_contact_by_key_word', ['contact/search_contact_by_key_word']],
    ['wiki +wiki-new-doc: the space search, before create_file (smart/wiki_new_doc.go:78-83)', ['wiki', '+wiki-new-doc', '--space', 'S', '--title', 'T'], {}, 'wiki/search_wikiSpaces', ['wiki/search_wikiSpaces']],
  ];
  for (const [name, argv, answers, at, calls] of cases) {
    it(name, async () => {
      expectRefused(await refusedAt(argv, answers, at), calls);
    });
  }

  it('wiki +wiki-new-doc: a read-back that is not an object fails after the document was made (smart/wiki_new_doc.go:120-123): partial_outcome', async () => {
    const made = { 'wiki/search_wikiSpaces': { list: [{ workspaceId: 'w1', name: 'S' }] }, 'doc/create_file': { success: true, nodeId: 'n1' } };
    for (const r of await refusedAt(['wiki', '+wiki-new-doc', '--space', 'S', '--title', 'T'], made, 'doc/get_document_info')) {
      expect([r.reason, names(r), r.printed]).toEqual(['partial_outcome', ['wiki/search_wikiSpaces', 'doc/create_file', 'doc/get_document_info'], undefined]);
    }
  });

  it('the same runs with object answers go on to the next call', async () => {
    for (const [key, body] of Object.entries({ ...PERSON, 'contact/get_user_info_by_user_ids': { result: [{ orgEmployeeModel: { depts: [{ deptId: 7 }] } }] } })) mcp.answers[key] = () => body;
    const team = await sent(['contact', '+team', '--name', '张三']);
    expect([team.reason, names(team)]).toEqual([undefined, ['contact/search_contact_by_key_word', 'contact/get_user_info_by_user_ids', 'contact/get_dept_members_by_deptId']]);
    mcp.answers['contact/get_current_user_profile'] = () => ({ result: { userId: 'u1' } });
    const remind = await sent(['todo', '+remind', '--task', '交周报', '--yes']);
    expect([remind.reason, names(remind)]).toEqual([undefined, ['contact/get_current_user_profile', 'todo/create_personal_todo']]);
    // h40-left2: a detail without a title, so the run prints the delete answer alone (a title adds a document first)
    mcp.answers['calendar/get_calendar_detail'] = () => ({ result: { id: 'E1' } });
    const cancel = await sent(['calendar', '+cancel-event', '--event', 'E1', '--yes']);
    expect([cancel.reason, names(cancel)]).toEqual([undefined, ['calendar/get_calendar_detail', 'calendar/delete_calendar_event']]);
  });
});

// minutes: the list, basic and todos answers were refused already by the plans' own ParseListPage/ValidateArtifact checks
// (no_list, basic_checked, todos_checked); answer_object makes the refusal the call's own, as upstream's CallMCPData is
describe('minutes: a list, number or text answer is backend_error at the read (passes before the change too)', () => {
  const cases: [string, string[], Record<string, unknown>, string, string[]][] = [
    ['+minutes-search (smart/minutes_search.go:80-87)', ['minutes', '+minutes-search', '--query', '周会'], {}, 'minutes/list_by_keyword_and_time_range', ['minutes/list_by_keyword_and_time_range']],
    ['+latest: the list (smart/latest_minutes.go:73-76)', ['minutes', '+latest'], {}, 'minutes/list_by_keyword_and_time_range', ['minutes/list_by_keyword_and_time_range']],
    ['+latest: the basic info (:89-94)', ['minutes', '+latest'], { 'minutes/list_by_keyword_and_time_range': { itemList: [{ taskUuid: 't1', createTime: 5 }] } }, 'minutes/get_minutes_basic_info',
      ['minutes/list_by_keyword_and_time_range', 'minutes/get_minutes_basic_info']],
    ['+action-items: the list (smart/action_items.go:67-73)', ['minutes', '+action-items'], {}, 'minutes/list_by_keyword_and_time_range', ['minutes/list_by_keyword_and_time_range']],
    ['+action-items --id: the todos (:88-93)', ['minutes', '+action-items', '--id', 't1'], {}, 'minutes/list_minutes_todos', ['minutes/list_minutes_todos']],
    ['+transcript: the list (smart/transcript.go:92-95)', ['minutes', '+transcript'], {}, 'minutes/list_by_keyword_and_time_range', ['minutes/list_by_keyword_and_time_range']],
  ];
  for (const [name, argv, answers, at, calls] of cases) {
    it(name, async () => {
      expectRefused(await refusedAt(argv, answers, at), calls);
    });
  }
});

describe('left as they were: upstream folds such an answer into its own refusal, which dws already gives', () => {
  it('todo +assign-multi --yes: a name whose search is not an object is a failed name (assign_multi.go:109-121: one validation error, no create)', async () => {
    for (const r of await refusedAt(['todo', '+assign-multi', '--task', '整理周报', '--to', '张三,李四', '--yes'], {}, 'contact/search_contact_by_key_word')) {
      expect([r.reason, r.category, names(r), r.printed]).toEqual(['not_found', 'validation', ['contact/search_contact_by_key_word', 'contact/search_contact_by_key_word'], undefined]);
    }
  });

  it('minutes +transcript --id: a transcript page that is not an object ends minutes_transcript_incomplete (minutesdata/pager.go:45-51, transcript.go:113-119)', async () => {
    for (const bad of NOT_OBJECTS) {
      const first = await outputs.paged(['minutes', '+transcript', '--id', 't1'], 'get_minutes_transcription', [bad]);
      const later = await outputs.paged(['minutes', '+transcript', '--id', 't1'], 'get_minutes_transcription', [{ result: { paragraphList: [{ paragraphId: 'p1' }], hasMore: true, nextToken: 'n2' } }, bad]);
      expect([first.exit, first.envelope?.error.reason, first.sent.length]).toEqual([1, 'minutes_transcript_incomplete', 1]);
      expect([later.exit, later.envelope?.error.reason, later.sent.length]).toEqual([1, 'minutes_transcript_incomplete', 2]);
    }
  });

  it('calendar +suggest-time: a name whose search is not an object is a failed name (suggest_time.go:95-105: the validation error after every name), no suggestion asked', async () => {
    for (const r of await refusedAt(['calendar', '+suggest-time', '--with', '张三,李四', ...WINDOW], {}, 'contact/search_contact_by_key_word')) {
      expect([r.reason, r.category, names(r), r.printed]).toEqual(['not_found', 'validation', ['contact/search_contact_by_key_word', 'contact/search_contact_by_key_word'], undefined]);
    }
  });
});

// ms_to_rfc3339 reads a text cursor as upstream's cursor boundaries do: strconv.ParseInt(strings.TrimSpace(v), 10, 64)
// (chat/chat_message.go:689-700, smart/thread_replies.go:517-522, smart/chat_messages.go:947-952@c7521c1c)
describe('ms_to_rfc3339 reads a text as strconv.ParseInt(strings.TrimSpace(v))', () => {
  const apply = (v: unknown) => applyTransforms(['ms_to_rfc3339'], v, '--x', { env: {} });

  it('trims Go\'s spaces (U+0085 and U+00A0 are, U+FEFF is not) and takes a sign', () => {
    expect(apply('\u00851786022919361\u00a0')).toBe('2026-08-06T13:28:39.361Z');
    expect(apply('+1786022919361')).toBe('2026-08-06T13:28:39.361Z');
    expect(apply(' 0001 ')).toBe('1970-01-01T00:00:00.001Z');
    for (const bad of ['\ufeff1786022919361', '1786022919361\ufeff', '-5', '+0', '+', '1 2', '1e3', '0x10']) expect(() => apply(bad)).toThrow(/milliseconds/u);
  });

  it('a digit text with any Go space around it reads as the number (property)', () => {
    const space = fc.constantFrom(' ', '\t', '\n', '\r', '\v', '\f', '\u0085', '\u00a0', '\u3000', '\u2028');
    fc.assert(fc.property(fc.integer({ min: 1, max: 253402300799999 }), fc.array(space, { maxLength: 3 }), fc.array(space, { maxLength: 3 }), (ms, before, after) => {
      expect(apply(`${before.join('')}${ms}${after.join('')}`)).toBe(apply(ms));
    }));
  });

  it('chat +messages-list-direct --page-all sends a U+0085-padded cursor back as its time, and lists a U+FEFF one as a pagination failure (chat_message.go:608-615)', async () => {
    const argv = ['chat', '+messages-list-direct', '--user', 'u1', '--time', '2026-03-01 00:00:00', '--page-all'];
    const last = { result: { messages: [{ openMessageId: 'm2' }], hasMore: false } };
    const padded = await outputs.paged(argv, 'list_individual_chat_message', [{ result: { messages: [{ openMessageId: 'm1' }], hasMore: true, nextCursor: '\u00851772294399123' } }, last]);
    expect([padded.exit, padded.sent.map((a) => a.time)]).toEqual([0, ['2026-03-01 00:00:00', '2026-02-28T15:59:59.123Z']]);
    const bom = await outputs.paged(argv, 'list_individual_chat_message', [{ result: { messages: [{ openMessageId: 'm1' }], hasMore: true, nextCursor: '\ufeff1772294399123' } }, last]);
    const ledger = bom.envelope?.ledger as { stopReason: string; failures: { page: number; stage: string }[] };
    expect([bom.exit, bom.sent.length, ledger.stopReason, ledger.failures.map((f) => [f.page, f.stage])]).toEqual([1, 1, 'pagination_error', [[1, 'pagination']]]);
  });
});
