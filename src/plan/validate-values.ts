// Build-time validation of the values of a plan (docs/PLANS.md "Sources", "Conditions", "Transforms", "Paths"):
// each source and condition checked against the tool (flags, positionals, earlier steps) and normalized; problems
// name where they are and are collected in the scope (validate.ts reports them all at once).
import type { ToolSpec } from '../catalog/types.js';
import { parsePath } from './path.js';
import { transformArgProblem, transformName } from './transforms/index.js';
import { CONDITION_KINDS, ENV_SOURCES, MAX_STDIN_BYTES, SOURCE_KINDS, VALUE_KINDS, type Condition, type Source, type Transform, type ValueKind } from './spec.js';
import { isObject as isObj } from '../json-object.js';

export type Obj = Record<string, unknown>;
export { isObj };
export const ID = /^[a-z][a-z0-9_]*$/u;
const MODIFIERS = ['transform', 'default', 'when', 'optional', 'keep_null'];

export interface Scope {
  tool: ToolSpec;
  /** Ids of the steps before the current one. */
  earlier: Set<string>;
  inForEach: boolean;
  problems: string[];
  flags: Set<string>;
}

function flagKnown(tool: ToolSpec, name: string): boolean {
  return Object.hasOwn(tool.parameters, name) || Object.hasOwn(tool.hidden_parameters ?? {}, name);
}

export function checkPath(s: Scope, at: string, path: unknown): string | undefined {
  if (typeof path !== 'string') {
    s.problems.push(`${at}: path must be a string`);
    return undefined;
  }
  try {
    parsePath(path);
  } catch (e) {
    s.problems.push(`${at}: ${(e as Error).message}`);
  }
  return path;
}

function checkFrom(s: Scope, at: string, id: unknown): void {
  if (typeof id !== 'string' || !s.earlier.has(id)) {
    s.problems.push(`${at}: from "${String(id)}" is not an earlier step of ${s.tool.canonical_path}`);
  }
}

function checkFlag(s: Scope, at: string, name: unknown): void {
  if (typeof name !== 'string' || !flagKnown(s.tool, name)) {
    s.problems.push(`${at}: flag "${String(name)}" is not a parameter of ${s.tool.canonical_path}`);
    return;
  }
  s.flags.add(name);
}

/**
 * Issue 32 (h47-ws): JavaScript's `\s` is not Go's whitespace (it holds U+FEFF and lacks U+0085, where unicode.IsSpace
 * does the reverse), so a plan regex using `\s`/`\S` reads a text otherwise than upstream: a blank test is
 * `{present: {first: [x], transform: [trim]}}` (trim: Go's strings.TrimSpace), a space class `\p{White_Space}` (the
 * set unicode.IsSpace holds). `[\s\S]` (any character) says nothing of spaces and passes. The plans that keep the
 * class on purpose are named here with the reason.
 */
export const JS_SPACE_CLASS_KEPT: Readonly<Record<string, string>> = {
  'aitable.shortcut_attachment_put':
    "the upload URL's host characters in dws's own check of where a file may go (its facts: exotic URLs are judged by the pattern); not a blank test",
};

/** Whether the regular expression's text uses `\s` or `\S` other than in `[\s\S]`. */
export function usesJsSpaceClass(re: string): boolean {
  const t = re.split('[\\s\\S]').join('');
  for (let i = 0; i < t.length; i++) {
    if (t[i] !== '\\') continue;
    if (t[i + 1] === 's' || t[i + 1] === 'S') return true;
    i++;
  }
  return false;
}

function checkSpaceClass(s: Scope, at: string, kind: string, re: unknown): void {
  if (typeof re !== 'string' || !usesJsSpaceClass(re) || Object.hasOwn(JS_SPACE_CLASS_KEPT, s.tool.canonical_path)) return;
  s.problems.push(`${at}: ${kind} uses JavaScript's \\s/\\S, whose spaces are not Go's (U+FEFF is one, U+0085 is not): ` +
    'test a blank with {present: {first: [x], transform: [trim]}} (Go\'s strings.TrimSpace) or write Go\'s class \\p{White_Space}');
}

const REGEX_TRANSFORMS = new Set(['keep_matching', 'reject_matching', 'regex_all']);

