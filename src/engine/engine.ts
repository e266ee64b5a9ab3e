// The engine: one loaded snapshot, one WASM core instance, and the views over them. This module has no Node-only
// imports; the CLI, the library entry and the browser playground all construct it from snapshot bytes.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { DwsError } from '../errors.js';
import { identityKeys } from '../catalog/identity.js';
import { decodeSnapshot, decodeSpecs, type SnapshotHeader, type Sha256, type ToolRef } from '../catalog/snapshot.js';
import type { ProductSpec, ToolSpec } from '../catalog/types.js';
import { FIELDS } from '../catalog/fields.js';
import { instantiateCore, wasmBytes, type CoreExports } from './core.js';
import { normalizeRequest, parseRequestJson, type NormalizedRequest, type SearchRequest } from './request.js';
import { Searcher } from './search.js';
import { ALGORITHMS, DEFAULT_RANKING, type Algorithm, type RankingOptions } from './ranking.js';
import { Browser, type InspectOptions } from '../schema/browse.js';

export interface EngineOptions {
  /** Ranking algorithm (default fielded_bm25_ensemble); the CLI reads DWS_TOOL_SEARCH_ALGORITHM. */
  algorithm?: string;
  /** Overrides of the ranking defaults (evaluation and tuning). */
  ranking?: Partial<RankingOptions>;
  /** A faster SHA-256 (Node's crypto) for the snapshot checksum; defaults to @noble/hashes. */
  sha256?: Sha256;
}

export interface SearchOptions {
  explain?: boolean;
}

let coreSha: string | undefined;

export function coreSha256(): string {
  coreSha ??= 'sha256:' + bytesToHex(sha256(wasmBytes()));
  return coreSha;
}

export class Engine {
  readonly header: SnapshotHeader;
  readonly products: ProductSpec[];
  readonly refs: ToolRef[];
  readonly productIds: ReadonlySet<string>;
  readonly identities = new Map<string, number>();
  private readonly core: CoreExports;
  private readonly searcher: Searcher;
  private readonly specsBytes: Uint8Array;
  private specs?: ToolSpec[];
  private browser?: Browser;

  constructor(bytes: Uint8Array, options: EngineOptions = {}) {
    const core = instantiateCore();
    const { header, body } = decodeSnapshot(bytes, { tokenizerVersion: core.tokenizerVersion(), wasmSha256: coreSha256() }, options.sha256);
    if (body.fields.join(',') !== FIELDS.join(',')) {
      throw new DwsError('snapshot_incompatible', 'the catalog snapshot indexes different fields than this dws', 'rebuild it with `npm run build`');
    }
    this.header = header;
    this.products = body.products;
    this.refs = body.refs;
    this.specsBytes = body.specs;
    this.productIds = new Set(body.products.map((p) => p.id));
    this.refs.forEach((r, doc) => {
      for (const key of identityKeys(r)) this.identities.set(key, doc);
    });
    const ptr = core.indexReserve(body.index.length);
    new Uint8Array(core.memory.buffer, ptr, body.index.length).set(body.index);
    const rc = core.indexAttach(body.index.length);
    if (rc !== 0 || core.docCount() !== this.refs.length) {
      throw new DwsError('snapshot_corrupt', `the catalog snapshot index does not load (code ${rc})`, 'rebuild it with `npm run build`');
    }
    this.core = core;
    const algorithm = options.algorithm ?? DEFAULT_RANKING.algorithm;
    if (!(ALGORITHMS as readonly string[]).includes(algorithm)) {
      throw new DwsError('invalid_argument', `unknown search algorithm "${algorithm}"`, `use one of ${ALGORITHMS.join(', ')}`);
    }
    const ranking: RankingOptions = { ...DEFAULT_RANKING, ...options.ranking, algorithm: algorithm as Algorithm };
    this.searcher = new Searcher({
      core,
      refs: this.refs,
      identities: this.identities,
      catalog: { source_hash: header.source_hash, surface_hash: header.surface_hash },
      ranking,
    });
  }

  get catalogHashes(): { source_hash: string; surface_hash: string } {
    return { source_hash: this.header.source_hash, surface_hash: this.header.surface_hash };
  }

  /** Every full ToolSpec in canonical order (decoded on first use). */
  tools(): ToolSpec[] {
    this.specs ??= decodeSpecs(this.specsBytes);
    return this.specs;
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
    return this.searcher.search(request, options.explain === true);
  }

  /** `dws schema [path]`: overview, product, group, leaf, --all or versioned Inspect; exactly the CLI's bytes. */
  inspect(path?: string, options: InspectOptions = {}): string {
    this.browser ??= new Browser(this);
    return this.browser.render(path, options);
  }

  /** The core instance (tokenizer access for explain, tests and the playground). */
  get wasm(): CoreExports {
    return this.core;
  }
}

export function loadEngineFromBytes(bytes: Uint8Array, options?: EngineOptions): Engine {
  return new Engine(bytes, options);
}
