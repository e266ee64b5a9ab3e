// The sheet style primitive of the plan language (docs/PLANS.md "Sheet styles"): A1 ranges, the per-cell style
// matrix of one range, and the set_cell_range operations `sheet range batch-set-style` sends in one batch_update.
// Pure: the --batch file is read by the plan (json_or_file) before its value gets here. The bounds are checked before
// any matrix is allocated, so a huge range is refused instead of built.
import { byCodePoint } from '../text/order.js';
import { DwsError } from '../errors.js';
import { quoted } from '../limits.js';
import { isObject } from '../json-object.js';
import { isInt64Literal, JsonNumber } from '../json-number.js';
import { parseJsonExactWellFormed, parseJsonWellFormed } from '../json-well-formed.js';

/** The backend's own limits on one set_cell_range: rows, and rows x columns. */
export const MAX_STYLE_ROWS = 1000;
export const MAX_STYLE_CELLS = 30_000;
/** One batch: at most this many ranges, and this many cells over all of them (the request holds every matrix). */
export const MAX_STYLE_RANGES = 100;
export const MAX_BATCH_STYLE_CELLS = 200_000;

export interface A1Shape {
  rows: number;
  cols: number;
}

const HINT = 'correct the value and run the command again';
const refuse = (message: string, hint = HINT) => new DwsError('invalid_parameter', message, hint);
const conflict = (message: string, hint: string) => new DwsError('constraint_violation', message, hint);

/** "B3" -> column 2, row 3: column letters then a row number, both from 1; absent for anything else. */
export function cellOf(text: string): { col: number; row: number } | undefined {
  const m = /^([A-Z]+)([0-9]+)$/u.exec(text);
  if (!m) return undefined;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
  const row = Number(m[2]);
  // Far-out coordinates are refused rather than rounded (a float would silently change the shape).
  return Number.isSafeInteger(col) && Number.isSafeInteger(row) && row >= 1 ? { col, row } : undefined;
}

/**
 * The shape of an A1 range ("A1", "A1:C3", "Sheet1!B2:A1"): a worksheet prefix up to the first "!" is ignored,
 * surrounding space too, letters may be lower case, and the corners may come in any order. `where` names the value.
 */
export function parseA1Range(text: string, where: string): A1Shape {
  const bang = text.indexOf('!');
  const addr = (bang >= 0 ? text.slice(bang + 1) : text).trim().replace(/[a-z]/gu, (c) => c.toUpperCase());
  if (addr === '') throw refuse(`${where}: the range is empty`, 'give a range such as A1:C3');
  const colon = addr.indexOf(':');
  const parts = colon < 0 ? [addr] : [addr.slice(0, colon), addr.slice(colon + 1)];
  const corners = parts.map((p) => {
    const c = cellOf(p);
    if (!c) throw refuse(`${where}: ${quoted(p)} is not a cell address (column letters, then a row number from 1, as in B3)`, 'give a range such as A1:C3');
    return c;
  });
  const [a, b] = [corners[0], corners[corners.length - 1]];
  return { rows: Math.abs(b.row - a.row) + 1, cols: Math.abs(b.col - a.col) + 1 };
}

/** The style keys of a --batch item; on the command line each is the flag next to it. */
export const STYLE_FLAGS = {
  bgColor: 'bg-color', bgColorsJson: 'bg-colors-json',
  borderStylesJson: 'border-styles-json',
  fontColor: 'font-color', fontColorsJson: 'font-colors-json',
  fontFamily: 'font-family', fontLine: 'font-line',
  fontSize: 'font-size', fontSizesJson: 'font-sizes-json',
  fontStyle: 'font-style',
  fontWeight: 'font-weight', fontWeightsJson: 'font-weights-json',
  hAlign: 'h-align', hAlignsJson: 'h-aligns-json',
  numberFormat: 'number-format',
  vAlign: 'v-align', vAlignsJson: 'v-aligns-json',
  wordWrap: 'word-wrap',
} as const;

