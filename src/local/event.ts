// `dws event schema|list|status|stop|consume` as local commands (upstream internal/app/event_command.go and
// event_personal_command.go at 6406c93e). Events are personal (`--as user`, the only identity upstream offers;
// `--as bot|app` is refused as upstream refuses it). schema and list read the event directory only; status and stop
// talk to the personal-event control plane (event-control.ts) and the local consumer records (event-runs.ts);
// consume is in event-consume.ts.
import { DwsError } from '../errors.js';
import { checkIdentity, ControlClient, controlPlane, type Subscription } from '../events/control.js';
import { catalogEntries, definitionView, lookupEvent, schemaDocument } from '../events/catalog.js';
import { consume, consumePreview } from '../events/consume.js';
import { isRecordedProcess, loadRuns, removeRuns, withAlive } from '../events/runs.js';
import type { LocalCommand, LocalContext } from './types.js';
import { text } from '../contract/values.js';
import { byCodePoint } from '../text/order.js';


/** --format, else the default the catalog declares for it (these commands are their own server, so they apply it). */
function format(ctx: Pick<LocalContext, 'tool' | 'values'>, allowed: string[]): string {
  const values = ctx.values;
  const f = text(values.format).toLowerCase() || text(ctx.tool.parameters.format?.default) || allowed[0];
  if (!allowed.includes(f)) throw new DwsError('invalid_parameter', `--format must be ${allowed.join(' or ')}, not "${text(values.format)}"`);
  return f;
}

/** Columns padded to the widest cell, two spaces apart (what upstream's tables look like). */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const schema: LocalCommand = async (ctx) => {
  const { values, positionals } = ctx;
  checkIdentity(values);
  format(ctx, ['json']);
  return schemaDocument(lookupEvent(text(positionals.event_key)), values.flatten === true);
};

const list: LocalCommand = async (ctx) => {
  const { values } = ctx;
  checkIdentity(values);
  for (const f of ['all', 'all-editions', 'client-id']) {
    if (values[f] !== undefined) throw new DwsError('invalid_parameter', `--${f} is not supported for personal events`);
  }
  const f = format(ctx, ['table', 'json']);
  const entries = catalogEntries({ category: text(values.category), enabledOnly: values['enabled-only'] === true, includePending: values['include-pending'] === true });
  if (f === 'json') return entries.map(definitionView);
  return table(['EVENT_KEY', 'RULE', 'STATUS', 'DESCRIPTION'], entries.map((e) => [e.event_key, e.rule_type, e.status, e.description_en]));
};

function consumersOf(ctx: LocalContext, cp: { clientId: string; sourceId: string }) {
  return loadRuns(ctx.env).filter((r) => r.client_id === cp.clientId && r.source_id === cp.sourceId).map(withAlive);
}

const status: LocalCommand = async (ctx) => {
  const { values } = ctx;
  checkIdentity(values);
  for (const f of ['all', 'all-editions', 'client-id', 'fail-on-orphan']) {
    if (values[f] !== undefined) throw new DwsError('invalid_parameter', `--${f} is not supported for personal events`);
  }
  // a-z2 (audit-30z-b; runPersonalEventStatus event_personal_command.go, ListSubscriptions personal/client.go:220-282,
  // ensurePublicPersonalEvent, personal.Lookup registry.go:365@c7521c1c): the filters are compared as typed (nothing
  // trimmed), a --status of "" or all keeps every subscription, an event key not in the directory is no refusal (it
  // matches nothing; every key of the directory is public), and only --format json prints JSON, any other text
  // (JSON, xml) the text. Before: the values were trimmed, --status "" meant active, an unknown key was refused and
  // --format was lower-cased and checked
  const f = values.format === 'json' ? 'json' : 'text';
  const raw = (v: unknown): string => (typeof v === 'string' ? v : '');
  const eventKey = raw(values.event);
  const wanted = values.status === undefined ? 'active' : raw(values.status);
  const subscribeId = raw(values['subscribe-id']);
  const cp = await controlPlane(values, ctx.env);
  const subs = (await new ControlClient(cp, ctx).list()).filter((s) => (wanted === '' || wanted === 'all' || s.status === wanted)
    && (!eventKey || s.event_key === eventKey) && (!subscribeId || s.subscribe_id === subscribeId));
  const consumers = consumersOf(ctx, cp).filter((r) => (!eventKey || r.event_key === eventKey) && (!subscribeId || r.subscribe_id === subscribeId));
  const result = {
    identity: { client_id: cp.clientId, source_id: cp.sourceId },
    // h45-b1 (personal.Subscription's JSON tags, event/personal/client.go:86-94, runPersonalEventStatus
    // app/event_personal_command.go:1084-1091@c7521c1c): every field but subscribe_id is omitempty, so a text the
    // service left empty is not printed (before: printed as "")
    subscriptions: subs.map(subscriptionJson),
    consumers: consumers.map((r) => ({ pid: r.pid, alive: r.alive, subscribe_id: r.subscribe_id, event_key: r.event_key, rule_type: r.rule_type, owned: r.owned, created_at: r.created_at })),
  };
  if (f === 'json') return result;
  return statusText(result.identity, subs, result.consumers);
};

