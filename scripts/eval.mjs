#!/usr/bin/env node
// npm run eval -- --qrels <file.jsonl> [...]: bundles the TypeScript harness (src/eval/main.ts, which loads the
// engine through src/index.ts exactly as the CLI does) into build/tools/eval.mjs with esbuild, then runs it.
// The bundle is written through a temporary file and a rename, so concurrent runs never read a half-written file.
import { existsSync, readFileSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, 'build', 'tools', 'eval.mjs');

const result = await esbuild.build({
  entryPoints: [path.join(root, 'src', 'eval', 'main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  legalComments: 'none',
  write: false,
  outfile,
});
const code = result.outputFiles[0].contents;
if (!existsSync(outfile) || !Buffer.from(code).equals(readFileSync(outfile))) {
  mkdirSync(path.dirname(outfile), { recursive: true });
  const tmp = `${outfile}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, outfile);
}
const { run } = await import(pathToFileURL(outfile).href);
await run(process.argv.slice(2));
