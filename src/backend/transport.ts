// MCP `tools/call` as upstream's client sends it (internal/transport/client.go@c7521c1c): one stateless JSON-RPC POST
// per call (no initialize, no session), `Content-Type: application/json`, the answer read as one JSON body (or the
// JSON-RPC message of an event-stream body), capped at 10 MiB. The token goes as `Authorization: Bearer` and
// `x-user-access-token`, next to the identity and trace headers the server config carries (identity.ts), only to a
// host trust.ts allows, and a redirect that leaves the origin drops it. A server that refuses a call without a
// session (a full MCP server configured by URL, e.g. test/fixtures/mcp/server.ts in stateful use) is called once more
// through the MCP SDK client with initialize: the refusal means nothing ran, so this replays nothing.
// The retry rule protects writes, and it lives here so that every caller (an atomic command, a plan step) gets it:
// - a failure before tools/call was sent (connect refused) may be retried for any tool: nothing ran;
// - after sending, only transient transport failures (502/503/504 and other 5xx, a timeout, a dropped connection)
//   are retried, and only for a read, or for a write whose backend accepted its idempotency key: every write carries
//   an `Idempotency-Key` header (the same key on every attempt), and a backend that echoes it back on its answers
//   deduplicates by it. A catalog label cannot make a backend idempotent, so nothing else replays a write;
// - a server's own answer is never replayed: a JSON-RPC error is `backend_error` with the server's code and
//   message, and an HTTP 200 whose body is not JSON-RPC means the call arrived: for a write its outcome is unknown;
// - a sent write that did not get an answer is `outcome_unknown` (exit 1): it may or may not have taken effect.
// Answers inside HTTP 200 are classified as upstream classifies them (classify.ts). Writes in flight are listed
// (in-flight.ts) so that an interrupted CLI can say which outcome is open.
import { randomUUID } from 'node:crypto';
import { DwsError } from '../errors.js';
import type { ServerConfig } from './config.js';
import { markSent, markSettled } from './in-flight.js';
import { redactSecrets } from './secrets.js';
import { classifyAnswer, type TextRules } from './classify.js';
import { fetchConfined, requestConfined, type PlainAnswer } from './trust.js';
import { JsonNumber, stringifyJson } from '../json-number.js';
import { isObject } from '../json-object.js';
import { parseJsonExactWellFormed, parseJsonGo, parseJsonWellFormed } from '../json-well-formed.js';
import { trimSpace } from '../text/space.js';
import { unsafeKind } from '../text/unsafe.js';
import { sleep } from '../sleep.js';

/**
 * Upstream's client refuses a tools/call, before sending it, whose arguments hold unsafe text (client.go:394-402,
 * :1093-1125@c7521c1c; the set is src/text/unsafe.ts). Its walk goes by the Go type of each value: a text, the
 * values of a `map[string]any` (to any depth), and the text or map elements of a `[]any`; a list inside a list, a
 * typed `[]string`, a typed `[]map[string]any` and a typed `map[string]string` are not read. dws values carry no Go
 * type, so their shape stands for it by default: a list of texts directly under the arguments is a flag's comma list
 * (upstream's parseCSVValues and StrSlice give `[]string`: not read), and a list inside an object came from decoded
 * JSON (`[]any`: read); the objects of any list, and every object, are read. Where upstream's body builds a value
 * otherwise, the call step says so by argument path (dotted keys from the arguments, list elements not counted):
 * - `typed_lists`: a typed slice or map (a `[]string` inside a request object, todo.go:633-636; JSON decoded into
 *   `[]map[string]any`, report.go:581; into `map[string]string`, aitable.go:6697@c7521c1c): not read at all;
 * - `untyped_lists`: a `[]any` directly under the arguments (JSON decoded into `[]any` or `any`, hrbrain.go:599-602,
 *   sheet_range_ops.go:391-395@c7521c1c): its text elements are read as well.
 * The name in the refusal is the argument's key, with `[i]` for a list element.
 */
export function refuseUnsafeArguments(args: Record<string, unknown>, typedLists: readonly string[] = [], untypedLists: readonly string[] = []): void {
  walkArguments(args, { typed: new Set(typedLists), untyped: new Set(untypedLists) }, '');
}

interface Declared { typed: ReadonlySet<string>; untyped: ReadonlySet<string> }

