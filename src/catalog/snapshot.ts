// The versioned snapshot: a small checked header and independently checked sections, laid out so a search start
// touches only what a search needs.
//
//   bytes 0..7   magic "DWSSNAP" + format version byte
//   bytes 8..11  u32 LE header length H, bytes 12..15 u32 LE CRC-32 of the header bytes
//   bytes 16..   header JSON {format, format_version, tokenizer_version, wasm_sha256, catalog_version, source_hash,
//                surface_hash, sections: {name: {offset, length, crc32}}}
//   sections     8-aligned: meta (msgpack: products, fields, identity columns, identity keys), text (msgpack array
//                of per-tool blobs: title/summary in both languages + avoid_when), avoid (msgpack: phrase index),
//                index (the WASM index image, raw), specs (msgpack array of per-tool ToolSpec blobs)
//
// The loader tells "incompatible" (another format, tokenizer or core) from "corrupt" (magic, CRC or structure
// wrong). Each section's CRC is checked when the section is first read: a search never reads or checks `specs`,
// an Inspect decodes exactly one ToolSpec blob.
import { Packr } from 'msgpackr';
import { DwsError } from '../errors.js';
import type { Catalog, ProductSpec, ToolSpec } from './types.js';
import { identityKeys } from './identity.js';

export const SNAPSHOT_FORMAT = 'dws-snapshot';
export const SNAPSHOT_FORMAT_VERSION = 2;
const MAGIC = 'DWSSNAP';
const SECTION_NAMES = ['meta', 'text', 'avoid', 'index', 'specs'] as const;
type SectionName = (typeof SECTION_NAMES)[number];

export interface SnapshotHeader {
  format: string;
  format_version: number;
  tokenizer_version: number;
  wasm_sha256: string;
  catalog_version: string;
  source_hash: string;
  surface_hash: string;
  sections: Record<SectionName, { offset: number; length: number; crc32: number }>;
}

/** Identity and safety columns of every tool, in document (canonical path) order. */
export interface SnapshotMeta {
  products: ProductSpec[];
  fields: string[];
  canonical_path: string[];
  primary_cli_path: string[];
  cli_path: string[];
  aliases: string[][];
  product_id: string[];
  effect: ToolSpec['effect'][];
  risk: ToolSpec['risk'][];
  confirmation: ToolSpec['confirmation'][];
  idempotency: ToolSpec['idempotency'][];
  executable: boolean[];
  /** Exact Guard keys: [key, doc] pairs. */
  identity_keys: [string, number][];
}

/** The text a ToolReference shows, plus the avoid_when phrases (NFKC, lowercase) used for demotion. */
export interface ToolText {
  title: string;
  title_en: string;
  agent_summary: string;
  agent_summary_en: string;
  avoid: string[];
}

/** avoid_when phrases ordered by length (UTF-16 units): [length, doc, position in ToolText.avoid]. */
export type AvoidIndex = [number, number, number][];

export type Crc32 = (bytes: Uint8Array) => number;

const packr = new Packr({ useRecords: false, moreTypes: false, mapsAsObjects: true, variableMapSize: true });

export function isExecutable(t: ToolSpec): boolean {
  return t.availability === 'available' && (t.interface_mode !== 'mcp' || t.interface_ref !== undefined);
}

function toolText(t: ToolSpec): ToolText {
  return {
    title: t.title,
    title_en: t.title_en,
    agent_summary: t.agent_summary,
    agent_summary_en: t.agent_summary_en,
    avoid: [...t.avoid_when, ...t.avoid_when_en].map((a) => a.normalize('NFKC').toLowerCase()).filter((a) => a.length > 0),
  };
}

export interface SnapshotInput {
  catalog: Catalog;
  hashes: { source_hash: string; surface_hash: string };
  tokenizerVersion: number;
  wasmSha256: string;
  fields: readonly string[];
  index: Uint8Array;
  crc32: Crc32;
}

const align8 = (n: number) => (n + 7) & ~7;

export function encodeSnapshot(input: SnapshotInput): Uint8Array {
  const tools = input.catalog.tools;
  const texts = tools.map(toolText);
  const meta: SnapshotMeta = {
    products: input.catalog.products,
    fields: [...input.fields],
    canonical_path: tools.map((t) => t.canonical_path),
    primary_cli_path: tools.map((t) => t.primary_cli_path),
    cli_path: tools.map((t) => t.cli_path),
    aliases: tools.map((t) => t.aliases),
    product_id: tools.map((t) => t.product_id),
    effect: tools.map((t) => t.effect),
    risk: tools.map((t) => t.risk),
    confirmation: tools.map((t) => t.confirmation),
    idempotency: tools.map((t) => t.idempotency),
    executable: tools.map(isExecutable),
    identity_keys: tools.flatMap((t, doc) => identityKeys(t).map((k): [string, number] => [k, doc])),
  };
  const avoid: AvoidIndex = texts
    .flatMap((t, doc) => t.avoid.map((a, k): [number, number, number] => [a.length, doc, k]))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const sections: Record<SectionName, Uint8Array> = {
    meta: packr.pack(meta),
    text: packr.pack(texts.map((t) => packr.pack(t))),
    avoid: packr.pack(avoid),
    index: input.index,
    specs: packr.pack(tools.map((t) => packr.pack(t))),
  };
  const layout = {} as SnapshotHeader['sections'];
  let offset = 0;
  for (const name of SECTION_NAMES) {
    layout[name] = { offset, length: sections[name].length, crc32: input.crc32(sections[name]) };
    offset = align8(offset + sections[name].length);
  }
  const header: SnapshotHeader = {
    format: SNAPSHOT_FORMAT,
    format_version: SNAPSHOT_FORMAT_VERSION,
    tokenizer_version: input.tokenizerVersion,
    wasm_sha256: input.wasmSha256,
    catalog_version: input.catalog.version,
    source_hash: input.hashes.source_hash,
    surface_hash: input.hashes.surface_hash,
    sections: layout,
  };
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const base = align8(16 + headerBytes.length);
  const out = new Uint8Array(base + offset);
  out.set(new TextEncoder().encode(MAGIC), 0);
  out[7] = SNAPSHOT_FORMAT_VERSION;
  const view = new DataView(out.buffer);
  view.setUint32(8, headerBytes.length, true);
  view.setUint32(12, input.crc32(headerBytes), true);
  out.set(headerBytes, 16);
  for (const name of SECTION_NAMES) out.set(sections[name], base + layout[name].offset);
  return out;
}

