// Session 52 helper a2, second-reading audit of seed 20261438 (issue 32, notes/h52-a2.md). One drawn command differed
// from upstream's body at c7521c1c: chat message search-advanced with conversation ids read each conversation
// (get_conversation_info) before refusing an unreadable --start/--end or a bad --page-limit/--max-items/--page-delay,
// where upstream builds the arguments and reads the paging options first (chat.go:4241-4247, :981-994, :524-533,
// paged_command.go:97-116@c7521c1c), so a bad time or paging option is refused before any call. The other tests hold
// readings the audit checked, each run as a user types it against the recording backend on 127.0.0.1, so that a later
// change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h52a2-');

describe('chat message search-advanced refuses bad input before it reads the conversations (helpers/chat.go:4241-4247, :524-533@c7521c1c)', () => {
  const scopes = [['--conversation-ids', 'cid1'], ['--groups', 'cid1,cid2'], ['--group', ' cid1 ']];
  const badTimes = ['bad', '2026-13-01', '2026-04-01T25:00:00+08:00', '1_0', '12345', 'tomorrow'];

  it('an unreadable --start or --end with conversation ids is refused with no call at all', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom(...scopes), fc.constantFrom('--start', '--end'), fc.constantFrom(...badTimes), async (scope, flag, time) => {
      const run = await outputs.sent(['chat', 'message', 'search-advanced', '--query', 'q', ...scope, flag, time]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }), { numRuns: 24 });
  });

  it('with --page-all, a --page-limit outside 1-500 or a negative --max-items/--page-delay is refused before any call', async () => {
    const bad: string[][] = [['--page-limit', '0'], ['--page-limit', '501'], ['--page-limit', '-3'], ['--max-items', '-1'], ['--page-delay', '-5']];
    for (const scope of scopes) {
      for (const opt of bad) {
        const run = await outputs.sent(['chat', 'message', 'search-advanced', '--query', 'q', ...scope, '--page-all', ...opt]);
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      }
    }
  });

  it('sibling chat message search: a negative --max-items with --page-all and a group is refused before the group is read (paged_command.go:107-110@c7521c1c)', async () => {
    for (const group of [['--conversation-id', 'cid1'], ['--group', ' cid1 ']]) {
      const run = await outputs.sent(['chat', 'message', 'search', '--query', 'q', ...group, '--page-all', '--max-items', '-1']);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
    outputs.answer('chat/get_conversation_info', { result: { openConversationId: 'cid1' } });
    outputs.answer('chat/search_messages_by_keyword', { result: { conversationMessagesList: [], hasMore: false } });
    const ok = await outputs.sent(['chat', 'message', 'search', '--query', 'q', '--conversation-id', 'cid1', '--page-all', '--max-items', '0',
      '--start', '2026-04-01', '--end', '2026-04-02']);
    expect(ok.calls.map(([tool]) => tool)).toEqual(['chat/get_conversation_info', 'chat/search_messages_by_keyword']);
  });

  it('readable times are sent in epoch ms after the conversations are read; the scoped scan drops the ids and asks from cursor 0', async () => {
    outputs.answer('chat/get_conversation_info', { result: { openConversationId: 'cid1' } });
    outputs.answer('im/search_messages', { result: { conversationMessagesList: [], hasMore: false } });
    const run = await outputs.sent(['chat', 'message', 'search-advanced', '--conversation-ids', 'cid1',
      '--start', '2026-04-01', '--end', '2026-04-02T10:00:00+08:00', '--query', 'q']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['chat/get_conversation_info', { openConversationId: 'cid1' }],
      ['im/search_messages', { keyword: 'q', startTime: Date.UTC(2026, 2, 31, 16), endTime: Date.UTC(2026, 3, 2, 2), cursor: '0', limit: 100 }],
    ]);
  });

  it('without conversation ids nothing changes: the first non-empty of --users/--user/--userId is the sender list, --size 0 typed sends no limit', async () => {
    const run = await outputs.sent(['chat', 'message', 'search-advanced', '--users', ' ', '--user', 'u9', '--senders', 'b,"c"',
      '--keyword', ' k ', '--only-robot=false', '--size', '0', '--limit', '5']);
    expect(run.calls).toEqual([['im/search_messages', { keyword: ' k ', senderUserIds: ['b', 'c'], onlyRobotMessages: false, cursor: '0' }]]);
  });
});

