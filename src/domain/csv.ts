// Rows of cells as CSV text (RFC 4180 quoting, `\n` line ends), for the sheet export that writes a range as a CSV
// file (the `rows_to_csv` transform).
import { DwsError } from '../errors.js';

const csvCell = (v: unknown): string => {
  const t = v === null || v === undefined ? '' : typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return /[",\r\n]/u.test(t) ? `"${t.replace(/"/gu, '""')}"` : t;
};

export function rowsToCsv(v: unknown, where: string): string {
  if (!Array.isArray(v) || !v.every(Array.isArray)) {
    throw new DwsError('invalid_parameter', `${where}: ${JSON.stringify(v)} is not a list of rows (a 2-D array)`, 'correct the value and run the command again');
  }
  return (v as unknown[][]).map((row) => row.map(csvCell).join(',')).join('\n');
}
