// `sheet create-with-data`'s tables and read-backs (helpers/sheet_create_with_data.go@c7521c1c): --sheets checked as
// table_put's input contract before anything is created (parseCreateSheetSpecs :331, validateCreateSheetSpec :497),
// --values held to set_range_from_csv's limits (validateValuesBudget :697), and what the read-backs after the writes
// look at (firstNonEmptySheetSpecCell :1379, resolveSheetIDsByName :1330, verifyRangeNotEmpty :1220).
import { DwsError } from '../errors.js';
import { isObject } from '../json-object.js';
import { byCodePoint } from '../text/order.js';
import { trimSpace } from '../text/space.js';
import { rowsToCsv } from './csv.js';
import { cellOf } from './sheet-style.js';
import { JsonNumber } from '../json-number.js';

type Spec = Record<string, unknown>;

const refuse = (message: string) => new DwsError('invalid_parameter', `sheet create-with-data ${message}`, 'correct --sheets or --values and run the command again; nothing was created');

/** The keys of one table_put sheet, as the MCP contract spells them (sheetId is refused on its own). */
const SPEC_FIELDS = ['name', 'startCell', 'mode', 'header', 'allowOverwrite', 'columns', 'data', 'dtypes', 'formats', 'cellStyles'];
/** set_range_from_csv's and table_put's limits on one write. */
const MAX_CELLS = 30000;
const MAX_CSV_CHARS = 2_000_000;

/** upstream looseFieldKey: a key without `_` and `-`, lower-cased. */
const loose = (key: string): string => key.replace(/[_-]/gu, '').toLowerCase();
const sortedKeys = (o: Spec): string[] => Object.keys(o).sort(byCodePoint);
/** Go's %T of a decoded JSON value, for the refusals. */
const kind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v);
/** upstream isTableScalar: a cell is a text, a number, a boolean or null. */
const scalar = (v: unknown): boolean => v === null || v instanceof JsonNumber || ['string', 'number', 'boolean'].includes(typeof v);
const given = (spec: Spec, key: string): boolean => spec[key] !== undefined && spec[key] !== null;

/** upstream normalizeSpecStartCell: trimmed, `$` dropped, upper-cased. */
const startCellOf = (spec: Spec): string => (typeof spec.startCell === 'string' ? trimSpace(spec.startCell).replaceAll('$', '').toUpperCase() : '');

function checkColumns(spec: Spec, where: string): string[] {
  if (!given(spec, 'columns')) throw refuse(`${where}: columns is required (a non-empty list of column names for each sheet)`);
  const list = spec.columns;
  if (!Array.isArray(list)) throw refuse(`${where}: columns must be a list of texts, not ${kind(list)}`);
  if (list.length === 0) throw refuse(`${where}: columns must not be an empty list`);
  const seen = new Map<string, number>();
  return list.map((item, i) => {
    if (typeof item !== 'string') throw refuse(`${where}: columns[${i}] must be a text, not ${kind(item)}`);
    const name = trimSpace(item);
    if (name === '') throw refuse(`${where}: columns[${i}] is blank (a column needs a name)`);
    if (seen.has(name)) throw refuse(`${where}: columns[${i}]=${JSON.stringify(name)} repeats columns[${seen.get(name)}] (column names must differ)`);
    seen.set(name, i);
    return name;
  });
}

function checkData(spec: Spec, columns: string[], where: string): number {
  if (!given(spec, 'data')) return 0;
  if (!Array.isArray(spec.data)) throw refuse(`${where}: data must be a list of rows, not ${kind(spec.data)}`);
  spec.data.forEach((row: unknown, i) => {
    if (!Array.isArray(row)) throw refuse(`${where}: data[${i}] must be a list, not ${kind(row)}`);
    if (row.length !== columns.length) throw refuse(`${where}: data[${i}] has ${row.length} cells but columns has ${columns.length} (every row is as wide as columns)`);
    row.forEach((cell: unknown, j) => {
      if (!scalar(cell)) throw refuse(`${where}: data[${i}][${j}] must be a text, number, boolean or null, not ${kind(cell)}`);
    });
  });
  return spec.data.length;
}

