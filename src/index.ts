// Library entry (Node): `import { loadEngine } from 'dws'`. engine.search(request) returns exactly the bytes the
// CLI prints for the same request, minus the trailing newline.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { DwsError } from './errors.js';
import { Engine, type EngineOptions } from './engine/engine.js';

export { Engine, type EngineOptions, type SearchOptions } from './engine/engine.js';
export { DwsError, EXIT, REASONS, type Reason } from './errors.js';
export type { ToolSpec, ProductSpec, Catalog } from './catalog/types.js';

/** The shipped snapshot, or the file named by DWS_SNAPSHOT. */
export function defaultSnapshotPath(): string {
  if (process.env.DWS_SNAPSHOT) return process.env.DWS_SNAPSHOT;
  // The package root is the first ancestor of this module (src/, dist/ or dist/chunks/) that holds build/.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 3; i++) {
    const candidate = path.join(dir, 'build', 'snapshot.bin');
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return fileURLToPath(new URL('../build/snapshot.bin', import.meta.url));
}

export function readSnapshot(file: string = defaultSnapshotPath()): Uint8Array {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new DwsError('snapshot_missing', `cannot read the catalog snapshot ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      'run `npm run build` to generate it');
  }
}

/** Node's native CRC-32 (zlib), the same function as the crc-32 package the browser uses. */
export const nodeCrc32 = (bytes: Uint8Array): number => zlibCrc32(bytes) >>> 0;

export interface LoadOptions extends EngineOptions {
  /** Snapshot bytes or a file path; default: the shipped snapshot. */
  snapshot?: Uint8Array | string;
}

export function loadEngine(options: LoadOptions = {}): Engine {
  const bytes = options.snapshot instanceof Uint8Array ? options.snapshot : readSnapshot(options.snapshot);
  return new Engine(bytes, { crc32: nodeCrc32, ...options });
}
