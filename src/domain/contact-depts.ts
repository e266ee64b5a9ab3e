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
