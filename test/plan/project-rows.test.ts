// The `project_rows` transform (src/plan/transforms/rows.ts): the first list among an answer's containers (one level
// inside them too), each element reduced to the first present spelling of each field. The properties compare it
// with a plain reading of its definition over random answers built from a few keys, so that collisions are common.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTransform, transformArgProblem } from '../../src/plan/transforms/index.js';
import { readPath } from '../../src/plan/path.js';
import { DwsError } from '../../src/errors.js';
import type { RowsSpec } from '../../src/plan/transforms/rows.js';

const KEYS = ['result', 'data', 'list', 'items', 'id', 'name'] as const;
const key = fc.constantFrom(...KEYS);
const keys = fc.uniqueArray(key, { minLength: 1, maxLength: 4 });
const scalar = fc.oneof(fc.constant(null), fc.integer({ min: -3, max: 3 }), fc.constantFrom('', 'x', '名字'), fc.boolean());
/** JSON values over the few keys, up to three levels deep: lists, objects, nulls and scalars everywhere. */
const answer: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', maxDepth: 3 }, scalar, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(key, tie('v'), { maxKeys: 4 })),
})).v;

const rows = (arg: unknown, v: unknown) => applyTransform({ project_rows: arg as RowsSpec }, v, '--x');
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

describe('project_rows finds the list', () => {
  it('is the first of the paths container, container.inside... (in that order) that holds a list; absent when none does', () => {
    fc.assert(fc.property(answer, keys, fc.option(keys, { nil: undefined }), (v, containers, inside) => {
      const paths = containers.flatMap((c) => [c, ...(inside ?? []).map((k) => `${c}.${k}`)]);
      const found = paths.map((p) => readPath(v, p)).find(Array.isArray) as unknown[] | undefined;
      const out = rows({ containers, inside, fields: { id: ['id'] } }, v);
      expect(out).toEqual(found?.filter((x) => isObj(x) && x.id !== undefined && x.id !== null).map((x) => ({ id: (x as { id: unknown }).id })));
    }));
  });

  it('takes the value itself as the list without containers, and refuses a value that is not a list', () => {
    fc.assert(fc.property(fc.array(answer, { maxLength: 4 }), (list) => {
      expect(rows({ fields: { name: ['name'] } }, list)).toEqual(rows({ containers: ['list'], fields: { name: ['name'] } }, { list }));
    }));
    expect(() => rows({ fields: { name: ['name'] } }, { list: [] })).toThrow(DwsError);
  });

  it('tuples: a list found whose first element is a list stands for that list (upstream unwrapConversationTuple, f-chat6)', () => {
    fc.assert(fc.property(answer, keys, fc.option(keys, { nil: undefined }), (v, containers, inside) => {
      const paths = containers.flatMap((c) => [c, ...(inside ?? []).map((k) => `${c}.${k}`)]);
      const found = paths.map((p) => readPath(v, p)).find(Array.isArray) as unknown[] | undefined;
      const list = found !== undefined && Array.isArray(found[0]) ? found[0] as unknown[] : found;
      expect(rows({ containers, inside, tuples: true }, v)).toEqual(list?.filter(isObj));
    }));
    expect(rows({ containers: ['result'], tuples: true, fields: { id: ['id'] } }, { result: [[{ id: 'c1' }, 'x'], 7, true] })).toEqual([{ id: 'c1' }]);
    expect(rows({ containers: ['result'], fields: { id: ['id'] } }, { result: [[{ id: 'c1' }], 7, true] })).toEqual([]);
    expect(transformArgProblem({ project_rows: { containers: ['r'], tuples: 'yes' } } as never)).toMatch(/tuples is true or absent/u);
  });
});

