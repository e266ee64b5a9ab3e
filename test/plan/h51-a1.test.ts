// Session 51 helper a1, second-reading audit of seed 20261435 (issue 32, notes/h51-a1.md). Two drawn commands differed
// from upstream's bodies at c7521c1c and were fixed: chat message edit sent atOpenDingTalkIds [] for a list holding no id,
// where upstream sends the key only when parseCSVValues leaves one (chat.go:4445, :4465-4467); chat +category-add-conversation
// (and its sibling +category-remove-conversation) refused an id beyond 2^53, where toInt64Slice reads any int64
// (shortcut/chat/chat.go:67-84). The other readings the audit checked are held here too, each run as a user types it
// against the recording backend on 127.0.0.1, so a later change that breaks one fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../../src/json-number.js';
import { dispatchInProcess } from '../helpers.js';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h51a1-');
const { sent, argsOf } = outputs;

describe('chat message edit sends atOpenDingTalkIds only when the list holds an id (chat.go:4445, :4465-4467@c7521c1c)', () => {
  const edit = (ids: string) => argsOf(['chat', 'message', 'edit', '--id', 'c', '--message-id', 'm', '--text', 'hi', '--at-open-dingtalk-ids', ids]);
  it('a list of only commas, blanks, quotes or [] sends no key; a list with ids sends them', async () => {
    for (const empty of [',', ' , ', ' ', '[]', '""', "','", '[""]', '[ ]']) {
      expect(await edit(empty)).toEqual([{ openConversationId: 'c', openMessageId: 'm', content: '{"text":"hi","title":"hi"}' }]);
    }
    expect(await edit(' a ,, "b" ')).toEqual([{ openConversationId: 'c', openMessageId: 'm', atOpenDingTalkIds: ['a', 'b'], content: '{"text":"hi","title":"hi"}' }]);
  });
  it('for any list text the key is there exactly when parseCSVValues leaves an id, holding those ids (property)', async () => {
    const part = fc.constantFrom('', ' ', 'a', ' b ', '"c"', "'d'", '\u0085e', '[', ']', '\ufefff');
    await fc.assert(fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), fc.boolean(), async (parts, bracket) => {
      const text = bracket ? `[${parts.join(',')}]` : parts.join(',');
      const want = parseCSVValues(text) ?? [];
      const [args] = (await edit(text)) as Record<string, unknown>[];
      if (want.length === 0) expect(args).not.toHaveProperty('atOpenDingTalkIds');
      else expect(args.atOpenDingTalkIds).toEqual(want);
    }), { numRuns: 30, examples: [[[''], false], [[' ', ''], true], [['a', ''], false]] });
  });
  it('a bare @id of a listed id becomes <@id> in the text, after the <@all> prefix; the message id is trimmed', async () => {
    const [args] = (await argsOf(['chat', 'message', 'edit', '--chat', ' c ', '--message-id', ' m ', '--text', 'hi @u1 & <@u2>',
      '--at-all', '--at-open-dingtalk-ids', 'u1,u2'])) as Record<string, unknown>[];
    expect(args).toEqual({ openConversationId: ' c ', openMessageId: 'm', atAll: true, atOpenDingTalkIds: ['u1', 'u2'],
      content: '{"text":"<@all> hi <@u1> & <@u2>","title":"hi @u1 & <@u2>"}' });
  });
});

/** pflag's StringSlice of one occurrence without quotes, then toInt64Slice (shortcut/chat/chat.go:67-84@c7521c1c). */
const int64s = (text: string): string[] | 'refused' => {
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const v = goTrim(raw);
    if (v === '') continue;
    if (!/^[+-]?[0-9]+$/.test(v)) return 'refused';
    const n = BigInt(v);
    if (n < -(2n ** 63n) || n >= 2n ** 63n) return 'refused';
    out.push(n.toString());
  }
  return out.length === 0 ? 'refused' : out;
};

describe('chat +category-add-conversation / -remove-conversation read --category-ids as toInt64Slice does (shortcut/chat/chat.go:67-84@c7521c1c)', () => {
  const element = fc.constantFrom('1', ' +5', '010', '-3', '9007199254740993', '9223372036854775807', '', ' ', '\u00857',
    '\ufeff8', '1_0', '0x10', '1e3', '9223372036854775808', '-9223372036854775808');
  for (const [command, rpc] of [['+category-add-conversation', 'add_conv_to_categories'], ['+category-remove-conversation', 'remove_conv_from_categories']]) {
    it(`${command}: each part trimmed, blanks skipped, the rest any int64 (beyond 2^53 sent whole), else refused (property)`, async () => {
      await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 4 }), async (parts) => {
        const text = parts.join(',');
        const want = int64s(text);
        const run = await sent(['chat', command, '--group', ' g ', '--category-ids', text, '--yes']);
        if (want === 'refused') {
          expect(run.reason).toBeDefined();
          expect(run.calls).toEqual([]);
        } else {
          expect(run.reason).toBeUndefined();
          expect(run.calls.map(([t]) => t)).toEqual([`im/${rpc}`]);
          expect(stringifyJson(run.calls[0][1])).toBe(`{"categoryIds":[${want.join(',')}],"openConversationId":"g"}`);
        }
      }), { numRuns: 30, examples: [[['9007199254740993']], [[' ', '']], [['1', '0x10']]] });
    });
  }
});

