// Runs once before the test files: the catalog is read from catalog/*.yaml here and handed to every test worker as
// JSON (test/helpers.ts realCatalog), so a file that needs it pays a JSON parse instead of the YAML parse (seconds
// of CPU each on a busy machine).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadCatalogDir } from '../src/build/load.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A JSON file with loadCatalogDir(catalog/). */
    catalogJson: string;
  }
}

export default function setup(project: TestProject): () => void {
  // The browser tests (playground, login in a browser) need Debian's Chromium: fail at once with the line that fixes
  // it rather than after minutes of other tests.
  const chromium = process.env.DWS_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`no Chromium at ${chromium}; install it first: sudo apt-get install -y chromium (or set DWS_CHROMIUM)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'dws-test-catalog-'));
  const file = path.join(dir, 'catalog.json');
  writeFileSync(file, JSON.stringify(loadCatalogDir(path.resolve(import.meta.dirname, '..', 'catalog'))));
  project.provide('catalogJson', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
