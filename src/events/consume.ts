// `dws event consume <event_key>...`: subscribe and stream personal events (upstream
// internal/app/event_personal_command.go, internal/event/source/personal.go, internal/event/bus/hub.go at 6406c93e).
// Reviewed against c7521c1c in session 32 (notes/sw32-10.md): several keys, the dry run, formats and filters.
//   1. Everything local is checked first (keys, rule targets, filters, output mode), so a bad flag never creates
//      a subscription.
//   2. One subscription per event key is created on the control plane (or --subscribe-id is looked up and reused).
//   3. Each is recorded in the local run records (event status / event stop find the consumer there).
//   4. A Stream ticket gives a WebSocket endpoint; every text frame there is a DingTalk Stream data frame, acked
//      with code 200, turned into the transport envelope and kept when it passes the consumer's match (its own
//      subscribe ids, the event types, the --filter regex), unless --debug-raw-events.
//   5. Each kept event is one JSON line (the envelope; --flatten: the business fields; --format raw: `data`).
// It stops at --max-events, after --duration, when ctx.signal aborts (SIGINT/SIGTERM), when an unbounded run's
// stdin (a pipe or a file the CLI owns: ctx.watchStdinEof) ends, or on a fatal error; a
// dropped connection is reopened with backoff (1 s doubling to 30 s). On any exit the subscriptions this run
// created (or all it used, with --ephemeral) are cancelled and its run records removed. Without a line writer (MCP
// execute) it returns the events as a list, bounded by --max-events (at most 1000) and --duration (30 s default).
import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import { DwsError } from '../errors.js';
import { checkIdentity, ControlClient, controlPlane, type ControlPlane, type EventContext, type StdinWatch } from './control.js';
import { type EventDefinition, type EventEnvelope, flattenEvent, lookupEvent } from './catalog.js';
import { removeRuns, upsertRuns, type RunState } from './runs.js';
import { text, trimSpace } from '../contract/values.js';
import { processStartTicks } from '../backend/state.js';
import { canonicalJson } from '../journal/record.js';