export type StyleKey = keyof typeof STYLE_FLAGS;
/** Style values as a flag or a --batch item gives them (a *Json value as JSON text, or in a file as the value itself). */
export type StyleSpec = Partial<Record<StyleKey, unknown>>;
/** How an error names a style key: the flag (`--bg-color`) or the --batch item's key (`bgColor`). */
export type KeyLabel = (key: StyleKey) => string;

type Getter = (i: number, j: number) => unknown;

/** Styles with a per-cell form: the value for the whole range, or a matrix of the range's shape. */
const PER_CELL: { key: StyleKey; grid: StyleKey; out: string; size?: true; allowed?: readonly string[] }[] = [
  { key: 'bgColor', grid: 'bgColorsJson', out: 'backgroundColor' },
  { key: 'fontColor', grid: 'fontColorsJson', out: 'fontColor' },
  { key: 'fontSize', grid: 'fontSizesJson', out: 'fontSize', size: true },
  { key: 'fontWeight', grid: 'fontWeightsJson', out: 'fontWeight', allowed: ['bold', 'normal'] },
  { key: 'hAlign', grid: 'hAlignsJson', out: 'horizontalAlignment', allowed: ['left', 'center', 'right', 'general'] },
  { key: 'vAlign', grid: 'vAlignsJson', out: 'verticalAlignment', allowed: ['top', 'middle', 'bottom'] },
];

/** Styles that apply to the whole range only. */
const WHOLE: { key: StyleKey; out: string; allowed?: readonly string[] }[] = [
  { key: 'fontFamily', out: 'fontFamily' },
  { key: 'fontStyle', out: 'fontStyle', allowed: ['normal', 'italic'] },
  { key: 'numberFormat', out: 'numberFormat' },
  { key: 'wordWrap', out: 'wordWrap', allowed: ['overflow', 'clip', 'autoWrap'] },
];

/** --font-line is one choice that the backend takes as two booleans. */
const FONT_LINES: Record<string, { textLineThrough: boolean; textUnderline: boolean }> = {
  none: { textLineThrough: false, textUnderline: false },
  underline: { textLineThrough: false, textUnderline: true },
  'line-through': { textLineThrough: true, textUnderline: false },
};

const BORDER_EDGES = ['bottom', 'left', 'right', 'top'];
const BORDER_STYLES = ['dashDot', 'dashDotDot', 'dashed', 'dotted', 'double', 'hair', 'medium', 'mediumDashDot', 'mediumDashDotDot',
  'mediumDashed', 'none', 'slantDashDot', 'solid', 'thick'];

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const oneOf = (allowed: readonly string[]) => `one of ${allowed.join(', ')}`;

/**
 * A JSON value given as text (a flag) or as itself (a --batch file); text that is not JSON is refused. `exact` keeps the
 * number literals as typed (JsonNumber), for a value upstream decodes into Go ints.
 */
function decoded(v: unknown, label: string, exact = false): unknown {
  if (typeof v !== 'string') return v;
  try {
    return exact ? parseJsonExactWellFormed(v) : parseJsonWellFormed(v);
  } catch {
    throw refuse(`${label}: ${quoted(v)} is not valid JSON`);
  }
}

/** A text style value: a string, one of `allowed` when given. */
function textValue(v: unknown, label: string, allowed?: readonly string[]): string {
  if (typeof v !== 'string') throw refuse(`${label}: ${JSON.stringify(v)} is not text`);
  if (allowed && !allowed.includes(v)) throw refuse(`${label}: ${quoted(v)} is not ${oneOf(allowed)}`);
  return v;
}

/**
 * A font size as json.Unmarshal reads a JSON number into a Go int (sheet_style.go:113-118, :263-266@c7521c1c): a
 * whole-number literal (no fraction, no exponent: 1.0 and 1e3 fail the decode) within int64, -0 being 0; anything
 * else is refused. Only a whole-range size must not be negative (intGrid :254-256); a matrix cell may be, and is sent.
 */
function sizeValue(v: unknown, label: string, inMatrix = false): number {
  const n = v instanceof JsonNumber ? (isInt64Literal(v) ? Number(v.literal) : undefined) : typeof v === 'number' && Number.isSafeInteger(v) ? v : undefined;
  if (n === undefined || (!inMatrix && n < 0)) throw refuse(`${label}: ${v instanceof JsonNumber ? v.literal : JSON.stringify(v)} is not a whole number of points`);
  return n === 0 ? 0 : n;
}

