// A lock directory per product file, so the importer and several text authors never interleave read-modify-write.
import { mkdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';

export function withProductLock(catalogDir, product, fn) {
  const lock = path.join(catalogDir, `.${product}.lock`);
  for (let i = 0; ; i++) {
    try { mkdirSync(lock); break; } catch {
      if (i > 600) throw new Error(`catalog/${product}.yaml is locked (${lock}); remove the directory if no apply is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try { return fn(); } finally { rmdirSync(lock); }
}
