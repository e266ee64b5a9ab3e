// goSprint: a decoded JSON value as Go's fmt.Sprint prints it (p-misc, issue 32; doc +media-list's resourceId,
// collectMediaItems internal/shortcut/doc/media_style_shortcuts.go:340@c7521c1c).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goFloatText, goNumberText, goSprint } from '../../src/go-fmt.js';

describe('goSprint prints a decoded JSON value as fmt.Sprint does', () => {
  it('prints nil, texts, numbers and booleans as Go does', () => {
    expect([null, 'a b', 1e21, 123, 1.5, true].map(goSprint)).toEqual(['<nil>', 'a b', '1e+21', '123', '1.5', 'true']);
  });

  it('prints a list with spaces between elements and an object as a map with its keys sorted, nested the same way', () => {
    expect(goSprint([1, 'x', null, [2, 3]])).toEqual('[1 x <nil> [2 3]]');
    expect(goSprint({ b: 1, a: { d: [true], c: 'y' }, B: null })).toEqual('map[B:<nil> a:map[c:y d:[true]] b:1]');
    expect(goSprint([])).toEqual('[]');
    expect(goSprint({})).toEqual('map[]');
  });

  it('a text is printed as it is and a number as goNumberText, inside a list too', () => {
    fc.assert(fc.property(fc.string(), (s) => goSprint(s) === s && goSprint([s]) === `[${s}]`));
    fc.assert(fc.property(fc.double({ noNaN: true }), (n) => goSprint(n) === goNumberText(n) && goSprint({ k: n }) === `map[k:${goNumberText(n)}]`));
  });
});

describe('goFloatText writes a float64 as strconv.FormatFloat(x, \'f\', -1, 64)', () => {
  it('writes the examples in plain decimal', () => {
    expect([1e21, 1e-7, 123.5, -0, 0, Number('12345678901234567890'), 5e-324].map(goFloatText)).toEqual([
      '1000000000000000000000', '0.0000001', '123.5', '-0', '0', '12345678901234567000', `0.${'0'.repeat(323)}5`,
    ]);
  });

  it('never writes an exponent, and reads back as the same double (property)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const t = goFloatText(x);
      expect(t).toMatch(/^-?\d+(\.\d+)?$/u);
      expect(Object.is(Number(t), x)).toBe(true);
    }));
  });
});