/** A matrix of the range's shape: as many rows, the longest row as many columns (shorter rows leave cells unset). */
function gridGetter(raw: unknown, label: string, shape: A1Shape, cell: (v: unknown) => unknown, exact = false): Getter {
  const m = decoded(raw, label, exact);
  if (!Array.isArray(m) || !m.every((r) => r === null || Array.isArray(r))) {
    throw refuse(`${label}: not a matrix (a JSON list of rows, each a list of cell values)`);
  }
  const rows = m.map((r: unknown[] | null) => r ?? []);
  const cols = rows.reduce((n, r) => Math.max(n, r.length), 0);
  if (rows.length !== shape.rows || cols !== shape.cols) {
    throw refuse(`${label}: the matrix is ${rows.length}x${cols}, the range ${shape.rows}x${shape.cols}`, 'give one row per range row and one value per column');
  }
  // A null cell of the matrix leaves that cell's style unset (Go decodes null as the zero value).
  const values = rows.map((r) => r.map((v) => (v === null ? undefined : cell(v))));
  return (i, j) => values[i][j];
}

function perCellGetter(spec: StyleSpec, d: (typeof PER_CELL)[number], label: KeyLabel, shape: A1Shape): Getter | undefined {
  const [one, grid] = [spec[d.key], spec[d.grid]];
  // a whole-range size of 0 (or -0) is upstream's unset int (intGrid :253)
  const size = d.size && present(one) ? sizeValue(one, label(d.key)) : 0;
  const hasOne = d.size ? size !== 0 : present(one);
  if (hasOne && present(grid)) {
    throw conflict(`${label(d.key)} and ${label(d.grid)} cannot both be given`, 'give one value for the whole range or one matrix');
  }
  if (hasOne) {
    const v = d.size ? size : textValue(one, label(d.key), d.allowed);
    return () => v;
  }
  if (!present(grid)) return undefined;
  const at = label(d.grid);
  // an empty text cell of a text matrix leaves the cell unset (strGrid :238-243); a size cell of 0 likewise (:270-273)
  if (d.size) return gridGetter(grid, at, shape, (v) => sizeValue(v, at, true) || undefined, true);
  return gridGetter(grid, at, shape, (v) => (v === '' ? undefined : textValue(v, at, d.allowed)));
}

/** --border-styles-json: edges (top, bottom, left, right) -> {style, color?}; misspelt keys are refused. */
function borderStyles(raw: unknown, label: string): Record<string, { color?: string; style: string }> {
  const v = decoded(raw, label);
  if (!isObject(v) || Object.keys(v).length === 0) throw refuse(`${label}: not an object of edges (top, bottom, left, right)`);
  const out: Record<string, { color?: string; style: string }> = {};
  for (const edge of Object.keys(v).sort(byCodePoint)) {
    const at = `${label}.${edge}`;
    if (!BORDER_EDGES.includes(edge)) throw refuse(`${at}: not an edge (${oneOf(BORDER_EDGES)})`);
    const spec = v[edge] ?? {};
    if (!isObject(spec)) throw refuse(`${at}: not an object {style, color}`);
    const unknown = Object.keys(spec).filter((k) => k !== 'style' && k !== 'color');
    if (unknown.length) throw refuse(`${at}: unknown key ${quoted(unknown[0])} (an edge has style and color)`);
    if (!present(spec.style)) throw refuse(`${at}: style is missing`);
    const style = textValue(spec.style, `${at}.style`, BORDER_STYLES);
    if (spec.color === undefined || spec.color === null) {
      out[edge] = { style };
    } else {
      if (spec.color === '') throw refuse(`${at}.color: empty (leave the key out for no color)`);
      out[edge] = { color: textValue(spec.color, `${at}.color`), style };
    }
  }
  return out;
}

/**
 * The set_cell_range cells of one range: each cell `{borderStyles?, cellStyles?}` (`{}` leaves the cell as it is;
 * values are never written). At least one style must be given. Bounds first: MAX_STYLE_ROWS, MAX_STYLE_CELLS.
 */
