// The primitives a-j3 added for doc +template-search's selection payload (docs/PLANS.md): find_records' optional
// fields and sorted walk (collectTemplateCandidates, history_template_shortcuts.go:581@c7521c1c), `unique_by`,
// `sort_by` (sortedTemplateCandidates :566) and `doc_page_state` (docPageState, pagination.go:195).
import { describe, expect, it } from 'vitest';
import { apply } from './fake-plan.js';
import { transformArgProblem } from '../../src/plan/transforms/index.js';

describe('find_records with optional fields and a sorted walk', () => {
  const spec = { fields: { id: ['templateId', 'template_id'], name: ['templateName', 'name'] }, optional: ['name'] };
  it('an optional field is left out when no key gives it; a record needs its required fields', () => {
    expect(apply([{ find_records: spec }], { list: [{ templateId: ' a ' }, { name: 'no id' }, { template_id: 'b', name: ' B ' }] }))
      .toEqual([{ id: 'a' }, { id: 'b', name: 'B' }]);
  });
  it('sorted walks an object\'s keys in code point order, not as written', () => {
    const v = { z: { templateId: 'z1' }, a: { templateId: 'a1' } };
    expect(apply([{ find_records: spec }], v)).toEqual([{ id: 'z1' }, { id: 'a1' }]);
    expect(apply([{ find_records: { ...spec, sorted: true } }], v)).toEqual([{ id: 'a1' }, { id: 'z1' }]);
  });
  it('the long form is checked at build', () => {
    expect(transformArgProblem({ find_records: { fields: spec.fields, optional: ['other'] } })).toContain('find_records needs');
    expect(transformArgProblem({ find_records: { fields: spec.fields, optional: ['id', 'name'] } })).toContain('find_records needs');
    expect(transformArgProblem({ find_records: { fields: spec.fields, sorted: 'yes' } })).toContain('find_records needs');
    expect(transformArgProblem({ find_records: { fields: spec.fields, extra: 1 } })).toContain('find_records needs');
    expect(transformArgProblem({ find_records: { ...spec, sorted: true } })).toBeUndefined();
  });
});

describe('unique_by and sort_by', () => {
  it('unique_by keeps the first object per value at the key', () => {
    expect(apply([{ unique_by: 'id' }], [{ id: 'a', n: 1 }, { id: 'b' }, { id: 'a', n: 2 }, { other: 1 }, { other: 2 }]))
      .toEqual([{ id: 'a', n: 1 }, { id: 'b' }, { other: 1 }]);
  });
  it('sort_by orders by each key in turn, by code point, a missing or non-text value as ""; stable', () => {
    const list = [{ name: '周报', id: 'b' }, { id: 'z' }, { name: 'Z', id: 'c' }, { name: '周报', id: 'a' }, { name: 5, id: 'y' }];
    expect(apply([{ sort_by: ['name', 'id'] }], list)).toEqual([
      { name: 5, id: 'y' }, { id: 'z' }, { name: 'Z', id: 'c' }, { name: '周报', id: 'a' }, { name: '周报', id: 'b' },
    ]);
    expect(apply([{ sort_by: ['name'] }], [{ id: 2 }, { id: 1 }])).toEqual([{ id: 2 }, { id: 1 }]);
  });
  it('their arguments are checked at build and a value that is not a list is refused', () => {
    expect(transformArgProblem({ unique_by: '' })).toBeDefined();
    expect(transformArgProblem({ sort_by: [] })).toContain('sort_by needs');
    expect(() => apply([{ sort_by: ['a'] }], { a: 1 })).toThrow();
  });
});

describe('doc_page_state', () => {
  it('the first boolean hasMore/has_more and the first cursor text, at the top then inside result, data, page, pagination', () => {
    expect(apply(['doc_page_state'], { result: { data: { has_more: true } }, pagination: { nextCursor: 'c' } })).toEqual({ hasMore: true, nextCursor: 'c' });
    expect(apply(['doc_page_state'], { hasMore: 'yes', nextPageToken: ' t ' })).toEqual({ nextCursor: ' t ' });
  });
  it('the first cursor key present at a level decides it: a later spelling there is not read, a nested one is', () => {
    expect(apply(['doc_page_state'], { nextPageToken: null, nextCursor: 'later', data: { next_page_token: 'deep' } })).toEqual({ nextCursor: 'deep' });
    expect(apply(['doc_page_state'], 'text')).toEqual({ nextCursor: '' });
  });
});

describe('first_string, find_objects and last (doc +review: firstString, projectReviewComments)', () => {
  it('first_string takes the first key holding a text, a blank one included; "" when none', () => {
    expect(apply([{ first_string: ['a', 'b'] }], { a: 1, b: ' ' })).toBe(' ');
    expect(apply([{ first_string: ['a', 'b'] }], { a: '', b: 'x' })).toBe('');
    expect(apply([{ first_string: ['a'] }], ['a'])).toBe('');
  });
  it('find_objects gives the objects whose first text is not empty, without searching inside them', () => {
    const v = { x: [{ k: 'one', inner: { k: 'hidden' } }, { k: '', id: 'two', more: { id: 'three' } }], y: { k: 5, id: ' ' } };
    expect(apply([{ find_objects: ['k', 'id'] }], v)).toEqual([{ k: 'one', inner: { k: 'hidden' } }, { id: 'three' }, { k: 5, id: ' ' }]);
    expect(apply([{ find_objects: ['k'] }], { a: [{ k: '' }] })).toBeUndefined();
    expect(transformArgProblem({ find_objects: [] })).toContain('find_objects needs');
    expect(transformArgProblem({ first_string: [''] })).toContain('first_string needs');
  });
  it('last is the last element, absent for an empty list', () => {
    expect(apply(['last'], [1, 2, 3])).toBe(3);
    expect(apply(['last'], [])).toBeUndefined();
  });
});
