// The versioned snapshot: a small checked header and independently checked sections, laid out so a search start
// touches only what a search needs.
//
//   bytes 0..7   magic "DWSSNAP" + format version byte
//   bytes 8..11  u32 LE header length H, bytes 12..15 u32 LE CRC-32 of the header bytes
//   bytes 16..   header JSON {format, format_version, tokenizer_version, wasm_sha256, catalog_version, source_hash,
//                surface_hash, sections: {name: {offset, length, crc32}}}
//   sections     8-aligned: meta (msgpack: products, fields, identity columns, safety columns as value codes,
//                sorted identity keys end to end with their offsets, twins, action classes, the lexicons and their
//                filings, the known-gap table), text (per-tool msgpack blobs: title/summary in both languages),
//                avoid (msgpack: every avoid_when phrase's doc, offsets and filing, a CRC-32 per bucket),
//                avoid_phrases (the phrases' UTF-8, bucket by bucket), gap_notes (one line per known gap, read
//                when one matches), query_lexicon (the query-term lexicon compiled against the index for the core,
//                src/lexicon/query-terms.ts compileQueryTerms; read by the first search that expands), index_chunks (u32 words: the index image's head length, the postings chunk
//                shift, the CRC-32 of the head and of each postings chunk), index (the WASM index image, raw),
//                specs (per-tool msgpack ToolSpec blobs), validators (per-tool UTF-8: the parameter schema's JSON,
//                a newline and its ajv standalone validator code, src/contract/standalone.ts; empty for a tool that
//                cannot run); text_index, specs_index and validators_index hold each blob's offset (u32[n+1]) and
//                CRC-32 (u32[n]).
//
// The loader tells "incompatible" (another format, tokenizer or core) from "corrupt" (magic, CRC or structure
// wrong). A section's CRC is checked when it is first read, a blob's when it is read alone: a search reads the few
// text blobs it renders and never the specs; an Inspect reads exactly one ToolSpec blob, a dispatch that ToolSpec and
// its validator. The index image is read
// by its head and then chunk by chunk as queries need postings, each piece checked against its own CRC-32.
import { Unpackr } from 'msgpackr/unpack';
import { DwsError } from '../errors.js';
import type { ProductSpec, ToolSpec } from '../catalog/types.js';
import { presetFiling, type ActionLexicon, type ProductLexicon } from '../lexicon/actions.js';
import { gapTableOf, type GapTable } from '../lexicon/gaps.js';
import { SortedIdentities } from '../catalog/identity.js';
import { lowerBound } from '../text/order.js';
import { checkOffsets, StringList, type Strings } from '../catalog/string-list.js';

export const SNAPSHOT_FORMAT = 'dws-snapshot';
/**
 * 15: twin groups with same-call twins (meta `twin`) and of `wraps` alone (meta `wrap_twin`). 14: the query-term
 * lexicon compiled for the core (the query_lexicon section; 13 kept it as JSON in meta). 13 added the validators
 * sections. A dws that reads 15 calls any other version incompatible, not corrupt.
 */
