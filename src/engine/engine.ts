// The engine: one loaded snapshot, one WASM core instance, and the views over them. This module has no Node-only
// imports; the CLI, the library entry and the browser playground all construct it from snapshot bytes.
import { DwsError } from '../errors.js';
import { bytesSource, Snapshot, type IndexChunks, type SnapshotHeader, type SnapshotMeta, type SnapshotSource, type ToolText } from '../snapshot/decode.js';
import type { ProductSpec, ToolSpec } from '../catalog/types.js';
import type { IdentityLookup } from '../catalog/identity.js';
import { FIELDS } from '../build/fields.js';
import { coreCrc32, coreSha256, coreTokenizerVersion, instantiateCore, type CoreExports } from '../core/core.js';
import { normalizeRequest, parseRequestJson, type NormalizedRequest, type SearchRequest } from './request.js';
import { Searcher } from './search.js';
import { ALGORITHMS, DEFAULT_RANKING, type Algorithm, type RankingOptions } from './ranking.js';

export interface EngineOptions {
  /** Ranking algorithm (default fielded_bm25_ensemble); the CLI reads DWS_TOOL_SEARCH_ALGORITHM. */
  algorithm?: string;
  /** Overrides of the ranking defaults (evaluation and tuning). */
  ranking?: Partial<RankingOptions>;
  /**
   * Read, check and attach the index section on the first search instead of in the constructor. The CLI runs one
   * command per process, so an Inspect never reads the index or compiles the core; a corrupt index still fails the
   * first search (snapshot_corrupt) before any of it is used. Default false: a loaded engine has checked everything
   * a search reads (verify() checks the rest).
   */
  deferIndex?: boolean;
  /** CRC-32 (zlib polynomial) for the section checks; default: the WASM core's. Node passes zlib's native one. */
  crc32?: (bytes: Uint8Array) => number;
}

export interface SearchOptions {
  explain?: boolean;
}

/** A tool's identity, safety and reference text (what a search result shows). */
export interface ToolRef extends ToolText {
  canonical_path: string;
  primary_cli_path: string;
  cli_path: string;
  aliases: string[];
  product_id: string;
  effect: ToolSpec['effect'];
  risk: ToolSpec['risk'];
  confirmation: ToolSpec['confirmation'];
  idempotency: ToolSpec['idempotency'];
  executable: boolean;
}

export class Engine {
  readonly header: SnapshotHeader;
  readonly meta: SnapshotMeta;
  readonly productIds: ReadonlySet<string>;
  readonly identities: IdentityLookup;
  /** The twin groups this engine's searches read (SnapshotMeta.twin, or wrapTwin with ranking sameCallTwins 0). */
  readonly twin: Uint32Array;
  private readonly snapshot: Snapshot;
  private readonly ranking: RankingOptions;
  private readonly crc32?: (bytes: Uint8Array) => number;
  private core?: CoreExports;
  private searcher?: Searcher;
  private readonly texts: (ToolText | undefined)[];
  private specs?: ToolSpec[];
  private loadChunks?: () => void;

  /** From the snapshot's bytes, or from a source that reads byte ranges (the Node CLI reads only what it needs). */
  constructor(snapshotBytes: Uint8Array | SnapshotSource, options: EngineOptions = {}) {
    const source = snapshotBytes instanceof Uint8Array ? bytesSource(snapshotBytes) : snapshotBytes;
    this.crc32 = options.crc32;
    const crc32 = options.crc32 ?? ((b: Uint8Array) => coreCrc32(this.instance(), b));
    const snapshot = new Snapshot(source, crc32, { tokenizerVersion: coreTokenizerVersion(), wasmSha256: coreSha256() });
    const meta = snapshot.meta();
    if (!Array.isArray(meta.fields) || meta.fields.join(',') !== FIELDS.join(',')) {
      throw new DwsError('snapshot_incompatible', 'the catalog snapshot indexes different fields than this dws', 'rebuild it with `npm run build`');
    }
    this.snapshot = snapshot;
    this.header = snapshot.header;
    this.meta = meta;
    this.productIds = new Set(meta.productIds);
    this.identities = meta.identities;
    this.texts = new Array(meta.count);
    const algorithm = options.algorithm ?? DEFAULT_RANKING.algorithm;
    if (!(ALGORITHMS as readonly string[]).includes(algorithm)) {
      throw new DwsError('invalid_argument', `unknown search algorithm "${algorithm}"`, `use one of ${ALGORITHMS.join(', ')}`);
    }
    this.ranking = { ...DEFAULT_RANKING, ...options.ranking, algorithm: algorithm as Algorithm };
    this.twin = this.ranking.sameCallTwins === 0 ? meta.wrapTwin : meta.twin;
    if (!options.deferIndex) this.ready();
  }

  /** The core instance, compiled and instantiated on first use (once per process for the module). */
  private instance(): CoreExports {
    this.core ??= instantiateCore();
    return this.core;
  }

