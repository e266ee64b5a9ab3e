#!/usr/bin/env node
// node scripts/overreach-probes.mjs ['<ranking options json>']: the destructive over-reach probes built from the object
// lexicon and the catalog's destructive commands (test/engine/overreach-probes.ts; a chat category holds only what is
// written inside it, session 53), run on build/snapshot.bin; prints
// each violation and exits 1 on any. Needs `npm run build` first.
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { bundleEntry } from './lib/bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = await bundleEntry(path.join(root, 'test', 'engine', 'overreach-probes.ts'), path.join(root, 'build', 'tools', 'overreach-probes.mjs'));
const { run } = await import(pathToFileURL(outfile).href);
process.exit(run(root, JSON.parse(process.argv[2] ?? '{}')) > 0 ? 1 : 0);
