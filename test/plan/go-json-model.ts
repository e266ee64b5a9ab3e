// A model of how upstream prints a backend answer's numbers, written from Go's rules (not from dws's output), for the
// answer-number tests (h52-left item 1). Upstream decodes an answer text with json.Unmarshal into an `any`, so every
// number is a float64 read by strconv.ParseFloat(literal, 64), and prints it with encoding/json (Marshal, or an Encoder
// with SetIndent("", "  ")), whose float encoder writes the float64 as strconv.AppendFloat(f, fmt, -1, 64) with fmt 'e'
// when 0 < |f| < 1e-6 or |f| >= 1e21 and 'f' otherwise, then shortens an exponent `e-0d` to `e-d`.

/** A JSON number as it appears in an answer text: its literal, exactly as the backend wrote it. */
export class Literal {
  constructor(readonly text: string) {}
}

/** A decoded answer as the model holds it: literals kept, so the model reads each one as Go does. */
export type Tree = Literal | string | boolean | null | Tree[] | { [k: string]: Tree };

/**
 * strconv.ParseFloat(literal, 64) of a JSON number literal: the double nearest to it (ties to even), a zero with the
 * literal's sign when it is below the smallest double, undefined when beyond the largest (ErrRange, which fails
 * json.Unmarshal). ECMAScript's StringToNumber is the same correctly rounded IEEE 754 reading.
 */
export function goParseFloat(literal: string): number | undefined {
  const x = Number(literal);
  if (!Number.isFinite(x)) return undefined;
  return x === 0 && literal.startsWith('-') ? -0 : x;
}

/**
 * strconv's shortest digits of |x| > 0 (precision -1): the fewest significant digits that ParseFloat reads back as x,
 * the nearest such when several; `point` is the decimal exponent of the first digit (x = d.ddd × 10^point).
 * toExponential(p - 1) is |x| correctly rounded to p significant digits, so the first p that reads back is the answer.
 */
function shortestDigits(x: number): { digits: string; point: number } {
  const a = Math.abs(x);
  for (let p = 1; p <= 17; p++) {
    const t = a.toExponential(p - 1);
    if (Number(t) !== a) continue;
    const [mantissa, exponent] = t.split('e');
    return { digits: mantissa.replace('.', '').replace(/0+$/, '') || '0', point: Number(exponent) };
  }
  throw new Error(`no shortest digits for ${x}`);
}

/** strconv.AppendFloat(x, 'f', -1, 64): every digit in place, no exponent; a negative zero keeps its sign. */
function formatF(x: number): string {
  const sign = x < 0 || Object.is(x, -0) ? '-' : '';
  if (x === 0) return `${sign}0`;
  const { digits, point } = shortestDigits(x);
  const before = point + 1; // digits before the decimal point
  if (before <= 0) return `${sign}0.${'0'.repeat(-before)}${digits}`;
  if (before >= digits.length) return `${sign}${digits}${'0'.repeat(before - digits.length)}`;
  return `${sign}${digits.slice(0, before)}.${digits.slice(before)}`;
}

/** strconv.AppendFloat(x, 'e', -1, 64): d.ddde±dd, the exponent at least two digits. */
function formatE(x: number): string {
  const sign = x < 0 ? '-' : '';
  const { digits, point } = shortestDigits(x);
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = Math.abs(point);
  return `${sign}${mantissa}e${point < 0 ? '-' : '+'}${e < 10 ? `0${e}` : e}`;
}

/** encoding/json's floatEncoder (64 bits) of a finite float64. */
export function goJsonFloat(x: number): string {
  const a = Math.abs(x);
  if (a === 0 || (a >= 1e-6 && a < 1e21)) return formatF(x);
  // "clean up e-09 to e-9"
  return formatE(x).replace(/e-0(\d)$/, 'e-$1');
}

/** Whether every number literal in the tree is one ParseFloat reads without ErrRange (else json.Unmarshal fails). */
export function decodesInGo(t: Tree): boolean {
  if (t instanceof Literal) return goParseFloat(t.text) !== undefined;
  if (Array.isArray(t)) return t.every(decodesInGo);
  if (t !== null && typeof t === 'object') return Object.values(t).every(decodesInGo);
  return true;
}

/** A plain-ASCII text as JSON (the model's texts hold letters and digits only: no escape rule is in question). */
const quote = (s: string): string => {
  if (!/^[A-Za-z0-9 ]*$/.test(s)) throw new Error(`the model writes plain texts only, not ${s}`);
  return `"${s}"`;
};

/**
 * The tree as encoding/json writes its decoded value: compact (indent undefined) or with SetIndent("", indent); keys
 * in the tree's order (dws's own envelope keeps the answer's order; Go's map would sort them, a difference outside
 * numbers that the tests leave out by drawing keys in sorted order).
 */
export function goMarshal(t: Tree, indent?: string, depth = 0): string {
  if (t instanceof Literal) return goJsonFloat(goParseFloat(t.text)!);
  if (t === null) return 'null';
  if (typeof t === 'boolean') return t ? 'true' : 'false';
  if (typeof t === 'string') return quote(t);
  const entries: [string | undefined, Tree][] = Array.isArray(t) ? t.map((x) => [undefined, x]) : Object.entries(t);
  const [open, close] = Array.isArray(t) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return open + close;
  const colon = indent === undefined ? ':' : ': ';
  const parts = entries.map(([k, x]) => `${k === undefined ? '' : quote(k) + colon}${goMarshal(x, indent, depth + 1)}`);
  if (indent === undefined) return open + parts.join(',') + close;
  const inner = '\n' + indent.repeat(depth + 1);
  return open + inner + parts.join(',' + inner) + '\n' + indent.repeat(depth) + close;
}

/** The tree as the backend's answer text: compact, each literal as written. */
export function answerText(t: Tree): string {
  if (t instanceof Literal) return t.text;
  if (t === null || typeof t !== 'object') return JSON.stringify(t);
  if (Array.isArray(t)) return `[${t.map(answerText).join(',')}]`;
  return `{${Object.entries(t).map(([k, x]) => `${JSON.stringify(k)}:${answerText(x)}`).join(',')}}`;
}
