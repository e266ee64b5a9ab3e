// Session 47 helper a2, second-reading audit of seed 20261422 (issue 32, notes/h47-a2.md). Two drawn commands differed
// from upstream's bodies at c7521c1c and were fixed (mail draft create's inline content ids, chat +chat-create's
// resolved members; with the chat sibling +search-msg); the other tests hold readings the audit checked. Each command
// runs as a user types it against the recording backend on 127.0.0.1, so a later change that breaks a reading fails.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';
import { apply } from './fake-plan.js';
import { transformArgProblem } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';

const outputs = useOutputRuns('dws-h47a2-');
const { mcp } = outputs;

describe('mail draft create lower-cases inline content ids as Go strings.ToLower (generateContentId, mail.go:3858-3864@c7521c1c)', () => {
  it('a final capital sigma becomes σ (not ς) and a dotted capital I a plain i, in the session and in the body', async () => {
    mcp.answers = {
      'mail/list_user_mailboxes': () => ({ result: { emailAccounts: [] } }),
      'mail/create_draft': () => ({ result: { message: { id: 'M1' } } }),
      'mail/create_upload_session': (args) => ({ result: { uploadUrl: `${mcp.base}/upload/${encodeURIComponent(String(args.name))}` } }),
    };
    const run = await outputs.sent(['mail', 'draft', 'create', '--from', 'a@x', '--subject', 's', '--content', 'see [inline:ΑΣ.png]',
      '--inline-attachment', './ΑΣ.png', '--inline-attachment', './İX My.png'], { 'ΑΣ.png': 'p1', 'İX My.png': 'p2' });
    expect(run.reason).toBeUndefined();
    const sessions = run.calls.filter(([tool]) => tool === 'mail/create_upload_session').map(([, args]) => (args as { contentId: string }).contentId);
    expect(sessions).toEqual(['inline-ασ-1@alimail.com', 'inline-ix-my-2@alimail.com']);
    const draft = run.calls.find(([tool]) => tool === 'mail/create_draft')![1] as { body: string };
    expect(draft.body).toBe('<html><body>see <img src="cid:inline-ασ-1@alimail.com" alt="ΑΣ.png"><br><img src="cid:inline-ix-my-2@alimail.com" alt="İX My.png"></body></html>');
  });
  it('without files: the comma lists parsed as parseRecipients (`,` is an empty list), the blank body sent, --sender stands for --from', async () => {
    expect(await outputs.argsOf(['mail', 'draft', 'create', '--sender', 'a@x', '--subject', ' s ', '--to', ',', '--cc', ' b , ,c', '--content', ' ']))
      .toEqual([{ from: 'a@x', subject: ' s ', toRecipients: [], ccRecipients: ['b', 'c'], body: ' ' }]);
  });
});

const person = (userId: string | undefined, openDingTalkId: string | undefined, name: string) => ({ result: [{ userId, openDingTalkId, name }] });

describe('chat +chat-create drops a resolved person repeating an earlier one\'s id (ResolveUsers, resolver.go:711-724@c7521c1c)', () => {
  it('B shares A\'s openDingTalkId: B is dropped, so only A joins beside the current user', async () => {
    outputs.answersInTurn('contact/search_contact_by_key_word', person('u1', 'o1', 'A'), person('u2', 'o1', 'B'));
    outputs.answer('contact/get_current_user_profile', { userId: 'me' });
    const run = await outputs.sent(['chat', '+chat-create', '--name', 'G', '--member-query', 'A,B', '--yes']);
    expect(run.calls.at(-1)).toEqual(['im/create_group_conversation', { groupName: 'G', groupMembers: ['me', 'u1'], groupType: 'INTERNAL' }]);
  });
  it('a dropped person marks nothing: C repeats only the dropped B\'s userId and joins', async () => {
    outputs.answersInTurn('contact/search_contact_by_key_word', person('u1', 'o1', 'A'), person('u2', 'o1', 'B'), person('u2', 'o3', 'C'));
    outputs.answer('contact/get_current_user_profile', { userId: 'me' });
    const run = await outputs.sent(['chat', '+chat-create', '--name', 'G', '--member-query', 'A,B,C', '--yes']);
    expect(run.calls.at(-1)).toEqual(['im/create_group_conversation', { groupName: 'G', groupMembers: ['me', 'u1', 'u2'], groupType: 'INTERNAL' }]);
  });
});

