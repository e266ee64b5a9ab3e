// The JSONML a doc write command sends, checked (and, with --fix-jsonml, repaired) before it goes: the `jsonml`
// transform (`{jsonml: node}` for doc block insert/update --element, `{jsonml: body}` for doc update --content).
// Facts of upstream's prepareJsonMLNode / prepareJsonMLBody (internal/helpers/doc_jsonml_pipeline.go:160-343@c7521c1c)
// in its default build (the files without the goexperiment.jsonv2 tag: doc/doc_jsonml_validate_v2.go,
// doc/jsonml_diagnose_fallback.go): [repair] -> shape -> parse -> fragment unwrapping
// (doc_jsonml_fragment_strip.go) -> [root check] -> the schema check over the tag schema, which is data
// (catalog/data/jsonml-schema.yaml, generated into ./generated/jsonml-schema.ts). A type, enum or range mismatch
// refuses the write; an unknown tag, attribute or field and a misplaced child are warnings, which upstream prints
// on stderr: emitted on the run's notice channel (src/errors.ts WARNINGS), as the repair, the unwrapping of
// {"jsonml": [node]} and the fragments removed are (f-warn).
import { DwsError, type Warning } from '../errors.js';
import { isObject as isObj } from '../json-object.js';
import { trimSpace } from '../text/space.js';
import { repairJson } from './json-repair.js';
import { JSONML_SCHEMA as GENERATED } from './generated/jsonml-schema.js';
import { parseJsonWellFormed } from '../json-well-formed.js';

export interface TypeSpec {
  type: 'string' | 'number' | 'boolean' | 'array' | 'object' | 'any' | 'enum' | 'union';
  min?: number;
  max?: number;
  values?: string[];
  types?: string[];
  warn_types?: string[];
  fields?: Record<string, TypeSpec>;
}
export interface TagSpec {
  children: string[];
  attrs: Record<string, TypeSpec>;
}
export type JsonmlSchema = Record<string, TagSpec>;

/** The tag schema (catalog/data/jsonml-schema.yaml, generated). */
export const JSONML_SCHEMA = GENERATED as JsonmlSchema;

export interface Diagnostics {
  errors: string[];
  warnings: string[];
}

/** Go's %T of a decoded JSON value, named in our words. */
const kind = (v: unknown): string => {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (isObj(v)) return 'object';
  return typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : typeof v === 'string' ? 'text' : typeof v;
};

const tagSpec = (schema: JsonmlSchema, tag: string): TagSpec | undefined => (Object.hasOwn(schema, tag) ? schema[tag] : undefined);
const takes = (parent: TagSpec, child: string): boolean => parent.children.includes(child);

function matchesType(v: unknown, types: readonly string[]): boolean {
  return types.some((t) => {
    switch (t) {
      case 'string': return typeof v === 'string';
      case 'number': return typeof v === 'number';
      case 'boolean': return typeof v === 'boolean';
      case 'array': return Array.isArray(v);
      case 'object': return isObj(v);
      case 'null': return v === null;
      case 'any': return true;
      default: return false;
    }
  });
}

/** checkTypeV2 (doc_jsonml_validate_v2.go:150-241): one attribute (or field) value against its type. */
function checkType(v: unknown, spec: TypeSpec, path: string, d: Diagnostics): void {
  const wrong = (want: string): void => {
    d.errors.push(`${path}: a ${kind(v)} where ${want} is expected`);
  };
  switch (spec.type) {
    case 'any':
      return;
    case 'string':
      if (typeof v !== 'string') wrong('text');
      return;
    case 'number':
      if (typeof v !== 'number') return wrong('a number');
      if (spec.min !== undefined && v < spec.min) d.errors.push(`${path}: ${v} is below the minimum ${spec.min}`);
      if (spec.max !== undefined && v > spec.max) d.errors.push(`${path}: ${v} is above the maximum ${spec.max}`);
      return;
    case 'boolean':
      if (typeof v !== 'boolean') wrong('a boolean');
      return;
    case 'array':
      if (!Array.isArray(v)) wrong('an array');
      return;
    case 'object':
      if (!isObj(v)) return wrong('an object');
      if (spec.fields === undefined) return;
      for (const [key, val] of Object.entries(v)) {
        if (!Object.hasOwn(spec.fields, key)) d.warnings.push(`${path}.${key}: unknown field ${JSON.stringify(key)}`);
        else checkType(val, spec.fields[key], `${path}.${key}`, d);
      }
      return;
    case 'enum':
      if (typeof v !== 'string') return wrong('one of the texts ' + (spec.values ?? []).join(', '));
      if (!(spec.values ?? []).includes(v)) d.errors.push(`${path}: ${JSON.stringify(v)} is not one of ${(spec.values ?? []).join(', ')}`);
      return;
    case 'union':
      if (matchesType(v, spec.types ?? [])) return;
      if (spec.warn_types !== undefined && spec.warn_types.length > 0 && matchesType(v, spec.warn_types)) {
        d.warnings.push(`${path}: a ${kind(v)} is taken, though ${(spec.types ?? []).join(' or ')} is expected`);
        return;
      }
      wrong((spec.types ?? []).join(' or '));
      return;
  }
}

