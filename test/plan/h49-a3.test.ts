// Session 49 helper a3, second-reading audit of seed 20261430 (issue 32, notes/h49-a3.md). The drawn commands send
// what upstream's bodies at c7521c1c send; one contract stated a range its command refuses (chat message
// list-favorites --size, fixed in catalog/chat.yaml). These tests hold the readings the audit checked, each run as a
// user types it against the recording backend on 127.0.0.1, so that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { realCatalog } from '../helpers.js';
import { GO_SPACES, goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h49a3-');

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** pflag's Int (strconv.ParseInt(s, 0, 64)) on the spellings the property writes; undefined when it refuses. */
const pflagInt = (text: string): bigint | undefined => {
  const m = /^([+-]?)(0x[0-9a-f]+|0[0-7]+|[1-9][0-9]*|0)$/i.exec(text);
  if (!m) return undefined;
  const body = m[2].toLowerCase();
  const magnitude = body.startsWith('0x') ? BigInt(body) : body.length > 1 && body.startsWith('0') ? BigInt(`0o${body.slice(1)}`) : BigInt(body);
  return m[1] === '-' ? -magnitude : magnitude;
};

/** The ways a user may write an integer that Go's base-0 parser reads: decimal, signed, hex and octal. */
const goIntSpelling = (n: number) => fc.constantFrom(
  String(n), n >= 0 ? `+${n}` : String(n), n >= 0 ? `0x${n.toString(16)}` : `-0x${(-n).toString(16)}`,
  n > 0 ? `0${n.toString(8)}` : String(n),
);

describe('chat message list-favorites: --size is pflag Int, 1-30, sent as text (chatMessageListFavoritesArgs chat.go:1067-1077@c7521c1c)', () => {
  it('the range and the example the contract states are the ones the command accepts', async () => {
    const size = realCatalog().tools.find((t) => t.canonical_path === 'chat.list_message_favorites')!.parameters.size;
    for (const text of [size.description, size.description_en, realCatalog().tools.find((t) => t.canonical_path === 'chat.list_message_favorites')!.description_en]) {
      expect(text).toMatch(/1-30\b/);
    }
    for (const [value, sent] of [[String(size.example), true], ['30', true], ['31', false], ['100', false]] as const) {
      const run = await outputs.sent(['chat', 'message', 'list-favorites', '--size', value]);
      expect(run.calls.length === 1).toBe(sent);
      if (sent) expect(run.calls).toEqual([['im/list_message_favorites', { cursor: 0, size: String(Number(value)) }]]);
      else expect(run.reason).toBe('invalid_parameter');
    }
  });
  it('any Go spelling of an integer: sent as its decimal text when 1-30, refused before any call otherwise', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: -3, max: 40 }).chain(goIntSpelling), async (spelled) => {
      const n = Number(pflagInt(spelled));
      const run = await outputs.sent(['chat', 'message', 'list-favorites', `--size=${spelled}`, '--cursor', '0x10']);
      if (n >= 1 && n <= 30) expect(run.calls).toEqual([['im/list_message_favorites', { cursor: 16, size: String(n) }]]);
      else {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      }
    }), { numRuns: 30 });
  });
});

/** upstream's parseCSVInt64 (internal/helpers/chat/deps.go:99-116@c7521c1c): comma parts trimmed, blanks skipped, each strconv.ParseInt base 10. */
const parseCSVInt64 = (raw: string): bigint[] | undefined => {
  const out: bigint[] = [];
  for (const part of raw.split(',').map(goTrim)) {
    if (part === '') continue;
    if (!/^[+-]?[0-9]+$/.test(part)) return undefined;
    const n = BigInt(part);
    if (n > INT64_MAX || n < INT64_MIN) return undefined;
    out.push(n);
  }
  return out.length > 0 ? out : undefined;
};

