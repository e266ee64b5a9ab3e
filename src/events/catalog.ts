// The personal event directory (catalog/events/personal.json): which event keys exist, what a subscription to
// each needs, and the fields of each event. `event list` and `event schema` read it; `event consume` uses it to
// build a subscription's rule and to flatten a delivered event (--flatten) field by field from the payload paths
// the data declares, so the schema `event schema --flatten` prints is exactly what consume writes.
import data from '../../catalog/events/personal.json' with { type: 'json' };
import { DwsError } from '../errors.js';
import { nearestNames } from '../catalog/nearest.js';
import { text } from '../contract/values.js';
import { isObject } from '../json-object.js';

export interface FieldSpec {
  type: 'string' | 'integer' | 'object' | 'array';
  description: string;
  description_en: string;
  /** Payload path (`body.x`, `event_time`, "" = the whole payload) or `$name` for a value of the envelope. */
  from: string;
  format?: string;
  /** object / array elements: the shape of the nested value. */
  shape?: string;
  /** Missing or empty -> the event does not fit the shape and is written as its raw envelope. */
  required?: boolean;
  /** Left out of the output when the payload has no value (quoted and forwarded messages). */
  omit_empty?: boolean;
  additionalProperties?: boolean;
}

export interface ShapeSpec {
  extends?: string;
  fields: Record<string, FieldSpec>;
}

export interface EventDefinition {
  event_key: string;
  category: string;
  rule_type: string;
  status: 'enabled' | 'pending';
  required_params: string[];
  /** The subscription names one person: exactly one of --user / --open-dingtalk-id. */
  target_uid?: boolean;
  shape: string;
  display_name: string;
  display_name_en: string;
  description: string;
  description_en: string;
}

export interface EventDirectory {
  version: number;
  facts: string;
  envelope: Record<string, Omit<FieldSpec, 'from'> & { enum?: string[]; content_media_type?: string; additionalProperties?: unknown }>;
  shapes: Record<string, ShapeSpec>;
  events: EventDefinition[];
}

/** JSON Schema of catalog/events/personal.json (checked by test/local/event.test.ts). */
export const EVENT_DIRECTORY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['version', 'facts', 'envelope', 'shapes', 'events'],
  properties: {
    version: { const: 1 },
    facts: { type: 'string', minLength: 1 },
    envelope: { type: 'object', additionalProperties: { $ref: '#/$defs/envelopeField' } },
    shapes: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['fields'],
        properties: { extends: { type: 'string' }, fields: { type: 'object', minProperties: 1, additionalProperties: { $ref: '#/$defs/field' } } },
      },
    },
    events: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['event_key', 'category', 'rule_type', 'status', 'required_params', 'shape', 'display_name', 'display_name_en', 'description', 'description_en'],
        properties: {
          event_key: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
          category: { enum: ['im', 'oa'] },
          rule_type: { enum: ['at', 'all', 'singleChat', 'sender', 'group'] },
          status: { enum: ['enabled', 'pending'] },
          required_params: { type: 'array', items: { enum: ['group', 'user', 'open-dingtalk-id'] } },
          target_uid: { type: 'boolean' },
          shape: { type: 'string' },
          display_name: { $ref: '#/$defs/text' },
          display_name_en: { $ref: '#/$defs/text' },
          description: { $ref: '#/$defs/text' },
          description_en: { $ref: '#/$defs/text' },
        },
      },
    },
  },
  $defs: {
    text: { type: 'string', minLength: 1, maxLength: 200 },
    field: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'from', 'description', 'description_en'],
      properties: {
        type: { enum: ['string', 'integer', 'object', 'array'] },
        from: { type: 'string', pattern: '^(\\$(event_type|event_id|timestamp|subscribe_id)|[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*|)$' },
        format: { type: 'string' },
        shape: { type: 'string' },
        required: { type: 'boolean' },
        omit_empty: { type: 'boolean' },
        additionalProperties: { type: 'boolean' },
        description: { $ref: '#/$defs/text' },
        description_en: { $ref: '#/$defs/text' },
      },
    },
    envelopeField: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'description', 'description_en'],
      properties: {
        type: { enum: ['string', 'integer', 'object'] },
        enum: { type: 'array', items: { type: 'string' } },
        content_media_type: { type: 'string' },
        additionalProperties: { type: 'object' },
        description: { $ref: '#/$defs/text' },
        description_en: { $ref: '#/$defs/text' },
      },
    },
  },
} as const;