/** validateNodeV2 (doc_jsonml_validate_v2.go:75-146): a node [tag, attrs?, ...children], recursively. */
function checkNode(node: unknown, path: string, parent: TagSpec | undefined, schema: JsonmlSchema, d: Diagnostics): void {
  if (!Array.isArray(node)) {
    d.errors.push(`${path}: a ${kind(node)} where a node (an array) is expected`);
    return;
  }
  if (node.length === 0) {
    d.errors.push(`${path}: a node is an empty array`);
    return;
  }
  const tag: unknown = node[0];
  if (typeof tag !== 'string') {
    d.errors.push(`${path}: the tag is a ${kind(tag)}, not text`);
    return;
  }
  if (parent !== undefined && !takes(parent, tag)) d.warnings.push(`${path}: ${JSON.stringify(tag)} is not a child its parent takes`);
  const spec = tagSpec(schema, tag);
  if (spec === undefined) {
    d.warnings.push(`${path}: unknown tag ${JSON.stringify(tag)}`);
    return;
  }
  const attrs = node.length > 1 && isObj(node[1]) ? node[1] : undefined;
  for (const [key, val] of Object.entries(attrs ?? {})) {
    if (!Object.hasOwn(spec.attrs, key)) d.warnings.push(`${path}.attrs.${key}: unknown attribute ${JSON.stringify(key)}`);
    else checkType(val, spec.attrs[key], `${path}.attrs.${key}`, d);
  }
  for (let i = attrs === undefined ? 1 : 2; i < node.length; i++) {
    const child: unknown = node[i];
    if (typeof child === 'string') {
      if (!takes(spec, '#text')) d.warnings.push(`${path}[${i}]: ${JSON.stringify(tag)} takes no bare text`);
    } else if (Array.isArray(child)) {
      const childTag: unknown = child[0];
      checkNode(child, typeof childTag === 'string' ? `${path}[${i}:${childTag}]` : `${path}[${i}]`, spec, schema, d);
    }
    // null, numbers, booleans and objects among the children are passed over, as upstream does
  }
}

/** ValidateJsonMLNodeV2 (:41-45): one node. */
export function checkJsonmlNode(node: unknown, schema: JsonmlSchema = JSONML_SCHEMA): Diagnostics {
  const d: Diagnostics = { errors: [], warnings: [] };
  checkNode(node, '$', undefined, schema, d);
  return d;
}

/** ValidateJsonMLBodyV2 (:12-38): a node when its first element is text, else a list of nodes. */
export function checkJsonmlBody(body: readonly unknown[], schema: JsonmlSchema = JSONML_SCHEMA): Diagnostics {
  const d: Diagnostics = { errors: [], warnings: [] };
  if (body.length === 0) return d;
  if (typeof body[0] === 'string') {
    checkNode(body, '$', undefined, schema, d);
    return d;
  }
  body.forEach((node, i) => {
    const tag: unknown = Array.isArray(node) && node.length > 0 ? node[0] : undefined;
    checkNode(node, typeof tag === 'string' ? `$[${i}:${tag}]` : `$[${i}]`, undefined, schema, d);
  });
  return d;
}

// ── fragments (doc_jsonml_fragment_strip.go@c7521c1c) ─────────────────────────────────────────────────────────

/** jsonmlChildStart (:11-18): the index of a node's first child. */
const childStart = (node: readonly unknown[]): number => (node.length > 1 && isObj(node[1]) ? 2 : 1);
const isFragment = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > 0 && v[0] === 'fragment';

/** stripFragmentChildren (:22-42): each fragment among children replaced by its own (unwrapped) children. */
function spliceFragments(children: readonly unknown[]): { out: unknown[]; count: number } {
  const out: unknown[] = [];
  let count = 0;
  for (const child of children) {
    if (isFragment(child)) {
      const inner = spliceFragments(child.slice(childStart(child)));
      out.push(...inner.out);
      count += 1 + inner.count;
    } else if (Array.isArray(child) && child.length > 0) {
      const inner = fragmentsInNode(child);
      out.push(inner.node);
      count += inner.count;
    } else {
      out.push(child);
    }
  }
  return { out, count };
}

