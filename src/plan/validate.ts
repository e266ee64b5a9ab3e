// Build-time validation of plan files (catalog/plans/**/*.yaml) against the normalized catalog, and their
// normalization into ToolSpec.plan. Every problem names the file, the plan, the step and the key
// (docs/PLANS.md "Build validation"); the build collects them all and fails once.
import type { ToolSpec } from '../catalog/types.js';
import { flagKey } from '../catalog/aliases.js';
import { parsePath } from './path.js';
import { transformName } from './transforms.js';
import {
  CONDITION_KINDS, DEFAULT_DOWNLOAD_BYTES, DEFAULT_MAX_ITEMS, MAX_DOWNLOAD_BYTES, DEFAULT_UPLOAD_BYTES, MAX_ITEMS_LIMIT, MAX_PAGES_LIMIT, MAX_UPLOAD_BYTES, SOURCE_KINDS,
  type Condition, type DownloadSpec, type PageSpec, type PlanSpec, type PlanStep, type ResolveSpec, type Source, type Transform, type UploadSpec,
} from '../catalog/plan.js';

export interface PlanFile {
  /** Path relative to catalog/plans, e.g. `chat.yaml` or `multi-step/chat.yaml`. */
  file: string;
  doc: unknown;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const ID = /^[a-z][a-z0-9_]*$/u;
const MODIFIERS = ['transform', 'default', 'when', 'optional'];

interface Scope {
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

function checkPath(s: Scope, at: string, path: unknown): string | undefined {
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

function transforms(s: Scope, at: string, raw: unknown): Transform[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list.map((t, i) => {
    const name = transformName(t);
    if (name === undefined) s.problems.push(`${at}.transform[${i}]: ${JSON.stringify(t)} is not a transform of the closed set (docs/PLANS.md)`);
    else if (name === 'format' && typeof (t as { format: unknown }).format !== 'string') s.problems.push(`${at}.transform[${i}]: format needs a template string`);
    else if (name === 'map' && !isObj((t as { map: unknown }).map)) s.problems.push(`${at}.transform[${i}]: map needs a table of values`);
    else if (name === 'get') checkPath(s, `${at}.transform[${i}].get`, (t as { get: unknown }).get);
    else if ((name === 'split' || name === 'only_starting' || name === 'except_starting') && (typeof (t as Record<string, unknown>)[name] !== 'string' || ((t as Record<string, string>)[name]).length === 0)) s.problems.push(`${at}.transform[${i}]: ${name} needs a string of characters`);
    else if ((name === 'multiply' || name === 'add') && typeof (t as Record<string, unknown>)[name] !== 'number') s.problems.push(`${at}.transform[${i}]: ${name} needs a number`);
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
  return out;
}

function normalizeArgs(s: Scope, at: string, raw: unknown): Record<string, Source> {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must map argument keys to sources`);
    return {};
  }
  const out: Record<string, Source> = {};
  for (const [key, v] of Object.entries(raw)) {
    if (key.length === 0 || key.split('.').some((p) => p.length === 0)) s.problems.push(`${at}: argument key "${key}" has an empty part`);
    out[key] = normalizeSource(s, `${at}.${key}`, v);
  }
  return out;
}

export function normalizeCondition(s: Scope, at: string, raw: unknown): Condition {
  const kinds = isObj(raw) ? CONDITION_KINDS.filter((k) => Object.hasOwn(raw, k)) : [];
  if (!isObj(raw) || kinds.length !== 1 || Object.keys(raw).some((k) => k !== kinds[0] && !(kinds[0] === 'from' && k === 'path'))) {
    s.problems.push(`${at}: a condition is exactly one of ${CONDITION_KINDS.join(', ')}`);
    return { all: [] };
  }
  const v = raw[kinds[0]];
  switch (kinds[0]) {
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
    default: {
      if (!Array.isArray(v) || v.length !== 2) {
        s.problems.push(`${at}: ${kinds[0]} must be [source, ${kinds[0] === 'in' ? '[literals]' : 'literal'}]`);
        return { all: [] };
      }
      if (kinds[0] === 'in' && !Array.isArray(v[1])) s.problems.push(`${at}: in needs a list of literals`);
      return { [kinds[0]]: [normalizeSource(s, `${at}.${kinds[0]}[0]`, v[0]), v[1]] } as Condition;
    }
  }
}

function positiveInt(s: Scope, at: string, v: unknown, max: number): number {
  if (!Number.isInteger(v) || (v as number) < 1 || (v as number) > max) s.problems.push(`${at}: must be an integer from 1 to ${max}`);
  return v as number;
}

function requiredString(s: Scope, at: string, o: Obj, key: string): string {
  if (typeof o[key] !== 'string' || (o[key] as string).length === 0) s.problems.push(`${at}: needs ${key}`);
  return o[key] as string;
}

function only(s: Scope, at: string, o: Obj, keys: string[]): void {
  for (const k of Object.keys(o)) if (!keys.includes(k)) s.problems.push(`${at}: unknown key "${k}"`);
}

function normalizePage(s: Scope, at: string, raw: unknown): PageSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be an object`);
    return { cursor_arg: '', next: '', items: '', max_pages: 1 };
  }
  only(s, at, raw, ['cursor_arg', 'next', 'items', 'more', 'pages', 'max_pages', 'number_arg', 'number_start', 'number_text', 'page_size']);
  if (raw.max_pages === undefined) s.problems.push(`${at}: needs max_pages (a hard bound on calls)`);
  const numbered = raw.number_arg !== undefined;
  if (numbered && (raw.cursor_arg !== undefined || raw.next !== undefined)) s.problems.push(`${at}: page-number paging (number_arg) has no cursor_arg or next`);
  const out: PageSpec = {
    cursor_arg: numbered ? '' : requiredString(s, at, raw, 'cursor_arg'),
    next: numbered ? '' : checkPath(s, `${at}.next`, requiredString(s, at, raw, 'next')) ?? '',
    items: checkPath(s, `${at}.items`, requiredString(s, at, raw, 'items')) ?? '',
    max_pages: raw.max_pages === undefined ? 1 : positiveInt(s, `${at}.max_pages`, raw.max_pages, MAX_PAGES_LIMIT),
  };
  if (numbered) {
    out.number_arg = requiredString(s, at, raw, 'number_arg');
    out.number_start = raw.number_start === undefined ? 1 : (raw.number_start as number);
    if (!Number.isInteger(out.number_start)) s.problems.push(`${at}.number_start: must be an integer`);
    if (raw.number_text !== undefined) out.number_text = raw.number_text === true;
  }
  if (raw.page_size !== undefined) out.page_size = positiveInt(s, `${at}.page_size`, raw.page_size, 100000);
  if (raw.more !== undefined) out.more = checkPath(s, `${at}.more`, raw.more);
  if (raw.pages !== undefined) out.pages = normalizeSource(s, `${at}.pages`, raw.pages);
  return out;
}

function normalizeResolve(s: Scope, at: string, raw: unknown): ResolveSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be an object`);
    return { items: [], value: '', label: [] };
  }
  only(s, at, raw, ['items', 'value', 'label', 'match']);
  const items = Array.isArray(raw.items) ? raw.items : [raw.items];
  if (items.length === 0 || !items.every((x) => typeof x === 'string' && x.length > 0)) s.problems.push(`${at}: needs items (a path or a list of paths)`);
  const out: ResolveSpec = {
    items: items.map((x, i) => checkPath(s, `${at}.items[${i}]`, x) ?? ''),
    value: checkPath(s, `${at}.value`, requiredString(s, at, raw, 'value')) ?? '',
    label: [],
  };
  const label = raw.label ?? [out.value];
  if (!Array.isArray(label) || !label.every((l) => typeof l === 'string' && l.length > 0)) s.problems.push(`${at}.label: must be a list of field paths`);
  else out.label = label.map((l, i) => checkPath(s, `${at}.label[${i}]`, l) ?? '');
  if (raw.match !== undefined) {
    const m = raw.match;
    if (!isObj(m) || typeof m.field !== 'string' || m.equals === undefined) s.problems.push(`${at}.match: needs field and equals`);
    else {
      only(s, `${at}.match`, m, ['field', 'equals', 'contains_when']);
      out.match = { field: checkPath(s, `${at}.match.field`, m.field) ?? '', equals: normalizeSource(s, `${at}.match.equals`, m.equals) };
      if (m.contains_when !== undefined) out.match.contains_when = normalizeCondition(s, `${at}.match.contains_when`, m.contains_when);
    }
  }
  return out;
}

function normalizeUpload(s: Scope, at: string, raw: unknown): UploadSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be an object`);
    return { file: { const: null }, url: { const: null }, max_bytes: DEFAULT_UPLOAD_BYTES };
  }
  only(s, at, raw, ['file', 'url', 'headers', 'max_bytes']);
  if (raw.file === undefined) s.problems.push(`${at}: needs file`);
  if (raw.url === undefined) s.problems.push(`${at}: needs url`);
  const out: UploadSpec = {
    file: normalizeSource(s, `${at}.file`, raw.file),
    url: normalizeSource(s, `${at}.url`, raw.url),
    max_bytes: raw.max_bytes === undefined ? DEFAULT_UPLOAD_BYTES : positiveInt(s, `${at}.max_bytes`, raw.max_bytes, MAX_UPLOAD_BYTES),
  };
  if (raw.headers !== undefined) out.headers = normalizeSource(s, `${at}.headers`, raw.headers);
  return out;
}

