// `npm run build` step: writes build/snapshot.bin from catalog/ (argv: catalog dir, output file).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadCatalogDir, readLexicons } from '../build/load.js';
import { snapshotFromCatalog } from './write.js';

const [dir, out] = process.argv.slice(2);
try {
  const catalog = loadCatalogDir(dir);
  const bytes = snapshotFromCatalog(catalog, readLexicons(dir));
  mkdirSync(path.dirname(out), { recursive: true });
  // Write then rename: a reader (a running CLI, `dws serve` watching the file) never sees half a snapshot.
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, out);
  console.error(`snapshot: ${catalog.tools.length} tools, ${catalog.products.length} products, ${bytes.length} bytes -> ${out}`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
