// How pflag turns the occurrences of a list flag into its elements (spf13/pflag v1.0.9, upstream's flag parser), so
// `--include '"a,b",c' --include ""` means what it means upstream: ["a,b", "c"].
// - stringSlice: each occurrence is one CSV record (`readAsCSV`: Go encoding/csv with its defaults, RFC 4180 quotes,
//   no trimming, only the first record read); an empty occurrence adds no element. GetStringSlice reads the value
//   back through its CSV text, which turns a lone empty element ([""], from a typed `""`) into no element.
// - intSlice: each occurrence split on commas, every part a whole number as strconv.Atoi reads it (an empty
//   occurrence is an error there too).
// - stringArray: each occurrence is one element as typed.
import { DwsError } from '../errors.js';

class CsvError extends Error {}

/**
 * pflag's readAsCSV: the first record of the text as Go's csv.Reader (comma-separated, no lazy quotes, no leading
 * space trimmed) reads it. Empty lines before it are skipped; a text with no record at all is an error (io.EOF).
 */
export function readAsCSV(val: string): string[] {
  if (val === '') return [];
  let at = 0;
  /** csv readLine: the next line with its \n (\r\n read as \n; a \r just before the end dropped), or undefined at the end. */
  const readLine = (): string | undefined => {
    if (at >= val.length) return undefined;
    const nl = val.indexOf('\n', at);
    let line = nl < 0 ? val.slice(at) : val.slice(at, nl + 1);
    at = nl < 0 ? val.length : nl + 1;
    if (nl < 0 && line.endsWith('\r')) line = line.slice(0, -1);
    if (line.endsWith('\r\n')) line = line.slice(0, -2) + '\n';
    return line;
  };
  const lengthNL = (line: string) => (line.endsWith('\n') ? 1 : 0);
  let line: string | undefined;
  do line = readLine();
  while (line !== undefined && line.length === lengthNL(line));
  if (line === undefined) throw new CsvError('EOF');
  const fields: string[] = [];
  for (;;) {
    if (line.length === 0 || line[0] !== '"') {
      const comma = line.indexOf(',');
      const field = comma >= 0 ? line.slice(0, comma) : line.slice(0, line.length - lengthNL(line));
      if (field.includes('"')) throw new CsvError('bare " in non-quoted-field');
      fields.push(field);
      if (comma < 0) return fields;
      line = line.slice(comma + 1);
      continue;
    }
    line = line.slice(1);
    let field = '';
    for (;;) {
      const quote = line.indexOf('"');
      if (quote >= 0) {
        field += line.slice(0, quote);
        line = line.slice(quote + 1);
        if (line[0] === '"') {
          field += '"';
          line = line.slice(1);
        } else if (line[0] === ',') {
          line = line.slice(1);
          break;
        } else if (line.length === lengthNL(line)) {
          fields.push(field);
          return fields;
        } else {
          throw new CsvError('extraneous or missing " in quoted-field');
        }
      } else if (line.length > 0) {
        field += line;
        line = readLine() ?? '';
      } else {
        throw new CsvError('extraneous or missing " in quoted-field');
      }
    }
    fields.push(field);
  }
}

/** strconv.Atoi's text: an optional sign and decimal digits, nothing else (no spaces, no underscores). */
const ATOI = /^[+-]?[0-9]+$/;

/** The elements one occurrence of the flag adds (pflag's Set of that type). */
function occurrence(type: string, text: string): string[] {
  if (type === 'stringSlice') return readAsCSV(text);
  if (type === 'intSlice') {
    return text.split(',').map((part) => {
      if (!ATOI.test(part)) throw new CsvError(`strconv.Atoi: parsing ${JSON.stringify(part)}: invalid syntax`);
      return part;
    });
  }
  return [text];
}

/**
 * The value of a list flag from its occurrences, in order, as pflag leaves it; a malformed occurrence is the flag
 * parse error upstream reports (`invalid_argument`, exit 2).
 */
export function listFlagValue(type: string, name: string, occurrences: readonly string[]): string[] {
  const out: string[] = [];
  for (const text of occurrences) {
    try {
      out.push(...occurrence(type, text));
    } catch (e) {
      if (!(e instanceof CsvError)) throw e;
      throw new DwsError('invalid_argument', `invalid argument ${JSON.stringify(text)} for "--${name}" flag: ${e.message}`,
        type === 'intSlice' ? 'give whole numbers separated by commas' : 'separate the values with commas; quote a value holding a comma or a quote as in CSV ("a,b")');
    }
  }
  // GetStringSlice reads the value back through its CSV text, where one empty element is written as nothing
  return type === 'stringSlice' && out.length === 1 && out[0] === '' ? [] : out;
}
