// --fix-jsonml's repair of JSON text (upstream: doc_jsonml_pipeline.go:15, :170-178, :271-280@c7521c1c call
// RepairJSON of the Go module github.com/RealAlexandreAI/json-repair v0.0.15, jsonrepair.go). That library is a
// byte-at-a-time reader that guesses a value from whatever text it is given; dws reproduces its guesses, quirks
// included, because the guess is what upstream sends:
//   - the text is trimmed and a leading ```json dropped; text that is then JSON comes back as it is (compacted);
//   - otherwise one value is read: text before the first `{` / `[` and everything after the value is ignored, and a
//     text with neither gives the empty string `""`;
//   - inside a container, a word or a single-quoted text is read as a string, true/false/null in any letter case as
//     those values (so Python's True/False; None is a word), a number up to the next character that cannot be one
//     (`1/2` or `1-2` read as 0, a number holding a comma in an object as text, decimals rounded to float32);
//   - missing commas, colons, quotes and closing brackets are supplied; a null, an empty string or anything
//     unreadable ends the array it is in (what followed in that array is dropped);
//   - some texts make the library fail (a doubled quote at the end; a number beyond float32): then dws, as upstream,
//     refuses with "repair failed" (undefined here).
// The reader works on the UTF-8 bytes, as Go does: a byte of a multi-byte character is tested as the Latin-1
// character of that value (some are letters, digits or spaces to Go's unicode package), and invalid UTF-8 in a
// string comes out as U+FFFD per byte, as Go's JSON encoder writes it.

/** a string is its bytes (Uint8Array); a JS string is only a number read as text (it holds a comma) or EMPTY */
type Value = Uint8Array | string | boolean | null | RNum | Value[] | RObj;
/** a number as Go holds it: an int (text of its int64 value) or a float (a float64 rounded to float32) */
interface RNum { num: string }
/** a Go map[string]any: keys as raw bytes (hex) so that invalid UTF-8 keys stay distinct until encoded */
interface RObj { obj: Map<string, { key: Uint8Array; value: Value }> }

const MAX_DEPTH = 1000;

/** unicode.IsSpace for a rune */
function isSpaceRune(r: number): boolean {
  if (r <= 0xff) return r === 0x20 || (r >= 0x09 && r <= 0x0d) || r === 0x85 || r === 0xa0;
  return r === 0x1680 || (r >= 0x2000 && r <= 0x200a) || r === 0x2028 || r === 0x2029 || r === 0x202f
    || r === 0x205f || r === 0x3000;
}

/** unicode.IsLetter(rune(b)) for a byte: ASCII letters and the Latin-1 letters */
function isLetterByte(b: number): boolean {
  if ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)) return true;
  if (b === 0xaa || b === 0xb5 || b === 0xba) return true;
  return b >= 0xc0 && b !== 0xd7 && b !== 0xf7;
}

/** unicode.IsNumber(rune(b)) for a byte: digits and the Latin-1 superscripts and fractions */
function isNumberByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || b === 0xb2 || b === 0xb3 || b === 0xb9 || (b >= 0xbc && b <= 0xbe);
}

const ch = (s: string): number => s.charCodeAt(0);
const isOneOf = (b: number, set: string): boolean => set.includes(String.fromCharCode(b));

/** Go's utf8.DecodeRune: the rune at i and its size; an invalid byte is U+FFFD of size 1 */
function decodeRune(bytes: Uint8Array, i: number): [number, number] {
  const b0 = bytes[i];
  if (b0 < 0x80) return [b0, 1];
  const cont = (k: number): boolean => i + k < bytes.length && (bytes[i + k] & 0xc0) === 0x80;
  if (b0 >= 0xc2 && b0 <= 0xdf && cont(1)) return [((b0 & 0x1f) << 6) | (bytes[i + 1] & 0x3f), 2];
  if (b0 >= 0xe0 && b0 <= 0xef && cont(1) && cont(2)) {
    const r = ((b0 & 0x0f) << 12) | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f);
    if (r >= 0x800 && (r < 0xd800 || r > 0xdfff)) return [r, 3];
  }
  if (b0 >= 0xf0 && b0 <= 0xf4 && cont(1) && cont(2) && cont(3)) {
    const r = ((b0 & 0x07) << 18) | ((bytes[i + 1] & 0x3f) << 12) | ((bytes[i + 2] & 0x3f) << 6) | (bytes[i + 3] & 0x3f);
    if (r >= 0x10000 && r <= 0x10ffff) return [r, 4];
  }
  return [0xfffd, 1];
}

