// Rows of cells as CSV text (RFC 4180 quoting, `\n` line ends), for the sheet export that writes a range as a CSV
// file: the `rows_to_csv` transform.
import { refuse, type Fn } from '../transforms/types.js';

const csvCell = (v: unknown): string => {
  const t = v === null || v === undefined ? '' : typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return /[",\r\n]/u.test(t) ? `"${t.replace(/"/gu, '""')}"` : t;
};

export const rows_to_csv: Fn = (v, where) => {
  if (!Array.isArray(v) || !v.every(Array.isArray)) return refuse(where, v, 'a list of rows (a 2-D array)');
  return (v as unknown[][]).map((row) => row.map(csvCell).join(',')).join('\n');
};