const MAX_LISTED_EVENTS = 1000;
const DEFAULT_LISTED_DURATION_MS = 30_000;
const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Go duration text (validated by the flag schema, time.ParseDuration's grammar) -> milliseconds, negative for a
 * leading `-`: upstream then has no deadline (`Duration > 0` only, consume/run.go:214@c7521c1c) and no expiry (:972).
 */
export function durationMs(go: string): number {
  let total = 0;
  // \u00b5, \u03bc: the bundles are ASCII (scripts/build.mjs), and esbuild escapes strings but not regular expressions.
  for (const m of go.matchAll(/([0-9]*(?:\.[0-9]*)?)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/g)) total += Number(m[1]) * UNIT_MS[m[2] === '\u03bcs' ? 'us' : m[2]];
  return go.startsWith('-') ? -total : total;
}

/** The rule a subscription to this key needs, from the target flags (upstream personal.BuildRuleParam). */
export function ruleFor(def: EventDefinition, values: Record<string, unknown>): { ruleType: string; ruleParam: Record<string, unknown> } {
  // compared as typed, untrimmed (registry.go:469@c7521c1c)
  const rule = typeof values.rule === 'string' ? values.rule : '';
  if (rule && rule !== def.rule_type) {
    throw new DwsError('invalid_parameter', `--rule ${JSON.stringify(rule)} does not fit ${def.event_key}, whose rule is ${def.rule_type}`);
  }
  const user = text(values.user);
  const odid = text(values['open-dingtalk-id']);
  const group = text(values.group);
  const refuse = (flag: string, alt = '') => new DwsError('invalid_parameter', `--${flag} does not apply to ${def.event_key}${alt}`);
  switch (def.rule_type) {
    case 'at':
    case 'all':
      if (user) throw refuse('user');
      if (odid) throw refuse('open-dingtalk-id');
      if (group) throw refuse('group');
      return { ruleType: def.rule_type, ruleParam: {} };
    case 'group':
      if (user) throw refuse('user', '; use --group');
      if (odid) throw refuse('open-dingtalk-id', '; use --group');
      if (!group) throw new DwsError('missing_parameter', `${def.event_key} needs --group (the group's openConversationId)`, 'find it with `dws chat search`');
      return { ruleType: def.rule_type, ruleParam: { openConversationId: group } };
    default:
      if (group) throw refuse('group', '; use --user or --open-dingtalk-id');
      if (user && odid) throw new DwsError('constraint_violation', `--user and --open-dingtalk-id exclude each other for ${def.event_key}`);
      if (!user && !odid) throw new DwsError('missing_parameter', `${def.event_key} needs one of --user or --open-dingtalk-id`);
      return { ruleType: def.rule_type, ruleParam: odid ? { targetUid: odid, targetUidType: 'openDingtalkId' } : { targetUid: user, targetUidType: 'staffId' } };
  }
}

/** Short filter-field names the filter DSL accepts for the message payload paths. */
const FILTER_ALIASES: Record<string, string> = {
  content: 'payload.body.content',
  conversation_id: 'payload.body.openConversationId',
  sender: 'payload.body.sender',
  sender_open_dingtalk_id: 'payload.body.senderOpenDingTalkId',
};

function aliasFields(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(aliasFields);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  // a `field` is renamed when it is a known alias and never looked into (registry.go:607-635@c7521c1c)
  for (const [k, x] of Object.entries(v)) out[k] = k === 'field' ? (typeof x === 'string' ? FILTER_ALIASES[x] ?? x : x) : aliasFields(x);
  return out;
}

/** --filter-json and --query as one server-side filter (undefined when neither is given). */
export function filterFor(values: Record<string, unknown>): unknown {
  const parts: unknown[] = [];
  const json = text(values['filter-json']);
  if (json) {
    try {
      parts.push(aliasFields(JSON.parse(json)));
    } catch {
      throw new DwsError('invalid_parameter', '--filter-json must be valid JSON');
    }
  }
  // each word with Go's strings.TrimSpace (registry.go splitCSV@c7521c1c): U+0085 is space, U+FEFF is not
  const words = text(values.query).split(',').map(trimSpace).filter(Boolean);
  if (words.length) parts.push({ field: 'payload.body.content', op: 'contains_any', value: words });
  return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : { and: parts };
}

const MESSAGE_SHAPES = new Set(['message']);

/** Flags upstream refuses, when typed at all, with more than one event key (event_command.go:179-186@c7521c1c). */
const NOT_WITH_MANY_KEYS = ['subscribe-id', 'rule', 'event-types', 'filter', 'foreground', 'force', 'debug-raw-events'];

/** The rule targets a key of this rule type keeps from a multi-key run (event_personal_command.go:805-815@c7521c1c). */
function targetsFor(ruleType: string, values: Record<string, unknown>): Record<string, unknown> {
  const none = ruleType === 'at' || ruleType === 'all';
  return {
    ...values,
    user: none || ruleType === 'group' ? undefined : values.user,
    'open-dingtalk-id': none || ruleType === 'group' ? undefined : values['open-dingtalk-id'],
    group: none || ruleType !== 'group' ? undefined : values.group,
  };
}

interface Plan {
  def: EventDefinition;
  ruleType: string;
  ruleParam: Record<string, unknown>;
  filter: unknown;
}

function checkNotApproval(def: EventDefinition, values: Record<string, unknown>): void {
  if (def.category !== 'oa') return;
  const given = ['user', 'open-dingtalk-id', 'group', 'query', 'filter-json'].filter((f) => text(values[f]) !== '');
  if (given.length) throw new DwsError('invalid_parameter', `${given.map((f) => `--${f}`).join(', ')} do not apply to the approval event ${def.event_key}`);
}

function openDefinition(key: string): EventDefinition {
  const def = lookupEvent(key);
  if (def.status === 'pending') throw new DwsError('invalid_parameter', `${key} is not open for subscription yet`);
  return def;
}

/**
 * One key (upstream runPersonalEventConsumeSingle + preparePersonalSubscription, event_personal_command.go:283-290,
 * 940-980@c7521c1c): its rule and the filter, which any key may carry (no message-event check with one key).
 */
function plans(keys: string[], values: Record<string, unknown>): Plan[] {
  if (keys.length > 1) return manyPlans(keys, values);
  return keys.map((key) => {
    const def = openDefinition(key);
    checkNotApproval(def, values);
    return { def, ...ruleFor(def, values), filter: filterFor(values) };
  });
}

/**
 * Several keys (upstream preparePersonalMultiOptions, event_personal_command.go:725-825@c7521c1c): user-scoped
 * (singleChat, sender) and group-scoped keys do not mix; the set's one target goes to the keys of its scope while an
 * at/all key subscribes with none; --query/--filter-json need every key to be a message event.
 */
function manyPlans(keys: string[], values: Record<string, unknown>): Plan[] {
  const defs = keys.map(openDefinition);
  let userScope = false;
  let groupScope = false;
  const filter = filterFor(values);
  for (const def of defs) {
    checkNotApproval(def, values);
    if (def.rule_type === 'singleChat' || def.rule_type === 'sender') userScope = true;
    if (def.rule_type === 'group') groupScope = true;
    if ((text(values.query) || text(values['filter-json'])) && !MESSAGE_SHAPES.has(def.shape)) {
      throw new DwsError('invalid_parameter', `--query and --filter-json need every event to be a message event; ${def.event_key} is not`);
    }
  }
  if (userScope && groupScope) throw new DwsError('constraint_violation', 'user-scoped and group-scoped events cannot be consumed in one run');
  const user = text(values.user);
  const odid = text(values['open-dingtalk-id']);
  const group = text(values.group);
  if (user && odid) throw new DwsError('constraint_violation', '--user and --open-dingtalk-id exclude each other');
  if (userScope) {
    if (group) throw new DwsError('invalid_parameter', '--group does not apply to user-scoped events');
    if (!user && !odid) throw new DwsError('missing_parameter', 'the selected events need one of --user or --open-dingtalk-id');
  } else if (groupScope) {
    if (user || odid) throw new DwsError('invalid_parameter', '--user and --open-dingtalk-id do not apply to group-scoped events');
    if (!group) throw new DwsError('missing_parameter', 'the selected events need --group (the group\'s openConversationId)', 'find it with `dws chat search`');
  } else if (user || odid || group) {
    throw new DwsError('invalid_parameter', 'the selected events take none of --user, --open-dingtalk-id or --group');
  }
  return defs.map((def) => ({ def, ...ruleFor(def, targetsFor(def.rule_type, values)), filter }));
}

/** Same identity and rule -> same key, so a relaunched agent does not pile up duplicate subscriptions. */
function idempotencyKey(cp: ControlPlane, p: Plan): string {
  // keys sorted, as Go's json.Marshal of a map writes them (registry.go:566-586@c7521c1c): the same filter typed
  // in another key order gives the same key; a `null` filter is none
  const rule = canonicalJson(p.ruleParam);
  const filter = p.filter === undefined || p.filter === null ? '' : canonicalJson(p.filter);
  return 'dws-cli-' + createHash('sha256').update([cp.clientId, cp.sourceId, p.def.event_key, p.ruleType, rule, filter].join('\0')).digest('hex').slice(0, 16);
}

/** The consumer's match (upstream bus hub): its subscribe ids, then event types (trailing * = prefix), then regex. */
export function matcher(o: { subscribeIds: string[]; eventTypes: string[]; filter?: RegExp }): (ev: EventEnvelope) => boolean {
  const ids = new Set(o.subscribeIds);
  const exact = new Set<string>();
  const prefixes: string[] = [];
  let all = o.eventTypes.length === 0;
  // Go's strings.TrimSpace per type (bus/hub.go:77@c7521c1c)
  for (const raw of o.eventTypes.map(trimSpace).filter(Boolean)) {
    if (raw === '*') all = true;
    else if (raw.endsWith('*')) prefixes.push(raw.slice(0, -1));
    else exact.add(raw);
  }
  return (ev) => (ids.size === 0 || ids.has(ev.subscribe_id ?? ''))
    && (all || exact.has(ev.event_type) || prefixes.some((p) => ev.event_type.startsWith(p)))
    && (!o.filter || o.filter.test(ev.event_type));
}

function pick(h: Record<string, string>, ...keys: string[]): string {
  for (const k of keys) if (typeof h[k] === 'string' && h[k].trim() !== '') return h[k].trim();
  return '';
}

/** A Stream data frame -> the transport envelope (upstream rawEventFromDataFrame + transport.Event). */
export function envelopeOf(frame: Record<string, unknown>, seq: number, sourceId: string, now: number): EventEnvelope {
  const headers: Record<string, string> = {};
  if (typeof frame.headers === 'object' && frame.headers !== null) {
    for (const [k, v] of Object.entries(frame.headers)) if (typeof v === 'string') headers[k] = v;
  }
  const data = typeof frame.data === 'string' ? frame.data : '';
  let d: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) d = parsed as Record<string, unknown>;
  } catch {
    // data that is not a JSON object only lacks the fallbacks below
  }
  const ds = (...keys: string[]) => keys.map((k) => text(d[k])).find(Boolean) ?? '';
  const nested = (a: string, b: string) => (typeof d[a] === 'object' && d[a] !== null ? text((d[a] as Record<string, unknown>)[b]) : '');
  const int = (t: string) => (/^\d+$/.test(t) ? Number(t) : 0);
  const ev: EventEnvelope = {
    type: 'event',
    seq,
    event_id: pick(headers, 'eventId', 'messageId', 'MESSAGE_ID', 'event_id') || ds('eventId', 'event_id'),
    event_born_time: int(pick(headers, 'eventBornTime')) || int(pick(headers, 'time')) || (typeof frame.time === 'number' ? frame.time : 0),
    event_type: pick(headers, 'eventType', 'event_type', 'EVENT_TYPE', 'eventKey', 'event_key') || ds('eventKey', 'event_key') || nested('source', 'tag'),
    data,
    received_at_unix_ms: now,
  };
  const optional: [keyof EventEnvelope, string][] = [
    ['event_corp_id', pick(headers, 'eventCorpId')],
    ['event_unified_app_id', pick(headers, 'eventUnifiedAppId')],
    ['event_scope', pick(headers, 'event_scope', 'eventScope') || 'personal'],
    ['subscribe_id', pick(headers, 'SUB_ID', 'subscribe_id', 'subscribeId', 'sub_id', 'subId') || ds('subId', 'sub_id', 'subscribeId', 'subscribe_id')],
    ['source_id', pick(headers, 'SOURCE_ID', 'source_id', 'sourceId') || sourceId],
    ['rule_type', pick(headers, 'RULE_TYPE', 'rule_type', 'ruleType') || ds('ruleType', 'rule_type') || nested('ext', 'ruleType')],
  ];
  // Same key order as the envelope declaration: optional fields slot in before data.
  const out: Record<string, unknown> = { type: ev.type, seq: ev.seq, event_id: ev.event_id, event_born_time: ev.event_born_time };
  for (const [k, v] of optional.slice(0, 1)) if (v) out[k] = v;
  out.event_type = ev.event_type;
  for (const [k, v] of optional.slice(1)) if (v) out[k] = v;
  out.data = data;
  if (Object.keys(headers).length) out.headers = headers;
  out.received_at_unix_ms = now;
  return out as unknown as EventEnvelope;
}