export const SNAPSHOT_FORMAT_VERSION = 15;
export const SNAPSHOT_MAGIC = 'DWSSNAP';
/** Section order in the file: what a search needs first, the full specs and validators last (a search never reads them). */
export const SECTION_NAMES = ['meta', 'text_index', 'text', 'avoid', 'avoid_phrases', 'gap_notes', 'query_lexicon', 'index_chunks', 'index', 'specs_index', 'specs', 'validators_index', 'validators'] as const;
export type SectionName = (typeof SECTION_NAMES)[number];
/** Sections of per-tool blobs, each with its <name>_index. */
type BlobSection = 'text' | 'specs' | 'validators';

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
  /** Number of tools (documents). */
  readonly count: number;
  /** The products, decoded on first use. */
  readonly products: ProductSpec[];
  /** Their ids, in the same order. */
  readonly productIds: readonly string[];
  fields: string[];
  /** Identity columns, decoded on first use and read entry by entry (no string per tool until it is read). */
  canonical_path: Strings;
  primary_cli_path: Strings;
  cli_path: Strings;
  aliases: string[][];
  product_id: string[];
  effect: ToolSpec['effect'][];
  risk: ToolSpec['risk'][];
  confirmation: ToolSpec['confirmation'][];
  idempotency: ToolSpec['idempotency'][];
  executable: boolean[];
  /** Exact Guard lookup over the sorted identity keys. */
  identities: SortedIdentities;
  /**
   * The twin group of each doc (src/build/twins.ts: a shortcut and the command it wraps, and commands that send the
   * same calls), as the doc that names the group; a doc without a twin is its own group.
   */
  twin: Uint32Array;
  /** The twin groups of `wraps` alone (a shortcut and the atomic command it wraps): ranking option sameCallTwins 0. */
  wrapTwin: Uint32Array;
  /** Action classes of each doc (bit masks over lexicon.classes). */
  actions: Uint32Array;
  lexicon: ActionLexicon;
  productLexicon: ProductLexicon;
  /** Known gaps (catalog/gaps/): capabilities the catalog does not have, ready for matching. */
  gaps: GapTable;
  /** One tool's value of a coded column, without building the column's per-tool array (a reference reads five). */
  valueOf(column: EnumColumn, doc: number): string;
  /** A coded column as stored: its values and one code per tool (checked: every code names a value). */
  codesOf(column: EnumColumn): { readonly values: readonly string[]; readonly codes: Uint8Array };
  /** executable[doc], without building the per-tool array. */
  executableAt(doc: number): boolean;
  /** Backend steps of the command's execution (0: local); undefined when it cannot run in this build. */
  callsAt(doc: number): number | undefined;
}

/** The index image's pieces as stored (Snapshot.indexChunks). */
export interface IndexChunks {
  /** Length of the image's head: header, field lengths and dictionary, up to the postings. */
  head: number;
  /** log2 of the postings chunk size. */
  shift: number;
  /** The image's length. */
  length: number;
  /** CRC-32 of the head, then of each postings chunk. */
  crcs: Uint32Array;
}

/** The text a ToolReference shows. */
export interface ToolText {
  title: string;
  title_en: string;
  agent_summary: string;
  agent_summary_en: string;
}

/**
 * Every avoid_when phrase of the catalog (both languages, NFKC, lowercase) with the doc it belongs to, filed by key
 * (src/lexicon/actions.ts filePhrases): the phrases filed under keys[j] are i in buckets[j] .. buckets[j + 1], and
 * phrase(i) decodes phrase i (UTF-8 bytes starts[i] .. starts[i + 1] of the avoid_phrases section, read bucket by
 * bucket on first use and checked against the bucket's CRC-32; bad bytes are snapshot_corrupt).
 */
export interface AvoidIndex {
  docs: Uint32Array;
  starts: Uint32Array;
  phrase: (i: number) => string;
  keys: Uint32Array;
  buckets: Uint32Array;
}

/**
 * The avoid section as stored: u32 LE words [phrase count P, key count K, docs (P), starts (P + 1), keys (K), buckets
 * (K + 1), crcs (K)]: the AvoidIndex arrays (computed at build) and the CRC-32 of each bucket's bytes, read as views
 * where the bytes are 4-aligned (no decoding, no copy). The phrases themselves are the avoid_phrases section, in filing
 * order, so a bucket is one byte range: a search reads the few buckets its query offers (about 9 of 2,000), not the
 * 240 KB of phrases.
 */
export interface StoredAvoid {
  docs: number[];
  starts: number[];
  keys: number[];
  buckets: number[];
  crcs: number[];
}

/** The words of a StoredAvoid, in section order. */
export function avoidWords(a: StoredAvoid): number[] {
  return [a.docs.length, a.keys.length, ...a.docs, ...a.starts, ...a.keys, ...a.buckets, ...a.crcs];
}

/**
 * Column names of SnapshotMeta stored as one newline-joined string each. Long strings of the meta section are
 * stored as UTF-8 bytes: one native TextDecoder call each, where msgpack would decode them in JavaScript.
 */