function walkArguments(args: Record<string, unknown>, declared: Declared, at: string): void {
  for (const [key, value] of Object.entries(args)) {
    const path = at === '' ? key : `${at}.${key}`;
    if (typeof value === 'string') refuseUnsafeText(value, key);
    else if (Array.isArray(value)) {
      if (declared.typed.has(path)) continue;
      const textsRead = at !== '' || declared.untyped.has(path);
      value.forEach((item, i) => {
        if (typeof item === 'string' && textsRead) refuseUnsafeText(item, `${key}[${i}]`);
        else if (isPlainObject(item)) walkArguments(item, declared, path);
      });
    } else if (isPlainObject(value) && !declared.typed.has(path)) walkArguments(value, declared, path);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
}

function refuseUnsafeText(text: string, name: string): void {
  const kind = unsafeKind(text);
  if (kind === undefined) return;
  throw new DwsError('invalid_argument', `${name} contains ${kind === 'control' ? 'control characters (other than tab and newline)' : 'invisible or text-direction Unicode characters (zero-width, BOM, Bidi, line or paragraph separator)'}; DingTalk's client refuses to send it`,
    'remove the invisible and control characters (a carriage return included) from that value');
}

/** The MCP result shape this module reads (the SDK's CallToolResult, loosely). */
export interface CallToolResult {
  content: { type: string; text?: string; [k: string]: unknown }[];
  structuredContent?: unknown;
  isError?: boolean;
  [k: string]: unknown;
}

export interface CallOptions {
  server: string;
  rpcName: string;
  arguments: Record<string, unknown>;
  /**
   * True for reads only: transient failures after sending are retried. A write (false) is sent once unless its
   * backend echoes the idempotency key the transport sends with it.
   */
  replayable: boolean;
  timeoutMs: number;
  /** Attempts in all (default 3) and the first backoff (default 200 ms, doubled each retry). */
  attempts?: number;
  backoffMs?: number;
  /** The write's idempotency key (default: a fresh UUID per call; the same on each of its attempts). */
  idempotencyKey?: string;
  /** Journals this write as outcome_unknown when the process is interrupted while it is in flight (in-flight.ts). */
  onInterrupted?: () => void;
}

interface Failure {
  /** unreadable: the server answered tools/call with HTTP 200 and a body that is not JSON-RPC. */
  kind: 'auth' | 'transient' | 'backend' | 'unreadable' | 'too_large';
  /** tools/call may have reached the server. */
  sent: boolean;
  detail: string;
}

const TRANSIENT_STATUS = new Set([502, 503, 504]);
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** upstream's cap on an answer (config.ts answerCap raises it) */
const DEFAULT_ANSWER_BYTES = 10 * 1024 * 1024;
/** upstream's request id of tools/call */
const CALL_ID = 3;

function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (err as { code?: string })?.code;
}

interface Seen {
  /** The server echoed our idempotency key. */
  keyEchoed: boolean;
}

function networkFailure(err: unknown): Failure {
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'transient', sent: true, detail: 'no answer before the timeout' };
  const code = causeCode(err);
  if (code && NOT_CONNECTED.has(code)) return { kind: 'transient', sent: false, detail: `cannot connect (${code})` };
  if (code) return { kind: 'transient', sent: true, detail: `connection failed (${code})` };
  return { kind: 'transient', sent: true, detail: err instanceof Error ? err.message : String(err) };
}

/** The JSON-RPC message of a body: the JSON itself, or the message with our id among an event stream's data lines. */
function messageOf(text: string, contentType: string): { result?: CallToolResult; error?: { code: number; message: string } } | undefined {
  const parse = (t: string) => {
    try {
      const m = parseJsonWellFormed(t);
      return m && typeof m === 'object' && !Array.isArray(m) && ('result' in m || 'error' in m) ? (m as { id?: unknown; result?: CallToolResult; error?: { code: number; message: string } }) : undefined;
    } catch {
      return undefined;
    }
  };
  if (!contentType.includes('text/event-stream')) return parse(text);
  const messages = text.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => parse(l.slice(5).trim())).filter((m) => m !== undefined);
  return messages.find((m) => m.id === CALL_ID) ?? messages[messages.length - 1];
}

/** A refusal that means "this server wants initialize and a session first": nothing ran. */
const wantsSession = (status: number, text: string): boolean => (status === 400 || status === 404) && /not initiali[sz]ed|session/i.test(text);

