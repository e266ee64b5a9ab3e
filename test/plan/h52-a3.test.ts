// Session 52 helper a3, second-reading audit of seed 20261439 (issue 32, notes/h52-a3.md). Two drawn commands differed
// from upstream's bodies at c7521c1c and were fixed: chat message send-by-webhook printed an answer whose errcode is a
// negative zero, which upstream's `%v` writes "-0" and refuses (webhookErrcodeFailure, helpers/chat.go:1336-1353);
// calendar +conflicts (and its siblings +today/+tomorrow/+week/+next-event) told a blank title, id or location apart
// with JavaScript's trim, where upstream uses strings.TrimSpace (shortcut/smart/conflicts.go:118-121,
// next_event.go:180-198, calendar_shared.go:37). The other readings the audit checked are held here too, each run as a
// user types it against the recording backend on 127.0.0.1, so a later change that breaks one fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawText } from '../fixtures/mcp/server.js';
import { GO_SPACES, NOT_GO_SPACES, goTrim } from '../go-spaces.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h52a3-');
const { sent, argsOf } = outputs;

/**
 * Upstream's reading of a webhook answer {errcode: <literal>}: isBusinessError's isErrorCodeValue first (helpers.go:621-661:
 * a text trimmed other than "", 0, ok, success, succeed, or a number not 0 fails), then webhookErrcodeFailure
 * (chat.go:1336-1353): strings.TrimSpace(fmt.Sprintf("%v", errcode)) other than "", "0", "0.0" fails. Written out per
 * literal, as Go decodes it into an any (a float64, a string, nil, a bool, a map, a slice).
 */
const WEBHOOK_ERRCODES: [literal: string, sent: boolean][] = [
  ['0', true], ['0.0', true], ['0e5', true], ['-0', false], ['-0.0', false], ['-0e3', false],
  ['"0"', true], ['" 0 "', true], ['""', true], ['" "', true], ['"\\u00850\\u0085"', true],
  ['"0.0"', false], ['"-0"', false], ['"00"', false], ['null', false], ['false', false], ['true', false],
  ['{}', false], ['[]', false], ['1', false], ['300005', false], ['"x"', false],
];

describe('chat message send-by-webhook reads errcode as upstream does (chat.go:1336-1353, :3764-3769, helpers.go:621-661@c7521c1c)', () => {
  it('a negative zero errcode is `-0` to %v, so the send is refused; 0 and 0.0 are sent (each literal as Go decodes it)', async () => {
    for (const [literal, ok] of WEBHOOK_ERRCODES) {
      outputs.mcp.answers['send_message_by_custom_robot'] = () => rawText(`{"errcode": ${literal}, "errmsg": "m"}`);
      const run = await sent(['chat', 'message', 'send-by-webhook', '--token', 't', '--title', 't', '--text', 'x']);
      expect([literal, run.reason === undefined]).toEqual([literal, ok]);
      expect(run.calls.length).toBe(1);
    }
  });
  it('an answer without errcode, or that is not an object, is printed', async () => {
    for (const text of ['{"ok": 1}', '"sent"', '[1]']) {
      outputs.mcp.answers['send_message_by_custom_robot'] = () => rawText(text);
      expect((await sent(['chat', 'message', 'send-by-webhook', '--token', 't', '--title', 't', '--text', 'x'])).reason).toBeUndefined();
    }
  });
});

const EVENT_TIMES = { start: { dateTime: '2099-03-02T10:00:00+08:00' }, end: { dateTime: '2099-03-02T11:00:00+08:00' } };
const NOW = new Date('2099-03-02T01:00:00Z');

