// f-num (issue 32): numbers as upstream reads and sends them. Part 2 (below): the flags upstream decodes with
// json.Decoder.UseNumber send each number literal as typed (src/json-number.ts). Part 1: an int/int64 flag reads its text as pflag's
// strconv.ParseInt(s, 0, 64), a float64 flag as strconv.ParseFloat(s, 64) and an intSlice element as strconv.Atoi,
// none of which trims: `" 1"` is refused as `"abc"` is. Commands run as a user types them against the fake MCP server
// on 127.0.0.1; the parsers are checked against a small reference model of Go's literal grammar (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, parseGoFloat, parseGoInt } from '../../src/contract/flag-types.js';
import { JsonNumber, cloneJson, parseJsonExact, stringifyJson } from '../../src/json-number.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env } = useOutputRuns('dws-f-num-');

/** What a run sent (tool and arguments), or how it was refused (reason and exit code) with what it printed. */
async function outcome(argv: string[]) {
  mcp.calls.length = 0;
  const { out, error } = await dispatchInProcess(argv, env());
  if (error) return { refused: error.reason, exit: error.exitCode, out, calls: mcp.calls.length };
  return { sent: mcp.calls.map((c) => [c.name, c.arguments]) };
}

describe('an integer flag refuses padded text, as pflag does (strconv does not trim)', () => {
  const upload = (size: string) => ['minutes', 'upload', 'create', '--file-name', 'a.mp3', '--file-size', size];

  it('a padded --file-size is refused like any text that is no integer, before any call', async () => {
    const refused = await outcome(upload('abc'));
    expect(refused).toEqual({ refused: 'invalid_parameter', exit: refused.exit, out: '', calls: 0 });
    for (const padded of [' 8', '8 ', '\t8', '8\n', ' 0x8 ']) expect(await outcome(upload(padded))).toEqual(refused);
  });

  it('the same size unpadded is sent as the number Go reads', async () => {
    expect(await outcome(upload('8'))).toEqual({ sent: [['create_upload_session', { fileName: 'a.mp3', fileSize: 8 }]] });
  });

  it('an intSlice element with a space is refused as pflag refuses it (strconv.Atoi)', async () => {
    expect(convert('intSlice', [' 1', '2'])).toEqual([' 1', 2]);
    const refused = await outcome(['drive', 'recent', '--org-ids', '100,abc']);
    expect(refused).toEqual({ refused: 'invalid_argument', exit: refused.exit, out: '', calls: 0 });
    expect(await outcome(['drive', 'recent', '--org-ids', '100, 200'])).toEqual(refused);
  });
});

describe('a float64 flag reads its text as strconv.ParseFloat(s, 64)', () => {
  const list = (limit: string) => ['minutes', 'list', 'all', '--limit', limit];
  const sent = (maxResults: number) => ({ sent: [['list_by_keyword_and_time_range', { belongingConditionId: 'noLimit', maxResults }]] });

  it('reads the Go forms: a hexadecimal float with its p exponent, underscores, a bare point', async () => {
    expect(await outcome(list('0x1p3'))).toEqual(sent(8));
    expect(await outcome(list('1_0'))).toEqual(sent(10));
    expect(await outcome(list('2.5e1'))).toEqual(sent(25));
    expect(await outcome(list('20.'))).toEqual(sent(20));
  });

  it('refuses padded text, an overflow and inf/nan like text that is no number', async () => {
    const refused = await outcome(list('abc'));
    expect(refused).toEqual({ refused: 'invalid_parameter', exit: refused.exit, out: '', calls: 0 });
    for (const text of [' 5', '5 ', '1e400', 'inf', '-Infinity', 'NaN', '0x1', '1_', '5e']) expect(await outcome(list(text))).toEqual(refused);
  });

  it('doc style cover set: a padded --position is refused before the range check and any call', async () => {
    const argv = (p: string) => ['doc', 'style', 'cover', 'set', '--node', 'D1', '--image', 'https://example.com/c.png', '--position', p];
    const refused = await outcome(argv('half'));
    expect(await outcome(argv(' 0.5'))).toEqual(refused);
    expect(await outcome(argv('0x1p-1'))).toEqual({ sent: [['update_document_style', { nodeId: 'D1', cover: { action: 'set', position: 0.5, imageUrl: 'https://example.com/c.png' } }]] });
  });
});

// ---- the reference model: Go's literal grammar written as regular expressions ------------------------------------

