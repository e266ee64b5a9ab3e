// Bundles one TypeScript entry (with the src/ it imports; packages stay external) into an .mjs file for node.
// Written through a temporary file and a rename, and only when the bytes change, so concurrent runs never read a
// half-written bundle. Used by scripts/build.mjs, scripts/eval.mjs and bench/run.mjs.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

export async function bundleEntry(entry, outfile) {
  const result = await esbuild.build({
    entryPoints: [entry],
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
  return outfile;
}