/** the bytes as Go's JSON encoder reads a string: each invalid byte U+FFFD */
function decodeGo(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const [r, size] = decodeRune(bytes, i);
    out += String.fromCodePoint(r);
    i += size;
  }
  return out;
}

/** strings.TrimRightFunc(s, unicode.IsSpace) over bytes */
function trimRightSpace(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  while (end > 0) {
    // the last rune: step back over continuation bytes (at most 3) and decode
    let start = end - 1;
    while (start > end - 4 && start > 0 && (bytes[start] & 0xc0) === 0x80) start--;
    let [r, size] = decodeRune(bytes, start);
    if (start + size !== end) [r, size] = [0xfffd, 1];
    if (!isSpaceRune(r)) break;
    end -= size;
  }
  return bytes.subarray(0, end);
}

/** strings.TrimSpace over a (valid UTF-16) JS string */
function trimSpace(s: string): string {
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && isSpaceRune(cps[a].codePointAt(0) ?? 0)) a++;
  while (b > a && isSpaceRune(cps[b - 1].codePointAt(0) ?? 0)) b--;
  return cps.slice(a, b).join('');
}

/** thrown where Go's library panics or fails to marshal; RepairJSON then returns an error */
class RepairFailed extends Error {}

const EMPTY = '';
/** Go's `value == ""`: the empty string, however it was read */
const isEmpty = (v: Value): boolean => v === EMPTY || (v instanceof Uint8Array && v.length === 0);

/** The reader (JSONParser): one value from the bytes, as the library's parseJSON reads it. */
class Reader {
  private index = 0;
  private readonly marker: string[] = [];
  private depth = 0;
  constructor(private readonly src: Uint8Array) {}

  /** getByte: the byte at index+k, or a space and false outside the text */
  private at(k: number): [number, boolean] {
    const i = this.index + k;
    return i < 0 || i >= this.src.length ? [0x20, false] : [this.src[i], true];
  }

  private skipSpaces(): void {
    for (let [c, b] = this.at(0); b && isSpaceRune(c); [c, b] = this.at(0)) this.index++;
  }

  private top(): string {
    return this.marker.length > 0 ? this.marker[this.marker.length - 1] : '';
  }

  private pop(): void {
    if (this.marker.length > 0) this.marker.pop();
  }

  /** parseJSON: skip to the next thing that starts a value; outside any container only `{` and `[` do */
  value(): Value {
    this.depth++;
    try {
      if (this.depth > MAX_DEPTH) return EMPTY;
      for (;;) {
        const [c, b] = this.at(0);
        if (!b) return EMPTY;
        const inside = this.marker.length > 0;
        if (c === ch('{')) {
          this.index++;
          return this.object();
        }
        if (c === ch('[')) {
          this.index++;
          return this.array();
        }
        if (c === ch('}')) return EMPTY;
        if (inside && (c === ch('"') || c === ch("'") || isLetterByte(c))) return this.string();
        if (inside && (isNumberByte(c) || c === ch('-') || c === ch('.'))) return this.number();
        this.index++;
      }
    } finally {
      this.depth--;
    }
  }

  /** parseObject (the opening `{` already read) */
  private object(): RObj {
    const out: RObj = { obj: new Map() };
    let [c, b] = this.at(0);
    while (b && c !== ch('}')) {
      this.skipSpaces();
      [c, b] = this.at(0);
      if (b && c === ch(':')) this.index++;
      this.marker.push('object_key');
      this.skipSpaces();
      let key: Uint8Array = new Uint8Array(0);
      [, b] = this.at(0);
      while (key.length === 0 && b) {
        const before = this.index;
        key = this.string() as Uint8Array;
        [c, b] = this.at(0);
        if (key.length === 0 && b && c === ch(':')) {
          key = new TextEncoder().encode('empty_placeholder');
          break;
        } else if (key.length === 0 && this.index === before) {
          this.index++;
        }
      }
      this.skipSpaces();
      [c, b] = this.at(0);
      // a key with no value before the `}`: the loop ends (the key marker stays pushed, as in the library)
      if (b && c === ch('}')) continue;
      this.skipSpaces();
      [c, b] = this.at(0);
      this.index++; // the colon, or whatever stands in its place
      this.pop();
      this.marker.push('object_value');
      const value = this.value();
      this.pop();
      if (key.length === 0 && isEmpty(value)) continue;
      const hex = Buffer.from(key).toString('hex');
      out.obj.delete(hex);
      out.obj.set(hex, { key, value });
      [c, b] = this.at(0);
      if (b && isOneOf(c, ',\'"')) this.index++;
      this.skipSpaces();
      [c, b] = this.at(0);
    }
    this.index++;
    return out;
  }