  /** The searcher over the attached index: the index section is read, checked and attached on first call. */
  private ready(): Searcher {
    if (this.searcher) return this.searcher;
    const core = this.instance();
    const snapshot = this.snapshot;
    // The image's head (header, field lengths, dictionary) is read straight into WASM memory and checked there; its
    // postings follow chunk by chunk, as searches ask for them (loadChunks).
    const chunks = snapshot.indexChunks();
    const base = core.indexReserve(chunks.length);
    const head = new Uint8Array(core.memory.buffer, base, chunks.head);
    snapshot.readIndexInto(0, head);
    this.checkImagePiece(core, 0, base, chunks.head);
    const rc = core.indexAttach(chunks.length, chunks.head, chunks.shift);
    if (rc !== 0 || core.docCount() !== this.meta.count) {
      throw new DwsError('snapshot_corrupt', `the catalog snapshot index does not load (code ${rc})`, 'rebuild it with `npm run build`');
    }
    this.loadChunks = () => this.copyChunks(core, chunks, base);
    this.searcher = new Searcher({
      core,
      loadChunks: this.loadChunks,
      meta: this.meta,
      twin: this.twin,
      text: (doc) => this.text(doc),
      avoid: () => snapshot.avoidIndex(this.meta.count),
      queryLexicon: () => snapshot.queryLexicon(),
      identities: this.identities,
      catalog: this.catalogHashes,
      ranking: this.ranking,
    });
    return this.searcher;
  }

  /**
   * Copies the postings chunks the core listed (core.neededPtr) to their places in the image, in file order with one
   * read per run of adjacent chunks, and checks each against its own CRC-32 before the core may read it.
   */
  private copyChunks(core: CoreExports, chunks: IndexChunks, base: number): void {
    const ids = new Uint32Array(core.memory.buffer, core.neededPtr(), core.neededCount()).slice().sort();
    const size = 2 ** chunks.shift;
    const start = (c: number) => chunks.head + c * size;
    for (let i = 0; i < ids.length;) {
      let j = i + 1;
      while (j < ids.length && ids[j] === ids[j - 1] + 1) j++;
      const from = start(ids[i]);
      this.snapshot.readIndexInto(from, new Uint8Array(core.memory.buffer, base + from, Math.min(chunks.length, start(ids[j - 1] + 1)) - from));
      for (; i < j; i++) {
        const at = start(ids[i]);
        this.checkImagePiece(core, 1 + ids[i], base + at, Math.min(chunks.length, at + size) - at);
        core.chunkLoaded(ids[i]);
      }
    }
  }

  /**
   * Checks index piece p (0: the head, 1 + c: postings chunk c), in place in the core's memory at ptr, against its
   * recorded CRC-32: with the engine's checksum when it has one, else the core's.
   */
  private checkImagePiece(core: CoreExports, p: number, ptr: number, len: number): void {
    this.snapshot.checkIndexPiece(p, this.crc32 ? this.crc32(new Uint8Array(core.memory.buffer, ptr, len)) : core.crc32Update(0, ptr, len));
  }

  /** The catalog's products (decoded on first use: a search needs only their ids). */
  get products(): ProductSpec[] {
    return this.meta.products;
  }

  get catalogHashes(): { source_hash: string; surface_hash: string } {
    return { source_hash: this.header.source_hash, surface_hash: this.header.surface_hash };
  }

  get toolCount(): number {
    return this.meta.count;
  }

  /** Reference text of one tool, decoded on first use. */
  text(doc: number): ToolText {
    let t = this.texts[doc];
    if (!t) {
      t = this.snapshot.text(doc);
      this.texts[doc] = t;
    }
    return t;
  }

  /** One full ToolSpec (decoded alone: an Inspect never decodes the whole catalog). */
  spec(doc: number): ToolSpec {
    return this.specs?.[doc] ?? this.snapshot.spec(doc);
  }

  /** One tool's precompiled parameter validator ('' for none; src/contract/precompiled.ts), read alone. */
  validator(doc: number): string {
    return this.snapshot.validator(doc);
  }

  /** Every full ToolSpec in canonical order (decoded on first use). */
  tools(): ToolSpec[] {
    this.specs ??= this.snapshot.allSpecs();
    return this.specs;
  }

  /** Identity, safety and reference text of every tool (tests and tools; the search path reads columns). */
  get refs(): ToolRef[] {
    const m = this.meta;
    return Array.from({ length: m.count }, (_, doc) => ({
      canonical_path: m.canonical_path.at(doc)!,
      primary_cli_path: m.primary_cli_path.at(doc)!,
      cli_path: m.cli_path.at(doc)!,
      aliases: m.aliases[doc],
      product_id: m.product_id[doc],
      effect: m.effect[doc],
      risk: m.risk[doc],
      confirmation: m.confirmation[doc],
      idempotency: m.idempotency[doc],
      executable: m.executable[doc],
      ...this.text(doc),
    }));
  }

  /** Validates a request (a JSON string needs "version"; an object may omit it). */
  normalize(request: string | SearchRequest): NormalizedRequest {
    return typeof request === 'string'
      ? parseRequestJson(request, this.productIds)
      : normalizeRequest(request, this.productIds, request.version !== undefined);
  }

  /** tool-search.v1: exactly the bytes the CLI prints, without the trailing newline. Throws DwsError. */
  search(request: string | SearchRequest, options: SearchOptions = {}): string {
    return this.searchNormalized(this.normalize(request), options);
  }

  searchNormalized(request: NormalizedRequest, options: SearchOptions = {}): string {
    return this.ready().search(request, options.explain === true);
  }


  /**
   * Checks every section of the snapshot now (an engine otherwise checks a section when it first reads it), so a
   * server can refuse a damaged file before it replaces a good one. Throws snapshot_corrupt.
   */
  verify(): void {
    this.ready();
    this.snapshot.verifySections();
  }

  /** The core instance with the index attached (tokenizer access for explain, tests and the playground). */
  get wasm(): CoreExports {
    // Whoever holds the core may write its mask and multiplier buffers: the searcher stops trusting what it wrote.
    this.ready().shareCore();
    // And may read any postings: they are all put in place first.
    if (this.instance().listAllMissing() > 0) this.loadChunks?.();
    return this.instance();
  }
}