async function attempt(server: ServerConfig, o: CallOptions, key: string | undefined, seen: Seen, onSend: () => void): Promise<CallToolResult> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...server.headers };
  if (server.token) {
    headers.authorization = `Bearer ${server.token}`;
    headers['x-user-access-token'] = server.token;
  }
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  // stringifyJson: a number literal a flag kept as typed (JsonNumber, src/json-number.ts) goes on the wire as typed
  const body = stringifyJson({ jsonrpc: '2.0', id: CALL_ID, method: 'tools/call', params: { name: o.rpcName, arguments: o.arguments } });
  const cap = server.maxAnswerBytes ?? DEFAULT_ANSWER_BYTES;
  onSend();
  let answer: PlainAnswer;
  try {
    answer = await requestConfined(server.url, { method: 'POST', headers, body, timeoutMs: o.timeoutMs, maxBytes: cap });
  } catch (err) {
    if ((err as Error)?.name === 'TooLarge') throw { kind: 'too_large', sent: true, detail: `the answer is larger than ${cap / 1024 / 1024} MiB` } satisfies Failure;
    throw networkFailure(err);
  }
  if (key && answer.headers[IDEMPOTENCY_HEADER] === key) seen.keyEchoed = true;
  const { status, body: text } = answer;
  if (status === 401 || status === 403) throw { kind: 'auth', sent: false, detail: `the server refused the credentials (HTTP ${status})` } satisfies Failure;
  if (wantsSession(status, text)) return sessionAttempt(server, o, headers, seen);
  if (TRANSIENT_STATUS.has(status) || status >= 500) throw { kind: 'transient', sent: true, detail: `HTTP ${status}` } satisfies Failure;
  if (status < 200 || status >= 300) throw { kind: 'backend', sent: false, detail: `HTTP ${status}` } satisfies Failure;
  const contentType = answer.headers['content-type'] ?? '';
  const message = messageOf(text, contentType);
  if (!message) throw { kind: 'unreadable', sent: true, detail: `the server answered HTTP ${status} with a body that is not a JSON-RPC answer (${contentType || 'no content type'})` } satisfies Failure;
  if (message.error) {
    const kind = message.error.code === 401 || message.error.code === 403 ? 'auth' : 'backend';
    throw { kind, sent: true, detail: `JSON-RPC error ${message.error.code}: ${message.error.message}` } satisfies Failure;
  }
  if (!message.result || !Array.isArray(message.result.content)) {
    throw { kind: 'unreadable', sent: true, detail: 'the server answered with a JSON-RPC result that is not a tool result' } satisfies Failure;
  }
  return message.result;
}

function headerObject(h: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(h).forEach((v, k) => void (out[k] = v));
  return out;
}

/** The same call through the MCP SDK client (initialize, then tools/call in its session) for a full MCP server. */
async function sessionAttempt(server: ServerConfig, o: CallOptions, headers: Record<string, string>, seen: Seen): Promise<CallToolResult> {
  const [{ Client }, { StreamableHTTPClientTransport, StreamableHTTPError }, { McpError, ErrorCode }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/client/streamableHttp.js'), import('@modelcontextprotocol/sdk/types.js')]);
  const { 'content-type': _ct, accept: _accept, ...sent } = headers;
  void _ct;
  void _accept;
  const watched: typeof fetch = async (url, init) => {
    const response = await fetchConfined(String(url), { ...init, headers: headerObject(init?.headers) });
    const key = headers[IDEMPOTENCY_HEADER];
    if (key && response.headers.get(IDEMPOTENCY_HEADER) === key) seen.keyEchoed = true;
    return response;
  };
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: sent }, fetch: watched });
  const client = new Client({ name: 'dws', version: '0.1.0' }, { capabilities: {} });
  try {
    await client.connect(transport, { timeout: o.timeoutMs });
    return (await client.callTool({ name: o.rpcName, arguments: o.arguments }, undefined, { timeout: o.timeoutMs })) as CallToolResult;
  } catch (err) {
    if (err instanceof StreamableHTTPError) {
      const status = typeof err.code === 'number' ? err.code : -1;
      if (status === 401 || status === 403) throw { kind: 'auth', sent: false, detail: `the server refused the credentials (HTTP ${status})` } satisfies Failure;
      throw { kind: status >= 500 ? 'transient' : 'backend', sent: status >= 500, detail: `HTTP ${status}` } satisfies Failure;
    }
    if (err instanceof McpError) {
      if (err.code === ErrorCode.RequestTimeout) throw { kind: 'transient', sent: true, detail: 'no answer before the timeout' } satisfies Failure;
      throw { kind: 'backend', sent: true, detail: `JSON-RPC error ${err.code}: ${err.message}` } satisfies Failure;
    }
    throw networkFailure(err);
  } finally {
    await client.close().catch(() => {});
  }
}

