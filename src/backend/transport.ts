// MCP `tools/call` over streamable HTTP with the official SDK client, with a per-attempt timeout and bounded
// retries. The retry rule protects writes, and it lives here so that every caller (an atomic command, a plan step)
// gets it:
// - a failure before tools/call was sent (connect refused, initialize) may be retried for any tool: nothing ran;
// - after sending, only transient transport failures (502/503/504 and other 5xx, a timeout, a dropped connection)
//   are retried, and only for a read, or for a write whose backend accepted its idempotency key: every write carries
//   an `Idempotency-Key` header (the same key on every attempt), and a backend that echoes it back on its answers
//   deduplicates by it. A catalog label cannot make a backend idempotent, so nothing else replays a write;
// - a server's own answer is never replayed: a JSON-RPC error (whatever its code, -32000 and -32001 included) is
//   `backend_error` with the server's code and message, and an HTTP 200 whose body is not JSON-RPC means the call
//   arrived: for a write its outcome is unknown;
// - a sent write that did not get an answer is `outcome_unknown` (exit 7): it may or may not have taken effect.
// Writes in flight are listed (in-flight.ts) so that an interrupted CLI can say which outcome is open.
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { ErrorCode, McpError, type CallToolResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { DwsError } from '../errors.js';
import type { ServerConfig } from './config.js';
import { markSent, markSettled } from './in-flight.js';
import { redactSecrets } from './secrets.js';

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
  kind: 'auth' | 'transient' | 'backend' | 'unreadable';
  /** tools/call may have reached the server. */
  sent: boolean;
  detail: string;
}

const TRANSIENT_STATUS = new Set([502, 503, 504]);

/**
 * One JSON Schema validator for every client of this process: without it the SDK builds a new Ajv instance per
 * client, i.e. per call (a few milliseconds each; `dws serve` and multi-step plans make many). dws never lists tools,
 * so the validator compiles no output schema and holds nothing between calls.
 */
let shared: AjvJsonSchemaValidator | undefined;
const validator = () => (shared ??= new AjvJsonSchemaValidator());
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
export const IDEMPOTENCY_HEADER = 'idempotency-key';

function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (err as { code?: string })?.code;
}

/** What one attempt saw of the server's own answers, next to what the SDK threw. */
interface Seen {
  /** The JSON-RPC error object the server answered with (the SDK's local timeouts use the same codes). */
  rpcError?: { code: number; message: string };
  /** HTTP status and content type of the answer to tools/call. */
  callAnswer?: { status: number; contentType: string };
  /** The server echoed our idempotency key. */
  keyEchoed: boolean;
}

function classify(err: unknown, phase: 'connect' | 'call', seen: Seen): Failure {
  const sent = phase === 'call';
  if (seen.rpcError) return { kind: 'backend', sent, detail: `JSON-RPC error ${seen.rpcError.code}: ${seen.rpcError.message}` };
  if (err instanceof UnauthorizedError) return { kind: 'auth', sent, detail: 'the server refused the credentials (HTTP 401)' };
  if (sent && seen.callAnswer?.status === 200) {
    return { kind: 'unreadable', sent, detail: `the server answered HTTP 200 with a body that is not a JSON-RPC answer (${seen.callAnswer.contentType || 'no content type'})` };
  }
  if (err instanceof StreamableHTTPError) {
    const status = typeof err.code === 'number' ? err.code : -1;
    if (status === 401 || status === 403) return { kind: 'auth', sent, detail: `the server refused the credentials (HTTP ${status})` };
    if (TRANSIENT_STATUS.has(status)) return { kind: 'transient', sent, detail: `HTTP ${status}` };
    // Any other 5xx on a sent call leaves the outcome open; a 4xx is a refusal.
    return { kind: status >= 500 ? 'transient' : 'backend', sent: sent && status >= 500, detail: `HTTP ${status}` };
  }
  if (err instanceof McpError) {
    if (err.code === ErrorCode.RequestTimeout) return { kind: 'transient', sent, detail: 'no answer before the timeout' };
    if (err.code === ErrorCode.ConnectionClosed) return { kind: 'transient', sent, detail: 'the connection closed before an answer' };
    return { kind: 'backend', sent: false, detail: `JSON-RPC error ${err.code}: ${err.message}` };
  }
  const code = causeCode(err);
  if (code && NOT_CONNECTED.has(code)) return { kind: 'transient', sent: false, detail: `cannot connect (${code})` };
  if (code) return { kind: 'transient', sent, detail: `connection failed (${code})` };
  return { kind: 'transient', sent, detail: err instanceof Error ? err.message : String(err) };
}