export const directory = data as unknown as EventDirectory;

/** A shape's fields with the ones it extends first (base fields lead, as in the upstream output order). */
export function shapeFields(name: string): Record<string, FieldSpec> {
  const shape = directory.shapes[name];
  if (!shape) throw new DwsError('internal_error', `event shape ${name} is not declared`);
  return shape.extends ? { ...shapeFields(shape.extends), ...shape.fields } : { ...shape.fields };
}

export function lookupEvent(key: string): EventDefinition {
  const def = directory.events.find((e) => e.event_key === key);
  if (def) return def;
  const keys = directory.events.map((e) => e.event_key);
  const [near] = nearestNames(key.trim(), keys, 1);
  throw new DwsError('unknown_event_key', `"${key}" is not a personal event key`,
    `${near ? `did you mean ${near}? ` : ''}list the keys with \`dws event list\``);
}

/** `event list`: the directory filtered as upstream does (pending ones only with --include-pending). */
export function catalogEntries(o: { category?: string; enabledOnly?: boolean; includePending?: boolean }): EventDefinition[] {
  const category = o.category?.trim() ?? '';
  return directory.events.filter((e) => (category === '' || e.category === category)
    && !(o.enabledOnly && e.status !== 'enabled')
    && !(!o.includePending && e.status === 'pending'));
}

/** The constraints of a subscription's target flags (the person-targeted keys need exactly one of two). */
export function constraintsOf(def: EventDefinition): { require_one_of: string[][]; mutually_exclusive: string[][] } | undefined {
  return def.target_uid ? { require_one_of: [['user', 'open-dingtalk-id']], mutually_exclusive: [['user', 'open-dingtalk-id']] } : undefined;
}

/** What every view of a definition starts with: its key, names, description, category and rule type. */
function definitionHead(def: EventDefinition): Record<string, unknown> {
  return {
    event_key: def.event_key,
    display_name: def.display_name,
    display_name_en: def.display_name_en,
    description: def.description,
    description_en: def.description_en,
    category: def.category,
    rule_type: def.rule_type,
  };
}

/** Its required target flags and their constraints (present only for the person-targeted keys). */
function definitionTargets(def: EventDefinition): Record<string, unknown> {
  const c = constraintsOf(def);
  return { required_params: def.required_params, ...(c ? { constraints: c } : {}) };
}

/** The public view of a definition (what `event list --format json` prints per key). */
export function definitionView(def: EventDefinition): Record<string, unknown> {
  return { ...definitionHead(def), status: def.status, ...definitionTargets(def) };
}

type JsonSchema = Record<string, unknown>;

function fieldSchema(f: FieldSpec): JsonSchema {
  const out: JsonSchema = {};
  if (f.type === 'array') {
    out.type = 'array';
    out.items = f.shape ? shapeSchema(f.shape) : {};
  } else if (f.type === 'object' && f.shape) {
    Object.assign(out, shapeSchema(f.shape));
  } else {
    out.type = f.type;
  }
  out.description = f.description;
  out.description_en = f.description_en;
  if (f.format) out.format = f.format;
  if (f.additionalProperties) out.additionalProperties = true;
  return out;
}

function shapeSchema(name: string, eventKey?: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [k, f] of Object.entries(shapeFields(name))) {
    properties[k] = fieldSchema(f);
    if (k === 'type' && eventKey) properties[k].enum = [eventKey];
  }
  return { type: 'object', properties };
}

