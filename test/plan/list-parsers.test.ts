// The list parsers of the plan language against upstream's helpers (sweep-list, notes/sweep-list.md): csv_values is
// parseCSVValues, csv_to_list the comma splitters (parseExecutorIds, parseUserList, parseCommentMentionIds, ...),
// {split: ",;"} splitDevAppList, split_whitespace strings.Fields. The reference is notes/sweep-list-models.mjs, ports
// of the Go bodies (c7521c1c) written from upstream, not from these transforms. A Go nil slice (null) and an empty one
// are both "no element" to a transform: what is sent for an empty list is each plan's (test/contract/sweep-list.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';
import { MODELS } from '../../notes/sweep-list-models.mjs';

/** Texts built of the characters the parsers treat specially: separators, Go and JavaScript spaces, quotes, brackets. */
const text = fc.array(fc.constantFrom('a', 'b', '1', ',', ';', ' ', '\t', '\u0085', '\ufeff', '\u00a0', '\u3000', '，', '"', "'", '[', ']', 'null', '\n'), { maxLength: 14 }).map((p) => p.join(''));
/** JSON arrays of texts and nulls, as a user types them. */
const jsonArray = fc.array(fc.oneof(fc.constant(null), fc.constantFrom('a', ' b ', '', "'c'", '\u0085d', ',')), { maxLength: 5 }).map((a) => JSON.stringify(a));

const dws = (chain: Transform[], v: string) => applyTransforms(chain, v, '--x');
const goList = (helper: string, v: string) => {
  const r = MODELS[helper](v);
  if ('error' in r) throw new Error(r.error);
  return r.sent ?? [];
};
const fields = (s: string) => s.split(/[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u).filter((w) => w !== '');

describe('the comma-list transforms split, trim and drop as upstream helpers do', () => {
  it('csv_values gives what parseCSVValues gives, for any comma text or JSON array', () => {
    fc.assert(fc.property(fc.oneof(text, jsonArray), (v) => {
      expect(dws(['csv_values'], v)).toEqual(goList('parseCSVValues', v));
    }), { numRuns: 2000 });
  });

  it('csv_to_list gives what parseExecutorIds, parseUserList, parseCommentMentionIds and splitCommaList give', () => {
    fc.assert(fc.property(text, (v) => {
      const sent = dws(['csv_to_list'], v);
      for (const h of ['parseExecutorIds', 'parseUserList', 'parseCommentMentionIds', 'splitCommaList', 'parseReportUserIDs', 'parseStringList']) expect(sent).toEqual(goList(h, v));
    }), { numRuns: 2000 });
  });

  it('{split: ",;"} gives what splitDevAppList gives', () => {
    fc.assert(fc.property(text, (v) => {
      expect(dws([{ split: ',;' }], v)).toEqual(goList('splitDevAppList', v));
    }), { numRuns: 2000 });
  });

  it('split_whitespace gives what strings.Fields gives (U+0085 splits, U+FEFF does not)', () => {
    fc.assert(fc.property(text, (v) => {
      expect(dws(['split_whitespace'], v)).toEqual(fields(v));
    }), { numRuns: 2000 });
  });

  it('a text of digits keeps the numbers parseIntList keeps, other parts dropped', () => {
    const ints = fc.array(fc.constantFrom('1', '22', '-3', '+4', ' ', ',', 'x', '\u0085'), { maxLength: 10 }).map((p) => p.join(''));
    fc.assert(fc.property(ints, (v) => {
      expect(dws(['csv_to_list', { keep_matching: '^[+-]?[0-9]+$' }, 'int'], v)).toEqual(goList('parseIntList', v));
    }), { numRuns: 1000 });
  });

  it('the fixed inputs of the sweep read as upstream reads them', () => {
    const read = (v: string) => ({ csv_values: dws(['csv_values'], v), csv_to_list: dws(['csv_to_list'], v) });
    expect(read('["a",null]')).toEqual({ csv_values: ['a'], csv_to_list: ['["a"', 'null]'] });
    expect(read('\u0085a\u0085,b')).toEqual({ csv_values: ['a', 'b'], csv_to_list: ['a', 'b'] });
    expect(read('\ufeffa,b')).toEqual({ csv_values: ['\ufeffa', 'b'], csv_to_list: ['\ufeffa', 'b'] });
    expect(read('"a,b",c')).toEqual({ csv_values: ['a', 'b', 'c'], csv_to_list: ['"a', 'b"', 'c'] });
    expect(read('a，b')).toEqual({ csv_values: ['a，b'], csv_to_list: ['a，b'] });
    expect(read(' a , b ')).toEqual({ csv_values: ['a', 'b'], csv_to_list: ['a', 'b'] });
    expect(read(',')).toEqual({ csv_values: [], csv_to_list: [] });
  });
});
