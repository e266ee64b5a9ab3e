// The personal-event control plane over HTTP (facts: upstream internal/event/personal/client.go and
// internal/event/source/personal.go at 6406c93e). Requests, all JSON, with the user's access token:
//   POST {control}/subscription/user   {clientId, sourceId, eventKey, filterRule, deliveryPref, expiresAt?, ext}
//                                       -> result: [subscribe_id] or a subscription object
//   GET  {control}/event/sublist?clientId&sourceId&pageSize=100&pageNo=N  -> result: {total, pageSize, items}
//   POST {control}/subscription/cancel {subId}   (an unknown id counts as cancelled)
//   POST {ticket}                       {sourceId, mode}  -> {endpoint: ws(s) URL, ticket}: the Stream connection
// Answers may be wrapped as {success, result, error | errorCode/errorMsg}. Endpoints, in order:
//   control: --personal-event-base-url, DWS_EVENT_URL, config "event_url", else {MCP base}/dws (the login's MCP base,
//            DWS_MCP_BASE_URL, or https://mcp.dingtalk.com), as upstream derives it
//   ticket:  --stream-ticket-url, DWS_STREAM_TICKET_URL, config "stream_ticket_url", else the control URL with its
//            trailing /dws replaced by /stream/connections/ticket (upstream: {MCP base}/stream/connections/ticket)
//   source:  --stream-source-id, DWS_STREAM_SOURCE_ID, "open"
//   client id: DWS_CLIENT_ID, config "client_id", else the login's
//   token:   DWS_TOKEN, config "token", else the login's, refreshed near expiry (sent as Authorization: Bearer and
//            x-user-access-token, only where backend/trust.ts lets a token go; never printed)
import { DwsError } from '../errors.js';
import { configFile, type Env } from '../backend/config.js';
import { journalCall, journalSent } from '../journal/journal.js';
import { text } from '../contract/values.js';
import { redactSecrets } from '../backend/secrets.js';

/** What an event command is given; a local command's context (src/local/types.ts) extends it. */
export interface EventContext {
  tool: { canonical_path: string };
  /** Declared and hidden flags keyed by flag name, values in their JSON types (after validation). */
  values: Record<string, unknown>;
  positionals: Record<string, unknown>;
  env: Env;
  catalog: { source_hash: string; surface_hash: string };
  /** The typed --timeout (or DWS_TIMEOUT) in milliseconds, for commands that call a backend; absent: the defaults. */
  typedTimeoutMs?: number;
  /** Aborted on SIGINT/SIGTERM for long-running commands. */
  signal?: AbortSignal;
  /** For streaming commands (JSON Lines out): one line per call, newline added by the writer. */
  writeLine?: (line: string) => Promise<void>;
  /**
   * Given only by the CLI, which owns process stdin (never in-process runs): arms upstream's stdin-EOF stop and
   * returns its disarm, or undefined when stdin is a terminal, /dev/null or closed (src/cli/io.ts watchStdinEof).
   */
  watchStdinEof?: StdinWatch;
}

/** Calls onEof once stdin reaches its end (or fails to read); returns the disarm, or undefined when not armed. */
export type StdinWatch = (onEof: () => void) => (() => void) | undefined;

export interface ControlPlane {
  control: string;
  ticket: string;
  sourceId: string;
  clientId: string;
  token: string;
}

export interface Subscription {
  subscribe_id: string;
  event_key: string;
  rule_type: string;
  status: string;
  source_id: string;
  created_at: string;
}

/** Errors the service answered with "no such subscription" (cancelling one of those is done already). */
const notFound = new WeakSet<DwsError>();

/** Connection errors that mean the request never left this machine. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const PAGE_SIZE = 100;
const MAX_PAGES = 100;
const REQUEST_TIMEOUT_MS = 30_000;


/** Events are the signed-in user's (`--as user`); upstream refuses app (bot) events as not offered, and so does dws. */
export function checkIdentity(values: Record<string, unknown>): void {
  const as = text(values.as).toLowerCase();
  if (as === '' || as === 'user') return;
  if (as === 'bot' || as === 'app') {
    throw new DwsError('invalid_parameter', 'app (bot) events are not offered: --as accepts only user', 'drop --as; events are the signed-in user\'s personal events');
  }
  throw new DwsError('invalid_parameter', `--as accepts only user, not "${text(values.as)}"`);
}