const ACK_DATA = JSON.stringify({ status: 'SUCCESS', message: 'success' });

type StopReason = 'max_events' | 'duration' | 'signal' | 'output_closed';

interface Bounds {
  maxEvents: number;
  durationMs: number;
}

function boundsOf(values: Record<string, unknown>, streaming: boolean): Bounds {
  // below 1 is no limit, a negative count too (consume/run.go:367@c7521c1c)
  const max = typeof values['max-events'] === 'number' && values['max-events'] > 0 ? values['max-events'] : 0;
  const duration = text(values.duration) ? durationMs(text(values.duration)) : 0;
  if (streaming) return { maxEvents: max, durationMs: duration };
  return { maxEvents: max > 0 ? Math.min(max, MAX_LISTED_EVENTS) : MAX_LISTED_EVENTS, durationMs: duration > 0 ? duration : DEFAULT_LISTED_DURATION_MS };
}

/**
 * The output mode from --format as typed (upstream consume.NormalizeFormat, formatter.go:66@c7521c1c, exact and
 * case-sensitive): ndjson, json, pretty and raw as named; any other text (table, NDJSON) falls back to ndjson with a
 * warning on stderr unless --quiet (event_personal_command.go:291-297@c7521c1c).
 */
function outputMode(values: Record<string, unknown>): 'envelope' | 'pretty' | 'raw' {
  const f = typeof values.format === 'string' ? values.format : '';
  if (f === 'compact') throw new DwsError('invalid_parameter', '--format compact is not offered by this build; use ndjson (with --flatten for business fields)');
  if (f === 'raw') {
    if (values.flatten === true) throw new DwsError('constraint_violation', '--flatten and --format raw exclude each other');
    return 'raw';
  }
  if (f === 'json' || f === 'pretty') return 'pretty';
  if (f !== '' && f !== 'ndjson' && values.quiet !== true) {
    process.stderr.write(JSON.stringify({ warning: { category: 'validation', reason: 'format_ignored', message: `--format ${JSON.stringify(f)} has no meaning for an event stream; using ndjson` } }) + '\n');
  }
  return 'envelope';
}

