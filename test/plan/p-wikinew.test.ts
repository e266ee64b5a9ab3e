// What wiki +wiki-new-doc sends, refuses and prints when it finds its space by name (issue 32), as upstream's body at
// c7521c1c does (internal/shortcut/smart/wiki_new_doc.go:66-247), and the pick's `fold` match it needs: Go's
// strings.EqualFold on the trimmed field, run as a user types the command against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalFold } from '../../src/text/equal-fold.js';
import { wikiSpaceCandidates } from '../../src/domain/wiki-spaces.js';
import { conditionHolds, problemsOf, refuseWhen, run } from './fake-plan.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pwikinew-');
const { sent } = outputs;

/**
 * A model of Go's EqualFold on an alphabet whose unicode.SimpleFold orbits are written out from Go's tables
 * (caseOrbit and the ToUpper/ToLower pairs, Unicode 15): two texts are equal ignoring case when they have as many
 * code points and each pair lies in one orbit. The Turkish dotted and dotless I are orbits of their own.
 */
const ORBITS: string[][] = [
  ['K', 'k', '\u212A'], ['S', 's', '\u017F'], ['\u00B5', '\u039C', '\u03BC'], ['\u00C5', '\u00E5', '\u212B'],
  ['\u00DF', '\u1E9E'], ['\u0130'], ['\u0131'], ['I', 'i'], ['\u03A3', '\u03C3', '\u03C2'], ['\u01C4', '\u01C5', '\u01C6'],
  ['\u0398', '\u03B8', '\u03D1', '\u03F4'], ['\u03A9', '\u03C9', '\u2126'], ['\u0345', '\u0399', '\u03B9', '\u1FBE'],
  ['\u1E60', '\u1E61', '\u1E9B'], ['\u13A0', '\uAB70'], ['A', 'a'], ['\u00C4', '\u00E4'], ['\u{10400}', '\u{10428}'],
  ['\uFB00'], ['\u0149'], ['周'], ['1'], [' '], ['.'], ['('],
];
const orbitOf = new Map(ORBITS.flatMap((o, i) => o.map((c) => [c, i] as const)));
const modelEqualFold = (a: string, b: string): boolean => {
  const x = [...a];
  const y = [...b];
  return x.length === y.length && x.every((c, i) => orbitOf.get(c) === orbitOf.get(y[i]!));
};
const letter = fc.constantFrom(...ORBITS.flat());
const text = fc.array(letter, { maxLength: 6 });
/** A text and another made of a member of each of its letters' orbits (so most pairs fold alike). */
const foldedPair = text.chain((cs) => fc.tuple(fc.constant(cs.join('')),
  fc.tuple(...cs.map((c) => fc.constantFrom(...ORBITS[orbitOf.get(c)!]!))).map((ds) => ds.join(''))));

describe('equalFold is Go\'s strings.EqualFold', () => {
  it('agrees with the orbit model on texts that fold alike letter by letter and on unrelated texts', () => {
    fc.assert(fc.property(foldedPair, ([a, b]) => {
      expect(equalFold(a, b)).toBe(modelEqualFold(a, b));
    }), { numRuns: 500 });
    fc.assert(fc.property(text, text, (a, b) => {
      expect(equalFold(a.join(''), b.join(''))).toBe(modelEqualFold(a.join(''), b.join('')));
    }), { numRuns: 500 });
  });

  it('differs from JavaScript case mapping where Go\'s orbits do: the dotless and dotted I, sharp s, the Kelvin sign', () => {
    expect([equalFold('\u0131', 'I'), equalFold('\u0130', 'i'), equalFold('\u00DF', '\u1E9E'), equalFold('\u00DF', 'SS'), equalFold('\u212A', 'k')])
      .toEqual([false, false, true, false, true]);
  });
});

describe('a pick with match fold prefers the candidates whose trimmed field equals the value ignoring case', () => {
  const plan = {
    facts: 'test plan',
    steps: [
      { id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { keyword: { flag: 'name' } } },
      { id: 'target', pick: { items: { from: 'a', path: 'rows' }, value: 'id', label: ['name', 'id'], match: { field: 'name', equals: { flag: 'name' }, fold: true, prefer: true } } },
    ],
    output: { from: 'target' },
  };

  it('takes the one whose name folds to the value, else every candidate, as the model says', async () => {
    const wanted = text.filter((cs) => cs.join('').trim() !== '');
    await fc.assert(fc.asyncProperty(wanted, fc.array(text, { minLength: 1, maxLength: 3 }), async (want, names) => {
      const rows = names.map((n, i) => ({ id: `r${i}`, name: ` ${n.join('')}\t` }));
      const exact = rows.filter((r) => modelEqualFold(r.name.trim(), want.join('')));
      const expected = exact.length > 0 ? exact : rows;
      const outcome = await run(plan, { name: want.join('') }, () => ({ rows })).then((r) => ({ chosen: r.result }), (e: { reason: string }) => ({ reason: e.reason }));
      expect(outcome).toEqual(expected.length === 1 ? { chosen: expected[0] } : { reason: 'ambiguous_match' });
    }), { numRuns: 100 });
  });

  it('is refused by the build without equals or with a value other than true', () => {
    const withMatch = (match: unknown) => problemsOf({ ...plan, steps: [plan.steps[0], { ...plan.steps[1], pick: { ...plan.steps[1]!.pick, match } }] })
      .filter((p) => p.includes('fold'));
    expect(withMatch({ field: 'name', contains: { flag: 'name' }, fold: true })).toHaveLength(1);
    expect(withMatch({ field: 'name', equals: { flag: 'name' }, fold: 'yes' })).toHaveLength(1);
    expect(withMatch({ field: 'name', equals: { flag: 'name' }, fold: true })).toEqual([]);
  });
});

