// Session 46 second reading, part b4 (issue 32, seed 20261417, notes/h46-b4.md). No drawn command differed from its
// upstream body at c7521c1c; these tests hold the readings the audit checked against models of the upstream helpers,
// each run as a user types the command against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goTrim } from '../go-spaces.js';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46b4-');

const csvWord = fc.constantFrom('a', ' b ', '"c"', "'d'", '', ' ', '[', ']', '1', 'x y', '"', ',');
const csvText = fc.oneof(
  fc.array(csvWord, { maxLength: 5 }).map((w) => w.join(',')),
  fc.array(fc.constantFrom('a', ' b', '', '"', 'c,d'), { maxLength: 4 }).map((w) => JSON.stringify(w)),
  fc.array(csvWord, { maxLength: 4 }).map((w) => `[${w.join(',')}]`),
);

describe('chat message list-by-ids reads --msg-ids with parseCSVValues (internal/helpers/chat.go:5702-5712@c7521c1c)', () => {
  it('openMsgIds is the parseCSVValues list of the untrimmed flag (null for a blank one), at most 50', async () => {
    await fc.assert(fc.asyncProperty(csvText.filter((t) => t !== ''), async (text) => {
      const run = await outputs.sent(['chat', 'message', 'list-by-ids', '--msg-ids', text]);
      const expected = parseCSVValues(text);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['im/list_messages_by_ids', { openMsgIds: expected }]]);
    }), { numRuns: 40 });
  });
  it('51 ids are refused before any call; 50 and empty parts beside them are sent', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `m${i}`);
    expect((await outputs.sent(['chat', 'message', 'list-by-ids', '--msg-ids', ids.join(',')])).calls).toEqual([]);
    const fifty = await outputs.sent(['chat', 'message', 'list-by-ids', '--msg-ids', `${ids.slice(0, 50).join(',')},, ,`]);
    expect(fifty.calls).toEqual([['im/list_messages_by_ids', { openMsgIds: ids.slice(0, 50) }]]);
  });
});

/** upstream aisearchFlagOrDefault + normalizeAisearchSearchTypes (internal/helpers/aisearch.go:46-58, :159-170@c7521c1c). */
function enterpriseTypes(flags: Record<string, string>): string[] {
  let raw = '';
  for (const name of ['types', 'search-types', 'searchTypes']) {
    if (name in flags && flags[name] !== '') {
      raw = flags[name];
      break;
    }
  }
  if (raw === '') raw = 'all';
  const types = (parseCSVValues(raw) ?? []).map((v) => (['doc', 'document'].includes(goTrim(v).toLowerCase()) ? 'document' : v));
  return types.length === 0 ? ['all'] : types;
}

describe('aisearch enterprise sends what runAisearchEnterprise builds (internal/helpers/aisearch.go:113-128@c7521c1c)', () => {
  const typeText = fc.constantFrom('', ' ', 'DOC', ' doc , im', 'document,Doc', ',', "'doc'", '["doc","mail"]', 'mail');
  const queryText = fc.constantFrom('', ' ', 'a, b', '["x"," y "]', 'q');
  it('queries from --queries then --query then --keyword (first non-empty, untrimmed); searchTypes the first given non-empty spelling, else all', async () => {
    await fc.assert(fc.asyncProperty(
      fc.record({ types: typeText, 'search-types': typeText, searchTypes: typeText }, { requiredKeys: [] }),
      fc.record({ queries: queryText, query: queryText, keyword: queryText }, { requiredKeys: [] }),
      fc.option(fc.constantFrom('本周', ' 今天 ', ''), { nil: undefined }),
      async (types, queries, timeRange) => {
        const argv = ['aisearch', 'enterprise'];
        for (const [k, v] of Object.entries({ ...types, ...queries })) argv.push(`--${k}`, v);
        if (timeRange !== undefined) argv.push('--time-range', timeRange);
        const run = await outputs.sent(argv);
        const q = ['queries', 'query', 'keyword'].map((k) => (queries as Record<string, string>)[k] ?? '').find((v) => v !== '') ?? '';
        const expected: Record<string, unknown> = { queries: parseCSVValues(q), searchTypes: enterpriseTypes(types as Record<string, string>) };
        if (timeRange) expected.timeRange = timeRange;
        expect(run.reason).toBeUndefined();
        expect(run.calls).toEqual([['aisearch/search_enterprise', expected]]);
      },
    ), { numRuns: 40 });
  });
});

describe('chat mark-read and set-pin-msg read the message id through chatMessageID (internal/helpers/chat.go:198-237@c7521c1c)', () => {
  it('mark-read: a blank --message-id passes the required check untrimmed and is sent trimmed, as ""', async () => {
    const run = await outputs.sent(['chat', 'mark-read', '--conversation-id', 'c', '--message-id', '  ']);
    expect(run.calls).toEqual([['im/mark_message_read', { openConversationId: 'c', openMessageId: '' }]]);
  });
  it('mark-read: the conversation id is the first non-empty of --conversation-id, --id, --chat, untrimmed', async () => {
    const run = await outputs.sent(['chat', 'mark-read', '--conversation-id', '', '--chat', ' c ', '--id', ' ', '--message-id', ' m ']);
    expect(run.calls).toEqual([['im/mark_message_read', { openConversationId: ' ', openMessageId: 'm' }]]);
  });
  it('set-pin-msg: --message-id of spaces alone is sent as typed (the migration PreRunE sets nothing, FlagOrFallback sees text)', async () => {
    const run = await outputs.sent(['chat', 'message', 'set-pin-msg', '--open-conversation-id', ' c ', '--message-id', '  ']);
    expect(run.calls).toEqual([['im/set_pin_message', { openConversationId: ' c ', openMessageId: '  ' }]]);
  });
  it('set-pin-msg: a --msg-id of spaces alone is refused (cobra still finds --message-id unset)', async () => {
    const run = await outputs.sent(['chat', 'message', 'set-pin-msg', '--open-conversation-id', 'c', '--msg-id', '  ']);
    expect(run.reason).toBe('missing_parameter');
    expect(run.calls).toEqual([]);
  });
});