  /** parseArray (the opening `[` already read) */
  private array(): Value[] {
    const out: Value[] = [];
    this.marker.push('array');
    let [c, b] = this.at(0);
    while (b && c !== ch(']')) {
      this.skipSpaces();
      [c, b] = this.at(0);
      if (b && c === ch('}') && this.marker.includes('array')) {
        // a `}` where the array should close: taken as its `]` when another closing bracket follows
        let k = 1;
        let ends = false;
        for (let [n, nb] = this.at(k); nb; [n, nb] = this.at(k)) {
          if (isSpaceRune(n)) {
            k++;
            continue;
          }
          ends = n === ch('}') || n === ch(']');
          break;
        }
        if (ends) {
          this.index++;
          this.pop();
          return out;
        }
      }
      const value = this.value();
      // a null or an empty string ends the array (`value == nil || value == ""`)
      if (value === null || isEmpty(value)) break;
      const [p, pb] = this.at(-1);
      if (!(value instanceof Uint8Array && Buffer.from(value).toString('latin1') === '...' && pb && p === ch('.'))) {
        out.push(value);
      }
      [c, b] = this.at(0);
      while (b && (isSpaceRune(c) || c === ch(','))) {
        this.index++;
        [c, b] = this.at(0);
      }
      if (this.top() === 'object_value' && c === ch('}')) {
        if (!this.marker.includes('array')) break;
        this.index++;
        [c, b] = this.at(0);
      }
    }
    [c, b] = this.at(0);
    if (b && c !== ch(']')) this.index--;
    this.index++;
    this.pop();
    return out;
  }

  /** parseBooleanOrNull: true, false or null in any letter case, else nothing (the index kept) */
  private literal(): Value | undefined {
    const start = this.index;
    let [c, b] = this.at(0);
    const lower = (x: number): number => (x >= 0x41 && x <= 0x5a) || (x >= 0xc0 && x <= 0xde && x !== 0xd7) ? x + 0x20 : x;
    c = lower(c);
    const words: [string, Value][] = [['true', true], ['false', false], ['null', null]];
    const hit = b ? words.find(([w]) => ch(w) === c) : undefined;
    if (hit) {
      const [word, value] = hit;
      let i = 0;
      while (b && i < word.length && c === word.charCodeAt(i)) {
        i++;
        this.index++;
        [c, b] = this.at(0);
        c = lower(c);
      }
      if (i === word.length) return value;
    }
    this.index = start;
    return undefined;
  }