describe('the calendar day shortcuts tell a blank title, id and location apart by strings.TrimSpace (conflicts.go:118-121, next_event.go:180-198, calendar_shared.go:37@c7521c1c)', () => {
  const piece = fc.constantFrom('', ' ', 'T', ...GO_SPACES.slice(5, 9), ...NOT_GO_SPACES);
  it('+conflicts: a summary blank to Go is "(无标题)", one holding U+FEFF is kept (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 3 }), async (parts) => {
      const summary = parts.join('');
      outputs.mcp.answers['list_calendar_events'] = () => ({ result: { events: [{ summary, ...EVENT_TIMES }, { summary: 'B', ...EVENT_TIMES }] } });
      const run = await sent(['calendar', '+conflicts'], undefined, NOW);
      const label = goTrim(summary) === '' ? '(无标题)' : summary;
      expect((run.printed as { conflicts: { a: string }[] }).conflicts.map((c) => c.a)).toEqual([`${label}（10:00-11:00）`]);
    }), { numRuns: 25, examples: [[['\u0085']], [['\ufeff']], [[' ', '\u3000']]] });
  });
  it('+today: an id blank to Go drops the event, an id of U+FEFF keeps it; a location blank to Go is left out', async () => {
    outputs.mcp.answers['list_calendar_events'] = () => ({ result: { events: [
      { id: '\u0085', summary: 'A', ...EVENT_TIMES },
      { id: '\ufeff', summary: '\u0085', location: '\u2000', ...EVENT_TIMES },
      { id: 'e3', summary: '\ufeff', location: '\ufeff', ...EVENT_TIMES },
    ] } });
    const run = await sent(['calendar', '+today'], undefined, NOW);
    expect(run.printed).toEqual({ events: [
      { title: '(无标题)', eventId: '\ufeff', start: '2099-03-02 10:00', end: '2099-03-02 11:00' },
      { title: '\ufeff', eventId: 'e3', start: '2099-03-02 10:00', end: '2099-03-02 11:00', location: '\ufeff' },
    ] });
  });
});

