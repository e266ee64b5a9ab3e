// Authoring checks for catalog/gaps/<product>.yaml (known gaps: capabilities a product does not have). A gap term set
// must not be said by any tool's own positive text (title, use_when, keywords) in the same language: if a tool says
// it, the catalog has that capability and the gap would flag a real answer as weak. Used by
// `node scripts/catalog-text.mjs gaps` and by test/catalog/gaps.test.ts. Matching mirrors src/lexicon/gaps.ts.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export const fold = (s) => s.normalize('NFKC').toLowerCase();

// A lint run tests every term against every tool's text: each term is folded and its pattern compiled once.
const wordPatterns = new Map();

function saysWord(text, term) {
  let re = wordPatterns.get(term);
  if (!re) {
    const t = fold(term);
    re = new RegExp(`(?<![a-z0-9])${t.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?:e?s)?(?![a-z0-9])`, 'u');
    wordPatterns.set(term, re);
  }
  return re.test(text);
}

const foldedTerms = new Map();
function folded(term) {
  let t = foldedTerms.get(term);
  if (t === undefined) foldedTerms.set(term, (t = fold(term)));
  return t;
}

/** A term without Chinese characters ("mysql", "pat") is a word even in a Chinese set: "pat" is not in "path". */
const LATIN = /^[\x20-\x7e]+$/u;
const NEGATIONS = ['不', '没', '别', '勿', '无法', '不可', '不能', '没有'];

function saysZh(text, term) {
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) {
    const before = text.slice(Math.max(0, at - 2), at);
    if (!NEGATIONS.some((n) => before.endsWith(n))) return true;
  }
  return false;
}

/**
 * Chinese terms match as substrings not right after a negation (不/没/别/无法...), English ones as whole words (a
 * plural s/es on the last word also matches).
 */
export function saysAll(text, terms, english) {
  return terms.every((t) => (english || LATIN.test(t) ? saysWord(text, t) : saysZh(text, folded(t))));
}

export function loadGapFiles(catalogDir) {
  const dir = path.join(catalogDir, 'gaps');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ file: f, product: f.slice(0, -5), doc: YAML.parse(readFileSync(path.join(dir, f), 'utf8')) }));
}

const isTerms = (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x.trim() === x && x.length > 0);

/** Problems as strings ("gaps/chat.yaml: restore_history: ..."); empty when the gap files are fine. */
export function lintGaps(catalogFiles, gapFiles, only) {
  const problems = [];
  const products = new Set(catalogFiles.map(({ doc }) => doc.product?.id ?? doc.id ?? doc.tools?.[0]?.product_id));
  const tools = catalogFiles.flatMap(({ doc }) => doc.tools);
  const positive = (t, en) => fold([t[en ? 'title_en' : 'title'], ...(t[en ? 'use_when_en' : 'use_when'] ?? []), ...(t[en ? 'keywords_en' : 'keywords'] ?? [])].join('\n'));
  const texts = { zh: tools.map((t) => positive(t, false)), en: tools.map((t) => positive(t, true)) };
  for (const { file, product, doc } of gapFiles) {
    if (only && !only.includes(product)) continue;
    const where = `gaps/${file}`;
    if (!products.has(product)) problems.push(`${where}: ${product} is not a product of the catalog`);
    if (!doc || !Array.isArray(doc.gaps) || doc.gaps.length === 0) { problems.push(`${where}: needs a non-empty top-level "gaps" list`); continue; }
    const ids = new Set();
    for (const g of doc.gaps) {
      const id = g?.id ?? '?';
      if (typeof g?.id !== 'string' || !/^[a-z][a-z0-9_]*$/u.test(g.id) || ids.has(g.id)) problems.push(`${where}: ${id}: id must be a unique snake_case id`);
      ids.add(id);
      for (const k of ['note', 'note_en']) if (typeof g?.[k] !== 'string' || g[k].trim() === '') problems.push(`${where}: ${id}: ${k} missing`);
      for (const [k, en] of [['when', false], ['when_en', true]]) {
        const sets = g?.[k];
        if (!Array.isArray(sets) || sets.length === 0) { problems.push(`${where}: ${id}: ${k} needs at least one term list`); continue; }
        sets.forEach((set, j) => {
          if (!isTerms(set)) { problems.push(`${where}: ${id}: ${k}[${j}] must be a list of non-empty strings`); return; }
          const said = tools.filter((_, i) => saysAll(texts[en ? 'en' : 'zh'][i], set, en)).map((t) => t.canonical_path);
          if (said.length > 0) problems.push(`${where}: ${id}: ${k}[${j}] [${set.join(', ')}] is said by ${said.slice(0, 3).join(', ')}${said.length > 3 ? ` and ${said.length - 3} more` : ''} (title/use_when/keywords): the catalog seems to have it, or the terms are too broad`);
        });
      }
    }
  }
  return problems;
}
