// Session 50 second reading, part a3 (issue 32, notes/h50-a3.md; seed 20261433): the drawn command that differed from
// upstream's body at c7521c1c (pat chmod's answer reading), and the readings of the other drawn commands that matter
// most, so a regression fails. Every run is typed as a user types it, against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h50a3-');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Go's strings.TrimSpace (unicode.IsSpace: the ASCII spaces, U+0085, U+00A0 and the Unicode White_Space set). */
const goTrim = (s: string) => s.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, '');

describe('pat chmod reads its answers as upstream does (ensurePATResultAgentCode, handleToolResult chmod.go:989-1058, :1302-1324@c7521c1c)', () => {
  it('a grant answered with an empty text is refused (upstream: "empty PAT authorization result"), after the one call', async () => {
    outputs.answerText('pat.batch_grant', '');
    const run = await outputs.sent(['pat', 'chmod', 'chat.message:list', '--yes']);
    expect({ reason: run.reason, calls: run.calls.map(([k]) => k), printed: run.printed })
      .toEqual({ reason: 'backend_error', calls: ['pat/pat.batch_grant'], printed: undefined });
  });
  it('a blank text that is not empty is printed as upstream prints it (c.Text != "")', async () => {
    outputs.answerText('pat.batch_grant', '  ');
    const run = await outputs.sent(['pat', 'chmod', 'chat.message:list', '--yes']);
    expect({ reason: run.reason, printed: run.printed }).toEqual({ reason: undefined, printed: '  ' });
  });
  it('a grant answer naming another agent than --agentCode is refused; at any of the four places patResultAgentCode reads', async () => {
    for (const answer of [{ agentCode: 'other' }, { data: { agentCode: ' other ' } }, { result: { agentCode: 'other' } }, { result: { data: { agentCode: 'other' } } }]) {
      outputs.answer('pat/pat.batch_grant', answer);
      const run = await outputs.sent(['pat', 'chmod', 'chat.message:list', '--agentCode', 'ag_1', '--yes']);
      expect({ answer, reason: run.reason, calls: run.calls.length }).toEqual({ answer, reason: 'backend_error', calls: 1 });
    }
  });
  it('the first non-blank text agentCode decides: blank and non-text ones are skipped, a trimmed match passes', async () => {
    const answer = { agentCode: ' ', data: { agentCode: 5 }, result: { agentCode: ' ag_1 ', data: { agentCode: 'other' } } };
    outputs.answer('pat/pat.batch_grant', answer);
    const run = await outputs.sent(['pat', 'chmod', 'chat.message:list', '--agentCode', ' ag_1 ', '--yes']);
    expect({ reason: run.reason, printed: run.printed }).toEqual({ reason: undefined, printed: answer });
  });
  it('without an agent code asked for, an answer naming any agent is printed', async () => {
    outputs.answer('pat/pat.batch_grant', { data: { agentCode: 'other' } });
    const run = await outputs.sent(['pat', 'chmod', 'chat.message:list', '--yes']);
    expect({ reason: run.reason, printed: run.printed }).toEqual({ reason: undefined, printed: { data: { agentCode: 'other' } } });
  });
  it('the plan answering for another agent than DINGTALK_DWS_AGENTCODE is refused before any grant', async () => {
    outputs.answer('pat/pat.batch_plan', { agentCode: 'zz', data: { selectedScopes: ['s1'] } });
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(['pat', 'chmod', '--recommend', '--yes'], { ...outputs.env(), DINGTALK_DWS_AGENTCODE: 'envA' });
    expect({ reason: outcome.error?.reason, calls: outputs.mcp.calls.map((c) => c.name) }).toEqual({ reason: 'backend_error', calls: ['pat.batch_plan'] });
  });
  it('the plan answering for the same agent goes on to grant its selected scopes', async () => {
    outputs.answer('pat/pat.batch_plan', { data: { agentCode: 'envA', selectedScopes: ['s1'] } });
    outputs.answer('pat/pat.batch_grant', { success: true });
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(['pat', 'chmod', '--recommend', '--yes'], { ...outputs.env(), DINGTALK_DWS_AGENTCODE: 'envA' });
    expect(outcome.error?.reason).toBeUndefined();
    expect(outputs.mcp.calls.map((c) => [c.name, c.arguments.scopes])).toEqual([['pat.batch_plan', []], ['pat.batch_grant', ['s1']]]);
  });
});

