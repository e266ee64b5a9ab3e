// Session 48 second reading, helper a3 (issue 32, seed 20261426, notes/h48-a3.md): the drawn command that differed
// from upstream's body at c7521c1c (doc +fetch --query) and the readings of the others that matter most, each run as
// a user types it against the recording backend on 127.0.0.1, so that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h48a3-');

describe('doc +fetch --query: the search rows are under the first of documents/nodes/items/list/records/result/data holding a list or an object (extractRows, docresolver/resolver.go:193-210@c7521c1c)', () => {
  const { sent, answer } = outputs;
  it('an object under an earlier key ends the search even when it holds no list: its rows are none, so nothing matches', async () => {
    // extractRows returns a non-nil []any{} for an object without rows (:209), and `rows != nil` (:203) takes it
    answer('doc/search_documents', { result: { total: 1 }, data: { items: [{ nodeId: 'n1', name: 'q' }] } });
    const run = await sent(['doc', '+fetch', '--query', 'q']);
    expect(run).toMatchObject({ reason: 'not_found', calls: [['doc/search_documents', { keyword: 'q', pageSize: 30 }]] });
  });
  it('the object is read down to any depth; the first object key decides, a null or text value is passed over', async () => {
    answer('doc/search_documents', { items: null, list: 'x', result: { data: { records: [{ nodeId: 'n2', name: 'Q' }] } }, data: { items: [{ nodeId: 'n3', name: 'q' }] } });
    const run = await sent(['doc', '+fetch', '--query', ' q ']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['doc/search_documents', { keyword: 'q', pageSize: 30 }],
      ['doc/get_document_content', { nodeId: 'n2', format: 'markdown' }],
    ]);
    expect(run.printed).toMatchObject({ target: { canonicalId: 'n2', name: 'Q', product: 'doc' } });
  });
  it('a list directly under a key still wins over a later object', async () => {
    answer('doc/search_documents', { records: [{ docId: 'n4', title: 'q' }], result: { items: [{ nodeId: 'n5', name: 'q' }] } });
    const run = await sent(['doc', '+fetch', '--query', 'q']);
    expect(run.calls.at(-1)).toEqual(['doc/get_document_content', { nodeId: 'n4', format: 'markdown' }]);
  });
});

const listText = fc.array(fc.constantFrom('a', 'b c', ' ', '', '"q"', "'s'", ',', '[', ']', '\u0085', 'x,y', '""'), { maxLength: 6 })
  .map((parts) => parts.join(''));
const listOrJson = fc.oneof(listText, fc.array(fc.constantFrom('a', ' b ', '', '"c"', "'d'"), { maxLength: 4 }).map((a) => JSON.stringify(a)));

describe('chat message list-emotion-replies reads --msg-ids as parseCSVValues (helpers/chat.go, list-emotion-replies RunE; contact.go:20-45@c7521c1c)', () => {
  it('for any comma or JSON list text the ids are the model\'s (a blank text null, only commas [])', async () => {
    await fc.assert(fc.asyncProperty(listOrJson, async (ids) => {
      fc.pre(ids !== '');
      const run = await outputs.sent(['chat', 'message', 'list-emotion-replies', '--msg-ids', ids]);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['im/list_message_emotion_replies', { openMessageIds: parseCSVValues(ids) }]]);
    }), { numRuns: 40 });
  });
  it('an empty --msg-ids is refused before any call (validateRequiredFlags reads it untrimmed)', async () => {
    expect(await outputs.sent(['chat', 'message', 'list-emotion-replies', '--msg-ids', ''])).toMatchObject({ reason: 'missing_parameter', calls: [] });
  });
});

/** Go's strconv.ParseFloat as the oa RunE uses it (error ignored): the value, 0 when it does not parse. */
const goParseFloatOrZero: Record<string, number> = { '16': 16, '0x1p4': 16, '1_0': 10, '0x_1p4': 16, '.5e1': 5, '+5.5': 5.5, '0x10': 0, ' 5': 0, '1__0': 0, abc: 0 };

