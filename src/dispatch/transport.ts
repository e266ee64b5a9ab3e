// MCP `tools/call` over streamable HTTP with the official SDK client, with a per-attempt timeout and bounded
// retries. The retry rule protects writes: a failure before tools/call was sent (connect/initialize) may be retried
// for any tool, because nothing ran; a transient failure after it was sent (502/503/504, a timeout, a dropped
// connection) is retried only for reads and idempotent tools. For any other tool that outcome is reported as
// `outcome_unknown` (exit 7): the command may or may not have taken effect, and dws never replays it.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DwsError } from '../errors.js';
import type { ServerConfig } from './config.js';

export interface CallOptions {
  server: string;
  rpcName: string;
  arguments: Record<string, unknown>;
  /** Reads and idempotent tools: transient failures after sending are retried. */
  replayable: boolean;
  timeoutMs: number;
  /** Attempts in all (default 3) and the first backoff (default 200 ms, doubled each retry). */
  attempts?: number;
  backoffMs?: number;
}

interface Failure {
  kind: 'auth' | 'transient' | 'backend';
  /** tools/call may have reached the server. */
  sent: boolean;
  detail: string;
}

const TRANSIENT_STATUS = new Set([502, 503, 504]);
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return cause?.code ?? (err as { code?: string })?.code;
}

function classify(err: unknown, phase: 'connect' | 'call'): Failure {
  const sent = phase === 'call';
  if (err instanceof UnauthorizedError) return { kind: 'auth', sent, detail: 'the server refused the credentials (HTTP 401)' };
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

async function attempt(server: ServerConfig, o: CallOptions): Promise<CallToolResult> {
  const headers: Record<string, string> = server.token ? { authorization: `Bearer ${server.token}` } : {};
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } });
  const client = new Client({ name: 'dws', version: '0.1.0' }, { capabilities: {} });
  let phase: 'connect' | 'call' = 'connect';
  try {
    await client.connect(transport, { timeout: o.timeoutMs });
    phase = 'call';
    return (await client.callTool({ name: o.rpcName, arguments: o.arguments }, undefined, { timeout: o.timeoutMs })) as CallToolResult;
  } catch (err) {
    throw classify(err, phase);
  } finally {
    await client.close().catch(() => {});
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The configured secrets, longest first (a secret containing another is replaced whole). */
function secretsOf(server: ServerConfig): string[] {
  return [...new Set([server.token ?? '', ...(server.secrets ?? [])])].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

/** Removes the URL and every configured secret from text that could reach the user (a server may echo headers). */
export function redact(text: string, server: ServerConfig): string {
  let out = text.split(server.url).join('<server url>');
  for (const secret of secretsOf(server)) out = out.split(secret).join('***');
  return out;
}

/** redact() over every string (and key) of a decoded result. */
function redactValue(value: unknown, server: ServerConfig): unknown {
  if (typeof value === 'string') return redact(value, server);
  if (Array.isArray(value)) return value.map((v) => redactValue(v, server));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) Object.defineProperty(out, redact(k, server), { value: redactValue(v, server), enumerable: true, writable: true, configurable: true });
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
  for (let n = 1; ; n++) {
    let failure: Failure;
    try {
      return await attempt(server, o);
    } catch (err) {
      failure = err as Failure;
    }
    const detail = scrub(failure.detail, server);
    if (failure.kind === 'auth') throw new DwsError('auth_failed', `${where}: ${detail}`, 'check DWS_TOKEN or the token in the dws config');
    if (failure.kind === 'backend') throw new DwsError('backend_error', `${where} failed: ${detail}`);
    const mayRetry = !failure.sent || o.replayable;
    if (mayRetry && n < attempts) {
      await sleep(backoff);
      backoff *= 2;
      continue;
    }
    if (failure.sent && !o.replayable) {
      throw new DwsError('outcome_unknown', `${where}: ${detail}; the command may or may not have taken effect`,
        'it was not retried because it is not idempotent: check its effect before running it again');
    }
    throw new DwsError('transport_error', `${where}: ${detail}${n > 1 ? ` (after ${n} attempts)` : ''}`, 'check that the MCP server is reachable');
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