/** Lets the attempt see every message the server sends before the SDK's protocol layer handles it. */
function observeMessages(transport: StreamableHTTPClientTransport, seen: Seen): void {
  let deliver: ((m: JSONRPCMessage, extra?: unknown) => void) | undefined;
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => (deliver ? (m: JSONRPCMessage, extra?: unknown) => {
      if ('error' in m && m.error) seen.rpcError = { code: m.error.code, message: m.error.message };
      deliver!(m, extra);
    } : undefined),
    set: (fn: typeof deliver) => void (deliver = fn),
  });
}

async function attempt(server: ServerConfig, o: CallOptions, key: string | undefined, seen: Seen, onSend: () => void): Promise<CallToolResult> {
  const headers: Record<string, string> = server.token ? { authorization: `Bearer ${server.token}` } : {};
  if (key) headers[IDEMPOTENCY_HEADER] = key;
  let phase: 'connect' | 'call' = 'connect';
  // The responses as fetch returns them: their status, content type and idempotency echo, before the SDK reads them.
  const watched: typeof fetch = async (url, init) => {
    const response = await fetch(url, init);
    if (key && response.headers.get(IDEMPOTENCY_HEADER) === key) seen.keyEchoed = true;
    if (phase === 'call' && init?.method === 'POST') seen.callAnswer = { status: response.status, contentType: response.headers.get('content-type') ?? '' };
    return response;
  };
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers }, fetch: watched });
  observeMessages(transport, seen);
  const client = new Client({ name: 'dws', version: '0.1.0' }, { capabilities: {}, jsonSchemaValidator: validator() });
  try {
    await client.connect(transport, { timeout: o.timeoutMs });
    phase = 'call';
    onSend();
    return (await client.callTool({ name: o.rpcName, arguments: o.arguments }, undefined, { timeout: o.timeoutMs })) as CallToolResult;
  } catch (err) {
    throw classify(err, phase, seen);
  } finally {
    await client.close().catch(() => {});
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

function redactValue(value: unknown, server: ServerConfig, secrets = secretsOf(server, RESULT_SECRET_MIN)): unknown {
  if (typeof value === 'string') return replaceAll(value, server, secrets);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, server, secrets));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    Object.defineProperty(out, replaceAll(k, server, secrets), { value: redactValue(v, server, secrets), enumerable: true, writable: true, configurable: true });
  }
  return out;
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
      if (failure.kind === 'auth') throw new DwsError('auth_failed', `${where}: ${detail}`, 'check DWS_TOKEN or the token in the dws config');
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
 * The result dws prints: structured content if the tool gave any, else its text (parsed when it is JSON), else the
 * content array; always with every configured secret redacted (a backend may echo the Authorization header).
 */
export function resultOf(r: CallToolResult, server: ServerConfig, where: string): unknown {
  return redactValue(rawResultOf(r, server, where), server);
}

function rawResultOf(r: CallToolResult, server: ServerConfig, where: string): unknown {
  const texts = r.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text);
  if (r.isError) {
    throw new DwsError('backend_error', `${where} reported an error: ${scrub(texts.join(' ') || 'no details', server)}`);
  }
  if (r.structuredContent !== undefined) return r.structuredContent;
  if (texts.length === r.content.length && texts.length === 1) {
    try {
      return JSON.parse(texts[0]);
    } catch {
      return texts[0];
    }
  }
  return r.content;
}