describe('oa approval list-forms: cursor and pageSize are strconv.ParseFloat with the error ignored (helpers/oa.go list-forms RunE@c7521c1c)', () => {
  it('Go float spellings give Go\'s number, text Go cannot parse gives 0; defaults cursor 0 and pageSize 100', async () => {
    expect(await outputs.argsOf(['oa', 'approval', 'list-forms'])).toEqual([{ cursor: 0, pageSize: 100 }]);
    for (const [text, value] of Object.entries(goParseFloatOrZero)) {
      expect(await outputs.argsOf(['oa', 'approval', 'list-forms', '--cursor', text, '--limit', text])).toEqual([{ cursor: value, pageSize: value }]);
    }
  });
  it('--limit "" falls back to the hidden --size (default 100); a value Go reads as Inf or NaN cannot be marshalled, so nothing is sent', async () => {
    expect(await outputs.argsOf(['oa', 'approval', 'list-forms', '--limit', '', '--size', '1e3'])).toEqual([{ cursor: 0, pageSize: 1000 }]);
    expect(await outputs.argsOf(['oa', 'approval', 'list-forms', '--limit', '', '--cursor', ''])).toEqual([{ cursor: 0, pageSize: 100 }]);
    for (const bad of ['Inf', 'NaN', '1e400', '-infinity']) {
      expect(await outputs.sent(['oa', 'approval', 'list-forms', '--cursor', bad])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    }
  });
});

describe('minutes +action-items without --id picks the newest of my minutes (LatestTaskUUID, minutesdata/response.go:240-270@c7521c1c)', () => {
  const pick = async (items: unknown[]) => {
    outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: items } });
    outputs.answer('minutes/list_minutes_todos', { result: { actions: [] } });
    const run = await outputs.sent(['minutes', '+action-items']);
    return run.reason ?? run.calls.at(-1)?.[1];
  };
  it('the first of the greatest times wins; createTime, gmtCreate, startTime, createTimeStart in turn, numbers or numeric/RFC 3339 texts', async () => {
    expect(await pick([{ taskUuid: 'a', createTime: 5 }, { taskUuid: 'b', createTime: 5 }])).toEqual({ taskUuid: 'a' });
    expect(await pick([{ taskUuid: 'a', createTime: ' Inf ' }, { taskUuid: 'b', createTime: 10 }])).toEqual({ taskUuid: 'a' });
    expect(await pick([{ taskUuid: 'a', createTime: 'NaN' }, { taskUuid: 'b', createTime: 10 }])).toEqual({ taskUuid: 'a' });
    expect(await pick([{ taskUuid: 'a', createTime: '0x10' }, { taskUuid: 'b', createTime: 10 }])).toEqual({ taskUuid: 'b' });
    expect(await pick([{ taskUuid: 'a', createTime: null, gmtCreate: 3 }, { uuid: 'b', createTime: 'x', startTime: 2 }])).toEqual({ taskUuid: 'a' });
    expect(await pick([{ taskUuid: 'a', createTime: true, startTime: 9 }, { taskUuid: 'b', createTime: 5 }])).toEqual({ taskUuid: 'a' });
    expect(await pick([{ taskUuid: 1.5e3, createTime: 1 }])).toEqual({ taskUuid: '1500' });
  });
  it('an empty list is refused as "no minutes"; a row without a task UUID, or rows without any time, are refused before the todos read', async () => {
    expect(await pick([])).toBe('invalid_parameter');
    expect(await pick([{ taskUuid: 'a', createTime: 1 }, { createTime: 5 }])).toBe('backend_error');
    expect(await pick([{ taskUuid: 'a' }])).toBe('backend_error');
  });
  it('the todos answer needs a result object with an actions or dingtalkTodoList list; the result is what prints', async () => {
    outputs.answer('minutes/list_minutes_todos', { result: { actions: null, dingtalkTodoList: [1], x: 2 } });
    expect(await outputs.run(['minutes', '+action-items', '--id', ' u '])).toEqual({ actions: null, dingtalkTodoList: [1], x: 2 });
    outputs.answer('minutes/list_minutes_todos', { result: { actions: null, dingtalkTodoList: {} } });
    expect((await outputs.sent(['minutes', '+action-items', '--id', 'u'])).reason).toBe('backend_error');
  });
});