/** upstream's parseCSVInt64 (helpers/chat/deps.go:98-116@c7521c1c): split on commas, TrimSpace, skip blanks, ParseInt base 10. */
function parseCSVInt64(raw: string): number[] | 'refused' {
  const out: number[] = [];
  for (const part of raw.split(',')) {
    const v = goTrim(part);
    if (v === '') continue;
    if (!/^[+-]?[0-9]+$/.test(v)) return 'refused';
    out.push(Number(v));
  }
  return out.length === 0 ? 'refused' : out;
}

describe('chat toolbar sort reads its id lists as parseCSVInt64 does (toolbar_sort.go:33-66@c7521c1c)', () => {
  const part = fc.oneof(
    fc.integer({ min: -99999, max: 99999 }).map(String),
    fc.constantFrom('010', '+5', ' 7 ', '', ' ', '0x10', '1_0', '1e3', '"3"', '[1', '\u00a08'),
  );
  const list = fc.array(part, { maxLength: 5 }).map((parts) => parts.join(','));
  it('sends the decimal integers (sign and leading zeros allowed), refuses anything else or a list with none', async () => {
    await fc.assert(fc.asyncProperty(list, async (sorted) => {
      const want = parseCSVInt64(sorted);
      const got = await outputs.argsOf(['chat', 'toolbar', 'sort', '--conversation-id', ' cid1 ', '--sorted-ids', sorted]);
      // a blank list is the required check's refusal (validateRequiredFlagsLocal trims), any other unreadable one the parser's
      const refusal = goTrim(sorted) === '' ? 'missing_parameter' : 'invalid_parameter';
      expect(got).toEqual(want === 'refused' ? refusal : [{ openConversationId: 'cid1', sortedShortcutIds: want }]);
    }), { numRuns: 25 });
  });
  it('an id in both lists is refused before the call; a repeat inside one list is not', async () => {
    expect(await outputs.argsOf(['chat', 'toolbar', 'sort', '--conversation-id', 'c', '--sorted-ids', '1,2', '--unsorted-ids', '3, 02'])).toBe('invalid_parameter');
    expect(await outputs.argsOf(['chat', 'toolbar', 'sort', '--conversation-id', 'c', '--sorted-ids', '1,1', '--unsorted-ids', '3,3']))
      .toEqual([{ openConversationId: 'c', sortedShortcutIds: [1, 1], unsortedShortcutIds: [3, 3] }]);
  });
});

/** Go's json.Marshal of {key: value}: HTML-escaped <, >, & and the line/paragraph separators. */
const goJson = (key: string, value: string) =>
  JSON.stringify({ [key]: value }).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('chat toolbar update-custom builds its JSON texts as json.Marshal does (toolbar_update_custom.go:53-86, toolbar_custom_payload.go@c7521c1c)', () => {
  const text = fc.array(fc.constantFrom('a', '周', '<', '>', '&', '"', '\\', ' ', '\u2028', '\n', 'é'), { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''))
    .filter((s) => goTrim(s) !== '');
  it('name, desc (the title when --desc is blank) and icons are Go JSON texts of the trimmed values; tag as typed', async () => {
    await fc.assert(fc.asyncProperty(text, text, async (title, icon) => {
      const got = await outputs.argsOf(['chat', 'toolbar', 'update-custom', '--conversation-id', 'c', '--shortcut-id', '0x10', '--title', title,
        '--url', ' u ', '--icon-url', icon, '--pc-url', 'p', '--desc', ' ', '--tag', ' t ']);
      expect(got).toEqual([{
        openConversationId: 'c', shortcutId: 16, name: goJson('zh_CN', goTrim(title)), url: 'u', icons: goJson('iconMobile', goTrim(icon)),
        pcUrl: 'p', desc: goJson('zh_CN', goTrim(title)), tag: ' t ',
      }]);
    }), { numRuns: 20 });
  });
  it('--extension pairs become an object of trimmed keys and values; a pair without = or with a blank or repeated key is refused', async () => {
    const base = ['chat', 'toolbar', 'update-custom', '--conversation-id', 'c', '--shortcut-id', '1', '--title', 't', '--url', 'u', '--icon-url', 'i', '--pc-url', 'p'];
    expect(await outputs.argsOf([...base, '--extension', ' k = a=b ', '--extension', 'k2='])).toEqual([expect.objectContaining({ extension: { k: 'a=b', k2: '' } })]);
    for (const bad of [['=v'], [' =v'], ['kv'], ['k=1', ' k =2']]) {
      expect(await outputs.argsOf([...base, ...bad.flatMap((e) => ['--extension', e])])).toBe('invalid_parameter');
    }
  });
});