describe('chat toolbar hide reads --shortcut-ids as parseCSVInt64 (toolbar_hide.go:32-46, deps.go:99-116@c7521c1c)', () => {
  it('for any comma list of decimal, signed, padded, hex and blank parts: the model\'s numbers, or a refusal before any call', async () => {
    // (numbers past 2^53 are not compared here: the fixture keeps them as literals; one past int64 is refused)
    const part = fc.constantFrom('1', ' 2 ', '+5', '-3', '010', '0x10', '1_0', '', ' ', '\u3000', '9223372036854775808', '-9223372036854775809');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }).map((p) => p.join(',')), async (ids) => {
      fc.pre(ids !== '');
      const expected = parseCSVInt64(ids);
      const run = await outputs.sent(['chat', 'toolbar', 'hide', '--conversation-id', ' c ', '--shortcut-ids', ids]);
      if (expected === undefined) {
        expect(['invalid_parameter', 'missing_parameter']).toContain(run.reason);
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toEqual([['im/hide_shortcut_from_bar', { openConversationId: 'c', shortcutIds: expected.map(Number) }]]);
      }
    }), { numRuns: 40 });
  });
});

describe('aitable field get / table get read their id lists as parseCSVValues (aitable.go:1771-1784, :1495-1505@c7521c1c)', () => {
  it('for any comma or JSON list text, as the model; a blank one is sent as null; ids untrimmed, --base stands for --base-id', async () => {
    const listText = fc.array(fc.constantFrom('a', ' b ', '"c"', "'d'", '', ' ', ',', '[', ']', '1'), { maxLength: 5 }).map((p) => p.join(''));
    await fc.assert(fc.asyncProperty(listText, async (ids) => {
      fc.pre(ids !== '');
      const field = await outputs.sent(['aitable', 'field', 'get', '--base-id', '', '--base', ' b ', '--table-id', ' t ', '--field-ids', ids]);
      expect(field.calls).toEqual([['aitable/get_fields', { baseId: ' b ', tableId: ' t ', fieldIds: parseCSVValues(ids) }]]);
      const table = await outputs.sent(['aitable', 'table', 'get', '--base-id', 'b', '--table-ids', ids]);
      expect(table.calls).toEqual([['aitable/get_tables', { baseId: 'b', tableIds: parseCSVValues(ids) }]]);
    }), { numRuns: 30 });
  });
});

/** targetresolver.LooksLikeCurrentDOpenDingTalkID (resolver.go:304-323@c7521c1c) holds for D + the escaped Base64 of 8 bytes. */
const OPEN_ID = 'DMTIzNDU2NzgiE';

describe('chat group members add splits --users into userId and openDingtalkIds (chat.go:2831-2839, :1355-1386@c7521c1c)', () => {
  it('parseCSVValues, then each value by its shape; an empty side is left out; --id untrimmed', async () => {
    expect(await outputs.argsOf(['chat', 'group', 'members', 'add', '--id', ' g ', '--users', ` u1 , DMTIzNDU2Nzg, ${OPEN_ID} ,"u2"`]))
      .toEqual([{ openconversation_id: ' g ', userId: ['u1', 'DMTIzNDU2Nzg', 'u2'], openDingtalkIds: [OPEN_ID] }]);
    expect(await outputs.argsOf(['chat', 'group', 'members', 'add', '--id', 'g', '--users', ' '])).toEqual([{ openconversation_id: 'g' }]);
    expect(await outputs.argsOf(['chat', 'group', 'members', 'add', '--id', 'g', '--users', `["${OPEN_ID}"]`]))
      .toEqual([{ openconversation_id: 'g', openDingtalkIds: [OPEN_ID] }]);
  });
  it('chat group-role query-user sends a padded openDingTalkId-looking --user as typed, under openDingTalkId (chat.go:7842-7858@c7521c1c)', async () => {
    expect(await outputs.argsOf(['chat', 'group-role', 'query-user', '--conversation-id', ' c ', '--user', ` ${OPEN_ID} `]))
      .toEqual([{ openConversationId: 'c', openDingTalkId: ` ${OPEN_ID} ` }]);
    expect(await outputs.argsOf(['chat', 'group-role', 'query-user', '--conversation-id', ' ', '--user', '', '--userId', ' u ']))
      .toEqual([{ openConversationId: ' ', userId: ' u ' }]);
  });
});

