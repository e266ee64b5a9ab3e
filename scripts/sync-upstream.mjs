#!/usr/bin/env node
// Reports what differs between an upstream facts file (dws-surface.json) and the catalog (catalog/*.yaml), as a
// task list (default) or JSON (--json). Exit 0 when the catalog follows the facts (allowed differences, such as
// extra hidden aliases, are listed), 1 when they differ, 2 on bad usage or an unreadable file. Without a path it
// reads the facts of the upstream commit the catalog follows (catalog/meta/upstream.yaml).
// Usage: node scripts/sync-upstream.mjs [--json] [path/to/dws-surface.json]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadCatalogFiles } from './lib/catalog-lint.mjs';
import { catalogRecords, diffSurface, factsRecords, formatReport, hasDifferences } from './lib/surface-diff.mjs';
import { followedUpstream } from './lib/upstream.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const rest = args.filter((a) => a !== '--json');
if (rest.length > 1 || rest.some((a) => a.startsWith('-'))) {
  console.error('usage: node scripts/sync-upstream.mjs [--json] [path/to/dws-surface.json]');
  process.exit(2);
}
const surfacePath = rest[0] ?? followedUpstream(root).surface;
let surface;
try {
  surface = JSON.parse(readFileSync(surfacePath, 'utf8'));
  if (!Array.isArray(surface.leaves)) throw new Error('no "leaves" list');
} catch (e) {
  console.error(`sync-upstream: cannot read facts file ${surfacePath}: ${e.message}`);
  process.exit(2);
}
const diff = diffSurface(catalogRecords(loadCatalogFiles(path.join(root, 'catalog'))), factsRecords(surface));
const source = surface.source ?? surfacePath;
process.stdout.write(json ? `${JSON.stringify({ source, differs: hasDifferences(diff), ...diff }, null, 2)}\n` : formatReport(diff, source));
process.exit(hasDifferences(diff) ? 1 : 0);
