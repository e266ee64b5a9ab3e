#!/usr/bin/env node
// Imports the FACTS of the upstream command surface (identity, safety, interface, flags) into catalog/<product>.yaml.
// Text fields written by this project (titles, summaries, descriptions, use_when, avoid_when, keywords, examples,
// parameter descriptions) are preserved from the existing catalog file; facts are refreshed from the surface.
// Usage: node scripts/import-surface.mjs [path/to/dws-surface.json] (default: the facts of catalog/meta/upstream.yaml)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import YAML from 'yaml';
import { withProductLock } from './lib/lock.mjs';
import { parameterFacts } from './lib/surface-diff.mjs';
import { followedUpstream } from './lib/upstream.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const surfacePath = process.argv[2] ?? followedUpstream(root).surface;
const surface = JSON.parse(readFileSync(surfacePath, 'utf8'));

const TOOL_TEXT = ['title', 'title_en', 'agent_summary', 'agent_summary_en', 'description', 'description_en',
  'use_when', 'use_when_en', 'avoid_when', 'avoid_when_en', 'keywords', 'keywords_en', 'examples'];
const PARAM_TEXT = ['description', 'description_en', 'example'];
const PRODUCT_TEXT = ['title', 'title_en', 'summary', 'summary_en'];

// Composite commands are orchestrated by the CLI itself over several backend calls, so they have no single RPC.
const COMPOSITE_REASON = 'composite: the CLI composes this command from several backend calls; it has no single RPC reference';

function emptyText(keys) {
  return Object.fromEntries(keys.map((k) => [k, /_when|keywords|examples/.test(k) ? [] : '']));
}

function pick(from, keys, fallback) {
  const out = {};
  for (const k of keys) out[k] = from && from[k] !== undefined ? from[k] : fallback[k];
  return out;
}

function importParameter(p, old) {
  const out = parameterFacts(p);
  if (p.hidden) return out;
  const text = pick(old, PARAM_TEXT, { description: '', description_en: '', example: undefined });
  if (text.example === undefined) delete text.example;
  return { ...text, ...out };
}

function importTool(leaf, old) {
  const tool = {
    name: leaf.name,
    canonical_path: leaf.canonical_path,
    cli_path: leaf.cli_path,
    primary_cli_path: leaf.primary_cli_path,
    aliases: [...leaf.aliases],
    ...(leaf.cobra_aliases.length ? { command_aliases: [...leaf.cobra_aliases] } : {}),
    visibility: leaf.hidden ? 'hidden' : 'visible',
    effect: leaf.effect,
    risk: leaf.risk,
    confirmation: leaf.confirmation,
    idempotency: leaf.idempotency,
    interface: {
      mode: leaf.interface.mode,
      availability: leaf.interface.availability,
      ...(old?.interface?.reason ? { reason: old.interface.reason }
        : leaf.interface.mode === 'composite' ? { reason: COMPOSITE_REASON } : {}),
      ...(leaf.interface.ref ? { ref: { product_id: leaf.interface.ref.product_id, rpc_name: leaf.interface.ref.rpc_name } } : {}),
    },
    ...pick(old, TOOL_TEXT, emptyText(TOOL_TEXT)),
    ...(old?.wraps ? { wraps: old.wraps } : {}),
    parameters: {},
  };
  for (const p of leaf.parameters) tool.parameters[p.name] = importParameter(p, old?.parameters?.[p.name]);
  if (leaf.constraints) tool.constraints = leaf.constraints;
  if (leaf.positionals) tool.positionals = leaf.positionals;
  if (leaf.pagination) tool.pagination = leaf.pagination;
  if (leaf.dry_run) tool.dry_run = leaf.dry_run.preview_kind;
  return tool;
}

const byProduct = new Map();
for (const leaf of surface.leaves) {
  if (!byProduct.has(leaf.product_id)) byProduct.set(leaf.product_id, []);
  byProduct.get(leaf.product_id).push(leaf);
}

for (const product of surface.products) {
  withProductLock(path.join(root, 'catalog'), product.product_id, () => importProduct(product));
}

function importProduct(product) {
  const file = path.join(root, 'catalog', `${product.product_id}.yaml`);
  const old = existsSync(file) ? YAML.parse(readFileSync(file, 'utf8')) : null;
  const oldTools = new Map((old?.tools ?? []).map((t) => [t.name, t]));
  const leaves = byProduct.get(product.product_id) ?? [];
  leaves.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const doc = {
    product: { id: product.product_id, ...pick(old?.product, PRODUCT_TEXT, emptyText(PRODUCT_TEXT)) },
    tools: leaves.map((leaf) => importTool(leaf, oldTools.get(leaf.name))),
  };
  writeFileSync(file, YAML.stringify(doc, { lineWidth: 0, aliasDuplicateObjects: false }));
}
console.error(`imported ${surface.leaves.length} tools in ${surface.products.length} products into catalog/`);
