// JSON values as a check: text that parses (`--fix-jsonml`: what upstream would have repaired, a plan refuses), and
// the business object an MCP answer must carry before a plan reads or prints it.
import { DwsError } from '../../errors.js';
import { isObj, str, type Fn, type Param } from './types.js';

const malformed = (where: string, what: string): never => {
  throw new DwsError('backend_error', `${where}: the answer ${what}, so it proves nothing`, 'read the target to see what it holds now; report the answer shape if it persists');
};

/**
 * Upstream's requireDriveResponse (drive/common.go:79-97 at c7521c1c), the first check of every drive answer: a
 * non-empty object whose `success`, when the key is there (null included), is a boolean, and not false.
 */
function answerEnvelope(v: unknown, where: string): Record<string, unknown> {
  if (!isObj(v) || Object.keys(v).length === 0) return malformed(where, 'is empty');
  if (Object.hasOwn(v, 'success')) {
    if (typeof v.success !== 'boolean') return malformed(where, 'has a success that is not a boolean');
    if (!v.success) {
      const said = ['errorMsg', 'message', 'error'].map((k) => v[k]).find((x) => typeof x === 'string' && x.trim() !== '');
      throw new DwsError('backend_error', `${where}: the backend answered success=false${said !== undefined ? `: ${String(said).trim()}` : ''}`, 'check the target and try again');
    }
  }
  return v;
}

/**
 * Upstream's requireDriveObject / requireWikiObject (drive/common.go:80-122, wiki/common.go:47-100 at c7521c1c, the
 * same rules): an answer must be a non-empty object whose `success`, when there, is the boolean true; its object is
 * then `result` when that key is there, else `data` when that one is (either must be a non-empty object), else the
 * answer itself, which must hold more than one key (a lone `{success: true}` or `{id: x}` is no business object).
 */
export function answerObject(v: unknown, where: string): Record<string, unknown> {
  const answer = answerEnvelope(v, where);
  for (const wrapper of ['result', 'data']) {
    if (!Object.hasOwn(answer, wrapper)) continue;
    const inner = answer[wrapper];
    return isObj(inner) && Object.keys(inner).length > 0 ? inner : malformed(where, `has a ${wrapper} that is not a non-empty object`);
  }
  return Object.keys(answer).length === 1 ? malformed(where, 'holds a single key and no result or data object') : answer;
}

/**
 * Upstream's requireDriveCollection (drive/common.go:136-174 at c7521c1c): after the envelope check, a `result` and a
 * `data` key, when there, must hold objects (null is not one: Go sees the key); the list is the first of `keys`
 * present in the answer, then in result, then in data, and it and each of its elements must be a list and objects
 * (a key holding null is present, so refused, as upstream). `{list, page}`: the list and the object holding it (its
 * cursor keys are the page's, upstream addDrivePagination). No list under any key is refused: a missing list is not
 * an empty one.
 */
export function answerList(keys: readonly string[], v: unknown, where: string): { list: unknown[]; page: Record<string, unknown> } {
  const answer = answerEnvelope(v, where);
  const holders = [answer];
  for (const wrapper of ['result', 'data']) {
    if (!Object.hasOwn(answer, wrapper)) continue;
    const inner = answer[wrapper];
    if (!isObj(inner)) return malformed(where, `has a ${wrapper} that is not an object`);
    holders.push(inner);
  }
  for (const page of holders) {
    const key = keys.find((k) => Object.hasOwn(page, k));
    if (key === undefined) continue;
    const list = page[key];
    if (!Array.isArray(list)) return malformed(where, `has a ${key} that is not a list`);
    const bad = list.findIndex((x) => !isObj(x));
    if (bad >= 0) return malformed(where, `has a list whose element ${bad + 1} (${key}[${bad}]) is not an object`);
    return { list, page };
  }
  return malformed(where, `has no list under ${keys.join(', ')} (at the top, or inside result or data): a missing list is not an empty one`);
}

/**
 * An answer unwrapped as upstream's decodeFileCommentPayload does (helpers/file_comment.go:432-455@c7521c1c): while
 * the object in hand lacks `key` and at most `depth` times, step into the first of `through` that holds an object; the
 * object reached is the payload (the answer itself when it is not an object). Without `key` it steps in while one of
 * `through` holds an object (Go's `for { r, ok := data["result"].(map[string]any); if !ok { break }; data = r }`:
 * chat +messages-resource-download's resourceDownloadInfo, resource_download.go:239-246@c7521c1c).
 */
export function unwrapUntil(v: unknown, key: string | undefined, through: readonly string[], depth: number): unknown {
  let payload = v;
  for (let level = 0; level < depth && isObj(payload) && (key === undefined || !Object.hasOwn(payload, key)); level++) {
    const inner = through.map((k) => (payload as Record<string, unknown>)[k]).find(isObj);
    if (inner === undefined) break;
    payload = inner;
  }
  return payload;
}

/** `{answer_list: [key, ...]}`: the keys upstream names for the collection, in its order (checked at build). */
export const PARAM: Record<string, Param> = {
  /** `{unwrap_until: {key, through: [...], depth}}`: see unwrapUntil (checked at build) */
  unwrap_until: (arg) => {
    const a = arg as { key?: unknown; through?: unknown; depth?: unknown } | null;
    if (!isObj(a) || (a.key !== undefined && (typeof a.key !== 'string' || a.key === '')) || !Array.isArray(a.through) || a.through.length === 0
      || !a.through.every((k) => typeof k === 'string' && k !== '') || !Number.isInteger(a.depth) || (a.depth as number) < 1) {
      throw new Error('unwrap_until needs {key?: <text>, through: [<key>, ...], depth: <whole number above 0>}');
    }
    const { key, through, depth } = a as { key?: string; through: string[]; depth: number };
    return (v) => unwrapUntil(v, key, through, depth);
  },
  answer_list: (arg) => {
    if (!Array.isArray(arg) || arg.length === 0 || !arg.every((k) => typeof k === 'string' && k !== '')) throw new Error('answer_list needs the list of keys the collection may be under');
    const keys = [...arg] as string[];
    return (v, where) => answerList(keys, v, where);
  },
};

export const PLAIN: Record<string, Fn> = {
  /** text -> true when it parses as JSON (any value), else false */
  is_json: (v, where) => {
    try {
      JSON.parse(str(v, where));
      return true;
    } catch {
      return false;
    }
  },
  /** an MCP answer -> its business object (upstream requireDriveObject/requireWikiObject), or backend_error */
  answer_object: answerObject,
  /** an MCP answer -> absent when answer_object accepts it, else the message it refuses it with (a read that may fail) */
  answer_object_error: (v, where) => {
    try {
      answerObject(v, where);
      return undefined;
    } catch (e) {
      if (e instanceof DwsError) return e.message;
      throw e;
    }
  },
};