/** stripFragmentInNode (:46-58): a node with the fragments among its children unwrapped. */
function fragmentsInNode(node: unknown[]): { node: unknown[]; count: number } {
  const start = childStart(node);
  if (start >= node.length) return { node, count: 0 };
  const kids = spliceFragments(node.slice(start));
  return kids.count === 0 ? { node, count: 0 } : { node: [...node.slice(0, start), ...kids.out], count: kids.count };
}

/** stripBodyFragments (:64-76): a fragment at the top becomes the root of its children. */
export function stripBodyFragments(body: unknown[]): { node: unknown[]; count: number } {
  if (body.length === 0) return { node: body, count: 0 };
  if (body[0] === 'fragment') {
    const kids = spliceFragments(body.slice(childStart(body)));
    return { node: ['root', {}, ...kids.out], count: 1 + kids.count };
  }
  return fragmentsInNode(body);
}

// ── the pipelines ─────────────────────────────────────────────────────────────────────────────────────────────

const refuse = (where: string, message: string, hint = 'correct the JSONML and run the command again'): never => {
  throw new DwsError('invalid_parameter', `${where}: ${message}`, hint);
};

const parses = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: parseJsonWellFormed(text) };
  } catch {
    return { ok: false };
  }
};

/** Where the pipelines' notices go (the run's channel; upstream's stderr lines); the default drops them. */
export type Notify = (w: Warning) => void;
const DROP: Notify = () => undefined;

/** Step 1 (:164-177, :266-278): with --fix-jsonml, text that is not JSON is repaired first (a [FIX] notice, :176/:277). */
function repaired(text: string, repair: boolean, where: string, warn: Notify): { text: string; repaired: boolean } {
  if (!repair || parses(text).ok) return { text, repaired: false };
  const fixed = repairJson(text);
  if (fixed === undefined) {
    return refuse(where, 'the JSONML is not valid JSON and its repair (--fix-jsonml) failed',
      'the repair gives up on a quote doubled at the very end and on a number beyond float32; correct the JSON and run again');
  }
  warn({ reason: 'jsonml_repaired', message: '--fix-jsonml mended the JSON syntax of the JSONML (brackets, commas, quotes) before it was checked' });
  return { text: fixed, repaired: true };
}

/** Fragments removed (:215-220 body, :316-321 node): a [WARN] notice naming how many. */
function fragmentsRemoved(count: number, body: boolean, warn: Notify): void {
  if (count === 0) return;
  warn({ reason: 'jsonml_fragment_removed', message: `${count} fragment wrapper${count === 1 ? ' was' : 's were'} removed and ${count === 1 ? 'its' : 'their'} children kept: `
    + `a fragment is what doc read --scope/--tags returns and is never written back${body ? '; make sure this is the content you mean to write' : ''}` });
}

/** The schema check's warnings when it passed (:245-247, :338-340): one [WARN] notice listing them. */
function schemaWarnings(d: Diagnostics, warn: Notify): void {
  if (d.warnings.length === 0) return;
  const n = d.warnings.length;
  warn({ reason: 'jsonml_schema_warning', message: `the JSONML passes the schema check with ${n} warning${n === 1 ? '' : 's'} (sent as it is): ${d.warnings.join('; ')}`, details: d.warnings });
}

const schemaRefusal = (where: string, d: Diagnostics): never => refuse(where,
  `the JSONML fails the schema check (${d.errors.length} error${d.errors.length === 1 ? '' : 's'}): ${d.errors.join('; ')}`,
  'give each attribute the type the tag takes (e.g. jc one of left, center, right; list.level 0-9) and run again');

const NOT_JSON = 'the JSONML is not valid JSON (a bracket or comma missing?); --fix-jsonml repairs brackets and commas';

/**
 * prepareJsonMLNode (doc_jsonml_pipeline.go:259-343): the one JSONML node a block write sends. `{"jsonml": [node]}` is
 * unwrapped to its node (coerceJsonMLNodeShape :115-148); a fragment at the top must hold exactly one node.
 */