export function buildStyleCells(spec: StyleSpec, shape: A1Shape, label: KeyLabel): Record<string, unknown>[][] {
  if (shape.rows > MAX_STYLE_ROWS) throw refuse(`the range has ${shape.rows} rows, more than ${MAX_STYLE_ROWS} in one style update`, 'split the range');
  if (shape.rows * shape.cols > MAX_STYLE_CELLS) {
    throw refuse(`the range has ${shape.rows}x${shape.cols} cells, more than ${MAX_STYLE_CELLS} in one style update`, 'split the range');
  }
  const getters: [string, Getter][] = [];
  for (const d of PER_CELL) {
    const g = perCellGetter(spec, d, label, shape);
    if (g) getters.push([d.out, g]);
  }
  for (const w of WHOLE) {
    if (!present(spec[w.key])) continue;
    const v = textValue(spec[w.key], label(w.key), w.allowed);
    getters.push([w.out, () => v]);
  }
  if (present(spec.fontLine)) {
    const line = FONT_LINES[textValue(spec.fontLine, label('fontLine'), Object.keys(FONT_LINES))];
    getters.push(['textLineThrough', () => line.textLineThrough], ['textUnderline', () => line.textUnderline]);
  }
  const border = present(spec.borderStylesJson) ? borderStyles(spec.borderStylesJson, label('borderStylesJson')) : undefined;
  if (getters.length === 0 && border === undefined) {
    throw refuse('no style is given', `give at least one of ${Object.values(STYLE_FLAGS).map((f) => `--${f}`).join(', ')}`);
  }
  // Keys in code point order, as the upstream CLI's JSON encoder writes them.
  getters.sort(([a], [b]) => byCodePoint(a, b));
  const cells: Record<string, unknown>[][] = [];
  for (let i = 0; i < shape.rows; i++) {
    const row: Record<string, unknown>[] = [];
    for (let j = 0; j < shape.cols; j++) {
      const styles: Record<string, unknown> = {};
      for (const [out, get] of getters) {
        const v = get(i, j);
        if (v !== undefined) styles[out] = v;
      }
      const cell: Record<string, unknown> = {};
      if (border) cell.borderStyles = border;
      if (Object.keys(styles).length) cell.cellStyles = styles;
      row.push(cell);
    }
    cells.push(row);
  }
  return cells;
}

interface Target {
  sheetId: string;
  rangeAddress: string;
  spec: StyleSpec;
  /** Names this target in messages: `--ranges[1] "Sheet1!A1:B2"` or `--batch[1]`. */
  where: string;
  label: KeyLabel;
}

/** Shapes every target and checks the batch bound over all of them before any matrix is built. */
function operationsOf(targets: Target[], toolName: string): unknown[] {
  let total = 0;
  const shapes = targets.map((t) => {
    const shape = parseA1Range(t.rangeAddress, t.where);
    total += shape.rows * shape.cols;
    if (total > MAX_BATCH_STYLE_CELLS) {
      throw refuse(`${t.where}: the ranges up to here have ${total} cells, more than ${MAX_BATCH_STYLE_CELLS} in one batch`, 'split the ranges over several runs');
    }
    return shape;
  });
  return targets.map((t, i) => {
    let cells: unknown;
    try {
      cells = buildStyleCells(t.spec, shapes[i], t.label);
    } catch (e) {
      if (e instanceof DwsError) throw new DwsError(e.reason, `${t.where}: ${e.message}`, e.hint);
      throw e;
    }
    return { input: { cells, rangeAddress: t.rangeAddress, sheetId: t.sheetId }, toolName };
  });
}

function checkCount(list: unknown, flag: string, example: string): unknown[] {
  if (list === null || (Array.isArray(list) && list.length === 0)) throw refuse(`${flag}: the list is empty`, `give ${example}`);
  if (!Array.isArray(list)) throw refuse(`${flag}: not a JSON list`, `give ${example}`);
  if (list.length > MAX_STYLE_RANGES) throw refuse(`${flag}: ${list.length} ranges, more than ${MAX_STYLE_RANGES} in one batch`, 'split them over several runs');
  return list;
}

