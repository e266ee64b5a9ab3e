// Sample flag values for the tests that run every plan (test/plan/plans.test.ts) or every command
// (test/contract/required-only.test.ts): a value each flag's type, format and plan transforms accept. File flags name
// files the caller puts in its file root: upload.txt (any bytes), whiteboard.json (a JSON document), and a directory
// out/ (--output is out/saved.bin).
import type { ToolSpec } from '../../src/catalog/types.js';
import type { Source, Transform } from '../../src/plan/spec.js';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { CATALOG_FORMATS } from '../../src/contract/validate.js';

/**
 * Every use of a flag in a plan with the transforms it goes through there (a `first` alternative and an `each` list
 * inheriting their parent's transforms): a flag read twice has two transform lists, and a sample must fit both.
 */
export function flagUses(s: unknown, inherited: Transform[] = [], out = new Map<string, Transform[][]>()): Map<string, Transform[][]> {
  if (Array.isArray(s)) {
    s.forEach((x) => flagUses(x, inherited, out));
    return out;
  }
  if (typeof s !== 'object' || s === null) return out;
  const src = s as Source & Record<string, unknown>;
  const ts = [...(Array.isArray(src.transform) ? src.transform : []), ...inherited];
  // a typed source reads its flag as the flag source does (what the user typed, "" included)
  const name = typeof src.flag === 'string' ? src.flag : typeof src.typed === 'string' ? src.typed : undefined;
  if (name !== undefined) out.set(name, [...(out.get(name) ?? []), ts]);
  for (const [k, v] of Object.entries(src)) if (k !== 'transform' && k !== 'flag' && k !== 'typed') flagUses(v, k === 'first' || k === 'each' ? ts : [], out);
  return out;
}

const has = (uses: Transform[][], name: string) => uses.some((ts) => ts.some((t) => (typeof t === 'string' ? t === name : name in t)));

/** The flags a resolve step of the plan matches candidates against. */
function resolveFlags(tool: ToolSpec): Set<string> {
  return new Set((tool.plan?.steps ?? []).flatMap((st) => (st.kind === 'call' && st.resolve && !st.resolve.open_dingtalk_ids ? [...flagUses(st.resolve).keys()] : [])));
}

/** Whether the catalog's example of a flag is a value the flag's type and every one of its plan uses accept. */
function exampleFits(p: ToolSpec['parameters'][string], uses: Transform[][], example: string): boolean {
  if (example.trim() === '' || p.enum?.length) return false;
  if ((p.type === 'int' || p.type === 'int64') && !/^-?\d+$/u.test(example)) return false;
  if (p.type === 'float64' && !Number.isFinite(Number(example))) return false;
  if (p.type === 'intSlice' && !/^-?\d+(,-?\d+)*$/u.test(example)) return false;
  if (p.format && !FORMAT_FITS[p.format]?.(example)) return false;
  try {
    for (const ts of uses) applyTransforms(ts, example, 'example', { env: {} });
    return true;
  } catch {
    return false;
  }
}

/**
 * The formats an example must meet: three of dispatch's own catalog formats and the two ajv-formats ones examples use;
 * a format not listed (file-path: the plans read a real file) takes no example.
 */
const FORMAT_FITS: Record<string, (v: string) => boolean> = {
  json: CATALOG_FORMATS.json,
  'numeric-id': CATALOG_FORMATS['numeric-id'],
  'positive-integer': CATALOG_FORMATS['positive-integer'],
  date: (v) => /^\d{4}-\d{2}-\d{2}$/u.test(v),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/u.test(v),
};

/**
 * A value a flag of this type accepts and its plan's transforms take: a file under the test's root for the file
 * transforms, an enum value (one the plan's map knows), else the parameter's `example` when it fits the flag's type,
 * format and transforms, else a sample per transform and type.
 */