/** upstream's parseCommentMentionIds (helpers/doc.go:5053-5063@c7521c1c) behind collectUserIDs: split, TrimSpace, drop blanks. */
const mentionIds = (raw: string) => raw.split(',').map(goTrim).filter((s) => s !== '');

describe('drive permission apply and wiki member update read --users as collectUserIDs does (doc.go:5143-5150@c7521c1c)', () => {
  const users = fc.array(fc.constantFrom('u1', ' u2 ', '', ' ', '"u3"', '[u4]', 'u5\u3000', '\u0085'), { maxLength: 5 }).map((p) => p.join(','));
  it('receivers / userIds are the trimmed non-blank parts; none is refused; the role is trimmed and upper-cased', async () => {
    await fc.assert(fc.asyncProperty(users, async (raw) => {
      const ids = mentionIds(raw);
      const drive = await outputs.argsOf(['drive', 'permission', 'apply', '--node', ' n ', '--role', ' editor ', '--users', raw, '--yes']);
      const wiki = await outputs.argsOf(['wiki', 'member', 'update', '--workspace', ' w ', '--role', ' reader ', '--users', raw]);
      if (ids.length === 0) {
        // nothing at all is the required check's refusal; only commas and blanks collectUserIDs' "--users is required"
        const refusal = goTrim(raw) === '' ? 'missing_parameter' : 'invalid_parameter';
        expect([drive, wiki]).toEqual([refusal, refusal]);
      } else {
        expect(drive).toEqual([{ nodeId: ' n ', roleId: 'EDITOR', receivers: ids }]);
        expect(wiki).toEqual([{ workspaceId: ' w ', roleId: 'READER', userIds: ids }]);
      }
    }), { numRuns: 20 });
  });
});

describe('mail message reply sends --to as typed, reply-all as parseRecipients\' list (mail.go:1371-1374, :1451-1453@c7521c1c)', () => {
  it('reply: to untouched; reply-all: toRecipients split, trimmed, blanks dropped (only commas: [])', async () => {
    outputs.answer('mail/create_reply_draft', { result: { message: { id: 'D1' } } });
    outputs.answer('mail/create_replyall_draft', { result: { messageId: 'D2' } });
    const reply = await outputs.sent(['mail', 'message', 'reply', '--from', ' me@x ', '--id', 'm1', '--to', ' a@x,, b@x ', '--yes']);
    expect(reply.calls.map(([k, a]) => [k, a])).toEqual([
      ['mail/list_user_mailboxes', {}],
      ['mail/create_reply_draft', { from: ' me@x ', messageId: 'm1', to: ' a@x,, b@x ' }],
      ['mail/send_draft', { email: ' me@x ', messageId: 'D1', saveToSentItems: true }],
    ]);
    const all = await outputs.sent(['mail', 'message', 'reply-all', '--sender', 'me@x', '--id', 'm1', '--to', ' , ', '--body', 'b', '--yes']);
    expect(all.calls[1]).toEqual(['mail/create_replyall_draft', { from: 'me@x', messageId: 'm1', toRecipients: [], body: 'b' }]);
    expect(all.calls[2]).toEqual(['mail/send_draft', { email: 'me@x', messageId: 'D2', saveToSentItems: true }]);
  });
});

/** upstream's bookSearchContainer + bookSearchProject (shortcut/calendar/calendar.go:838-899@c7521c1c). */
function bookSearch(data: Record<string, unknown>): Record<string, unknown>[] {
  const keys = ['result', 'data', 'list', 'items', 'calendars'];
  let raw: unknown[] = [];
  outer: for (const k of keys) {
    if (!(k in data)) continue;
    const v = data[k];
    if (Array.isArray(v)) { raw = v; break; }
    if (isObject(v)) for (const nk of keys) if (Array.isArray(v[nk])) { raw = v[nk] as unknown[]; break outer; }
  }
  const first = (m: Record<string, unknown>, ks: string[]) => ks.map((k) => m[k]).find((v) => v !== undefined && v !== null);
  const out: Record<string, unknown>[] = [];
  for (const item of raw) {
    if (!isObject(item)) continue;
    const row: Record<string, unknown> = {};
    for (const [name, ks] of [['calendarId', ['calendarId', 'calendar_id', 'id']], ['summary', ['summary', 'name', 'title']],
      ['privilege', ['privilege', 'role', 'accessRole']], ['type', ['type', 'calendarType', 'calendar_type']]] as [string, string[]][]) {
      const v = first(item, ks);
      if (v !== undefined) row[name] = v;
    }
    if (Object.keys(row).length > 0) out.push(row);
  }
  return out;
}

