// The parameter schema of one ToolSpec and the refusal each violation becomes: the ajv-free half of validation, shared
// by the ajv compile (validate.ts: tests, the commander program, a schema the snapshot has no validator for) and the
// validators precompiled into the snapshot (precompiled.ts, generated at build by standalone.ts), so both give the
// same refusals. Types, enums, formats, required flags and the constraint groups; alias flags are first folded into
// the flag they stand for (src/catalog/aliases.ts: alias_of, or for a hidden flag the visible one feeding the same
// RPC property), so `--id X` satisfies a required `--group` exactly as the upstream CLI does. Every refusal names the
// flag (exit 3).
import type { ErrorObject } from 'ajv';
import { DwsError } from '../errors.js';
import type { RequiredCheck, ToolSpec } from '../catalog/types.js';
import { JsonNumber } from '../json-number.js';
import { blankCounts, refusedByPlan } from '../catalog/groups.js';
import { flagKey, readRank, readSkipped, readSpelling } from './aliases.js';
import { convert, declaredFlag, flagType } from './flag-types.js';
import { trimSpace } from './values.js';
import { ONLY_SPACE_PATTERN } from '../text/space.js';
import { acceptedEnum, applyEnumRules, keepsWhitespaceOnly } from './enum-input.js';

/** The catalog's own format names; standard ones (STANDARD_FORMATS) come from ajv-formats. */
export const CATALOG_FORMATS: Record<string, (value: string) => boolean> = {
  json: (v) => {
    try {
      JSON.parse(v);
      return true;
    } catch {
      return false;
    }
  },
  'numeric-id': (v) => /^\d+$/.test(v),
  // a whole number >= 1 as Go's strconv.Atoi reads it, nothing trimmed: a `+` sign and leading zeros allowed (`+5`, `010`
  // are 5 and 10; sheet insert/delete/update-dimension --length, helpers/sheet_dimension.go:76, :464, :562@c7521c1c)
  'positive-integer': (v) => /^\+?0*[1-9]\d*$/.test(v),
  'file-path': (v) => v.trim().length > 0,
  'dingtalk-media-id': (v) => v.trim().length > 0,
  // A1 notation: a cell or a range of cells, whole columns or whole rows (A1, H2:H20, A:C, 2:5).
  'a1-range': (v) => /^(?:[A-Za-z]{1,3}\d+|[A-Za-z]{1,3}|\d+)(?::(?:[A-Za-z]{1,3}\d+|[A-Za-z]{1,3}|\d+))?$/.test(v),
};

/** The ajv-formats formats a schema may name (their code is ajv-formats' "full" set). */
export const STANDARD_FORMATS = ['date', 'date-time', 'time', 'uri', 'email'] as const;

export type Group = { kind: 'require_together' | 'require_one_of' | 'mutually_exclusive'; flags: string[]; countBlank?: true };

/**
 * A flag's value counts for a require_one_of / mutually_exclusive group only when it is not blank: a text other than
 * `""`, a list with an element other than `""`; any number or boolean. Upstream's typed constraints read it so
 * (internal/corecmd/corecmd.go:1103-1130 constraintProvided, internal/shortcut/validate.go:31-54 setFlags@c7521c1c: a
 * trimmed text, and a command with trim_strings is trimmed before this), and its hand checks compare the value with "".
 * In a command with trim_strings a list element of only Go spaces is blank too (its elements stay as typed, but
 * constraintProvided's sliceHasValue, corecmd.go:1607, and setFlags' hasNonEmptyString, shortcut/runner.go:444@c7521c1c,
 * trim each one): NOT_BLANK_TRIMMED.
 */
const NOT_BLANK = { not: { anyOf: [{ const: '' }, { type: 'array', items: { const: '' } }] } };
const NOT_BLANK_TRIMMED = { not: { anyOf: [{ const: '' }, { type: 'array', items: { type: 'string', pattern: ONLY_SPACE_PATTERN } }] } };
const blankValue = (v: unknown, trimmed: boolean): boolean => v === '' ||
  (Array.isArray(v) && v.every((x) => x === '' || (trimmed && typeof x === 'string' && trimSpace(x) === '')));