export function valueFor(tool: ToolSpec, flag: string, uses: Transform[][]): string | undefined {
  const p = tool.parameters[flag];
  const map = uses.flat().find((t): t is { map: Record<string, unknown> } => typeof t === 'object' && 'map' in t);
  if (p.type === 'bool') return undefined;
  // a value a resolve step matches against: the candidates of cannedAnswers() carry `v-name` or version 2
  const matched = resolveFlags(tool).has(flag);
  if (matched && p.type === 'string') return `v-${flag}`;
  if (has(uses, 'read_text')) return 'whiteboard.json';
  if (has(uses, 'file_size') || has(uses, 'basename') || has(uses, 'file_md5') || p.format === 'file-path') return 'upload.txt';
  if (p.enum?.length) return map ? p.enum.find((e) => Object.hasOwn(map.map, e)) ?? p.enum[0] : p.enum[0];
  if (map) return Object.keys(map.map)[0];
  if (flag === 'output') return 'out/saved.bin';
  if (!matched && typeof p.example === 'string' && exampleFits(p, uses, p.example)) return p.example;
  if (has(uses, 'iso_ms')) return '2026-04-01T09:00:00+08:00';
  if (has(uses, 'flex_time_ms')) return '2026-03-10 14:00:00';
  if (['date_ms', 'date_end_ms', 'datetime', 'datetime_end'].some((n) => has(uses, n)) || p.format === 'date') return '2026-04-01';
  if (has(uses, 'is_true')) return 'true';
  // a JSON flag merged into an object (aitable dashboard create --config) must be an object
  const merged = new RegExp(`"merge":\\[[^\\]]*"flag":"${flag}"`, 'u').test(JSON.stringify(tool.plan ?? {}));
  if (merged) return '{"k":"v1"}';
  // a flag decoded as upstream decodes into a map (json_object refuses anything else)
  if (has(uses, 'json_object') || has(uses, 'json_object_or_text')) return '{"k":"v1"}';
  if (has(uses, 'json_parse') || p.format === 'json') return has(uses, 'json_parse') && JSON.stringify(uses).includes('split') ? '["Sheet1!A1:B2"]' : '["v1"]';
  if (has(uses, 'multiply') || has(uses, 'float') || has(uses, 'trunc')) return '8';
  if (p.type === 'int' || p.type === 'int64' || has(uses, 'int') || p.format === 'numeric-id' || p.format === 'positive-integer') return '2';
  if (p.type === 'float64') return '1.5';
  if (p.format === 'date-time') return '2026-04-01T09:00:00+08:00';
  if (p.type === 'intSlice') return '1,2';
  if (has(uses, 'csv_values')) return 'a,b';
  if (p.type.endsWith('Slice') || p.type.endsWith('Array')) return `${flag}-1,${flag}-2`;
  return `v-${flag}`;
}

/** Every spelling of the row's flags on the command: the flag, its aliases, and what it is an alias of. */
export function spellings(t: ToolSpec, flags: readonly string[]): Set<string> {
  const out = new Set(flags);
  for (let grown = true; grown;) {
    grown = false;
    for (const [name, p] of Object.entries(t.parameters)) {
      const target = p.alias_of;
      if (target && (out.has(name) || out.has(target)) && !(out.has(name) && out.has(target))) {
        out.add(name);
        out.add(target);
        grown = true;
      }
    }
  }
  return out;
}

/** What a sweep row asks of a command line: its flags (`a|b`) and `without` left out, `when` added, `positionals` given. */
export interface ArgvRow { flag: string; when?: string[]; without?: string[]; positionals?: string[] }
/**
 * The value a user types for a required positional: a declared parameter's example value, else the word at its place
 * in the command's first own example that has one (`dws chat chmod chat.message:send ...`: a chat.* scope, which
 * upstream checks before any flag, chat.go:2387-2389@c7521c1c), else `v-<name>`.
 */
export function positionalValue(t: ToolSpec, p: { name: string; index: number }, uses: Map<string, Transform[][]>): string {
  const declared = Object.hasOwn(t.parameters, p.name) && t.parameters[p.name].type !== 'bool';
  const own = declared ? valueFor(t, p.name, uses.get(p.name) ?? []) : undefined;
  if (own !== undefined) return own;
  const head = `dws ${t.primary_cli_path} `;
  for (const e of t.examples) {
    if (!e.startsWith(head)) continue;
    const word = e.slice(head.length).split(/\s+/u)[p.index];
    if (word !== undefined && word !== '' && !word.startsWith('-') && !/["'<]/u.test(word)) return word;
  }
  return `v-${p.name}`;
}

/**
 * A command line as a user types it: the command's required flags and groups (example values) and the row's `when`,
 * less the row's flags (test/contract/sweep-req.test.ts, sweep-list.test.ts).
 */
export function argvWithout(t: ToolSpec, row: ArgvRow): string[] {
  const left = spellings(t, [...row.flag.split('|'), ...(row.without ?? [])]);
  const uses = flagUses(t.plan);
  const chosen: string[] = [];
  const add = (f: string) => {
    if (!left.has(f) && !chosen.includes(f) && Object.hasOwn(t.parameters, f)) chosen.push(f);
  };
  for (const [f, p] of Object.entries(t.parameters)) if ((p.required || p.cli_required) && p.default === undefined) add(f);
  for (const g of t.constraints.require_one_of) if (!g.some((f) => chosen.includes(f))) { const f = g.find((x) => !left.has(x)); if (f) add(f); }
  for (const g of t.constraints.require_together) if (g.some((f) => chosen.includes(f))) g.forEach(add);
  const argv = t.primary_cli_path.split(' ');
  if (row.positionals) argv.push(...row.positionals);
  else for (const p of [...(t.positionals ?? [])].sort((a, b) => a.index - b.index)) {
    if (!p.required || left.has(p.name)) continue;
    argv.push(positionalValue(t, p, uses));
    const asFlag = chosen.indexOf(p.name);
    if (asFlag >= 0) chosen.splice(asFlag, 1);
  }
  const whenFlags = new Set((row.when ?? []).filter((a) => a.startsWith('--')).map((a) => a.slice(2)));
  for (const f of chosen) {
    if (whenFlags.has(f)) continue;
    const v = valueFor(t, f, uses.get(f) ?? []);
    argv.push(`--${f}`, ...(v === undefined ? [] : [v]));
  }
  argv.push(...(row.when ?? []));
  if (t.confirmation === 'user_required') argv.push('--yes');
  return argv;
}
