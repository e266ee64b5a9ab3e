// Session 37 second reading by helper h37-b6 (issue 32, notes/h37-b6.md): where a drawn command differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37b6-');

/**
 * upstream's FIXED check in attendance group create (internal/helpers/attendance.go:2145-2156@c7521c1c), as a model:
 * refused when workDayClassList is missing or null, or a list with no element, or when defaultClassId is missing or null.
 * Any other value (a text, a number, false, an object, a blank text) passes and is sent.
 */
function upstreamFixedRefuses(vo: Record<string, unknown>): boolean {
  const list = vo.workDayClassList;
  if (list === undefined || list === null) return true;
  if (Array.isArray(list) && list.length === 0) return true;
  return vo.defaultClassId === undefined || vo.defaultClassId === null;
}

const value = fc.constantFrom<unknown>(undefined, null, '', ' ', 0, 1, false, true, [], [0], [null], {}, { a: 1 }, 'x');

describe('attendance group create --type FIXED refuses only what upstream refuses (attendance.go:2145-2156@c7521c1c)', () => {
  it('a blank workDayClassList and a false or blank defaultClassId are sent as given, not refused', async () => {
    for (const vo of [{ workDayClassList: '', defaultClassId: 1 }, { workDayClassList: [1], defaultClassId: false }, { workDayClassList: [1], defaultClassId: '' }]) {
      const run = await outputs.sent(['attendance', 'group', 'create', '--name', 'n', '--type', 'FIXED', '--group-vo', JSON.stringify(vo), '--yes']);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['attendance-wukong/create_group_setting', { groupVO: { ...vo, name: 'n', type: 'FIXED' } }]]);
    }
  });
  it('an empty workDayClassList and a null defaultClassId are still refused before any call', async () => {
    for (const vo of [{ workDayClassList: [], defaultClassId: 1 }, { workDayClassList: [1], defaultClassId: null }, { defaultClassId: 1 }]) {
      const run = await outputs.sent(['attendance', 'group', 'create', '--name', 'n', '--type', 'FIXED', '--group-vo', JSON.stringify(vo), '--yes']);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
  });
  it('refused or sent as upstream decides, for any workDayClassList and defaultClassId', async () => {
    await fc.assert(fc.asyncProperty(value, value, async (list, def) => {
      const vo: Record<string, unknown> = {};
      if (list !== undefined) vo.workDayClassList = list;
      if (def !== undefined) vo.defaultClassId = def;
      const run = await outputs.sent(['attendance', 'group', 'create', '--name', 'n', '--type', 'FIXED', '--group-vo', JSON.stringify(vo), '--yes']);
      if (upstreamFixedRefuses(vo)) {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.reason).toBeUndefined();
        expect(run.calls).toEqual([['attendance-wukong/create_group_setting', { groupVO: { ...vo, name: 'n', type: 'FIXED' } }]]);
      }
    }), { numRuns: 60 });
  });
});

describe('chat +messages-send-card --receiver resolves as resolveUserOpenDingTalkID (shortcut/chat/unified_send.go:522-561@c7521c1c)', () => {
  const card = ['chat', '+messages-send-card', '--receiver', ' u1 ', '--yes'];
  const rows = (result: unknown[]) => ({ result });
  const cases: { name: string; rows: unknown[]; sent: string }[] = [
    { name: 'a row spelled userID', rows: [{ userID: 'u1', openDingTalkId: 'o1' }], sent: 'o1' },
    { name: 'a padded userId and the openDingtalkId spelling', rows: [{ userId: ' u1 ', openDingtalkId: 'o2' }], sent: 'o2' },
    { name: 'two rows of one openDingTalkId (trimmed)', rows: [{ userId: 'u1', openDingTalkId: 'o1' }, { userId: 'u1', openDingTalkId: ' o1 ' }], sent: 'o1' },
    { name: 'an exact row without an openDingTalkId beside one with it', rows: [{ userId: 'u1', openDingTalkId: '' }, { userId: 'u1', openDingTalkId: 'o3' }], sent: 'o3' },
  ];
  for (const c of cases) {
    it(`${c.name}: the card goes to its openDingTalkId`, async () => {
      outputs.answer('search_contact_by_key_word', rows(c.rows));
      outputs.answer('create_and_send_card', { result: { bizId: 'b1' } });
      const run = await outputs.sent(card);
      expect(run.calls).toEqual([
        ['contact/search_contact_by_key_word', { keyword: 'u1' }],
        ['im/create_and_send_card', { receiverOpenDingTalkId: c.sent }],
      ]);
    });
  }
  it('two different openDingTalkIds for the userId are refused before the card is created', async () => {
    outputs.answer('search_contact_by_key_word', rows([{ userId: 'u1', openDingTalkId: 'o1' }, { userID: 'u1', openDingTalkId: 'o2' }]));
    const run = await outputs.sent(card);
    expect(run.reason).toBe('ambiguous_match');
    expect(run.calls.map(([tool]) => tool)).toEqual(['contact/search_contact_by_key_word']);
  });
});