const given = (g: Group, data: Record<string, unknown>, f: string, trimmed: boolean): boolean =>
  Object.hasOwn(data, f) && (g.countBlank === true || g.kind === 'require_together' || !blankValue(data[f], trimmed));

const flag = (name: string) => `--${name}`;
const flagList = (names: string[]) => names.map(flag).join(', ');

/**
 * Folds alias flags into the flag they stand for and positionals into the flag of the same name. Two spellings of one
 * flag are read as upstream's flagOrFallback and corecmd's alias chain read them: the first non-blank value in the
 * flag's `read_order` is the flag's value (readSpelling, aliases.ts), so a blank spelling yields to a filled one
 * (`--workspace w --workspace-id ""`) and of two filled ones the one upstream reads first is sent, whichever was typed
 * first; an alias typed blank alone counts as not given (the flag then has its default, as upstream's primary flag
 * does). Two different non-blank values of spellings the order does not rank apart (no read_order, a spelling it does
 * not list, a positional, chat's spellings_trimmed ids that chatFlagOrAlias refuses) are refused rather than guessed.
 * A flag's `read_skips` widens what the order passes over: an int 0 (`zero`), 0 or less (`not_positive`), or narrows
 * it to nothing (the first spelling typed in the order is read, blank or not). Then enum flags get their declared rules
 * (enum-input.ts). Last, a required text flag typed with a value its check counts as missing is refused
 * (refuseBlankRequired).
 */
export function foldInput(tool: ToolSpec, values: Record<string, unknown>, positionals: Record<string, unknown>): Record<string, unknown> {
  const folded = foldInputFirst(tool, values, positionals);
  folded.refuseBlankRequired();
  return folded.data;
}

/**
 * foldInput without its last check, which it hands back to run later: dispatch gives a deprecated command's notice
 * between the two, as upstream's wrapper prints it before the body's checks (helpers/doc.go:4696-4707@c7521c1c).
 */
