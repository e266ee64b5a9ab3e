// How a typed value of an enum flag reaches the enum check: the two rules a parameter may declare beside its `enum`
// (docs/CATALOG-WRITING.md "Enum flags"). Upstream checks an enum in three ways: its flag framework compares the
// trimmed value exactly and refuses a blank (every flag without these rules), a command body trims or case-folds the
// value before its own switch (`enum_fold`), and a body without any check sends or skips what it was given, so a
// blank passes there (`enum_blank`). Applied once, in foldInput, before validation and the plan.
import type { ParameterSpec, ToolSpec } from '../catalog/types.js';
import { trimSpace } from './values.js';

/**
 * The value an enum flag carries into validation, or `undefined` when it counts as not given.
 * - `enum_fold: trim`: surrounding whitespace removed (Go `strings.TrimSpace` before the check);
 * - `enum_fold: case`: also matched ignoring case, and replaced by the enum's own spelling (`strings.ToLower`,
 *   `strings.ToUpper` or `strings.EqualFold` before a switch whose cases send the canonical value);
 * - `enum_blank: unset`: a blank (empty, or only whitespace) counts as not given, so the catalog default applies
 *   (a body that maps unknown or empty values to its default, or tests `v != ""`);
 * - `enum_blank: keep`: a blank passes the enum check as `""` (a body with no check that sends what was typed).
 * Without a rule the value is left as it is (a blank is then refused by the enum check, as upstream's framework does).
 * A list flag's elements are read one by one.
 */
export function enumInput(p: ParameterSpec, value: unknown): unknown {
  if (!p.enum) return value;
  if (Array.isArray(value)) {
    // a list flag: each element by the same rules; a blank element counting as not given is dropped
    return value.map((v) => enumInput(p, v)).filter((v) => v !== undefined);
  }
  if (typeof value !== 'string') return value;
  // a body that trims tests the trimmed value; one that does not sees "  " as a value (and refuses it)
  const blank = (p.enum_fold ? trimSpace(value) : value) === '';
  if (blank && p.enum_blank === 'unset') return undefined;
  if (blank && p.enum_blank === 'keep') return '';
  if (p.enum_fold === 'trim') return trimSpace(value);
  if (p.enum_fold === 'case') {
    const folded = trimSpace(value).toLowerCase();
    return p.enum.find((v) => v.toLowerCase() === folded) ?? trimSpace(value);
  }
  return value;
}

/** The enum values the schema accepts for the flag: its enum, and `""` when a blank is kept. */
export function acceptedEnum(p: ParameterSpec): string[] | undefined {
  if (!p.enum) return undefined;
  return p.enum_blank === 'keep' && !p.enum.includes('') ? [...p.enum, ''] : p.enum;
}

/** Applies enumInput to every declared enum flag the input holds (after aliases are folded). */
export function applyEnumRules(tool: ToolSpec, data: Record<string, unknown>): void {
  for (const [name, p] of Object.entries(tool.parameters)) {
    if (!p.enum || (p.enum_fold === undefined && p.enum_blank === undefined) || !Object.hasOwn(data, name)) continue;
    const v = enumInput(p, data[name]);
    if (v === undefined) delete data[name];
    else data[name] = v;
  }
}

/**
 * Whether a trim_strings command leaves this flag's text as typed: an `enum_blank: keep` flag (without a fold) typed as
 * whitespace only (`"  "`, not `""`). Upstream's framework check hands only an empty typed value over to the flag's
 * default; `"  "` is a value, which it trims to "" and refuses (corecmd rawValue and validateEnum, corecmd.go:761-797,
 * :1009-1034@c7521c1c; shortcut flags declare no Trim, shortcut/adapter.go:207-221), so the enum check must see it
 * untrimmed and refuse it instead of passing it as "".
 */
export function keepsWhitespaceOnly(p: ParameterSpec, value: unknown): boolean {
  return p.enum !== undefined && p.enum_blank === 'keep' && p.enum_fold === undefined &&
    typeof value === 'string' && value !== '' && trimSpace(value) === '';
}
