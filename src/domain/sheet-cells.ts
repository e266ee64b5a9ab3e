// The cell answer of `sheet range read` (get_cell_infos) cleaned up as upstream prints it (the `sheet_clean_cells`
// transform; upstream helpers/sheet_info.go callMCPToolCellInfos :135-183, isEmptyDataValidation :186-200 and
// isEmptyHyperlink :203-217 at c7521c1c): the backend fills every cell with the keys of its schema, so a cell without a
// data validation still carries `dataValidation: null` or an object of nulls, and likewise `hyperlink`.
import { isObject } from '../json-object.js';

/** An empty metadata shell: null, or an object whose values are all null (an empty object included). */
const isEmptyShell = (v: unknown): boolean => v === null || (isObject(v) && Object.values(v).every((x) => x === null));

/**
 * Upstream's order of checks, kept as it is: a cell is looked at only when it has a `dataValidation` key; then an
 * empty dataValidation is dropped, and an empty `hyperlink` too. A hyperlink shell in a cell without a
 * dataValidation key therefore stays, as upstream prints it.
 */
function cleanCell(cell: unknown): unknown {
  if (!isObject(cell) || !Object.hasOwn(cell, 'dataValidation')) return cell;
  const drop = new Set<string>();
  if (isEmptyShell(cell.dataValidation)) drop.add('dataValidation');
  if (Object.hasOwn(cell, 'hyperlink') && isEmptyShell(cell.hyperlink)) drop.add('hyperlink');
  return drop.size === 0 ? cell : Object.fromEntries(Object.entries(cell).filter(([k]) => !drop.has(k)));
}

/**
 * A get_cell_infos answer with the empty shells of its cells removed: `cells` a list of rows, each row a list of
 * cells; a row or cell of another shape is left as it is, and so is an answer that is not an object or whose
 * `cells` is not a list (upstream prints those unchanged). The value given is never modified.
 */
export function sheetCleanCells(answer: unknown): unknown {
  if (!isObject(answer) || !Array.isArray(answer.cells)) return answer;
  return { ...answer, cells: answer.cells.map((row) => (Array.isArray(row) ? row.map(cleanCell) : row)) };
}
