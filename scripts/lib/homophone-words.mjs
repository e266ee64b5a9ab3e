// The words homophone typos are repaired to (src/lexicon/homophones.ts): the catalog's own Chinese keywords of two
// to four characters. Shared by scripts/gen-homophone-table.mjs and its staleness test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** The Chinese keywords of 2-4 Han characters in catalogDir/<product>.yaml, sorted by code unit, without duplicates. */
export function catalogWords(catalogDir) {
  const words = new Set();
  for (const f of readdirSync(catalogDir).filter((f) => f.endsWith('.yaml')).sort()) {
    const doc = YAML.parse(readFileSync(path.join(catalogDir, f), 'utf8'));
    for (const t of doc?.tools ?? []) for (const k of t.keywords ?? []) if (/^\p{Script=Han}{2,4}$/u.test(k)) words.add(k);
  }
  return [...words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
