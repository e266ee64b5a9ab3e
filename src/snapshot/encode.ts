// Snapshot encoding (build time only): the layout is documented in snapshot.ts, which decodes it.
import { Packr } from 'msgpackr/pack';
import type { Catalog, ToolSpec } from '../catalog/types.js';
import { identityKeys } from '../catalog/identity.js';
import { fold } from '../text/fold.js';
import { gapLines, type Gap } from '../lexicon/gaps.js';
import { fileLexicon, filePhrases, toolActionMask, type ActionLexicon, type PhraseFiling, type ProductLexicon } from '../lexicon/actions.js';
import { joinStrings } from '../catalog/string-list.js';
import { executionCalls } from '../plan/summary.js';
import { twinGroups } from '../build/twins.js';
import {
  avoidWords, SECTION_NAMES, SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, SNAPSHOT_MAGIC,
  ENUM_COLUMNS, NO_CALLS, STRING_COLUMNS, type StoredAvoid, type StoredFiling, type StoredGaps, type Crc32, type SectionName, type SnapshotHeader, type StoredMeta, type ToolText,
} from './decode.js';
import { byCodePoint } from '../text/order.js';
import { runs } from '../plan/runs.js';

const packr = new Packr({ useRecords: false, moreTypes: false, mapsAsObjects: true, variableMapSize: true });


function toolText(t: ToolSpec): ToolText {
  return { title: t.title, title_en: t.title_en, agent_summary: t.agent_summary, agent_summary_en: t.agent_summary_en };
}

/** avoid_when phrases as the demotion compares them: NFKC, lowercase, both languages (NUL never occurs in them). */
export function avoidPhrases(t: ToolSpec): string[] {
  return [...t.avoid_when, ...t.avoid_when_en].map((a) => fold(a).replace(/\0/gu, '')).filter((a) => a.length > 0);
}

export interface SnapshotInput {
  lexicon: ActionLexicon;
  /** Known gaps (catalog/gaps/), stored in the meta section. */
  gaps?: Gap[];
  productLexicon: ProductLexicon;
  /** The query-term lexicon compiled against the index (src/lexicon/query-terms.ts compileQueryTerms); none: empty. */
  queryLexicon?: Uint8Array;
  catalog: Catalog;
  hashes: { source_hash: string; surface_hash: string };
  tokenizerVersion: number;
  wasmSha256: string;
  fields: readonly string[];
  index: Uint8Array;
  crc32: Crc32;
  /** Each tool's precompiled validator (src/contract/standalone.ts validatorSource), '' for none; default none. */
  validators?: readonly string[];
}

const align8 = (n: number) => (n + 7) & ~7;
/** A compiled query-term lexicon of no words (compileQueryTerms of {}). */
const EMPTY_QUERY_LEXICON = new Uint8Array(16);

/** Postings chunks of 4 KiB: one page of the core's memory each. */
export const INDEX_CHUNK_SHIFT = 12;
/** Where the index image's header (assembly/index.ts) keeps offPostings, the end of the head. */
const IMAGE_POSTINGS_OFFSET_AT = 44;

/**
 * The index_chunks section: u32 LE words [head length, chunk shift, CRC-32 of the head, CRC-32 of each postings
 * chunk]. The head is the image up to its postings (header, field lengths, dictionary), which a search always
 * reads; the postings are read chunk by chunk as queries need them (src/engine/engine.ts).
 */
function indexChunks(image: Uint8Array, crc32: Crc32): Uint8Array {
  const head = new DataView(image.buffer, image.byteOffset, image.byteLength).getUint32(IMAGE_POSTINGS_OFFSET_AT, true);
  const words = [head, INDEX_CHUNK_SHIFT, crc32(image.subarray(0, head))];
  for (let at = head; at < image.length; at += 1 << INDEX_CHUNK_SHIFT) words.push(crc32(image.subarray(at, Math.min(image.length, at + (1 << INDEX_CHUNK_SHIFT)))));
  return packU32(words);
}

/** Byte strings laid end to end, with the offset where each starts and the total (n + 1 offsets). */
function endToEnd(parts: readonly Uint8Array[]): { data: Uint8Array; offsets: number[] } {
  const offsets = [0];
  for (const b of parts) offsets.push(offsets[offsets.length - 1] + b.length);
  const data = new Uint8Array(offsets[offsets.length - 1]);
  parts.forEach((b, i) => data.set(b, offsets[i]));
  return { data, offsets };
}

/** Blobs laid end to end, with an index of u32 offsets (n + 1) followed by each blob's CRC-32 (n). */
function blobSection(blobs: Uint8Array[], crc32: Crc32): { data: Uint8Array; index: Uint8Array } {
  const { data, offsets } = endToEnd(blobs);
  return { data, index: packU32([...offsets, ...blobs.map((b) => crc32(b))]) };
}

const utf8Encoder = new TextEncoder();
const utf8 = (s: string): Uint8Array => utf8Encoder.encode(s);

function packU32(values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setUint32(i * 4, v, true));
  return out;
}

function packFiling(f: PhraseFiling): StoredFiling {
  return { keys: packU32(f.keys), starts: packU32(f.starts), order: packU32(f.order) };
}

/**
 * The gaps as stored (snapshot.ts StoredGaps): keys end to end with UTF-16 offsets, each set its own UTF-8 range; and
 * the notes, one per line, for the gap_notes section.
 */