function httpUrl(url: string, what: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new DwsError('not_configured', `the ${what} is not a valid URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new DwsError('not_configured', `the ${what} must be http or https`);
  return url.replace(/\/+$/, '');
}

export async function controlPlane(values: Record<string, unknown>, env: Env): Promise<ControlPlane> {
  let file: Record<string, unknown> | undefined;
  const conf = (key: string): string => text((file ??= configFile(env))[key]);
  // An unreadable config file only matters when a value must come from it.
  const optional = (key: string): string => {
    try {
      return conf(key);
    } catch {
      return '';
    }
  };
  // The user's token: DWS_TOKEN or the config's, else the stored login (refreshed near expiry; none: not_authenticated,
  // before any request), whose MCP base the service lives under, as upstream derives it.
  const explicit = text(env.DWS_TOKEN) || optional('token');
  const login = explicit ? undefined : await (await import('../backend/auth/credential.js')).freshCredential(env);
  const { mcpBase } = await import('../backend/auth/endpoints.js');
  const mcp = mcpBase(env, login?.credential.region ?? 'cn', login?.credential.mcp_base);
  const control = text(values['personal-event-base-url']) || text(env.DWS_EVENT_URL) || optional('event_url') || `${mcp}/dws`;
  const base = httpUrl(control, 'personal-event control URL');
  const ticket = text(values['stream-ticket-url']) || text(env.DWS_STREAM_TICKET_URL) || optional('stream_ticket_url')
    || `${base.replace(/\/dws$/, '')}/stream/connections/ticket`;
  const clientId = text(env.DWS_CLIENT_ID) || optional('client_id') || text(login?.credential.client_id);
  if (!clientId) throw new DwsError('not_configured', 'personal events need the OAuth client id of this dws', 'log in with `dws auth login`, or set DWS_CLIENT_ID (or "client_id" in the dws config file)');
  const token = explicit || login!.credential.access_token;
  // the token goes only where a DingTalk token may go (trust.ts): https on a trusted domain, or loopback when allowed
  const { assertCredentialAllowed } = await import('../backend/trust.js');
  assertCredentialAllowed(base, env, 'the personal-event service');
  assertCredentialAllowed(ticket, env, 'the Stream ticket service');
  return {
    control: base,
    ticket: httpUrl(ticket, 'Stream ticket URL'),
    sourceId: text(values['stream-source-id']) || text(env.DWS_STREAM_SOURCE_ID) || 'open',
    clientId,
    token,
  };
}

/** One caller's requests: journals each call (server "personal-event", rpc "<METHOD> <path>") in order. */
export class ControlClient {
  private step = 0;

  constructor(readonly cp: ControlPlane, private readonly ctx: Pick<EventContext, 'tool' | 'catalog' | 'env' | 'signal'>) {}

  private scrub(message: string): string {
    return redactSecrets(message, [this.cp.token]);
  }

  /** `abortable: false` for the cleanup after a stop: cancelling must still go out once the signal has fired. */
  private async request(method: 'GET' | 'POST', url: string, rpc: string, body?: Record<string, unknown>, query?: Record<string, string>, abortable = true): Promise<unknown> {
    const target = query ? `${url}?${new URLSearchParams(query).toString()}` : url;
    const call = { canonical_path: this.ctx.tool.canonical_path, catalog: this.ctx.catalog, step: this.step++, server: 'personal-event', rpc, arguments: body ?? query ?? {} };
    // written before the request goes out (a request the journal cannot take is not sent); the answer links to it
    const record = { ...call, ref: journalSent(this.ctx.env, call).seq };
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const signal = this.ctx.signal && abortable ? AbortSignal.any([this.ctx.signal, timeout]) : timeout;
    let res: Response;
    try {
      // A redirect is never followed: the token (and on 307/308 the body) would go to wherever it points.
      res = await fetch(target, {
        method,
        signal,
        redirect: 'manual',
        headers: {
          Authorization: `Bearer ${this.cp.token}`,
          'x-user-access-token': this.cp.token,
          'X-DWS-Client-Id': this.cp.clientId,
          'X-DWS-Source-Id': this.cp.sourceId,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch (e) {
      // Only a create that may have reached the service has an unknown outcome; a refused connection sent nothing.
      const cause = e instanceof Error && e.cause instanceof Error ? e.cause : e;
      const notSent = NOT_SENT.has(String((cause as NodeJS.ErrnoException)?.code));
      const err = new DwsError(rpc === 'POST /subscription/user' && !notSent ? 'outcome_unknown' : 'transport_error',
        `${rpc} on the personal-event service did not answer: ${this.scrub(cause instanceof Error ? cause.message : String(cause))}`,
        rpc === 'POST /subscription/user' && !notSent ? 'check `dws event status` before subscribing again' : undefined);
      journalCall(this.ctx.env, { ...record, outcome: err.reason === 'outcome_unknown' ? 'outcome_unknown' : 'failed', error: { reason: err.reason, message: err.message } });
      throw err;
    }
    const raw = await res.text();
    try {
      if (res.status >= 300 && res.status < 400) {
        throw new DwsError('backend_error', this.scrub(`${rpc} on the personal-event service answered with a redirect (HTTP ${res.status}); it is not followed, so no token leaves ${new URL(target).origin}`),
          'point DWS_EVENT_URL (or the ticket URL) at the final address of the service');
      }
      const result = this.decode(res.status, raw, rpc);
      journalCall(this.ctx.env, { ...record, outcome: 'ok', result });
      return result;
    } catch (e) {
      const err = e as DwsError;
      journalCall(this.ctx.env, { ...record, outcome: 'failed', error: { reason: err.reason, message: err.message } });
      throw e;
    }
  }

  private decode(status: number, raw: string, rpc: string): unknown {
    let body: unknown;
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
    }
    const env = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
    const error = env?.error && typeof env.error === 'object' ? (env.error as Record<string, unknown>) : undefined;
    const code = text(error?.code) || text(env?.errorCode) || text(env?.code);
    const message = text(error?.message) || text(env?.errorMsg) || text(env?.message);
    const failed = status < 200 || status >= 300 || env?.success === false || (env && env.success === undefined && (error !== undefined || text(env.errorCode) !== ''));
    if (failed) {
      const what = `${rpc} on the personal-event service failed${status >= 300 || status < 200 ? ` (HTTP ${status})` : ''}${code ? `: ${code}` : ''}${message ? ` ${message}` : ''}`;
      if (code === 'PERSONAL_EVENT_NOT_FOUND' || code === 'NOT_FOUND') {
        const e = new DwsError('backend_error', this.scrub(what), 'the subscription is not (or no longer) there; see `dws event status`');
        notFound.add(e);
        throw e;
      }
      if (status === 401 || status === 403) throw new DwsError('auth_failed', this.scrub(what), 'check DWS_TOKEN: the personal-event service refused it');
      throw new DwsError('backend_error', this.scrub(what));
    }
    if (!env) return body ?? null;
    if ('result' in env || 'success' in env) return env.result ?? null;
    if ('data' in env && !('endpoint' in env)) return env.data;
    return env;
  }

  async create(req: { eventKey: string; ruleType: string; ruleParam: Record<string, unknown>; filter?: unknown; name?: string; ttlSeconds?: number; idempotencyKey: string }): Promise<string> {
    const ext: Record<string, unknown> = { ruleType: req.ruleType };
    if (req.name) ext.name = req.name;
    // a --filter-json of `null` is no filter (client.go:312@c7521c1c: a nil Filter is left out)
    if (req.filter !== undefined && req.filter !== null) ext.filter = req.filter;
    ext.idempotencyKey = req.idempotencyKey;
    const body: Record<string, unknown> = {
      clientId: this.cp.clientId,
      sourceId: this.cp.sourceId,
      eventKey: req.eventKey,
      filterRule: JSON.stringify(req.ruleParam),
      deliveryPref: 'realtime',
      ...(req.ttlSeconds ? { expiresAt: new Date(Date.now() + req.ttlSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z') } : {}),
      ext,
    };
    const result = await this.request('POST', `${this.cp.control}/subscription/user`, 'POST /subscription/user', body);
    const id = Array.isArray(result) ? text(result[0]) : typeof result === 'object' && result !== null ? subscriptionOf(result as Record<string, unknown>).subscribe_id : '';
    if (!id) throw new DwsError('backend_error', 'the personal-event service created a subscription but returned no subscribe_id');
    return id;
  }

  async list(): Promise<Subscription[]> {
    const all: Subscription[] = [];
    const seen = new Set<string>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const r = await this.request('GET', `${this.cp.control}/event/sublist`, 'GET /event/sublist', undefined,
        { clientId: this.cp.clientId, sourceId: this.cp.sourceId, pageSize: String(PAGE_SIZE), pageNo: String(page) });
      const o = typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {};
      const bad = sublistDecodeError(r);
      if (bad) throw new DwsError('backend_error', `GET /event/sublist on the personal-event service answered a page that cannot be read: ${bad}`);
      const items = Array.isArray(o.items) ? o.items : [];
      if (items.length === 0) break;
      let added = 0;
      for (const it of items) {
        const s = subscriptionOf(typeof it === 'object' && it !== null ? (it as Record<string, unknown>) : {});
        if (s.subscribe_id && seen.has(s.subscribe_id)) continue;
        if (s.subscribe_id) seen.add(s.subscribe_id);
        all.push(s);
        added++;
      }
      const total = typeof o.total === 'number' ? o.total : 0;
      const size = typeof o.pageSize === 'number' && o.pageSize > 0 ? o.pageSize : PAGE_SIZE;
      // h54-a9 (ListSubscriptions personal/client.go:258-260@c7521c1c): a page that adds nothing is no progress only
      // while the total is still ahead of what was read or the page is full; a short page of repeats ends the list
      // (before: any such page was refused)
      if (added === 0 && (total > all.length || items.length >= size)) {
        throw new DwsError('backend_error', `the subscription list made no progress at page ${page}`);
      }
      if ((total > 0 && all.length >= total) || items.length < size) break;
      if (page === MAX_PAGES) throw new DwsError('backend_error', `the subscription list has more than ${MAX_PAGES} pages`);
    }
    return all;
  }

  async cancel(subscribeId: string): Promise<void> {
    try {
      await this.request('POST', `${this.cp.control}/subscription/cancel`, 'POST /subscription/cancel', { subId: subscribeId }, undefined, false);
    } catch (e) {
      if (e instanceof DwsError && notFound.has(e)) return;
      throw e;
    }
  }

  async ticket(mode: string): Promise<{ endpoint: string; ticket: string }> {
    const r = await this.request('POST', this.cp.ticket, 'POST stream ticket', { sourceId: this.cp.sourceId, mode });
    const o = typeof r === 'object' && r !== null ? (r as Record<string, unknown>) : {};
    const endpoint = text(o.endpoint);
    const ticket = text(o.ticket);
    if (!endpoint || !ticket) throw new DwsError('backend_error', 'the Stream ticket answer has no endpoint or ticket');
    let u: URL;
    try {
      u = new URL(endpoint);
    } catch {
      throw new DwsError('backend_error', 'the Stream ticket answer has an invalid endpoint');
    }
    if (u.protocol !== 'ws:' && u.protocol !== 'wss:') throw new DwsError('backend_error', 'the Stream endpoint must be a ws or wss URL');
    if (!u.searchParams.get('ticket')) u.searchParams.set('ticket', ticket);
    return { endpoint: u.toString(), ticket };
  }
}

/** Numeric subscription states the service may send. */
const STATUS_CODES: Record<number, string> = { 1: 'active', 2: 'paused', 3: 'deleted' };

/** The texts of a listed subscription that upstream decodes into Go strings (dwsSubscription, personal/client.go:119-133). */
const SUB_TEXTS = ['subId', 'subscribe_id', 'eventKey', 'event_key', 'ruleType', 'rule_type', 'clientId', 'sourceId', 'source_id', 'deliveryPref', 'gmtCreate', 'created_at'];

/**
 * Why a /event/sublist result would not decode into upstream's dwsSubListResult (personal/client.go:112-133, decoded
 * by json.Unmarshal in decodeResult :521-531@c7521c1c), or '' when it would: the result an object (or null), total,
 * pageNo and pageSize whole numbers, items a list (or null) of objects (or nulls) whose texts are strings (or null);
 * status may be anything (a json.RawMessage). Upstream's ListSubscriptions fails on such a page (h54-a9; before: read
 * leniently, the wrong-typed parts taken as absent).
 */
function sublistDecodeError(r: unknown): string {
  if (r === null) return '';
  if (typeof r !== 'object' || Array.isArray(r)) return 'the result is not an object';
  const o = r as Record<string, unknown>;
  for (const k of ['total', 'pageNo', 'pageSize']) {
    const v = o[k];
    if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isInteger(v))) return `${k} is not a whole number`;
  }
  const items = o.items;
  if (items === undefined || items === null) return '';
  if (!Array.isArray(items)) return 'items is not a list';
  for (const [i, it] of items.entries()) {
    if (it === null) continue;
    if (typeof it !== 'object' || Array.isArray(it)) return `items[${i}] is not an object`;
    for (const k of SUB_TEXTS) {
      const v = (it as Record<string, unknown>)[k];
      if (v !== undefined && v !== null && typeof v !== 'string') return `items[${i}].${k} is not a text`;
    }
  }
  return '';
}

function subscriptionOf(o: Record<string, unknown>): Subscription {
  const status = o.status;
  return {
    subscribe_id: text(o.subId) || text(o.subscribe_id),
    event_key: text(o.eventKey) || text(o.event_key),
    rule_type: text(o.ruleType) || text(o.rule_type),
    // h54-a9 (dwsStatusString personal/client.go:800-823@c7521c1c): a text as it came, a code by the table, and any
    // other JSON value as its JSON text (before: a boolean, list or object was printed as no status)
    status: status === undefined || status === null ? '' : typeof status === 'string' ? status
      : typeof status === 'number' ? (STATUS_CODES[status] ?? String(status)) : JSON.stringify(status),
    source_id: text(o.sourceId) || text(o.source_id),
    created_at: text(o.gmtCreate) || text(o.created_at),
  };
}
