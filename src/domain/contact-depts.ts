// The department candidates of a search_dept_by_keyword answer, as upstream's contact +resolve-dept reads them
// (internal/shortcut/smart/resolve_dept.go resolveDeptItems, resolveDeptID, resolveDeptName @c7521c1c): the list
// found under the first container key (an object there is searched the same way, at any depth, and counts only when
// it yields a department), each department as {deptId, name} in text.
import { isObject } from '../json-object.js';

const CONTAINERS = ['deptList', 'result', 'data', 'list', 'items', 'departments', 'depts', 'records'];
const HIGHLIGHTS = ['<red>', '</red>', '<b>', '</b>', '<em>', '</em>'];

/** The object elements of the first list found; undefined when none is (an empty nested list is passed over). */
function deptItems(data: Record<string, unknown>): Record<string, unknown>[] | undefined {
  for (const key of CONTAINERS) {
    if (!Object.hasOwn(data, key)) continue;
    const raw = data[key];
    if (Array.isArray(raw)) return raw.filter(isObject);
    if (isObject(raw)) {
      const inner = deptItems(raw);
      if (inner !== undefined && inner.length > 0) return inner;
    }
  }
  return undefined;
}

/** A department's id: the first non-empty text, or number (Go's int64 of it, in decimal), of its id keys; else "". */
function deptId(d: Record<string, unknown>): string {
  for (const key of ['deptId', 'dept_id', 'departmentId', 'id']) {
    const v = d[key];
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number') return BigInt(Math.trunc(v)).toString();
  }
  return '';
}

/** A department's name: the first non-empty text of its name keys without the search's highlight tags; else "". */
function deptName(d: Record<string, unknown>): string {
  for (const key of ['name', 'deptName', 'departmentName', 'title']) {
    const v = d[key];
    if (typeof v === 'string' && v !== '') return HIGHLIGHTS.reduce((s, tag) => s.split(tag).join(''), v);
  }
  return '';
}

/** search_dept_by_keyword's answer -> [{deptId, name}] (empty when the answer holds no department). */
export function deptCandidates(answer: unknown): { deptId: string; name: string }[] {
  const items = isObject(answer) ? deptItems(answer) ?? [] : [];
  return items.map((d) => ({ deptId: deptId(d), name: deptName(d) }));
}

/** The first value of the keys that is present and not null (upstream deptMembersFirst). */
function firstSet(d: Record<string, unknown>, keys: string[]): unknown {
  for (const key of keys) if (d[key] !== undefined && d[key] !== null) return d[key];
  return undefined;
}

/** A department id as upstream's deptMembersToInt64 reads it: a number truncated to a whole one, or a text of decimal digits (trimmed, signed); else undefined. */
function memberDeptId(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return BigInt(Math.trunc(v)).toString();
  if (typeof v === 'string' && /^[+-]?\d+$/.test(v.trim())) {
    const n = BigInt(v.trim());
    if (n >= -(2n ** 63n) && n < 2n ** 63n) return n.toString();
  }
  return undefined;
}

/**
 * search_dept_by_keyword's answer -> the departments contact +dept-members chooses from, as upstream's
 * deptMembersExtractDepts reads them (internal/shortcut/smart/dept_members.go:132-217@c7521c1c): the object elements of
 * the lists at result, data, deptList, departments, list and items, all of them in that order, then the answer itself
 * when it carries an id; each the first non-null of deptId/dept_id/id as a whole number (in decimal text), a repeated
 * id counted once, an element without one left out; its name the first non-null of deptName/dept_name/name when text,
 * highlight tags stripped.
 */
export function deptMemberCandidates(answer: unknown): { deptId: string; name: string }[] {
  if (!isObject(answer)) return [];
  const items: Record<string, unknown>[] = [];
  for (const key of ['result', 'data', 'deptList', 'departments', 'list', 'items']) {
    const raw = answer[key];
    if (Array.isArray(raw)) items.push(...raw.filter(isObject));
  }
  if (memberDeptId(firstSet(answer, ['deptId', 'dept_id', 'id'])) !== undefined) items.push(answer);
  const seen = new Set<string>();
  const out: { deptId: string; name: string }[] = [];
  for (const d of items) {
    const id = memberDeptId(firstSet(d, ['deptId', 'dept_id', 'id']));
    if (id === undefined || seen.has(id)) continue;
    seen.add(id);
    const name = firstSet(d, ['deptName', 'dept_name', 'name']);
    out.push({ deptId: id, name: typeof name === 'string' ? HIGHLIGHTS.reduce((s, tag) => s.split(tag).join(''), name) : '' });
  }
  return out;
}
