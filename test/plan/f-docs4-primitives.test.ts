// The primitives f-docs4 added (docs/PLANS.md): a poll whose checks run out as an answer (`poll.timeout_as`,
// upstream's timeoutAsResult, helpers/import_flow.go:433@c7521c1c), a refusal that is outcome_unknown, and the
// transform `url_path_base` (extractNodeIDFromDocURL :562). Through the real validator and executor with a fake port.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, fake, planOf, problemsOf, run, tool } from './fake-plan.js';
import { executePlan } from '../../src/plan/executor.js';

const polled = (poll: Record<string, unknown>, after: unknown[] = []) => ({
  facts: 'test plan',
  steps: [
    { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } }, poll: { until: { path: 'done', equals: true }, delays_ms: [10, 20], ...poll } },
    ...after,
  ],
  output: { first: [{ from: 'a' }, { object: { waited: { const: true }, timeout: { from: 'late' } } }] },
});
const failure = async (p: Promise<unknown>) => p.then(() => undefined, (e: Error & { reason?: string }) => `${e.reason}: ${e.message}`);

describe('poll.timeout_as', () => {
  it('a poll whose checks run out counts as not run and {from: <id>} reads {attempts, last}', async () => {
    const r = await run(polled({ timeout_as: 'late' }), { name: 'a' }, (_c, n) => ({ done: false, n }));
    expect(r.waits).toEqual([10, 20]);
    expect(r.result).toEqual({ waited: true, timeout: { attempts: 3, last: { done: false, n: 2 } } });
  });
  it('changes nothing when the poll ends: a match is the step\'s result, the fail state still fails', async () => {
    expect((await run(polled({ timeout_as: 'late' }), { name: 'a' }, (_c, n) => ({ done: n === 1 }))).result).toEqual({ done: true });
    const failed = polled({ timeout_as: 'late', fail: { path: 'state', equals: 'failed' } });
    expect(await failure(run(failed, { name: 'a' }, () => ({ state: 'failed' })))).toMatch(/^backend_error: .*the task failed/u);
  });
  it('without it the checks running out are outcome_unknown, as before', async () => {
    const plain = { ...polled({}), output: { from: 'a' } };
    expect(await failure(run(plain, { name: 'a' }, () => ({})))).toMatch(/^outcome_unknown: /u);
  });
  it('a refuse step may fail as outcome_unknown (a task still running when the command stops waiting)', async () => {
    const plan = polled({ timeout_as: 'late' }, [{ id: 'stop', when: { present: { from: 'late' } }, reason: 'outcome_unknown', refuse: 'still running' }]);
    expect(await failure(run(plan, { name: 'a' }, () => ({})))).toBe('outcome_unknown: contact.shortcut_lookup: still running');
  });
  it('is checked at build: an id, not a step id, not on a read-back (verify)', () => {
    expect(problemsOf(polled({ timeout_as: 'late' }))).toEqual([]);
    expect(problemsOf(polled({ timeout_as: 'Late' }))).toContainEqual(expect.stringContaining('poll.timeout_as: the id later steps read the timeout by'));
    expect(problemsOf({ ...polled({ timeout_as: 'a' }), output: { from: 'a' } })).toEqual([expect.stringContaining('poll.timeout_as: "a" is already a step id')]);
    expect(problemsOf(polled({ timeout_as: 'late', verify: true }))).toContainEqual(expect.stringContaining('poll.timeout_as: a read-back (verify)'));
  });
});

describe('url_path_base (upstream extractNodeIDFromDocURL)', () => {
  const base = (v: string) => apply(['url_path_base'], v);
  it('reads the last segment of the path, decoded, after trailing slashes, without query or fragment', () => {
    expect(base('https://alidocs.dingtalk.com/i/nodes/N1')).toBe('N1');
    expect(base('https://alidocs.dingtalk.com/i/nodes/N1///?utm=1#top')).toBe('N1');
    // Go decodes the path before path.Base, so an escaped slash splits too
    expect(base('https://h/a%2Fb')).toBe('b');
    expect(base('https://h/x/%E6%96%87')).toBe('文');
    expect(base('nodes/N2')).toBe('N2');
  });
  it('is "" without a path or when Go\'s url.Parse refuses the URL', () => {
    for (const v of ['', 'https://alidocs.dingtalk.com', 'https://h/', 'mailto:a@b', ':x/y', 'a:b/c', 'https://h/%zz', '/.']) expect(base(v)).toBe('');
  });
  it('never holds a slash, and refuses what is not text', () => {
    fc.assert(fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (u) => !(base(u) as string).includes('/')));
    expect(() => base(7 as unknown as string)).toThrow(/text/u);
  });
});

