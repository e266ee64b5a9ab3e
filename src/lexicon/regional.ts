// Regional vocabulary: a request written in Taiwan or Hong Kong usage (資料夾, 線上, 檔案) says the words the catalog
// writes in mainland usage (文件夾, 在線, 文件). The query phase rewrites them before ranking; the tokenizer then folds
// the traditional characters (assembly/fold.ts). The table (regional-table.ts) is generated from OpenCC and keeps only
// words with a traditional-only character, so simplified text is never changed.
import { REGIONAL } from './regional-table.js';

/** First UTF-16 unit (its code) -> the words starting with it, longest first. Built on first use. */
let byFirst: Map<number, (readonly [string, string])[]> | undefined;

function words(): Map<number, (readonly [string, string])[]> {
  if (!byFirst) {
    byFirst = new Map();
    for (const pair of REGIONAL) {
      const unit = pair[0].charCodeAt(0);
      const list = byFirst.get(unit) ?? [];
      list.push(pair);
      byFirst.set(unit, list);
    }
    for (const list of byFirst.values()) list.sort((a, b) => b[0].length - a[0].length);
  }
  return byFirst;
}

/** The first (longest) of the words that the text says at position at, or undefined. */
function wordAt(text: string, at: number, list: readonly (readonly [string, string])[] | undefined): readonly [string, string] | undefined {
  if (list) for (const pair of list) if (text.startsWith(pair[0], at)) return pair;
  return undefined;
}

/**
 * The text with every regional word replaced by its mainland word, scanning left to right, longest word first. Units
 * are looked up by code, with no function made per position (no one-unit string, no closure over the position).
 */
export function toMainland(text: string): string {
  const table = words();
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length;) {
    const hit = wordAt(text, i, table.get(text.charCodeAt(i)));
    if (hit) {
      out += text.slice(copied, i) + hit[1];
      i += hit[0].length;
      copied = i;
    } else {
      i++;
    }
  }
  return copied === 0 ? text : out + text.slice(copied);
}