export function foldInputFirst(tool: ToolSpec, values: Record<string, unknown>, positionals: Record<string, unknown>): { data: Record<string, unknown>; refuseBlankRequired: () => void } {
  const data: Record<string, unknown> = {};
  const from: Record<string, string> = Object.create(null);
  const viaAlias = new Set<string>();
  // spellings_trimmed: the flag's spellings are compared as chat's chatFlagOrAlias reads them, each trimmed as Go's
  // TrimSpace (helpers/chat.go:198-215, its PreRunE :449-466@c7521c1c)
  const trimmed = (key: string) => Object.hasOwn(tool.parameters, key) && tool.parameters[key].spellings_trimmed === true;
  const blank = (v: unknown, key?: string) => (typeof v === 'string' && (tool.trim_strings || (key !== undefined && trimmed(key)) ? trimSpace(v) : v) === '') ||
    (Array.isArray(v) && v.length === 0);
  // read_skips: a value the flag's read_order passes over (an int 0, or 0 or less) counts as not given, as a blank does
  const skipsOf = (key: string) => (Object.hasOwn(tool.parameters, key) ? tool.parameters[key].read_skips : undefined);
  const empty = (v: unknown, key: string) => {
    const skips = skipsOf(key);
    return blank(v, key) || (skips !== 'nothing' && readSkipped(skips, v, false));
  };
  const same = (key: string, a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b) ||
    (trimmed(key) && typeof a === 'string' && typeof b === 'string' && trimSpace(a) === trimSpace(b));
  // primary_typed_wins: a typed flag is read and its other spellings never are (upstream's `if rt.Changed(primary)
  // { return rt.StrSlice(primary) }`, wikiStringSliceFirst internal/shortcut/wiki/common.go:200-211@c7521c1c)
  const primaryWins = (key: string) => Object.hasOwn(tool.parameters, key) && tool.parameters[key].primary_typed_wins === true;
  refuseAliasWithoutOwnSpelling(tool, values);
  const put = (key: string, value: unknown, given: string, alias: boolean) => {
    if (Object.hasOwn(data, key) && primaryWins(key) && (alias || viaAlias.has(key))) {
      // another spelling beside the one held is never read; the flag itself replaces an alias read before it
      if (alias) return;
    } else if (Object.hasOwn(data, key)) {
      const held = data[key];
      if (same(key, held, value) || blank(value, key)) {
        // the flag itself typed (cobra's Changed) beside a spelling that gives nothing more: its own value is sent
        if (trimmed(key) && !alias && blank(held, key)) {
          Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
          from[key] = given;
          viaAlias.delete(key);
        }
        return;
      }
      if (!blank(held, key)) {
        throw new DwsError('invalid_parameter', `${given} and ${from[key]} give different values for the same parameter ${flag(key)}`, 'give it once');
      }
    }
    // defineProperty: a key named "__proto__" stays an own field (ajv then refuses it) instead of a prototype.
    Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
    from[key] = given;
    if (alias) viaAlias.add(key);
    else viaAlias.delete(key);
  };
  // each flag's spellings in typed order; a flag none of whose spellings is special (primary_typed_wins,
  // spellings_trimmed, a positional) is read by its read_order (readSpelling), the others as typed (put)
  type Typed = { value: unknown; given: string; alias: boolean; name: string; positional: boolean };
  const typed = new Map<string, Typed[]>();
  const add = (key: string, t: Typed) => {
    const list = typed.get(key);
    if (list) list.push(t);
    else typed.set(key, [t]);
  };
  for (const [name, value] of Object.entries(values)) {
    const key = flagKey(tool, name);
    add(key, { value, given: flag(name), alias: key !== name, name, positional: false });
  }
  // positional_yields: the positional is dropped when a spelling of its flag was typed non-empty (upstream sets the flag
  // from it only when flagOrFallback reads "", helpers/devdoc.go:141@c7521c1c)
  const yields = (key: string) => Object.hasOwn(tool.parameters, key) && tool.parameters[key].positional_yields === true;
  for (const [name, value] of Object.entries(positionals)) {
    const declared = declaredFlag(tool, name);
    const target = flagKey(tool, name);
    if (yields(target) && (typed.get(target) ?? []).some((t) => t.value !== '')) continue;
    const value1 = declared && !Array.isArray(value) && flagType(declared.type).list ? [value] : value;
    add(target, { value: value1, given: `the positional <${name}>`, alias: false, name, positional: true });
  }
  for (const [key, list] of typed) {
    if (primaryWins(key) || trimmed(key) || list.some((t) => t.positional)) {
      for (const t of list) put(key, t.value, t.given, t.alias);
      continue;
    }
    if (Object.hasOwn(tool.parameters, key) && tool.parameters[key].spellings_conflict_trimmed === true) refuseTrimmedConflict(key, list);
    const skips = skipsOf(key);
    const got = readSpelling(list.map((t) => ({ value: t.value, rank: readRank(tool, key, t.name) })), (v) => readSkipped(skips, v, blank(v, key)), (a, b) => same(key, a, b));
    if ('conflict' in got) {
      const [a, b] = got.conflict;
      throw new DwsError('invalid_parameter', `${list[b].given} and ${list[a].given} give different values for the same parameter ${flag(key)}`, 'give it once');
    }
    const t = list[got.read];
    put(key, t.value, t.given, t.alias);
  }
  const blankRead = readAllBlank(tool, typed, (v, key) => blank(v, key));
  for (const [key, value] of blankRead.values) {
    Object.defineProperty(data, key, { value, enumerable: true, writable: true, configurable: true });
    from[key] = flag(key);
    viaAlias.delete(key);
  }
  // alias_blank_given: a blank alias alone gives the flag as "" (upstream's contactAnyFlagChanged, contact.go:73-80@c7521c1c)
  // an alias read with a value the order passes over (blank; an int 0 under read_skips zero) leaves the flag not given:
  // upstream's chain then falls back to the primary's default (intFlagOrFallback's `GetInt(primary)`)
  for (const key of viaAlias) if (empty(data[key], key) && !(Object.hasOwn(tool.parameters, key) && tool.parameters[key].alias_blank_given === true)) delete data[key];
  if (tool.trim_strings) trimStrings(tool, data);
  applyEnumRules(tool, data);
  return { data, refuseBlankRequired: () => refuseBlankRequired(tool, data, (key) => (typed.get(key) ?? []).map((t) => t.value), blankRead.passes) };
}

