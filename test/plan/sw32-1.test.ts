// Session 32 sweep, share 1 (chat part 1, contact): the commands whose sent calls differed from upstream at c7521c1c,
// run as a user types them against the recording backend on 127.0.0.1 (notes/sw32-1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-sw32-1-');

/** A sent value as text: a kept int64 literal (JsonNumber) as its digits, a number as JavaScript writes it. */
const digits = (v: unknown) => (v instanceof JsonNumber ? v.literal : String(v));

describe('contact user dismission search (helpers/contact.go:1161-1196, parseCSVInts :2000-2011@c7521c1c)', () => {
  const search = ['contact', 'user', 'dismission', 'search'];

  it('refuses a typed empty --start beside a filled --end, and the reverse, before any call (the pair check compares the typed texts with "")', async () => {
    for (const flags of [['--start', '', '--end', '2026-01-02'], ['--start', '2026-01-01', '--end', '']]) {
      const run = await runs.sent([...search, ...flags]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
      expect(run.printed).toBeUndefined();
    }
    // both typed empty: no dates at all, as upstream
    const none = await runs.sent([...search, '--start', '', '--end', '']);
    expect(none.calls).toEqual([['hrmregister/query_dismission_employee_list', { searchVO: {}, pageNum: 1, pageSize: 20 }]]);
  });

  it('sends each --depts part strconv.ParseInt reads, ids beyond 2^53 whole, and drops the parts it refuses (beyond int64 too)', async () => {
    const run = await runs.sent([...search, '--depts', '1, +2,-3,9007199254740993,9223372036854775807,9223372036854775808,-9223372036854775808,0x10,1_0, 010 ,\ufeff5,,-9223372036854775809']);
    expect(run.reason).toBeUndefined();
    const sent = (run.calls[0][1] as { searchVO: { depts: unknown[] } }).searchVO.depts;
    expect(sent.map(digits)).toEqual(['1', '2', '-3', '9007199254740993', '9223372036854775807', '-9223372036854775808', '10']);
    expect(sent.slice(0, 3).every((x) => typeof x === 'number')).toBe(true);
  });

  it('keep_int keeps exactly the texts Go strconv.ParseInt(s, 10, 64) accepts (property)', () => {
    const goParses = (s: string) => /^[+-]?[0-9]+$/.test(s) && BigInt(s) >= -(2n ** 63n) && BigInt(s) < 2n ** 63n;
    const part = fc.oneof(
      fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map((n) => n.toString()),
      fc.bigInt({ min: 0n, max: 2n ** 64n }).map((n) => `+${n}`),
      fc.string({ maxLength: 6 }),
      fc.constantFrom(' 1', '1 ', '0x10', '1_0', '1e3', '\ufeff5', '-', '+', '００'),
    );
    fc.assert(fc.property(fc.array(part, { maxLength: 8 }), (parts) => {
      const kept = applyTransforms(['keep_int'], parts, 'depts') as string[];
      expect(kept).toEqual(parts.filter(goParses));
    }));
  });
});

describe('chat +at-me with a stable id through --chat-query/--group-query (at_me.go:139-147, resolver.go:588-622@c7521c1c)', () => {
  it('scopes the search to that group as --group does, without a group search', async () => {
    for (const flag of ['--group', '--chat-query', '--group-query']) {
      const run = await runs.sent(['chat', '+at-me', flag, ' cidAbCdEf12345 ']);
      expect(run.reason).toBeUndefined();
      expect(run.calls.map((c) => c[0])).toEqual(['chat/search_at_me_message']);
      expect((run.calls[0][1] as Record<string, unknown>).openConversationId).toBe('cidAbCdEf12345');
    }
  });
});

describe('contact +org sends the department id as Go int64 (org.go:96-98, shortcutOrgToInt64 :161-179@c7521c1c)', () => {
  it('sends a decimal-text deptId beyond 2^53 whole, after the two reads', async () => {
    runs.mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [{ name: '张三', userId: 'u1' }] });
    runs.mcp.answers['contact/get_user_info_by_user_ids'] = () => ({ result: [{ orgEmployeeModel: { depts: [{ deptId: '9007199254740993' }] } }] });
    try {
      const run = await runs.sent(['contact', '+org', '--name', '张三']);
      expect(run.reason).toBeUndefined();
      expect(run.calls.map((c) => c[0])).toEqual(['contact/search_contact_by_key_word', 'contact/get_user_info_by_user_ids', 'contact/get_dept_info_by_dept_id']);
      expect(digits((run.calls[2][1] as Record<string, unknown>).deptId)).toBe('9007199254740993');
    } finally {
      delete runs.mcp.answers['contact/search_contact_by_key_word'];
      delete runs.mcp.answers['contact/get_user_info_by_user_ids'];
    }
  });
});

describe('chat search takes one positional query as upstream (runChatGroupSearch chat.go:1146-1155, Args :1182@c7521c1c)', () => {
  it('sends the positional trimmed, refuses it beside a filled query flag, and refuses a blank one as no query', async () => {
    for (const argv of [['chat', 'search', ' 项目冲刺 '], ['chat', 'group', 'search', '项目冲刺']]) {
      const run = await runs.sent(argv);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['im/search_groups', { keyword: '项目冲刺', limit: 20, cursor: '0' }]]);
    }
    for (const argv of [['chat', 'search', 'x', '--query', 'x'], ['chat', 'search', 'x', '--keyword', 'k'], ['chat', 'search', 'x', '--group', 'g'], ['chat', 'search', ' \u3000']]) {
      const run = await runs.sent(argv);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }
    // a --query left empty yields to the positional (flagOrFallback returns "", then args[0] is read)
    expect((await runs.sent(['chat', 'search', '--query', '', ' p '])).calls).toEqual([['im/search_groups', { keyword: 'p', limit: 20, cursor: '0' }]]);
  });
});

describe('contact dept create/update: a hidden parent spelling typed blank alone is refused (contactAnyFlagChanged contact.go:73-80, :161-167, :205-211@c7521c1c)', () => {
  it('refuses --super-dept "" / --super-dept-id "" alone before any call, as --parent ""; a filled spelling is still read', async () => {
    const commands = [['contact', 'dept', 'update', '--dept', '12', '--name', 'n', '--yes'], ['contact', 'dept', 'create', '--name', 'n', '--create-dept-group=false', '--yes']];
    for (const base of commands) {
      for (const blank of [['--super-dept', ''], ['--super-dept-id', ''], ['--parent', '']]) {
        const run = await runs.sent([...base, ...blank]);
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
      }
      const filled = await runs.sent([...base, '--super-dept', '', '--super-dept-id', ' 7 ']);
      expect(filled.reason).toBeUndefined();
      expect((filled.calls[0][1] as Record<string, unknown>).superDeptId).toBe(7);
      const none = await runs.sent(base);
      expect(Object.hasOwn(none.calls[0][1] as object, 'superDeptId')).toBe(false);
    }
  });
});