/** shortcutOverdueDueTime (smart/overdue.go:120-160@c7521c1c): the first of dueTime/planFinishDate/gmtDue that is a positive number (truncated) or a trimmed text of digits (an optional leading '-' makes it unreadable); anything else passes to the next key. */
function overdueDue(card: Record<string, unknown>): number | undefined {
  for (const key of ['dueTime', 'planFinishDate', 'gmtDue']) {
    const v = card[key];
    if (typeof v === 'number' && v > 0) return Math.trunc(v);
    if (typeof v === 'string') {
      const s = goTrim(v);
      if (/^[0-9]+$/.test(s) && Number(s) > 0) return Number(s);
    }
  }
  return undefined;
}

/** shortcutOverdueIsDone (overdue.go:165-190): isDone true or "true" in any case, done true, or a finished status stage. */
function overdueDone(card: Record<string, unknown>): boolean {
  const isDone = card.isDone;
  if (isDone === true || (typeof isDone === 'string' && goTrim(isDone).toLowerCase() === 'true')) return true;
  if (card.done === true) return true;
  return ['finalStatusStage', 'statusStage', 'status'].some((k) => typeof card[k] === 'string'
    && ['DONE', 'FINISHED', 'COMPLETED', 'COMPLETE'].includes(goTrim(card[k] as string).toUpperCase()));
}

describe('todo +overdue keeps the cards due before now and not finished, as upstream reads them (smart/overdue.go:82-190@c7521c1c)', () => {
  const now = new Date(Date.UTC(2026, 5, 1));
  const nowMs = now.getTime();
  const due = fc.constantFrom<unknown>(undefined, null, 0, -5, 1.9, nowMs - 1, nowMs, nowMs + 1, ' 1700000000000 ', '-5', '-', '', ' ', '+5', '12a', '\u00857\u0085', 'x', true, [1], { v: 1 });
  const card = fc.record({
    dueTime: due, planFinishDate: due, gmtDue: due,
    isDone: fc.constantFrom<unknown>(undefined, true, false, 'true', ' TRUE ', 'yes', 1),
    done: fc.constantFrom<unknown>(undefined, true, 'true'),
    status: fc.constantFrom<unknown>(undefined, 'done', ' Finished ', 'open', 'COMPLETE', 3),
    subject: fc.constantFrom<unknown>('s', 7, undefined),
    taskId: fc.constantFrom<unknown>('t1', 42, 2.5, true, undefined),
  }, { requiredKeys: [] });

  it('each kept card is {dueTime, subject, taskId} in page order; a card without a due time, due later or finished is left out', async () => {
    await fc.assert(fc.asyncProperty(fc.array(card, { maxLength: 6 }), async (cards) => {
      outputs.answer('todo/get_user_todos_in_current_org', { result: { todoCards: cards } });
      const run = await outputs.sent(['todo', '+overdue'], undefined, now);
      const expected = cards.flatMap((c) => {
        const d = overdueDue(c);
        if (d === undefined || d >= nowMs || overdueDone(c)) return [];
        const id = c.taskId;
        const taskId = typeof id === 'string' ? id : typeof id === 'number' ? (id === 2.5 ? '2' : String(id)) : '';
        return [{ dueTime: d, subject: typeof c.subject === 'string' ? c.subject : '', taskId }];
      });
      expect(run.calls).toEqual([['todo/get_user_todos_in_current_org', { pageNum: '1', pageSize: '20', roleTypes: ['executor'] }]]);
      expect(run.printed).toEqual({ overdue: expected });
    }), { numRuns: 40 });
  });
});

/** wikiStringInt (wiki/common.go:231-242@c7521c1c) over rt.Str: Go-trimmed; blank -> the default; else strconv.Atoi, 1-20. */
function spaceSearchLimit(raw: string): number | 'refused' {
  const s = goTrim(raw);
  if (s === '') return 10;
  if (!/^[+-]?[0-9]+$/.test(s)) return 'refused';
  const n = Number(s);
  return n >= 1 && n <= 20 ? n : 'refused';
}

describe('wiki +space-search reads --limit as wikiStringInt does (shortcut/wiki/wiki.go:55-75, common.go:231-242@c7521c1c)', () => {
  it('a padded, signed or zero-led integer 1-20 is sent as a number; blank is 10; anything else is refused before the call', async () => {
    outputs.answer('wiki/search_wikiSpaces', { result: { spaces: [] } });
    const part = fc.constantFrom('0', '1', '5', '010', '20', '21', '+7', '-0', '-3', '0x5', '1_0', '1e1', '5.0', ' ', '', '\u3000', '\u0085', '\ufeff', '\t');
    await fc.assert(fc.asyncProperty(fc.array(part, { maxLength: 3 }), async (parts) => {
      const raw = parts.join('');
      const run = await outputs.sent(['wiki', '+space-search', '--query', ' 产品 ', `--limit=${raw}`]);
      const want = spaceSearchLimit(raw);
      if (want === 'refused') {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toEqual([['wiki/search_wikiSpaces', { keyword: '产品', pageSize: want }]]);
      }
    }), { numRuns: 60 });
  });
});