describe('chat +search-msg sends each --sender-query person by one id (appendResolvedSearchActorIDs, search_msg.go:574-597@c7521c1c)', () => {
  it('an openDingTalkId when the person has one, else the userId; a repeated person is dropped from the filters and the scope', async () => {
    outputs.answersInTurn('contact/search_contact_by_key_word', person('u1', 'o1', 'A'), person('u2', undefined, 'B'), person('u1', 'o9', 'C'));
    outputs.answer('im/search_messages', { result: { messages: [{ messageId: 'm1', senderId: 'u2', createTime: 1 }, { messageId: 'm2', senderId: 'o9', createTime: 2 }] } });
    const run = await outputs.sent(['chat', '+search-msg', '--query', 'x', '--sender-query', 'A,B,C']);
    const search = run.calls.find(([tool]) => tool === 'im/search_messages')![1];
    expect(search).toMatchObject({ senderUserIds: ['u2'], senderOpenDingTakIds: ['o1'] });
    const printed = run.printed as { messages: { messageId: string }[]; resolvedFilters: { senders: { query: string }[] } };
    expect(printed.messages.map((m) => m.messageId)).toEqual(['m1']);
    expect(printed.resolvedFilters.senders.map((s) => s.query)).toEqual(['A', 'B']);
  });
});

/** upstream ResolveUsers' dedupe loop (resolver.go:711-724@c7521c1c) as a model. */
function resolveUsersDedupe(users: { userId?: string; openDingTalkId?: string }[]) {
  const seenU = new Set<string>();
  const seenO = new Set<string>();
  return users.filter((u) => {
    const uid = u.userId ?? '';
    const oid = u.openDingTalkId ?? '';
    if ((uid !== '' && seenU.has(uid)) || (oid !== '' && seenO.has(oid))) return false;
    if (uid !== '') seenU.add(uid);
    if (oid !== '') seenO.add(oid);
    return true;
  });
}

describe('unique_by_any, the ResolveUsers dedupe as a list transform', () => {
  const id = fc.option(fc.constantFrom('a', 'b', 'c', ''), { nil: undefined });
  it('keeps what the upstream loop keeps, for any list of people', () => {
    fc.assert(fc.property(fc.array(fc.record({ userId: id, openDingTalkId: id }, { requiredKeys: [] }), { maxLength: 8 }), (users) => {
      expect(apply([{ unique_by_any: ['userId', 'openDingTalkId'] }], users)).toEqual(resolveUsersDedupe(users));
    }), { numRuns: 300 });
  });
  it('dotted keys read inside; each key its own seen set; a null or non-text value never counts', () => {
    expect(apply([{ unique_by_any: ['s.u', 's.o'] }], [{ s: { u: 'x' } }, { s: { o: 'x' } }, { s: { u: 'x', o: 'y' } }, { s: null }, { s: { u: 5 } }, { s: { u: 5 } }]))
      .toEqual([{ s: { u: 'x' } }, { s: { o: 'x' } }, { s: null }, { s: { u: 5 } }, { s: { u: 5 } }]);
  });
  it('its argument is checked at build', () => {
    expect(transformArgProblem({ unique_by_any: [] })).toBeDefined();
    expect(transformArgProblem({ unique_by_any: 'userId' } as unknown as Transform)).toBeDefined();
    expect(transformArgProblem({ unique_by_any: ['userId', ''] })).toBeDefined();
    expect(transformArgProblem({ unique_by_any: ['userId', 'openDingTalkId'] })).toBeUndefined();
  });
});

/** upstream shortcutOverdueDueTime's text branch (smart/overdue.go:121-155@c7521c1c) as a model: trimmed digits above 0. */
function dueFromText(text: string): number | undefined {
  const s = goTrim(text);
  if (s === '') return undefined;
  let n = 0;
  let neg = false;
  for (const [i, c] of [...s].entries()) {
    if (i === 0 && c === '-') { neg = true; continue; }
    if (c < '0' || c > '9') return undefined;
    n = n * 10 + Number(c);
  }
  return n > 0 && !neg ? n : undefined;
}