describe('project_rows picks the fields', () => {
  const spelled = fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.uniqueArray(key, { minLength: 1, maxLength: 3 }), { minKeys: 1, maxKeys: 3 });

  it('gives each field its first spelling holding a value (null skipped, or kept with nulls: keep), in element order, rows with none left out', () => {
    fc.assert(fc.property(fc.array(answer, { maxLength: 5 }), spelled, fc.constantFrom('skip', 'keep'), (list, fields, nulls) => {
      const present = (x: Record<string, unknown>, k: string) => Object.hasOwn(x, k) && (nulls === 'keep' || x[k] !== null);
      const expected = list.filter(isObj).map((x) => Object.fromEntries(Object.entries(fields)
        .map(([out, spellings]) => [out, spellings.find((k) => present(x, k))] as const)
        .filter(([, k]) => k !== undefined)
        .map(([out, k]) => [out, x[k as string]]))).filter((r) => Object.keys(r).length > 0);
      expect(rows({ fields, nulls }, list)).toEqual(expected);
    }));
  });

  it('leaves out a row without a required field, and reads inside the unwrap key when an element holds an object there', () => {
    fc.assert(fc.property(fc.array(answer, { maxLength: 5 }), (list) => {
      const all = rows({ fields: { id: ['id'], name: ['name'] } }, list) as Record<string, unknown>[];
      expect(rows({ fields: { id: ['id'], name: ['name'] }, required: ['id'] }, list)).toEqual(all.filter((r) => Object.hasOwn(r, 'id')));
      const wrapped = list.map((x) => ({ data: x, id: 'outer' }));
      const unwrapped = list.map((x) => (isObj(x) ? x : { id: 'outer' }));
      expect(rows({ unwrap: 'data', fields: { id: ['id'], name: ['name'] } }, wrapped)).toEqual(rows({ fields: { id: ['id'], name: ['name'] } }, unwrapped));
    }));
  });

  it('keeps each object element as it is without fields (other elements left out)', () => {
    fc.assert(fc.property(answer, keys, (v, containers) => {
      const found = rows({ containers, fields: { id: ['id'], name: ['name'], list: ['list'], items: ['items'], result: ['result'], data: ['data'] }, nulls: 'keep' }, v);
      const whole = rows({ containers }, v) as unknown[] | undefined;
      expect(whole?.filter((x) => Object.keys(x as object).length > 0)).toEqual(found);
      expect(whole?.every(isObj) ?? true).toBe(true);
    }));
  });

  it('reads a spelling written as a path, and keeps the fields in the order they are declared', () => {
    expect(rows({ fields: { name: ['user.name', 'name'], id: ['id'] } }, [{ id: 1, user: { name: '李雷' } }, { id: 2, name: '韩梅梅', user: null }]))
      .toEqual([{ name: '李雷', id: 1 }, { name: '韩梅梅', id: 2 }]);
    expect(Object.keys((rows({ fields: { z: ['id'], a: ['name'] } }, [{ name: 'n', id: 'i' }]) as object[])[0])).toEqual(['z', 'a']);
  });
});

