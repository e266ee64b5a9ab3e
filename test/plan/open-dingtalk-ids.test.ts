// The resolve mode open_dingtalk_ids (branch f-lookup, docs/PLANS.md "resolve"): upstream's userId -> openDingTalkId
// chain (helpers/chat.go resolveOpenDingTalkIDs / lookupOpenDingTalkIDsByUserID @c7521c1c) against a fake backend,
// and the build's checks of a step that declares it. The recorded-call goldens (test/fixtures/calls/chat.yaml,
// "f-lookup:") pin what each chat command sends.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { collectMappings, resolveOpenDingTalkIds, MAX_LOOKUP_USER_IDS } from '../../src/plan/open-dingtalk-ids.js';
import { validatePlans } from '../../src/plan/validate.js';
import { shippedEngine } from '../helpers.js';

const OPEN_A = 'Db3BlbmlkMDIiE';
const OPEN_B = 'DbWVtYmVyMDMiE';

/** A backend answering each `server/rpc` call from a list in turn (a DwsError is thrown); the calls are recorded. */
function backend(answers: Record<string, unknown[]>) {
  const calls: string[] = [];
  const seen: Record<string, number> = {};
  const call = async (server: string, rpc: string, args: Record<string, unknown>) => {
    const key = `${server}/${rpc}`;
    calls.push(`${key} ${JSON.stringify(args)}`);
    const answer = (answers[key] ?? [])[(seen[key] = (seen[key] ?? -1) + 1)] ?? {};
    if (answer instanceof DwsError) throw answer;
    return answer;
  };
  return { calls, call };
}
const failed = () => new DwsError('business_error', 'busy');

describe('resolve open_dingtalk_ids: the chain', () => {
  it('keeps openDingTalkIds, asks contact once for the distinct userIds, and answers in the order given', async () => {
    const b = backend({ 'contact/get_user_info_by_user_ids': [{ result: [{ userId: 'u2', openDingTalkId: OPEN_B }, { userId: 'u1', openDingTalkId: OPEN_A }] }] });
    expect(await resolveOpenDingTalkIds('t', [' u1 ', OPEN_B, 'u2', 'u1', ''], b.call)).toEqual([OPEN_A, OPEN_B, OPEN_B, OPEN_A]);
    expect(b.calls).toEqual(['contact/get_user_info_by_user_ids {"user_id_list":["u1","u2"]}']);
  });

  it('makes no call when every value already is an openDingTalkId', async () => {
    const b = backend({});
    expect(await resolveOpenDingTalkIds('t', [OPEN_A], b.call)).toEqual([OPEN_A]);
    expect(b.calls).toEqual([]);
  });

  it('searches aisearch by the name contact gave, then contact by name and by userId, each keyword once', async () => {
    const b = backend({
      'contact/get_user_info_by_user_ids': [{ result: [{ userId: 'u1', name: '李雷' }, { userId: 'u2', name: 'u2' }] }],
      'aisearch/enterprise_person_search': [failed(), {}],
      'contact/search_contact_by_key_word': [{}, { list: [{ staff: { staffId: 'u1', openDingtalkId: OPEN_A } }] }, { data: [{ uid: 'u2', opendingid: OPEN_B }] }],
    });
    expect(await resolveOpenDingTalkIds('t', ['u1', 'u2'], b.call)).toEqual([OPEN_A, OPEN_B]);
    expect(b.calls).toEqual([
      'contact/get_user_info_by_user_ids {"user_id_list":["u1","u2"]}',
      'aisearch/enterprise_person_search {"keyword":"李雷","dimension":["all"]}',
      'aisearch/enterprise_person_search {"keyword":"u2","dimension":["all"]}',
      'contact/search_contact_by_key_word {"keyword":"李雷"}',
      'contact/search_contact_by_key_word {"keyword":"u1"}',
      // u2's name is its userId: one search
      'contact/search_contact_by_key_word {"keyword":"u2"}',
    ]);
  });

  it('stops as soon as every userId is known (an answer may map another one)', async () => {
    const b = backend({
      'contact/get_user_info_by_user_ids': [{ result: [{ userId: 'u1', name: '李雷' }, { userId: 'u2', name: '韩梅梅' }] }],
      'aisearch/enterprise_person_search': [{ result: [{ userId: 'u1', openDingTalkId: OPEN_A }, { userId: 'u2', openDingTalkId: OPEN_B }] }],
    });
    expect(await resolveOpenDingTalkIds('t', ['u1', 'u2'], b.call)).toEqual([OPEN_A, OPEN_B]);
    expect(b.calls).toHaveLength(2);
  });

  it('refuses a userId no step maps (not_found), and lets a failed contact search through', async () => {
    const none = backend({});
    await expect(resolveOpenDingTalkIds('t', ['u1'], none.call)).rejects.toMatchObject({ reason: 'not_found' });
    expect(none.calls.map((c) => c.split(' ')[0])).toEqual(['contact/get_user_info_by_user_ids', 'contact/search_contact_by_key_word']);
    const broken = backend({ 'contact/search_contact_by_key_word': [failed()] });
    await expect(resolveOpenDingTalkIds('t', ['u1'], broken.call)).rejects.toMatchObject({ reason: 'business_error' });
  });

  it('refuses an answer that is not JSON from contact, a blank value, and more userIds than its bound', async () => {
    await expect(resolveOpenDingTalkIds('t', ['u1'], backend({ 'contact/get_user_info_by_user_ids': ['oops'] }).call)).rejects.toMatchObject({ reason: 'backend_error' });
    await expect(resolveOpenDingTalkIds('t', ['  '], backend({}).call)).rejects.toMatchObject({ reason: 'invalid_parameter' });
    const many = Array.from({ length: MAX_LOOKUP_USER_IDS + 1 }, (_, i) => `u${i}`);
    const b = backend({});
    await expect(resolveOpenDingTalkIds('t', many, b.call)).rejects.toMatchObject({ reason: 'invalid_parameter' });
    expect(b.calls).toEqual([]);
  });

  it('reads pairs at any depth, key case ignored, numbers as text; a row without both names nothing', () => {
    const open = new Map<string, string>();
    const names = new Map<string, string>();
    collectMappings({ a: { b: [{ USERID: 42, OpenDingTalkId: ` ${OPEN_A} ` }, { userId: 'u3' }, { employee: { user_id: 'u4', display_name: '小王' } }] } }, open, names);
    expect(Object.fromEntries(open)).toEqual({ 42: OPEN_A });
    expect(Object.fromEntries(names)).toEqual({ u4: '小王' });
  });

  it('property: whatever contact answers, every value comes back mapped or the run is refused', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom('u1', 'u2', OPEN_A), { minLength: 1, maxLength: 5 }), fc.subarray(['u1', 'u2']), async (values, known) => {
      const b = backend({ 'contact/get_user_info_by_user_ids': [{ result: known.map((u) => ({ userId: u, openDingTalkId: u === 'u1' ? OPEN_A : OPEN_B })) }] });
      const needed = values.filter((v) => v !== OPEN_A);
      if (needed.every((v) => known.includes(v))) {
        expect(await resolveOpenDingTalkIds('t', values, b.call)).toEqual(values.map((v) => (v === 'u2' ? OPEN_B : OPEN_A)));
      } else await expect(resolveOpenDingTalkIds('t', values, b.call)).rejects.toMatchObject({ reason: 'not_found' });
    }), { numRuns: 50 });
  });
});

