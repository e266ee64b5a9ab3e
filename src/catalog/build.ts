// Build-time (Node only): catalog/*.yaml -> validate -> normalize -> hashes -> index (WASM) -> snapshot bytes.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { fileURLToPath } from 'node:url';
import type { ActionLexicon } from '../engine/actions.js';
import { validateDeclarations } from './validate.js';
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
export function readActionLexicon(dir: string): ActionLexicon {
  const file = path.join(dir, 'lexicon', 'actions.yaml');
  const doc = YAML.parse(readFileSync(file, 'utf8')) as { actions?: Record<string, { names?: unknown; zh?: unknown; en?: unknown }> };
  const lex: ActionLexicon = { classes: [], names: [], zh: [], en: [] };
  const strings = (v: unknown, where: string): string[] => {
    if (!Array.isArray(v) || !v.every((x) => typeof x === 'string' && x.trim() === x && x.length > 0)) {
      throw new Error(`${file}: ${where} must be a list of non-empty strings`);
    }
    return (v as string[]).map((x) => x.normalize('NFKC').toLowerCase());
  };
  for (const [name, a] of Object.entries(doc.actions ?? {})) {
    lex.classes.push(name);
    lex.names.push(strings(a.names, `${name}.names`));
    lex.zh.push(strings(a.zh, `${name}.zh`));
    lex.en.push(strings(a.en, `${name}.en`));
  }
  if (lex.classes.length === 0 || lex.classes.length > 31) throw new Error(`${file}: needs 1 to 31 action classes`);
  return lex;
}

let shippedLexicon: ActionLexicon | undefined;

export function snapshotFromCatalog(catalog: Catalog, lexicon?: ActionLexicon): Uint8Array {
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
    lexicon: lexicon ?? (shippedLexicon ??= readActionLexicon(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'catalog'))),
  });
}