/**
 * The checks made before any request (and by --dry-run): the keys, output mode, filters and the subscriptions to
 * create, so a bad flag never creates a subscription.
 */
function localChecks(values: Record<string, unknown>, positionals: Record<string, unknown>, dryRun: boolean) {
  checkIdentity(values);
  for (const f of ['output-dir', 'route']) {
    if (values[f] !== undefined) throw new DwsError('invalid_parameter', `--${f} is not offered by this build: events are written to stdout as JSON Lines`);
  }
  const keys = [...new Set((Array.isArray(positionals.event_key) ? positionals.event_key : positionals.event_key ? [positionals.event_key] : []).map(text).filter(Boolean))];
  // event_command.go:179-186@c7521c1c: these flags, typed at all, are refused with more than one key
  const notWithMany = keys.length > 1 ? NOT_WITH_MANY_KEYS.filter((f) => values[f] !== undefined) : [];
  if (notWithMany.length) throw new DwsError('constraint_violation', `${notWithMany.map((f) => `--${f}`).join(', ')} cannot be used when consuming several events`);
  const mode = outputMode(values);
  if (values.flatten === true && values['debug-raw-events'] === true) throw new DwsError('constraint_violation', '--flatten and --debug-raw-events exclude each other');
  // consume.ValidateConfig (validate.go:79-84@c7521c1c), checked before any subscription; a one-key dry run skips it
  // (event_personal_command.go:329-368@c7521c1c prints before it), a several-key one does not (:600-611)
  if (!(dryRun && keys.length <= 1) && values.force === true && values.foreground !== true) {
    throw new DwsError('constraint_violation', '--force only applies with --foreground', 'drop --force');
  }
  const unbounded = () => {
    const b = boundsOf(values, true);
    // a negative --duration is no bound (ValidateConfig's Duration <= 0, validate.go:82@c7521c1c)
    return b.maxEvents === 0 && b.durationMs <= 0;
  };
  if (!(dryRun && keys.length <= 1) && values.format === 'json' && unbounded()) {
    throw new DwsError('constraint_violation', '--format json needs --max-events or --duration: its events are indented over several lines, which an open-ended stream cannot be split by', 'use --format ndjson for an open-ended stream');
  }
  const ticketMode = text(values['stream-ticket-mode']) || 'normal';
  if (ticketMode !== 'normal') throw new DwsError('invalid_parameter', `--stream-ticket-mode ${ticketMode} is not offered: only normal (custom needs app credentials)`);
  // the regex as typed, untrimmed; only an empty one is none (bus/hub.go:96@c7521c1c)
  const typedFilter = typeof values.filter === 'string' ? values.filter : '';
  let filter: RegExp | undefined;
  if (typedFilter !== '') {
    try {
      filter = new RegExp(typedFilter);
    } catch {
      throw new DwsError('invalid_parameter', `--filter is not a valid regular expression: ${typedFilter}`);
    }
  }
  const reuse = text(values['subscribe-id']);
  if (!reuse && keys.length === 0) throw new DwsError('missing_parameter', 'event consume needs an event_key or --subscribe-id', 'list the keys with `dws event list`');
  if (reuse && keys.length > 1) throw new DwsError('constraint_violation', '--subscribe-id reuses one subscription: give at most one event_key with it');
  const planned = reuse ? [] : plans(keys, values);
  if (reuse && keys.length) lookupEvent(keys[0]);
  return { keys, mode, ticketMode, filter, reuse, planned };
}