function normalizeDownload(s: Scope, at: string, raw: unknown): DownloadSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be an object`);
    return { url: { const: null }, file: { const: null }, max_bytes: DEFAULT_DOWNLOAD_BYTES };
  }
  only(s, at, raw, ['url', 'file', 'max_bytes']);
  if (raw.file === undefined) s.problems.push(`${at}: needs file`);
  if (raw.url === undefined) s.problems.push(`${at}: needs url`);
  return {
    url: normalizeSource(s, `${at}.url`, raw.url),
    file: normalizeSource(s, `${at}.file`, raw.file),
    max_bytes: raw.max_bytes === undefined ? DEFAULT_DOWNLOAD_BYTES : positiveInt(s, `${at}.max_bytes`, raw.max_bytes, MAX_DOWNLOAD_BYTES),
  };
}

const STEP_KEYS = ['id', 'server', 'rpc', 'effect', 'when', 'args', 'for_each', 'max_items', 'page', 'resolve', 'upload', 'download'];

function normalizeStep(s: Scope, at: string, raw: unknown, servers: ReadonlySet<string>, ids: Set<string>): PlanStep {
  if (!isObj(raw)) {
    s.problems.push(`${at}: a step must be an object`);
    return { id: 'invalid', effect: 'read' };
  }
  const id = raw.id;
  if (typeof id !== 'string' || !ID.test(id)) s.problems.push(`${at}: id must match [a-z][a-z0-9_]*`);
  else if (ids.has(id)) s.problems.push(`${at}: step id "${id}" is used twice`);
  const where = typeof id === 'string' ? `${at} (${id})` : at;
  only(s, where, raw, STEP_KEYS);
  const defaultEffect = s.tool.effect === 'read' ? 'read' : 'write';
  if (raw.effect !== undefined && raw.effect !== 'read' && raw.effect !== 'write') s.problems.push(`${where}.effect: must be read or write`);
  const step: PlanStep = { id: id as string, effect: (raw.effect as PlanStep['effect']) ?? defaultEffect };
  if (raw.when !== undefined) step.when = normalizeCondition(s, `${where}.when`, raw.when);
  if (raw.for_each !== undefined) {
    step.for_each = normalizeSource(s, `${where}.for_each`, raw.for_each);
    step.max_items = raw.max_items === undefined ? DEFAULT_MAX_ITEMS : positiveInt(s, `${where}.max_items`, raw.max_items, MAX_ITEMS_LIMIT);
  } else if (raw.max_items !== undefined) s.problems.push(`${where}.max_items: only with for_each`);
  const inner: Scope = { ...s, inForEach: step.for_each !== undefined };
  const transfer = raw.upload !== undefined ? 'upload' : raw.download !== undefined ? 'download' : undefined;
  if (raw.upload !== undefined && raw.download !== undefined) s.problems.push(`${where}: a step is an upload or a download, not both`);
  if (transfer) {
    if (raw.server !== undefined || raw.rpc !== undefined || raw.args !== undefined || raw.page !== undefined || raw.resolve !== undefined || raw.for_each !== undefined) {
      s.problems.push(`${where}: an ${transfer} step has no server, rpc, args, page, resolve or for_each`);
    }
    if (transfer === 'upload') {
      step.upload = normalizeUpload(inner, `${where}.upload`, raw.upload);
      if (raw.effect === 'read') s.problems.push(`${where}.effect: an upload is a write`);
      step.effect = 'write';
    } else {
      step.download = normalizeDownload(inner, `${where}.download`, raw.download);
      if (raw.effect === 'write') s.problems.push(`${where}.effect: a download is a read of the backend`);
      step.effect = 'read';
    }
  } else {
    step.server = requiredString(s, where, raw, 'server');
    step.rpc = requiredString(s, where, raw, 'rpc');
    if (typeof step.server === 'string' && !servers.has(step.server)) s.problems.push(`${where}.server: "${step.server}" is not a known MCP server (a product id or a name under servers:)`);
    step.args = raw.args === undefined ? {} : normalizeArgs(inner, `${where}.args`, raw.args);
  }
  if (raw.page !== undefined) {
    if (step.for_each) s.problems.push(`${where}: page and for_each do not combine`);
    step.page = normalizePage(s, `${where}.page`, raw.page);
  }
  if (raw.resolve !== undefined) {
    step.resolve = normalizeResolve(inner, `${where}.resolve`, raw.resolve);
    if (raw.effect === 'write') s.problems.push(`${where}.effect: a resolve step is a read`);
    step.effect = 'read';
  }
  return step;
}

function normalizePlan(s: Scope, at: string, raw: unknown, servers: ReadonlySet<string>): PlanSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: a plan must be an object with facts and steps`);
    return { facts: '', steps: [] };
  }
  only(s, at, raw, ['facts', 'steps', 'output']);
  if (typeof raw.facts !== 'string' || raw.facts.trim().length === 0) s.problems.push(`${at}: needs a facts line`);
  if (!Array.isArray(raw.steps) || raw.steps.length === 0) {
    s.problems.push(`${at}: needs a non-empty steps list`);
    return { facts: String(raw.facts ?? ''), steps: [] };
  }
  const ids = new Set<string>();
  const steps = raw.steps.map((st, i) => {
    const step = normalizeStep(s, `${at}: steps[${i}]`, st, servers, ids);
    ids.add(step.id);
    s.earlier.add(step.id);
    return step;
  });
  const plan: PlanSpec = { facts: raw.facts as string, steps };
  if (raw.output !== undefined) plan.output = normalizeSource(s, `${at}: output`, raw.output);
  const t = s.tool;
  // A plan may read a flag by any of its spellings (an alias folds into the flag it stands for).
  const used = (name: string) => [...s.flags].some((f) => f === name || flagKey(t, f) === flagKey(t, name));
  for (const [name, p] of Object.entries(t.parameters)) {
    if ((p.required || p.cli_required) && !used(name)) s.problems.push(`${at}: required parameter --${name} is not used by any step`);
  }
  for (const g of t.constraints.require_one_of) {
    if (!g.some(used)) s.problems.push(`${at}: none of the require_one_of group ${g.map((f) => `--${f}`).join(', ')} is used`);
  }
  return plan;
}