export function prepareJsonmlNode(raw: string, repair: boolean, where: string, schema: JsonmlSchema = JSONML_SCHEMA, warn: Notify = DROP): unknown[] {
  if (raw === '') return refuse(where, '--content-format jsonml needs the JSONML array in --element');
  const step1 = repaired(raw, repair, where, warn);
  let text = step1.text;
  const probe = parses(text);
  if (probe.ok && isObj(probe.value) && Object.hasOwn(probe.value, 'jsonml') && Array.isArray(probe.value.jsonml)) {
    const list = probe.value.jsonml;
    if (list.length === 0) return refuse(where, 'the {"jsonml": []} wrapper holds no node');
    if (list.length > 1) {
      return refuse(where, `a block write takes one JSONML node, and the {"jsonml": [...]} wrapper holds ${list.length}`,
        'write them one by one, or replace the whole document with doc update --content-format jsonml');
    }
    text = JSON.stringify(list[0]);
    // emitFixNotes (:290, :345-354)
    warn({ reason: 'jsonml_unwrapped', message: 'the {"jsonml": [node]} wrapper (the body form) was taken off: a block write sends the one node inside it' });
  }
  const parsed = parses(text);
  if (!parsed.ok) return refuse(where, NOT_JSON);
  if (!Array.isArray(parsed.value)) return refuse(where, `--element must be a JSON array (a JSONML node such as ["p", {}, "text"]), not a ${kind(parsed.value)}`);
  let node: unknown[] = parsed.value;
  let fragments: number;
  if (node[0] === 'fragment') {
    const kids = spliceFragments(node.slice(childStart(node)));
    if (kids.out.length !== 1) {
      return refuse(where, kids.out.length === 0
        ? 'the fragment (a read-only doc read --scope result) holds no node to write'
        : `the fragment (a read-only doc read --scope result) holds ${kids.out.length} nodes, and a block write takes one`);
    }
    if (!Array.isArray(kids.out[0])) return refuse(where, 'the fragment (a read-only doc read --scope result) holds no JSONML node');
    node = kids.out[0];
    fragments = 1 + kids.count;
  } else {
    const inner = fragmentsInNode(node);
    node = inner.node;
    fragments = inner.count;
  }
  fragmentsRemoved(fragments, false, warn);
  // ValidateJsonMLSource over the text as typed when it is a bare array, untouched (:328-333): read as a body, a
  // list of nodes passes; otherwise the node itself
  const d = !step1.repaired && fragments === 0 && trimSpace(raw).startsWith('[') ? checkJsonmlBody(node, schema) : checkJsonmlNode(node, schema);
  if (d.errors.length > 0) return schemaRefusal(where, d);
  schemaWarnings(d, warn);
  return node;
}

/**
 * prepareJsonMLBody (doc_jsonml_pipeline.go:160-257): a whole document body. A bare array is the body; else the JSON
 * must be an object (null reads as an empty one) holding a "jsonml" array, which (its fragments unwrapped, a top
 * fragment made the root) is not empty and starts with "root".
 */
export function prepareJsonmlBody(raw: string, repair: boolean, where: string, schema: JsonmlSchema = JSONML_SCHEMA, warn: Notify = DROP): unknown[] {
  const { text } = repaired(raw, repair, where, warn);
  const parsed = parses(text);
  if (!parsed.ok) return refuse(where, NOT_JSON);
  let wrapper: unknown = parsed.value;
  if (Array.isArray(wrapper)) wrapper = { jsonml: wrapper };
  if (wrapper === null) wrapper = {};
  if (!isObj(wrapper)) return refuse(where, 'the content must be a JSON object {"jsonml": [...]} or the JSONML array itself');
  if (!Object.hasOwn(wrapper, 'jsonml')) return refuse(where, 'the content must hold a "jsonml" field, as {"jsonml": ["root", {}, ...]}');
  if (!Array.isArray(wrapper.jsonml)) return refuse(where, 'the "jsonml" field must be an array');
  const { node: body, count } = stripBodyFragments(wrapper.jsonml);
  fragmentsRemoved(count, true, warn);
  if (body.length === 0) return refuse(where, 'the body is an empty array; it must be ["root", {attrs?}, ...blocks]');
  if (body[0] !== 'root') return refuse(where, 'the body must start with the "root" node, as ["root", {attrs?}, ...blocks]');
  const d = checkJsonmlBody(body, schema);
  if (d.errors.length > 0) return schemaRefusal(where, d);
  schemaWarnings(d, warn);
  return body;
}

/** The transform's input: `{text, repair}` (the raw JSONML and whether --fix-jsonml was given). */
export function jsonmlTransform(mode: 'node' | 'body') {
  // a refusal names the flag the JSONML came from (the plan value's own `where` names no flag)
  const flag = mode === 'node' ? 'doc block --element' : 'doc update --content';
  return (v: unknown, where: string, ctx?: { warn?: Notify }): unknown[] => {
    if (!isObj(v) || typeof v.text !== 'string') return refuse(where, `${JSON.stringify(v)} is not an object {text, repair}`);
    const warn = ctx?.warn ?? DROP;
    return mode === 'node' ? prepareJsonmlNode(v.text, v.repair === true, flag, JSONML_SCHEMA, warn) : prepareJsonmlBody(v.text, v.repair === true, flag, JSONML_SCHEMA, warn);
  };
}