describe('minutes hot-word delete sends --words as parseCSVValues reads it (helpers/minutes.go:1346-1357, contact.go:20-45@c7521c1c)', () => {
  it('JSON or comma lists, quotes stripped, blanks left out; a blank-only value sends null', async () => {
    const part = fc.constantFrom('a', ' b ', '"c"', "'d'", '', ' ', '[', ']', '"', '钉钉', '\u00a0');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), fc.boolean(), async (parts, json) => {
      const raw = json ? JSON.stringify(parts) : parts.join(',');
      if (raw === '') return;
      const run = await outputs.sent(['minutes', 'hot-word', 'delete', '--words', raw]);
      expect(run.calls).toEqual([['minutes/delete_personal_hotword', { hotWordList: parseCSVValues(raw) }]]);
    }), { numRuns: 50 });
  });
});

/** strconv.ParseInt(s, 10, 64) of the flag as typed: the number, or undefined when Go refuses it. */
function parseInt10(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n >= -(2n ** 63n) && n < 2n ** 63n && n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : undefined;
}

describe('oa approval forecast-process reads --dept-id as strconv.ParseInt base 10, untrimmed (helpers/oa.go:1097-1117@c7521c1c)', () => {
  it('a decimal int64 is sent as a number with the form values as a name/value list; any other spelling is refused before the call', async () => {
    const part = fc.constantFrom('-', '+', '0', '1', '7', ' ', '_', 'x', 'e', '\u00a0');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), async (parts) => {
      const dept = parts.join('');
      const run = await outputs.sent(['oa', 'approval', 'forecast-process', '--process-code', ' P ', `--dept-id=${dept}`, '--form-values', '{"金额":"100","b":null}']);
      const want = parseInt10(dept);
      if (want === undefined) {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toEqual([['oa/forecast_process', { ProcessForecastPopRequest: { processCode: ' P ', deptId: want,
          formComponentValues: [[{ name: '金额', value: '100' }, { name: 'b', value: '' }]] } }]]);
      }
    }), { numRuns: 50 });
  });
});

describe('calendar room search times as upstream reads them against the clock (helpers/calendar.go:1066-1131@c7521c1c)', () => {
  const now = new Date(Date.UTC(2026, 5, 1, 2, 0, 30, 500));
  const plusMinute = Date.UTC(2026, 5, 1, 2, 1, 30);
  it('a past RFC 3339 --start becomes now+1min in whole seconds; a padded one is not RFC 3339 to time.Parse and is sent as read', async () => {
    outputs.answer('calendar/query_available_meeting_room', { result: { rooms: [] } });
    const corrected = await outputs.sent(['calendar', 'room', 'search', '--start', '2020-01-01T00:00:00Z', '--end', '2026-06-01T12:00:00+08:00'], undefined, now);
    expect(corrected.calls).toEqual([['calendar/query_available_meeting_room', { startTime: plusMinute, endTime: Date.UTC(2026, 5, 1, 4) }]]);
    const padded = await outputs.sent(['calendar', 'room', 'search', '--start', ' 2020-01-01T00:00:00Z', '--end', '2026-06-01T12:00:00+08:00',
      '--limit', ' 20 ', '--page-no', '0x1', '--group-id', ' g ', '--roomName', ' 永 '], undefined, now);
    expect(padded.calls).toEqual([['calendar/query_available_meeting_room', { startTime: Date.UTC(2020, 0, 1), endTime: Date.UTC(2026, 5, 1, 4),
      groupId: ' g ', roomName: '永', pageSize: ' 20 ', pageIndex: '0x1' }]]);
  });

  it('a past RFC 3339 --end is refused before the call; without times the window is now+1min to now+1h in whole seconds', async () => {
    const past = await outputs.sent(['calendar', 'room', 'search', '--end', '2026-06-01T01:00:00Z'], undefined, now);
    expect(past.reason).toBe('invalid_parameter');
    expect(past.calls).toEqual([]);
    outputs.answer('calendar/query_available_meeting_room', { result: { rooms: [] } });
    const bare = await outputs.sent(['calendar', 'room', 'search', '--room-name', ' ', '--name', 'X'], undefined, now);
    expect(bare.calls).toEqual([['calendar/query_available_meeting_room', { startTime: plusMinute, endTime: Date.UTC(2026, 5, 1, 3, 0, 30) }]]);
  });
});