export function transforms(s: Scope, at: string, raw: unknown): Transform[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((t, i) => {
    const name = transformName(t);
    if (name === undefined) s.problems.push(`${at}.transform[${i}]: ${JSON.stringify(t)} is not a transform of the closed set (docs/PLANS.md)`);
    else if (name === 'get') checkPath(s, `${at}.transform[${i}].get`, (t as { get: unknown }).get);
    else {
      const problem = transformArgProblem(t as Transform);
      if (problem) s.problems.push(`${at}.transform[${i}]: ${problem}`);
      else if (REGEX_TRANSFORMS.has(name)) checkSpaceClass(s, `${at}.transform[${i}]`, name, (t as Obj)[name]);
    }
    return t as Transform;
  });
}

export function normalizeSource(s: Scope, at: string, raw: unknown): Source {
  if (!isObj(raw)) {
    s.problems.push(`${at}: a source must be an object such as {flag: name} or {const: value}`);
    return { const: null };
  }
  const kinds = SOURCE_KINDS.filter((k) => Object.hasOwn(raw, k));
  if (kinds.length !== 1) {
    s.problems.push(`${at}: a source needs exactly one of ${SOURCE_KINDS.join(', ')} (found ${kinds.length ? kinds.join(', ') : 'none'})`);
    return { const: null };
  }
  const kind = kinds[0];
  const allowed = new Set([kind, ...MODIFIERS, ...(kind === 'from' || kind === 'item' ? ['path'] : []), ...(kind === 'pick' ? ['field', 'in'] : []), ...(kind === 'each' ? ['to'] : [])]);
  for (const k of Object.keys(raw)) if (!allowed.has(k)) s.problems.push(`${at}: unknown key "${k}" in a ${kind} source`);
  let out: Source;
  switch (kind) {
    case 'flag':
      checkFlag(s, at, raw.flag);
      out = { flag: raw.flag as string };
      break;
    case 'typed':
      checkFlag(s, at, raw.typed);
      out = { typed: raw.typed as string };
      break;
    case 'const':
      out = { const: raw.const };
      break;
    case 'positional': {
      const n = raw.positional;
      if (!Number.isInteger(n) || !(s.tool.positionals ?? []).some((p) => p.index === n)) {
        s.problems.push(`${at}: positional ${JSON.stringify(n)} is not a declared positional of ${s.tool.canonical_path}`);
      } else {
        s.flags.add(s.tool.positionals!.find((p) => p.index === n)!.name);
      }
      out = { positional: n as number };
      break;
    }
    case 'elements_done':
      // an earlier step of the interleave group the source is read in (its earlier elements' results)
      checkFrom(s, at, raw.elements_done);
      out = { elements_done: raw.elements_done as string };
      break;
    case 'from':
      checkFrom(s, at, raw.from);
      out = { from: raw.from as string, ...(raw.path !== undefined ? { path: checkPath(s, `${at}.path`, raw.path) } : {}) };
      break;
    case 'item':
      if (raw.item !== true) s.problems.push(`${at}: item must be true`);
      if (!s.inForEach) s.problems.push(`${at}: {item: true} is only meaningful inside a for_each step`);
      out = { item: true, ...(raw.path !== undefined ? { path: checkPath(s, `${at}.path`, raw.path) } : {}) };
      break;
    case 'object':
      out = { object: normalizeArgs(s, `${at}.object`, raw.object) };
      break;
    case 'each':
      if (raw.to === undefined) s.problems.push(`${at}: each needs to (the source built for every element)`);
      out = { each: normalizeSource(s, `${at}.each`, raw.each), to: normalizeSource({ ...s, inForEach: true }, `${at}.to`, raw.to ?? { item: true }) };
      break;
    case 'pick':
      if (typeof raw.field !== 'string' || raw.in === undefined) s.problems.push(`${at}: pick needs field and in`);
      out = { pick: normalizeSource(s, `${at}.pick`, raw.pick), field: checkPath(s, `${at}.field`, raw.field) ?? '', in: normalizeSource(s, `${at}.in`, raw.in ?? { const: [] }) };
      break;
    case 'now':
      out = normalizeNow(s, `${at}.now`, raw.now);
      break;
    case 'stdin': {
      const st = raw.stdin;
      const max = isObj(st) ? st.max_bytes : undefined;
      if (!isObj(st) || Object.keys(st).some((k) => k !== 'max_bytes') || !Number.isInteger(max) || (max as number) < 1 || (max as number) > MAX_STDIN_BYTES) {
        s.problems.push(`${at}.stdin: must be {max_bytes: n}, n from 1 to ${MAX_STDIN_BYTES}`);
      }
      out = { stdin: { max_bytes: max as number } };
      break;
    }
    case 'unwrap_mentions': {
      const u = raw.unwrap_mentions;
      if (!isObj(u) || u.in === undefined || u.ids === undefined || Object.keys(u).some((k) => k !== 'in' && k !== 'ids')) {
        s.problems.push(`${at}.unwrap_mentions: must be {in: source, ids: source}`);
        out = { const: null };
      } else out = { unwrap_mentions: { in: normalizeSource(s, `${at}.unwrap_mentions.in`, u.in), ids: normalizeSource(s, `${at}.unwrap_mentions.ids`, u.ids) } };
      break;
    }
    case 'wrap_mentions': {
      const w = raw.wrap_mentions;
      if (!isObj(w) || w.in === undefined || w.ids === undefined || Object.keys(w).some((k) => !['in', 'ids', 'add_missing', 'missing_ids'].includes(k))
        || (w.add_missing !== undefined && typeof w.add_missing !== 'boolean') || (w.missing_ids !== undefined && w.add_missing !== true)) {
        s.problems.push(`${at}.wrap_mentions: must be {in: source, ids: source, add_missing?: true|false} (and missing_ids?: source only with add_missing: true)`);
        out = { const: null };
      } else {
        out = { wrap_mentions: { in: normalizeSource(s, `${at}.wrap_mentions.in`, w.in), ids: normalizeSource(s, `${at}.wrap_mentions.ids`, w.ids),
          ...(w.add_missing === true ? { add_missing: true } : {}),
          ...(w.missing_ids !== undefined ? { missing_ids: normalizeSource(s, `${at}.wrap_mentions.missing_ids`, w.missing_ids) } : {}) } };
      }
      break;
    }
    case 'join': {
      const j = raw.join;
      if (!Array.isArray(j) || j.length < 2) {
        s.problems.push(`${at}.join: must be a list of at least two sources`);
        out = { const: null };
      } else out = { join: j.map((x, i) => normalizeSource(s, `${at}.join[${i}]`, x)) };
      break;
    }
    case 'uuid':
      if (typeof raw.uuid !== 'string' || !ID.test(raw.uuid)) s.problems.push(`${at}.uuid: names the value, [a-z][a-z0-9_]* (one name is one value per run)`);
      out = { uuid: raw.uuid as string };
      break;
    case 'env':
      if (typeof raw.env !== 'string' || !ENV_SOURCES.includes(raw.env)) {
        s.problems.push(`${at}.env: ${JSON.stringify(raw.env)} is not one of the environment variables a plan may read (${ENV_SOURCES.join(', ')})`);
      }
      out = { env: String(raw.env) };
      break;
    case 'difference': {
      const d = raw.difference;
      if (!Array.isArray(d) || d.length !== 2) {
        s.problems.push(`${at}.difference: must be [source, source] (the first minus the second)`);
        out = { const: null };
      } else out = { difference: [normalizeSource(s, `${at}.difference[0]`, d[0]), normalizeSource(s, `${at}.difference[1]`, d[1])] };
      break;
    }
    case 'zip': {
      const z = raw.zip;
      if (!Array.isArray(z) || z.length < 2) {
        s.problems.push(`${at}.zip: must be a list of at least two sources (read index by index)`);
        out = { const: null };
      } else out = { zip: z.map((x, i) => normalizeSource(s, `${at}.zip[${i}]`, x)) };
      break;
    }
    case 'entries': {
      const e = raw.entries;
      if (!Array.isArray(e) || e.length === 0 || !e.every((x) => Array.isArray(x) && x.length === 2)) {
        s.problems.push(`${at}.entries: must be a non-empty list of [key source, value source] pairs`);
        out = { const: null };
      } else out = { entries: (e as unknown[][]).map((x, i) => [normalizeSource(s, `${at}.entries[${i}][0]`, x[0]), normalizeSource(s, `${at}.entries[${i}][1]`, x[1])] as [Source, Source]) };
      break;
    }
    case 'get': {
      const g = raw.get;
      if (!isObj(g) || g.in === undefined || g.key === undefined) {
        s.problems.push(`${at}.get: needs in and key`);
        out = { const: null };
        break;
      }
      only(s, `${at}.get`, g, ['in', 'key']);
      out = { get: { in: normalizeSource(s, `${at}.get.in`, g.in), key: normalizeSource(s, `${at}.get.key`, g.key) } };
      break;
    }
    case 'filter': {
      const f = raw.filter;
      if (!isObj(f) || f.in === undefined || typeof f.field !== 'string' || f.not_equals === undefined) {
        s.problems.push(`${at}.filter: needs in, field and not_equals`);
        out = { const: null };
        break;
      }
      only(s, `${at}.filter`, f, ['in', 'field', 'not_equals']);
      out = { filter: { in: normalizeSource(s, `${at}.filter.in`, f.in), field: checkPath(s, `${at}.filter.field`, f.field) ?? '', not_equals: normalizeSource(s, `${at}.filter.not_equals`, f.not_equals) } };
      break;
    }
    case 'walk': {
      // a tree's nodes: the value, then (where descend holds for a node, {item: true} being the node) the elements of
      // the list at children, depth first
      const w = raw.walk;
      if (!isObj(w) || w.in === undefined || typeof w.children !== 'string') {
        s.problems.push(`${at}.walk: needs in and children (and optionally descend)`);
        out = { const: null };
        break;
      }
      only(s, `${at}.walk`, w, ['in', 'children', 'descend']);
      out = { walk: { in: normalizeSource(s, `${at}.walk.in`, w.in), children: checkPath(s, `${at}.walk.children`, w.children) ?? '',
        ...(w.descend !== undefined ? { descend: normalizeCondition({ ...s, inForEach: true }, `${at}.walk.descend`, w.descend) } : {}) } };
      break;
    }
    case 'replace': {
      const r = raw.replace;
      if (!isObj(r) || r.in === undefined || r.pattern === undefined || r.with === undefined) {
        s.problems.push(`${at}.replace: needs in, pattern and with`);
        out = { const: null };
        break;
      }
      only(s, `${at}.replace`, r, ['in', 'pattern', 'with', 'regex']);
      out = { replace: { in: normalizeSource(s, `${at}.replace.in`, r.in), pattern: normalizeSource(s, `${at}.replace.pattern`, r.pattern),
        with: normalizeSource(s, `${at}.replace.with`, r.with), ...(r.regex !== undefined ? { regex: normalizeSource(s, `${at}.replace.regex`, r.regex) } : {}) } };
      break;
    }
    default: {
      const list = raw[kind];
      if (!Array.isArray(list) || list.length === 0) {
        s.problems.push(`${at}: ${kind} must be a non-empty list of sources`);
        out = { [kind]: [] } as unknown as Source;
      } else {
        out = { [kind]: list.map((x, i) => normalizeSource(s, `${at}.${kind}[${i}]`, x)) } as unknown as Source;
      }
    }
  }
  if (raw.transform !== undefined) out.transform = transforms(s, at, raw.transform);
  if (raw.default !== undefined) out.default = raw.default;
  if (raw.when !== undefined) out.when = normalizeCondition(s, `${at}.when`, raw.when);
  if (raw.optional !== undefined) {
    if (typeof raw.optional !== 'boolean') s.problems.push(`${at}: optional must be true or false`);
    else if (raw.optional) out.optional = true;
  }
  if (raw.keep_null !== undefined) {
    if (raw.keep_null !== true) s.problems.push(`${at}: keep_null must be true`);
    else if (!['from', 'item', 'get'].some((k) => Object.hasOwn(raw, k))) s.problems.push(`${at}: keep_null only on a from, item or get source`);
    else out.keep_null = true;
  }
  return out;
}