export const STRING_COLUMNS = ['canonical_path', 'primary_cli_path', 'cli_path'] as const;
/**
 * Columns with a few distinct values, stored as their values and a u8 code per tool: the per-tool arrays then share
 * the value strings, and a process builds no string per tool.
 */
/** StoredMeta.calls of a command that has no way to run. */
export const NO_CALLS = 255;

export const ENUM_COLUMNS = ['product_id', 'effect', 'risk', 'confirmation', 'idempotency', 'visibility'] as const;
export type EnumColumn = (typeof ENUM_COLUMNS)[number];

/** A PhraseFiling (src/lexicon/actions.ts) as packed u32 LE arrays. */
export interface StoredFiling {
  keys: Uint8Array;
  starts: Uint8Array;
  order: Uint8Array;
}

/** A GapTable as stored: the keys as one string (key_starts: u32 UTF-16 offsets, n + 1), each set its own UTF-8 byte
 * range (set_starts: u32 byte offsets, n + 1). The notes (one per line) are the gap_notes section, read only when a
 * query says a gap: 90 KB that every process would otherwise read and check with the meta section. */
export interface StoredGaps {
  keys: Uint8Array;
  key_starts: Uint8Array;
  sets: Uint8Array;
  set_starts: Uint8Array;
}

/**
 * The meta section as stored: string columns joined, booleans and doc numbers as packed bytes. The products and the
 * lexicons are UTF-8 JSON (one native decode and parse, where msgpack decodes their short Chinese strings in
 * JavaScript); the products are parsed only when read (an Inspect), a search needs their ids alone.
 */
export interface StoredMeta {
  products: Uint8Array;
  product_ids: string[];
  fields: string[];
  columns: Record<(typeof STRING_COLUMNS)[number], Uint8Array>;
  enums: Record<EnumColumn, { values: string[]; codes: Uint8Array }>;
  /** Per doc: its aliases joined by TAB; docs joined by newline (UTF-8). */
  aliases: Uint8Array;
  executable: Uint8Array;
  /** Per doc: backend steps of the command's execution (docs/PLANS.md); NO_CALLS when it cannot run. */
  calls: Uint8Array;
  /** Identity keys sorted in JS string order, end to end (UTF-8); identity_starts: u32 UTF-16 offsets (n + 1). */
  identity_keys: Uint8Array;
  identity_starts: Uint8Array;
  /** u32 LE document number of each identity key. */
  identity_docs: Uint8Array;
  /** u32 LE twin group per doc (see SnapshotMeta.twin), and of `wraps` alone (SnapshotMeta.wrapTwin). */
  twin: Uint8Array;
  wrap_twin: Uint8Array;
  /** u32 LE action class mask per doc. */
  actions: Uint8Array;
  lexicon: Uint8Array;
  productLexicon: Uint8Array;
  /** The lexicons' words filed at build (src/lexicon/actions.ts fileLexicon), so a search never files them. */
  lexicon_filing: StoredFiling;
  product_filing: StoredFiling;
  /** Known gaps (catalog/gaps/), absent when the catalog has none. */
  gaps?: StoredGaps;
}

const NO_GAPS: GapTable = gapTableOf({ keys: [], sets: [], notes: [] });

/** The gaps of the meta section: absent in snapshots without catalog/gaps/; else read as the search asks for them. */
function storedGaps(t: unknown, noteBytes: () => Uint8Array): GapTable {
  if (t === undefined) return NO_GAPS;
  const g = t as Partial<StoredGaps> | null;
  if (g === null || typeof g !== 'object') throw new Error('gaps are not a gap table');
  if (![g.keys, g.key_starts, g.sets, g.set_starts].every((b) => b instanceof Uint8Array)) throw new Error('gap keys or sets are missing');
  const { keys: keyBytes, sets } = g as StoredGaps;
  const keyStarts = u32s(g.key_starts!);
  const setStarts = u32s(g.set_starts!);
  if (keyStarts.length !== setStarts.length) throw new Error('gap keys and sets differ in number');
  checkOffsets(setStarts, sets.length, 'gap set');
  // Decoded on first use: an Inspect never reads them, a search the keys and the sets its query offers, the notes
  // only when a gap matches.
  let keys: StringList | undefined;
  let notes: string[] | undefined;
  const keyList = (): StringList => {
    if (!keys) {
      const text = metaString(keyBytes, 'gap keys');
      try {
        keys = new StringList(text, keyStarts);
      } catch (e) {
        throw corrupt(`meta is malformed (gap keys: ${(e as Error).message})`);
      }
    }
    return keys;
  };
  return {
    size: keyStarts.length - 1,
    key: (i) => keyList().at(i) ?? '',
    compareKey: (i, value) => keyList().compareAt(i, value),
    unitAt: (i, k) => keyList().unitAt(i, k),
    set: (i) => metaString(sets.subarray(setStarts[i], setStarts[i + 1]), 'gap sets'),
    note: (gap) => (notes ??= metaString(noteBytes(), 'gap notes').split('\n'))[gap],
  };
}

