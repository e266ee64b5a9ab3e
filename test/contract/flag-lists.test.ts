// List flags read as pflag reads them (issue 32, audit-30 P3): a stringSlice occurrence is one CSV record (Go
// encoding/csv, RFC 4180 quotes, nothing trimmed), an empty occurrence adds nothing, an intSlice occurrence is split
// on commas into strconv.Atoi numbers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listFlagValue, readAsCSV } from '../../src/contract/flag-lists.js';
import { errorOf, runCli } from '../helpers.js';

/** Go's csv.Writer for one record (writeAsCSV): a field is quoted when it holds a comma, quote, \r or \n, or starts with a space. */
function writeAsCSV(fields: string[]): string {
  return fields.map((f) => (f !== '' && (/[",\r\n]/u.test(f) || /^\s/u.test(f)) ? `"${f.replace(/"/gu, '""')}"` : f)).join(',');
}

const plain = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '中', '\t', '-', '_', '.'), maxLength: 6 });
const any = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', '中'), maxLength: 6 });

describe('readAsCSV (one occurrence of a stringSlice flag)', () => {
  it('splits unquoted text on commas and trims nothing', () => {
    fc.assert(fc.property(fc.array(plain, { minLength: 1, maxLength: 5 }), (fields) => {
      fc.pre(fields.join(',') !== '' && !(fields.length === 1 && /^\s*$/u.test(fields[0]) && fields[0] === ''));
      expect(readAsCSV(fields.join(','))).toEqual(fields);
    }));
  });

  it('reads back any record Go writes, quotes, commas and line breaks inside fields included', () => {
    fc.assert(fc.property(fc.array(any, { minLength: 1, maxLength: 5 }), (fields) => {
      const text = writeAsCSV(fields);
      // a record Go writes as nothing (one empty field) is the empty occurrence, which adds no element
      fc.pre(text !== '' && !/^[\r\n]/u.test(text));
      // \r\n inside a field reads as \n (csv's line normalisation), a lone \r stays
      expect(readAsCSV(text)).toEqual(fields.map((f) => f.replace(/\r\n/gu, '\n')));
    }), { numRuns: 2000 });
  });

  it('reads only the first record and skips empty lines before it', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('\n', '\r\n'), { maxLength: 3 }), plain.filter((s) => s !== ''), plain, (blank, a, b) => {
      expect(readAsCSV(blank.join('') + a + '\n' + b)).toEqual([a]);
    }));
  });

  it('refuses a quote inside an unquoted field, text after a closing quote, an open quote, and text with no record', () => {
    for (const bad of ['a"b', ' "a"', '"a"b', '"a', '"a""', '\n', '\r\n\n', '\r']) expect(() => readAsCSV(bad), JSON.stringify(bad)).toThrow();
  });

  it('reads the examples of the audit', () => {
    expect(readAsCSV('"a,b",c')).toEqual(['a,b', 'c']);
    expect(readAsCSV('a,,b,')).toEqual(['a', '', 'b', '']);
    expect(readAsCSV('"a""b"')).toEqual(['a"b']);
    expect(readAsCSV('')).toEqual([]);
  });
});

describe('listFlagValue (every occurrence of a list flag)', () => {
  it('concatenates the occurrences in order; an empty one adds nothing', () => {
    fc.assert(fc.property(fc.array(fc.array(plain.filter((s) => s !== '' && !/^\s/u.test(s)), { minLength: 0, maxLength: 3 }), { maxLength: 4 }), (occ) => {
      expect(listFlagValue('stringSlice', 'x', occ.map((f) => f.join(',')))).toEqual(occ.flat());
    }));
  });

  it('turns a lone empty element into no element, as GetStringSlice reads its CSV text back', () => {
    expect(listFlagValue('stringSlice', 'x', ['""'])).toEqual([]);
    expect(listFlagValue('stringSlice', 'x', ['""', 'a'])).toEqual(['', 'a']);
    expect(listFlagValue('stringSlice', 'x', [',', ''])).toEqual(['', '']);
  });

  it('keeps a stringArray occurrence whole', () => {
    fc.assert(fc.property(fc.array(any, { maxLength: 4 }), (occ) => {
      expect(listFlagValue('stringArray', 'x', occ)).toEqual(occ);
    }));
  });

  it('reads intSlice parts as strconv.Atoi does: a sign and digits, nothing else', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 }), { minLength: 1, maxLength: 5 }), (ns) => {
      expect(listFlagValue('intSlice', 'x', [ns.join(',')])).toEqual(ns.map(String));
    }));
    expect(listFlagValue('intSlice', 'x', ['+5,007'])).toEqual(['+5', '007']);
    for (const bad of ['', '1, 2', '1,', 'x', '1_000', ' 1']) expect(() => listFlagValue('intSlice', 'x', [bad]), bad).toThrow(expect.objectContaining({ reason: 'invalid_argument' }));
  });
});

describe('on the command line', () => {
  it('sends a quoted element with its comma, and an empty occurrence as nothing (sheet info --include)', () => {
    const r = runCli(['sheet', 'info', '--node', 'n1', '--include', '"a,b",c', '--include', '', '--include', 'd', '--dry-run']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).steps[0].arguments).toEqual({ nodeId: 'n1', include: ['a,b', 'c', 'd'] });
  });

  it('stops at a malformed occurrence with the flag parse error (invalid_argument, exit 3)', () => {
    const r = runCli(['sheet', 'info', '--node', 'n1', '--include', 'a"b', '--dry-run']);
    expect(r.status).toBe(3);
    expect(errorOf(r.stderr)).toMatchObject({ reason: 'invalid_argument', message: expect.stringContaining('--include') });
  });
});