/** The configured secrets at least `min` characters long, longest first (a secret containing another goes whole). */
function secretsOf(server: ServerConfig, min = 1): string[] {
  return [...new Set([server.token ?? '', ...(server.secrets ?? [])])].filter((s) => s.length >= min).sort((a, b) => b.length - a.length);
}

function replaceAll(text: string, server: ServerConfig, secrets: string[]): string {
  return redactSecrets(text.split(server.url).join('<server url>'), secrets);
}

/** Removes the URL and every configured secret from text that could reach the user (a server may echo headers). */
export function redact(text: string, server: ServerConfig): string {
  return replaceAll(text, server, secretsOf(server));
}

/**
 * Results: every string (and key) without the URL and the secrets of 8 characters or more. A shorter "token" would
 * be replaced inside ordinary words of the data; no real credential is that short, and error texts still lose it.
 */
const RESULT_SECRET_MIN = 8;

/**
 * Iterative, not recursive: a backend may answer a document nested thousands of levels deep, and a write's answer
 * must still be printed rather than fail in dws after the write succeeded.
 */
function redactValue(value: unknown, server: ServerConfig, secrets = secretsOf(server, RESULT_SECRET_MIN)): unknown {
  const copy = (v: unknown): unknown => {
    if (typeof v === 'string') return replaceAll(v, server, secrets);
    if (v === null || typeof v !== 'object' || v instanceof JsonNumber) return v;
    const out: unknown = Array.isArray(v) ? new Array<unknown>(v.length) : {};
    pending.push([v as object, out as object]);
    return out;
  };
  const pending: Array<[object, object]> = [];
  const root = copy(value);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [from, to] = next;
    if (Array.isArray(from)) {
      from.forEach((v, i) => ((to as unknown[])[i] = copy(v)));
      continue;
    }
    for (const [k, v] of Object.entries(from)) {
      Object.defineProperty(to, replaceAll(k, server, secrets), { value: copy(v), enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

/** Error details: redacted and cut to a readable length. */
function scrub(text: string, server: ServerConfig): string {
  const out = redact(text, server);
  return out.length > 500 ? out.slice(0, 500) + '...' : out;
}

export async function callTool(server: ServerConfig, o: CallOptions): Promise<CallToolResult> {
  const attempts = o.attempts ?? 3;
  let backoff = o.backoffMs ?? 200;
  const where = `${o.rpcName} on the "${o.server}" server`;
  const key = o.replayable ? undefined : o.idempotencyKey ?? randomUUID();
  let keyAccepted = false;
  let sentOnce = false;
  // Two calls of the same rpc may be in flight at once (a plan, serve): each is its own entry.
  const flight = `${where}${key ? ` (idempotency key ${key})` : ''}`;
  try {
    for (let n = 1; ; n++) {
      const seen: Seen = { keyEchoed: false };
      let failure: Failure;
      try {
        return await attempt(server, o, key, seen, () => void (o.replayable || markSent(flight, o.onInterrupted)));
      } catch (err) {
        failure = err as Failure;
      } finally {
        keyAccepted ||= seen.keyEchoed;
      }
      // A retry of a write that failed differently still leaves the earlier attempt's outcome open.
      const earlierSent = sentOnce && !o.replayable;
      sentOnce ||= failure.sent;
      const detail = scrub(failure.detail, server);
      if (earlierSent && failure.kind !== 'transient') {
        throw new DwsError('outcome_unknown', `${where}: ${detail} (on attempt ${n}, after an earlier attempt was sent with the same idempotency key); the command may or may not have taken effect`,
          'check its effect before running it again');
      }
      if (failure.kind === 'too_large' && o.replayable) {
        throw new DwsError('answer_too_large', `${where}: ${detail}; dws stopped reading it`, 'raise the cap for this run with --max-answer-mb <MiB> (or DWS_MAX_ANSWER_MB), or ask for less (a page size, a filter)');
      }
      if (failure.kind === 'too_large') {
        throw new DwsError('outcome_unknown', `${where}: ${detail} and was not read; the command may or may not have taken effect`,
          'check its effect before running it again; --max-answer-mb <MiB> reads larger answers');
      }
      if (failure.kind === 'auth') throw new DwsError('auth_failed', `${where}: ${detail}`, 'run `dws auth login` (or check DWS_TOKEN when you set one)');
      if (failure.kind === 'backend') throw new DwsError('backend_error', `${where} failed: ${detail}`);
      if (failure.kind === 'unreadable' && o.replayable) throw new DwsError('backend_error', `${where} failed: ${detail}`);
      const mayRetry = failure.kind === 'transient' && (!failure.sent || o.replayable || keyAccepted);
      if (mayRetry && n < attempts) {
        await sleep(backoff);
        backoff *= 2;
        continue;
      }
      if (sentOnce && !o.replayable) {
        const retried = n > 1 ? ` (after ${n} attempts with the same idempotency key)` : '';
        throw new DwsError('outcome_unknown', `${where}: ${detail}${retried}; the command may or may not have taken effect`,
          keyAccepted ? 'check its effect before running it again' : 'it was sent once and not retried (its backend did not confirm an idempotency key): check its effect before running it again');
      }
      throw new DwsError('transport_error', `${where}: ${detail}${n > 1 ? ` (after ${n} attempts)` : ''}`, 'check that the MCP server is reachable');
    }
  } finally {
    markSettled(flight);
  }
}

/**
 * How a call step reads its answer: its answer_numbers, answer_json, answer_object and answer_raw keys, carried from
 * the executor to the transport unchanged (src/plan/effects.ts BackendCall `reading`).
 */
export interface AnswerReading {
  /**
   * The answer's JSON text decoded with its number literals kept as typed (`answer_numbers: exact`, upstream's
   * json.Decoder with UseNumber): an id beyond 2^53 is a JsonNumber holding its digits.
   */
  exactNumbers?: boolean;
  /**
   * The answer must be one JSON text (`answer_json`): text that is not JSON fails the call, and so does no non-blank
   * text, unless `blank_object`, where that is the empty object `{}`.
   */
  jsonText?: boolean | 'blank_object';
  /** The answer must decode into a JSON object (`answer_object`): a quoted blank text is no blank answer. */
  objectText?: boolean;
  /** The answer's one text decoded only when it is a JSON object or null, else kept as it came (`answer_raw: unless_object`). */
  rawUnlessObject?: boolean;
}

/**
 * The result dws prints: structured content if the tool gave any, else its text (parsed when it is JSON), else the
 * content array; an error answer inside HTTP 200 (classify.ts) is thrown; always with every configured secret
 * redacted (a backend may echo the Authorization header).
 * `exactNumbers`: the text is decoded as upstream's json.Decoder with UseNumber decodes the answers it reads so
 * (parseJsonExact: an id beyond 2^53 keeps its digits, to be printed and sent on as typed); otherwise as its
 * json.Unmarshal into float64 (JSON.parse, which reads and writes a double as Go does). Either way a lone surrogate
 * escape is U+FFFD, as Go's decoder makes it (src/json-well-formed.ts).
 */
export function resultOf(r: CallToolResult, server: ServerConfig, where: string, read: AnswerReading & { textRules?: TextRules } = {}): unknown {
  const { exactNumbers = false, textRules, jsonText = false, objectText = false, rawUnlessObject = false } = read;
  const value = rawResultOf(r, exactNumbers, rawUnlessObject);
  const refusal = classifyAnswer(value, r.isError === true, where, (t) => scrub(t, server), textRules ? { rules: textRules, body: firstTextOf(r, textRules) } : undefined);
  if (refusal) throw refusal;
  if (jsonText && r.structuredContent === undefined) {
    // CallMCPToolDataOnServer (helpers.go:265-267@c7521c1c): no text that is not blank decodes to the empty map
    if (jsonText === 'blank_object' && firstText(r, 'helper') === undefined) return {};
    refuseNonJsonText(r, where);
  }
  if (objectText && r.structuredContent === undefined) refuseQuotedText(r, value, where);
  return redactValue(value, server);
}

/**
 * A call step's `answer_object` (docs/PLANS.md) reads the decoded answer (src/plan/executor.ts), where a JSON text
 * literal decodes to a text: one that is blank (`""`, `" "`) would pass as the blank answer upstream's CallMCPData
 * maps to the empty map, though the server sent a text that is not blank and no object (upstream's transport keeps
 * no content for it and its runner reads it as null, transport/client.go:159-205@c7521c1c: the declared deviation of
 * docs/PLANS.md `answer_object`). Such an answer is refused here, where the text is still as it came.
 */
function refuseQuotedText(r: CallToolResult, value: unknown, where: string): void {
  const [only] = r.content;
  if (r.content.length !== 1 || only.type !== 'text' || typeof value !== 'string') return;
  if (trimSpace(String(only.text ?? '')) !== '' && trimSpace(value) === '') {
    throw new DwsError('backend_error', `${where} answered a JSON text, not a JSON object, so it cannot be read (the upstream runner reads it as null)`,
      'the backend answered in a shape this command cannot read; try again later, or read the raw answer with the atomic command');
  }
}

/**
 * A call step's `answer_json` (docs/PLANS.md): the first text block that is not blank (Go's TrimSpace) must be JSON
 * (with `blank_object`, resultOf has already answered {} when there is none),
 * as upstream's readers that json.Unmarshal it into `any` need (writeMCPURLResult, app/mcp_url_command.go:120-140@c7521c1c:
 * no such block is "returns empty", text that is not JSON an invalid-JSON error).
 */
function refuseNonJsonText(r: CallToolResult, where: string): void {
  const first = firstText(r, 'helper');
  if (first === undefined) {
    throw new DwsError('backend_error', `${where} answered no text that is not blank, so there is no result to print`, 'try again later; nothing was changed by dws');
  }
  try {
    parseJsonGo(first);
  } catch {
    throw new DwsError('backend_error', `${where} answered text that is not JSON, so it cannot be read`, 'try again later, or ask the backend owner about the answer');
  }
}

/**
 * The first text block that is not blank (Go's TrimSpace; the helper rules: parseMCPToolTextResult,
 * helpers.go:207-225@c7521c1c) or not empty (the pat rules: handleToolResult's `c.Text == ""`,
 * internal/pat/chmod.go:1305-1310@c7521c1c), decoded as their json.Unmarshal into a map decodes it; undefined when it is
 * not JSON.
 */
function firstTextOf(r: CallToolResult, rules: TextRules): unknown {
  const first = firstText(r, rules);
  if (first === undefined) return undefined;
  try {
    return parseJsonGo(first);
  } catch {
    return undefined;
  }
}

/** The first text block that is not blank (`helper`: Go's TrimSpace) or not empty (`pat`), as it came; undefined when none. */
function firstText(r: CallToolResult, rules: TextRules): string | undefined {
  const first = r.content.find((c) => c.type === 'text' && (rules === 'pat' ? String(c.text ?? '') : trimSpace(String(c.text ?? ''))) !== '');
  return first === undefined ? undefined : String(first.text ?? '');
}

/**
 * The answer as dws reads it: structured content, else one text block decoded as JSON (the text itself when it is not
 * JSON, or holds a number beyond float64, which Go's decoder fails on), else the blocks. `rawUnlessObject` (a step's
 * `answer_raw: unless_object`): a decoded value that is not an object or null gives way to the text as it came, as a
 * json.Unmarshal into a map that fails and falls back to the text.
 */
function rawResultOf(r: CallToolResult, exactNumbers: boolean, rawUnlessObject = false): unknown {
  const texts = r.content.filter((c) => c.type === 'text').map((c) => String(c.text ?? ''));
  if (r.structuredContent !== undefined) return r.structuredContent;
  if (texts.length === r.content.length && texts.length === 1) {
    try {
      // a number beyond float64 fails Go's decoder (parseJsonGo), so such an answer is its text, as upstream prints it
      const decoded = exactNumbers ? parseJsonExactWellFormed(texts[0]) : parseJsonGo(texts[0]);
      return rawUnlessObject && decoded !== null && !isObject(decoded) ? texts[0] : decoded;
    } catch {
      return texts[0];
    }
  }
  if (r.isError && texts.length === r.content.length) return texts.join(' ');
  return r.content;
}