describe('readings that already matched (held so a regression fails)', () => {
  it('chat +flag-cancel: --message-ids as pflag reads it, each trimmed, blanks and repeats dropped, then --message-id; 1-10 or refused', async () => {
    expect(await argsOf(['chat', '+flag-cancel', '--conversation-id', ' c ', '--message-ids', ' b,a ,, b,"x,y"', '--message-id', 'a', '--yes']))
      .toEqual([{ openConversationId: 'c', openMessageId: 'b' }, { openConversationId: 'c', openMessageId: 'a' }, { openConversationId: 'c', openMessageId: 'x,y' }]);
    expect(await argsOf(['chat', '+flag-cancel', '--conversation-id', 'c', '--message-ids', '1,2,3,4,5,6,7,8,9,10,11', '--yes'])).toBe('invalid_parameter');
  });
  it('chat +messages-list-direct: --size typed wins over --limit (IntFirst), pflag Int spellings; time and user trimmed', async () => {
    outputs.mcp.answers['list_individual_chat_message'] = () => ({ messages: [], hasMore: false });
    expect(await argsOf(['chat', '+messages-list-direct', '--user', ' u ', '--time', ' t ', '--limit', '5', '--size', '0x10']))
      .toEqual([{ time: 't', forward: true, userId: 'u', limit: 16 }]);
    expect(await argsOf(['chat', '+messages-list-direct', '--user', 'u', '--time', 't', '--forward=false', '--limit', '010']))
      .toEqual([{ time: 't', forward: false, userId: 'u', limit: 8 }]);
    expect(await argsOf(['chat', '+messages-list-direct', '--user', 'u', '--time', 't', '--limit', '0'])).toBe('invalid_parameter');
  });
  it('chat +messages-query-send-status: the task id trimmed; ids found nested under result/data/.../message and in lists', async () => {
    outputs.mcp.answers['query_message_send_status'] = () => ({ taskId: ' T9 ', result: [{ x: 1 }, { data: { msgId: ' m ' } }], message: { openCid: 'c1' } });
    const run = await sent(['chat', '+messages-query-send-status', '--open-task-id', ' t1 ']);
    expect(run.calls).toEqual([['im/query_message_send_status', { openTaskId: 't1' }]]);
    expect(run.printed).toMatchObject({ openTaskId: 'T9', messageRef: { openMessageId: 'm', openConversationId: 'c1' }, readyForMessageActions: true });
  });
  it('todo +get-my-tasks: priorities Atoi reads (untrimmed parts), role types as typed, page/size trimmed texts', async () => {
    outputs.mcp.answers['get_user_todos_in_current_org'] = () => ({ result: { todoCards: [{ subject: 's', x: 1 }, { y: 2 }, { taskId: null }] } });
    const run = await sent(['todo', '+get-my-tasks', '--page', ' 2 ', '--size', '', '--priority', ' 10,20,x,0x10,+30', '--role-types', 'creator, participant',
      '--plan-finish-start', '0x10']);
    expect(run.calls).toEqual([['todo/get_user_todos_in_current_org', { pageNum: '2', pageSize: '', planFinishDateStart: 16, priorityList: [20, 30],
      roleTypes: ['creator', ' participant'] }]]);
    expect(run.printed).toEqual({ count: 2, todos: [{ subject: 's' }, { taskId: null }] });
  });
  it('attendance approve list: types mapped after lower-casing, lists of nothing sent as null, dates as local midnight texts', async () => {
    expect(await argsOf(['attendance', 'approve', 'list', '--users', ',', '--types', 'Overtime, 请假,TRAVEL', '--from', '2099-04-01', '--to', '2099-04-30']))
      .toEqual([{ QueryUserApproveRequest: { userIds: null, bizTypes: [1, 3, 2], fromDate: '2099-04-01 00:00:00', toDate: '2099-04-30 00:00:00' } }]);
    expect(await argsOf(['attendance', 'approve', 'list', '--users', 'a', '--types', 'leave', '--start', '2099-02-30', '--end', '2099-04-30'])).toBe('invalid_parameter');
  });
  it('wiki space search: only a --type of exactly myWikiSpace lists My Docs; --limit sent as typed', async () => {
    expect(await argsOf(['wiki', 'space', 'search', '--type', 'myWikiSpace', '--limit', '3'])).toEqual([{ wikiSpaceType: 'myWikiSpace' }]);
    expect(await argsOf(['wiki', 'space', 'search', '--type', 'mywikispace', '--query', '', '--keyword', 'k', '--limit', ' 5 '])).toEqual([{ keyword: 'k', pageSize: ' 5 ' }]);
  });
  it('chat mark-unread and calendar attendee list read their spellings in upstream\'s flagOrFallback order', async () => {
    expect(await argsOf(['chat', 'mark-unread', '--id', 'a', '--chat', 'b'])).toEqual([{ openConversationId: 'a' }]);
    expect(await argsOf(['chat', 'mark-unread', '--conversation-id', ' ', '--id', 'b'])).toEqual([{ openConversationId: ' ' }]);
    expect(await argsOf(['calendar', 'attendee', 'list', '--event-id', 'a', '--id', 'b', '--calendar-id', '', '--calendar', 'c']))
      .toEqual([{ eventId: 'b', calendarId: 'c' }]);
  });
  it('todo task add-participant: Go spaces only send null (nil slice), commas only send []', async () => {
    expect(await argsOf(['todo', 'task', 'add-participant', '--task-id', 't', '--participants', '\u0085 '])).toEqual([{ todoParticipantsAddRequest: { taskId: 't', participantIds: null } }]);
    expect(await argsOf(['todo', 'task', 'add-participant', '--task-id', 't', '--participants', ','])).toEqual([{ todoParticipantsAddRequest: { taskId: 't', participantIds: [] } }]);
  });
  it('drive shortcut: a purely numeric --folder (Go-trimmed) is refused, a blank one sent as typed', async () => {
    expect(await argsOf(['drive', 'shortcut', '--node', 'n', '--folder', '\u0085123 '])).toBe('invalid_parameter');
    expect(await argsOf(['drive', 'shortcut', '--url', 'u', '--folder', ' ', '--workspace', ''])).toEqual([{ nodeId: 'u', targetFolderId: ' ' }]);
  });
});