/** A run of digits with single underscores between them (Go's underscoreOK inside a number). */
const run = (d: string) => `${d}(?:_?${d})*`;
/** strconv.ParseInt(s, 0, 64)'s syntax: Go's integer literals with a sign. */
const GO_INT = new RegExp(`^[+-]?(?:0[bB](?:_?[01])+|0[oO](?:_?[0-7])+|0[xX](?:_?[0-9a-fA-F])+|0(?:_?[0-7])*|[1-9](?:_?[0-9])*)$`);
const DEC = run('[0-9]');
const HEX = run('[0-9a-fA-F]');
/** strconv.ParseFloat's syntax: a decimal literal, or a hexadecimal one (the prefix counting as a digit) with a p exponent. */
const GO_FLOAT = new RegExp(`^[+-]?(?:(?:${DEC}(?:\\.(?:${DEC})?)?|\\.${DEC})(?:[eE][+-]?${DEC})?|0[xX](?:_?${HEX}(?:\\.(?:${HEX})?)?|\\.${HEX})[pP][+-]?${DEC})$`);

/** The model's integer: the digits after the prefix read in their base, as a BigInt. */
function modelInt(text: string): bigint | undefined {
  if (!GO_INT.test(text)) return undefined;
  const negative = text.startsWith('-');
  const body = text.replace(/^[+-]/, '').replaceAll('_', '').toLowerCase();
  const n = /^0[box]/.test(body) ? BigInt(body) : /^0./.test(body) ? BigInt(`0o${body.slice(1)}`) : BigInt(body);
  return negative ? -n : n;
}

const intChars = fc.constantFrom(...'0123456789abfxXoOB_+- \t'.split(''));
const floatChars = fc.constantFrom(...'0123456789aefpxEP._+- \t'.split(''));
const textOf = (chars: fc.Arbitrary<string>) => fc.array(chars, { maxLength: 9 }).map((cs) => cs.join(''));

describe('parseGoInt and parseGoFloat agree with a model of Go\'s grammar', () => {
  it('parseGoInt accepts exactly the Go integer literals within int64 and reads their value (beyond 2^53 as its digits)', () => {
    fc.assert(fc.property(textOf(intChars), (text) => {
      const model = modelInt(text);
      const exact = model !== undefined && model >= BigInt(Number.MIN_SAFE_INTEGER) && model <= BigInt(Number.MAX_SAFE_INTEGER);
      const int64 = model !== undefined && model >= -(2n ** 63n) && model < 2n ** 63n;
      const got = parseGoInt(text);
      expect(got instanceof JsonNumber ? got.literal : got).toEqual(exact ? Number(model) : int64 ? model!.toString() : undefined);
    }), { numRuns: 5000 });
  });

  it('parseGoFloat accepts exactly the Go float literals and reads the nearest float64', () => {
    fc.assert(fc.property(textOf(floatChars), (text) => {
      const accepted = GO_FLOAT.test(text);
      const got = parseGoFloat(text);
      if (!accepted) return got === undefined;
      const clean = text.replaceAll('_', '');
      const hex = /^[+-]?0x/i.exec(clean);
      if (!hex) {
        const value = Number(clean);
        return Number.isFinite(value) ? Object.is(got, value) : got === undefined;
      }
      // a short mantissa (under 2^28) times a power of two, rounded once by the one multiplication that can round
      const m = /^([+-]?)0x([0-9a-f]*)\.?([0-9a-f]*)p([+-]?\d+)$/i.exec(clean)!;
      const e = Number(m[4]) - 4 * m[3].length;
      const mantissa = parseInt(`${m[2]}${m[3]}` || '0', 16);
      const value = e < 0 ? mantissa * 2 ** -60 * 2 ** (e + 60) : mantissa * 2 ** e;
      if (!Number.isFinite(value)) return got === undefined;
      return Object.is(got, m[1] === '-' ? -value : value);
    }), { numRuns: 5000 });
  });

  it('a literal Go accepts is refused once padded, by every numeric flag type', () => {
    const literal = fc.oneof(fc.integer().map(String), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), fc.constantFrom('0x10', '010', '1_000', '0x1p-2'));
    fc.assert(fc.property(literal, fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0'), fc.boolean(), (text, pad, before) => {
      const padded = before ? pad + text : text + pad;
      expect([parseGoInt(padded), parseGoFloat(padded)]).toEqual([undefined, undefined]);
      expect(['int', 'int64', 'float64'].map((t) => convert(t, padded))).toEqual([padded, padded, padded]);
    }));
  });

  it('hexadecimal floats round once to the nearest float64, ties to even, with subnormals and overflow', () => {
    const read = (texts: string[]) => texts.map((t) => parseGoFloat(t));
    expect(read(['0x1p-1074', '0x1p-1075', '0x3p-1075', '0x3p-1076', '0x1.fffffffffffffp1023', '0x1.fffffffffffff8p1023', '0x1p1024', '0x1.00000000000008p0', '0x1.00000000000018p0']))
      .toEqual([5e-324, 0, 1e-323, 5e-324, Number.MAX_VALUE, undefined, undefined, 1, 1 + 2 * Number.EPSILON]);
  });
});

