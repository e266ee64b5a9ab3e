// `project_rows`: the list an answer holds, each element reduced to a few fields read from their spellings — the
// shape of upstream's list-shortcut projections (`eventListProject`, `memberListProject`, ...: probe container keys,
// one level inside too; per field the first key present; rows with nothing left out). One primitive for all of them,
// so a plan names its containers and fields instead of spelling out every path.
import { parsePath, readPath } from '../path.js';
import { isObj, refuse, type Param } from './types.js';
import { trimSpace } from '../../text/space.js';

export interface RowsSpec {
  /** Paths tried in order; the first holding a list gives the rows. Absent: the value itself is the list. */
  containers?: string[];
  /** Keys tried, in order, inside a container that holds an object instead of a list (one level down). */
  inside?: string[];
  /** A key whose object, when an element holds one there, is read instead of the element (`userInfo`, `shiftVO`). */
  unwrap?: string;
  /** Output key -> its spellings (paths into the element), the first present one taken; keys kept in this order. Absent: each object element as it is. */
  fields?: Record<string, string[]>;
  /** Output keys a row must have; a row without one of them is left out. */
  required?: string[];
  /** `skip` (the default): a null spelling is absent and the next one is tried; `keep`: a key present with null is taken;
   * `stop`: the first key present decides, and a null there leaves the field out (upstream's `v := first(m, ...); v != nil`). */
  nulls?: 'skip' | 'keep' | 'stop';
  /** A list found whose first element is a list stands for that list (upstream's gateway tuple `[list, cursor, more]`, unwrapConversationTuple). */
  tuples?: boolean;
  /** A row with no field found is kept as `{}` (upstream projectWikiRows), not left out. */
  keep_empty?: boolean;
  /** A list holding an element that is not an object gives no rows at all (upstream requireWikiCollection refuses it). */
  objects_only?: boolean;
  /** The first container present decides (a null or a non-list there gives no rows: upstream resolveSpaceItemsStrict's
   * missing or malformed collection), instead of the first one holding a list. Not with `inside`. */
  first_present?: boolean;
  /** A spelling counts only when it holds text: `trim` a text not blank after trimming, taken trimmed (upstream
   * shortcutFindDocStr); `nonempty` a text other than "", taken as it is (resolveSpaceID, whoamiStr). Not with `nulls`. */
  texts?: 'trim' | 'nonempty';
  /** The text a field none of whose spellings counts gets (upstream's "" for a field not found), so every object element gives a full row. */
  fill?: string;
  /** When no container holds a list, the first key of the value (an object) holding one, in the answer's order (upstream's
   * scan of a Go map, shortcutFindDocItems: where several keys hold lists Go's order is random). */
  any_list?: boolean;
}

const textList = (v: unknown, paths: boolean): v is string[] => Array.isArray(v) && v.length > 0 && v.every((x) => {
  if (typeof x !== 'string' || x.length === 0) return false;
  if (!paths) return !x.includes('.');
  try {
    parsePath(x);
    return true;
  } catch {
    return false;
  }
});

/** Checks a spec written in a plan (throws an Error naming the problem: the build reports it). */
export function rowsSpec(arg: unknown): RowsSpec {
  const bad = (why: string): never => {
    throw new Error(`project_rows ${why}`);
  };
  if (!isObj(arg)) return bad('needs {containers?, inside?, unwrap?, fields?, required?, nulls?, tuples?, keep_empty?, objects_only?, first_present?, texts?, fill?, any_list?}');
  const known = ['containers', 'inside', 'unwrap', 'fields', 'required', 'nulls', 'tuples', 'keep_empty', 'objects_only', 'first_present', 'texts', 'fill', 'any_list'];
  const extra = Object.keys(arg).find((k) => !known.includes(k));
  if (extra !== undefined) bad(`has no option "${extra}" (it takes ${known.join(', ')})`);
  const { containers, inside, unwrap, fields, required, nulls, tuples, keep_empty: keepEmpty, objects_only: objectsOnly } = arg;
  const { first_present: firstPresent, texts, fill, any_list: anyList } = arg;
  if (anyList !== undefined && (anyList !== true || containers === undefined)) bad('any_list is true, with containers');
  if (firstPresent !== undefined && firstPresent !== true) bad('first_present is true or absent');
  if (firstPresent !== undefined && (containers === undefined || inside !== undefined)) bad('first_present needs containers and no inside');
  if (texts !== undefined && texts !== 'trim' && texts !== 'nonempty') bad('texts is trim or nonempty');
  if (texts !== undefined && nulls !== undefined) bad('texts cannot go with nulls');
  if (fill !== undefined && (typeof fill !== 'string' || fields === undefined)) bad('fill is a text, with fields');
  if (tuples !== undefined && tuples !== true) bad('tuples is true or absent');
  if (keepEmpty !== undefined && keepEmpty !== true) bad('keep_empty is true or absent');
  if (keepEmpty !== undefined && required !== undefined) bad('keep_empty cannot go with required');
  if (objectsOnly !== undefined && objectsOnly !== true) bad('objects_only is true or absent');
  if (containers !== undefined && !textList(containers, true)) bad('containers must be a list of paths');
  if (inside !== undefined && !textList(inside, false)) bad('inside must be a list of keys');
  if (inside !== undefined && containers === undefined) bad('inside needs containers');
  if (unwrap !== undefined && (typeof unwrap !== 'string' || unwrap === '' || unwrap.includes('.'))) bad('unwrap must be a key');
  if (fields !== undefined && (!isObj(fields) || Object.keys(fields).length === 0)) bad('fields must map output keys to their spellings');
  if (fields === undefined && containers === undefined) bad('needs containers or fields');
  for (const [k, spellings] of Object.entries((fields ?? {}) as Record<string, unknown>)) {
    if (k.includes('.')) bad(`field "${k}" must be a plain key`);
    if (!textList(spellings, true)) bad(`field "${k}" must list its spellings (paths)`);
  }
  if (required !== undefined && !(textList(required, false) && required.every((k) => Object.hasOwn(fields ?? {}, k)))) {
    bad('required must list output keys of fields');
  }
  if (nulls !== undefined && nulls !== 'skip' && nulls !== 'keep' && nulls !== 'stop') bad('nulls is skip, keep or stop');
  return arg as unknown as RowsSpec;
}