/**
 * What --dry-run lists: the checks above, then the subscriptions it would create (event key, rule, filter) or the
 * one it would look up, and the stream. Upstream's dry run also looks a reused id up (read only); this one calls
 * nothing (event_personal_command.go:329-368, 827-847@c7521c1c).
 */
export function consumePreview(values: Record<string, unknown>, positionals: Record<string, unknown>): unknown[] {
  const { reuse, planned, ticketMode } = localChecks(values, positionals, true);
  const subscriptions = reuse
    ? [{ id: 'lookup', control_plane: 'GET event/sublist', subscribe_id: reuse }]
    : planned.map((p, i) => ({ id: `subscribe_${i}`, control_plane: 'POST subscription/user', event_key: p.def.event_key, rule_type: p.ruleType, rule_param: p.ruleParam, ...(p.filter === undefined ? {} : { filter: p.filter }) }));
  return [...subscriptions, { id: 'stream', control_plane: 'POST stream ticket', mode: ticketMode }];
}

export const consume = async (ctx: EventContext): Promise<unknown> => {
  const { values, positionals } = ctx;
  const { keys, mode, ticketMode, filter, reuse, planned } = localChecks(values, positionals, false);
  const bounds = boundsOf(values, ctx.writeLine !== undefined);
  const ttl = text(values.ttl) ? Math.floor(durationMs(text(values.ttl)) / 1000) : 0;

  const cp = await controlPlane(values, ctx.env);
  const client = new ControlClient(cp, ctx);
  const held: { id: string; eventKey: string; ruleType: string; owned: boolean }[] = [];
  const ephemeral = values.ephemeral === true;
  const cleanup = async () => {
    const left = new Set<string>();
    for (const h of held.filter((x) => x.owned)) {
      if (!(await cancelWithRetry(client, h.id))) left.add(h.id);
    }
    // A subscription whose cancel failed keeps its run record, so `dws event status` / `event stop` still find it.
    removeRuns(ctx.env, held.filter((h) => !left.has(h.id)).map((h) => h.id), process.pid);
    if (left.size) {
      process.stderr.write(JSON.stringify({ warning: { category: 'backend', reason: 'transport_error',
        message: `could not cancel ${[...left].sort().join(', ')}; its run record is kept: run \`dws event stop --all\`` } }) + '\n');
    }
  };
  try {
    if (reuse) {
      const found = (await client.list()).find((s) => s.subscribe_id === reuse);
      if (!found) throw new DwsError('backend_error', `subscription ${reuse} was not found`, 'list the live ones with `dws event status`');
      const eventKey = found.event_key || keys[0] || '';
      if (!eventKey) throw new DwsError('missing_parameter', `subscription ${reuse} names no event key: give the event_key too`);
      if (keys[0] && found.event_key && keys[0] !== found.event_key) {
        throw new DwsError('invalid_parameter', `event_key ${keys[0]} does not match subscription ${reuse}, which is ${found.event_key}`);
      }
      const def = lookupEvent(eventKey);
      // ensurePersonalSubscription (event_personal_command.go:990-1030@c7521c1c): the approval-event check applies to
      // the reused key too, and the rule type is the service's, else --rule, else the directory's
      checkNotApproval(def, values);
      held.push({ id: reuse, eventKey, ruleType: found.rule_type || text(values.rule) || def.rule_type, owned: ephemeral });
    } else {
      // --name as typed, untrimmed; only "" is none (preparePersonalSubscription :966, client.go:309@c7521c1c)
      const name = typeof values.name === 'string' && values.name !== '' ? values.name : undefined;
      for (const p of planned) {
        const id = await client.create({
          eventKey: p.def.event_key, ruleType: p.ruleType, ruleParam: p.ruleParam, filter: p.filter,
          name, ttlSeconds: ttl > 0 ? ttl : undefined, idempotencyKey: idempotencyKey(cp, p),
        });
        held.push({ id, eventKey: p.def.event_key, ruleType: p.ruleType, owned: true });
      }
    }
    const now = new Date().toISOString();
    upsertRuns(ctx.env, held.map((h): RunState => ({
      subscribe_id: h.id, event_key: h.eventKey, rule_type: h.ruleType, client_id: cp.clientId, source_id: cp.sourceId, pid: process.pid, pid_start: processStartTicks(process.pid), owned: h.owned, created_at: now,
    })));
    const raw = values['debug-raw-events'] === true;
    const explicitTypes = Array.isArray(values['event-types']) ? (values['event-types'] as string[]) : [];
    const match = raw ? () => true : matcher({ subscribeIds: held.map((h) => h.id), eventTypes: explicitTypes.length ? explicitTypes : held.map((h) => h.eventKey), filter });
    // Raw data is JSON text, where a bare line break can only be whitespace: folding it keeps one event per line.
    const shape = (ev: EventEnvelope): unknown => (mode === 'raw' ? ev.data.replace(/\r?\n/g, ' ') : values.flatten === true ? flattenEvent(ev) : ev);
    // json and pretty: each event indented by two spaces, one document after another (formatter.go:177@c7521c1c)
    const render = (v: unknown): string => (typeof v === 'string' ? v : mode === 'pretty' ? JSON.stringify(v, null, 2) : JSON.stringify(v));
    const listed: unknown[] = [];
    const writeLine = ctx.writeLine;
    const deliver = writeLine
      ? (v: unknown) => writeLine(render(v))
      : async (v: unknown) => void listed.push(v);
    // upstream's ready contract (consume/run.go:283-293, run_many.go:163-169@c7521c1c): once the stream is open, before
    // any event, stderr names the subscription(s) and says ready; dws runs no bus, so bus_pid is this process
    let readyAt: number | undefined;
    const ready = writeLine && values.quiet !== true ? () => {
      readyAt = performance.now();
      const lines = held.length === 1
        ? [`[event] ready event_key=${held[0].eventKey} bus_pid=${process.pid} subscribe_id=${held[0].id}`]
        : [...held.map((h) => `[event] subscription event_key=${h.eventKey} subscribe_id=${h.id}`), `[event] ready event_count=${held.length} bus_pid=${process.pid}`];
      process.stderr.write(lines.map((l) => `${l}\n`).join(''));
    } : undefined;
    // upstream's stdin-EOF stop (event_command.go:1441-1465, consume/run.go:300-306, :474-500@c7521c1c): only an
    // unbounded stream whose stdin the CLI owns (a pipe or a file; never an in-process run) ends when stdin ends
    const unbounded = bounds.maxEvents === 0 && bounds.durationMs <= 0;
    const stdinEnd = writeLine && unbounded && ctx.watchStdinEof
      ? { watch: ctx.watchStdinEof, say: values.quiet === true ? () => undefined : () => void process.stderr.write(STDIN_CLOSED_LINE) }
      : undefined;
    let received = 0;
    const reason = await stream(ctx, client, ticketMode, bounds, match, async (ev) => {
      await deliver(shape(ev));
      received++;
    }, cp.sourceId, ready, stdinEnd);
    // upstream's exit line (consume/run.go:306-320, :353-372, run_many.go:183-193@c7521c1c), after a graceful end of a
    // run that said ready: the events written, the time since ready (Go's Duration text, to the millisecond), and why
    if (readyAt !== undefined) {
      const why = reason === 'max_events' ? 'limit' : reason === 'duration' ? 'timeout' : 'signal';
      process.stderr.write(`[event] exited \u2014 received ${received} event(s) in ${goDurationText(Math.round(performance.now() - readyAt))} (reason: ${why})\n`);
    }
    if (ctx.writeLine) return undefined;
    return { events: listed, count: listed.length, stopped: reason, subscriptions: held.map((h) => h.id) };
  } finally {
    await cleanup();
  }
};