/** A subscription as upstream's encoder prints it: subscribe_id always, the other texts only when not empty. */
function subscriptionJson(s: Subscription): Record<string, string> {
  const out: Record<string, string> = { subscribe_id: s.subscribe_id };
  for (const k of ['event_key', 'rule_type', 'status', 'source_id', 'created_at'] as const) if (s[k] !== '') out[k] = s[k];
  return out;
}

function statusText(identity: { client_id: string; source_id: string }, subs: Subscription[], consumers: { pid: number; alive: boolean; subscribe_id: string; event_key: string }[]): string {
  const out = [`Personal identity: client=${identity.client_id} source=${identity.source_id}`];
  out.push(subs.length === 0 ? 'Subscriptions: none'
    : table(['SUBSCRIBE_ID', 'EVENT_KEY', 'RULE', 'STATUS', 'SOURCE'], subs.map((s) => [s.subscribe_id, s.event_key, s.rule_type, s.status, s.source_id])));
  out.push(consumers.length === 0 ? 'Consumers: none'
    : 'Consumers:\n' + table(['PID', 'EVENT_KEY', 'SUBSCRIBE_ID', 'STATE'], consumers.map((c) => [String(c.pid), c.event_key, c.subscribe_id, c.alive ? 'running' : 'gone'])));
  return out.join('\n');
}

/**
 * The trimmed subscribe_id, or '' for --all: exactly one of the two. Upstream checks this (and --as) before the run
 * and before its dry run alike (event_command.go:1253), so `stop.preview` checks it too.
 */
function stopTarget(ctx: Pick<LocalContext, 'values' | 'positionals'>): string {
  const { values, positionals } = ctx;
  checkIdentity(values);
  const explicit = text(positionals.subscribe_id);
  if (explicit && values.all === true) {
    throw new DwsError('constraint_violation', 'give either a subscribe_id or --all, not both');
  }
  if (!explicit && values.all !== true) {
    throw new DwsError('missing_parameter', 'event stop needs a subscribe_id or --all', 'find the id with `dws event status`');
  }
  return explicit;
}

const stop: LocalCommand = async (ctx) => {
  const { values } = ctx;
  const explicit = stopTarget(ctx);
  const cp = await controlPlane(values, ctx.env);
  // --all means the subscriptions this machine's consumers recorded, as upstream: never someone else's.
  const targets = explicit ? [explicit] : [...new Set(consumersOf(ctx, cp).map((r) => r.subscribe_id))].sort(byCodePoint);
  const client = new ControlClient(cp, ctx);
  for (const id of targets) await client.cancel(id);
  const stopped = new Set<number>();
  const ids = new Set(targets);
  for (const r of loadRuns(ctx.env)) {
    if (!ids.has(r.subscribe_id) || r.pid === process.pid || stopped.has(r.pid) || !isRecordedProcess(r)) continue;
    try {
      process.kill(r.pid, 'SIGINT');
      stopped.add(r.pid);
    } catch {
      // it exited meanwhile
    }
  }
  removeRuns(ctx.env, targets);
  return { cancelled: targets, stopped_consumers: [...stopped].sort((a, b) => a - b) };
};

// h33-a2: the identity and target checks are event stop's Validate, which upstream runs before ConfirmSafety
// (event_command.go:1251-1275, helpers/leaf.go:286-305@c7521c1c): without --yes they refuse first
stop.check = (ctx) => void stopTarget(ctx);

stop.preview = (ctx) => {
  const id = stopTarget(ctx);
  return [{ id: 'cancel', control_plane: 'subscription/cancel', subscribe_ids: id ? [id] : '<every subscription this machine\'s consumers recorded>' }];
};

const consumeCommand: LocalCommand = (ctx) => consume(ctx);
consumeCommand.preview = (ctx) => consumePreview(ctx.values, ctx.positionals);

export const eventCommands: Record<string, LocalCommand> = {
  'event.consume': consumeCommand,
  'event.list': list,
  'event.schema': schema,
  'event.status': status,
  'event.stop': stop,
};