/**
 * all_blank: a spellings_trimmed flag typed under its own name whose every typed spelling trims to nothing is read as
 * the command's body reads it, untrimmed (installChatFlagAliases' PreRunE then sets nothing, helpers/chat.go:449-466,
 * and the body reads the spellings as typed; flagOrFallback and validateRequiredFlagWithAliases, pkg/cmdutil/flags.go:
 * 78-88, :135-143@c7521c1c): its value is the first of `read` typed non-empty ("" when none is), and it passes its
 * required check when one of `required` was typed non-empty (`--message-id "" --msg-id " "` sends " " where the body
 * reads flagOrFallback(message-id, msg-id)). A hidden spelling typed without the flag is left to the fold: not given.
 */
function readAllBlank(tool: ToolSpec, typed: ReadonlyMap<string, readonly { value: unknown; name: string; positional: boolean }[]>,
  blank: (v: unknown, key: string) => boolean): { values: Map<string, string>; passes: Map<string, boolean> } {
  const values = new Map<string, string>();
  const passes = new Map<string, boolean>();
  for (const [key, list] of typed) {
    const rule = Object.hasOwn(tool.parameters, key) ? tool.parameters[key].all_blank : undefined;
    if (!rule || !list.some((t) => t.name === key && !t.positional) || !list.every((t) => blank(t.value, key))) continue;
    const text = (name: string) => {
      const t = list.find((x) => x.name === name && !x.positional);
      return typeof t?.value === 'string' ? t.value : '';
    };
    const read = rule.read.find((n) => text(n) !== '');
    values.set(key, read === undefined ? '' : text(read));
    passes.set(key, rule.required.some((n) => text(n) !== ''));
  }
  return { values, passes };
}

/**
 * spellings_conflict_trimmed: two spellings whose texts, each trimmed as Go's TrimSpace, are non-blank and differ are
 * refused, as chatFlagOrAlias refuses them (helpers/chat.go:198-215@c7521c1c); equal or blank ones pass to the read_order.
 */
function refuseTrimmedConflict(key: string, list: readonly { value: unknown; given: string }[]): void {
  let first: { text: string; given: string } | undefined;
  for (const t of list) {
    const text = typeof t.value === 'string' ? trimSpace(t.value) : '';
    if (text === '') continue;
    if (first === undefined) first = { text, given: t.given };
    else if (first.text !== text) throw new DwsError('invalid_parameter', `${t.given} conflicts with ${first.given} (both give ${flag(key)})`, 'give it once');
  }
}

/**
 * A command that trims its text flags (ToolSpec.trim_strings: every `+shortcut`, and the corecmd leaves declaring
 * `Trim`) gets each text value without its surrounding whitespace before validation and its plan: upstream reads them
 * with `rt.Str` / corecmd `EffectiveValue`, which trim. List elements stay as typed (upstream's `rt.StrSlice`).
 */
function trimStrings(tool: ToolSpec, data: Record<string, unknown>): void {
  for (const [name, v] of Object.entries(data)) {
    const p = declaredFlag(tool, name);
    // an enum_blank: keep flag typed as whitespace only stays as typed, for the enum check to refuse (enum-input.ts)
    if (typeof v === 'string' && p?.type === 'string' && !(Object.hasOwn(tool.parameters, name) && keepsWhitespaceOnly(tool.parameters[name], v))) data[name] = trimSpace(v);
  }
}

/**
 * A flag declared `own_spelling_required` (upstream's cobra MarkFlagRequired on it, with no PreRunE copying an alias
 * into it: doc download's --node, doc.go:2737@c7521c1c) must be typed under its own name before its hidden spellings
 * count: cobra checks `Changed` on that flag alone, so `--url X` without `--node` is refused, while `--node "" --url X`
 * passes and then reads X.
 */
