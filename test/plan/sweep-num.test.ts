// sweep-num (issue 32, notes/sweep-num.md): the number readers the sweep changed, checked against models of Go's
// strconv (strconv.ParseInt(s, 10, 64) / Atoi, strconv.ParseFloat) over generated texts, and the commands that use them
// run as a user types them against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransform, transformArgProblem } from '../../src/plan/transforms/index.js';
import { parseGoFloat } from '../../src/contract/flag-types.js';
import { CATALOG_FORMATS } from '../../src/contract/schema.js';
import { DwsError } from '../../src/errors.js';
import { JsonNumber } from '../../src/json-number.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go's strconv.ParseInt(s, 10, 64) (and Atoi on a 64-bit machine): the int64, or undefined for an error. */
function goParseInt10(s: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/u.test(s)) return undefined;
  const n = BigInt(s);
  return n < INT64_MIN || n > INT64_MAX ? undefined : n;
}

/** What a transform gives, or 'refused' when it refuses the value as invalid_parameter. */
function run(t: Parameters<typeof applyTransform>[0], v: unknown): unknown {
  try {
    const out = applyTransform(t, v, '--x');
    return out instanceof JsonNumber ? { literal: out.literal } : out;
  } catch (e) {
    if (e instanceof DwsError && e.reason === 'invalid_parameter') return 'refused';
    throw e;
  }
}

/** Texts near integers: digits, signs, spaces, underscores, base prefixes, exponents, points, and int64's edges. */
const numberish = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'0123456789'.split(''), '+', '-', ' ', '\t', '_', 'x', 'o', 'e', 'E', '.', 'a'), maxLength: 24 }),
  fc.bigInt({ min: INT64_MIN - 1000n, max: INT64_MAX + 1000n }).map(String),
  fc.tuple(fc.constantFrom('', '+', '-', ' ', '0', '00'), fc.bigInt({ min: 0n, max: 2n ** 64n }), fc.constantFrom('', ' ', '\n', '_0', '.0', 'e3')).map(([a, n, b]) => `${a}${n}${b}`),
);

describe('{int: strconv}: the text as strconv.ParseInt(s, 10, 64) reads it', () => {
  it('is a known transform option, and refuses any other option when the plan is built', () => {
    expect(transformArgProblem({ int: 'strconv' })).toBeUndefined();
    expect(transformArgProblem({ int: 'trim' } as unknown as Parameters<typeof transformArgProblem>[0])).toMatch(/strconv/u);
  });

  it('reads exactly the texts Go reads, to the same int64 (kept whole beyond 2^53), and refuses every other text', () => {
    fc.assert(fc.property(numberish, (s) => {
      const go = goParseInt10(s);
      const want = go === undefined ? 'refused' : Number.isSafeInteger(Number(go)) ? Number(go) : { literal: go.toString() };
      expect(run({ int: 'strconv' }, s)).toEqual(want);
    }), { numRuns: 5000 });
  });

  it('refuses a padded number that the trimming int transform reads', () => {
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(' ', '  ', '\t', '\n'), fc.boolean(), (n, pad, before) => {
      const s = before ? `${pad}${n}` : `${n}${pad}`;
      expect(run('int', s)).toBe(n);
      expect(run({ int: 'strconv' }, s)).toBe('refused');
    }));
  });

  it('passes whole numbers through and reads each element of a list', () => {
    expect(run({ int: 'strconv' }, 42)).toBe(42);
    expect(run({ int: 'strconv' }, 4.5)).toBe('refused');
    expect(run({ int: 'strconv' }, ['1', '+2', '-03'])).toEqual([1, 2, -3]);
  });
});

describe('float: the text as strconv.ParseFloat(s, 64) reads it', () => {
  it('gives what parseGoFloat gives for every text, nothing trimmed', () => {
    fc.assert(fc.property(fc.oneof(numberish, fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)), (s) => {
      const go = parseGoFloat(s);
      // a negative zero is sent as the literal -0, as Go's json.Marshal writes it (h48-left)
      expect(run('float', s)).toEqual(go === undefined ? 'refused' : Object.is(go, -0) ? { literal: '-0' } : go);
    }), { numRuns: 5000 });
  });

  it('refuses a padded number (Go refuses it: upstream then sends 0 or leaves the field out)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(' ', '\t', '\n'), (x, pad) => {
      expect(run('float', `${pad}${x}${pad}`)).toBe('refused');
    }));
  });

  it('reads Go spellings: underscores, hexadecimal floats, exponents', () => {
    expect([run('float', '1_0'), run('float', '0x1p4'), run('float', '1e3'), run('float', '0x10'), run('float', 'abc')]).toEqual([10, 16, 1000, 'refused', 'refused']);
  });
});

describe('the positive-integer format: a whole number of 1 or more as strconv.Atoi reads it', () => {
  it('holds exactly when Atoi reads the text (int64, nothing trimmed) to 1 or more', () => {
    fc.assert(fc.property(numberish, (s) => {
      const go = goParseInt10(s);
      // within int64 the two agree; beyond it Atoi refuses, and the plans' range guards (at most 5000) refuse too
      fc.pre(go !== undefined || !/^\+?0*[1-9][0-9]*$/u.test(s));
      expect(CATALOG_FORMATS['positive-integer'](s)).toBe(go !== undefined && go >= 1n);
    }), { numRuns: 5000 });
  });
});