/** upstream normalizeReportSort over a JSON sort value (internal/helpers/report.go:1881-1897, :1939-1967@c7521c1c). */
function reportSort(value: unknown): string | 'refused' {
  let raw: string;
  if (typeof value === 'string') raw = value;
  else if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 2 ** 63) raw = String(Object.is(value, -0) ? 0 : value);
  else return 'refused';
  const sort = goTrim(raw);
  return /^[+-]?[0-9]+$/.test(sort) && Math.abs(Number(sort)) < 2 ** 63 ? sort : 'refused';
}

describe('report entry submit normalizes each item sort as normalizeReportSort (internal/helpers/report.go:1881-1897@c7521c1c)', () => {
  it('a sort is sent as its trimmed text when strconv.Atoi takes it, else the run is refused before any call', async () => {
    const sortValue = fc.constantFrom<unknown>(1000, -0, 7, 1.5, '007', ' +5 ', '-3', '1_0', '0x10', '', ' ', '1e3', null, true);
    await fc.assert(fc.asyncProperty(sortValue, async (sort) => {
      const contents = JSON.stringify([{ key: 'k', sort, content: 'c', contentType: 'markdown', type: 1 }]);
      const run = await outputs.sent(['report', 'entry', 'submit', '--template-id', 't', '--contents', contents, '--yes']);
      const expected = reportSort(sort);
      if (expected === 'refused') {
        expect(run.reason).toBeDefined();
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls[0]).toEqual(['report/create_report', {
          templateId: 't', contents: [{ key: 'k', sort: expected, content: 'c', contentType: 'markdown', type: '1' }], ddFrom: 'dws', toChat: false,
        }]);
      }
    }), { numRuns: 30 });
  });
});

describe('chat toolbar update-custom writes name/icons/desc as json.Marshal does (chat/toolbar_custom_payload.go:18-26@c7521c1c)', () => {
  it('<, > and & are escaped as \\u003c, \\u003e, \\u0026 inside the JSON texts; the texts are trimmed first', async () => {
    const run = await outputs.sent(['chat', 'toolbar', 'update-custom', '--conversation-id', ' c ', '--shortcut-id', '0x10', '--title', ' a&b<c> ',
      '--url', ' u ', '--icon-url', 'https://x?a=1&b=2', '--pc-url', 'p', '--extension', ' k = v ', '--extension', 'x==1']);
    expect(run.calls).toEqual([['im/update_custom_shortcut', {
      openConversationId: 'c', shortcutId: 16, name: '{"zh_CN":"a\\u0026b\\u003cc\\u003e"}', url: 'u',
      icons: '{"iconMobile":"https://x?a=1\\u0026b=2"}', pcUrl: 'p', desc: '{"zh_CN":"a\\u0026b\\u003cc\\u003e"}', extension: { k: 'v', x: '=1' },
    }]]);
  });
});

describe('attendance globalsetting save declares its own --yes, so the root -y shorthand is not there (attendance.go:4157@c7521c1c)', () => {
  it('-y is an unknown option; --yes runs', async () => {
    const base = ['attendance', 'globalsetting', 'save', '--scope', '企业', '--setting-scene', 'checkRemind', '--check-remind-corp'];
    expect((await outputs.sent([...base, '-y'])).reason).toBe('unknown_option');
    expect((await outputs.sent([...base, '--yes'])).calls).toEqual([['attendance-wukong/save_global_setting', {
      RuleMcpSaveGlobalSettingRequest: { settingScene: 'checkRemind', checkRemindCorp: true },
    }]]);
  });
});

/** upstream listUnreadConversationsResolveList (internal/shortcut/chat/chat_message.go:799-817@c7521c1c). */
function unreadList(data: Record<string, unknown>): unknown[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  for (const key of ['result', 'data', 'list', 'items', 'conversations', 'conversationList']) {
    if (!(key in data)) continue;
    const v = data[key];
    if (Array.isArray(v)) return v;
    if (isObject(v)) {
      for (const ik of ['list', 'items', 'conversations', 'conversationList', 'result', 'data']) {
        if (Array.isArray(v[ik])) return v[ik] as unknown[];
      }
    }
  }
  return [];
}

describe('chat +messages-list-unread-conversations finds the list as listUnreadConversationsResolveList does', () => {
  const inner = fc.constantFrom<unknown>(null, 'x', [], [{ cid: 'c1', count: 2 }], [{ title: 't' }, 5]);
  const answer = fc.record({
    result: fc.oneof(inner, fc.record({ list: inner, result: inner }, { requiredKeys: [] })),
    data: fc.oneof(inner, fc.record({ items: inner }, { requiredKeys: [] })),
    list: inner,
    conversations: inner,
  }, { requiredKeys: [] });
  it('count is the number of object rows in the first list met, key by key', async () => {
    await fc.assert(fc.asyncProperty(answer, async (body) => {
      outputs.answer('chat/unread_message_conversation_list', body);
      const run = await outputs.sent(['chat', '+messages-list-unread-conversations']);
      const rows = unreadList(body).filter((r) => typeof r === 'object' && r !== null && !Array.isArray(r) && Object.keys(r).length > 0);
      expect(run.reason).toBeUndefined();
      expect((run.printed as { count: number }).count).toBe(rows.length);
    }), { numRuns: 40 });
  });
});