function checkColumnMap(spec: Spec, field: 'dtypes' | 'formats', columns: string[], where: string): void {
  if (!given(spec, field)) return;
  const map = spec[field];
  if (!isObject(map)) throw refuse(`${where}: ${field} must be an object (column name -> text), not ${kind(map)}`);
  for (const key of sortedKeys(map)) {
    if (typeof map[key] !== 'string') throw refuse(`${where}: ${field}[${JSON.stringify(key)}] must be a text, not ${kind(map[key])}`);
    if (!columns.includes(key)) throw refuse(`${where}: ${field} key ${JSON.stringify(key)} is not one of columns (the backend would ignore it)`);
  }
}

/** upstream specWritesHeader: header unless `header: false`. */
const writesHeader = (spec: Spec): boolean => (typeof spec.header === 'boolean' ? spec.header : true);

function checkSpec(spec: Spec, where: string): void {
  if (Object.keys(spec).some((k) => loose(k) === 'sheetid')) {
    throw refuse(`${where}: sheetId is not accepted (the document does not exist yet); name each sheet with name`);
  }
  const canonical = new Map<string, string>();
  for (const f of SPEC_FIELDS) if (!canonical.has(loose(f))) canonical.set(loose(f), f);
  for (const key of sortedKeys(spec)) {
    if (SPEC_FIELDS.includes(key)) continue;
    const want = canonical.get(loose(key));
    if (want) throw refuse(`${where}: key ${JSON.stringify(key)} is spelled differently from the contract's ${JSON.stringify(want)}`);
    throw refuse(`${where}: unknown key ${JSON.stringify(key)} (a sheet takes ${SPEC_FIELDS.join(' / ')})`);
  }
  const columns = checkColumns(spec, where);
  const rows = checkData(spec, columns, where);
  checkColumnMap(spec, 'dtypes', columns, where);
  checkColumnMap(spec, 'formats', columns, where);
  if (given(spec, 'cellStyles') && !isObject(spec.cellStyles) && !Array.isArray(spec.cellStyles)) {
    throw refuse(`${where}: cellStyles must be an object or a 2-D list, not ${kind(spec.cellStyles)}`);
  }
  if (given(spec, 'mode')) {
    if (typeof spec.mode !== 'string') throw refuse(`${where}: mode must be a text, not ${kind(spec.mode)}`);
    if (trimSpace(spec.mode) !== '' && spec.mode !== 'overwrite' && spec.mode !== 'append') {
      throw refuse(`${where}: mode=${JSON.stringify(spec.mode)} is neither overwrite nor append`);
    }
  }
  for (const field of ['header', 'allowOverwrite']) {
    if (given(spec, field) && typeof spec[field] !== 'boolean') throw refuse(`${where}: ${field} must be a boolean, not ${kind(spec[field])}`);
  }
  if (given(spec, 'startCell')) {
    if (typeof spec.startCell !== 'string') throw refuse(`${where}: startCell must be a text, not ${kind(spec.startCell)}`);
    const cell = startCellOf(spec);
    if (cell !== '' && !cellOf(cell)) throw refuse(`${where}: startCell=${JSON.stringify(spec.startCell)} is not one cell address like A1`);
  }
  const cells = (rows + (writesHeader(spec) ? 1 : 0)) * columns.length;
  if (cells > MAX_CELLS) {
    throw refuse(`${where}: one sheet takes at most ${MAX_CELLS} cells (here ${rows + (writesHeader(spec) ? 1 : 0)} rows x ${columns.length} columns = ${cells})`);
  }
}

/**
 * Parsed --sheets -> the sheets table_put receives, as given: a list, `{"sheets": [...]}`, or one sheet object; each
 * an object with a name (a text, not blank, not repeated) and table_put's fields checked.
 */
export function sheetTableSpecs(v: unknown): Spec[] {
  let list: unknown[];
  if (Array.isArray(v)) list = v;
  else if (isObject(v) && 'sheets' in v) {
    if (!Array.isArray(v.sheets)) throw refuse(`--sheets: "sheets" must be a list, not ${kind(v.sheets)}`);
    list = v.sheets;
  } else if (isObject(v)) list = [v];
  else throw refuse('--sheets must be a JSON list, {"sheets": [...]} or one sheet object');
  if (list.length === 0) throw refuse('--sheets must not be an empty list');
  const seen = new Map<string, number>();
  return list.map((item, i) => {
    if (!isObject(item)) throw refuse(`--sheets[${i}] is not an object`);
    if (given(item, 'name') && typeof item.name !== 'string') throw refuse(`--sheets[${i}].name must be a text, not ${kind(item.name)}`);
    const name = typeof item.name === 'string' ? item.name : '';
    if (trimSpace(name) === '') throw refuse(`--sheets[${i}] needs a name (each sheet created with data is named)`);
    if (seen.has(name)) throw refuse(`--sheets[${i}].name=${JSON.stringify(name)} repeats --sheets[${seen.get(name)}] (sheet names must differ: --styles finds sheets by name)`);
    seen.set(name, i);
    checkSpec(item, `--sheets[${i}]`);
    return item;
  });
}