// branch f-wiki2: upstream projectWikiRows keeps a row with no known field; requireWikiCollection refuses a non-object
describe('project_rows keep_empty and objects_only (internal/shortcut/wiki/common.go:128-155@c7521c1c)', () => {
  it('keep_empty: a row with no field found is {} and every object element gives one row, in order', () => {
    fc.assert(fc.property(fc.array(fc.dictionary(key, scalar, { maxKeys: 3 }), { maxLength: 5 }), (list) => {
      const out = rows({ fields: { id: ['id'], name: ['name'] }, keep_empty: true }, list) as Record<string, unknown>[];
      expect(out).toHaveLength(list.length);
      out.forEach((row, i) => expect(row).toEqual(Object.fromEntries(['id', 'name'].filter((k) => list[i][k] !== undefined && list[i][k] !== null).map((k) => [k, list[i][k]]))));
    }));
    expect(rows({ fields: { id: ['id'] } }, [{ x: 1 }])).toEqual([]);
  });
  it('objects_only: a list holding anything but objects gives no rows (absent); without it the element is left out', () => {
    const spec = { containers: ['list'], fields: { id: ['id'] }, keep_empty: true, objects_only: true };
    expect(rows(spec, { list: [{ id: 1 }, 'x'] })).toBeUndefined();
    expect(rows(spec, { list: [{ id: 1 }, null] })).toBeUndefined();
    expect(rows(spec, { list: [{ id: 1 }, {}] })).toEqual([{ id: 1 }, {}]);
    expect(rows({ containers: ['list'], fields: { id: ['id'] } }, { list: [{ id: 1 }, 'x'] })).toEqual([{ id: 1 }]);
  });

  it('first_present: the first container present decides; a null or a non-list there gives no rows (a-s2, resolveSpaceItemsStrict)', () => {
    fc.assert(fc.property(answer, keys, (v, containers) => {
      const first = containers.map((c) => readPath(v, c)).find((x) => x !== undefined);
      const out = rows({ containers, first_present: true, fields: { id: ['id'] }, keep_empty: true }, v);
      expect(out).toEqual(Array.isArray(first) ? first.filter(isObj).map((x) => (x.id === undefined || x.id === null ? {} : { id: x.id })) : undefined);
    }));
    expect(rows({ containers: ['list', 'items'], first_present: true, fields: { id: ['id'] } }, { list: null, items: [{ id: 1 }] })).toBeUndefined();
  });

  it('any_list: with no container holding a list, the first key of the object holding one gives the rows', () => {
    fc.assert(fc.property(answer, keys, (v, containers) => {
      const named = containers.map((c) => readPath(v, c)).find(Array.isArray);
      const any = isObj(v) ? Object.values(v).find(Array.isArray) : undefined;
      const out = rows({ containers, any_list: true, fields: { id: ['id'] }, keep_empty: true }, v);
      const list = (named ?? any) as unknown[] | undefined;
      expect(out).toEqual(list?.filter(isObj).map((x) => (x.id === undefined || x.id === null ? {} : { id: x.id })));
    }));
  });

  it('texts: only a text spelling counts (trim: not blank, taken trimmed; nonempty: not ""), and fill gives a field none counts', () => {
    fc.assert(fc.property(fc.array(fc.dictionary(key, fc.oneof(scalar, fc.constantFrom(' ', ' x ')), { maxKeys: 4 }), { maxLength: 5 }), (list) => {
      for (const texts of ['trim', 'nonempty'] as const) {
        const counts = (x: unknown): x is string => typeof x === 'string' && (texts === 'trim' ? x.trim() : x) !== '';
        const out = rows({ fields: { v: ['id', 'name'] }, texts, fill: '' }, list);
        expect(out).toEqual(list.map((e) => {
          const hit = [e.id, e.name].find(counts) as string | undefined;
          return { v: hit === undefined ? '' : texts === 'trim' ? hit.trim() : hit };
        }));
      }
    }));
  });
});

describe('project_rows is checked when the plan is built', () => {
  it.each([
    [{}, 'needs containers or fields'],
    [{ containers: ['list'], required: ['id'] }, 'required'],
    [{ fields: {} }, 'fields'],
    [{ fields: { id: 'id' } }, 'field "id"'],
    [{ fields: { 'a.b': ['id'] } }, 'plain key'],
    [{ fields: { id: ['id'] }, inside: ['list'] }, 'inside needs containers'],
    [{ fields: { id: ['id'] }, containers: ['a..b'] }, 'containers'],
    [{ fields: { id: ['id'] }, required: ['name'] }, 'required'],
    [{ fields: { id: ['id'] }, nulls: 'drop' }, 'nulls'],
    [{ fields: { id: ['id'] }, unwrap: 'a.b' }, 'unwrap'],
    [{ fields: { id: ['id'] }, container: ['list'] }, 'no option "container"'],
    [{ fields: { id: ['id'] }, keep_empty: 'yes' }, 'keep_empty'],
    [{ fields: { id: ['id'] }, keep_empty: true, required: ['id'] }, 'keep_empty cannot go with required'],
    [{ fields: { id: ['id'] }, objects_only: 1 }, 'objects_only'],
    [{ fields: { id: ['id'] }, first_present: true }, 'first_present needs containers'],
    [{ containers: ['a'], inside: ['b'], fields: { id: ['id'] }, first_present: true }, 'first_present needs containers and no inside'],
    [{ fields: { id: ['id'] }, texts: 'all' }, 'texts is trim or nonempty'],
    [{ fields: { id: ['id'] }, texts: 'trim', nulls: 'keep' }, 'texts cannot go with nulls'],
    [{ containers: ['a'], fill: '' }, 'fill is a text, with fields'],
    [{ fields: { id: ['id'] }, fill: 0 }, 'fill is a text'],
    [{ fields: { id: ['id'] }, any_list: true }, 'any_list is true, with containers'],
  ])('refuses %j', (arg, problem) => {
    expect(transformArgProblem({ project_rows: arg } as never)).toContain(problem);
  });
});
