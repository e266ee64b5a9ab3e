#!/usr/bin/env node
// Catalog text authoring tool.
//   node scripts/catalog-text.mjs todo <product>          facts of every tool + which text is still missing (YAML)
//   node scripts/catalog-text.mjs apply <product> <file>  merge a text file (YAML or JSON) into catalog/<product>.yaml
//   node scripts/catalog-text.mjs lint [product...]       completeness and reference checks
//   node scripts/catalog-text.mjs gaps [product...]       known-gap files (catalog/gaps/) against the tools' own text
//   node scripts/catalog-text.mjs gaps-try "<query>"      which known gap (if any) a query says
// Text file shape for `apply` (every key optional; unknown tools, flags or keys are errors):
//   product: { title, title_en, summary, summary_en }
//   tools:
//     <tool name>: { title, title_en, agent_summary, agent_summary_en, description, description_en,
//                    use_when: [], use_when_en: [], avoid_when: [], avoid_when_en: [], keywords: [], keywords_en: [],
//                    examples: [],
//                    parameters: { <flag>: { description, description_en, example?, format? } } }
import { readFileSync, writeFileSync } from 'node:fs';
import { withProductLock } from './lib/lock.mjs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import YAML from 'yaml';
import { lintCatalog, loadCatalogFiles, PRODUCT_TEXT, TOOL_TEXT_LISTS, TOOL_TEXT_STRINGS } from './lib/catalog-lint.mjs';
import { fold, lintGaps, loadGapFiles, saysAll } from './lib/gaps-lint.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const catalogDir = path.join(root, 'catalog');
const [cmd, ...args] = process.argv.slice(2);

function fail(msg) {
  console.error(msg);
  process.exit(1);
}

function productFile(product) {
  return path.join(catalogDir, `${product}.yaml`);
}

function readProduct(product) {
  return YAML.parse(readFileSync(productFile(product), 'utf8'));
}

function writeProduct(product, doc) {
  writeFileSync(productFile(product), YAML.stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }));
}

const TOOL_KEYS = new Set([...TOOL_TEXT_STRINGS, ...TOOL_TEXT_LISTS, 'parameters', 'wraps']);
const PARAM_KEYS = new Set(['description', 'description_en', 'example', 'format']);

function apply(product, file) {
  const raw = readFileSync(file, 'utf8');
  const text = file.endsWith('.json') ? JSON.parse(raw) : YAML.parse(raw);
  const doc = readProduct(product);
  const errors = [];
  for (const [k, v] of Object.entries(text.product ?? {})) {
    if (!PRODUCT_TEXT.includes(k)) errors.push(`product.${k}: not a product text key`);
    else doc.product[k] = v;
  }
  const tools = new Map(doc.tools.map((t) => [t.name, t]));
  for (const [name, patch] of Object.entries(text.tools ?? {})) {
    const tool = tools.get(name);
    if (!tool) { errors.push(`tools.${name}: no such tool in ${product}`); continue; }
    for (const [k, v] of Object.entries(patch)) {
      if (!TOOL_KEYS.has(k)) { errors.push(`tools.${name}.${k}: not a text key`); continue; }
      if (k !== 'parameters') { tool[k] = v; continue; }
      for (const [flag, ptext] of Object.entries(v)) {
        const param = tool.parameters[flag];
        if (!param) { errors.push(`tools.${name}.parameters.${flag}: no such flag`); continue; }
        for (const [pk, pv] of Object.entries(ptext)) {
          if (!PARAM_KEYS.has(pk)) errors.push(`tools.${name}.parameters.${flag}.${pk}: not a parameter text key`);
          else param[pk] = pv;
        }
      }
    }
  }
  if (errors.length) throw new Error(errors.join('\n'));
  writeProduct(product, doc);
  console.error(`applied ${Object.keys(text.tools ?? {}).length} tools to catalog/${product}.yaml`);
}

function todo(product) {
  const doc = readProduct(product);
  const out = doc.tools.map((t) => {
    const missing = [...TOOL_TEXT_STRINGS, ...TOOL_TEXT_LISTS].filter((k) => (Array.isArray(t[k]) ? t[k].length === 0 : !t[k]));
    const params = Object.entries(t.parameters)
      .filter(([, p]) => !p.hidden)
      .map(([flag, p]) => `--${flag} ${p.type}${p.required ? ' required' : ''}${p.property ? ` -> ${p.property}` : ''}${p.enum ? ` enum=${p.enum.join('|')}` : ''}${p.default !== undefined ? ` default=${JSON.stringify(p.default)}` : ''}${p.description ? '' : ' (no text)'}`);
    return {
      name: t.name,
      cli: t.cli_path,
      aliases: t.aliases.length ? t.aliases : undefined,
      command_aliases: t.command_aliases,
      safety: `${t.effect}/${t.risk}/${t.confirmation}/${t.idempotency}`,
      interface: t.interface.ref ? `${t.interface.mode} ${t.interface.ref.product_id}.${t.interface.ref.rpc_name}` : t.interface.mode,
      params,
      constraints: t.constraints,
      positionals: t.positionals,
      missing: missing.length ? missing.join(',') : undefined,
    };
  });
  process.stdout.write(YAML.stringify({ product: doc.product, tools: out }, { lineWidth: 0 }));
}

if (cmd === 'apply') {
  if (args.length !== 2) fail('usage: catalog-text.mjs apply <product> <file>');
  withProductLock(catalogDir, args[0], () => apply(args[0], args[1]));
} else if (cmd === 'todo') {
  if (args.length !== 1) fail('usage: catalog-text.mjs todo <product>');
  todo(args[0]);
} else if (cmd === 'lint') {
  const problems = lintCatalog(loadCatalogFiles(catalogDir), args.length ? args : undefined);
  for (const p of problems.slice(0, 200)) console.log(p);
  console.error(`${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
} else if (cmd === 'gaps') {
  const problems = lintGaps(loadCatalogFiles(catalogDir), loadGapFiles(catalogDir), args.length ? args : undefined);
  for (const p of problems.slice(0, 200)) console.log(p);
  console.error(`${problems.length} problem(s)`);
  process.exit(problems.length ? 1 : 0);
} else if (cmd === 'gaps-try') {
  const q = fold(args.join(' '));
  const hits = loadGapFiles(catalogDir).flatMap(({ product, doc }) => (doc.gaps ?? [])
    .filter((g) => (g.when ?? []).some((s) => saysAll(q, s, false)) || (g.when_en ?? []).some((s) => saysAll(q, s, true)))
    .map((g) => `${product}.${g.id}: ${g.note_en}`));
  console.log(hits.length ? hits.join('\n') : 'no known gap');
} else {
  fail('usage: catalog-text.mjs todo|apply|lint|gaps|gaps-try ...');
}