/** upstream cellToString's emptiness: null and "" write nothing. */
const filled = (cell: unknown): boolean => cell !== null && cell !== undefined && cell !== '';

/** Parsed --values within set_range_from_csv's limits (rows x widest row, CSV length in code points); the value itself. */
export function sheetValuesBudget(v: unknown): unknown {
  // a JSON null row is Go's nil slice (json.Decode into [][]any): a row of no cells
  if (!Array.isArray(v) || !v.every((row) => Array.isArray(row) || row === null)) return v;
  const rows = (v as (unknown[] | null)[]).map((row) => row ?? []);
  const cols = Math.max(0, ...rows.map((r) => r.length));
  if (rows.length * cols > MAX_CELLS) throw refuse(`--values takes at most ${MAX_CELLS} cells (here ${rows.length} rows x ${cols} columns = ${rows.length * cols})`);
  const chars = [...rowsToCsv(rows, '--values')].length + (rows.length > 0 ? 1 : 0);
  if (chars > MAX_CSV_CHARS) throw refuse(`--values is ${chars} characters as CSV, over the limit of ${MAX_CSV_CHARS}`);
  return v;
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** A sheet's first cell that the write fills, in A1 form, or undefined when it writes nothing (upstream firstNonEmptySheetSpecCell). */
function probeCell(spec: Spec): string | undefined {
  const start = cellOf(startCellOf(spec)) ?? { col: 1, row: 1 };
  const row0 = spec.mode === 'append' ? 1 : start.row;
  const grid: unknown[][] = [];
  if (Array.isArray(spec.columns) && spec.columns.length > 0 && writesHeader(spec)) grid.push(spec.columns);
  if (Array.isArray(spec.data)) for (const r of spec.data) if (Array.isArray(r)) grid.push(r);
  for (let i = 0; i < grid.length; i++) {
    for (let j = 0; j < grid[i].length; j++) if (filled(grid[i][j])) return `${columnLetters(start.col - 1 + j)}${row0 + i}`;
  }
  return undefined;
}

/** upstream unwrapSheetResult: an answer's `result` when that is an object, else the answer. */
const unwrap = (answer: unknown): Spec | undefined => (isObject(answer) ? (isObject(answer.result) ? answer.result : answer) : undefined);

/**
 * `{specs, sheets}` (the checked --sheets and get_all_sheets' answer after table_put) -> one read-back per sheet that
 * writes something: `{name, range, sheetId}`, sheetId null when no sheet of that name has an id.
 */
export function sheetTableProbes(v: unknown): { name: string; range: string; sheetId: string | null }[] {
  const o = isObject(v) ? v : {};
  const ids = new Map<string, string>();
  const listed = unwrap(o.sheets)?.sheets;
  for (const s of Array.isArray(listed) ? listed : []) {
    if (isObject(s) && typeof s.name === 'string' && s.name !== '' && typeof s.sheetId === 'string' && s.sheetId !== '') ids.set(s.name, s.sheetId);
  }
  const out: { name: string; range: string; sheetId: string | null }[] = [];
  for (const spec of Array.isArray(o.specs) ? o.specs : []) {
    if (!isObject(spec)) continue;
    const range = probeCell(spec);
    const name = typeof spec.name === 'string' ? spec.name : '';
    if (range !== undefined) out.push({ name, range, sheetId: ids.get(name) ?? null });
  }
  return out;
}

/** get_range_as_csv's answer shows written data: its csv without `[row=N]` marks, commas, line ends and spaces is not blank. */
export function sheetCsvFilled(answer: unknown): boolean {
  const csv = unwrap(answer)?.csv;
  if (typeof csv !== 'string') return false;
  return trimSpace(csv.replace(/\[row=[0-9]+\][\t\n\f\r ]*/gu, '').replace(/[,\n ]/gu, '')) !== '';
}
