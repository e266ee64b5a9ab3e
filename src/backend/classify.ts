// How an answer inside HTTP 200 is read, as upstream reads it (internal/errors/pat.go, internal/app/runner.go
// executeInvocation@c7521c1c). In order:
//   a gateway auth code (DWS_SERVICE_UNAUTHORIZED, DWS_AUTH_SERVICE_FAILED, TOKEN_VERIFIED_FAILED,
//     USER_TOKEN_ILLEGAL, CLI_ORG_NOT_AUTHORIZED) -> gateway_auth_expired (exit 2; hint `dws auth login`)
//   an agent-scope grant code (PAT_*, AGENT_CODE_NOT_EXISTS) -> agent_scope_required (exit 4) with upstream's
//     grant JSON ({success:false, code, data}) as the top level of the stderr line
//   isError -> mcp_tool_error (exit 1)
//   success:false (or "false") anywhere under content/result/data, 8 levels deep -> business_error (exit 1) with
//     the backend's code and message
//   for a command upstream builds in its helpers or shortcuts (their calls go through parseMCPToolTextResult,
//     internal/helpers/helpers.go:207-260 and :395-413@c7521c1c), the first text block that is not blank, read as a
//     JSON object, also fails on its top-level keys as isBusinessError (:598-660) reads them: an `error` that is a
//     text not blank, a non-empty object or list, or any other non-null value; a `status` of "error" (any case,
//     trimmed); an errorCode / error_code / errcode / err_code / code that is a non-zero number or a text not blank
//     other than 0 / ok / success / succeed (any case, trimmed) -> business_error (exit 1)
//   for a command upstream builds in internal/pat (pat chmod: handleToolResult, internal/pat/chmod.go:1301-1322@c7521c1c),
//     the first text block that is not empty, read as a JSON object, is read by ClassifyMCPResponseText
//     (internal/errors/pat.go:266-299@c7521c1c): an error, message or errorMsg text naming the missing service_id or
//     access_key -> not_authenticated (exit 2); an `error` that is any text, "" included -> business_error (exit 1)
// The codes are looked for under the keys code, errorCode and error_code of the same objects.
import { DwsError } from '../errors.js';
import { isObject as isObj } from '../json-object.js';
import { equalFold } from '../text/equal-fold.js';
import { trimSpace } from '../text/space.js';

export const GRANT_CODES = ['AGENT_CODE_NOT_EXISTS', 'PAT_BATCH_AUTH_PENDING', 'PAT_HIGH_RISK_NO_PERMISSION', 'PAT_LOW_RISK_NO_PERMISSION',
  'PAT_MEDIUM_RISK_NO_PERMISSION', 'PAT_NO_PERMISSION', 'PAT_ORG_POLICY_DENIED', 'PAT_SCOPE_AUTH_REQUIRED'];
export const GATEWAY_AUTH_CODES = ['CLI_ORG_NOT_AUTHORIZED', 'DWS_AUTH_SERVICE_FAILED', 'DWS_SERVICE_UNAUTHORIZED', 'TOKEN_VERIFIED_FAILED', 'USER_TOKEN_ILLEGAL'];
const ORG_GATE_CODES = new Set(['CLI_ORG_NOT_AUTHORIZED', 'TOKEN_VERIFIED_FAILED']);
export const ADMIN_PAGE = 'https://open-dev.dingtalk.com/fe/old#/developerSettings';

const CODE_KEYS = ['code', 'errorCode', 'error_code'];
const MESSAGE_KEYS = ['errorMsg', 'message', 'errmsg', 'error_msg', 'msg', 'error'];
const NESTED = ['content', 'result', 'data'];
const MAX_DEPTH = 8;

type Obj = Record<string, unknown>;

/** The objects the classifier looks at: the answer, and what lies under content/result/data (arrays included). */
function* objects(value: unknown, depth = 0): Generator<Obj> {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const v of value) yield* objects(v, depth + 1);
    return;
  }
  if (!isObj(value)) return;
  yield value;
  for (const k of NESTED) if (k in value) yield* objects(value[k], depth + 1);
  // a text block whose text is JSON
  if (value.type === 'text' && typeof value.text === 'string') {
    try {
      yield* objects(JSON.parse(value.text), depth + 1);
    } catch {
      // plain text
    }
  }
}

function codeIn(o: Obj, accept?: readonly string[]): string | undefined {
  for (const k of CODE_KEYS) {
    const v = o[k];
    if (typeof v === 'string' && v !== '' && (!accept || accept.includes(v))) return v;
    if (typeof v === 'number' && !accept) return String(v);
  }
  return undefined;
}

const messageIn = (o: Obj): string | undefined => {
  for (const k of MESSAGE_KEYS) if (typeof o[k] === 'string' && o[k] !== '') return o[k] as string;
  return undefined;
};

/** upstream's cleanPATJSON: {success:false, code, data}, data being the answer's data or its other keys. */
function grantJson(o: Obj, code: string): Record<string, unknown> {
  const data = 'data' in o ? o.data : Object.fromEntries(Object.entries(o).filter(([k]) => !['success', ...CODE_KEYS].includes(k)));
  return { success: false, code, ...(data !== undefined && !(isObj(data) && Object.keys(data).length === 0) ? { data } : {}) };
}

const HELPER_CODE_KEYS = ['errorCode', 'error_code', 'errcode', 'err_code', 'code'];
const SUCCESS_CODES = new Set(['0', 'ok', 'success', 'succeed']);

