// The one corpus every suite shares: the shipped snapshot and engine, each tool's per-field searchable text (the
// same text the WASM index is built from), the query set, and deterministic synthetic catalogs for the scale suite.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine, readSnapshot, defaultSnapshotPath } from '../src/index.js';
import type { Engine } from '../src/engine/engine.js';
import { FIELDS, searchableFields, type FieldName } from '../src/build/fields.js';
import type { Catalog, ToolSpec } from '../src/catalog/types.js';
import { builtinQueries, parseQrels, type QuerySet } from './queries.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Read only by the benchmark, at run time, when present. */
export const DEFAULT_QRELS = path.resolve(ROOT, '..', 'shared', 'eval', 'qrels-dev.jsonl');

export interface Doc {
  id: number;
  canonical: string;
  fields: Record<FieldName, string>;
}

export interface Corpus {
  snapshotPath: string;
  snapshot: Uint8Array;
  engine: Engine;
  catalog: Catalog;
  docs: Doc[];
  queries: QuerySet;
}

export function loadQueries(qrels: string | undefined): QuerySet {
  const file = qrels ?? DEFAULT_QRELS;
  if (existsSync(file)) return parseQrels(readFileSync(file, 'utf8'), path.relative(ROOT, file) || file);
  if (qrels) throw new Error(`qrels file not found: ${qrels}`);
  return builtinQueries();
}

export function catalogOf(engine: Engine): Catalog {
  return { version: engine.header.catalog_version, products: engine.products, tools: engine.tools() };
}

export function docsOf(catalog: Catalog): Doc[] {
  const products = new Map(catalog.products.map((p) => [p.id, p]));
  return catalog.tools.map((t, id) => ({ id, canonical: t.canonical_path, fields: searchableFields(t, products.get(t.product_id)) }));
}

export function loadCorpus(qrels?: string): Corpus {
  const snapshotPath = defaultSnapshotPath();
  const snapshot = readSnapshot(snapshotPath);
  const engine = loadEngine({ snapshot });
  const catalog = catalogOf(engine);
  return { snapshotPath, snapshot, engine, catalog, docs: docsOf(catalog), queries: loadQueries(qrels) };
}

export { FIELDS };

/**
 * A catalog of `size` tools made from the real one, deterministically: copy c of tool i keeps its identity shape
 * (suffix `_x<c>`) and title/summary, and borrows description, use_when and parameters from tools c, 2c and 3c
 * places further on, so copies are distinct documents with the real vocabulary and length distribution.
 */
export function syntheticCatalog(base: Catalog, size: number): Catalog {
  const n = base.tools.length;
  const tools: ToolSpec[] = [];
  for (let j = 0; j < size; j++) {
    const i = j % n, c = Math.floor(j / n);
    const t = base.tools[i];
    if (c === 0) {
      tools.push(t);
      continue;
    }
    const d = base.tools[(i + c) % n], u = base.tools[(i + 2 * c) % n], p = base.tools[(i + 3 * c) % n];
    const sfx = `_x${c}`;
    tools.push({
      ...t,
      name: t.name + sfx,
      canonical_path: t.canonical_path + sfx,
      cli_path: `${t.cli_path} x${c}`,
      primary_cli_path: `${t.primary_cli_path} x${c}`,
      aliases: t.aliases.map((a) => `${a} x${c}`),
      command_aliases: undefined,
      description: d.description,
      description_en: d.description_en,
      use_when: u.use_when,
      use_when_en: u.use_when_en,
      parameters: p.parameters,
      constraints: p.constraints,
      interface_ref: t.interface_ref ? { ...t.interface_ref, rpc_name: t.interface_ref.rpc_name + sfx } : undefined,
    });
  }
  // Document numbers follow canonical (code point) order, as in a normalized catalog.
  tools.sort((a, b) => (a.canonical_path < b.canonical_path ? -1 : a.canonical_path > b.canonical_path ? 1 : 0));
  for (const t of tools) {
    if (t.interface_ref === undefined) delete t.interface_ref;
    if (t.command_aliases === undefined) delete t.command_aliases;
  }
  return { version: `${base.version}+synthetic${size}`, products: base.products, tools };
}
