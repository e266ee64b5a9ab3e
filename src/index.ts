// Library entry (Node): `import { loadEngine } from 'dws'`. engine.search(request) returns exactly the bytes the
// CLI prints for the same request, minus the trailing newline.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DwsError } from './errors.js';
import { Engine, type EngineOptions } from './engine/engine.js';
import type { SnapshotSource } from './snapshot/decode.js';

// fs comes from process.getBuiltinModule rather than `import ... from 'node:fs'`: an ESM import of a built-in builds
// a facade that reads every export, and node:fs's lazy getters (ReadStream, promises) then load the fs stream and
// promise modules, a noticeable share of a cold `dws schema <path>`.
const { closeSync, constants, existsSync, openSync, readFileSync, readSync, fstatSync } = process.getBuiltinModule('node:fs');

let zlibCrc32: ((bytes: Uint8Array) => number) | undefined;
/** zlib's native CRC-32. node:zlib is loaded on the first check: it brings the stream modules, about 4 ms cold. */
function nativeCrc32(bytes: Uint8Array): number {
  zlibCrc32 ??= process.getBuiltinModule('node:zlib').crc32;
  return zlibCrc32(bytes) >>> 0;
}

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

function snapshotMissing(file: string, e: unknown): DwsError {
  return new DwsError('snapshot_missing', `cannot read the catalog snapshot ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    'run `npm run build` to generate it');
}

/**
 * Opens the snapshot for reading, refusing anything but a regular file. O_NONBLOCK makes the open of a FIFO return
 * at once instead of waiting for a writer (it changes nothing for a regular file), and the check is made on the
 * descriptor, so a FIFO or directory renamed over the path between a check and the open is caught too.
 */
function openSnapshot(file: string): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw snapshotMissing(file, e);
  }
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    const kind = stat.isDirectory() ? 'a directory' : stat.isFIFO() ? 'a FIFO' : stat.isSocket() ? 'a socket' : 'a device';
    throw new DwsError('snapshot_missing', `the catalog snapshot ${file} is not a regular file (it is ${kind})`, 'point DWS_SNAPSHOT at a snapshot.bin that `npm run build` wrote');
  }
  return { fd, size: stat.size };
}

/** The whole snapshot file (serve, tests, benchmarks); the CLI reads it by ranges (fileSource). */
export function readSnapshot(file: string = defaultSnapshotPath()): Uint8Array {
  const { fd } = openSnapshot(file);
  try {
    return readFileSync(fd);
  } catch (e) {
    throw snapshotMissing(file, e);
  } finally {
    closeSync(fd);
  }
}

export interface LoadOptions extends EngineOptions {
  /** Snapshot bytes or a file path; default: the shipped snapshot. */
  snapshot?: Uint8Array | string;
  /**
   * Which CRC-32 checks the sections (ignored when crc32 is given). 'native' (default): zlib's, so an Inspect checks
   * its sections without compiling the WASM core. 'core': the core's, for a process that is about to search: it
   * compiles the core anyway, and then never loads zlib and its stream modules.
   */
  checksum?: 'native' | 'core';
  /**
   * Keep the snapshot file open for the engine's life (default false: opened per read). For a process that runs one
   * command and exits (the CLI): one open instead of one per section, chunk and blob it reads, and every read comes
   * from the file that was opened, even if it is replaced meanwhile.
   */
  keepOpen?: boolean;
}

/**
 * A snapshot file read by byte ranges: a search reads the header and its sections, and never the full ToolSpecs at
 * the end of the file. Ranges are read when asked for and kept; the file is opened once per read, or once for the
 * source's life with keepOpen (see LoadOptions.keepOpen).
 */
export function fileSource(file: string, keepOpen = false): SnapshotSource {
  const { fd, size: length } = openSnapshot(file);
  if (!keepOpen) closeSync(fd);
  const readInto = (offset: number, out: Uint8Array): void => {
    const f = keepOpen ? fd : openSnapshot(file).fd;
    try {
      let done = 0;
      while (done < out.length) {
        const n = readSync(f, out, done, out.length - done, offset + done);
        if (n === 0) throw new DwsError('snapshot_corrupt', `the catalog snapshot ${file} is shorter than its header says`);
        done += n;
      }
    } finally {
      if (!keepOpen) closeSync(f);
    }
  };
  return {
    length,
    readInto,
    read(offset: number, len: number): Uint8Array {
      const out = new Uint8Array(len);
      readInto(offset, out);
      return out;
    },
  };
}

/**
 * Section checks use zlib's native CRC-32 by default, or the core's (options.checksum); both are the same polynomial
 * (tested), so a snapshot passes or fails the same checks either way.
 */
export function loadEngine(options: LoadOptions = {}): Engine {
  const { snapshot, checksum = 'native', keepOpen = false, ...engineOptions } = options;
  const source = snapshot instanceof Uint8Array ? snapshot : fileSource(snapshot ?? defaultSnapshotPath(), keepOpen);
  return new Engine(source, checksum === 'core' ? engineOptions : { crc32: nativeCrc32, ...engineOptions });
}