function packGaps(gaps: readonly Gap[]): { stored: StoredGaps; notes: Uint8Array } {
  const { keys, sets, notes } = gapLines(gaps);
  const joined = joinStrings(keys);
  const { data, offsets } = endToEnd(sets.map(utf8));
  return {
    stored: { keys: utf8(joined.text), key_starts: packU32(joined.starts), sets: data, set_starts: packU32(offsets) },
    notes: utf8(notes.join('\n')),
  };
}

export function encodeSnapshot(input: SnapshotInput): Uint8Array {
  const tools = input.catalog.tools;
  const texts = tools.map(toolText);
  const docOf = new Map(tools.map((t, doc) => [t.canonical_path, doc]));
  // Sorted by key in code point order: the loader searches them by binary search (SortedIdentities).
  const identities = tools.flatMap((t, doc) => identityKeys(t).map((k): [string, number] => [k, doc]))
    .sort((a, b) => byCodePoint(a[0], b[0]));
  const gaps = packGaps(input.gaps ?? []);
  const meta: StoredMeta = {
    products: utf8(JSON.stringify(input.catalog.products)),
    product_ids: input.catalog.products.map((p) => p.id),
    fields: [...input.fields],
    columns: Object.fromEntries(STRING_COLUMNS.map((c) => [c, utf8(tools.map((t) => t[c]).join('\n'))])) as StoredMeta['columns'],
    enums: Object.fromEntries(ENUM_COLUMNS.map((c) => {
      const values = [...new Set(tools.map((t) => t[c]))].sort(byCodePoint);
      if (values.length > 256) throw new Error(`column ${c} has more than 256 values`);
      return [c, { values, codes: Uint8Array.from(tools, (t) => values.indexOf(t[c])) }];
    })) as StoredMeta['enums'],
    aliases: utf8(tools.map((t) => t.aliases.join('\t')).join('\n')),
    executable: Uint8Array.from(tools, (t) => (runs(t) ? 1 : 0)),
    calls: Uint8Array.from(tools, (t) => Math.min(executionCalls(t) ?? NO_CALLS, NO_CALLS)),
    ...(({ text, starts }) => ({ identity_keys: utf8(text), identity_starts: packU32(starts) }))(joinStrings(identities.map(([k]) => k))),
    identity_docs: packU32(identities.map(([, doc]) => doc)),
    ...(({ withCalls, wrapsOnly }) => ({
      twin: packU32(tools.map((t) => docOf.get(withCalls.get(t.canonical_path)!)!)),
      wrap_twin: packU32(tools.map((t) => docOf.get(wrapsOnly.get(t.canonical_path)!)!)),
    }))({ withCalls: twinGroups(tools), wrapsOnly: twinGroups(tools, false) }),
    actions: packU32(tools.map((t) => toolActionMask(t.name, t.cli_path, input.lexicon, Object.keys(t.parameters)))),
    lexicon: utf8(JSON.stringify(input.lexicon)),
    gaps: gaps.stored,
    productLexicon: utf8(JSON.stringify(input.productLexicon)),
    lexicon_filing: packFiling(fileLexicon(input.lexicon)),
    product_filing: packFiling(fileLexicon(input.productLexicon)),
  };
  const avoidPairs = tools.flatMap((t, doc) => avoidPhrases(t).map((phrase): [number, string] => [doc, phrase]));
  // Filed by rarest unit pair (src/lexicon/actions.ts filePhrases), so a search looks buckets up instead of filing.
  const filing = filePhrases(avoidPairs.map(([, p]) => p));
  const filed = filing.order.map((i) => avoidPairs[i]);
  // Byte offsets into the UTF-8 phrases: a search decodes only the phrases its buckets offer.
  const { data: phrases, offsets: starts } = endToEnd(filed.map(([, p]) => utf8(p)));
  const avoid: StoredAvoid = {
    docs: filed.map(([doc]) => doc),
    starts,
    keys: [...filing.keys],
    buckets: [...filing.starts],
    crcs: filing.keys.map((_, j) => input.crc32(phrases.subarray(starts[filing.starts[j]], starts[filing.starts[j + 1]]))),
  };
  const text = blobSection(texts.map((t) => packr.pack(t)), input.crc32);
  const specs = blobSection(tools.map((t) => packr.pack(t)), input.crc32);
  const validators = blobSection(tools.map((_, doc) => utf8(input.validators?.[doc] ?? '')), input.crc32);
  const sections: Record<SectionName, Uint8Array> = {
    meta: packr.pack(meta),
    text_index: text.index,
    text: text.data,
    avoid: packU32(avoidWords(avoid)),
    avoid_phrases: phrases,
    gap_notes: gaps.notes,
    query_lexicon: input.queryLexicon ?? EMPTY_QUERY_LEXICON,
    index_chunks: indexChunks(input.index, input.crc32),
    index: input.index,
    specs_index: specs.index,
    specs: specs.data,
    validators_index: validators.index,
    validators: validators.data,
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
  const headerBytes = utf8(JSON.stringify(header));
  const base = align8(16 + headerBytes.length);
  const out = new Uint8Array(base + offset);
  out.set(utf8(SNAPSHOT_MAGIC), 0);
  out[7] = SNAPSHOT_FORMAT_VERSION;
  const view = new DataView(out.buffer);
  view.setUint32(8, headerBytes.length, true);
  view.setUint32(12, input.crc32(headerBytes), true);
  out.set(headerBytes, 16);
  for (const name of SECTION_NAMES) out.set(sections[name], base + layout[name].offset);
  return out;
}

