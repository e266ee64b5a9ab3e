// The operation translation of `sheet batch-update` (docs/PLANS.md "Sheet batch operations"): each operation names a
// sheet command the way a user types it ("range clear", "merge-cells") with that command's flag names as its input
// keys ("sheet-id"); the backend's batch_update takes the MCP tool and its camelCase arguments. The table is
// upstream's batchOpDispatch (helpers/sheet_batch.go) with one argument builder per command, and a name outside it is
// refused, as upstream refuses it. Pure but for the csv-put file, which the caller reads (confined to the file root).
import { DwsError } from '../errors.js';
import { isObject } from '../json-object.js';
import { goNumberText } from '../go-fmt.js';
import { JsonNumber } from '../json-number.js';
import { goCase } from '../text/go-case.js';
import { trimSpace } from '../text/space.js';

type Input = Record<string, unknown>;
type Builder = (input: Input, text: TextOf) => Input;
/** The text of one key's value as upstream's fmt.Sprintf("%v") gives it; undefined when the key is absent. */
type TextOf = (input: Input, ...keys: string[]) => string;

const HINT = 'correct the operation and run the command again';
const refuse = (message: string, hint = HINT) => new DwsError('invalid_parameter', message, hint);

/** Scalars as upstream's batchStr formats them; null, lists and objects are refused (upstream would send "<nil>" or Go's map syntax). */
function textOf(where: string): TextOf {
  return (input, ...keys) => {
    for (const k of keys) {
      if (!Object.hasOwn(input, k)) continue;
      const v = input[k];
      if (typeof v === 'string') return v;
      // Go's %v keeps the sign of a negative zero (JSON -0 decodes to float64 -0): "-0"
      if (typeof v === 'number') return goNumberText(v);
      if (typeof v === 'boolean') return String(v);
      throw refuse(`${where}.input["${k}"]: ${JSON.stringify(v)} is not text, a number or a boolean`);
    }
    return '';
  };
}

