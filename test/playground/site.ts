// Test harness for the built playground: builds the site (scripts/playground.mjs) into a fresh temporary folder
// (so a test never races another build of build/playground/), serves it from a local static server (Vite's preview server, the one `npm run playground` uses), and launches Debian's Chromium
// through playwright-core with the flags in DEVELOPERS.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { ROOT } from '../helpers.js';

export const CHROMIUM = process.env.DWS_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Builds the static site from the current sources and build/snapshot.bin; returns its folder and snapshot file. */
export function buildSite(): { dir: string; snapshot: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-playground-'));
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'playground.mjs'), 'build', dir], { cwd: ROOT, stdio: 'pipe' });
  const snapshots = readdirSync(dir).filter((f) => /^snapshot-[0-9a-f]{16}\.bin$/.test(f));
  if (snapshots.length !== 1) throw new Error(`expected one snapshot in ${dir}, found ${snapshots.join(', ') || 'none'}`);
  return { dir, snapshot: path.join(dir, snapshots[0]) };
}

export async function serveSite(dir: string): Promise<{ server: PreviewServer; url: string }> {
  const server = await preview({
    configFile: false,
    logLevel: 'warn',
    build: { outDir: dir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('the preview server did not report a URL');
  return { server, url };
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`no Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set DWS_CHROMIUM)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