function normalizeNow(s: Scope, at: string, n: unknown): Source {
  if (!isObj(n) || (n.format !== 'millis' && n.format !== 'YYYY-MM-DD HH:mm:ss')) {
    s.problems.push(`${at}: needs format millis or "YYYY-MM-DD HH:mm:ss"`);
    return { now: { format: 'millis' } };
  }
  only(s, at, n, ['zone', 'start_of', 'end_of', 'add_days', 'add_months', 'then_add_days', 'format']);
  if (n.zone !== undefined && n.zone !== 'shanghai' && n.zone !== 'utc') s.problems.push(`${at}.zone: must be shanghai or utc (leave it out for the local zone)`);
  if (n.start_of !== undefined && n.start_of !== 'day' && n.start_of !== 'month') s.problems.push(`${at}.start_of: must be day or month`);
  if (n.end_of !== undefined && n.end_of !== 'day') s.problems.push(`${at}.end_of: must be day`);
  if (n.end_of !== undefined && n.start_of !== undefined) s.problems.push(`${at}: start_of and end_of exclude each other`);
  if (n.add_months !== undefined && !Number.isInteger(n.add_months)) s.problems.push(`${at}.add_months: must be an integer`);
  if (n.then_add_days !== undefined && !Number.isInteger(n.then_add_days)) s.problems.push(`${at}.then_add_days: must be an integer`);
  const days = n.add_days === undefined || Number.isInteger(n.add_days) ? n.add_days as number | undefined : normalizeSource(s, `${at}.add_days`, n.add_days);
  return { now: { ...(n.zone ? { zone: n.zone as 'shanghai' | 'utc' } : {}), ...(n.start_of ? { start_of: n.start_of as 'day' | 'month' } : {}), ...(n.end_of ? { end_of: 'day' as const } : {}), ...(days !== undefined ? { add_days: days } : {}),
    ...(n.add_months !== undefined ? { add_months: n.add_months as number } : {}), ...(n.then_add_days !== undefined ? { then_add_days: n.then_add_days as number } : {}), format: n.format } };
}

