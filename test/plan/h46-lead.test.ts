// Session 46 (lead): `all` and `any` read their parts left to right and stop where Go's && and || stop
// (docs/PLANS.md "Conditions"). A part after the deciding one is not read, so a transform that refuses its text there
// (json_parse of a flag that is not JSON) no longer refuses a run an earlier guard already decided. Each runs through the
// real validator and executor with a fake effects port (test/plan/fake-plan.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executePlan, type PlanDryRun } from '../../src/plan/executor.js';
import { fake, planOf, run, refuseWhen, tool } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

/** A condition tree: true, false, a part that refuses when read, or all/any of subtrees. */
type Tree = 'T' | 'F' | 'X' | { all: Tree[] } | { any: Tree[] };

const TRUE = { equals: [{ const: 1 }, 1] };
const FALSE = { equals: [{ const: 1 }, 2] };
/** Reads --name through json_parse: the run's --name is not JSON, so reading this part refuses the run. */
const REFUSES = { present: { flag: 'name', transform: ['json_parse'] } };

function condition(t: Tree): unknown {
  if (t === 'T') return TRUE;
  if (t === 'F') return FALSE;
  if (t === 'X') return REFUSES;
  return 'all' in t ? { all: t.all.map(condition) } : { any: t.any.map(condition) };
}

/** The model: Go's short-circuit reading, left to right; 'refused' when a refusing part is read. */
function model(t: Tree): boolean | 'refused' {
  if (t === 'T') return true;
  if (t === 'F') return false;
  if (t === 'X') return 'refused';
  const all = 'all' in t;
  for (const part of all ? t.all : t.any) {
    const v = model(part);
    if (v === 'refused') return v;
    if (v !== all) return v;
  }
  return all;
}

const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Tree>('T', 'F', 'X'),
    fc.array(tie('tree'), { minLength: 1, maxLength: 4 }).map((all) => ({ all })),
    fc.array(tie('tree'), { minLength: 1, maxLength: 4 }).map((any) => ({ any })),
  ),
})).tree;

/** What the run did: the refuse step held, the condition's reading refused, or the one call was sent. */
async function outcome(c: unknown): Promise<boolean | 'refused'> {
  try {
    const r = await run(refuseWhen(c), { name: 'not json' });
    expect(r.calls).toHaveLength(1);
    return false;
  } catch (e) {
    const err = e as { reason?: string; message?: string };
    expect(err.reason).toBe('invalid_parameter');
    return err.message?.includes('held') ? true : 'refused';
  }
}

describe('all/any read left to right and stop at the deciding part', () => {
  it('a guard written first keeps a refusing part from being read', async () => {
    expect(await outcome({ all: [FALSE, REFUSES] })).toBe(false);
    expect(await outcome({ any: [TRUE, REFUSES] })).toBe(true);
    // the part is read when the guard does not decide, and refuses then
    expect(await outcome({ all: [TRUE, REFUSES] })).toBe('refused');
    expect(await outcome({ any: [FALSE, REFUSES] })).toBe('refused');
    // order matters, as in Go: a refusing part written before the guard is read
    expect(await outcome({ all: [REFUSES, FALSE] })).toBe('refused');
  });

  it('every tree of parts gives what Go would (property)', async () => {
    await fc.assert(fc.asyncProperty(tree, async (t) => {
      expect(await outcome(condition(t))).toBe(model(t));
    }), { numRuns: 300 });
  });

  it('in a dry run an unknown part does not decide: the parts after it are read', async () => {
    // a part that reads an earlier call's answer is unknown in a dry run
    const unknown = { from: 'a', path: 'ok' };
    const plan = (c: unknown) => ({
      facts: 'test plan',
      steps: [
        { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } },
        { id: 'check', when: c, refuse: 'held' },
      ],
    });
    const dry = async (c: unknown) => {
      const f = fake(() => ({}));
      const out = await executePlan(tool(), planOf(plan(c)), { name: 'not json' }, { env: {}, dryRun: true, effects: f.effects });
      expect(f.calls).toEqual([]);
      return (out as { plan: PlanDryRun }).plan.steps.map((s) => s.id);
    };
    // unknown then false: false decides, the refusal is not shown
    expect(await dry({ all: [unknown, FALSE] })).toEqual(['a']);
    // unknown then true: the refusal may run, it is shown
    expect(await dry({ all: [unknown, TRUE] })).toEqual(['a', 'check']);
    // unknown then a refusing part: the part is read and refuses, as before
    await expect(dry({ all: [unknown, REFUSES] })).rejects.toMatchObject({ reason: 'invalid_parameter' });
    // false first: nothing after it is read
    expect(await dry({ all: [FALSE, unknown, REFUSES] })).toEqual(['a']);
    // true first: the refusal holds in the dry run too, and the refusing part is not read
    await expect(dry({ any: [TRUE, REFUSES] })).rejects.toMatchObject({ message: expect.stringContaining('held') as unknown });
  });
});

// doc template search reads GetString("query") first and only when it is "" flagOrFallback(keyword, name)
// (internal/helpers/doc.go:4497-4503@c7521c1c), as sheet template search does (h46-xb, which noticed it here): before,
// a typed --keyword or --name won over --query, and a --query of spaces was passed over
describe('doc template search: --query is read before the hidden --keyword and --name (doc.go:4497-4503)', () => {
  const outputs = useOutputRuns('dws-h46lead-');
  /** upstream's flagOrFallback (pkg/cmdutil/flags.go:78-89@c7521c1c): the first spelling, in order, typed non-empty. */
  const flagOrFallback = (typed: Record<string, string>, order: string[]) => order.map((n) => typed[n]).find((v) => v !== undefined && v !== '');
  it('sends searchName as upstream reads it, or refuses when every spelling is empty (property)', async () => {
    const value = fc.constantFrom('', ' ', 'q1', 'q2');
    await fc.assert(fc.asyncProperty(fc.record({ query: value, keyword: value, name: value }, { requiredKeys: [] }), async (typed) => {
      outputs.answer('doc/search_doc_templates', { success: true, result: { templates: [] } });
      const run = await outputs.sent(['doc', 'template', 'search', ...Object.entries(typed).map(([k, v]) => `--${k}=${v}`)]);
      const want = flagOrFallback(typed, ['query', 'keyword', 'name']);
      if (want === undefined) {
        expect(run.reason).toBe('missing_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toEqual([['doc/search_doc_templates', { searchName: want }]]);
      }
    }), { numRuns: 40 });
  });
  it('--keyword k --query q sends q; --query " " --name n sends " "', async () => {
    outputs.answer('doc/search_doc_templates', { success: true, result: { templates: [] } });
    expect((await outputs.sent(['doc', 'template', 'search', '--keyword', 'k', '--query', 'q'])).calls).toEqual([['doc/search_doc_templates', { searchName: 'q' }]]);
    outputs.answer('doc/search_doc_templates', { success: true, result: { templates: [] } });
    expect((await outputs.sent(['doc', 'template', 'search', '--query', ' ', '--name', 'n'])).calls).toEqual([['doc/search_doc_templates', { searchName: ' ' }]]);
  });
});
