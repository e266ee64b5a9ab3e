#!/usr/bin/env node
// npm run bench: bundles bench/main.ts (and the src/ it measures) with esbuild, like scripts/build.mjs, and runs it.
// Needs `npm run build` first (the embedded wasm module, build/snapshot.bin and dist/ for the cold-process suite).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { bundleEntry } from '../scripts/lib/bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const f of ['build/snapshot.bin', 'dist/dws.cjs', 'src/core/generated/core-wasm.ts']) {
  if (!existsSync(path.join(root, f))) {
    console.error(`bench: ${f} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
}
const outfile = await bundleEntry(path.join(root, 'bench', 'main.ts'), path.join(root, 'build', 'bench', 'main.mjs'));
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
