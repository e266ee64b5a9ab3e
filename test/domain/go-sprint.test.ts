// goSprint: a decoded JSON value as Go's fmt.Sprint prints it (p-misc, issue 32; doc +media-list's resourceId,
// collectMediaItems internal/shortcut/doc/media_style_shortcuts.go:340@c7521c1c).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goFloatText, goNumberText, goQuote, goSharpV, goSprint, goStringCompare } from '../../src/go-fmt.js';
import { JsonNumber } from '../../src/json-number.js';

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

// h35-misc: goSharpV, Go's %#v of a decoded JSON value in an `any` (fmt print.go printValue with sharpV; upstream's
// `got %#v, want %#v`, aitable record_upsert_by_key.go:323@c7521c1c)
describe('goSharpV prints a decoded JSON value as Go\'s %#v does', () => {
  it('prints the examples in Go syntax', () => {
    expect([null, 'a"b', 1e-7, 1e6, 123, -0, true, new JsonNumber('5')].map((v) => goSharpV(v))).toEqual(['<nil>', '"a\\"b"', '1e-07', '1e+06', '123', '-0', 'true', '"5"']);
    expect(goSharpV([1, null, 'x', []])).toBe('[]interface {}{1, interface {}(nil), "x", []interface {}{}}');
    expect(goSharpV({ b: { z: null }, a: [true], B: 2 })).toBe('map[string]interface {}{"B":2, "a":[]interface {}{true}, "b":map[string]interface {}{"z":interface {}(nil)}}');
    expect(goSharpV({})).toBe('map[string]interface {}{}');
  });
  it('a text is quoted, a number as %v, and an object\'s keys follow Go\'s byte order (property)', () => {
    fc.assert(fc.property(fc.string(), (s) => goSharpV(s) === goQuote(s) && goSharpV([s]) === `[]interface {}{${goQuote(s)}}`));
    fc.assert(fc.property(fc.double({ noNaN: true }).filter((n) => !Object.is(n, -0)), (n) => goSharpV(n) === goNumberText(n)));
    fc.assert(fc.property(fc.dictionary(fc.string({ unit: 'grapheme' }), fc.integer()), (o) => {
      const keys = Object.keys(o).sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
      expect(goSharpV(o)).toBe(`map[string]interface {}{${keys.map((k) => `${goQuote(k)}:${goNumberText(o[k]!)}`).join(', ')}}`);
    }));
  });
  it('goStringCompare orders texts by their UTF-8 bytes (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
      expect(Math.sign(goStringCompare(a, b))).toBe(Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))));
    }));
  });
});