describe('ding message send builds its arguments as upstream (helpers/ding.go:54-83@c7521c1c)', () => {
  it('receivers split on commas and trimmed (blank-only: null), the remind type by exact name (else app), the rest as typed', async () => {
    const cases: [string, string, unknown, number][] = [
      [' , ,', 'SMS', null, 1], ['a, b,,c ', 'call', ['a', 'b', 'c'], 3], ['x', ' sms', ['x'], 1], ['x', 'sms', ['x'], 2], ['x', '', ['x'], 1],
    ];
    for (const [users, type, list, remind] of cases) {
      const run = await outputs.sent(['ding', 'message', 'send', '--robot-code', ' r ', '--users', users, '--content', ' c ', '--type', type, '--yes']);
      expect(run.calls).toEqual([['ding/send_ding_message', { robotCode: ' r ', remindType: remind, receiverUserIdList: list, content: ' c ' }]]);
    }
  });
});

describe('mail +search-mail picks the mailbox and projects the hits as upstream (smart/search_mail.go:86-250@c7521c1c)', () => {
  it('the first address found in the account lists, then in plain text lists; hits from the first list key, one level inside', async () => {
    outputs.answer('mail/list_user_mailboxes', { emailAccounts: [], data: { items: ['', 'd@x'] } });
    outputs.answer('mail/search_emails', { result: { items: [] }, messages: [{ title: 't', from: { displayName: 'D', address: '' }, sentDate: '', receivedDate: 0, mailId: 'm' }, 'x', { subject: 's', from: {}, fromEmail: 'f@x', date: null }] });
    const run = await outputs.sent(['mail', '+search-mail', '--query', ' subject:周报 ', '--size', ' ']);
    expect(run.calls).toEqual([['mail/list_user_mailboxes', {}], ['mail/search_emails', { email: 'd@x', query: 'subject:周报', size: '20' }]]);
    expect(run.printed).toEqual({ email: 'd@x', messages: [
      { subject: 't', from: 'D', date: 0, messageId: 'm' },
      { subject: 's', from: 'f@x', date: null, messageId: '' },
    ] });
  });
});

describe('aitable view update group wraps an object and keeps null (helpers/aitable.go:1057-1075, :585-640@c7521c1c)', () => {
  it('an object is sent as a one-item list, null as null, a list as it is; a text or number is refused before the call', async () => {
    const base = ['aitable', 'view', 'update', 'group', '--base', ' b ', '--table-id', 't', '--view-id', 'v', '--json'];
    for (const [json, group] of [['{"fieldId":"f"}', [{ fieldId: 'f' }]], ['null', null], ['[]', []]] as const) {
      const run = await outputs.sent([...base, json]);
      expect(run.calls).toEqual([['aitable/update_view', { baseId: ' b ', tableId: 't', viewId: 'v', config: { group } }]]);
    }
    for (const json of ['"x"', '5', 'true']) {
      const run = await outputs.sent([...base, json]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
});

describe('sheet export-csv reads the render option and the answer as runSheetExportCsv does (helpers/sheet_export_csv.go:120-230@c7521c1c)', () => {
  it('the option lowered and trimmed (blank left out), annotateRowNumbers false; a cut CSV is refused unless --allow-truncated', async () => {
    outputs.answer('sheet/get_range_as_csv', { result: { csv: 'a,b\n', hasMore: 'yes' } });
    const run = await outputs.sent(['sheet', 'export-csv', '--node', ' n ', '--sheet-id', ' ', '--range', '', '--value-render-option', ' RAW_Value ']);
    expect(run.calls).toEqual([['sheet/get_range_as_csv', { nodeId: ' n ', annotateRowNumbers: false, sheetId: ' ', valueRenderOption: 'raw_value' }]]);
    expect(run.printed).toBe('a,b\n');
    outputs.answer('sheet/get_range_as_csv', { csv: 'a', hasMore: true });
    expect((await outputs.sent(['sheet', 'export-csv', '--node', 'n'])).reason).toBe('invalid_parameter');
    expect((await outputs.sent(['sheet', 'export-csv', '--node', 'n', '--allow-truncated'])).printed).toBe('a');
    for (const bad of [{ result: 'x', csv: 'a' }, { data: { csv: 'a' } }, { csv: null }]) {
      outputs.answer('sheet/get_range_as_csv', bad);
      expect((await outputs.sent(['sheet', 'export-csv', '--node', 'n'])).reason).toBe('backend_error');
    }
  });
});
