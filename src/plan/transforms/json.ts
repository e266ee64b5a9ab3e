// JSON values as a check: text that parses (`--fix-jsonml`: what upstream would have repaired, a plan refuses), and
// the business object an MCP answer must carry before a plan reads or prints it.
import { DwsError } from '../../errors.js';
import { isObj, str, type Fn } from './types.js';

const malformed = (where: string, what: string): never => {
  throw new DwsError('backend_error', `${where}: the answer ${what}, so it proves nothing`, 'read the target to see what it holds now; report the answer shape if it persists');
};

/**
 * Upstream's requireDriveObject / requireWikiObject (drive/common.go:80-122, wiki/common.go:47-100 at c7521c1c, the
 * same rules): an answer must be a non-empty object whose `success`, when there, is the boolean true; its object is
 * then `result` when that key is there, else `data` when that one is (either must be a non-empty object), else the
 * answer itself, which must hold more than one key (a lone `{success: true}` or `{id: x}` is no business object).
 */
export function answerObject(v: unknown, where: string): Record<string, unknown> {
  if (!isObj(v) || Object.keys(v).length === 0) return malformed(where, 'is empty');
  if (Object.hasOwn(v, 'success')) {
    if (typeof v.success !== 'boolean') return malformed(where, 'has a success that is not a boolean');
    if (!v.success) {
      const said = ['errorMsg', 'message', 'error'].map((k) => v[k]).find((x) => typeof x === 'string' && x.trim() !== '');
      throw new DwsError('backend_error', `${where}: the backend answered success=false${said !== undefined ? `: ${String(said).trim()}` : ''}`, 'check the target and try again');
    }
  }
  for (const wrapper of ['result', 'data']) {
    if (!Object.hasOwn(v, wrapper)) continue;
    const inner = v[wrapper];
    return isObj(inner) && Object.keys(inner).length > 0 ? inner : malformed(where, `has a ${wrapper} that is not a non-empty object`);
  }
  return Object.keys(v).length === 1 ? malformed(where, 'holds a single key and no result or data object') : v;
}

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
};