function corrupt(why: string): DwsError {
  return new DwsError('snapshot_corrupt', `the catalog snapshot is corrupt: ${why}`, 'rebuild it with `npm run build`');
}

function incompatible(why: string): DwsError {
  return new DwsError('snapshot_incompatible', `the catalog snapshot is incompatible with this dws: ${why}`, 'rebuild it with `npm run build`');
}

/** A checked snapshot: the header is verified at open; each section when it is first read. */
export class Snapshot {
  readonly header: SnapshotHeader;
  private readonly base: number;
  private readonly checked = new Set<SectionName>();
  private textBlobs?: Uint8Array[];
  private specBlobs?: Uint8Array[];

  constructor(private readonly bytes: Uint8Array, private readonly crc32: Crc32, expect: { tokenizerVersion: number; wasmSha256: string }) {
    if (bytes.length < 16) throw corrupt('too short');
    const magic = new TextDecoder().decode(bytes.subarray(0, 7));
    if (magic !== MAGIC) throw corrupt('not a dws snapshot (bad magic)');
    if (bytes[7] !== SNAPSHOT_FORMAT_VERSION) throw incompatible(`format version ${bytes[7]}, this dws reads ${SNAPSHOT_FORMAT_VERSION}`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const len = view.getUint32(8, true);
    if (16 + len > bytes.length) throw corrupt('header length out of range');
    const headerBytes = bytes.subarray(16, 16 + len);
    if (crc32(headerBytes) !== view.getUint32(12, true)) throw corrupt('header checksum mismatch');
    let header: SnapshotHeader;
    try {
      header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(headerBytes)) as SnapshotHeader;
    } catch {
      throw corrupt('header is not JSON');
    }
    if (header.format !== SNAPSHOT_FORMAT || header.format_version !== SNAPSHOT_FORMAT_VERSION) {
      throw incompatible(`format ${String(header.format)} v${String(header.format_version)}`);
    }
    if (header.tokenizer_version !== expect.tokenizerVersion) {
      throw incompatible(`built with tokenizer ${header.tokenizer_version}, this core has ${expect.tokenizerVersion}`);
    }
    if (header.wasm_sha256 !== expect.wasmSha256) throw incompatible('built with a different wasm core');
    this.base = (16 + len + 7) & ~7;
    for (const name of SECTION_NAMES) {
      const s = header.sections?.[name];
      if (!s || !Number.isInteger(s.offset) || !Number.isInteger(s.length) || this.base + s.offset + s.length > bytes.length) {
        throw corrupt(`section ${name} out of range`);
      }
    }
    this.header = header;
  }

  /** The raw bytes of a section, CRC-checked on first access. */
  section(name: SectionName): Uint8Array {
    const s = this.header.sections[name];
    const bytes = this.bytes.subarray(this.base + s.offset, this.base + s.offset + s.length);
    if (!this.checked.has(name)) {
      if (this.crc32(bytes) !== s.crc32) throw corrupt(`section ${name} checksum mismatch`);
      this.checked.add(name);
    }
    return bytes;
  }

  private unpack<T>(bytes: Uint8Array, what: string): T {
    try {
      return packr.unpack(bytes) as T;
    } catch (e) {
      throw corrupt(`${what} does not decode (${(e as Error).message})`);
    }
  }

  meta(): SnapshotMeta {
    return this.unpack<SnapshotMeta>(this.section('meta'), 'meta');
  }

  avoidIndex(): AvoidIndex {
    return this.unpack<AvoidIndex>(this.section('avoid'), 'avoid index');
  }

  text(doc: number): ToolText {
    this.textBlobs ??= this.unpack<Uint8Array[]>(this.section('text'), 'text');
    return this.unpack<ToolText>(this.textBlobs[doc], 'tool text');
  }

  spec(doc: number): ToolSpec {
    this.specBlobs ??= this.unpack<Uint8Array[]>(this.section('specs'), 'specs');
    return this.unpack<ToolSpec>(this.specBlobs[doc], 'tool spec');
  }

  specCount(): number {
    this.specBlobs ??= this.unpack<Uint8Array[]>(this.section('specs'), 'specs');
    return this.specBlobs.length;
  }
}
