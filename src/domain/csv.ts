// Rows of cells as CSV text as Go's encoding/csv writes them (RFC 4180 quoting, `\n` line ends), for sheet
// create-with-data's --values (the `rows_to_csv` transform; helpers/sheet_create_with_data.go valuesToCSV@c7521c1c).
import { DwsError } from '../errors.js';
import { JsonNumber } from '../json-number.js';

/** Go's encoding/csv fieldNeedsQuotes: a comma, quote or line end, the text `\.`, or a leading space (unicode.IsSpace). */
const needsQuotes = (t: string): boolean => t !== '' && (t === '\\.' || /[",\r\n]/u.test(t) || /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u.test(t));

const csvCell = (v: unknown): string => {
  // a number kept as typed (JsonNumber) is written as typed, as upstream writes a json.Number cell
  const t = v === null || v === undefined ? '' : typeof v === 'string' ? v : v instanceof JsonNumber ? v.literal : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return needsQuotes(t) ? `"${t.replace(/"/gu, '""')}"` : t;
};

/** The rows (a JSON null row is Go's nil slice once decoded into [][]any: an empty record, written as an empty line). */
export function rowsToCsv(v: unknown, where: string): string {
  if (!Array.isArray(v) || !v.every((row) => Array.isArray(row) || row === null)) {
    throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not a list of rows (a 2-D array)`, 'correct the value and run the command again');
  }
  return (v as (unknown[] | null)[]).map((row) => (row ?? []).map(csvCell).join(',')).join('\n');
}