function envelopeSchema(eventKey: string): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [k, f] of Object.entries(directory.envelope)) {
    properties[k] = { ...f, ...(k === 'event_type' ? { enum: [eventKey] } : {}) };
  }
  return { type: 'object', properties };
}

/**
 * `event schema <key> [--flatten]`: without --flatten the transport envelope consume writes by default (the event's
 * own data is the JSON text in `data`, hence the jq root `.data | fromjson`); with it the flattened business fields.
 */
export function schemaDocument(def: EventDefinition, flatten: boolean): Record<string, unknown> {
  return {
    ...definitionHead(def),
    ...definitionTargets(def),
    jq_root_path: flatten ? '.' : '.data | fromjson',
    schema: flatten ? shapeSchema(def.shape, def.event_key) : envelopeSchema(def.event_key),
  };
}

/** The envelope one delivered event is written as (field order of the envelope declaration). */
export interface EventEnvelope {
  type: 'event';
  seq: number;
  event_id: string;
  event_born_time: number;
  event_corp_id?: string;
  event_type: string;
  event_unified_app_id?: string;
  event_scope?: string;
  subscribe_id?: string;
  source_id?: string;
  rule_type?: string;
  data: string;
  headers?: Record<string, string>;
  received_at_unix_ms: number;
}

interface PersonalData {
  eventId?: unknown;
  eventKey?: unknown;
  occurredAtMs?: unknown;
  subId?: unknown;
  payload?: unknown;
}


/** The personal event object inside `data`; some gateways wrap it in up to two JSON strings. */
function personalData(raw: string): PersonalData | undefined {
  let value: unknown = raw;
  for (let depth = 0; depth < 3 && typeof value === 'string'; depth++) {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return isObject(value) ? (value as PersonalData) : undefined;
}

function at(root: unknown, path: string): unknown {
  if (path === '') return root;
  let v = root;
  for (const k of path.split('.')) v = isObject(v) ? v[k] : undefined;
  return v;
}

class ShapeMismatch extends Error {}

function project(shape: string, source: unknown, envelope: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(shapeFields(shape))) {
    const v = f.from.startsWith('$') ? envelope[f.from.slice(1)] : at(source, f.from);
    const empty = v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
    if (f.required && empty) throw new ShapeMismatch(`${f.from} is missing`);
    if (f.omit_empty && empty) continue;
    if (f.type === 'array') {
      const items = Array.isArray(v) ? v : [];
      out[name] = f.shape ? items.map((item) => project(f.shape!, item, {})) : items;
    } else if (f.type === 'object') {
      out[name] = f.shape ? project(f.shape, isObject(v) ? v : {}, {}) : isObject(v) ? v : {};
    } else if (f.type === 'integer') {
      out[name] = typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : 0;
    } else {
      out[name] = typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
    }
  }
  return out;
}

/**
 * --flatten: the event's business fields. An event whose data does not fit its key's shape (no payload body, a
 * required value missing) is written as its envelope, as upstream does, so nothing delivered is lost.
 */
export function flattenEvent(ev: EventEnvelope): Record<string, unknown> | EventEnvelope {
  const d = personalData(ev.data);
  if (!d) return ev;
  const key = ev.event_type || text(d.eventKey);
  const def = directory.events.find((e) => e.event_key === key);
  if (!def) return ev;
  const payload = d.payload;
  if (!isObject(payload) || Object.keys(payload).length === 0) return ev;
  if (def.shape !== 'group_lifecycle' && (!isObject(payload.body) || Object.keys(payload.body).length === 0)) return ev;
  const occurred = typeof d.occurredAtMs === 'number' && d.occurredAtMs > 0 ? d.occurredAtMs : ev.event_born_time;
  const envelope = {
    event_type: key,
    event_id: text(d.eventId) || ev.event_id,
    timestamp: occurred,
    subscribe_id: ev.subscribe_id || text(d.subId),
  };
  try {
    return project(def.shape, payload, envelope);
  } catch (e) {
    if (e instanceof ShapeMismatch) return ev;
    throw e;
  }
}
