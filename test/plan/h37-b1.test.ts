// Session 37 second reading b1 (issue 32, notes/h37-b1.md, seed 20261331): where a drawn command still differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37b1-');

describe('event +listen-im counts a target only when it is not blank once trimmed (compileListenIMPlan, nonEmptyListenIMCount app/event_listen_im.go:183-230, :271-283@c7521c1c)', () => {
  it('a blank --chat-id beside --chat-query is no second target: the group is resolved by name', async () => {
    outputs.answer('im/search_groups', { result: [{ openConversationId: 'cidTeam', title: 'Team' }], hasMore: false });
    const run = await outputs.sent(['event', '+listen-im', '--kind', 'group', '--chat-id', '  ', '--chat-query', 'Team', '--max-events', '1']);
    expect(run.calls[0]).toEqual(['im/search_groups', { keyword: 'Team', limit: 10, cursor: '0' }]);
  });
  it('two filled targets are still refused before any call', async () => {
    const run = await outputs.sent(['event', '+listen-im', '--kind', 'group', '--chat-id', 'cid1234567890', '--chat-query', 'Team']);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
  it('any mix of blank and filled target flags is refused before any call exactly when upstream counts the wrong number', async () => {
    const flags = ['user', 'open-dingtalk-id', 'user-query', 'chat-id', 'chat-query'] as const;
    const value = fc.constantFrom<string | undefined>(undefined, '', ' ', '\t', 'x');
    await fc.assert(fc.asyncProperty(fc.constantFrom('sender', 'group', 'at-me'), fc.tuple(value, value, value, value, value), async (kind, values) => {
      const argv = ['event', '+listen-im', '--kind', kind];
      values.forEach((v, i) => { if (v !== undefined) argv.push(`--${flags[i]}`, v); });
      const filled = values.map((v) => v !== undefined && v.trim() !== '');
      const users = filled.slice(0, 3).filter(Boolean).length;
      const chats = filled.slice(3).filter(Boolean).length;
      const goRefuses = kind === 'sender' ? users !== 1 || chats !== 0 : kind === 'group' ? chats !== 1 || users !== 0 : users + chats !== 0;
      const run = await outputs.sent(argv);
      if (goRefuses) expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
      else expect(run.reason).not.toBe('constraint_violation');
    }), { numRuns: 40 });
  });
});

/** upstream myAttendanceCurrentUserID (shortcut/smart/my_attendance.go:122-152@c7521c1c), as a model. */
function currentUserId(answer: unknown): string {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '');
  if (!isObject(answer)) return '';
  const result = answer.result;
  if (Array.isArray(result)) {
    for (const item of result) {
      if (!isObject(item)) continue;
      if (isObject(item.orgEmployeeModel) && text(item.orgEmployeeModel.userId)) return text(item.orgEmployeeModel.userId);
      if (text(item.userId)) return text(item.userId);
    }
    return '';
  }
  if (isObject(result)) {
    if (text(result.userId)) return text(result.userId);
    if (isObject(result.orgEmployeeModel) && text(result.orgEmployeeModel.userId)) return text(result.orgEmployeeModel.userId);
  }
  return '';
}

describe('todo +remind reads the signed-in userId as myAttendanceCurrentUserID (smart/remind.go:79-86, my_attendance.go:122-152@c7521c1c)', () => {
  const argv = ['todo', '+remind', '--task', 'file the report', '--yes'];
  it('a result list is searched past elements that hold no userId text', async () => {
    outputs.answer('contact/get_current_user_profile', { result: [5, { name: 'x' }, { userId: 'u2', orgEmployeeModel: { userId: 'u1' } }] });
    const run = await outputs.sent(argv);
    expect(run.calls.at(-1)).toEqual(['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 'file the report', executorIds: ['u1'] } }]);
  });
  it('a userId that is a number is no userId', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { userId: 7, orgEmployeeModel: { userId: 'u9' } } });
    const run = await outputs.sent(argv);
    expect(run.calls.at(-1)).toEqual(['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 'file the report', executorIds: ['u9'] } }]);
  });
  it('for any profile answer, the executor sent (or the refusal) is the one upstream reads', async () => {
    const id = fc.constantFrom<unknown>(undefined, null, '', ' ', 'a', 'b', 3, true);
    const person = fc.oneof(
      fc.record({ userId: id, orgEmployeeModel: fc.oneof(fc.constant(undefined), fc.constant('m'), fc.record({ userId: id }, { requiredKeys: [] })) }, { requiredKeys: [] }),
      fc.constantFrom<unknown>(1, 'x', null, []),
    );
    const result = fc.oneof(fc.array(person, { maxLength: 4 }), person);
    await fc.assert(fc.asyncProperty(result, async (r) => {
      outputs.answer('contact/get_current_user_profile', { result: r });
      const run = await outputs.sent(argv);
      const want = currentUserId(JSON.parse(JSON.stringify({ result: r })));
      if (want === '') expect([run.reason, run.calls.length]).toEqual(['invalid_parameter', 1]);
      else expect(run.calls.at(-1)).toEqual(['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 'file the report', executorIds: [want] } }]);
    }), { numRuns: 60 });
  });
});
