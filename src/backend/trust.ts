// Where a credential may go (upstream internal/transport/client.go): only to https hosts matching
// DWS_TRUSTED_DOMAINS (comma list of host names or "*.suffix" patterns; default *.dingtalk.com,*.dingtalk.io), and
// to plain http only on a loopback host with DWS_ALLOW_HTTP_ENDPOINTS=1 (self-hosted servers and tests). A loopback
// host needs no entry in the default list; a DWS_TRUSTED_DOMAINS the user sets is the whole list. A request that
// would break the rule is refused before it is sent (untrusted_endpoint, exit 3), never sent without telling.
import { DwsError } from '../errors.js';
import type { Env } from './env.js';

export const DEFAULT_TRUSTED_DOMAINS = '*.dingtalk.com,*.dingtalk.io';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export const isLoopback = (host: string): boolean => LOOPBACK.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

function matches(host: string, pattern: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p === '') return false;
  if (p.startsWith('*.')) return host.endsWith(p.slice(1)) && host.length > p.length - 1;
  return host === p;
}

/** Why a credential may not be sent to url, or undefined when it may. */
export function credentialRefusal(url: URL, env: Env): string | undefined {
  const host = url.hostname.toLowerCase();
  const listed = env.DWS_TRUSTED_DOMAINS;
  const trusted = (listed || DEFAULT_TRUSTED_DOMAINS).split(',').some((p) => matches(host, p)) || (!listed && isLoopback(host));
  if (url.protocol === 'http:') {
    if (!isLoopback(host)) return `plain http to ${host}: credentials go over https only`;
    if (env.DWS_ALLOW_HTTP_ENDPOINTS !== '1') return `plain http to ${host}: set DWS_ALLOW_HTTP_ENDPOINTS=1 to allow a loopback http server`;
  } else if (url.protocol !== 'https:') {
    return `the ${url.protocol} scheme carries no credentials`;
  }
  return trusted ? undefined : `${host} is not in DWS_TRUSTED_DOMAINS (${listed || DEFAULT_TRUSTED_DOMAINS})`;
}

/** Throws untrusted_endpoint when a credential may not go to url; `what` names the server for the message. */
export function assertCredentialAllowed(url: string | URL, env: Env, what: string): void {
  const why = credentialRefusal(typeof url === 'string' ? new URL(url) : url, env);
  if (why) throw new DwsError('untrusted_endpoint', `refusing to send the DingTalk token to ${what}: ${why}`,
    'point the server at an https *.dingtalk.com / *.dingtalk.io host, or list its host in DWS_TRUSTED_DOMAINS');
}

/** Headers that carry a credential: dropped when a redirect leaves the origin. */
export const CREDENTIAL_HEADERS = ['authorization', 'x-user-access-token', 'x-dws-agent-ext'];

/**
 * fetch that follows redirects itself (at most 5) and drops every credential header when a redirect leaves the
 * original origin; a 307/308 keeps the method and body, others become GET without a body.
 */
export async function fetchConfined(url: string, init: RequestInit & { headers: Record<string, string> }): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  let request = { ...init, redirect: 'manual' as const };
  for (let hop = 0; ; hop++) {
    const response = await fetch(current, request);
    const location = response.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || !location || hop >= 5) return response;
    await response.body?.cancel().catch(() => {});
    const next = new URL(location, current);
    const headers = { ...request.headers };
    if (next.origin !== origin) for (const name of Object.keys(headers)) if (CREDENTIAL_HEADERS.includes(name.toLowerCase())) delete headers[name];
    request = response.status === 307 || response.status === 308 ? { ...request, headers } : { ...request, headers, method: 'GET', body: undefined };
    current = next.href;
  }
}

export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One request on a connection of its own (no pooled socket: a write never goes out on a connection the server has
 * already closed), redirects followed as fetchConfined follows them, the answer capped at maxBytes. Network errors
 * are thrown as node gives them (err.code); a timeout as an Error named TimeoutError.
 */
export async function requestConfined(url: string, o: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number; maxBytes: number }): Promise<PlainAnswer> {
  const origin = new URL(url).origin;
  let current = new URL(url);
  let method = o.method;
  let body = o.body;
  let headers = { ...o.headers };
  const deadline = Date.now() + o.timeoutMs;
  for (let hop = 0; ; hop++) {
    const answer = await once(current, method, headers, body, Math.max(1, deadline - Date.now()), o.maxBytes);
    const location = answer.headers.location;
    if (![301, 302, 303, 307, 308].includes(answer.status) || !location || hop >= 5) return answer;
    const next = new URL(location, current);
    if (next.origin !== origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.includes(k.toLowerCase())));
    if (answer.status !== 307 && answer.status !== 308) {
      method = 'GET';
      body = undefined;
    }
    current = next;
  }
}

async function once(url: URL, method: string, headers: Record<string, string>, body: string | undefined, timeoutMs: number, maxBytes: number): Promise<PlainAnswer> {
  const mod = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
    const req = mod.request(url, { method, headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (c: Buffer) => {
        total += c.length;
        if (total > maxBytes) {
          req.destroy(Object.assign(new Error(`the answer is larger than ${maxBytes} bytes`), { name: 'TooLarge' }));
          return;
        }
        chunks.push(c);
      });
      res.on('end', () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    // One deadline for the whole answer (an idle timer never fires on a server that drips a byte at a time, and
    // fires no earlier than this one).
    const deadline = setTimeout(() => req.destroy(Object.assign(new Error('no answer before the timeout'), { name: 'TimeoutError' })), timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('error', reject);
    req.end(body);
  });
}