  /** parseString: a quoted, single-quoted or bare string (or, for a bare t/f/n word outside a key, the literal) */
  private string(): Value {
    let missingQuotes = false;
    let doubledQuotes = false;
    let lq = ch('"');
    let rq = ch('"');
    let [c, b] = this.at(0);
    while (b && c !== ch('"') && c !== ch("'") && !isLetterByte(c)) {
      this.index++;
      [c, b] = this.at(0);
    }
    if (!b) return new Uint8Array(0);
    if (c === ch("'")) {
      lq = rq = ch("'");
    } else if (isLetterByte(c)) {
      if ('tfnTFN'.includes(String.fromCharCode(c)) && this.top() !== 'object_key') {
        const lit = this.literal();
        if (lit !== undefined) return lit;
      }
      missingQuotes = true;
    }
    if (!missingQuotes) this.index++;
    [c, b] = this.at(0);
    if (b && c === lq) {
      // a second quote right after the first: a doubled quote, or an empty string
      let i = 1;
      let [n, nb] = this.at(i);
      while (nb && n !== rq) [n, nb] = this.at(++i);
      [c, b] = this.at(i + 1);
      if (nb && b && c === rq) {
        doubledQuotes = true;
        this.index++;
      } else {
        i = 1;
        [n, nb] = this.at(i);
        while (nb && isSpaceRune(n)) [n, nb] = this.at(++i);
        if (nb && isOneOf(n, ',]}')) {
          this.index++;
          return new Uint8Array(0);
        } else if (nb) {
          this.index++;
        }
      }
    }
    const out: number[] = [];
    [c, b] = this.at(0);
    while (b && c !== rq) {
      if (missingQuotes) {
        if (this.top() === 'object_key' && (c === ch(':') || isSpaceRune(c))) break;
        if (this.top() === 'object_value' && isOneOf(c, ',}')) {
          // a bare value runs on past a comma or brace only when a quoted part follows that ends at one
          let i = 1;
          let [n, nb] = this.at(i);
          while (nb && n !== rq) [n, nb] = this.at(++i);
          if (nb) [n, nb] = this.at(++i);
          while (nb && n === ch(' ')) [n, nb] = this.at(++i);
          if (!(nb && isOneOf(n, ',}'))) break;
        }
      }
      out.push(c);
      this.index++;
      [c, b] = this.at(0);
      if (out.length > 1 && out[out.length - 1] === ch('\\')) {
        out.pop();
        if (c === rq || isOneOf(c, 'tnrb\\')) {
          const esc: Record<string, number> = { t: 0x09, n: 0x0a, r: 0x0d, b: 0x08 };
          out.push(esc[String.fromCharCode(c)] ?? c);
          this.index++;
          [c, b] = this.at(0);
        }
      }
      if (c !== rq) continue;
      if (!missingQuotes && !doubledQuotes && this.top() === 'object_value' && this.quoteIsContent()) {
        out.push(c);
        this.index++;
        [c, b] = this.at(0);
        continue;
      }
      if (doubledQuotes) {
        // the library reads the byte after the quote unchecked: at the end of the text it panics
        const k = this.index + 1;
        if (k < 0 || k >= this.src.length) throw new RepairFailed('index out of range');
        if (this.src[k] === rq) continue;
      }
      if (missingQuotes && this.top() === 'object_value') {
        let i = 1;
        let [n, nb] = this.at(i);
        while (nb && n !== rq && n !== lq) [n, nb] = this.at(++i);
        if (nb) {
          [n, nb] = this.at(++i);
          while (nb && n === ch(' ')) [n, nb] = this.at(++i);
          if (nb && n === ch(':')) {
            this.index--;
            [c, b] = this.at(0);
            break;
          }
        }
      } else {
        let i = 1;
        let [n, nb] = this.at(i);
        while (nb && n !== rq && n !== lq) {
          if ((this.marker.includes('object_key') && isOneOf(n, ':}'))
            || (this.marker.includes('object_value') && n === ch('}'))
            || (this.marker.includes('array') && isOneOf(n, '],'))
            || (this.top() === 'object_value' && n === ch(','))) break;
          [n, nb] = this.at(++i);
        }
        if (n === ch(',') && this.top() === 'object_value') {
          [n, nb] = this.at(++i);
          while (nb && n !== rq) [n, nb] = this.at(++i);
          [n, nb] = this.at(++i);
          while (nb && n === ch(' ')) [n, nb] = this.at(++i);
          if (nb && n === ch('}')) {
            out.push(c);
            this.index++;
            [c, b] = this.at(0);
          }
        } else if (nb && n === rq && this.top() === 'object_value') {
          [n, nb] = this.at(++i);
          while (nb && n !== rq) [n, nb] = this.at(++i);
          [n, nb] = this.at(++i);
          while (nb && n !== ch(':')) {
            if (n === ch(',') || n === lq || n === rq) break;
            [n, nb] = this.at(++i);
          }
          if (n !== ch(':')) {
            out.push(c);
            this.index++;
            [c, b] = this.at(0);
          }
        }
      }
    }
    if (b && missingQuotes && this.top() === 'object_key' && isSpaceRune(c)) {
      this.skipSpaces();
      const [k, kb] = this.at(0);
      if (!kb || !isOneOf(k, ':,')) return new Uint8Array(0);
    }
    if (b && c === rq) this.index++;
    return trimRightSpace(Uint8Array.from(out));
  }