// ---- part 2: number literals of the flags upstream decodes with json.Decoder.UseNumber --------------------------

describe('a --request number literal reaches the backend as typed (decodeOARequest decodes with UseNumber)', () => {
  const request = '{"processCode":"PROC-1","deptId":12345678901234567890,"amount":1.50,"k":7}';

  it('the call carries 12345678901234567890 and 1.50 as written, other numbers as numbers', async () => {
    expect(await outcome(['oa', 'approval', 'forecast-process', '--request', request])).toEqual({
      sent: [['forecast_process', { ProcessForecastPopRequest: { processCode: 'PROC-1', deptId: new JsonNumber('12345678901234567890'), amount: new JsonNumber('1.50'), k: 7 } }]],
    });
    expect(stringifyJson(mcp.calls[0].arguments)).toBe(`{"ProcessForecastPopRequest":${request}}`);
  });

  it('--dry-run prints the literal as typed too', async () => {
    const { out, error } = await dispatchInProcess(['oa', 'approval', 'forecast-process', '--request', request, '--dry-run'], env());
    expect({ error, holds: out.includes('"deptId":12345678901234567890,"amount":1.50') }).toEqual({ error: undefined, holds: true });
  });
});

/** A JSON number literal of RFC 8259's grammar, often beyond what a double holds. */
const numberLiteral = fc.tuple(
  fc.boolean(), fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9][0-9]{0,24}$/)), fc.option(fc.stringMatching(/^[0-9]{1,20}$/)),
  fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.stringMatching(/^[0-9]{1,3}$/))),
).map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac === null ? '' : `.${frac}`}${exp === null ? '' : exp.join('')}`);

describe('parseJsonExact and stringifyJson (src/json-number.ts)', () => {
  it('decode what JSON.parse decodes from any JSON.stringify text, and write it back unchanged', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const text = JSON.stringify(v);
      expect(parseJsonExact(text)).toEqual(JSON.parse(text));
      expect(stringifyJson(parseJsonExact(text))).toBe(text);
    }));
  });

  it('write every number literal back exactly as typed, inside lists and objects', () => {
    fc.assert(fc.property(fc.array(numberLiteral, { maxLength: 6 }), (literals) => {
      const text = `{"a":[${literals.join(',')}],"b":{"c":${literals[0] ?? 0}},"s":"1.50 \\" 12345678901234567890"}`;
      expect(stringifyJson(parseJsonExact(text))).toBe(text);
    }));
  });

  it('keep a literal as typed exactly when a JavaScript number would print it otherwise', () => {
    fc.assert(fc.property(numberLiteral, (literal) => {
      const got = (parseJsonExact(`[${literal}]`) as unknown[])[0];
      expect(got).toEqual(JSON.stringify(Number(literal)) === literal ? Number(literal) : new JsonNumber(literal));
    }));
  });

  it('cloneJson copies arguments (the next page\'s) keeping each kept literal, so the copy is sent as the original', () => {
    fc.assert(fc.property(fc.array(numberLiteral, { minLength: 1, maxLength: 6 }), (literals) => {
      const text = `{"page":{"n":1},"ids":[${literals.join(',')}]}`;
      const original = parseJsonExact(text) as { page: { n: number } };
      const copy = cloneJson(original);
      copy.page.n = 2;
      expect([stringifyJson(original), stringifyJson(copy)]).toEqual([text, text.replace('"n":1', '"n":2')]);
    }));
  });

  it('refuse exactly the texts JSON.parse refuses (a number where a key belongs included)', () => {
    const chars = fc.constantFrom(...'[]{}:,"1234567890-.eE tn'.split(''), '12345678901234567890', '1.50', 'true', 'null');
    fc.assert(fc.property(fc.array(chars, { maxLength: 12 }).map((cs) => cs.join('')), (text) => {
      const fails = (f: () => unknown) => { try { f(); return false; } catch { return true; } };
      expect(fails(() => parseJsonExact(text))).toBe(fails(() => JSON.parse(text)));
    }), { numRuns: 5000 });
    expect(() => parseJsonExact('{12345678901234567890:1}')).toThrow(SyntaxError);
  });
});
