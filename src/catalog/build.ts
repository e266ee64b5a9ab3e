// Build-time (Node only): catalog/*.yaml -> validate -> normalize -> hashes -> index (WASM) -> snapshot bytes.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { fileURLToPath } from 'node:url';
import type { ActionLexicon, ProductLexicon } from '../engine/rerank.js';
import { validateDeclarations } from './validate.js';
import { fold } from './identity.js';
import { normalizeCatalog } from './normalize.js';
import { catalogHashes } from './hash.js';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { encodeSnapshot } from './snapshot-encode.js';
import { FIELDS } from './fields.js';
import type { Catalog } from './types.js';
import { buildIndexImage } from '../engine/build-index.js';
import { coreSha256, instantiateCore } from '../engine/core.js';

export function readDeclarationFiles(dir: string): { file: string; doc: unknown }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      try {
        return { file, doc: YAML.parse(text) as unknown };
      } catch (e) {
        throw new Error(`${file}: not valid YAML: ${(e as Error).message}`);
      }
    });
}

export function loadCatalogDir(dir: string): Catalog {
  return normalizeCatalog(validateDeclarations(readDeclarationFiles(dir)));
}

/** catalog/lexicon/actions.yaml: action classes for the rerank (src/engine/actions.ts). */
/** Reads catalog/lexicon/<name>.yaml and returns its top-level map of entries. */
function readLexiconFile(dir: string, name: string, key: string): { file: string; entries: [string, Record<string, unknown>][] } {
  const file = path.join(dir, 'lexicon', `${name}.yaml`);
  const doc = YAML.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, Record<string, unknown>> | undefined>;
  return { file, entries: Object.entries(doc[key] ?? {}) };
}

/** A lexicon word list: non-empty, untrimmed-free strings, folded to the form queries are compared in. */
function lexiconWords(file: string, where: string, v: unknown): string[] {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && x.trim() === x && x.length > 0)) {
    throw new Error(`${file}: ${where} must be a list of non-empty strings`);
  }
  return (v as string[]).map(fold);
}

export function readActionLexicon(dir: string): ActionLexicon {
  const { file, entries } = readLexiconFile(dir, 'actions', 'actions');
  const lex: ActionLexicon = { classes: [], names: [], zh: [], en: [], filters: [] };
  for (const [name, a] of entries) {
    lex.classes.push(name);
    lex.names.push(lexiconWords(file, `${name}.names`, a.names));
    lex.zh.push(lexiconWords(file, `${name}.zh`, a.zh));
    lex.en.push(lexiconWords(file, `${name}.en`, a.en));
    lex.filters.push(a.filters === undefined ? [] : lexiconWords(file, `${name}.filters`, a.filters));
  }
  if (lex.classes.length === 0 || lex.classes.length > 31) throw new Error(`${file}: needs 1 to 31 action classes`);
  return lex;
}

/**
 * catalog/lexicon/products.yaml: the names people use for each product (src/engine/rerank.ts). Every entry must
 * name a product of the catalog directory (one catalog/<product>.yaml each).
 */
export function readProductLexicon(dir: string, productIds: readonly string[] = readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5))): ProductLexicon {
  const { file, entries } = readLexiconFile(dir, 'products', 'products');
  const lex: ProductLexicon = { products: [], zh: [], en: [] };
  for (const [id, p] of entries) {
    if (!productIds.includes(id)) throw new Error(`${file}: ${id} is not a product of the catalog`);
    lex.products.push(id);
    lex.zh.push(lexiconWords(file, `${id}.zh`, p.zh));
    lex.en.push(lexiconWords(file, `${id}.en`, p.en));
  }
  return lex;
}

/** The product names of the products this catalog has (a test or synthetic catalog may have fewer). */
function lexiconFor(lex: ProductLexicon, catalog: Catalog): ProductLexicon {
  const keep = lex.products.map((p) => catalog.products.some((q) => q.id === p));
  return { products: lex.products.filter((_, i) => keep[i]), zh: lex.zh.filter((_, i) => keep[i]), en: lex.en.filter((_, i) => keep[i]) };
}

export interface Lexicons {
  actions: ActionLexicon;
  products: ProductLexicon;
}

export function readLexicons(dir: string): Lexicons {
  return { actions: readActionLexicon(dir), products: readProductLexicon(dir) };
}

const shippedCatalogDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'catalog');

export function snapshotFromCatalog(catalog: Catalog, lexicons: Lexicons = readLexicons(shippedCatalogDir)): Uint8Array {
  const core = instantiateCore();
  const index = buildIndexImage(catalog, core);
  return encodeSnapshot({
    catalog,
    hashes: catalogHashes(catalog),
    tokenizerVersion: core.tokenizerVersion(),
    wasmSha256: coreSha256(),
    fields: FIELDS,
    index,
    crc32: (bytes) => zlibCrc32(bytes) >>> 0,
    lexicon: lexicons.actions,
    productLexicon: lexiconFor(lexicons.products, catalog),
  });
}