describe('todo +created-todos reads every page as shortcutListAllTodoCards (todo_shared.go:39-60, todo_done.go:148-193@c7521c1c)', () => {
  it('a page of 20 holding a non-object is short and ends the read; dueTime, subject and taskId as upstream reads them', async () => {
    const cards = [...Array.from({ length: 19 }, (_, i) => ({ taskId: i + 0.5, subject: `s${i}`, dueTime: ' 17 ' })), 'x'];
    outputs.answersInTurn('todo/get_user_todos_in_current_org', { todoCards: null, result: { todoCards: cards } }, { todoCards: [] });
    const run = await outputs.sent(['todo', '+created-todos']);
    expect(run.calls).toEqual([['todo/get_user_todos_in_current_org', { pageSize: '20', roleTypes: ['creator'], pageNum: '1' }]]);
    const created = (run.printed as { created: unknown[] }).created;
    expect(created).toHaveLength(19);
    expect(created.slice(0, 2)).toEqual([{ dueTime: 17, subject: 's0', taskId: '0' }, { dueTime: 17, subject: 's1', taskId: '2' }]);
  });
  it('a text due time counts as upstream\'s digit loop reads it, for any text', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom('0', '1', '7', '-', '+', ' ', 'a', '\u3000'), { maxLength: 5 }).map((p) => p.join('')), async (due) => {
      outputs.answer('todo/get_user_todos_in_current_org', { todoCards: [{ taskId: 't', dueTime: due, gmtDue: 3 }] });
      const run = await outputs.sent(['todo', '+created-todos']);
      expect((run.printed as { created: unknown[] }).created).toEqual([{ dueTime: dueFromText(due) ?? 3, subject: '', taskId: 't' }]);
    }), { numRuns: 25 });
  });
});

describe('todo +assign reads --due only when typed, as time.Parse(time.RFC3339) (smart/assign.go:81-89, remind.go:113-119@c7521c1c)', () => {
  it('a typed blank, a lower-case t or z are refused after the name is resolved; a comma fraction is read', async () => {
    outputs.answer('contact/search_contact_by_key_word', person('u1', undefined, '张三'));
    for (const due of ['', '2026-03-10t18:00:00Z', '2026-03-10T18:00:00z']) {
      const run = await outputs.sent(['todo', '+assign', '--to', ' 张三 ', '--task', '周报', '--due', due, '--yes']);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls.map(([tool]) => tool)).toEqual(['contact/search_contact_by_key_word']);
    }
    const run = await outputs.sent(['todo', '+assign', '--to', '张三', '--task', ' 周报 ', '--due', ' 2026-03-10T18:00:00,5Z ', '--yes']);
    expect(run.calls.at(-1)).toEqual(['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: '周报', executorIds: ['u1'], dueTime: 1773165600500 } }]);
  });
});

describe('attendance group search folds its page spellings as intFlagOrFallback (attendance.go:1700-1714, :141-176@c7521c1c)', () => {
  it('a non-zero primary wins even when not positive (then the default); a zero one yields to the alias', async () => {
    expect(await outputs.argsOf(['attendance', 'group', 'search', '--page', '-3', '--page-index', '5', '--limit', '0', '--size', '7'])).toEqual([
      { param: { queryPositionAndWifiNames: false, queryBleDeviceList: false }, pageQuery: { pageIndex: 1, pageSize: 7 } },
    ]);
    expect(await outputs.argsOf(['attendance', 'group', 'search', '--page', '0', '--page-index', '5', '--limit', '0x10', '--query-position=false'])).toEqual([
      { param: { queryPositionAndWifiNames: false }, pageQuery: { pageIndex: 5, pageSize: 16 } },
    ]);
  });
});

describe('wiki +node-search sends its flags as the body reads them (wiki/nodes.go:55-75, common.go:103-163@c7521c1c)', () => {
  it('pflag\'s CSV list as typed (a blank element kept), a negative size sent, a typed blank cursor sent; the later cursor spelling wins', async () => {
    outputs.answer('doc/search_documents', { result: { docs: [{ id: null, dentryUuid: 'd', title: 'T' }], nextCursor: 'a', pageToken: 'b', hasMore: null } });
    const run = await outputs.sent(['wiki', '+node-search', '--workspace', ' W ', '--query', 'q', '--limit', '-3', '--extensions', ' a,"b,c",', '--cursor', ' ']);
    expect(run.calls).toEqual([['doc/search_documents', { extensions: [' a', 'b,c', ''], keyword: 'q', pageSize: -3, pageToken: '', workspaceIds: ['W'] }]]);
    expect(run.printed).toEqual({ count: 1, nextCursor: 'b', nodes: [{ name: 'T', nodeId: 'd' }] });
  });
});

describe('contact +org sends the first deptId shortcutOrgToInt64 reads, as an integer (smart/org.go:112-179@c7521c1c)', () => {
  it('a padded text is passed over, a signed one read; a float truncated toward zero', async () => {
    outputs.answer('contact/search_contact_by_key_word', person('u1', undefined, '张三'));
    outputs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { depts: [{ deptId: ' 5' }, { deptId: '+7' }] } }] });
    expect((await outputs.sent(['contact', '+org', '--name', '张三'])).calls.at(-1)).toEqual(['contact/get_dept_info_by_dept_id', { deptId: 7 }]);
    outputs.answer('contact/get_user_info_by_user_ids', { orgEmployeeModel: { depts: [{ deptId: -7.9 }] } });
    expect((await outputs.sent(['contact', '+org', '--name', '张三'])).calls.at(-1)).toEqual(['contact/get_dept_info_by_dept_id', { deptId: -7 }]);
  });
});