describe('wiki +member-list reads as upstream\'s readShortcut body does (shortcut/wiki/wiki.go:200-220, common.go:52-163@c7521c1c)', () => {
  it('--limit is a pflag int within 1-50 (default 30); --filter-role is sent when typed, [] for a blank one', async () => {
    outputs.mcp.answers['list_member'] = () => ({ members: [] });
    expect(await argsOf(['wiki', '+member-list', '--workspace', ' w ', '--limit', '0x10'])).toEqual([{ workspaceId: 'w', maxResults: 16 }]);
    expect(await argsOf(['wiki', '+member-list', '--workspace', 'w', '--filter-role', ''])).toEqual([{ workspaceId: 'w', maxResults: 30, filterRoleIds: [] }]);
    expect(await argsOf(['wiki', '+member-list', '--workspace', 'w', '--filter-role', ' a,b'])).toEqual([{ workspaceId: 'w', maxResults: 30, filterRoleIds: [' a', 'b'] }]);
    for (const bad of ['0', '51', '-0', '1e3']) expect(await argsOf(['wiki', '+member-list', '--workspace', 'w', '--limit', bad])).toBe('invalid_parameter');
  });
  it('rows are projected by their aliases (a null passed over), the paging keys read from the list\'s own container, the last one winning', async () => {
    outputs.mcp.answers['list_member'] = () => ({ nextToken: 'top', data: { members: [{ id: null, userId: 'u', nick: 'n', roleId: 'r', outer: false }], nextCursor: '', pageToken: 'p', totalCount: null } });
    expect((await sent(['wiki', '+member-list', '--workspace', 'w'])).printed).toEqual({ count: 1, members: [{ id: 'u', name: 'n', role: 'r', outer: false }], nextCursor: 'p' });
    for (const bad of [{ result: 'x', members: [] }, { success: 'true', members: [] }, { members: [1] }, { data: { members: null } }, {}]) {
      outputs.mcp.answers['list_member'] = () => bad;
      expect((await sent(['wiki', '+member-list', '--workspace', 'w'])).category).toBe('backend');
    }
  });
});

describe('chat +category-list projects the answer as categoryListProject does (chat_conversation.go:870-930@c7521c1c)', () => {
  it('the first key holding a list (one level inside an object too) wins; a present key holding null is kept; empty rows dropped', async () => {
    outputs.mcp.answers['list_user_define_conv_categories'] = () => ({ categoryList: 'x', categories: { list: 5 },
      result: { data: [{ id: null, name: 'n', categoryName: null }, { x: 1 }, 3, { category_id: 7 }] }, items: [{ id: 9 }] });
    expect((await sent(['chat', '+category-list'])).printed).toEqual({ count: 2, categories: [{ categoryId: null, title: null }, { categoryId: 7 }] });
    outputs.mcp.answers['list_user_define_conv_categories'] = () => null;
    expect((await sent(['chat', '+category-list'])).printed).toEqual({ count: 0, categories: [] });
  });
});

describe('calendar +cancel-event, ding +send-personal, chat message send-by-webhook: arguments and answers as upstream reads them', () => {
  it('+cancel-event: the event id trimmed; the first non-blank title (top, then detail/event/data/result) printed before the delete', async () => {
    outputs.mcp.answers['get_calendar_detail'] = () => ({ summary: '  ', result: { title: ' T ' } });
    outputs.mcp.answers['delete_calendar_event'] = () => ({ ok: 1 });
    outputs.mcp.calls.length = 0;
    const run = await dispatchInProcess(['calendar', '+cancel-event', '--event', ' e ', '--yes'], outputs.env());
    expect(outputs.mcp.calls.map((c) => [c.name, c.arguments])).toEqual([['get_calendar_detail', { eventId: 'e' }], ['delete_calendar_event', { eventId: 'e' }]]);
    expect(run.out.trim().split('\n').map((l) => (JSON.parse(l) as { result: unknown }).result))
      .toEqual([{ action: 'about_to_cancel', eventId: 'e', title: 'T' }, { ok: 1 }]);
    outputs.mcp.answers['get_calendar_detail'] = () => [1];
    const refused = await sent(['calendar', '+cancel-event', '--event', 'e', '--yes']);
    expect([refused.category, refused.calls.length]).toEqual(['backend', 1]);
  });
  it('+send-personal: --users a pflag StringSlice (parts untrimmed), content trimmed, uuid when typed', async () => {
    expect(await argsOf(['ding', '+send-personal', '--users', ' a, b ,', '--content', ' x ', '--uuid', ' ', '--yes']))
      .toEqual([{ receiverOpenDingTalkIds: [' a', ' b ', ''], content: 'x', remindType: 'app', uuid: '' }]);
    expect(await argsOf(['ding', '+send-personal', '--users', ',', '--content', 'x', '--yes'])).toBe('missing_parameter');
  });
  it('send-by-webhook: a list of only blanks is sent as null (a nil slice); an errcode that is not zero once printed (%v) is refused', async () => {
    expect(await argsOf(['chat', 'message', 'send-by-webhook', '--token', ' t ', '--title', 't', '--text', 'x', '--at-mobiles', ' , ', '--at-users', ' u1 ,, u2']))
      .toEqual([{ robotToken: ' t ', title: 't', text: 'x', atMobiles: null, atUserIds: ['u1', 'u2'] }]);
    for (const [errcode, ok] of [[0, true], [' 0 ', true], [null, false], [false, false], [300005, false]] as const) {
      outputs.mcp.answers['send_message_by_custom_robot'] = () => ({ errcode });
      const run = await sent(['chat', 'message', 'send-by-webhook', '--token', 't', '--title', 't', '--text', 'x']);
      expect(run.reason === undefined).toBe(ok);
    }
  });
});

