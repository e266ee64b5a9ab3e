// Session 42 second reading, part a2 (issue 32, notes/h42-a2.md, seed 20261372): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h42a2-');

/**
 * upstream's resolveUserOpenDingTalkID (internal/shortcut/chat/unified_send.go:522-561@c7521c1c) over a
 * search_contact_by_key_word answer, as a model: the openDingTalkId it takes, or 'refused'. Its rows are
 * shortcutMapSlice(data["result"]) (chat_group.go:1650-1659): the object elements of a JSON list, nothing otherwise.
 */
function upstreamSender(answer: Record<string, unknown>, userId: string): string | 'refused' {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const rows = Array.isArray(answer.result) ? answer.result.filter(isObject) : [];
  // shortcutString (chat_group.go:1661-1677): the first key holding a non-blank text (trimmed) or a number
  const text = (row: Record<string, unknown>, keys: string[]) => {
    for (const key of keys) {
      const v = row[key];
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
      if (typeof v === 'number') return String(v);
    }
    return '';
  };
  const ids = new Set<string>();
  for (const row of rows) {
    if (text(row, ['userId', 'userID']) !== userId) continue;
    const id = text(row, ['openDingTalkId', 'openDingtalkId']);
    if (id !== '') ids.add(id);
  }
  return ids.size === 1 ? [...ids][0] : 'refused';
}

const row = fc.record({
  userId: fc.constantFrom<unknown>('u1', ' u1 ', 'u2', null),
  openDingTalkId: fc.constantFrom<unknown>('O1', 'O2', ' ', null),
}, { requiredKeys: [] });
const resultShape = fc.oneof(
  fc.array(fc.oneof(row, fc.constantFrom<unknown>(null, 'u1', 5)), { maxLength: 3 }),
  row,
  fc.constantFrom<unknown>(null, 'u1', 5, {}),
);

// The three commands whose body calls resolveUserOpenDingTalkID with a typed userId, and the argument it fills.
const senders: { name: string; argv: string[]; tool: string; sent: (args: Record<string, unknown>) => unknown }[] = [
  {
    name: 'chat +messages-reply --ref-sender (lark_alignment.go:309-318)',
    argv: ['chat', '+messages-reply', '--conversation-id', 'c', '--message-id', 'm', '--text', 't', '--ref-sender', ' u1 ', '--yes'],
    tool: 'chat/send_personal_message',
    sent: (args) => (JSON.parse(args.content as string) as { srcMsgSendOpenDingTalkId: string }).srcMsgSendOpenDingTalkId,
  },
  {
    name: 'chat +messages-send --user (unified_send.go:457)',
    argv: ['chat', '+messages-send', '--user', ' u1 ', '--text', 'hi', '--yes'],
    tool: 'chat/send_personal_message',
    sent: (args) => args.receiverOpenDingTalkId,
  },
  {
    name: 'chat +messages-send-card --receiver (chat_message.go:1564-1569)',
    argv: ['chat', '+messages-send-card', '--receiver', ' u1 ', '--yes'],
    tool: 'im/create_and_send_card',
    sent: (args) => args.receiverOpenDingTalkId,
  },
];

describe('a typed userId is looked up as resolveUserOpenDingTalkID reads search_contact_by_key_word: rows only from a list at result (unified_send.go:522-561@c7521c1c)', () => {
  for (const s of senders) {
    it(`${s.name}: a result that is one object, not a list, matches no row and is refused before the send`, async () => {
      outputs.answer('contact/search_contact_by_key_word', { result: { userId: 'u1', openDingTalkId: 'O1' } });
      const run = await outputs.sent(s.argv);
      expect(run.reason).toBe('not_found');
      expect(run.calls.map(([tool]) => tool)).toEqual(['contact/search_contact_by_key_word']);
    });
    it(`${s.name}: sends the openDingTalkId upstream takes, or refuses where upstream refuses, for any result`, async () => {
      await fc.assert(fc.asyncProperty(resultShape, async (result) => {
        const answer = { result };
        outputs.answer('contact/search_contact_by_key_word', answer);
        const run = await outputs.sent(s.argv);
        const expected = upstreamSender(answer, 'u1');
        const send = run.calls.find(([tool]) => tool === s.tool);
        if (expected === 'refused') {
          expect(run.reason).toBeDefined();
          expect(send).toBeUndefined();
        } else {
          expect(send).toBeDefined();
          expect(s.sent(send![1] as Record<string, unknown>)).toBe(expected);
        }
      }), { numRuns: 30 });
    });
  }
});