describe('doc_media_page and doc_media_block (upstream readAllDocBlocksForVerification / findVerifiedMediaBlock, doc.go:800-948)', () => {
  const page = (v: unknown) => apply(['doc_media_page'], v);
  const found = (v: unknown) => apply(['doc_media_block'], v);
  it('reads a page\'s blocks, hasMore and totalCount only at the top of the answer unwrapped through result, then data', () => {
    expect(page({ result: { data: { blocks: [{ blockId: 'a' }, ['p', { elementId: 'b' }]], hasMore: true, totalCount: 4 } } }))
      .toEqual({ blocks: [{ blockId: 'a' }, ['p', { elementId: 'b' }]], hasMore: true, totalCount: 4, pageKey: '["a","b"]' });
    // doc +update's reader takes items and a has_more; this one does not
    expect(page({ items: [{ blockId: 'a' }], has_more: false })).toEqual({});
    expect(page({ blocks: [{ blockId: 'a' }, { text: 'x' }], totalCount: 1.5 })).toEqual({ blocks: [{ blockId: 'a' }, { text: 'x' }] });
    expect(page('not json')).toEqual({});
  });
  it('finds the block showing the resource by resourceId, or by resourceUrl/src, trimmed; only the block the insert names when it names one', () => {
    const blocks = [{ blockId: 'x', attachment: { resourceId: ' R ' } }, { blockId: 'y', jsonml: '["img",{"src":"u"}]' }];
    expect(found({ blocks, answer: {}, resourceId: 'R', resourceUrl: 'u' })).toBe('x');
    expect(found({ blocks, answer: { data: { blockId: 'y' } }, resourceId: 'R', resourceUrl: 'u' })).toBe('y');
    expect(found({ blocks, answer: { id: 'y' }, resourceId: 'Q' })).toBeUndefined();
    expect(found({ blocks, answer: {}, resourceId: '', resourceUrl: '' })).toBeUndefined();
  });
  it('never finds a block whose id differs from the one the insert names, whatever it holds', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z0-9 ]{1,8}$/u).filter((s) => s.trim() !== '' && s.trim() !== 'm'), (other) =>
      found({ blocks: [{ blockId: other, attachment: { resourceId: 'R' } }], answer: { blockId: 'm' }, resourceId: 'R' }) === undefined));
  });
});

describe('a dry run shows a value an earlier step decides as one readable placeholder, its transforms named (values.ts pendingThrough)', () => {
  const plan = {
    facts: 'test plan',
    steps: [
      { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } },
      {
        id: 'b', server: 'contact', rpc: 'y', effect: 'read', args: {
          plain: { from: 'a', path: 'id' },
          trimmed: { from: 'a', path: 'id', transform: ['trim', { max_chars: 8 }] },
          picked: { object: { blocks: { from: 'a', path: 'blocks' }, old: { flag: 'name' } }, transform: [{ get: 'old' }, { format: 'x %s' }] },
          known: { flag: 'name', transform: ['upper'] },
        },
      },
    ],
  };
  it('keeps a bare earlier value as <from ...>, applies transforms to known values, and names the transforms of an unknown one', async () => {
    const f = fake(() => ({}));
    const out = await executePlan(tool(), planOf(plan), { name: 'ab' }, { env: {}, dryRun: true, effects: f.effects });
    expect(f.calls).toEqual([]);
    const steps = 'plan' in out ? out.plan.steps : [];
    expect(JSON.parse(JSON.stringify(steps[1].arguments))).toEqual({
      plain: '<from a.id>',
      trimmed: '<from a.id | trim | max_chars 8>',
      picked: '<{blocks: <from a.blocks>, old: ab} | get old | format>',
      known: 'AB',
    });
  });
});