/** A code value upstream's isErrorCodeValue counts as an error (helpers.go:636-660@c7521c1c). */
function isErrorCode(v: unknown): boolean {
  if (typeof v === 'number') return v !== 0;
  if (typeof v !== 'string') return false;
  const code = trimSpace(v);
  return code !== '' && !SUCCESS_CODES.has(code.toLowerCase());
}

/**
 * success:false, or the text "false" in any case: a failure to upstream's runner and helper path alike. The text is
 * matched as strings.EqualFold matches it (helpers.go:630@c7521c1c), Unicode simple folding: "falſe" too.
 */
const saysFailure = (o: Obj) => o.success === false || (typeof o.success === 'string' && equalFold(o.success, 'false'));

/**
 * What makes a text block's top-level object a business error to upstream's helper path (isBusinessError), as the
 * refusal names it: the first error code, `status error`, or `error` (an error key holding something, or success
 * false); undefined when nothing does.
 */
function helperFailure(body: Obj): string | undefined {
  const code = HELPER_CODE_KEYS.map((k) => body[k]).find(isErrorCode);
  if (code !== undefined) return String(code);
  if (typeof body.status === 'string' && trimSpace(body.status).toLowerCase() === 'error') return 'status error';
  const e = body.error;
  const holdsError = 'error' in body && (typeof e === 'string' ? trimSpace(e) !== '' : Array.isArray(e) ? e.length > 0 : isObj(e) ? Object.keys(e).length > 0 : e !== null);
  return holdsError || saysFailure(body) ? 'error' : undefined;
}

/** Whether a text block's top-level object is a business error to upstream's helper path (isBusinessError). */
export const helperBusinessError = (body: Obj): boolean => helperFailure(body) !== undefined;

/** Which extra reading of an answer's first text block a command gets: its upstream helper path's, or internal/pat's. */
export type TextRules = 'helper' | 'pat';

/** What internal/pat's ClassifyMCPResponseText fails beyond the checks every answer gets (isNotLoggedInError, isBusinessError's `error` text). */
function patFailure(body: Obj, where: string, scrub: (t: string) => string): DwsError | undefined {
  const text = (k: string) => (typeof body[k] === 'string' ? body[k] as string : undefined);
  if (['error', 'message', 'errorMsg'].some((k) => text(k)?.includes('Missing service_id or access_key'))) {
    return new DwsError('not_authenticated', `${where}: the service reports that no login was given`, 'run `dws auth login`');
  }
  if (text('error') === undefined) return undefined;
  return new DwsError('business_error', `${where} failed: error: ${scrub(messageIn(body) ?? 'no message').slice(0, 500)}`,
    'the backend refused the request; check the parameters against `dws schema <command>`');
}

/**
 * The error an answer stands for, or undefined when it is a result. `scrub` removes secrets from shown text.
 * `text`: the command's first text block (for the helper rules the first not blank, for the pat rules the first not
 * empty), decoded, and the rules it is read by (helperBusinessError's for the helper path, patFailure's for internal/pat)
 * when it is an object.
 */
export function classifyAnswer(value: unknown, isError: boolean, where: string, scrub: (t: string) => string, text?: { rules: TextRules; body: unknown }): DwsError | undefined {
  const all = [...objects(value)];
  for (const o of all) {
    const code = codeIn(o, GATEWAY_AUTH_CODES);
    if (code) {
      const org = ORG_GATE_CODES.has(code);
      return new DwsError('gateway_auth_expired', `${where}: the gateway refused the login (${code}${messageIn(o) ? `: ${scrub(messageIn(o)!)}` : ''})`,
        org ? `your organisation may not have enabled CLI access: ask an admin to enable it at ${ADMIN_PAGE}, then run \`dws auth login\`` : 'run `dws auth login`');
    }
  }
  for (const o of all) {
    const code = codeIn(o, GRANT_CODES);
    if (code) {
      const payload = JSON.parse(scrub(JSON.stringify(grantJson(o, code)))) as Record<string, unknown>;
      return new DwsError('agent_scope_required', `${where}: the agent needs a permission grant (${code})`,
        'ask the user to grant it (the link is in data); `dws pat chmod` grants scopes and `dws pat --help` lists the pat commands; then run the command again', payload);
    }
  }
  if (isError) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return new DwsError('mcp_tool_error', `${where} reported an error: ${scrub(text || 'no details').slice(0, 500)}`);
  }
  for (const o of all) {
    if (saysFailure(o)) {
      const code = codeIn(o) ?? 'unknown';
      return new DwsError('business_error', `${where} failed: ${code}: ${scrub(messageIn(o) ?? 'no message').slice(0, 500)}`,
        'the backend refused the request; check the parameters against `dws schema <command>`');
    }
  }
  const helperText = text?.rules === 'helper' ? text.body : undefined;
  if (text?.rules === 'pat' && isObj(text.body)) {
    const refusal = patFailure(text.body, where, scrub);
    if (refusal) return refusal;
  }
  const shown = isObj(helperText) ? helperFailure(helperText) : undefined;
  if (isObj(helperText) && shown !== undefined) {
    const e = helperText.error;
    const message = messageIn(helperText) ?? (e !== undefined && typeof e !== 'string' ? JSON.stringify(e) : undefined);
    return new DwsError('business_error', `${where} failed: ${scrub(shown)}: ${scrub(message ?? 'no message').slice(0, 500)}`,
      'the backend refused the request; check the parameters against `dws schema <command>`');
  }
  return undefined;
}
