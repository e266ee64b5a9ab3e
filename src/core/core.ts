// The one place the WASM core is instantiated, and the typed list of everything it exports. The module imports
// only env.abort; scratch buffers are exported as pointers and the host keeps typed-array views over them.
import { CORE_TOKENIZER_VERSION, CORE_WASM_BASE64, CORE_WASM_LENGTH, CORE_WASM_SHA256, readCoreWasm } from './generated/core-wasm.js';
import { DwsError } from '../errors.js';

/** sha256 of the embedded core (computed at build; snapshots record the core they were indexed with). */
export const coreSha256 = (): string => CORE_WASM_SHA256;

/** The embedded core's tokenizerVersion(), recorded at build so a snapshot header is checked without compiling it. */
export const coreTokenizerVersion = (): number => CORE_TOKENIZER_VERSION;

export interface CoreExports {
  memory: WebAssembly.Memory;
  tokenizerVersion(): number;
  inputPtr(): number;
  inputCap(): number;
  weightsPtr(): number;
  maskPtr(): number;
  multPtr(): number;
  outPtr(): number;
  outStride(): number;
  docCount(): number;
  fieldCount(): number;
  knownTerms(): number;
  unknownTerms(): number;
  knownMass(): number;
  unknownMass(): number;
  setParams(k1: number, b: number, demote: number, hanUnigram: number, coverageExp: number): void;
  /** 1 (default): the query's counted words are read (assembly/query.ts); 0: they are not. */
  setCountedWords(on: number): void;
  tokenizeInput(len: number): number;
  /** tokenizeInput for the next search's query: that search takes these tokens (the host writes the same bytes again). */
  tokenizeQuery(len: number): number;
  tokenBytesPtr(): number;
  tokenStartsPtr(): number;
  /** u8 per token of the last tokenize: its counted-word mark (assembly/tokenizer.ts MARK_*). */
  tokenMarksPtr(): number;
  indexBuildReset(docs: number, fields: number): void;
  indexBuildAdd(doc: number, field: number, len: number): number;
  indexBuildFinish(): number;
  imagePtr(): number;
  imageLength(): number;
  indexReserve(len: number): number;
  /** chunkShift 0: the whole image was copied; else its first headLen bytes, and postings chunks follow (chunkLoaded). */
  indexAttach(len: number, headLen: number, chunkShift: number): number;
  /** The chunk numbers (u32, neededCount of them) the last search that returned NEED_CHUNKS, or listAllMissing, listed. */
  neededPtr(): number;
  neededCount(): number;
  listAllMissing(): number;
  chunkLoaded(chunk: number): void;
  /**
   * explain != 0 fills the per-field contributions of each record (else zeros; the field bit set is always there).
   * multMax: an upper bound of the multipliers written to multPtr (Infinity when unknown); it only speeds the top k up.
   */
  search(qlen: number, k: number, algorithm: number, explain: number, multMax: number): number;
  /** Bytes of expansion entries written after the query for the next search (writeExpansion; 0 = none). */
  setExpansion(len: number): void;
  /** Room for a compiled query-term lexicon of len bytes (src/lexicon/query-terms.ts compileQueryTerms); its address. */
  lexiconReserve(len: number): number;
  /** Checks and files the lexicon copied to lexiconReserve's address against the attached index: 0, or a negative code. */
  lexiconAttach(len: number): number;
  /** The next search adds the lexicon's terms of its query's words, at score x and mass x their precision (0: none). */
  queryTermsNext(score: number, mass: number): void;
  /** Term id of len bytes of the input in the attached index, or -1. */
  termIdOf(len: number): number;
  /** Drops every BM25 impact list (they are recomputed on next use; benchmarks time the first-use cost). */
  clearImpactLists(): void;
  crc32Update(crc: number, ptr: number, len: number): number;
}

/** The numbers the core and the host agree on (NEED_CHUNKS, the result record's offsets, ...), generated from assembly/boundary.ts. */
export * from './generated/boundary.js';

let coreBytes: Uint8Array | undefined;
let coreModule: WebAssembly.Module | undefined;