describe('the condition equal_fold compares two texts as Go\'s strings.EqualFold', () => {
  it('holds for texts folding alike, not for JavaScript-only case pairs nor for values that are not texts', async () => {
    const holds = (a: unknown, b: unknown) => conditionHolds({ equal_fold: [{ const: a }, { const: b }] });
    expect(await Promise.all([holds('σοφος', 'ΣΟΦΟΣ'), holds('ſtaff', 'STAFF'), holds('dır', 'DIR'), holds(' a', 'a'), holds(1, '1')]))
      .toEqual([true, true, false, false, false]);
  });

  it('is refused by the build unless it names two sources', () => {
    expect(problemsOf(refuseWhen({ equal_fold: [{ const: 'a' }] })).filter((p) => p.includes('equal_fold'))).toHaveLength(1);
    expect(problemsOf(refuseWhen({ equal_fold: [{ const: 'a' }, { flag: 'name' }] }))).toEqual([]);
  });
});

describe('wiki_space_candidates reads a search_wikiSpaces answer as wikiNewDocExtractSpaces does (wiki_new_doc.go:188-247)', () => {
  it('takes the first outer key holding a list or an object with a list, and every spelling of id and name, untrimmed', () => {
    expect(wikiSpaceCandidates({ result: { count: 2 }, data: { wikiSpaces: [{ spaceId: ' s1 ', spaceName: 'A' }, { id: 's2', title: ' B ', name: '' }] } }))
      .toEqual({ candidates: [{ id: ' s1 ', name: 'A' }, { id: 's2', name: ' B ' }] });
    expect(wikiSpaceCandidates({ records: [], list: [{ workspaceId: 'w', name: 'n' }] })).toEqual({ candidates: [{ id: 'w', name: 'n' }] });
  });

  it('names why an answer cannot be read', () => {
    expect([null, { success: 'true', list: [] }, { data: { spaces: {} } }, { data: {} }, { list: [1] }, { list: [{ workspaceId: 'w', name: ' ' }] }, { items: [{ workspaceId: 7, name: 'n' }] }]
      .map((a) => wikiSpaceCandidates(a).problem))
      .toEqual(['empty_tool_response', 'remote_failure', 'malformed_collection', 'missing_collection', 'malformed_collection_item', 'malformed_collection_item', 'malformed_collection_item']);
  });
});

describe('wiki +wiki-new-doc finds its space as upstream does', () => {
  it('creates in the space whose trimmed name equals --space ignoring case and prints the verified document', async () => {
    outputs.answer('wiki/search_wikiSpaces', { data: { list: [{ workspaceId: 'w1', name: 'Product' }, { spaceId: 'w2', spaceName: ' PROD ' }] } });
    outputs.answer('doc/create_file', { success: true, nodeId: 'n1' });
    outputs.answer('doc/get_document_info', { nodeId: 'n1', name: '周报' });
    expect(await sent(['wiki', '+wiki-new-doc', '--space', ' prod ', '--title', '周报'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['wiki/search_wikiSpaces', { keyword: 'prod' }], ['doc/create_file', { workspaceId: 'w2', name: '周报', type: 'adoc' }], ['doc/get_document_info', { nodeId: 'n1' }]],
      printed: { success: true, nodeId: 'n1', space: 'prod', title: '周报', document: { nodeId: 'n1', name: '周报' } },
    });
  });

  it('refuses two spaces whose names equal --space but for case as ambiguous, before anything is created', async () => {
    outputs.answer('wiki/search_wikiSpaces', { wikiSpaces: [{ workspaceId: 'w1', name: 'Sales' }, { workspaceId: 'w2', name: 'SALES' }] });
    const run1 = await sent(['wiki', '+wiki-new-doc', '--space', 'sales', '--title', '周报']);
    expect([run1.reason, run1.calls]).toEqual(['ambiguous_match', [['wiki/search_wikiSpaces', { keyword: 'sales' }]]]);
  });
});