/** --ranges: worksheet-prefixed ranges ("Sheet1!A1:B3", split at the first "!", both parts trimmed), one style. */
function rangeTargets(ranges: unknown, spec: StyleSpec): Target[] {
  const label: KeyLabel = (k) => `--${STYLE_FLAGS[k]}`;
  return checkCount(ranges, '--ranges', 'a JSON list such as ["Sheet1!A1:B3"]').map((r, i) => {
    const where = `--ranges[${i}]`;
    if (typeof r !== 'string') throw refuse(`${where}: ${JSON.stringify(r)} is not text`, 'give ranges such as "Sheet1!A1:B3"');
    const bang = r.indexOf('!');
    const [sheetId, rangeAddress] = bang < 0 ? ['', ''] : [r.slice(0, bang).trim(), r.slice(bang + 1).trim()];
    if (sheetId === '' || rangeAddress === '') {
      throw refuse(`${where}: ${quoted(r)} has no worksheet prefix`, 'write each range as "SheetName!A1:B3"');
    }
    return { sheetId, rangeAddress, spec, where: `${where} ${quoted(r)}`, label };
  });
}

const ITEM_KEYS = ['range', 'sheetId', ...Object.keys(STYLE_FLAGS)];

/** --batch: items {sheetId, range, <style keys>}; sheetId and range are sent as written (a name may have spaces). */
function batchTargets(items: unknown): Target[] {
  return checkCount(items, '--batch', 'a JSON list of {"sheetId", "range", style keys...}').map((item, i) => {
    const where = `--batch[${i}]`;
    if (!isObject(item)) throw refuse(`${where}: not an object {"sheetId", "range", style keys...}`);
    const unknown = Object.keys(item).filter((k) => !ITEM_KEYS.includes(k));
    if (unknown.length) throw refuse(`${where}: unknown key ${quoted(unknown[0])}`, `an item's keys are ${ITEM_KEYS.join(', ')}`);
    for (const k of ['sheetId', 'range'] as const) {
      const v = item[k];
      if (typeof v !== 'string' || v.trim() === '') throw refuse(`${where}: no ${k} (non-empty text)`, 'give every item its sheetId and range');
    }
    const spec: StyleSpec = {};
    for (const k of Object.keys(STYLE_FLAGS) as StyleKey[]) if (item[k] !== undefined) spec[k] = item[k];
    return { sheetId: item.sheetId as string, rangeAddress: item.range as string, spec, where, label: (k) => k };
  });
}

/**
 * The transform `sheet_style_operations`: `{toolName, ranges?, batch?, <style keys>}` (toolName the plan's constant
 * for the operation each range becomes, the rest the flags, --ranges and --batch already parsed) -> the
 * batch_update operations, one per range. Exactly one of --ranges and --batch; --batch takes every style from its
 * items, so a style flag next to it is refused rather than ignored.
 */
export function sheetStyleOperations(v: unknown): unknown[] {
  const input = isObject(v) ? v : {};
  const { toolName, ranges, batch } = input;
  if (typeof toolName !== 'string' || toolName === '') {
    throw new DwsError('internal_error', 'sheet_style_operations: the plan gives no toolName for the operations');
  }
  if (ranges === undefined && batch === undefined) {
    throw conflict('one of --ranges or --batch is required', 'give --ranges with style flags (one style), or --batch with a style per range');
  }
  if (ranges !== undefined && batch !== undefined) throw conflict('--ranges and --batch cannot be given together', 'give one of them');
  const spec: StyleSpec = {};
  for (const k of Object.keys(STYLE_FLAGS) as StyleKey[]) if (input[k] !== undefined) spec[k] = input[k];
  if (batch !== undefined) {
    const flags = Object.keys(spec).map((k) => `--${STYLE_FLAGS[k as StyleKey]}`);
    if (flags.length) {
      throw conflict(`--batch takes the styles from its items; ${flags.join(', ')} would not apply`, 'write the styles into the --batch items, or use --ranges');
    }
    return operationsOf(batchTargets(batch), toolName);
  }
  return operationsOf(rangeTargets(ranges, spec), toolName);
}