/** Validates every plan file; returns the normalized plans by canonical path, or the list of problems. */
export function validatePlans(files: PlanFile[], tools: readonly ToolSpec[]): { plans: Map<string, PlanSpec>; problems: string[] } {
  const problems: string[] = [];
  const byPath = new Map(tools.map((t) => [t.canonical_path, t]));
  const servers = new Set<string>();
  for (const t of tools) {
    servers.add(t.product_id);
    if (t.interface_ref) servers.add(t.interface_ref.product_id);
  }
  for (const { file, doc } of files) {
    if (!isObj(doc)) {
      problems.push(`catalog/plans/${file}: must be a mapping with plans: and/or servers:`);
      continue;
    }
    for (const k of Object.keys(doc)) if (k !== 'plans' && k !== 'servers') problems.push(`catalog/plans/${file}: unknown top-level key "${k}"`);
    if (doc.servers !== undefined) {
      if (!Array.isArray(doc.servers) || !doc.servers.every((x) => typeof x === 'string' && /^[a-z][a-z0-9-]*$/u.test(x))) problems.push(`catalog/plans/${file}: servers must be a list of server names`);
      else for (const x of doc.servers as string[]) servers.add(x);
    }
  }
  const plans = new Map<string, PlanSpec>();
  const declaredIn = new Map<string, string>();
  for (const { file, doc } of files) {
    if (!isObj(doc) || doc.plans === undefined) continue;
    if (!isObj(doc.plans)) {
      problems.push(`catalog/plans/${file}: plans must map canonical paths to plans`);
      continue;
    }
    for (const [path, raw] of Object.entries(doc.plans)) {
      const at = `catalog/plans/${file}: ${path}`;
      const tool = byPath.get(path);
      if (!tool) {
        problems.push(`${at}: no such command in the catalog`);
        continue;
      }
      if (tool.interface_mode !== 'composite') {
        problems.push(`${at}: is a ${tool.interface_mode} command; only composite commands take a plan`);
        continue;
      }
      if (declaredIn.has(path)) {
        problems.push(`${at}: declared twice (also in catalog/plans/${declaredIn.get(path)})`);
        continue;
      }
      declaredIn.set(path, file);
      const scope: Scope = { tool, earlier: new Set(), inForEach: false, problems, flags: new Set() };
      plans.set(path, normalizePlan(scope, at, raw, servers));
    }
  }
  return { plans, problems };
}
