#!/usr/bin/env node
// node scripts/readings-property.mjs ['<ranking options json>']: enumerates the readings property's whole input space
// (test/engine/readings-enumeration.ts) on build/snapshot.bin; exits 1 on any violation. Needs `npm run build` first.
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { bundleEntry } from './lib/bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = await bundleEntry(path.join(root, 'test', 'engine', 'readings-enumeration.ts'), path.join(root, 'build', 'tools', 'readings-enumeration.mjs'));
const { run } = await import(pathToFileURL(outfile).href);
process.exit(run(root, JSON.parse(process.argv[2] ?? '{}')) > 0 ? 1 : 0);