describe('aitable view update aggregate / field-widths / card / timebar: no typed flag is required, and a lone --field-id is refused after the view is read (helpers/aitable.go:3455-3622, :3641-3662, :1026-1055@c7521c1c)', () => {
  const ids = ['--base-id', 'b', '--table-id', 't', '--view-id', 'v'];
  const view = (viewType: string) => ({ data: { views: [{ viewType }] } });
  const readView = ['aitable/get_views', { baseId: 'b', tableId: 't', viewIds: ['v'] }];
  const update = (config: Record<string, unknown>) => ['aitable/update_view', { baseId: 'b', tableId: 't', viewId: 'v', config }];
  const cases: { attr: string; viewType: string; config: Record<string, unknown> }[] = [
    { attr: 'aggregate', viewType: 'Grid', config: { aggregate: {} } },
    { attr: 'field-widths', viewType: 'Grid', config: { fieldWidths: {} } },
    { attr: 'card', viewType: 'Kanban', config: { kanbanCard: {} } },
    { attr: 'card', viewType: 'Gallery', config: { galleryCard: {} } },
    { attr: 'timebar', viewType: 'Gantt', config: { ganttTimebar: {} } },
  ];
  for (const c of cases) {
    it(`${c.attr} on a ${c.viewType} view with only the ids: the view is read, then update_view gets an empty block (mergeUpdateBlock("", {}))`, async () => {
      outputs.answer('aitable/get_views', view(c.viewType));
      const run = await outputs.sent(['aitable', 'view', 'update', c.attr, ...ids]);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([readView, update(c.config)]);
    });
  }
  const halves: [string, string[]][] = [
    ['aggregate', ['--field-id', 'f']], ['aggregate', ['--action', ' ']], ['aggregate', ['--field-id', 'f', '--action', '']],
    ['field-widths', ['--field-id', 'f']], ['field-widths', ['--width', '5']], ['field-widths', ['--field-id', '', '--width', '5']],
  ];
  for (const [attr, flags] of halves) {
    it(`${attr} ${flags.join(' ')}: refused after get_views, before update_view (the pair is checked after the preflight)`, async () => {
      outputs.answer('aitable/get_views', view('Grid'));
      const run = await outputs.sent(['aitable', 'view', 'update', attr, ...ids, ...flags]);
      expect(run.reason).toBeDefined();
      expect(run.calls).toEqual([readView]);
    });
  }
  it('a blank but typed --field-id with its partner is a key: field-widths --field-id " " --width 5 sends {" ": 5}', async () => {
    outputs.answer('aitable/get_views', view('Grid'));
    const run = await outputs.sent(['aitable', 'view', 'update', 'field-widths', ...ids, '--field-id', ' ', '--width', '5']);
    expect(run.calls).toEqual([readView, update({ fieldWidths: { ' ': 5 } })]);
  });
});

describe('aitable view update field-widths --json null is an empty block, as its sibling aggregate (mergeUpdateBlock, aitable.go:889-908; jsonStringToMap attendance.go:21-27@c7521c1c)', () => {
  it.each(['null', ' null\n'])('--json %j sends fieldWidths {} after the Grid check', async (json) => {
    outputs.answer('aitable/get_views', { data: { views: [{ viewType: 'Grid' }] } });
    const run = await outputs.sent(['aitable', 'view', 'update', 'field-widths', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--json', json]);
    expect(run.calls.map(([tool, args]) => [tool, (args as { config?: unknown }).config])).toEqual([['aitable/get_views', undefined], ['aitable/update_view', { fieldWidths: {} }]]);
  });
});

describe('chat group create reads the signed-in userId as getCurrentUserID decodes get_current_user_profile: Go struct decodes, keys matched ignoring case (helpers/helpers.go:521-561@c7521c1c)', () => {
  const argv = ['chat', 'group', 'create', '--name', 'N', '--users', 'a'];
  const cases: [string, unknown, string | 'refused'][] = [
    ['exact result[0].orgEmployeeModel.userId', { result: [{ orgEmployeeModel: { userId: 'me1' } }] }, 'me1'],
    ['the first struct decode with other key cases', { result: [{ OrgEmployeeModel: { UserId: 'me2' } }] }, 'me2'],
    ['the second struct decode (result an object) with other key cases', { Result: { USERID: 'me3' } }, 'me3'],
    ['result an object, exact keys', { result: { userId: 'me4' } }, 'me4'],
    ['a number userId in the first row: both struct decodes fail, the flat read wants a text', { result: [{ orgEmployeeModel: { userId: 5 } }, { orgEmployeeModel: { userId: 'z' } }] }, 'refused'],
    ['a later row that breaks the struct decode: the flat read still takes the first row', { result: [{ orgEmployeeModel: { userId: 'me5' } }, { orgEmployeeModel: 7 }] }, 'me5'],
    ['a first row that is no object', { result: [1, { orgEmployeeModel: { userId: 'me6' } }] }, 'refused'],
    ['an empty userId', { result: [{ orgEmployeeModel: { userId: '' } }] }, 'refused'],
  ];
  for (const [name, profile, owner] of cases) {
    it(`${name}: ${owner === 'refused' ? 'refused before the create' : `${owner} is the owner, first of groupMembers`}`, async () => {
      outputs.answer('contact/get_current_user_profile', profile);
      const run = await outputs.sent(argv);
      const create = run.calls.find(([tool]) => tool === 'im/create_group_conversation');
      if (owner === 'refused') {
        expect(run.reason).toBeDefined();
        expect(create).toBeUndefined();
      } else {
        expect((create![1] as { groupMembers: string[] }).groupMembers).toEqual([owner, 'a']);
      }
    });
  }
});