describe('doc +update: the required --node is checked as corecmd\'s shortcut ValidateRequired reads it: the first of --node/--doc typed non-empty, untrimmed, then trimmed (corecmd.go:683-705, rawValue :1009-1034@c7521c1c)', () => {
  const { sent, answer } = outputs;
  it('--node typed as whitespace beside a filled --doc is refused before any call (rawValue takes the whitespace --node)', async () => {
    expect(await sent(['doc', '+update', '--node', ' ', '--doc', 'd1', '--command', 'append', '--content', 'x', '--yes']))
      .toMatchObject({ reason: 'missing_parameter', calls: [] });
    expect(await sent(['doc', '+update', '--doc', 'd1', '--node', '\u3000', '--command', 'append', '--content', 'x', '--yes']))
      .toMatchObject({ reason: 'missing_parameter', calls: [] });
  });
  it('an empty --node gives way to --doc; a whitespace --doc gives way to a filled --node; --doc alone is read, trimmed', async () => {
    answer('doc/get_document_content', { markdown: 'x' });
    for (const argv of [['--node', '', '--doc', ' d1 '], ['--node', 'd1', '--doc', ' '], ['--doc', ' d1']]) {
      const run = await sent(['doc', '+update', ...argv, '--command', 'append', '--content', 'x', '--yes']);
      expect(run.reason).toBeUndefined();
      expect(run.calls[0]).toEqual(['doc/update_document', { nodeId: 'd1', mode: 'append', markdown: 'x' }]);
    }
  });
  it('every spelling blank is refused', async () => {
    for (const argv of [['--node', '', '--doc', ' '], ['--doc', ' '], ['--node', ' ']]) {
      expect(await sent(['doc', '+update', ...argv, '--command', 'append', '--content', 'x', '--yes'])).toMatchObject({ reason: 'missing_parameter', calls: [] });
    }
  });
});

/** upstream's splitDevAppList (helpers/devapp.go:2707-2721@c7521c1c): trimmed, `;` as `,`, parts trimmed, blanks dropped. */
const splitDevAppList = (raw: string) => goTrim(raw).replaceAll(';', ',').split(',').map(goTrim).filter((v) => v !== '');

describe('dev app permission add: --scope-values split as transformDevAppScopeValues (helpers/devapp.go:2737-2751@c7521c1c)', () => {
  const parts = fc.array(fc.constantFrom('a', ' b ', '', ';', ',', ' ', '["c"', '\u3000', 'd;e'), { maxLength: 6 }).map((p) => p.join(''));
  it('for any text: the split parts, or a refusal before any call when none is left (a required flag that collapses to empty)', async () => {
    await fc.assert(fc.asyncProperty(parts, async (raw) => {
      fc.pre(goTrim(raw) !== '');
      const run = await outputs.sent(['dev', 'app', 'permission', 'add', '--unified-app-id', ' u ', '--scope-values', raw, '--yes']);
      const want = splitDevAppList(raw);
      if (want.length === 0) expect(run).toMatchObject({ reason: 'invalid_parameter', calls: [] });
      else expect(run.calls).toEqual([['devapp/apply_dev_app_permissions', { unifiedAppId: 'u', scopeValues: want }]]);
    }), { numRuns: 30 });
  });
  it('the confirmation comes before the flag checks (ConfirmFirst)', async () => {
    expect(await outputs.sent(['dev', 'app', 'permission', 'add', '--unified-app-id', ' ', '--scope-values', 'a'])).toMatchObject({ reason: 'confirmation_required', calls: [] });
  });
});