describe('chat message combine-forward reads --msg-ids as parseCSVValues (chat.go:8218-8230@c7521c1c)', () => {
  const listText = fc.oneof(
    fc.array(fc.constantFrom('m1', ' m2 ', ',', '"q"', "'s'", '[', ']', ' ', '1'), { minLength: 1, maxLength: 6 }).map((p) => p.join('')),
    fc.array(fc.constantFrom('a', ' b ', '', '"c"'), { maxLength: 4 }).map((a) => JSON.stringify(a)),
  );
  it('a JSON or comma list, quotes stripped, blanks dropped; a blank text sent as null; the ids as typed', async () => {
    await fc.assert(fc.asyncProperty(listText, async (ids) => {
      const run = await outputs.sent(['chat', 'message', 'combine-forward', '--src-conversation-id', ' s ', '--msg-ids', ids, '--dest-conversation-id', 'd']);
      expect(run.calls).toEqual([['im/combine_forward_messages', { srcOpenCid: ' s ', srcOpenMessageIds: parseCSVValues(ids), destOpenCid: 'd' }]]);
    }), { numRuns: 30 });
  });
});

describe('sheet filter-view get-criteria reads the view as runFilterViewGetCriteria (sheet_filter_view.go:118-162@c7521c1c)', () => {
  it('a criterion key holding null prints null; criteria that are not an object are refused; --column is pflag Int', async () => {
    outputs.answer('sheet/get_filter_views', { result: { filterViews: ['x', { id: 5, filterViewId: 'F', criteria: { 0: null, 1: { a: 1 } } }] } });
    expect((await outputs.sent(['sheet', 'filter-view', 'get-criteria', '--filter-view-id', 'F'])).printed).toBeNull();
    expect((await outputs.sent(['sheet', 'filter-view', 'get-criteria', '--filter-view-id', 'F', '--column', '0x1'])).printed).toEqual({ a: 1 });
    outputs.answer('sheet/get_filter_views', { filterViews: [{ id: 'F', criteria: [1] }] });
    expect((await outputs.sent(['sheet', 'filter-view', 'get-criteria', '--filter-view-id', 'F'])).reason).toBe('invalid_parameter');
    expect((await outputs.sent(['sheet', 'filter-view', 'list-criteria', '--filter-view-id', 'F'])).printed).toEqual({});
  });
});

describe('calendar +free-slots checks the window before its one read (smart/free_slots.go:88-101@c7521c1c)', () => {
  it('--from 0 --to 24 is the whole day as one free slot; from not before to is refused with no call', async () => {
    outputs.answer('calendar/list_calendar_events', { result: { events: [] } });
    const run = await outputs.sent(['calendar', '+free-slots', '--from', '0', '--to', '24']);
    expect(run.printed).toMatchObject({ window: '00:00-24:00', slotCount: 1, allBusy: false, freeSlots: [{ start: '00:00', durationMin: 1440 }] });
    const refused = await outputs.sent(['calendar', '+free-slots', '--from', '0x10', '--to', '020']);
    expect(refused.reason).toBe('invalid_parameter');
    expect(refused.calls).toEqual([]);
  });
});