function refuseAliasWithoutOwnSpelling(tool: ToolSpec, values: Record<string, unknown>): void {
  for (const [name, p] of Object.entries(tool.parameters)) {
    if (!p.own_spelling_required || Object.hasOwn(values, name)) continue;
    const spelling = Object.keys(values).find((typed) => typed !== name && flagKey(tool, typed) === name);
    if (spelling !== undefined) {
      throw new DwsError('missing_parameter', `missing required flag ${flag(name)} (${flag(spelling)} is read only beside it)`,
        `type ${flag(name)} itself; see \`dws ${tool.primary_cli_path} --help\``);
    }
  }
}

/**
 * A required text flag given a value its check counts as missing is refused (exit 3), as the upstream body refuses it
 * before any call. The check is the flag's declared RequiredCheck (its own, else the command's; `trim` where neither
 * is declared): `trim` refuses `""` and a blank text, and a list with no element other than blanks (corecmd
 * ValidateRequired, corecmd.go:683-705, sliceHasValue :1607@c7521c1c); `empty` refuses only `""` (cmdutil
 * ValidateRequiredFlags, pkg/cmdutil/flags.go:110-121@c7521c1c) and leaves a blank text to the plan, which sends it
 * (trimmed or not) where upstream does; `given` refuses no typed value, `""` included (cobra's MarkFlagRequired and a
 * body's `!cmd.Flags().Changed(...)` ask only that the flag was typed, aitable.go:2977-2982@c7521c1c): only a flag
 * not typed at all is missing, which the schema's `required` refuses.
 */
export function missingRequired(check: RequiredCheck, v: unknown): boolean {
  if (check === 'given') return false;
  const blank = (x: unknown) => typeof x === 'string' && (check === 'empty' ? x : trimSpace(x)) === '';
  return blank(v) || (Array.isArray(v) && v.every(blank));
}

/**
 * A list flag counts as given when any of its typed spellings holds an element its check does not count as missing,
 * though the value read (and sent) may be another spelling's: corecmd's sliceValue walks the flag and then its aliases,
 * each only when typed, and returns the first with a non-blank element (corecmd.go:696-700, :846-864@c7521c1c), while a
 * `primary_typed_wins` body then sends the typed flag's own list (`--users ' ' --user a` sends `[" "]`, wiki/common.go:
 * 200-211). A flag read by its read_order already holds the filled spelling, so only such flags see the difference.
 */
function refuseBlankRequired(tool: ToolSpec, data: Record<string, unknown>, spellings: (key: string) => unknown[], allBlank: ReadonlyMap<string, boolean>): void {
  for (const [name, p] of Object.entries(tool.parameters)) {
    if (!(p.required || p.cli_required) || p.default !== undefined || !Object.hasOwn(data, name)) continue;
    // a flag read by its all_blank rule passes when one of its `required` spellings was typed non-empty (readAllBlank)
    const passes = allBlank.get(name);
    if (passes === false) throw new DwsError('missing_parameter', `missing required flag ${flag(name)} (it was given an empty value)`, `give ${flag(name)} a value; see \`dws ${tool.primary_cli_path} --help\``);
    if (passes) continue;
    const check = p.required_check ?? tool.required_check ?? 'trim';
    const givenElsewhere = flagType(p.type).list && spellings(name).some((v) => Array.isArray(v) && !missingRequired(check, v));
    if (missingRequired(check, data[name]) && !givenElsewhere) throw new DwsError('missing_parameter', `missing required flag ${flag(name)} (it was given an empty value)`, `give ${flag(name)} a value; see \`dws ${tool.primary_cli_path} --help\``);
  }
}

export interface Compiled {
  validate: (data: unknown) => boolean;
  errors: () => ErrorObject[] | null | undefined;
  groups: Group[];
}