describe('resolve open_dingtalk_ids: the build', () => {
  const CANONICAL = 'chat.get_conversation_info';
  const problems = (step: Record<string, unknown>) => {
    const plan = { facts: 't', steps: [{ id: 'who', ...step }, { id: 'call', server: 'chat', rpc: 'get_conversation_info', args: { openDingTalkId: { from: 'who', path: '[0]' } } }] };
    return validatePlans([{ file: 'chat.yaml', doc: { plans: { [CANONICAL]: plan } } }], shippedEngine().tools()).problems.join('\n');
  };
  it('accepts the step as the chain\'s first call, with or without allow_none', () => {
    expect(problems({ server: 'contact', rpc: 'get_user_info_by_user_ids', resolve: { open_dingtalk_ids: { flag: 'user' } } })).toBe('');
    expect(problems({ server: 'contact', rpc: 'get_user_info_by_user_ids', resolve: { open_dingtalk_ids: { flag: 'user' }, allow_none: true } })).toBe('');
  });
  it('refuses another RPC, its own arguments, or keys of other resolves', () => {
    expect(problems({ server: 'contact', rpc: 'search_contact_by_key_word', resolve: { open_dingtalk_ids: { flag: 'user' } } })).toMatch(/get_user_info_by_user_ids/);
    expect(problems({ server: 'contact', rpc: 'get_user_info_by_user_ids', args: { user_id_list: { flag: 'user' } }, resolve: { open_dingtalk_ids: { flag: 'user' } } })).toMatch(/own calls/);
    expect(problems({ server: 'contact', rpc: 'get_user_info_by_user_ids', resolve: { open_dingtalk_ids: { flag: 'user' }, take: 'first' } })).not.toBe('');
  });
});
