// The JSON and form requests of login, refresh, revoke and the organisation gate: 30 s each, each on a connection
// of its own, an answer of at most 1 MiB, redirects that leave the origin drop the token header (trust.ts). Errors say which endpoint failed, never
// with a token in them.
import { DwsError } from '../../errors.js';
import { requestConfined } from '../trust.js';

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown>;
}

const TIMEOUT_MS = 30_000;

export async function request(method: 'GET' | 'POST', url: string, o: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<HttpAnswer> {
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  let body: string | undefined;
  if (o.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(o.json);
  } else if (o.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(o.form).toString();
  }
  let status: number;
  let text: string;
  const where = new URL(url);
  try {
    const answer = await requestConfined(url, { method, headers, body, timeoutMs: TIMEOUT_MS, maxBytes: 1024 * 1024 });
    status = answer.status;
    text = answer.body;
  } catch (err) {
    const e = err as Error & { code?: string };
    throw new DwsError('transport_error', `cannot reach ${where.origin}${where.pathname}: ${e.name === 'TimeoutError' ? 'no answer in 30 s' : e.name === 'TooLarge' ? 'an answer of more than 1 MiB' : e.code ?? e.message}`,
      'check the network, then try again');
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  return { status, body: typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {} };
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