// fmt's scanning space (unicode.White_Space: U+0085 is space, U+FEFF is not) without the line feed: Sscanf skips
// leading space before %d, and a line feed there (after an optional carriage return) fails the scan.
const SCAN_INT = /^[\t\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*([+-]?[0-9]+)/u;
const INT64 = 2n ** 63n;

/**
 * upstream's batchInt (helpers/sheet_batch.go:126-142@c7521c1c): the first present key; a number truncated, anything
 * else as fmt.Sscanf("%d") reads its %v text: after leading space (no line feed), an optional sign and decimal digits
 * that fit an int64 (beyond 2^53 sent as the exact literal); else 0 (the scan failed and left the 0).
 */
function intOf(input: Input, ...keys: string[]): number | JsonNumber {
  for (const k of keys) {
    if (!Object.hasOwn(input, k)) continue;
    const v = input[k];
    // Go's int(n) has no negative zero (int(-0.5) is 0), where Math.trunc keeps the sign: `+ 0` drops it
    if (typeof v === 'number') return Math.trunc(v) + 0;
    const m = typeof v === 'string' ? SCAN_INT.exec(v) : null;
    if (!m) return 0;
    const n = BigInt(m[1]);
    if (n < -INT64 || n >= INT64) return 0;
    // Go sends the int exactly; beyond 2^53 a JavaScript number would not, so the digits go as a kept literal
    return Number.isSafeInteger(Number(n)) ? Number(n) : new JsonNumber(n.toString());
  }
  return 0;
}

/** upstream's batchStrOr: the key's text unless it is absent, null or empty. */
const textOr = (input: Input, text: TextOf, key: string, fallback: string) => (input[key] === null ? fallback : text(input, key) || fallback);

/** Keys whose value is present (not undefined) in the built arguments. */
const given = (input: Input, key: string) => Object.hasOwn(input, key);

const sheetRange: Builder = (i, t) => ({ sheetId: t(i, 'sheet-id'), range: t(i, 'range') });

/** CLI command name -> [MCP tool, argument builder]: upstream's batchOpDispatch and its Build<X>Args. */
const DISPATCH: Record<string, [string, Builder]> = {
  'range clear': ['clear_range', (i, t) => ({ ...sheetRange(i, t), type: textOr(i, t, 'type', 'content') })],
  'range update': ['set_cell_range', (i, t) => ({ sheetId: t(i, 'sheet-id'), rangeAddress: t(i, 'range'), cells: i.values ?? null })],
  'merge-cells': ['merge_range', (i, t) => ({ ...sheetRange(i, t), mergeType: t(i, 'merge-type') || 'mergeAll' })],
  'unmerge-cells': ['unmerge_range', sheetRange],
  'range fill': ['fill_range', (i, t) => ({
    sheetId: t(i, 'sheet-id'), sourceRange: t(i, 'source-range'), destinationRange: t(i, 'target-range'),
    ...(t(i, 'fill-type') ? { fillType: t(i, 'fill-type') } : {}),
  })],
  'range copy-to': ['copy_range', (i, t) => ({
    sheetId: t(i, 'sheet-id'), sourceRange: t(i, 'source-range'), destinationRange: t(i, 'target-range'),
    ...(t(i, 'target-sheet-id') ? { targetSheetId: t(i, 'target-sheet-id') } : {}),
    ...(t(i, 'paste-type') ? { pasteType: t(i, 'paste-type') } : {}),
  })],
  'add-dimension': ['add_dimension', (i, t) => ({ sheetId: t(i, 'sheet-id'), dimension: t(i, 'dimension'), length: intOf(i, 'length') })],
  'delete-dimension': ['delete_dimension', (i, t) => ({
    sheetId: t(i, 'sheet-id'), dimension: t(i, 'dimension'), startIndex: intOf(i, 'position', 'startIndex'), count: intOf(i, 'length', 'count'),
  })],
  'move-dimension': ['move_dimension', (i, t) => ({
    sheetId: t(i, 'sheet-id'), dimension: t(i, 'dimension'), startIndex: intOf(i, 'start-index', 'startIndex'),
    endIndex: intOf(i, 'end-index', 'endIndex'), destinationIndex: intOf(i, 'destination-index', 'destinationIndex'),
  })],
  'set-dropdown': ['insert_dropdown_lists', (i, t) => ({
    ...sheetRange(i, t),
    ...(i.options !== undefined && i.options !== null ? { options: i.options } : {}),
    ...(t(i, 'source-range') ? { sourceRange: { sheetId: t(i, 'source-sheet-id'), a1Notation: t(i, 'source-range') } } : {}),
    ...(given(i, 'multi-select') ? { enableMultiSelect: i['multi-select'] } : {}),
  })],
  'delete-dropdown': ['delete_dropdown_lists', sheetRange],
  'csv-put': ['set_range_from_csv', (i, t) => ({
    sheetId: t(i, 'sheet-id'), csv: t(i, 'csv'), startCell: t(i, 'start-cell'),
    ...(given(i, 'allow-overwrite') ? { allowOverwrite: i['allow-overwrite'] } : {}),
  })],
  'delete-float-image': ['delete_float_image', (i, t) => ({ sheetId: t(i, 'sheet-id'), floatImageId: t(i, 'float-image-id') })],
  'update-dimension': ['update_dimension', (i, t) => ({
    sheetId: t(i, 'sheet-id'), dimension: goCase(t(i, 'dimension'), 'upper'), startIndex: t(i, 'start-index'), length: intOf(i, 'length'),
    ...(intOf(i, 'pixel-size', 'pixelSize') !== 0 ? { pixelSize: intOf(i, 'pixel-size', 'pixelSize') } : {}),
    ...(given(i, 'hidden') ? { hidden: i.hidden } : {}),
  })],
  'group-dimension': ['group_dimension', (i, t) => ({ ...sheetRange(i, t), groupState: t(i, 'group-state', 'groupState') || 'expand' })],
  'ungroup-dimension': ['ungroup_dimension', sheetRange],
};

/** The command names an operation may give, in the order upstream's help lists them. */
export const BATCH_COMMANDS: readonly string[] = Object.keys(DISPATCH);

/** upstream's validateBatchSetDropdownInput: exactly one of options and source-range, the latter with its sheet. */
function checkDropdown(input: Input, t: TextOf, where: string): void {
  for (const k of ['source-colors', 'colors']) {
    if (given(input, k)) throw refuse(`${where}: set-dropdown takes no top-level "${k}"`, 'give inline colours as options[].color; colours of a source range cannot be set');
  }
  const hasOptions = input.options !== undefined && input.options !== null;
  const sourceRange = t(input, 'source-range');
  const sourceSheet = t(input, 'source-sheet-id');
  if (hasOptions === (sourceRange !== '')) throw refuse(`${where}: set-dropdown needs exactly one of "options" and "source-range"`);
  if ((sourceRange !== '') !== (sourceSheet !== '')) throw refuse(`${where}: set-dropdown needs "source-range" and "source-sheet-id" together`);
  if (sourceRange === '') return;
  // validateDropdownSourceRangeInput (helpers/sheet_dimension.go:22-37@c7521c1c): Go's TrimSpace
  const range = trimSpace(sourceRange);
  if (trimSpace(sourceSheet) === '') throw refuse(`${where}: "source-sheet-id" is blank`);
  if (range === '') throw refuse(`${where}: "source-range" is blank`);
  if (range.includes('!')) throw refuse(`${where}: "source-range" ${JSON.stringify(range)} has a worksheet prefix`, 'name the source worksheet with "source-sheet-id"');
  if (range.startsWith('=') || range.includes(',')) throw refuse(`${where}: "source-range" ${JSON.stringify(range)} is not one contiguous range`);
}

/** upstream's resolveCsvContent: `@path` is the file's text; carriage returns and a leading byte-order mark removed. */
function csvText(csv: string, where: string, readFile: (path: string) => string): string {
  if (csv === '-') throw refuse(`${where}: csv-put cannot read "csv" from standard input`, 'give the CSV text or @<file path>');
  const text = csv.startsWith('@') ? readFile(csv.slice(1)) : csv;
  return text.replaceAll('\r', '').replace(/^\uFEFF/u, '');
}

/**
 * The transform `sheet_batch_operations`: the parsed --operations list -> the batch_update operations, each
 * `{toolName: <MCP tool>, input: <its arguments>}`. `readFile` reads a csv-put `@path` (the plan's file root).
 */
export function sheetBatchOperations(v: unknown, readFile: (path: string) => string): unknown[] {
  if (!Array.isArray(v)) throw refuse(`--operations: ${JSON.stringify(v)} is not a JSON list`, 'give --operations as a JSON array of {toolName, input}');
  return v.map((op, n) => {
    const where = `--operations[${n}]`;
    if (!isObject(op)) throw refuse(`${where}: ${JSON.stringify(op)} is not an object`, 'give each operation as {toolName, input}');
    const name = typeof op.toolName === 'string' ? op.toolName : '';
    const entry = Object.hasOwn(DISPATCH, name) ? DISPATCH[name] : undefined;
    if (!entry) {
      throw refuse(`${where}: unsupported toolName ${JSON.stringify(op.toolName ?? null)}: an operation names a sheet command (${BATCH_COMMANDS.map((c) => `"${c}"`).join(', ')})`,
        'name the operation as the dws sheet command, with its flag names (without --) as the input keys');
    }
    const input = isObject(op.input) ? op.input : {};
    const text = textOf(where);
    if (name === 'set-dropdown') checkDropdown(input, text, where);
    const args = entry[1](input, text);
    if (name === 'csv-put') args.csv = csvText(args.csv as string, where, readFile);
    return { toolName: entry[0], input: args };
  });
}
