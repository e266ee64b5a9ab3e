// The resolve mode user_target (audit-30 P6): upstream's ResolveSenderTarget
// (internal/shortcut/targetresolver/resolver.go:167@c7521c1c) for each value of a mixed sender list, run through the
// one executor with a fake backend port.
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { DwsError } from '../../src/errors.js';
import { executePlan } from '../../src/plan/executor.js';
import type { BackendCall, Effects } from '../../src/plan/effects.js';
import { validatePlans } from '../../src/plan/validate.js';
import { extractUsers, searchIncomplete } from '../../src/plan/user-target.js';
import { shippedEngine } from '../helpers.js';

const CANONICAL = 'contact.shortcut_lookup';
const tool = (): ToolSpec => shippedEngine().tools().find((t) => t.canonical_path === CANONICAL)!;
const OPEN = 'Db3BlbmlkMDEiE';

const plan = (resolve: unknown) => ({
  facts: 'test plan',
  steps: [{
    id: 'who', for_each: { flag: 'name', transform: ['csv_to_list'] }, max_items: 10, server: 'contact', rpc: 'search_contact_by_key_word', effect: 'read',
    args: { keyword: { item: true } }, resolve,
  }],
  output: { from: 'who' },
});

function build(resolve: unknown) {
  return validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [CANONICAL]: plan(resolve) } } }], shippedEngine().tools());
}

async function resolveNames(names: string, answer: (keyword: string) => unknown) {
  const calls: BackendCall[] = [];
  const effects: Effects = {
    call: async (c) => {
      calls.push(c);
      const a = answer(String(c.args.keyword));
      if (a instanceof Error) throw a;
      return a;
    },
    transfer: async () => ({}),
    handoff: async () => undefined,
  };
  const { plans, problems } = build({ user_target: { item: true } });
  expect(problems).toEqual([]);
  const out = await executePlan(tool(), plans.get(CANONICAL)!, { name: names }, { env: {}, dryRun: false, effects });
  return { calls: calls.map((c) => c.args.keyword), result: 'result' in out ? out.result : undefined };
}

const people = (...rows: unknown[]) => () => ({ result: rows });

describe('resolve user_target (upstream ResolveSenderTarget)', () => {
  it('takes a current-format openDingTalkId without a call, and prefers the openDingTalkId of a match', async () => {
    const { calls, result } = await resolveNames(`${OPEN}, 张三`, people({ name: '张三', userId: 'u3', openDingTalkId: 'Dc2VuZGVyMDEiE' }));
    expect(calls).toEqual(['张三']);
    expect(result).toEqual([
      { openDingTalkId: OPEN, match: 'stable_id', send: { openDingTalkId: OPEN } },
      { name: '张三', userId: 'u3', openDingTalkId: 'Dc2VuZGVyMDEiE', match: 'exact', send: { openDingTalkId: 'Dc2VuZGVyMDEiE' } },
    ]);
  });

  it('matches a stable id before a name, and a name ignoring case and surrounding space', async () => {
    const byId = await resolveNames('u9', people({ name: 'u9', userId: 'u1' }, { name: '李四', userId: 'u9' }));
    expect(byId.result).toEqual([{ name: '李四', userId: 'u9', match: 'stable_id', send: { userId: 'u9' } }]);
    const byName = await resolveNames('ALICE', people({ name: ' alice ', orgUserId: 'u7' }));
    expect(byName.result).toEqual([{ name: 'alice', userId: 'u7', match: 'exact', send: { userId: 'u7' } }]);
  });

  it('keeps the value as an unverified userId when nothing matches, the search fails, or the answer may be incomplete', async () => {
    const unverified = (v: string) => ({ userId: v, match: 'unverified_user_id', send: { userId: v } });
    expect((await resolveNames('u8', people({ name: '别人', userId: 'u1' }))).result).toEqual([unverified('u8')]);
    expect((await resolveNames('u8', () => new DwsError('backend_error', 'directory down'))).result).toEqual([unverified('u8')]);
    expect((await resolveNames('赵六', () => ({ result: [{ name: '赵六', userId: 'u6' }], hasMore: true }))).result).toEqual([unverified('赵六')]);
  });

  it('refuses two people of the same stable id or name (ambiguous_match), and does not swallow a refusal that is not the backend\'s', async () => {
    await expect(resolveNames('王五', people({ name: '王五', userId: 'u51' }, { name: '王五', userId: 'u52' }))).rejects.toMatchObject({ reason: 'ambiguous_match' });
    await expect(resolveNames('u1', people({ userId: 'u1', name: 'a' }, { openDingTalkId: 'u1', name: 'b' }))).rejects.toMatchObject({ reason: 'ambiguous_match' });
    await expect(resolveNames('u8', () => new DwsError('auth_failed', 'no token'))).rejects.toMatchObject({ reason: 'auth_failed' });
  });

  it('reads people as upstream ExtractUsers: result|items|users|list (inside result or data too), meta ids, duplicates dropped', () => {
    expect(extractUsers({ data: { users: [{ meta: { staffId: 's1', nick: 'N' }, name: 'x' }, { userId: 's1' }, { name: 'no id' }] } }))
      .toEqual([{ userId: 's1', name: 'N', match: 'exact' }]);
    expect(searchIncomplete({ result: { nextCursor: 0 } })).toBe(true);
    expect(searchIncomplete({ result: Array.from({ length: 20 }, (_, i) => ({ userId: `u${i}` })) })).toBe(true);
    expect(searchIncomplete({ result: Array.from({ length: 20 }, (_, i) => ({ userId: `u${i}` })), hasMore: false })).toBe(false);
    expect(searchIncomplete({ result: [] })).toBe(false);
  });

  it('is declared alone: user_target takes no items, value or match', () => {
    expect(build({ user_target: { item: true }, match: { field: 'name', equals: { item: true } } }).problems.join('\n')).toContain('unknown key "match"');
  });
});
