// The JSON and form requests of login, refresh, revoke and the organisation gate: 30 s each, an answer of at most
// 1 MiB, redirects that leave the origin drop the token header (trust.ts). Errors say which endpoint failed, never
// with a token in them.
import { DwsError } from '../../errors.js';
import { fetchConfined } from '../trust.js';

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
  let response: Response;
  let text: string;
  const where = new URL(url);
  try {
    response = await fetchConfined(url, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await response.text();
  } catch (err) {
    throw new DwsError('transport_error', `cannot reach ${where.origin}${where.pathname}: ${(err as Error).name === 'TimeoutError' ? 'no answer in 30 s' : (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message}`,
      'check the network, then try again');
  }
  if (text.length > 1024 * 1024) throw new DwsError('transport_error', `${where.origin}${where.pathname} answered with more than 1 MiB`);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = {};
  }
  return { status: response.status, body: typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed as Record<string, unknown> : {} };
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