export function schemaOf(tool: ToolSpec): { schema: object; groups: Group[] } {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const [name, p] of Object.entries(tool.parameters)) {
    const s: Record<string, unknown> = { ...flagType(p.type).schema };
    if (p.enum) {
      // Enum values are written as text in the catalog; compare them as the flag's JSON type.
      const values = acceptedEnum(p)!.map((v) => (p.type === 'bool' ? v === 'true' : convert(p.type, v)));
      if (s.type === 'array') s.items = { ...(s.items as object), enum: values };
      else s.enum = values;
    }
    if (p.format) {
      if (s.type === 'string') s.format = p.format;
      else if (s.type === 'integer' && p.format === 'positive-integer') s.minimum = 1;
    }
    properties[name] = s;
  }
  for (const [name, p] of Object.entries(tool.hidden_parameters ?? {})) {
    if (!properties[name]) properties[name] = { ...flagType(p.type).schema };
  }
  for (const p of tool.positionals ?? []) {
    if (!properties[p.name]) properties[p.name] = p.variadic ? { type: 'array', items: { type: 'string' } } : { type: 'string' };
  }
  const required = Object.entries(tool.parameters)
    .filter(([, p]) => (p.required || p.cli_required) && p.default === undefined)
    .map(([name]) => name);
  for (const p of tool.positionals ?? []) {
    if (p.required && !tool.parameters[p.name]) required.push(p.name);
  }
  // a group the plan refuses itself (constraints.plan_refuses: upstream's hand check, its own message) is shown by
  // Inspect and help but left to that refuse step here
  const groups: Group[] = [
    ...tool.constraints.require_together.map((flags) => ({ kind: 'require_together' as const, flags })),
    ...tool.constraints.require_one_of.filter((g) => !refusedByPlan(tool.constraints, 'require_one_of', g)).map((flags) => ({ kind: 'require_one_of' as const, flags })),
    ...tool.constraints.mutually_exclusive.filter((g) => !refusedByPlan(tool.constraints, 'mutually_exclusive', g))
      .map((flags) => ({ kind: 'mutually_exclusive' as const, flags, ...(blankCounts(tool.constraints, flags) ? { countBlank: true as const } : {}) })),
  ];
  const notBlank = tool.trim_strings ? NOT_BLANK_TRIMMED : NOT_BLANK;
  const allOf = groups.map((g) => {
    const present = g.flags.map((f) => ({ required: [f] }));
    // a blank satisfies no require_one_of (NOT_BLANK)
    if (g.kind === 'require_one_of') return { anyOf: g.flags.map((f) => ({ required: [f], properties: { [f]: notBlank } })) };
    // typed at all, as upstream's RequireAll (rt.Changed) and cobra's MarkFlagsRequiredTogether count them
    if (g.kind === 'require_together') return { anyOf: [{ not: { anyOf: present } }, { required: g.flags }] };
    // at most one: no two members given together; a blank one is not given, unless the group counts it (count_blank)
    const pairs = g.flags.flatMap((a, i) => g.flags.slice(i + 1).map((b) => ({ required: [a, b], ...(g.countBlank ? {} : { properties: { [a]: notBlank, [b]: notBlank } }) })));
    return { not: { anyOf: pairs } };
  });
  return { schema: { type: 'object', additionalProperties: false, properties, required, ...(allOf.length ? { allOf } : {}) }, groups };
}

function describeType(type: string): string {
  const t = flagType(type).schema;
  if (t.type === 'array') return `a list of ${(t.items as { type: string }).type === 'integer' ? 'integers' : 'texts'} (${type})`;
  if (t.pattern) return `a duration such as 30s or 1m30s (${type})`;
  return { integer: 'an integer', number: 'a number', boolean: 'a boolean', string: 'text' }[t.type as string] + ` (${type})`;
}

/**
 * The input as the schema checks it: an int64 flag beyond 2^53 (a JsonNumber, flag-types.ts parseGoInt) is checked as
 * the double nearest to it (an integer, within any range the catalog declares as Go would see it); the value the plan
 * sends stays the JsonNumber. In a command that trims its text flags (trim_strings), each element of a list flag with
 * an enum is checked trimmed and sent as typed: corecmd's validateEnum compares every slice value after TrimSpace,
 * while the body reads the slice untrimmed (rt.StrSlice; corecmd.go:761-797@c7521c1c, minutes +share
 * --sub-resources, a-x2). An element blank after trimming is not checked at all: the check reads the slice through
 * sliceValue, which drops blank elements (corecmd.go:846-864@c7521c1c), so `--artifacts basic,` passes and the body
 * still reads ["basic", ""] (h40-left2).
 */