export function normalizeArgs(s: Scope, at: string, raw: unknown): Record<string, Source> {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must map argument keys to sources`);
    return {};
  }
  const out: Record<string, Source> = {};
  for (const [key, v] of Object.entries(raw)) {
    // `...` spreads an object's keys into the arguments (SPREAD_KEY, src/plan/values.ts)
    if (key !== '...' && (key.length === 0 || key.split('.').some((p) => p.length === 0))) s.problems.push(`${at}: argument key "${key}" has an empty part`);
    out[key] = normalizeSource(s, `${at}.${key}`, v);
  }
  return out;
}

/** An object whose one key names a source that reads something (a flag, a step, an element): never meant as a literal. */
function looksLikeSource(v: unknown): boolean {
  if (!isObj(v)) return false;
  const keys = Object.keys(v);
  return keys.length >= 1 && ['flag', 'typed', 'from', 'item', 'positional', 'env', 'stdin', 'first', 'each'].includes(keys[0]);
}

export function normalizeCondition(s: Scope, at: string, raw: unknown): Condition {
  const kinds = isObj(raw) ? CONDITION_KINDS.filter((k) => Object.hasOwn(raw, k)) : [];
  if (!isObj(raw) || kinds.length !== 1 || Object.keys(raw).some((k) => k !== kinds[0] && !(kinds[0] === 'from' && k === 'path'))) {
    s.problems.push(`${at}: a condition is exactly one of ${CONDITION_KINDS.join(', ')}`);
    return { all: [] };
  }
  const v = raw[kinds[0]];
  switch (kinds[0]) {
    case 'present':
      return { present: normalizeSource(s, `${at}.present`, v) };
    case 'has_duplicates':
      return { has_duplicates: normalizeSource(s, `${at}.has_duplicates`, v) };
    case 'finds': {
      if (!isObj(v) || v.in === undefined || v.pattern === undefined) {
        s.problems.push(`${at}.finds: needs in and pattern`);
        return { all: [] };
      }
      only(s, `${at}.finds`, v, ['in', 'pattern', 'regex']);
      return { finds: { in: normalizeSource(s, `${at}.finds.in`, v.in), pattern: normalizeSource(s, `${at}.finds.pattern`, v.pattern),
        ...(v.regex !== undefined ? { regex: normalizeSource(s, `${at}.finds.regex`, v.regex) } : {}) } };
    }
    case 'open_dingtalk_id':
      return { open_dingtalk_id: normalizeSource(s, `${at}.open_dingtalk_id`, v) };
    case 'open_conversation_id':
      return { open_conversation_id: normalizeSource(s, `${at}.open_conversation_id`, v) };
    case 'is':
      if (!Array.isArray(v) || v.length !== 2 || !(VALUE_KINDS as readonly unknown[]).includes(v[1])) {
        s.problems.push(`${at}: is must be [source, kind], kind one of ${VALUE_KINDS.join(', ')}`);
        return { all: [] };
      }
      return { is: [normalizeSource(s, `${at}.is[0]`, v[0]), v[1] as ValueKind] };
    case 'dry_run':
      if (v !== true) s.problems.push(`${at}: dry_run must be true (negate it with not)`);
      return { dry_run: true };
    case 'flag':
    case 'given':
      checkFlag(s, at, v);
      return { [kinds[0]]: v } as Condition;
    case 'from':
      checkFrom(s, at, v);
      return { from: v as string, ...(raw.path !== undefined ? { path: checkPath(s, `${at}.path`, raw.path) } : {}) };
    case 'not':
      return { not: normalizeCondition(s, `${at}.not`, v) };
    case 'all':
    case 'any':
      if (!Array.isArray(v) || v.length === 0) {
        s.problems.push(`${at}: ${kinds[0]} must be a non-empty list of conditions`);
        return { all: [] };
      }
      return { [kinds[0]]: v.map((c, i) => normalizeCondition(s, `${at}.${kinds[0]}[${i}]`, c)) } as Condition;
    case 'subset':
    case 'equal_fold':
    case 'object_contains':
    case 'has_entries':
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte':
      if (!Array.isArray(v) || v.length !== 2) {
        s.problems.push(`${at}: ${kinds[0]} must be [source, source] (${kinds[0] === 'subset' ? 'two lists' : kinds[0] === 'equal_fold' ? 'two texts' : kinds[0] === 'object_contains' || kinds[0] === 'has_entries' ? 'two objects' : 'two numbers'})`);
        return { all: [] };
      }
      return { [kinds[0]]: [normalizeSource(s, `${at}.${kinds[0]}[0]`, v[0]), normalizeSource(s, `${at}.${kinds[0]}[1]`, v[1])] } as Condition;
    default: {
      if (!Array.isArray(v) || v.length !== 2) {
        s.problems.push(`${at}: ${kinds[0]} must be [source, ${kinds[0] === 'in' ? '[literals]' : kinds[0] === 'matches' ? 'regular expression' : 'literal'}]`);
        return { all: [] };
      }
      if (kinds[0] === 'in' && !Array.isArray(v[1])) s.problems.push(`${at}: in needs a list of literals`);
      // h37-b5: the second element of equals / in is a literal; an object spelled as a source there was compared as that
      // object, never read (two plans checked nothing): refuse it, so two values are compared with equal_fold or subset
      if ((kinds[0] === 'equals' || kinds[0] === 'in') && (kinds[0] === 'equals' ? [v[1]] : Array.isArray(v[1]) ? v[1] : []).some(looksLikeSource)) {
        s.problems.push(`${at}: ${kinds[0]} compares with literals, and ${JSON.stringify(kinds[0] === 'equals' ? v[1] : v[1])} reads like a source; compare two values with equal_fold or subset`);
      }
      if (kinds[0] === 'has_key' && (typeof v[1] !== 'string' || v[1] === '')) s.problems.push(`${at}: has_key needs [source, key], the key a non-empty text`);
      if (kinds[0] === 'matches') {
        try {
          new RegExp(String(v[1]), 'u');
        } catch {
          s.problems.push(`${at}: matches needs a valid regular expression`);
        }
        checkSpaceClass(s, at, 'matches', v[1]);
      }
      return { [kinds[0]]: [normalizeSource(s, `${at}.${kinds[0]}[0]`, v[0]), v[1]] } as Condition;
    }
  }
}

export function positiveInt(s: Scope, at: string, v: unknown, max: number): number {
  if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > max) s.problems.push(`${at}: must be an integer from 1 to ${max}`);
  return v as number;
}

export function requiredString(s: Scope, at: string, o: Obj, key: string): string {
  if (typeof o[key] !== 'string' || (o[key] as string).length === 0) s.problems.push(`${at}: needs ${key}`);
  return o[key] as string;
}

export function only(s: Scope, at: string, o: Obj, keys: string[]): void {
  for (const k of Object.keys(o)) if (!keys.includes(k)) s.problems.push(`${at}: unknown key "${k}"`);
}