describe('calendar +book-search projects the answer as bookSearchContainer/bookSearchProject do', () => {
  it('matches the model for answers with lists and objects under the searched keys', async () => {
    const value = fc.constantFrom<unknown>(null, 'x', 0, false);
    const element = fc.oneof(fc.record({ calendarId: value, id: value, name: value, title: value, role: value, calendarType: value }, { requiredKeys: [] }), fc.constantFrom<unknown>(3, 'e'));
    const holder = fc.oneof(fc.array(element, { maxLength: 3 }), fc.dictionary(fc.constantFrom('data', 'list', 'calendars', 'other'), fc.array(element, { maxLength: 2 })), fc.constant(null));
    const answer = fc.dictionary(fc.constantFrom('result', 'data', 'list', 'items', 'calendars', 'other'), holder);
    await fc.assert(fc.asyncProperty(answer, async (data) => {
      outputs.answer('calendar/search_calendar', data);
      const calendars = bookSearch(data);
      expect((await outputs.sent(['calendar', '+book-search', '--query', ' q '])).printed).toEqual({ count: calendars.length, calendars });
    }), { numRuns: 25 });
  });
});

describe('dev app delete compares --confirm-name with the name as devAppFetchAppName reads it (devapp.go:748-792@c7521c1c)', () => {
  it('a blank but non-empty name is the name (no fall back to appName): a mismatch, nothing deleted', async () => {
    outputs.answer('devapp/get_dev_app', { success: true, result: { name: ' ', appName: 'A' } });
    const run = await outputs.sent(['dev', 'app', 'delete', '--unified-app-id', 'u', '--confirm-name', 'A', '--yes']);
    expect({ reason: run.reason, calls: run.calls.map(([k]) => k) }).toEqual({ reason: 'invalid_parameter', calls: ['devapp/get_dev_app'] });
  });
  it('the trimmed --confirm-name equal to the name deletes by the trimmed id only', async () => {
    outputs.answer('devapp/get_dev_app', { result: { name: 'A' } });
    outputs.answer('devapp/delete_dev_app', { success: true, result: {} });
    const run = await outputs.sent(['dev', 'app', 'delete', '--unified-app-id', ' u ', '--confirm-name', ' A ', '--yes']);
    expect(run.calls).toEqual([['devapp/get_dev_app', { unifiedAppId: 'u' }], ['devapp/delete_dev_app', { unifiedAppId: 'u' }]]);
  });
});

describe('doc +search reads a page as docPageState does (doc/pagination.go:195-222@c7521c1c)', () => {
  it('a null nextPageToken at the top hides that level\'s nextCursor; the nested one is read', async () => {
    outputs.answer('doc/search_documents', { documents: [{ nodeId: 'a' }], nextPageToken: null, nextCursor: 'top', result: { nextCursor: 'zz' } });
    const run = await outputs.sent(['doc', '+search', '--limit', '1']);
    expect(run.calls).toEqual([['doc/search_documents', { pageSize: 1 }]]);
    expect(run.printed).toMatchObject({ hasMore: true, complete: false, nextCursor: 'zz', stopReason: '' });
  });
  it('Go int flags: --created-from 0 is sent (typed), 0x10 and 010 read as Go reads them, a negative --limit asks for 30', async () => {
    outputs.answer('doc/search_documents', { documents: [] });
    expect(await outputs.argsOf(['doc', '+search', '--created-from', '0', '--created-to', '0x10', '--visited-from', '010', '--limit', '-3']))
      .toEqual([{ createdTimeFrom: 0, createdTimeTo: 16, visitedTimeFrom: 8, pageSize: 30 }]);
  });
});

describe('aitable dashboard update builds config as upstream does (aitable.go:5549-5576@c7521c1c)', () => {
  it('--name overrides config.name (a blank-looking name included); a non-object --config alone is refused', async () => {
    expect(await outputs.argsOf(['aitable', 'dashboard', 'update', '--base', 'b', '--dashboard-id', ' d ', '--config', '{"name":"x","k":1}', '--name', ' ']))
      .toEqual([{ baseId: 'b', dashboardId: ' d ', config: { name: ' ', k: 1 } }]);
    expect(await outputs.argsOf(['aitable', 'dashboard', 'update', '--base-id', 'b', '--dashboard-id', 'd', '--config', '[1]'])).toBe('invalid_parameter');
  });
});