  /**
   * The library's unescaped-quote guess (its issue 18) for a quote inside an object value: the quote ends the value
   * unless a later quote is a better end (one followed by a comma and then a quote, i.e. the next key).
   */
  private quoteIsContent(): boolean {
    const rq = this.src[this.index]; // the closing quote the string waits for
    let i = 1;
    let [n, nb] = this.at(i);
    while (nb && isSpaceRune(n)) [n, nb] = this.at(++i);
    const quoteAfter = (from: number): boolean => {
      for (let k = from; ; k++) {
        const [x, xb] = this.at(k);
        if (!xb) return false;
        if (isSpaceRune(x)) continue;
        return x === rq;
      }
    };
    if (nb && isOneOf(n, ',}]')) {
      if (n !== ch(',') || quoteAfter(i + 1)) return false;
    }
    const candidates: { pos: number; after: number }[] = [];
    if (nb && isOneOf(n, ',}]')) candidates.push({ pos: 0, after: n });
    for (let j = i; j < 200; j++) {
      const [x, xb] = this.at(j);
      if (!xb) break;
      if (x !== rq) continue;
      let k = j + 1;
      let [a, ab] = this.at(k);
      while (ab && isSpaceRune(a)) [a, ab] = this.at(++k);
      if (ab && isOneOf(a, ',}]')) candidates.push({ pos: j, after: a });
    }
    let best = -1;
    for (let idx = 0; idx < candidates.length; idx++) {
      const cand = candidates[idx];
      if (cand.after === ch(',')) {
        if (quoteAfter(cand.pos + 2)) {
          best = idx;
          break;
        }
      } else if (best < 0) {
        best = idx;
      }
    }
    if (best < 0 && candidates.length > 0) best = 0;
    return best > 0 || (best === 0 && candidates[0].pos !== 0);
  }

  /** parseNumber: the run of number characters (a comma ends it inside an array) */
  private number(): Value {
    const chars = '0123456789-.eE/,';
    const inArray = this.top() === 'array';
    let text = '';
    for (let [c, b] = this.at(0); b && isOneOf(c, chars) && (c !== ch(',') || !inArray); [c, b] = this.at(0)) {
      text += String.fromCharCode(c);
      this.index++;
    }
    if (text.length > 1 && '-eE/,'.includes(text[text.length - 1])) {
      text = text.slice(0, -1);
      this.index--;
    }
    if (text === '') return EMPTY;
    if (text.includes(',')) return text;
    if (/[.eE]/u.test(text)) return { num: goFloat32(text) };
    if (text === '-') return { num: '0' };
    return { num: goAtoi(text) };
  }
}

/** strconv.ParseFloat(text, 32) as float64 (0 when the text is not a float); beyond float32 the library fails */
function goFloat32(text: string): string {
  if (!/^-?(\d+\.?\d*|\.\d+)([eE]-?\d+)?$/u.test(text)) return '0';
  const v = Math.fround(Number(text));
  if (!Number.isFinite(v)) throw new RepairFailed('json: unsupported value: Inf');
  return Object.is(v, -0) ? '-0' : String(v);
}

/** strconv.Atoi(text) (0 when not an integer; clamped to int64 when out of range) */
function goAtoi(text: string): string {
  if (!/^-?\d+$/u.test(text)) return '0';
  const max = (1n << 63n) - 1n;
  let v = BigInt(text);
  if (v > max) v = max;
  if (v < -max - 1n) v = -max - 1n;
  return v.toString();
}

const isJson = (s: string): boolean => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

/** json.Compact: the JSON text without the spaces between its tokens */
function compact(s: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      out += c;
      if (c === '\\') out += s[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') {
      out += c;
      inString = true;
    } else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') {
      out += c;
    }
  }
  return out;
}

const compareBytes = (a: Uint8Array, b: Uint8Array): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** JSONMarshal: Go's encoding of the value (map keys sorted by bytes, invalid UTF-8 as U+FFFD) */
function marshal(v: Value): string {
  if (v instanceof Uint8Array) return JSON.stringify(decodeGo(v));
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(marshal).join(',')}]`;
  if ('num' in v) return v.num;
  const entries = [...v.obj.values()].sort((x, y) => compareBytes(x.key, y.key));
  return `{${entries.map((e) => `${JSON.stringify(decodeGo(e.key))}:${marshal(e.value)}`).join(',')}}`;
}

/**
 * RepairJSON: the repaired JSON text, or undefined where the library returns an error (it panicked, or the value
 * holds a number it cannot encode).
 */
export function repairJson(text: string): string | undefined {
  let src = trimSpace(text);
  if (src.startsWith('```json')) src = src.slice('```json'.length);
  if (isJson(src)) return compact(src);
  try {
    return marshal(new Reader(new TextEncoder().encode(src)).value());
  } catch (e) {
    if (e instanceof RepairFailed) return undefined;
    throw e;
  }
}
