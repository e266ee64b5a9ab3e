#!/usr/bin/env node
// The browser playground: `build` writes the static site to build/playground/ (any static host can serve it);
// `build <dir>` writes it elsewhere (the browser test builds into a temporary folder); `serve` builds it and serves
// it on localhost, printing the URL. Both need build/snapshot.bin and the embedded
// core from `npm run build`, which the package scripts run first.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { build, preview } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configFile = path.join(root, 'vite.config.ts');

export const SITE_DIR = path.join(root, 'build', 'playground');

export async function buildSite(outDir = SITE_DIR) {
  await build({ configFile, logLevel: 'warn', build: { outDir: path.resolve(outDir) } });
  return outDir;
}

export async function serveSite(port) {
  await buildSite();
  const server = await preview({ configFile, preview: port === undefined ? {} : { port } });
  server.printUrls();
  return server;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command = 'serve', arg] = process.argv.slice(2);
  if (command === 'build') console.error(`playground: site written to ${path.relative(process.cwd(), await buildSite(arg)) || '.'}`);
  else if (command === 'serve') await serveSite(arg === undefined ? undefined : Number(arg));
  else {
    console.error('usage: node scripts/playground.mjs [build [outDir] | serve [port]]');
    process.exit(2);
  }
}