describe('contact +team reads the department id as shortcutOrgExtractDeptID does (smart/team.go:79-108, org.go:112-179@c7521c1c)', () => {
  it('candidates in order (the object, then result/data/userList/users); float64 truncated, text ParseInt, others passed over', async () => {
    outputs.mcp.answers['search_contact_by_key_word'] = () => ({ result: [{ userId: 'u1', name: '张三', openDingTalkId: 'o1' }] });
    for (const [detail, dept] of [
      [{ result: [{ orgEmployeeModel: { depts: [{ deptId: ' 5' }, { deptId: 12.7 }] } }] }, '12'],
      [{ orgEmployeeModel: { depts: ['x', { deptId: '007' }] } }, '7'],
      [{ data: { orgEmployeeModel: { depts: [{ deptId: -3 }] } }, users: [{ orgEmployeeModel: { depts: [{ deptId: 9 }] } }] }, '-3'],
    ] as const) {
      outputs.mcp.answers['get_user_info_by_user_ids'] = () => detail;
      const run = await sent(['contact', '+team', '--name', ' 张三 ']);
      expect(run.calls).toEqual([['contact/search_contact_by_key_word', { keyword: '张三' }], ['contact/get_user_info_by_user_ids', { user_id_list: ['u1'] }],
        ['contact/get_dept_members_by_deptId', { deptIds: [dept] }]]);
    }
  });
});

describe('atomic readings held (doc block list, aitable base copy and import upload, mail shared-with-me, drive permission remove)', () => {
  it('doc block list: pflag ints when typed, texts when non-empty and untrimmed, --content-format exactly "", element or jsonml', async () => {
    expect(await argsOf(['doc', 'block', 'list', '--node', ' d ', '--start-index', '0x10', '--end-index', '-0', '--block-type', ' h ', '--content-format', 'jsonml', '--block-id', ' ']))
      .toEqual([{ nodeId: ' d ', startIndex: 16, endIndex: 0, blockType: ' h ', format: 'jsonml', blockId: ' ' }]);
    expect(await argsOf(['doc', 'block', 'list', '--id', 'd', '--content-format', ''])).toEqual([{ nodeId: 'd' }]);
    expect(await argsOf(['doc', 'block', 'list', '--id', 'd', '--content-format', ' jsonml'])).toBe('invalid_parameter');
  });
  it('aitable base copy checks nothing and always sends onlyCopyMeta; import upload reads --file-size as pflag Int64, above 0', async () => {
    expect(await argsOf(['aitable', 'base', 'copy'])).toEqual([{ baseId: '', targetFolderId: '', onlyCopyMeta: false }]);
    expect(await argsOf(['aitable', 'import', 'upload', '--base-id', '', '--base', 'bb', '--file-name', ' d ', '--file-size', '010']))
      .toEqual([{ baseId: 'bb', fileName: ' d ', fileSize: 8 }]);
    for (const bad of ['0', '-1', '1e3', ' 5']) {
      expect(await argsOf(['aitable', 'import', 'upload', '--base-id', 'b', '--file-name', 'd', '--file-size', bad])).toBe('invalid_parameter');
    }
  });
  it('mail mailbox shared-with-me sends {} without flags; drive permission remove splits --users (or --user) on commas only', async () => {
    expect(await argsOf(['mail', 'mailbox', 'shared-with-me'])).toEqual([{}]);
    expect(await argsOf(['mail', 'mailbox', 'shared-with-me', '--limit', '0x10', '--offset', '-0'])).toEqual([{ limit: 16, offset: 0 }]);
    expect(await argsOf(['drive', 'permission', 'remove', '--node', ' n ', '--users', ' a , "b",,', '--workspace', '', '--workspace-id', 'w']))
      .toEqual([{ nodeId: ' n ', userIds: ['a', '"b"'], workspaceId: 'w' }]);
    expect(await argsOf(['drive', 'permission', 'remove', '--node', 'n', '--users', ' , '])).toBe('invalid_parameter');
  });
});
