#!/usr/bin/env node
// npm run eval -- --qrels <file.jsonl> [...]: bundles the TypeScript harness (src/eval/main.ts, which loads the
// engine through src/index.ts exactly as the CLI does) into build/tools/eval.mjs, then runs it.
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { bundleEntry } from './lib/bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = await bundleEntry(path.join(root, 'src', 'eval', 'main.ts'), path.join(root, 'build', 'tools', 'eval.mjs'));
const { run } = await import(pathToFileURL(outfile).href);
await run(process.argv.slice(2));