/**
 * Go's time.Duration String of a whole number of milliseconds from 0 (`0s`, `250ms`, `1.5s`, `2m3.04s`, `1h0m0s`), as
 * upstream prints the run's time rounded to the millisecond.
 */
export function goDurationText(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const rest = ms % 60_000;
  const whole = Math.floor(rest / 1000);
  const frac = String(rest % 1000).padStart(3, '0').replace(/0+$/u, '');
  const secs = `${whole}${frac ? `.${frac}` : ''}s`;
  return h > 0 ? `${h}h${m}m${secs}` : m > 0 ? `${m}m${secs}` : secs;
}

const CANCEL_ATTEMPTS = 3;

/**
 * Cancels one subscription; a failure (a pooled connection gone stale while the run waited on its reader) is retried
 * after a pause, and a failed request's connection is never reused, so a retry goes out on a fresh one.
 */
async function cancelWithRetry(client: ControlClient, id: string): Promise<boolean> {
  for (let attempt = 1; attempt <= CANCEL_ATTEMPTS; attempt++) {
    try {
      await client.cancel(id);
      return true;
    } catch {
      if (attempt < CANCEL_ATTEMPTS) await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  return false;
}

/**
 * What an unbounded stream prints when stdin ends (its first words are upstream's, consume/run.go:487-491@c7521c1c,
 * which parents may look for; the advice after them is dws's own).
 */
const STDIN_CLOSED_LINE = '[event] stdin closed \u2014 shutting down. The stream stops when its standard input ends; '
  + 'to keep it running, bound it with --max-events or --duration, hold stdin open, or stop it with SIGTERM instead.\n';

/** Lines handed to a writer that has not taken them yet, above which the socket stops reading (back-pressure). */
const MAX_PENDING_WRITES = 64;

/**
 * Reads frames until a bound or the signal ends the run; a lost connection is reopened after a backoff. `ready` is
 * called once, when the first stream connection opens (before any frame).
 */
async function stream(ctx: EventContext, client: ControlClient, ticketMode: string, bounds: Bounds, match: (ev: EventEnvelope) => boolean,
  deliver: (ev: EventEnvelope) => Promise<void>, sourceId: string, ready?: () => void, stdinEnd?: { watch: StdinWatch; say: () => void }): Promise<StopReason> {
  const stop = new AbortController();
  let reason: StopReason | undefined;
  const end = (r: StopReason) => {
    reason ??= r;
    stop.abort();
  };
  const onSignal = () => end('signal');
  // armed once the stream first opens, as upstream starts its watcher after the ready line; its end is a signal
  let disarm: (() => void) | undefined;
  let armStdin = stdinEnd && (() => {
    armStdin = undefined;
    disarm = stdinEnd.watch(() => {
      if (stop.signal.aborted) return;
      stdinEnd.say();
      end('signal');
    });
  });
  if (ctx.signal?.aborted) return 'signal';
  ctx.signal?.addEventListener('abort', onSignal, { once: true });
  const timer = bounds.durationMs > 0 ? setTimeout(() => end('duration'), bounds.durationMs) : undefined;
  let delivered = 0;
  let seq = 0;
  let backoff = RECONNECT_MIN_MS;
  try {
    while (!stop.signal.aborted) {
      let endpoint: string;
      try {
        ({ endpoint } = await client.ticket(ticketMode));
      } catch (e) {
        if (stop.signal.aborted) break;
        throw e;
      }
      if (stop.signal.aborted) break;
      let gotFrame = false;
      // Writes go out one at a time and in order; the socket keeps reading meanwhile.
      let chain = Promise.resolve();
      let pending = 0;
      let failure: unknown;
      await new Promise<void>((resolve) => {
        // followRedirects stays off: a redirected handshake would carry the ticket to another origin.
        const ws = new WebSocket(endpoint, { handshakeTimeout: 30_000, followRedirects: false });
        const close = () => {
          ws.removeAllListeners('message');
          ws.terminate();
          resolve();
        };
        stop.signal.addEventListener('abort', close, { once: true });
        ws.on('error', () => undefined);
        // the first open stream is the run's ready point (a reconnect says nothing more)
        ws.once('open', () => {
          ready?.();
          ready = undefined;
          armStdin?.();
        });
        ws.on('close', () => {
          stop.signal.removeEventListener('abort', close);
          resolve();
        });
        ws.on('message', (bytes, isBinary) => {
          if (isBinary) return;
          let frame: Record<string, unknown>;
          try {
            const parsed: unknown = JSON.parse(bytes.toString('utf8'));
            // Only an object is a Stream frame: `null`, a number or a list is dropped like unparsable text.
            if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
            frame = parsed as Record<string, unknown>;
          } catch {
            return;
          }
          gotFrame = true;
          const headers = (typeof frame.headers === 'object' && frame.headers !== null ? frame.headers : {}) as Record<string, unknown>;
          ws.send(JSON.stringify({ code: 200, headers: { messageId: typeof headers.messageId === 'string' ? headers.messageId : '', contentType: 'application/json' }, message: 'OK', data: ACK_DATA }));
          // seq numbers the events this consumer is given, as the upstream bus numbers what it sends a consumer.
          const ev = envelopeOf(frame, seq + 1, sourceId, Date.now());
          if (!match(ev) || reason || (bounds.maxEvents > 0 && delivered >= bounds.maxEvents)) return;
          seq++;
          delivered++;
          const last = bounds.maxEvents > 0 && delivered >= bounds.maxEvents;
          // A slow reader: stop reading frames (the service holds them) until the writes catch up.
          if (++pending >= MAX_PENDING_WRITES) ws.pause();
          chain = chain.then(() => deliver(ev)).then(() => {
            if (--pending < MAX_PENDING_WRITES / 2 && ws.isPaused) ws.resume();
          }).catch((e) => {
            // The reader went away (`| head -1`): a normal end, as upstream treats SIGPIPE; anything else fails the run.
            if ((e as NodeJS.ErrnoException).code === 'EPIPE') end('output_closed');
            else {
              failure ??= e;
              end('signal');
            }
          });
          if (last) void chain.then(() => end('max_events'));
        });
      });
      // A stop (duration, signal) does not wait on writes a stalled reader never takes.
      const stopped = new Promise<void>((resolve) => (stop.signal.aborted ? resolve() : stop.signal.addEventListener('abort', () => resolve(), { once: true })));
      await Promise.race([chain, stopped]);
      if (failure) throw failure;
      if (stop.signal.aborted) break;
      if (gotFrame) backoff = RECONNECT_MIN_MS;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(t);
          stop.signal.removeEventListener('abort', wake);
          resolve();
        };
        const t = setTimeout(wake, backoff);
        stop.signal.addEventListener('abort', wake, { once: true });
      });
      backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
    }
  } finally {
    if (timer) clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onSignal);
    disarm?.();
  }
  return reason ?? 'signal';
}
