// The --styles of `sheet create-with-data` (docs/PLANS.md "Sheet create-with-data styles"): upstream's Feishu-shaped
// {"styles": [{name, cell_styles, row_sizes, col_sizes, cell_merges}]} (helpers/sheet_create_with_data.go
// parseCreateStyles / planStyleOps) checked as a whole before anything is created, and turned into the arguments of
// the calls that apply it after the data is written: set_cell_range per cell_styles item (the style matrix of
// sheet-style.ts), update_dimension per row_sizes / col_sizes item, merge_cells per cell_merges item.
import { DwsError } from '../errors.js';
import { buildStyleCells, parseA1Range, type StyleSpec } from './sheet-style.js';
import { isObject } from '../json-object.js';
import { columnLetters } from './sheet-table-specs.js';

type Item = Record<string, unknown>;
/** The backend tools --styles calls, in the order upstream applies one sheet's styles. */
export const STYLE_TOOLS = ['set_cell_range', 'update_dimension', 'merge_cells'] as const;
export type StyleTool = (typeof STYLE_TOOLS)[number];

const refuse = (message: string, hint = 'correct --styles and run the command again') => new DwsError('invalid_parameter', message, hint);

const ITEM_KEYS = ['name', 'cell_styles', 'row_sizes', 'col_sizes', 'cell_merges'];
/** cell_styles keys: snake_case as Feishu writes them, with upstream's camelCase spellings, -> the StyleSpec key. */
const CELL_KEYS: Record<string, keyof StyleSpec | 'range'> = {
  range: 'range',
  background_color: 'bgColor', backgroundColor: 'bgColor', bgColor: 'bgColor',
  font_color: 'fontColor', fontColor: 'fontColor',
  font_family: 'fontFamily', fontFamily: 'fontFamily',
  font_style: 'fontStyle', fontStyle: 'fontStyle',
  font_weight: 'fontWeight', fontWeight: 'fontWeight',
  font_line: 'fontLine', fontLine: 'fontLine',
  font_size: 'fontSize', fontSize: 'fontSize',
  horizontal_alignment: 'hAlign', horizontalAlignment: 'hAlign', hAlign: 'hAlign',
  vertical_alignment: 'vAlign', verticalAlignment: 'vAlign', vAlign: 'vAlign',
  word_wrap: 'wordWrap', wordWrap: 'wordWrap',
  number_format: 'numberFormat', numberFormat: 'numberFormat',
  border_styles: 'borderStylesJson', borderStyles: 'borderStylesJson',
};
/** The text styles, each with its spellings in upstream's order of preference. */
const TEXT_STYLES: [keyof StyleSpec, string[]][] = (['bgColor', 'fontColor', 'fontFamily', 'fontStyle', 'fontWeight', 'fontLine', 'hAlign', 'vAlign', 'wordWrap', 'numberFormat'] as const)
  .map((to) => [to, Object.keys(CELL_KEYS).filter((k) => CELL_KEYS[k] === to)]);
/** Feishu's word_wrap values (upstream feishuWordWrap); overflow / autoWrap / clip pass as they are. */
const WORD_WRAPS: Record<string, string> = { 'auto-wrap': 'autoWrap', 'word-clip': 'clip' };
const SIZE_KEYS = ['range', 'type', 'size'];
const MERGE_KEYS = ['range', 'merge_type', 'mergeType'];
const MERGE_TYPES: Record<string, string> = { '': 'mergeAll', all: 'mergeAll', rows: 'mergeRows', columns: 'mergeColumns', mergeAll: 'mergeAll', mergeRows: 'mergeRows', mergeColumns: 'mergeColumns' };

function onlyKeys(item: unknown, allowed: readonly string[], where: string): Item {
  if (!isObject(item)) throw refuse(`${where}: ${JSON.stringify(item)} is not an object`);
  const unknown = Object.keys(item).filter((k) => !allowed.includes(k));
  if (unknown.length) throw refuse(`${where}: unknown key "${unknown[0]}"`, `its keys are ${allowed.join(', ')}`);
  return item;
}

/** upstream's pickStr: the first of the keys holding a non-empty string ("" when none; other types are passed over). */
function pickStr(item: Item, ...keys: string[]): string {
  for (const k of keys) if (typeof item[k] === 'string' && item[k] !== '') return item[k] as string;
  return '';
}

