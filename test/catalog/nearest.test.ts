// "Did you mean", the one rule (src/catalog/nearest.ts): every suggestion dws makes (schema paths, commands, flags of
// catalog commands and of dws's own commands, `dws serve` arguments, event keys) comes from nearestNames.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { byCodePoint } from '../../src/text/order.js';
import { nearestNames } from '../../src/catalog/nearest.js';
import { MAX_SUGGEST_CHARS } from '../../src/limits.js';
import { errorOf, runCli } from '../helpers.js';

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd', '-', '中'), minLength: 1, maxLength: 8 });

describe('nearestNames', () => {
  it('offers only given names within a third of the typed length (at least 2 edits), nearest first, ties by code point', () => {
    fc.assert(fc.property(word, fc.array(word, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (typed, names, n) => {
      const got = nearestNames(typed, names, n);
      const reach = Math.max(2, Math.floor([...typed].length / 3));
      const expected = [...new Set(names)].filter((x) => distance(typed, x) <= reach)
        .sort((a, b) => distance(typed, a) - distance(typed, b) || byCodePoint(a, b)).slice(0, n);
      expect(got).toEqual(expected);
    }), { numRuns: 400 });
  });

  it('is a prefix property: the first n suggestions are the first n of n + 1', () => {
    fc.assert(fc.property(word, fc.array(word, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (typed, names, n) => {
      expect(nearestNames(typed, names, n + 1).slice(0, n)).toEqual(nearestNames(typed, names, n));
    }));
  });

  it('suggests nothing for text longer than any catalog name, whatever the names', () => {
    const long = 'a'.repeat(MAX_SUGGEST_CHARS + 1);
    expect(nearestNames(long, [long, long.slice(1)])).toEqual([]);
  });
});

describe('the same rule on every command line', () => {
  it('suggests the nearest visible flag of a catalog command', () => {
    // --txet is two edits from --text, which upstream's ParamNameHandler fixes (src/dispatch/preparse.ts); --txe is
    // two from both --text and --to, a tie it leaves (3 bytes: one edit only)
    const r = runCli(['chat', '+dm', '--txe', 'hi']);
    expect(r.status).toBe(3);
    expect(errorOf(r.stderr)).toMatchObject({ reason: 'unknown_option', hint: 'Did you mean --text?' });
  });

  it('never suggests a hidden compatibility flag (aisearch person hides --name)', () => {
    // --nme is one edit from the hidden --name, which upstream's typo fix reaches (hidden flags are its candidates);
    // --nmx is two, beyond its one edit for 3 bytes, and within the suggestion's reach
    const r = runCli(['aisearch', 'person', '--nmx', 'x']);
    expect(r.status).toBe(3);
    expect(errorOf(r.stderr).hint).not.toContain('--name');
  });

  it('suggests the nearest subcommand of dws\'s own commands and nothing for a far-off word', () => {
    expect(errorOf(runCli(['auth', 'logn']).stderr).hint).toBe('Did you mean login? See `dws auth --help`.');
    expect(errorOf(runCli(['auth', 'zzzzzzzzzz']).stderr).hint).toBe('run `dws auth --help` for usage');
  });

  it('answers an unknown event key only with a near key', () => {
    const far = runCli(['event', 'schema', 'zzzzzzzzzzzzzzzzzzzzzzzzzz']);
    expect(errorOf(far.stderr).hint).toBe('list the keys with `dws event list`');
  });
});