describe('chat message reply builds the reply as upstream (helpers/chat.go reply RunE, applyCurrentUserGroupMentions :1435-1451, addMissingCurrentUserMentionPlaceholders :1453-1476@c7521c1c)', () => {
  const open = 'DBwcHBwcHBwciE';
  const reply = async (...argv: string[]) => {
    const run = await outputs.sent(['chat', 'message', 'reply', '--conversation-id', ' c ', '--ref-msg-id', ' m ', '--ref-sender', open, ...argv]);
    const args = run.calls[0]?.[1] as Record<string, unknown>;
    return { ...args, content: JSON.parse(args.content as string) as unknown };
  };
  it('--at-open-dingtalk-ids is sent split at commas untrimmed; the text gets <@id> for bare @id and the missing ids in front, after <@all>', async () => {
    expect(await reply('--text', ' hi @x <b>&  ', '--at-open-dingtalk-ids', 'x, y,,', '--at-all', '--uuid', ' ')).toEqual({
      openConversationId: ' c ', msgType: 'reply', clawType: 'openClaw', atAll: true, atOpenDingTalkIds: ['x', ' y', '', ''], uuid: ' ',
      content: { content: '<@all> <@y>  hi <@x> <b>&  ', referenceOpenMessageId: ' m ', replyMsgType: 'text', srcMsgSendOpenDingTalkId: open },
    });
    expect(await reply('--text', '@a @ab <@a>', '--at-open-dingtalk-ids', 'a,ab', '--ai-tag=false')).toMatchObject({
      clawType: '', atOpenDingTalkIds: ['a', 'ab'], content: { content: '<@ab> <@a> <@a>b <@a>' },
    });
  });
  it('the content text is marshalled without HTML escaping, keys sorted (marshalJSONRaw)', async () => {
    const run = await outputs.sent(['chat', 'message', 'reply', '--conversation-id', 'c', '--ref-msg-id', 'm', '--ref-sender', open, '--text', '<a&b>']);
    expect((run.calls[0]?.[1] as { content: string }).content).toBe(`{"content":"<a&b>","referenceOpenMessageId":"m","replyMsgType":"text","srcMsgSendOpenDingTalkId":"${open}"}`);
  });
});

describe('aitable form field update (helpers/aitable.go:4762-4783@c7521c1c)', () => {
  it('--required is true only for the text "true"; --field-description when not empty, untrimmed; no confirmation asked', async () => {
    const args = async (...argv: string[]) => outputs.argsOf(['aitable', 'form', 'field', 'update', '--base', ' b ', '--table-id', ' t ', '--view-id', 'v', '--field-id', 'f', ...argv]);
    expect(await args('--required', 'true', '--field-description', ' d ')).toEqual([{ baseId: ' b ', tableId: ' t ', viewId: 'v', fieldId: 'f', required: true, fieldDescription: ' d ' }]);
    for (const other of ['True', ' true', 'yes', '1']) expect(await args('--required', other)).toEqual([{ baseId: ' b ', tableId: ' t ', viewId: 'v', fieldId: 'f', required: false }]);
    expect(await args('--required', '', '--field-description', '')).toEqual([{ baseId: ' b ', tableId: ' t ', viewId: 'v', fieldId: 'f' }]);
  });
});

describe('drive +version-history pages (versionPage, shortcut/drive/version_operations.go:187-210, drive/common.go:136-197@c7521c1c)', () => {
  it('maxResults always sent (default 20), nextCursor when the trimmed --cursor is not empty; the last present of nextCursor/nextToken/nextPageToken is copied as it came', async () => {
    outputs.answer('drive/list_file_versions', { success: true, result: { versions: [{ versionNumber: 3, createdTime: null, createTime: 5, size: 9, x: 1 }], nextCursor: 'a', nextToken: 'b', hasMore: 'yes' } });
    const run = await outputs.sent(['drive', '+version-history', '--node', ' n ', '--cursor', ' ']);
    expect(run.calls).toEqual([['drive/list_file_versions', { maxResults: 20, nodeId: 'n' }]]);
    expect(run.printed).toEqual({ count: 1, versions: [{ version: 3, createTime: 5, fileSize: 9 }], nextCursor: 'b', hasMore: 'yes' });
    outputs.answer('drive/list_file_versions', { result: { items: [] }, nextPageToken: 7, data: { versionList: [{}] } });
    expect(await outputs.sent(['drive', '+version-history', '--node', 'n', '--limit', '0x10', '--cursor', ' c ']))
      .toMatchObject({ calls: [['drive/list_file_versions', { maxResults: 16, nextCursor: 'c', nodeId: 'n' }]], printed: { count: 0, versions: [] } });
  });
});

