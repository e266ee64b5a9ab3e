// The versioned snapshot: one msgpack array [header, body]. The header says what the body was built with
// (format, tokenizer version, wasm sha256, catalog hashes) and carries a checksum over itself and the body. The
// loader tells "incompatible" (built for another format/tokenizer/core) from "corrupt" (bytes do not check out).
// The body keeps the full ToolSpecs as a nested msgpack blob, decoded only when Inspect or browse needs them, so a
// search start decodes just the light references and the index image.
import { Packr } from 'msgpackr';
import canonicalize from 'canonicalize';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { DwsError } from '../errors.js';
import type { Catalog, ProductSpec, ToolSpec } from './types.js';

export const SNAPSHOT_FORMAT = 'dws-snapshot';
export const SNAPSHOT_FORMAT_VERSION = 1;

export interface SnapshotHeader {
  format: string;
  format_version: number;
  tokenizer_version: number;
  wasm_sha256: string;
  catalog_version: string;
  source_hash: string;
  surface_hash: string;
  checksum: string;
}

/** What a search needs of a tool, in document order. */
export interface ToolRef {
  canonical_path: string;
  primary_cli_path: string;
  cli_path: string;
  aliases: string[];
  product_id: string;
  title: string;
  title_en: string;
  agent_summary: string;
  agent_summary_en: string;
  effect: ToolSpec['effect'];
  risk: ToolSpec['risk'];
  confirmation: ToolSpec['confirmation'];
  idempotency: ToolSpec['idempotency'];
  executable: boolean;
  /** avoid_when entries in both languages, NFKC + lowercase, for verbatim containment checks. */
  avoid: string[];
}

export interface SnapshotBody {
  products: ProductSpec[];
  refs: ToolRef[];
  fields: string[];
  index: Uint8Array;
  specs: Uint8Array;
}

export type Sha256 = (bytes: Uint8Array) => Uint8Array;

const packr = new Packr({ useRecords: false, moreTypes: false, mapsAsObjects: true, variableMapSize: true });

export function toolRef(t: ToolSpec): ToolRef {
  return {
    canonical_path: t.canonical_path,
    primary_cli_path: t.primary_cli_path,
    cli_path: t.cli_path,
    aliases: t.aliases,
    product_id: t.product_id,
    title: t.title,
    title_en: t.title_en,
    agent_summary: t.agent_summary,
    agent_summary_en: t.agent_summary_en,
    effect: t.effect,
    risk: t.risk,
    confirmation: t.confirmation,
    idempotency: t.idempotency,
    executable: t.availability === 'available' && (t.interface_mode !== 'mcp' || t.interface_ref !== undefined),
    avoid: [...t.avoid_when, ...t.avoid_when_en].map((a) => a.normalize('NFKC').toLowerCase()).filter((a) => a.length > 0),
  };
}

function checksumOf(header: Omit<SnapshotHeader, 'checksum'>, body: Uint8Array, hash: Sha256): string {
  const head = utf8ToBytes(canonicalize(header) + '\n');
  const all = new Uint8Array(head.length + body.length);
  all.set(head, 0);
  all.set(body, head.length);
  return 'sha256:' + bytesToHex(hash(all));
}

export interface SnapshotInput {
  catalog: Catalog;
  hashes: { source_hash: string; surface_hash: string };
  tokenizerVersion: number;
  wasmSha256: string;
  fields: readonly string[];
  index: Uint8Array;
}

export function encodeSnapshot(input: SnapshotInput): Uint8Array {
  const body: SnapshotBody = {
    products: input.catalog.products,
    refs: input.catalog.tools.map(toolRef),
    fields: [...input.fields],
    index: input.index,
    specs: packr.pack(input.catalog.tools),
  };
  const bodyBytes = packr.pack(body);
  const header: Omit<SnapshotHeader, 'checksum'> = {
    format: SNAPSHOT_FORMAT,
    format_version: SNAPSHOT_FORMAT_VERSION,
    tokenizer_version: input.tokenizerVersion,
    wasm_sha256: input.wasmSha256,
    catalog_version: input.catalog.version,
    source_hash: input.hashes.source_hash,
    surface_hash: input.hashes.surface_hash,
  };
  return packr.pack([{ ...header, checksum: checksumOf(header, bodyBytes, sha256) }, bodyBytes]);
}

export interface DecodedSnapshot {
  header: SnapshotHeader;
  body: SnapshotBody;
}

function corrupt(why: string): DwsError {
  return new DwsError('snapshot_corrupt', `the catalog snapshot is corrupt: ${why}`, 'rebuild it with `npm run build`');
}

function incompatible(why: string): DwsError {
  return new DwsError('snapshot_incompatible', `the catalog snapshot is incompatible with this dws: ${why}`, 'rebuild it with `npm run build`');
}

const HEADER_KEYS = ['format', 'format_version', 'tokenizer_version', 'wasm_sha256', 'catalog_version', 'source_hash', 'surface_hash', 'checksum'];

/**
 * Decodes and checks a snapshot: format and version first (incompatible), then the checksum (corrupt), then the
 * tokenizer version and core sha256 it was built with (incompatible).
 */
export function decodeSnapshot(bytes: Uint8Array, expect: { tokenizerVersion: number; wasmSha256: string }, hash: Sha256 = sha256): DecodedSnapshot {
  let outer: unknown;
  try {
    outer = packr.unpack(bytes);
  } catch (e) {
    throw corrupt(`not a snapshot container (${(e as Error).message})`);
  }
  if (!Array.isArray(outer) || outer.length !== 2 || !(outer[1] instanceof Uint8Array) || typeof outer[0] !== 'object' || outer[0] === null) {
    throw corrupt('unexpected container shape');
  }
  const header = outer[0] as SnapshotHeader;
  const keys = Object.keys(header).sort();
  if (keys.join(',') !== [...HEADER_KEYS].sort().join(',')) throw corrupt('unexpected header fields');
  if (header.format !== SNAPSHOT_FORMAT) throw incompatible(`format "${String(header.format)}" is not "${SNAPSHOT_FORMAT}"`);
  if (header.format_version !== SNAPSHOT_FORMAT_VERSION) {
    throw incompatible(`format version ${String(header.format_version)}, this dws reads ${SNAPSHOT_FORMAT_VERSION}`);
  }
  const { checksum, ...rest } = header;
  if (checksumOf(rest, outer[1], hash) !== checksum) throw corrupt('checksum mismatch');
  if (header.tokenizer_version !== expect.tokenizerVersion) {
    throw incompatible(`built with tokenizer ${header.tokenizer_version}, this core has ${expect.tokenizerVersion}`);
  }
  if (header.wasm_sha256 !== expect.wasmSha256) throw incompatible('built with a different wasm core');
  let body: SnapshotBody;
  try {
    body = packr.unpack(outer[1]) as SnapshotBody;
  } catch (e) {
    throw corrupt(`body does not decode (${(e as Error).message})`);
  }
  if (!body || !Array.isArray(body.refs) || !(body.index instanceof Uint8Array) || !(body.specs instanceof Uint8Array)) {
    throw corrupt('body is missing sections');
  }
  return { header, body };
}

/** Decodes the full ToolSpecs section (lazily, on the first Inspect or browse). */
export function decodeSpecs(specs: Uint8Array): ToolSpec[] {
  try {
    return packr.unpack(specs) as ToolSpec[];
  } catch (e) {
    throw corrupt(`tool specs do not decode (${(e as Error).message})`);
  }
}
