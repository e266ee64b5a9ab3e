// The resolve mode chat_target (audit-30 P7): upstream's ResolveChatTarget/ResolveChat
// (internal/shortcut/targetresolver/resolver.go:588/472@c7521c1c): a group name is read over the cursor-paged group
// search until the candidate list is provably complete, or refused.
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { executePlan } from '../../src/plan/executor.js';
import type { BackendCall, Effects } from '../../src/plan/effects.js';
import { validatePlans } from '../../src/plan/validate.js';
import { CHAT_SEARCH, resolveChatTarget, type ChatPageRequest } from '../../src/plan/chat-target.js';
import { shippedEngine } from '../helpers.js';

const group = (title: string, n: number) => ({ title, openConversationId: `cidGROUP${String(n).padStart(6, '0')}` });
const many = (k: number, from = 0) => Array.from({ length: k }, (_, i) => group(`群${from + i}`, from + i));

async function resolve(query: string, pages: (r: ChatPageRequest) => unknown) {
  const asked: ChatPageRequest[] = [];
  const out = await resolveChatTarget('t', query, async (r) => (asked.push(r), pages(r)));
  return { out, asked: asked.map((r) => [r.limit, r.cursor]) };
}

describe('resolveChatTarget (upstream ResolveChat)', () => {
  it('takes an openConversationId as it is, without a search', async () => {
    expect(await resolve(' CIDabc1234567 ', () => { throw new Error('no call'); })).toEqual({ out: { openConversationId: 'CIDabc1234567', match: 'stable_id' }, asked: [] });
  });

  it('follows cursors until hasMore is false, then prefers the exact title (ignoring case) over a single other match', async () => {
    const { out, asked } = await resolve('Alpha', (r) => (r.cursor === '0'
      ? { result: [group('alpha team', 1)], hasMore: true, nextCursor: 'c2' }
      : { result: { items: [group('ALPHA', 2)] }, hasMore: false }));
    expect(asked).toEqual([[10, '0'], [10, 'c2']]);
    expect(out).toEqual({ openConversationId: 'cidGROUP000002', title: 'ALPHA', match: 'exact' });
    expect((await resolve('team', () => ({ result: [group('alpha team', 1)] }))).out.match).toBe('unique');
  });

  it('probes the 100-row window once when a full first page says no more without a cursor', async () => {
    const { out, asked } = await resolve('群3', (r) => ({ result: r.limit === 10 ? many(10) : many(12), hasMore: false }));
    expect(asked).toEqual([[10, '0'], [100, '0']]);
    expect(out.openConversationId).toBe('cidGROUP000003');
    await expect(resolve('群3', () => ({ result: many(100), hasMore: false }))).rejects.toMatchObject({ reason: 'ambiguous_match', message: expect.stringContaining('full page with hasMore false') });
  });

  it('refuses a list it cannot prove complete: no cursor, a repeated cursor, a full page without marks, the page bound', async () => {
    const refused = (pages: (r: ChatPageRequest) => unknown, why: string) =>
      expect(resolve('群0', pages)).rejects.toMatchObject({ reason: 'ambiguous_match', message: expect.stringContaining(why) });
    await refused(() => ({ result: many(1), hasMore: true }), 'gives no cursor');
    await refused(() => ({ result: many(1), hasMore: true, nextCursor: '0' }), 'repeats the cursor "0"');
    await refused(() => ({ result: many(10) }), 'without hasMore or a cursor');
    let n = 0;
    await refused(() => ({ result: many(1, 100 + n), nextCursor: `c${++n}` }), `after ${CHAT_SEARCH.maxPages} pages`);
    expect(n).toBe(CHAT_SEARCH.maxPages);
  });

  it('refuses no match (not_found) and two exact titles (ambiguous_match); a short page without marks is complete', async () => {
    await expect(resolve('X', () => ({ result: [] }))).rejects.toMatchObject({ reason: 'not_found' });
    await expect(resolve('A', () => ({ result: [group('A', 1), group('a', 2)], hasMore: false }))).rejects.toMatchObject({ reason: 'ambiguous_match' });
  });
});

describe('resolve chat_target in a plan', () => {
  const CANONICAL = 'contact.shortcut_lookup';
  const tool = (): ToolSpec => shippedEngine().tools().find((t) => t.canonical_path === CANONICAL)!;
  it('sends the declared arguments with the page window and cursor, one journaled call per page', async () => {
    const { plans, problems } = validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [CANONICAL]: {
      facts: 'test plan',
      steps: [{ id: 'g', server: 'im', rpc: 'search_groups', effect: 'read', args: { keyword: { flag: 'name', transform: ['trim'] } }, resolve: { chat_target: { flag: 'name' } } }],
    } } } }], shippedEngine().tools());
    expect(problems).toEqual([]);
    const calls: BackendCall[] = [];
    const effects: Effects = {
      call: async (c) => (calls.push(c), c.args.cursor === '0' ? { result: [], hasMore: true, nextCursor: 'n' } : { result: [group('项目群', 1)], hasMore: false }),
      transfer: async () => ({}), handoff: async () => undefined,
    };
    const out = await executePlan(tool(), plans.get(CANONICAL)!, { name: ' 项目群 ' }, { env: {}, dryRun: false, effects });
    expect(calls.map((c) => [c.args, c.page])).toEqual([[{ keyword: '项目群', limit: 10, cursor: '0' }, 0], [{ keyword: '项目群', limit: 10, cursor: 'n' }, 1]]);
    expect('result' in out && out.result).toEqual({ openConversationId: 'cidGROUP000001', title: '项目群', match: 'exact' });
  });
});