const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

/** A UTF-8 string of the meta section (throws a plain Error; the caller reports the section as malformed). */
function utf8(bytes: unknown, what: string): string {
  if (!(bytes instanceof Uint8Array)) throw new Error(`${what} are missing`);
  return utf8Decoder.decode(bytes);
}

/** UTF-8 JSON bytes parsed (throws on bad bytes or bad JSON). */
function jsonOf(bytes: unknown, what: string): unknown {
  const text = utf8(bytes, what);
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} are not JSON`);
  }
}

/** A part of the meta section decoded after it was opened (on first use): any failure is snapshot_corrupt. */
function afterOpen<T>(decode: () => T): T {
  try {
    return decode();
  } catch (e) {
    throw corrupt(`meta is malformed (${(e as Error).message})`);
  }
}

/** utf8() for a string decoded after the meta section was opened (on first use): failures are snapshot_corrupt. */
function metaString(bytes: unknown, what: string): string {
  return afterOpen(() => utf8(bytes, what));
}

export type Crc32 = (bytes: Uint8Array) => number;

const unpackr = new Unpackr({ useRecords: false, moreTypes: false, mapsAsObjects: true });

/** Where snapshot bytes come from: a whole buffer (browser, tests) or a file read by ranges (Node CLI). */
export interface SnapshotSource {
  readonly length: number;
  read(offset: number, length: number): Uint8Array;
  /** Reads target.length bytes at offset straight into target (e.g. WASM memory), with no intermediate copy. */
  readInto(offset: number, target: Uint8Array): void;
}

export function bytesSource(bytes: Uint8Array): SnapshotSource {
  return {
    length: bytes.length,
    read: (offset, length) => bytes.subarray(offset, offset + length),
    readInto: (offset, target) => target.set(bytes.subarray(offset, offset + target.length)),
  };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Little-endian u32s from bytes: a view when they are 4-aligned (a raw section), else a copy (msgpack bins). */
function u32s(bytes: Uint8Array): Uint32Array {
  if (!(bytes instanceof Uint8Array) || bytes.length % 4 !== 0) throw corrupt('packed u32 array has a bad length');
  if (LITTLE_ENDIAN && bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  // One native copy into a fresh (aligned) buffer; the per-word loop below runs interpreted in a cold process.
  if (LITTLE_ENDIAN) return new Uint32Array(new Uint8Array(bytes).buffer);
  const out = new Uint32Array(bytes.length / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < out.length; i++) out[i] = view.getUint32(i * 4, true);
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
  private readonly checked = new Map<SectionName, Uint8Array>();
  private readonly blobIndexes = new Map<BlobSection, { offsets: Uint32Array; crcs: Uint32Array }>();
  private chunks?: IndexChunks;

  constructor(private readonly source: SnapshotSource, private readonly crc32: Crc32, expect: { tokenizerVersion: number; wasmSha256: string }) {
    if (source.length < 16) throw corrupt('too short');
    const start = source.read(0, 16);
    const magic = new TextDecoder().decode(start.subarray(0, 7));
    if (magic !== SNAPSHOT_MAGIC) throw corrupt('not a dws snapshot (bad magic)');
    if (start[7] !== SNAPSHOT_FORMAT_VERSION) throw incompatible(`format version ${start[7]}, this dws reads ${SNAPSHOT_FORMAT_VERSION}`);
    const view = new DataView(start.buffer, start.byteOffset, start.byteLength);
    const len = view.getUint32(8, true);
    if (16 + len > source.length) throw corrupt('header length out of range');
    const headerBytes = source.read(16, len);
    if (crc32(headerBytes) !== view.getUint32(12, true)) throw corrupt('header checksum mismatch');
    let header: SnapshotHeader;
    try {
      header = JSON.parse(utf8Decoder.decode(headerBytes)) as SnapshotHeader;
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
      if (!s || !Number.isInteger(s.offset) || !Number.isInteger(s.length) || this.base + s.offset + s.length > source.length) {
        throw corrupt(`section ${name} out of range`);
      }
    }
    this.header = header;
  }

  /**
   * How the index image is read (the index_chunks section, checked): its head (bytes [0, head)), then postings chunks
   * of 1 << shift bytes; crcs[0] is the head's CRC-32, crcs[1 + c] chunk c's.
   */
  indexChunks(): IndexChunks {
    let chunks = this.chunks;
    if (!chunks) {
      const words = u32s(this.section('index_chunks'));
      const length = this.header.sections.index.length;
      const [head, shift] = words;
      if (words.length < 3 || !(head <= length) || !(shift >= 8 && shift <= 24) || words.length !== 3 + Math.ceil((length - head) / 2 ** shift)) {
        throw corrupt('index_chunks does not describe the index');
      }
      chunks = { head, shift, length, crcs: words.subarray(2) };
      this.chunks = chunks;
    }
    return chunks;
  }

  /** Reads bytes [from, from + target.length) of the index image into caller-owned memory; check each piece after. */
  readIndexInto(from: number, target: Uint8Array): void {
    this.source.readInto(this.base + this.header.sections.index.offset + from, target);
  }

  /** Throws snapshot_corrupt unless crc is the recorded CRC-32 of index piece p (0: the head, 1 + c: chunk c). */
  checkIndexPiece(p: number, crc: number): void {
    if ((crc >>> 0) !== this.indexChunks().crcs[p]) throw corrupt(p === 0 ? 'index head checksum mismatch' : `index chunk ${p - 1} checksum mismatch`);
  }

  /** Reads and CRC-checks every section (the index too, which a search otherwise checks piece by piece). */
  verifySections(): void {
    for (const name of SECTION_NAMES) this.section(name);
  }

  /** The raw bytes of a section, read and CRC-checked on first access. */
  section(name: SectionName): Uint8Array {
    let bytes = this.checked.get(name);
    if (!bytes) {
      const s = this.header.sections[name];
      bytes = this.source.read(this.base + s.offset, s.length);
      if (this.crc32(bytes) !== s.crc32) throw corrupt(`section ${name} checksum mismatch`);
      this.checked.set(name, bytes);
    }
    return bytes;
  }

  private unpack<T>(bytes: Uint8Array, what: string): T {
    try {
      return unpackr.unpack(bytes) as T;
    } catch (e) {
      throw corrupt(`${what} does not decode (${(e as Error).message})`);
    }
  }

  meta(): SnapshotMeta {
    return new DecodedMeta(this.unpack<StoredMeta>(this.section('meta'), 'meta'), () => this.section('gap_notes'));
  }

  /** The avoid section; count is the number of tools (every phrase's doc must be one). */
  avoidIndex(count: number): AvoidIndex {
    const words = u32s(this.section('avoid'));
    const [p, k] = words;
    if (words.length < 2 || words.length !== 2 + p + (p + 1) + k + (k + 1) + k) throw corrupt('avoid index lengths differ');
    let at = 2;
    const take = (n: number) => words.subarray(at, (at += n));
    const docs = take(p);
    const starts = take(p + 1);
    const keys = take(k);
    const buckets = take(k + 1);
    const crcs = take(k);
    const phrasesSection = this.header.sections.avoid_phrases;
    // The section is CRC-checked; these checks keep every slice of it in bounds.
    try {
      checkOffsets(starts, phrasesSection.length, 'avoid phrase');
      checkOffsets(buckets, docs.length, 'avoid bucket');
    } catch (e) {
      throw corrupt(`avoid index is malformed (${(e as Error).message})`);
    }
    for (let i = 1; i < keys.length; i++) if (keys[i] <= keys[i - 1]) throw corrupt('avoid index buckets are out of order');
    for (let i = 0; i < docs.length; i++) if (docs[i] >= count) throw corrupt('avoid index entries are out of bounds');
    // Each bucket's bytes, read and checked on first use.
    const read = new Map<number, Uint8Array>();
    const bucketBytes = (j: number): Uint8Array => {
      let bytes = read.get(j);
      if (!bytes) {
        bytes = this.range('avoid_phrases', starts[buckets[j]], starts[buckets[j + 1]], crcs[j], `avoid phrases of bucket ${j}`);
        read.set(j, bytes);
      }
      return bytes;
    };
    const phrase = (i: number): string => {
      const j = lowerBound(buckets, i + 1) - 1; // the bucket holding entry i
      const bytes = bucketBytes(j);
      const base = starts[buckets[j]];
      try {
        return utf8Decoder.decode(bytes.subarray(starts[i] - base, starts[i + 1] - base));
      } catch {
        throw corrupt('avoid phrases are not UTF-8');
      }
    };
    return { docs, starts, phrase, keys, buckets };
  }

  private blobIndex(name: BlobSection): { offsets: Uint32Array; crcs: Uint32Array } {
    let index = this.blobIndexes.get(name);
    if (!index) {
      const words = u32s(this.section(`${name}_index`));
      const n = (words.length - 1) / 2;
      if (!Number.isInteger(n) || n < 0) throw corrupt(`${name}_index has a bad length`);
      index = { offsets: words.subarray(0, n + 1), crcs: words.subarray(n + 1) };
      if (index.offsets[n] !== this.header.sections[name].length) throw corrupt(`${name}_index does not cover ${name}`);
      this.blobIndexes.set(name, index);
    }
    return index;
  }

  /** One tool's blob: sliced from the whole section when that was read, else read alone and checked alone. */
  private blob(name: BlobSection, doc: number): Uint8Array {
    const { offsets, crcs } = this.blobIndex(name);
    if (!(doc >= 0 && doc < crcs.length)) throw corrupt(`no ${name} blob for document ${doc}`);
    const start = offsets[doc];
    const end = offsets[doc + 1];
    if (end < start) throw corrupt(`${name}_index offsets go backwards`);
    return this.range(name, start, end, crcs[doc], `${name} of document ${doc}`);
  }

  /**
   * Bytes [from, to) of a section: sliced from the whole section when that was read and checked, else read alone and
   * checked against crc (what names the piece in the error).
   */
  private range(name: SectionName, from: number, to: number, crc: number, what: string): Uint8Array {
    const whole = this.checked.get(name);
    if (whole) return whole.subarray(from, to);
    const bytes = this.source.read(this.base + this.header.sections[name].offset + from, to - from);
    if (this.crc32(bytes) !== crc) throw corrupt(`${what}: checksum mismatch`);
    return bytes;
  }

  /** The query-term lexicon as the core reads it (checked by the core when attached: assembly/query.ts lexiconAttach). */
  queryLexicon(): Uint8Array {
    return this.section('query_lexicon');
  }

  text(doc: number): ToolText {
    return this.unpack<ToolText>(this.blob('text', doc), 'tool text');
  }

  spec(doc: number): ToolSpec {
    return this.unpack<ToolSpec>(this.blob('specs', doc), 'tool spec');
  }

  /**
   * One tool's precompiled parameter validator: its schema's JSON text, a newline, the standalone code; '' when the
   * snapshot has none for it (src/contract/precompiled.ts then compiles the schema with ajv).
   */
  validator(doc: number): string {
    const bytes = this.blob('validators', doc);
    try {
      return utf8Decoder.decode(bytes);
    } catch {
      throw corrupt(`validator of document ${doc} is not UTF-8`);
    }
  }

  /** Every ToolSpec: the specs section is read and checked once, then cut into blobs. */
  allSpecs(): ToolSpec[] {
    this.section('specs');
    return Array.from({ length: this.blobIndex('specs').crcs.length }, (_, doc) => this.spec(doc));
  }
}

type StringColumn = (typeof STRING_COLUMNS)[number];

/** A stored PhraseFiling unpacked (presetFiling checks it against its lexicon). */
function filingOf(f: StoredFiling | undefined, what: string): { keys: Uint32Array; starts: Uint32Array; order: Uint32Array } {
  if (!f || !(f.keys instanceof Uint8Array) || !(f.starts instanceof Uint8Array) || !(f.order instanceof Uint8Array)) throw new Error(`${what} filing is missing`);
  return { keys: u32s(f.keys), starts: u32s(f.starts), order: u32s(f.order) };
}

/**
 * The meta section decoded (its CRC was checked before). The packed columns (identity keys, twins, actions) are
 * unpacked and every coded column checked here; an identity column is decoded on first use and read line by line
 * (StringList.lines), the coded columns expand to arrays of shared value strings, so a process builds only what its
 * command reads and no string per tool it does not show: a cold process allocates less and meets fewer scavenges. A
 * column whose length is not the tool count fails closed when it is first read.
 */
class DecodedMeta implements SnapshotMeta {
  readonly count: number;
  readonly productIds: readonly string[];
  private productList?: ProductSpec[];
  readonly fields: string[];
  readonly identities: SortedIdentities;
  readonly twin: Uint32Array;
  readonly wrapTwin: Uint32Array;
  readonly actions: Uint32Array;
  private actionLexicon?: ActionLexicon;
  private productLexiconValue?: ProductLexicon;
  private readonly gapTable: GapTable;
  private readonly split = new Map<StringColumn, StringList>();
  private readonly expanded = new Map<EnumColumn, string[]>();
  private aliasLists?: string[][];
  private executableFlags?: boolean[];

  /** gapNotes: the gap_notes section, read and checked when first asked for. */
  constructor(private readonly stored: StoredMeta, gapNotes: () => Uint8Array) {
    const m = stored;
    try {
      const docs = u32s(m.identity_docs);
      const keys = new StringList(utf8(m.identity_keys, 'identity keys'), u32s(m.identity_starts));
      this.twin = u32s(m.twin);
      this.wrapTwin = u32s(m.wrap_twin);
      this.actions = u32s(m.actions);
      this.count = this.twin.length;
      if (keys.length !== docs.length || this.wrapTwin.length !== this.count || !(m.executable instanceof Uint8Array) || m.executable.length !== this.count || this.actions.length !== this.count ||
        !(m.calls instanceof Uint8Array) || m.calls.length !== this.count) {
        throw new Error('column lengths differ');
      }
      for (const name of STRING_COLUMNS) if (!(m.columns?.[name] instanceof Uint8Array)) throw new Error(`column ${name} is missing`);
      for (const name of ENUM_COLUMNS) {
        const c = m.enums?.[name];
        if (!c || !Array.isArray(c.values) || !c.values.every((v) => typeof v === 'string') || !(c.codes instanceof Uint8Array) || c.codes.length !== this.count) {
          throw new Error(`column ${name} is missing`);
        }
        const n = c.values.length;
        for (let i = 0; i < c.codes.length; i++) if (c.codes[i] >= n) throw new Error(`column ${name} has a code out of range`);
      }
      if (!(m.aliases instanceof Uint8Array)) throw new Error('aliases are missing');
      this.identities = new SortedIdentities(keys, docs);
      this.gapTable = storedGaps(m.gaps, gapNotes);
      if (!Array.isArray(m.product_ids) || !m.product_ids.every((id) => typeof id === 'string')) throw new Error('product ids are missing');
      if (!(m.products instanceof Uint8Array)) throw new Error('products are missing');
    } catch (e) {
      throw corrupt(`meta is malformed (${(e as Error).message})`);
    }
    this.productIds = m.product_ids;
    this.fields = m.fields;
  }

  /** The action lexicon with its stored filing, decoded on first use (a search; an Inspect or a dispatch never reads it). */
  get lexicon(): ActionLexicon {
    this.actionLexicon ??= afterOpen(() => {
      const lexicon = jsonOf(this.stored.lexicon, 'lexicon') as ActionLexicon;
      presetFiling(lexicon, filingOf(this.stored.lexicon_filing, 'lexicon'));
      return lexicon;
    });
    return this.actionLexicon;
  }

  /** The product lexicon with its stored filing, decoded on first use (a search). */
  get productLexicon(): ProductLexicon {
    this.productLexiconValue ??= afterOpen(() => {
      const lexicon = jsonOf(this.stored.productLexicon, 'product lexicon') as ProductLexicon;
      presetFiling(lexicon, filingOf(this.stored.product_filing, 'product lexicon'));
      return lexicon;
    });
    return this.productLexiconValue;
  }

  get products(): ProductSpec[] {
    this.productList ??= afterOpen(() => {
      const list = jsonOf(this.stored.products, 'products') as ProductSpec[];
      if (!Array.isArray(list) || list.length !== this.productIds.length || list.some((p, i) => p?.id !== this.productIds[i])) {
        throw new Error('products do not match their ids');
      }
      return list;
    });
    return this.productList;
  }

  private column(name: StringColumn): StringList {
    let col = this.split.get(name);
    if (!col) {
      col = StringList.lines(metaString(this.stored.columns[name], `column ${name}`));
      if (col.length !== this.count) throw corrupt(`meta is malformed (column ${name} has ${col.length} rows, not ${this.count})`);
      this.split.set(name, col);
    }
    return col;
  }

  valueOf(column: EnumColumn, doc: number): string {
    const { values, codes } = this.stored.enums[column];
    return values[codes[doc]];
  }

  codesOf(column: EnumColumn): { readonly values: readonly string[]; readonly codes: Uint8Array } {
    return this.stored.enums[column];
  }

  executableAt(doc: number): boolean {
    return this.stored.executable[doc] === 1;
  }

  callsAt(doc: number): number | undefined {
    const n = this.stored.calls[doc];
    return n === NO_CALLS ? undefined : n;
  }

  /**
   * A coded column as per-tool values (the value strings are shared; checked in the constructor). A plain loop: in
   * a cold process Array.from's iterator protocol allocates a result object per element.
   */
  private enumColumn(name: EnumColumn): string[] {
    let col = this.expanded.get(name);
    if (!col) {
      const { values, codes } = this.stored.enums[name];
      col = new Array<string>(codes.length);
      for (let i = 0; i < codes.length; i++) col[i] = values[codes[i]];
      this.expanded.set(name, col);
    }
    return col;
  }

  get canonical_path(): Strings { return this.column('canonical_path'); }
  get primary_cli_path(): Strings { return this.column('primary_cli_path'); }
  get cli_path(): Strings { return this.column('cli_path'); }
  get product_id(): string[] { return this.enumColumn('product_id'); }
  get effect(): ToolSpec['effect'][] { return this.enumColumn('effect') as ToolSpec['effect'][]; }
  get risk(): ToolSpec['risk'][] { return this.enumColumn('risk') as ToolSpec['risk'][]; }
  get confirmation(): ToolSpec['confirmation'][] { return this.enumColumn('confirmation') as ToolSpec['confirmation'][]; }
  get idempotency(): ToolSpec['idempotency'][] { return this.enumColumn('idempotency') as ToolSpec['idempotency'][]; }

  get gaps(): GapTable {
    return this.gapTable;
  }

  get aliases(): string[][] {
    if (!this.aliasLists) {
      const lists = metaString(this.stored.aliases, 'aliases').split('\n').map((a) => (a ? a.split('\t') : []));
      if (lists.length !== this.count) throw corrupt(`meta is malformed (aliases have ${lists.length} rows, not ${this.count})`);
      this.aliasLists = lists;
    }
    return this.aliasLists;
  }

  get executable(): boolean[] {
    if (!this.executableFlags) {
      const bytes = this.stored.executable;
      this.executableFlags = new Array<boolean>(bytes.length);
      for (let i = 0; i < bytes.length; i++) this.executableFlags[i] = bytes[i] === 1;
    }
    return this.executableFlags;
  }
}
