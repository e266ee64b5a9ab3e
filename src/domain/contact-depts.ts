// The department candidates of a search_dept_by_keyword answer, as upstream's contact +resolve-dept reads them
// (internal/shortcut/smart/resolve_dept.go resolveDeptItems, resolveDeptID, resolveDeptName @c7521c1c): the list
// found under the first container key (an object there is searched the same way, at any depth, and counts only when
// it yields a department), each department as {deptId, name} in text.
import { JsonNumber } from '../json-number.js';
import { isObject } from '../json-object.js';
import { trimSpace } from '../text/space.js';

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

/** A JSON number (a kept literal read as Go's float64) as Go's int64(v) truncates it, in decimal; undefined for anything else. */
function truncatedNumber(v: unknown): string | undefined {
  const n = typeof v === 'number' ? v : v instanceof JsonNumber ? Number(v.literal) : NaN;
  return Number.isFinite(n) ? BigInt(Math.trunc(n)).toString() : undefined;
}

/**
 * A department id as upstream's int64 readers take it (deptMembersToInt64 dept_members.go:186-204, shortcutOrgToInt64
 * org.go:161-179@c7521c1c): a JSON number truncated (truncatedNumber), or a text that
 * strconv.ParseInt(s, 10, 64) takes after `read` (deptMembers trims it with strings.TrimSpace, org reads it as it is),
 * in decimal; undefined for anything else.
 */
function int64Text(v: unknown, read: (s: string) => string): string | undefined {
  if (typeof v === 'string') {
    const s = read(v);
    if (!/^[+-]?\d+$/.test(s)) return undefined;
    const n = BigInt(s);
    return n >= -(2n ** 63n) && n < 2n ** 63n ? n.toString() : undefined;
  }
  return truncatedNumber(v);
}
const memberDeptId = (v: unknown) => int64Text(v, trimSpace);
const orgDeptId = (v: unknown) => int64Text(v, (s) => s);

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

/**
 * get_user_info_by_user_ids' answer -> the person's department id contact +org and +team go on with, as upstream's
 * shortcutOrgExtractDeptID reads it (internal/shortcut/smart/org.go:112-179@c7521c1c): the answer itself, then the
 * object (or each object element of the list) at result, data, userList and users, in that order; in each, the
 * elements of orgEmployeeModel.depts in order, the first deptId that is a number (truncated) or a decimal text
 * (untrimmed, signed, within int64), in decimal text; "" when none is.
 */
export function orgUserDeptId(answer: unknown): string {
  if (!isObject(answer)) return '';
  const users: Record<string, unknown>[] = [answer];
  for (const key of ['result', 'data', 'userList', 'users']) {
    const v = answer[key];
    if (isObject(v)) users.push(v);
    else if (Array.isArray(v)) users.push(...v.filter(isObject));
  }
  for (const user of users) {
    const model = user.orgEmployeeModel;
    const depts = isObject(model) ? model.depts : undefined;
    if (!Array.isArray(depts)) continue;
    for (const d of depts) {
      const id = isObject(d) ? orgDeptId(d.deptId) : undefined;
      if (id !== undefined) return id;
    }
  }
  return '';
}

/** The userId of one object as upstream's byMobileUserIDFromMap reads it: the first of its id keys holding a text other than "" and "0", or a number other than 0 (truncated); "" when none does. */
function mobileIdOf(m: Record<string, unknown>): string {
  for (const key of ['userId', 'userid', 'user_id', 'userID', 'id']) {
    const v = m[key];
    if (typeof v === 'string' && v !== '' && v !== '0') return v;
    const n = truncatedNumber(v);
    if (n !== undefined && Number(typeof v === 'number' ? v : (v as JsonNumber).literal) !== 0) return n;
  }
  return '';
}

/**
 * search_user_by_mobile's answer -> the bound user's userId contact +by-mobile reads details for, as upstream's
 * byMobileExtractUserID (internal/shortcut/smart/by_mobile.go:108-154@c7521c1c): the answer's own id keys, then, for
 * each of result, data, user, userInfo in turn, an object's id keys, each object element's of a list in order, a
 * non-empty text as it is, or a number truncated (0 included); "" when none is found.
 */
export function mobileUserId(answer: unknown): string {
  if (!isObject(answer)) return '';
  const own = mobileIdOf(answer);
  if (own !== '') return own;
  for (const key of ['result', 'data', 'user', 'userInfo']) {
    const v = answer[key];
    if (isObject(v)) {
      const id = mobileIdOf(v);
      if (id !== '') return id;
    } else if (Array.isArray(v)) {
      for (const it of v) {
        const id = isObject(it) ? mobileIdOf(it) : '';
        if (id !== '') return id;
      }
    } else if (typeof v === 'string') {
      if (v !== '') return v;
    } else {
      const n = truncatedNumber(v);
      if (n !== undefined) return n;
    }
  }
  return '';
}