describe('attendance +check-record (attendance.go:228-283, dayDateTime :56-62@c7521c1c)', () => {
  it('dates trimmed (Go spaces) and parsed as calendar dates; users sent as the StringSlice split them, untrimmed', async () => {
    const space = GO_SPACES[GO_SPACES.length - 1];
    expect(await outputs.argsOf(['attendance', '+check-record', '--users', ' a,,b ', '--start', ` 2026-04-01${space}`, '--end', '\u00850000-02-29']))
      .toEqual([{ QueryCheckRecordRequest: { userIds: [' a', '', 'b '], checkDateFrom: '2026-04-01 00:00:00', checkDateTo: '0000-02-29 00:00:00' } }]);
    for (const bad of ['2026-02-30', '2026-13-01', '2026-4-01', '2026-04-01 10:00:00']) {
      const run = await outputs.sent(['attendance', '+check-record', '--users', 'a', '--start', '2026-04-01', '--end', bad]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
});

describe('sheet formula-verify (sheet_formula_verify.go:30-186@c7521c1c)', () => {
  it('--targets [null] is sent as one null target; a typed empty --range adds no range; a blank --sheet-id with --range is a target', async () => {
    expect(await outputs.argsOf(['sheet', 'formula-verify', '--node', 'n', '--targets', '[null]'])).toEqual([{ nodeId: 'n', targets: [null] }]);
    expect(await outputs.argsOf(['sheet', 'formula-verify', '--node', 'n', '--sheet-id', 's', '--range', ''])).toEqual([{ nodeId: 'n', targets: [{ sheetId: 's' }] }]);
    expect(await outputs.argsOf(['sheet', 'formula-verify', '--node', ' ', '--sheet-id', ' ', '--range', 'A1', '--max-cells', '0x10']))
      .toEqual([{ nodeId: ' ', targets: [{ sheetId: ' ', range: 'A1' }], maxCells: 16 }]);
  });
  it('--exit-on-error reads status only inside an object result, else at the top; a text totalErrors never counts', async () => {
    outputs.answer('sheet/verify_formula', { result: 'x', status: ' ERRORS_found ' });
    expect((await outputs.sent(['sheet', 'formula-verify', '--node', 'n', '--exit-on-error'])).reason).toBe('invalid_parameter');
    outputs.answer('sheet/verify_formula', { result: { totalErrors: '3' }, status: 'errors_found' });
    expect((await outputs.sent(['sheet', 'formula-verify', '--node', 'n', '--exit-on-error'])).reason).toBeUndefined();
  });
});

describe('framework enum with a registration default: a typed empty value passes and is sent empty (corecmd.go:1009-1034@c7521c1c)', () => {
  it('doc +export-submit --export-format "" sends ""; a padded value is trimmed; a blank one is refused', async () => {
    expect(await outputs.argsOf(['doc', '+export-submit', '--node', ' n ', '--export-format', ''])).toEqual([{ nodeId: 'n', exportFormat: '' }]);
    expect(await outputs.argsOf(['doc', '+export-submit', '--node', 'n', '--export-format', ' pdf '])).toEqual([{ nodeId: 'n', exportFormat: 'pdf' }]);
    expect(await outputs.argsOf(['doc', '+export-submit', '--node', 'n', '--export-format', ' '])).toBe('invalid_parameter');
  });
  it('chat +messages-resource-url --type "" sends resourceType ""; a blank --message-id gives way to --msg-id, trimmed', async () => {
    expect(await outputs.argsOf(['chat', '+messages-resource-url', '--type', '', '--resource-id', ' r ', '--message-id', ' ', '--msg-id', ' m2 ',
      '--open-conversation-id', ' c '])).toEqual([{ resourceType: '', resourceId: 'r', openMessageId: 'm2', openConversationId: 'c' }]);
  });
});

describe('doc +export-get reads status as nestedString: top, then result/data/content depth first (common.go:311-325@c7521c1c)', () => {
  it('a FAILED status deep under result wins over one under data', async () => {
    outputs.answer('doc/query_export_job', { result: { data: { status: 'failed' } }, data: { status: 'PROCESSING' } });
    const run = await outputs.sent(['doc', '+export-get', '--job-id', ' j ']);
    expect(run.calls).toEqual([['doc/query_export_job', { jobId: 'j' }]]);
    expect(run.reason).toBe('backend_error');
  });
});

describe('mail +unread-mail (unread_mail.go:86-115, search_mail.go:140-270@c7521c1c)', () => {
  it('a blank --email looks the mailbox up (a bare text under result.emailAccounts, untrimmed); a blank --size is 20', async () => {
    outputs.answer('mail/list_user_mailboxes', { result: { emailAccounts: ['', ' m@x '] } });
    outputs.answer('mail/search_emails', { result: { items: [
      { subject: ' ', title: 't', from: { name: '', email: '' }, sender: 's', date: null, sentDate: '', receivedDate: 0, messageId: 5, id: 'i' },
      { from: '', fromName: 'fn' }, 'not an object',
    ] } });
    const run = await outputs.sent(['mail', '+unread-mail', '--email', ' ', '--size', ' ']);
    expect(run.calls).toEqual([['mail/list_user_mailboxes', {}], ['mail/search_emails', { email: ' m@x ', query: 'isRead:false', size: '20' }]]);
    expect(run.printed).toEqual({ email: ' m@x ', messages: [
      { subject: ' ', from: 's', date: 0, messageId: 'i' },
      { subject: '', from: 'fn', date: null, messageId: '' },
    ] });
  });
});

describe('chat +my-groups (my_groups.go:96-260@c7521c1c)', () => {
  it('one page: cursor "0" is not sent, rows projected (FormatFloat ids, bool owners, ParseInt counts), --type filtered case-blind', async () => {
    outputs.answer('im/list_my_groups_pagination', {
      data: { groupList: [{ id: 1e21, title: ' T ', owner: true, memberCount: '012', type: ' Group ' }, { cid: 'c2', groupType: 'x' }, 's'] },
      result: { hasMore: true, nextCursor: '0' }, hasMore: 'x',
    });
    const run = await outputs.sent(['chat', '+my-groups', '--type', 'group', '--cursor', ' 0 ', '--limit', '0x10']);
    expect(run.calls).toEqual([['im/list_my_groups_pagination', { limit: 16 }]]);
    expect(run.printed).toEqual({
      count: 1, groups: [{ conversationId: '1000000000000000000000', name: 'T', owner: 'true', memberCount: 12, type: 'Group' }],
      hasMore: true, complete: false, pagesFetched: 1, stopReason: 'single_page',
    });
  });
  it('--page-all sends the next cursor as the page gave it (a number stays a number)', async () => {
    outputs.answersInTurn('im/list_my_groups_pagination', { result: [{ cid: 'a' }], hasMore: true, nextCursor: 7 },
      { result: [{ cid: 'a' }, { cid: 'b' }], hasMore: false });
    const run = await outputs.sent(['chat', '+my-groups', '--page-all', '--cursor', 'c0']);
    expect(run.calls).toEqual([['im/list_my_groups_pagination', { limit: 200, cursor: 'c0' }], ['im/list_my_groups_pagination', { limit: 200, cursor: 7 }]]);
    expect((run.printed as { groups: unknown[] }).groups).toEqual([{ conversationId: 'a' }, { conversationId: 'b' }]);
  });
});

describe('report entry submit normalizes each contents item as validateAndNormalizeReportContents (report.go:1818-1960@c7521c1c)', () => {
  it('sort kept as its trimmed text, type and contentType mapped, content untrimmed, other keys kept; --dd-from "" is dws', async () => {
    const contents = JSON.stringify([{ key: ' k ', sort: ' +05 ', content: ' c ', type: 2, contentType: ' RAW ', x: 1 }, { key: 'k2', sort: -0, content: '', type: 'Markdown', contentType: 'text' }]);
    expect(await outputs.argsOf(['report', 'entry', 'submit', '--template-id', ' t ', '--contents', contents, '--dd-from', '', '--to-user-ids', ' , ', '--yes']))
      .toEqual([{ templateId: ' t ', ddFrom: 'dws', toChat: false, toUserIds: [], contents: [
        { key: 'k', sort: '+05', content: ' c ', type: '2', contentType: 'origin', x: 1 },
        { key: 'k2', sort: '0', content: '', type: '1', contentType: 'markdown' },
      ] }]);
  });
  it('an item upstream refuses is refused before any call', async () => {
    const item = { key: 'k', sort: '1', content: 'c', type: '1', contentType: 'markdown' };
    for (const bad of [{ sort: 'abc' }, { sort: 5.5 }, { sort: 1e20 }, { sort: true }, { type: 'xyz' }, { type: null }, { contentType: 'origin' }, { key: 5 }, { content: 5 }]) {
      const run = await outputs.sent(['report', 'entry', 'submit', '--template-id', 't', '--contents', JSON.stringify([{ ...item, ...bad }]), '--yes']);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
});

describe('todo task done checks the task first, comparing the detail\'s trimmed taskId with --task-id as typed (todo.go:30-55, :439-452@c7521c1c)', () => {
  it('a padded --task-id never matches; a numeric taskId is compared as its decimal text; --status is sent as typed', async () => {
    outputs.answer('todo/get_todo_detail', { result: { todoDetailModel: { taskId: ' t ' } } });
    const padded = await outputs.sent(['todo', 'task', 'done', '--task-id', ' t ', '--status', 'true']);
    expect(padded.calls).toEqual([['todo/get_todo_detail', { taskId: ' t ' }]]);
    expect(padded.reason).toBeDefined();
    outputs.answer('todo/get_todo_detail', { result: { todoDetailModel: { taskId: 1e21 } } });
    expect(await outputs.argsOf(['todo', 'task', 'done', '--task-id', '1000000000000000000000', '--status', ' yes ']))
      .toEqual([{ taskId: '1000000000000000000000' }, { taskId: '1000000000000000000000', isDone: ' yes ' }]);
  });
});

describe('aitable +view-preset-apply (view_preset.go:46-179, base_composite.go:281-358@c7521c1c)', () => {
  it('a view of that name (first text of viewName/name/title) whose config holds --config is not written: no call after get_views', async () => {
    outputs.answer('aitable/get_views', { result: { VIEWLIST: [{ viewName: 5, name: 'x', viewId: 7, id: 'v1', config: { a: 1, b: 2 } }] } });
    const run = await outputs.sent(['aitable', '+view-preset-apply', '--base-id', ' b ', '--table-id', 't', '--name', ' x ', '--view-type', ' Grid ',
      '--config', ' {"a":1} ', '--yes']);
    expect(run.calls).toEqual([['aitable/get_views', { baseId: 'b', tableId: 't' }]]);
    expect(run.printed).toEqual({ contractVersion: 'aitable.composite.v1', operation: 'view_preset_apply', status: 'unchanged', executed: false,
      retryable: false, resolved: { action: 'unchanged', name: 'x', viewId: 'v1' }, verification: { status: 'verified', viewId: 'v1' } });
  });
  it('a views key holding no list at the top ends the search there (backend_error), though a list sits deeper', async () => {
    outputs.answer('aitable/get_views', { views: null, data: { views: [] } });
    const run = await outputs.sent(['aitable', '+view-preset-apply', '--base-id', 'b', '--table-id', 't', '--name', 'x', '--view-type', 'Grid',
      '--config', '{"a":1}', '--yes']);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toEqual([['aitable/get_views', { baseId: 'b', tableId: 't' }]]);
  });
});
