// The catalog a long-running `dws serve` answers from: one engine per snapshot generation. When the snapshot file
// changes on disk, the next generation is built completely (read, checksum-verified, index attached) before one
// reference assignment makes it current. A request takes the engine once when it starts and keeps it, so requests
// in flight finish on the generation they began with, and nothing ever sees a half-built engine. A snapshot that
// does not load (a partial write, a corrupt or incompatible file) leaves the current generation serving.
import { createHash } from 'node:crypto';
import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { asDwsError } from '../errors.js';
import { readSnapshot } from '../index.js';
import type { Engine } from '../engine/engine.js';

export interface Generation {
  engine: Engine;
  /** 1 for the snapshot loaded at start, +1 per swap. */
  number: number;
  /** sha256 of the snapshot bytes: an unchanged file (a touch, a rewrite of the same bytes) is not rebuilt. */
  digest: string;
}

export interface CatalogEvents {
  /** A new generation became current. */
  swapped?: (next: Generation, previous: Generation) => void;
  /** The file changed but did not load; the current generation keeps serving. */
  rejected?: (error: ReturnType<typeof asDwsError>) => void;
}

const digestOf = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export class ServedCatalog {
  private generation: Generation;
  private watching = false;

  /** Loads the first generation; a snapshot that does not load here is fatal (throws DwsError). */
  constructor(
    readonly file: string,
    private readonly build: (bytes: Uint8Array) => Engine,
    private readonly events: CatalogEvents = {},
  ) {
    // readSnapshot refuses a FIFO, a directory or a device without blocking: a watcher never freezes the server.
    const bytes = readSnapshot(file);
    this.generation = { engine: build(bytes), number: 1, digest: digestOf(bytes) };
  }

  get current(): Generation {
    return this.generation;
  }

  /** Re-reads the file and swaps if its bytes changed and load completely. Returns whether it swapped. */
  reload(): boolean {
    let digest: string;
    let engine: Engine;
    try {
      const bytes = readSnapshot(this.file);
      digest = digestOf(bytes);
      if (digest === this.generation.digest) return false;
      engine = this.build(bytes);
    } catch (err) {
      this.events.rejected?.(asDwsError(err));
      return false;
    }
    const previous = this.generation;
    this.generation = { engine, number: previous.number + 1, digest };
    this.events.swapped?.(this.generation, previous);
    return true;
  }

  /** Polls the file's stat (fs.watchFile works for rename-over and in-place writes alike, on every platform). */
  watch(intervalMs: number): void {
    if (this.watching) return;
    this.watching = true;
    watchFile(this.file, { interval: intervalMs, persistent: false }, (now: Stats, before: Stats) => {
      if (now.mtimeMs === before.mtimeMs && now.size === before.size && now.ino === before.ino) return;
      if (now.nlink === 0 && now.size === 0) return; // removed: keep serving the last good generation
      this.reload();
    });
  }

  close(): void {
    if (this.watching) unwatchFile(this.file);
    this.watching = false;
  }
}
