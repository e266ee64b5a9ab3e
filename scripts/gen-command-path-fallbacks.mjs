#!/usr/bin/env node
// Carries upstream's reviewed table of mistyped command paths (internal/cli/command_path_fallbacks.json@c7521c1c,
// compiled into command_path_fallbacks_generated.go and looked up by internal/pipeline/command_fallback.go) over to
// catalog/data/command-path-fallbacks.json: per typed path either the one real command it stands for (`to`) or the
// real commands it could mean (`candidates`, refused). Only paths (facts), not the review notes. Run by hand when the
// upstream commit moves: `node scripts/gen-command-path-fallbacks.mjs [/tmp/up]`. The build never runs it; it reads
// the committed JSON (src/dispatch/path-fallbacks.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const up = process.argv[2] ?? '/tmp/up';
const source = path.join(up, 'internal/cli/command_path_fallbacks.json');
if (!existsSync(source)) {
  console.error(`gen-command-path-fallbacks: ${source} not found; the committed catalog/data/command-path-fallbacks.json stays as it is`);
  process.exit(1);
}
const table = JSON.parse(readFileSync(source, 'utf8'));
if (table.version !== 1 || !Array.isArray(table.entries)) throw new Error('unexpected command_path_fallbacks.json shape');

const paths = {};
for (const e of table.entries) {
  if (e.reviewed !== true) throw new Error(`entry ${e.from} is not reviewed`);
  if (Object.hasOwn(paths, e.from)) throw new Error(`duplicate from ${e.from}`);
  if (e.mode === 'rewrite' && typeof e.to === 'string' && !e.candidates) paths[e.from] = { to: e.to };
  else if (e.mode === 'ambiguous' && Array.isArray(e.candidates) && e.candidates.length >= 2 && !e.to) paths[e.from] = { candidates: e.candidates };
  else throw new Error(`entry ${e.from}: mode ${e.mode} with to/candidates as upstream's loader refuses them`);
}

const out = {
  source: 'internal/cli/command_path_fallbacks.json@c7521c1c',
  paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
};
writeFileSync(path.join(root, 'catalog/data/command-path-fallbacks.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`catalog/data/command-path-fallbacks.json: ${Object.keys(paths).length} paths`);