/** The first list among the containers (or inside one of them, one level down); undefined when none holds one. */
export function findRows(value: unknown, spec: Pick<RowsSpec, 'containers' | 'inside' | 'tuples' | 'first_present' | 'any_list'>): unknown[] | undefined {
  const found = (list: unknown[]) => (spec.tuples && Array.isArray(list[0]) ? list[0] as unknown[] : list);
  if (spec.containers === undefined) return Array.isArray(value) ? found(value) : undefined;
  for (const c of spec.containers) {
    const v = readPath(value, c);
    if (Array.isArray(v)) return found(v);
    if (spec.first_present && v !== undefined) return undefined;
    if (!isObj(v)) continue;
    for (const k of spec.inside ?? []) if (Object.hasOwn(v, k) && Array.isArray(v[k])) return found(v[k] as unknown[]);
  }
  if (spec.any_list && isObj(value)) {
    const list = Object.values(value).find(Array.isArray);
    if (list !== undefined) return found(list);
  }
  return undefined;
}

/** One element as a row: each field its first present spelling (the object itself without fields); undefined when the row is empty (unless keep_empty) or lacks a required key. */
export function projectRow(element: unknown, spec: Pick<RowsSpec, 'unwrap' | 'fields' | 'required' | 'nulls' | 'keep_empty' | 'texts' | 'fill'>): Record<string, unknown> | undefined {
  if (!isObj(element)) return undefined;
  const inner = spec.unwrap !== undefined && isObj(element[spec.unwrap]) ? element[spec.unwrap] as Record<string, unknown> : element;
  if (spec.fields === undefined) return inner;
  const taken = spec.texts !== undefined
    ? (v: unknown) => typeof v === 'string' && (spec.texts === 'trim' ? trimSpace(v) : v) !== ''
    : spec.nulls === 'skip' || spec.nulls === undefined ? (v: unknown) => v !== undefined && v !== null : (v: unknown) => v !== undefined;
  const row: Record<string, unknown> = {};
  for (const [key, spellings] of Object.entries(spec.fields)) {
    for (const s of spellings) {
      const v = readPath(inner, s);
      if (taken(v)) {
        if (v !== null || spec.nulls === 'keep') row[key] = spec.texts === 'trim' ? trimSpace(v as string) : v;
        break;
      }
    }
    if (!Object.hasOwn(row, key) && spec.fill !== undefined) row[key] = spec.fill;
  }
  if ((Object.keys(row).length === 0 && spec.keep_empty !== true) || (spec.required ?? []).some((k) => !Object.hasOwn(row, k))) return undefined;
  return row;
}

export const PARAM: Record<string, Param> = {
  /** the rows of an answer's list, each element reduced to its fields (docs/PLANS.md "project_rows"); absent when no container holds a list */
  project_rows: (arg) => {
    const spec = rowsSpec(arg);
    return (v, where) => {
      if (spec.containers === undefined && !Array.isArray(v)) return refuse(where, v, 'a list');
      const list = findRows(v, spec);
      if (spec.objects_only && list?.some((x) => !isObj(x))) return undefined;
      return list?.map((x) => projectRow(x, spec)).filter((x) => x !== undefined);
    };
  },
};
