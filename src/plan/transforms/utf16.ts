// Text measured and cut in UTF-16 code units, the unit DingTalk's document offsets and length limits count in
// (upstream utf16Length, sliceUTF16Range: Go encodes the runes with utf16.Encode; a JS string already is UTF-16).
import { DwsError } from '../../errors.js';
import { isObj, refuse, str, type Fn } from './types.js';

const isHigh = (u: number) => u >= 0xd800 && u <= 0xdbff;
const isLow = (u: number) => u >= 0xdc00 && u <= 0xdfff;

/** Whole numbers only (a flag's digits as text too); anything else is refused naming the key. */
function whole(v: unknown, where: string, key: string): number {
  const n = typeof v === 'string' && /^[+-]?\d+$/u.test(v.trim()) ? Number(v) : v;
  return Number.isInteger(n) ? (n as number) : refuse(`${where} ${key}`, v, 'a whole number');
}

/**
 * Upstream sliceUTF16Range: the units [start, end) of the text, or undefined when the range is empty, outside the
 * text or cuts a surrogate pair in two.
 */
export function utf16Slice(text: string, start: number, end: number): string | undefined {
  if (start < 0 || end <= start || end > text.length) return undefined;
  const u = (i: number) => text.charCodeAt(i);
  if (start > 0 && start < text.length && isHigh(u(start - 1)) && isLow(u(start))) return undefined;
  if (end > 0 && end < text.length && isHigh(u(end - 1)) && isLow(u(end))) return undefined;
  return text.slice(start, end);
}

export const PLAIN: Record<string, Fn> = {
  /** text -> its length in UTF-16 code units (a character outside the BMP counts 2) */
  utf16_length: (v, where) => str(v, where).length,
  /**
   * `{text, start, end, expected?}` -> the text's UTF-16 units [start, end); a range that is empty, outside the text
   * or splits a surrogate pair is refused, and so is an `expected` text that differs from the slice
   */
  utf16_slice: (v, where) => {
    if (!isObj(v)) return refuse(where, v, 'an object {text, start, end}');
    const text = v.text === undefined ? '' : str(v.text, where);
    const start = whole(v.start, where, 'start');
    const end = whole(v.end, where, 'end');
    const slice = utf16Slice(text, start, end);
    if (slice === undefined) {
      throw new DwsError('invalid_parameter', `${where}: the UTF-16 range [${start},${end}) is not a range of the text (${text.length} units)`,
        'read the text again and give offsets inside it');
    }
    if (v.expected !== undefined && v.expected !== slice) {
      throw new DwsError('invalid_parameter', `${where}: the text at [${start},${end}) is ${JSON.stringify(slice)}, not ${JSON.stringify(v.expected)}`,
        'give the text exactly as it stands at those offsets, or leave it out');
    }
    return slice;
  },
};