export function checkedView(data: Record<string, unknown>, tool?: ToolSpec): Record<string, unknown> {
  const exact = (v: unknown): unknown => (v instanceof JsonNumber ? Number(v.literal) : Array.isArray(v) ? v.map(exact) : v);
  const trimmedList = (name: string) => tool !== undefined && trimmedEnumList(tool, name);
  const view = (k: string, v: unknown): unknown => (Array.isArray(v) && trimmedList(k) ? checkedElements(v).map((x) => (typeof x === 'string' ? trimSpace(x) : exact(x))) : exact(v));
  const changes = ([k, v]: [string, unknown]) => v instanceof JsonNumber || (Array.isArray(v) && (trimmedList(k) || v.some((x) => x instanceof JsonNumber)));
  if (!Object.entries(data).some(changes)) return data;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, view(k, v)]));
}

/** Whether the flag is a list with an enum in a command that trims its text flags: checked element by element, trimmed. */
function trimmedEnumList(tool: ToolSpec, name: string): boolean {
  return tool.trim_strings === true && Object.hasOwn(tool.parameters, name)
    && tool.parameters[name].enum !== undefined && flagType(tool.parameters[name].type).list === true;
}

/** The elements of such a list the enum check reads: the blank ones left out, as corecmd's sliceValue does. */
function checkedElements(list: unknown[]): unknown[] {
  return list.filter((x) => typeof x !== 'string' || trimSpace(x) !== '');
}

export function toError(tool: ToolSpec, c: Compiled, e: ErrorObject, data: Record<string, unknown>): DwsError {
  const group = /^#\/allOf\/(\d+)\//.exec(e.schemaPath);
  if (group) {
    const g = c.groups[Number(group[1])];
    const typed = g.flags.filter((f) => given(g, data, f, tool.trim_strings === true));
    if (g.kind === 'require_one_of') return new DwsError('constraint_violation', `one of ${flagList(g.flags)} is required`, 'give exactly the one that fits the task');
    if (g.kind === 'require_together') {
      const missing = g.flags.filter((f) => !Object.hasOwn(data, f));
      return new DwsError('constraint_violation', `${flagList(typed)} needs ${flagList(missing)} too (${flagList(g.flags)} go together)`);
    }
    return new DwsError('constraint_violation', `${flagList(typed)} cannot be used together (at most one of ${flagList(g.flags)})`);
  }
  const name = e.instancePath.split('/')[1] ?? '';
  const spec = declaredFlag(tool, name);
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    const isPositional = !Object.hasOwn(tool.parameters, missing) && (tool.positionals ?? []).some((p) => p.name === missing);
    return new DwsError('missing_parameter', isPositional ? `missing required argument <${missing}>` : `missing required flag ${flag(missing)}`,
      `see \`dws ${tool.primary_cli_path} --help\``);
  }
  const listed = (list: unknown[]) => (trimmedEnumList(tool, name) ? checkedElements(list) : list);
  const got = JSON.stringify(e.instancePath.split('/').length > 2 ? listed(data[name] as unknown[])[Number(e.instancePath.split('/')[2])] : data[name]);
  if (e.keyword === 'enum') {
    return new DwsError('invalid_parameter', `${flag(name)} must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}, got ${got}`);
  }
  if (e.keyword === 'format') return new DwsError('invalid_parameter', `${flag(name)} must be in format ${(e.params as { format: string }).format}, got ${got}`);
  if (e.keyword === 'type' || e.keyword === 'pattern') {
    return new DwsError('invalid_parameter', `${flag(name)} must be ${describeType(spec?.type ?? 'string')}, got ${got}`);
  }
  return new DwsError('invalid_parameter', `${flag(name) || 'the arguments'} ${e.message ?? 'is invalid'}${got === undefined ? '' : `, got ${got}`}`);
}

/** The catalog formats as ajv format definitions (one object each, made once: compiled and precompiled code share them). */
let formatDefs: Record<string, { type: 'string'; validate: (value: string) => boolean }> | undefined;
export function catalogFormatDefs(): Record<string, { type: 'string'; validate: (value: string) => boolean }> {
  formatDefs ??= Object.fromEntries(Object.entries(CATALOG_FORMATS).map(([name, validate]) => [name, { type: 'string' as const, validate }]));
  return formatDefs;
}