/** upstream's pickNum: the first of the keys that is not absent or null, a whole number within 32 bits. */
function pickNum(item: Item, where: string, ...keys: string[]): number | undefined {
  for (const k of keys) {
    const v = item[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number') throw refuse(`${where}.${k}: ${JSON.stringify(v)} is not a number`);
    if (!Number.isInteger(v)) throw refuse(`${where}.${k}: ${v} is not a whole number`);
    if (v > 2 ** 31 - 1 || v < -(2 ** 31)) throw refuse(`${where}.${k}: ${v} is out of range`);
    return v;
  }
  return undefined;
}

function list(v: unknown, where: string): unknown[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw refuse(`${where}: not a JSON list`);
  return v;
}

/** One cell_styles item -> set_cell_range arguments; the range is sent as written. */
function cellStyle(raw: unknown, where: string): Item {
  const item = onlyKeys(raw, Object.keys(CELL_KEYS), where);
  const range = pickStr(item, 'range');
  if (range === '') throw refuse(`${where}: no range`);
  const spec: StyleSpec = {};
  for (const [to, aliases] of TEXT_STYLES) {
    const v = pickStr(item, ...aliases);
    if (v !== '') spec[to] = to === 'wordWrap' ? WORD_WRAPS[v] ?? v : v;
  }
  const size = pickNum(item, where, 'font_size', 'fontSize');
  if (size !== undefined && size !== 0) spec.fontSize = size;
  for (const k of ['border_styles', 'borderStyles']) {
    if (item[k] !== undefined && item[k] !== null) {
      spec.borderStylesJson = JSON.stringify(item[k]);
      break;
    }
  }
  try {
    const cells = buildStyleCells(spec, parseA1Range(range, `${where}.range`), (k) => `${where}.${k}`);
    return { rangeAddress: range, cells };
  } catch (e) {
    if (e instanceof DwsError && !e.message.startsWith(where)) throw new DwsError(e.reason, `${where}: ${e.message}`, e.hint);
    throw e;
  }
}

/** "1:3" rows or "A:C" columns (a worksheet prefix ignored, corners in either order) -> the start and the count. */
function rowColRange(text: string, rows: boolean, where: string): { startIndex: string; length: number } {
  let addr = text.trim();
  if (addr.includes('!')) addr = addr.slice(addr.indexOf('!') + 1);
  if (addr === '') throw refuse(`${where}: the range is empty`);
  const colon = addr.indexOf(':');
  const a = (colon < 0 ? addr : addr.slice(0, colon)).trim();
  const b = colon < 0 ? a : addr.slice(colon + 1).trim();
  if (rows) {
    // Go's strconv.Atoi: an optional sign, then decimal digits
    const [r1, r2] = [a, b].map((x) => (/^[+-]?\d+$/u.test(x) ? Number(x) : NaN));
    if (!(r1 >= 1) || !(r2 >= 1)) throw refuse(`${where}: ${JSON.stringify(addr)} is not a row range such as "1:3"`);
    return { startIndex: String(Math.min(r1, r2)), length: Math.abs(r2 - r1) + 1 };
  }
  if (!/^[A-Za-z]+$/u.test(a) || !/^[A-Za-z]+$/u.test(b)) throw refuse(`${where}: ${JSON.stringify(addr)} is not a column range such as "A:C"`);
  const col = (x: string) => [...x.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
  const [c1, c2] = [col(a), col(b)];
  return { startIndex: (c2 < c1 ? b : a).toUpperCase(), length: Math.abs(c2 - c1) + 1 };
}

/** One row_sizes / col_sizes item -> update_dimension arguments. */
function size(raw: unknown, rows: boolean, where: string): Item {
  const item = onlyKeys(raw, SIZE_KEYS, where);
  const range = pickStr(item, 'range');
  if (range === '') throw refuse(`${where}: no range`);
  const type = pickStr(item, 'type').toLowerCase() || 'pixel';
  const args: Item = { dimension: rows ? 'ROWS' : 'COLUMNS', sizeType: type };
  const n = pickNum(item, where, 'size');
  if (type === 'pixel') {
    if (n === undefined || n <= 0) throw refuse(`${where}: type pixel needs a positive whole size`);
    args.pixelSize = n;
  } else if (type === 'standard' || (type === 'auto' && rows)) {
    if (n !== undefined) throw refuse(`${where}: type ${type} takes no size`, 'use type pixel for a fixed size');
  } else {
    throw refuse(`${where}.type: ${JSON.stringify(type)} is not one of ${rows ? 'pixel, standard, auto' : 'pixel, standard'}`);
  }
  return { ...args, ...rowColRange(range, rows, `${where}.range`) };
}

/** One cell_merges item -> merge_cells arguments. */
function merge(raw: unknown, where: string): Item {
  const item = onlyKeys(raw, MERGE_KEYS, where);
  const range = pickStr(item, 'range');
  if (range === '') throw refuse(`${where}: no range`);
  parseA1Range(range, `${where}.range`);
  const type = pickStr(item, 'merge_type', 'mergeType');
  if (!Object.hasOwn(MERGE_TYPES, type)) throw refuse(`${where}: merge_type ${JSON.stringify(type)} is not one of all, rows, columns (or mergeAll, mergeRows, mergeColumns)`);
  return { rangeAddress: range, mergeType: MERGE_TYPES[type] };
}

/** The table names of --sheets (a list, {"sheets": [...]} or one table), in order. */
function sheetNames(sheets: unknown): string[] | undefined {
  if (sheets === undefined) return undefined;
  const tables = Array.isArray(sheets) ? sheets : isObject(sheets) && Array.isArray(sheets.sheets) ? sheets.sheets : [sheets];
  return tables.map((t) => (isObject(t) && typeof t.name === 'string' ? t.name : ''));
}

/**
 * The transform `sheet_create_styles`: `{styles, sheets?, tool}` (--styles and --sheets parsed, `tool` one of
 * STYLE_TOOLS) -> the arguments (without nodeId) of every `tool` call --styles makes, in upstream's order. With
 * --sheets each styles item names its table, in the same order, and its calls carry `sheetId`: the name, as upstream
 * sends it; with --values there is one item, whose calls leave `sheetId` to the plan (the first worksheet). Every
 * item is checked, whatever `tool` is, so the plan can refuse bad --styles before it creates anything.
 */
export function sheetCreateStyles(v: unknown): Item[] {
  if (!isObject(v) || !(STYLE_TOOLS as readonly unknown[]).includes(v.tool)) throw new DwsError('internal_error', 'sheet_create_styles: the plan gives no tool');
  const payload = v.styles;
  let items: unknown;
  if (Array.isArray(payload)) items = payload;
  else if (isObject(payload)) {
    if (!Object.hasOwn(payload, 'styles')) throw refuse('--styles: an object needs its "styles" list');
    items = payload.styles;
  } else throw refuse('--styles: give {"styles": [...]} or a JSON list');
  if (items === null) items = [];
  if (!Array.isArray(items)) throw refuse('--styles: "styles" is not a JSON list');
  if (items.length === 0) throw refuse('--styles: the list is empty');
  const names = sheetNames(v.sheets);
  if (names && items.length !== names.length) throw refuse(`--styles has ${items.length} items; --sheets has ${names.length} tables, and they pair in order`);
  if (!names && items.length !== 1) throw refuse(`--styles with --values takes 1 item, not ${items.length}`);
  const out: Record<StyleTool, Item[]> = { set_cell_range: [], update_dimension: [], merge_cells: [] };
  items.forEach((raw, i) => {
    const where = `--styles[${i}]`;
    const item = onlyKeys(raw, ITEM_KEYS, where);
    const name = typeof item.name === 'string' ? item.name : '';
    if (item.name !== undefined && item.name !== null && typeof item.name !== 'string') throw refuse(`${where}.name: not text`);
    const [cellStyles, rowSizes, colSizes, merges] = ['cell_styles', 'row_sizes', 'col_sizes', 'cell_merges'].map((k) => list(item[k], `${where}.${k}`));
    if (cellStyles.length + rowSizes.length + colSizes.length + merges.length === 0) {
      throw refuse(`${where}: give at least one of cell_styles, row_sizes, col_sizes, cell_merges`);
    }
    if (names && name !== names[i]) throw refuse(`${where}.name ${JSON.stringify(name)} is not --sheets[${i}].name ${JSON.stringify(names[i])}`, 'give the styles in the order of the tables, with their names');
    const sheet = names ? { sheetId: name } : {};
    out.set_cell_range.push(...cellStyles.map((c, j) => ({ ...sheet, ...cellStyle(c, `${where}.cell_styles[${j}]`) })));
    out.update_dimension.push(...rowSizes.map((s, j) => ({ ...sheet, ...size(s, true, `${where}.row_sizes[${j}]`) })));
    out.update_dimension.push(...colSizes.map((s, j) => ({ ...sheet, ...size(s, false, `${where}.col_sizes[${j}]`) })));
    out.merge_cells.push(...merges.map((m, j) => ({ ...sheet, ...merge(m, `${where}.cell_merges[${j}]`) })));
  });
  return out[v.tool as StyleTool];
}

/** The transform `first_filled_cell`: a 2-D array -> the A1 address of its first cell that is not null or "" ("A1" when none). */
export function firstFilledCell(v: unknown): string {
  const rows = Array.isArray(v) ? v : [];
  for (let i = 0; i < rows.length; i++) {
    const row: unknown[] = Array.isArray(rows[i]) ? rows[i] : [];
    for (let j = 0; j < row.length; j++) if (row[j] !== null && row[j] !== '' && row[j] !== undefined) return `${columnLetters(j)}${i + 1}`;
  }
  return 'A1';
}

