// `npm run build` step: writes build/snapshot.bin from catalog/ (argv: catalog dir, output file).
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadCatalogDir, readActionLexicon, snapshotFromCatalog } from './build.js';

const [dir, out] = process.argv.slice(2);
try {
  const catalog = loadCatalogDir(dir);
  const bytes = snapshotFromCatalog(catalog, readActionLexicon(dir));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bytes);
  console.error(`snapshot: ${catalog.tools.length} tools, ${catalog.products.length} products, ${bytes.length} bytes -> ${out}`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
