// Authoring checks for catalog text: every tool of a product has the bilingual text an agent needs, examples
// use only declared flags on the tool's own CLI path, and every `dws ...` reference in avoid_when names a real
// command. Used by `node scripts/catalog-text.mjs lint` and by test/catalog/lint.test.ts.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export const TOOL_TEXT_STRINGS = ['title', 'title_en', 'agent_summary', 'agent_summary_en', 'description', 'description_en'];
export const TOOL_TEXT_LISTS = ['use_when', 'use_when_en', 'avoid_when', 'avoid_when_en', 'keywords', 'keywords_en', 'examples'];
export const PRODUCT_TEXT = ['title', 'title_en', 'summary', 'summary_en'];

export function loadCatalogFiles(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ file: f, doc: YAML.parse(readFileSync(path.join(dir, f), 'utf8')) }));
}

/** Every CLI path and alias of the catalog, mapped to its tool. */
export function commandIndex(files) {
  const paths = new Map();
  for (const { doc } of files) {
    for (const t of doc.tools) {
      for (const p of [t.cli_path, t.primary_cli_path, ...t.aliases]) paths.set(p, t);
    }
  }
  return paths;
}

/** Splits a `dws ...` command line into its command words and its flag names. */
export function parseCommandLine(line, paths) {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'dws') return { error: 'does not start with "dws"' };
  let best = null;
  for (let n = Math.min(words.length - 1, 6); n >= 1; n--) {
    const candidate = words.slice(1, 1 + n).join(' ');
    if (paths.has(candidate)) { best = { path: candidate, rest: words.slice(1 + n) }; break; }
  }
  if (!best) return { error: `no command matches "${words.slice(1, 4).join(' ')}"` };
  const flags = best.rest.filter((w) => w.startsWith('--')).map((w) => w.slice(2).split('=')[0]);
  return { path: best.path, tool: paths.get(best.path), flags };
}

const BACKTICKED_COMMAND = /`(dws [^`]+)`/g;

function nonEmpty(v) {
  return typeof v === 'string' && v.trim().length > 0;
}

/** Returns a list of human-readable problems for the given product files (all files are needed for references). */
export function lintCatalog(files, products) {
  const paths = commandIndex(files);
  const problems = [];
  for (const { file, doc } of files) {
    if (products && !products.includes(doc.product.id)) continue;
    for (const k of PRODUCT_TEXT) if (!nonEmpty(doc.product[k])) problems.push(`${file}: product.${k} is empty`);
    for (const t of doc.tools) {
      const at = `${file}: ${t.canonical_path}`;
      for (const k of TOOL_TEXT_STRINGS) if (!nonEmpty(t[k])) problems.push(`${at}: ${k} is empty`);
      for (const k of TOOL_TEXT_LISTS) {
        if (!Array.isArray(t[k]) || t[k].length === 0 || !t[k].every(nonEmpty)) problems.push(`${at}: ${k} needs at least one non-empty entry`);
      }
      for (const [zh, en] of [['use_when', 'use_when_en'], ['avoid_when', 'avoid_when_en']]) {
        if (Array.isArray(t[zh]) && Array.isArray(t[en]) && t[zh].length !== t[en].length) {
          problems.push(`${at}: ${zh} has ${t[zh].length} entries but ${en} has ${t[en].length}`);
        }
      }
      for (const [flag, p] of Object.entries(t.parameters)) {
        if (p.hidden) continue;
        if (!nonEmpty(p.description)) problems.push(`${at}: parameter --${flag} description is empty`);
        if (!nonEmpty(p.description_en)) problems.push(`${at}: parameter --${flag} description_en is empty`);
      }
      for (const ex of t.examples ?? []) {
        const parsed = parseCommandLine(ex, paths);
        if (parsed.error) { problems.push(`${at}: example "${ex}" ${parsed.error}`); continue; }
        if (parsed.tool !== t) { problems.push(`${at}: example "${ex}" runs ${parsed.tool.canonical_path}, not this tool`); continue; }
        for (const f of parsed.flags) {
          if (!(f in t.parameters) && f !== 'yes' && f !== 'dry-run' && f !== 'format') problems.push(`${at}: example "${ex}" uses undeclared flag --${f}`);
        }
      }
      for (const k of ['avoid_when', 'avoid_when_en', 'use_when', 'use_when_en', 'description', 'description_en']) {
        const texts = Array.isArray(t[k]) ? t[k] : [t[k]];
        for (const text of texts) {
          for (const m of String(text ?? '').matchAll(BACKTICKED_COMMAND)) {
            const parsed = parseCommandLine(m[1], paths);
            if (parsed.error) problems.push(`${at}: ${k} names \`${m[1]}\`, ${parsed.error}`);
          }
        }
      }
    }
  }
  return problems;
}