function decodeBase64(b64: string): Uint8Array {
  const g = globalThis as { Buffer?: { from(s: string, e: string): Uint8Array } };
  if (g.Buffer) return new Uint8Array(g.Buffer.from(b64, 'base64'));
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** "sha256:<hex>" of bytes read from a file (Node only: the hot CLI bundle is the one that reads the core from disk). */
function fileSha256(bytes: Uint8Array): string {
  return 'sha256:' + process.getBuiltinModule('node:crypto').createHash('sha256').update(bytes).digest('hex');
}

/** The core module's bytes (the same bytes in Node and in the browser): embedded, or read from dist/core.wasm. */
export function wasmBytes(): Uint8Array {
  if (!coreBytes) {
    // Embedded, or (the hot CLI bundle) in dist/core.wasm beside it, written by the same build.
    let bytes: Uint8Array;
    try {
      bytes = CORE_WASM_BASE64 !== undefined ? decodeBase64(CORE_WASM_BASE64) : readCoreWasm!();
    } catch (e) {
      throw new DwsError('core_corrupt', `the wasm core of this dws cannot be read (${(e as Error).message})`, 'run `npm run build` or reinstall dws');
    }
    // A file beside the bundle can be damaged or replaced after the build: its sha256 must be the one recorded (and
    // the one every snapshot header names). The embedded bytes travel inside the module that records their sha256.
    if (bytes.length !== CORE_WASM_LENGTH || (CORE_WASM_BASE64 === undefined && fileSha256(bytes) !== CORE_WASM_SHA256)) {
      throw new DwsError('core_corrupt', 'the wasm core of this dws (dist/core.wasm) is not the one it was built with', 'run `npm run build` or reinstall dws');
    }
    coreBytes = bytes;
  }
  return coreBytes;
}

/** A fresh core instance: each has its own memory, so a rebuilt index never shares state with a loaded one. */
export function instantiateCore(): CoreExports {
  coreModule ??= new WebAssembly.Module(wasmBytes() as BufferSource);
  const instance = new WebAssembly.Instance(coreModule, {
    env: {
      abort(_msg: number, _file: number, line: number, col: number): never {
        throw new Error(`wasm core aborted at ${line}:${col}`);
      },
    },
  });
  const core = instance.exports as unknown as CoreExports;
  if (core.tokenizerVersion() !== CORE_TOKENIZER_VERSION) throw new Error('the embedded core does not match its recorded tokenizer version; run `npm run build`');
  return core;
}

const encoder = new TextEncoder();

/** Writes a string as UTF-8 into the core's input buffer; returns the byte length. */
export function writeInput(core: CoreExports, text: string): number {
  const cap = core.inputCap();
  const view = new Uint8Array(core.memory.buffer, core.inputPtr(), cap);
  const { read, written } = encoder.encodeInto(text, view);
  if (read !== text.length) throw new Error(`text of ${text.length} chars does not fit the ${cap}-byte core input buffer`);
  return written;
}

/**
 * One expansion entry as the core reads it after the query (assembly/query.ts): {u8 byte length, the term's UTF-8
 * bytes, f64 score weight, f64 coverage-mass weight}; undefined for a term longer than 255 bytes.
 */
export function expansionEntry(term: string, score: number, mass: number): Uint8Array | undefined {
  const b = encoder.encode(term);
  if (b.length > 255) return undefined;
  const e = new Uint8Array(1 + b.length + 16);
  e[0] = b.length;
  e.set(b, 1);
  const view = new DataView(e.buffer);
  view.setFloat64(1 + b.length, score, true);
  view.setFloat64(1 + b.length + 8, mass, true);
  return e;
}

/** Writes expansion entries (expansionEntry) after the qlen bytes of the query in the input buffer; their byte length. */
export function writeExpansion(core: CoreExports, qlen: number, entries: readonly Uint8Array[]): number {
  const cap = core.inputCap();
  const bytes = new Uint8Array(core.memory.buffer, core.inputPtr(), cap);
  let at = qlen;
  for (const e of entries) {
    if (at + e.length > cap) break;
    bytes.set(e, at);
    at += e.length;
  }
  return at - qlen;
}

/**
 * CRC-32 (the zlib polynomial) of any bytes, computed by the core in chunks of at most 64 KiB through the input
 * buffer: a cold process then touches 16 of its pages, not one per 4 KiB of the section (each first touch is a
 * page fault, tens of microseconds on a small VM).
 */
export function coreCrc32(core: CoreExports, bytes: Uint8Array): number {
  const cap = Math.min(core.inputCap(), 1 << 16);
  let crc = 0;
  for (let at = 0; at < bytes.length; at += cap) {
    const chunk = bytes.subarray(at, Math.min(bytes.length, at + cap));
    new Uint8Array(core.memory.buffer, core.inputPtr(), chunk.length).set(chunk);
    crc = core.crc32Update(crc, core.inputPtr(), chunk.length);
  }
  return crc >>> 0;
}

const decoder = new TextDecoder();

/** Tokenizes text with the core tokenizer (used by tests, explain and the golden searchable-text file). */
export function tokenize(core: CoreExports, text: string): string[] {
  const n = core.tokenizeInput(writeInput(core, text));
  const mem = core.memory.buffer;
  const starts = new Uint32Array(mem, core.tokenStartsPtr(), n + 1);
  const bytes = new Uint8Array(mem, core.tokenBytesPtr(), starts[n]);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(decoder.decode(bytes.subarray(starts[i], starts[i + 1])));
  return out;
}

/** A token's counted-word mark (assembly/tokenizer.ts): none, a counted character, a bigram starting on a counter. */
export const TOKEN_MARKS = ['none', 'counted', 'counter_pair'] as const;
export type TokenMark = (typeof TOKEN_MARKS)[number];

/** Tokenizes text with the core tokenizer, each token with its counted-word mark (tests and the benchmark's scorer port). */
export function tokenizeMarked(core: CoreExports, text: string): { token: string; mark: TokenMark }[] {
  const tokens = tokenize(core, text);
  const marks = new Uint8Array(core.memory.buffer, core.tokenMarksPtr(), tokens.length);
  return tokens.map((token, i) => ({ token, mark: TOKEN_MARKS[marks[i]] }));
}