describe('calendar +attendee-list projects the participants (attendeeListProject, shortcut/calendar/calendar.go:262-318@c7521c1c)', () => {
  it('the first of result/data/list/items/attendees/participants holding a list (or one object down); rows without a known field dropped', async () => {
    outputs.answer('calendar/get_calendar_participants', { result: { x: { list: [1] }, data: { a: 1 } }, data: { attendees: [{ nick: 'n', name: null, staff_id: 3, response: 'acc' }, {}, 5, { foo: 1 }, { status: null, attendeeStatus: false }] } });
    expect(await outputs.sent(['calendar', '+attendee-list', '--event', ' e ', '--calendar-id', ' '])).toMatchObject({
      calls: [['calendar/get_calendar_participants', { calendarId: '', eventId: 'e' }]],
      printed: { attendees: [{ displayName: 'n', responseStatus: 'acc', userId: 3 }, { responseStatus: false }], count: 2 },
    });
    outputs.answer('calendar/get_calendar_participants', null);
    expect((await outputs.sent(['calendar', '+attendee-list', '--event', 'e'])).printed).toEqual({ attendees: [], count: 0 });
  });
});

describe('minutes +record-stop reads the command answer as RecordResult (minutes/minutes.go:342-357, minutesdata/workflow.go:16-31, :89-108@c7521c1c)', () => {
  const tool = 'minutes/执行听记指令-发起AI听记录音';
  const stop = async (answer: unknown) => {
    outputs.answer(tool, answer);
    const run = await outputs.sent(['minutes', '+record-stop', '--id', ' u1 ', '--yes']);
    return run.reason ?? run.printed;
  };
  it('success true (or, without success, a non-empty result) and a result whose trimmed cmd is end and task UUID is --id', async () => {
    expect(await stop({ success: true, result: { cmd: ' end ', uuid: ' u1 ' } })).toEqual({ accepted: true, command: 'end', result: { cmd: ' end ', uuid: ' u1 ' }, taskUuid: 'u1' });
    expect(await stop({ result: { cmd: 'end', taskUUID: 'u1' } })).toMatchObject({ accepted: true });
    expect(await stop({ success: true, result: { cmd: 'end', taskUuid: null, uuid: 'u1' } })).toMatchObject({ accepted: true });
  });
  it('refused otherwise', async () => {
    for (const bad of [{ success: 'true', result: { cmd: 'end', uuid: 'u1' } }, { success: true, result: { cmd: 'End', uuid: 'u1' } },
      { success: true, result: { cmd: 'end', taskUuid: 'u2' } }, { success: true, result: [] }, { result: {} }, { errorCode: 'x', result: { cmd: 'end', uuid: 'u1' } }]) {
      expect(typeof await stop(bad)).toBe('string');
    }
  });
});

describe('drive shortcut and chat message forward read their ids untrimmed, as the bodies (helpers/drive.go:1972-1988, chat.go forward RunE and its message-id migration :198-466@c7521c1c)', () => {
  it('drive shortcut: node from --node/--url/--id/--node-id/--doc-id/--file-id; a --folder (or parent spelling) of digits only is refused', async () => {
    expect(await outputs.argsOf(['drive', 'shortcut', '--url', 'u', '--parent-id', ' 12a ', '--workspace', '', '--workspace-id', ' w ']))
      .toEqual([{ nodeId: 'u', targetFolderId: ' 12a ', workspaceId: ' w ' }]);
    expect(await outputs.argsOf(['drive', 'shortcut', '--node', ' ', '--folder', ' '])).toEqual([{ nodeId: ' ', targetFolderId: ' ' }]);
    expect(await outputs.argsOf(['drive', 'shortcut', '--file-id', 'f', '--parent-folder-id', ' 123 '])).toBe('invalid_parameter');
  });
  it('chat message forward: --message-id/--msg-id/--open-message-id trimmed by the migration PreRunE, the conversation ids as typed', async () => {
    expect(await outputs.argsOf(['chat', 'message', 'forward', '--src-conversation-id', ' s ', '--msg-id', ' m ', '--dest-conversation-id', ' d ']))
      .toEqual([{ srcOpenCid: ' s ', srcOpenMessageId: 'm', destOpenCid: ' d ' }]);
    expect(await outputs.argsOf(['chat', 'message', 'forward', '--src-conversation-id', 's', '--message-id', ' ', '--dest-conversation-id', 'd']))
      .toEqual([{ srcOpenCid: 's', srcOpenMessageId: ' ', destOpenCid: 'd' }]);
    expect(await outputs.argsOf(['chat', 'message', 'forward', '--src-conversation-id', 's', '--message-id', 'a', '--msg-id', ' b', '--dest-conversation-id', 'd'])).toBe('invalid_parameter');
  });
});
