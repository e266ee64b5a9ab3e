// Property tests (fast-check): any request either answers within the byte budget or fails with a typed reason;
// top-k is a prefix of top-(k+1); snapshots round-trip; flipping any byte of a snapshot is detected.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DwsError } from '../../src/errors.js';
import { Engine } from '../../src/engine/engine.js';
import { snapshotFromCatalog } from '../../src/snapshot/write.js';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEngine, readSnapshot } from '../../src/index.js';
import { coreCrc32, instantiateCore } from '../../src/core/core.js';
import { realCatalog, shippedEngine } from '../helpers.js';
import { inspect } from '../../src/schema/browse.js';
import { SNAPSHOT_FORMAT_VERSION } from '../../src/snapshot/decode.js';

const words = ['消息', '群', '撤回', '发送', 'message', 'group', 'send', 'todo', '待办', '文件', 'file', '钉盘', 'chat.recall_message',
  'calendar', '日程', '审批', 'approval', 'sheet', '表格', '多维表', 'record', '删除', 'delete', 'x', '', ' ', '\u200b', '𠀀'];
const query = fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((w) => w.join(' '));
const anyText = fc.oneof(query, fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }));
const request = fc.record({
  version: fc.oneof(fc.constant('tool-search.v1'), fc.constant(undefined), fc.string({ maxLength: 5 })),
  query: fc.oneof(anyText, fc.integer(), fc.constant(undefined)),
  subqueries: fc.option(fc.array(fc.oneof(query, fc.string({ maxLength: 40 })), { maxLength: 10 }), { nil: undefined }),
  limit: fc.option(fc.oneof(fc.integer({ min: -3, max: 25 }), fc.double()), { nil: undefined }),
  candidate_limit: fc.option(fc.integer({ min: -3, max: 110 }), { nil: undefined }),
  product_ids: fc.option(fc.array(fc.constantFrom('chat', 'todo', 'drive', 'nope', ' chat '), { maxLength: 3 }), { nil: undefined }),
  effects: fc.option(fc.array(fc.constantFrom('read', 'WRITE', 'destructive', 'bad'), { maxLength: 3 }), { nil: undefined }),
  exclude_canonical: fc.option(fc.array(fc.constantFrom('chat.recall_message', 'x'), { maxLength: 2 }), { nil: undefined }),
}, { requiredKeys: [] });

describe('search properties', () => {
  it('answers within 8,192 bytes or throws a typed DwsError', () => {
    const e = shippedEngine();
    fc.assert(fc.property(request, fc.boolean(), (req, explain) => {
      const json = JSON.stringify(req);
      let out: string;
      try {
        out = e.search(json, { explain });
      } catch (err) {
        expect(err).toBeInstanceOf(DwsError);
        expect((err as DwsError).exitCode).toBe(3);
        return;
      }
      expect(Buffer.byteLength(out) + 1).toBeLessThanOrEqual(8192);
      const r = JSON.parse(out);
      expect(r.version).toBe('tool-search.v1');
      expect(Array.isArray(r.candidates)).toBe(true);
    }), { numRuns: 400 });
  });

  it('top-k is a prefix of top-(k+1)', () => {
    const e = shippedEngine();
    fc.assert(fc.property(query.filter((q) => q.trim().length > 0 && !q.includes('\u200b')), fc.integer({ min: 0, max: 19 }), (q, k) => {
      const a = JSON.parse(e.search({ query: q, limit: k, candidate_limit: 100 })).candidates.map((c: { canonical_path: string }) => c.canonical_path);
      const b = JSON.parse(e.search({ query: q, limit: k + 1, candidate_limit: 100 })).candidates.map((c: { canonical_path: string }) => c.canonical_path);
      // Both are prefixes of one ranking (the byte budget may cut either one shorter).
      const n = Math.min(a.length, b.length);
      expect(b.slice(0, n)).toEqual(a.slice(0, n));
      expect(a.length).toBeLessThanOrEqual(k);
    }), { numRuns: 200 });
  });
});

describe('the core CRC-32', () => {
  it('equals zlib crc32 on any bytes, in any chunking', () => {
    const core = instantiateCore();
    fc.assert(fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => {
      expect(coreCrc32(core, bytes)).toBe(zlibCrc32(bytes) >>> 0);
    }), { numRuns: 300 });
    const big = Uint8Array.from({ length: (1 << 20) * 2 + 13 }, (_, i) => (i * 2654435761) >>> 24);
    expect(coreCrc32(core, big)).toBe(zlibCrc32(big) >>> 0);
  });
});

describe('snapshot properties', () => {
  const bytes = readSnapshot();
  const load = (b: Uint8Array) => new Engine(b);
  const headerEnd = () => 16 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
  const sectionBase = () => (headerEnd() + 7) & ~7;
  /**
   * Loads and touches every section: search (meta, text, avoid, the buckets of avoid_phrases it offers, index), every
   * ToolSpec (specs), and verify() for the rest of avoid_phrases (a search reads only the buckets its query offers).
   */
  const useFully = (b: Uint8Array) => {
    const e = load(b);
    e.search({ query: '撤回消息 recall message', limit: 20 });
    for (let doc = 0; doc < e.toolCount; doc++) e.text(doc);
    e.verify();
    return e.tools();
  };

  it('round-trips: the snapshot decodes to exactly the catalog it was built from', () => {
    const catalog = realCatalog();
    expect(load(snapshotFromCatalog(catalog)).tools()).toEqual(catalog.tools);
  });

  it('is reproducible: building twice gives the same bytes', () => {
    const catalog = realCatalog();
    expect(Buffer.from(snapshotFromCatalog(catalog)).equals(Buffer.from(snapshotFromCatalog(catalog)))).toBe(true);
  });

  it('detects any flipped byte as corrupt or incompatible when the section is read, never answering from it', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: bytes.length - 1 }), fc.integer({ min: 1, max: 255 }), (pos, xor) => {
      const copy = Uint8Array.from(bytes);
      copy[pos] ^= xor;
      try {
        useFully(copy);
      } catch (err) {
        expect(err).toBeInstanceOf(DwsError);
        expect(['snapshot_corrupt', 'snapshot_incompatible']).toContain((err as DwsError).reason);
        expect((err as DwsError).exitCode).toBe(5);
        return;
      }
      // Only the alignment padding between sections carries no information.
      const base = sectionBase();
      const inSection = Object.values(load(bytes).header.sections).some((s) => pos >= base + s.offset && pos < base + s.offset + s.length);
      expect(inSection || pos < headerEnd()).toBe(false);
    }), { numRuns: 60 });
  });

  it('detects a flip in the magic, the header and every section', () => {
    const header = load(bytes).header;
    const base = sectionBase();
    const positions = [0, 3, 8, 12, 16, 40, ...Object.values(header.sections).flatMap((s) => [base + s.offset, base + s.offset + s.length - 1])];
    for (const pos of positions) {
      const copy = Uint8Array.from(bytes);
      copy[pos] ^= 0x55;
      expect(() => useFully(copy), `byte ${pos}`).toThrow(DwsError);
    }
  });

  it('checks each avoid bucket a search reads against its own CRC, and answers from none it did not check', () => {
    const e0 = load(bytes);
    const query = { query: '发消息 把这条消息转发给产品群', limit: 5 };
    const answer = e0.search(query);
    const { starts, buckets } = (e0 as unknown as { snapshot: { avoidIndex(n: number): { starts: Uint32Array; buckets: Uint32Array } } }).snapshot.avoidIndex(e0.toolCount);
    const phrasesAt = sectionBase() + e0.header.sections.avoid_phrases.offset;
    // Which buckets the query reads: flip one byte per bucket and see which flips the search notices.
    let noticed = 0;
    for (let j = 0; j < buckets.length - 1; j += 97) {
      const copy = Uint8Array.from(bytes);
      copy[phrasesAt + starts[buckets[j]]] ^= 0x20;
      let result: string;
      try {
        result = load(copy).search(query);
      } catch (err) {
        expect((err as DwsError).reason).toBe('snapshot_corrupt');
        noticed++;
        continue;
      }
      expect(result).toBe(answer); // an unread bucket changes nothing
      expect(() => load(copy).verify()).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    }
    // A bucket the query does read (its key, a unit or a pair of units, occurs in the query) is checked when read.
    const copy = Uint8Array.from(bytes);
    const keys = (e0 as unknown as { snapshot: { avoidIndex(n: number): { keys: Uint32Array } } }).snapshot.avoidIndex(e0.toolCount).keys;
    const text = (k: number) => (k < 0x10000 ? String.fromCharCode(k) : String.fromCharCode(k >>> 16, k & 0xffff));
    const j = Array.from(keys).findIndex((k) => query.query.includes(text(k)));
    expect(j).toBeGreaterThanOrEqual(0);
    copy[phrasesAt + starts[buckets[j]]] ^= 0x20;
    expect(() => load(copy).search(query)).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    expect(noticed).toBeLessThan(Math.ceil((buckets.length - 1) / 97));
  });

  it('reads the gap notes only for a query that says a known gap, and checks them then', () => {
    const s = load(bytes).header.sections.gap_notes;
    const copy = Uint8Array.from(bytes);
    copy[sectionBase() + s.offset + (s.length >> 1)] ^= 0x20;
    const plain = { query: '撤回消息', limit: 5 };
    expect(load(copy).search(plain)).toBe(load(bytes).search(plain));
    const gap = { query: '帮我催一下这个审批的审批人', limit: 5 };
    expect(JSON.parse(load(bytes).search(gap)).hint).toMatch(/^Known gap/u);
    expect(() => load(copy).search(gap)).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
  });

  it('reads the index postings chunk by chunk: only the chunks a query needs, each checked against its own CRC', () => {
    const e0 = load(bytes);
    const chunks = (e0 as unknown as { snapshot: { indexChunks(): { head: number; shift: number; length: number; crcs: Uint32Array } } }).snapshot.indexChunks();
    const count = chunks.crcs.length - 1;
    expect(count).toBeGreaterThan(100);
    const indexAt = sectionBase() + e0.header.sections.index.offset;
    const chunkAt = (c: number) => indexAt + chunks.head + c * 2 ** chunks.shift;
    const query = { query: '撤回消息 recall message', limit: 5 };
    const answer = e0.search(query);
    // Which chunks the query reads: flip a byte in each chunk and see which flips the search notices.
    let noticed = 0;
    const tried = count;
    for (let c = 0; c < count; c++) {
      const copy = Uint8Array.from(bytes);
      copy[chunkAt(c) + 5] ^= 0x41;
      let result: string;
      try {
        result = load(copy).search(query);
      } catch (err) {
        expect((err as DwsError).reason).toBe('snapshot_corrupt');
        expect((err as DwsError).message).toContain(`index chunk ${c} `);
        noticed++;
        continue;
      }
      expect(result).toBe(answer); // an unread chunk changes nothing
      if (c % 16 === 0) expect(() => load(copy).verify()).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    }
    expect(noticed).toBeGreaterThan(0);
    expect(noticed).toBeLessThan(tried / 2);
    // The head (dictionary) is checked by every search.
    const head = Uint8Array.from(bytes);
    head[indexAt + (chunks.head >> 1)] ^= 0x41;
    expect(() => load(head).search({ query: 'todo', limit: 3 })).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    // A first TF-IDF search reads every chunk (its document norms come from all postings).
    const last = Uint8Array.from(bytes);
    last[chunkAt(count - 1)] ^= 0x41;
    expect(load(last).search({ query: 'todo', limit: 3 })).toBe(e0.search({ query: 'todo', limit: 3 }));
    expect(() => new Engine(last, { algorithm: 'fielded_tfidf_cosine' }).search({ query: 'todo', limit: 3 })).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
  });

  it('answers from chunks read on demand exactly as from the whole image, in any query order, for both algorithms', () => {
    const words = ['发消息', '撤回', '日程', '审批', 'upload', 'file', 'sheet', '表格', 'todo', '待办', '群', 'recall', '会议室', 'mail', '知识库', 'robot'];
    const query = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }).map((w) => ({ query: w.join(' '), limit: 8 }));
    for (const algorithm of ['fielded_bm25_ensemble', 'fielded_tfidf_cosine']) {
      const whole = new Engine(bytes, { algorithm });
      void whole.wasm; // every chunk in place before the first search
      fc.assert(fc.property(fc.array(query, { minLength: 1, maxLength: 6 }), (queries) => {
        const lazy = new Engine(bytes, { algorithm });
        for (const q of queries) expect(lazy.search(q, { explain: true })).toBe(whole.search(q, { explain: true }));
      }), { numRuns: 25 });
    }
  });

  it('verify() finds damage in a section a search never reads, which the engine otherwise meets only on use', () => {
    const header = load(bytes).header;
    for (const name of ['specs', 'text', 'specs_index', 'text_index'] as const) {
      const s = header.sections[name];
      const copy = Uint8Array.from(bytes);
      copy[sectionBase() + s.offset + (s.length >> 1)] ^= 0x40;
      const e = load(copy);
      expect(() => e.verify(), name).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    }
    expect(() => load(bytes).verify()).not.toThrow();
  });

  it('checks sections the same with zlib\'s CRC-32 (loadEngine default) and the core\'s (checksum: core)', () => {
    const header = load(bytes).header;
    const run = (b: Uint8Array, checksum: 'native' | 'core') => {
      try {
        const e = loadEngine({ snapshot: b, checksum, deferIndex: true });
        return [e.search({ query: '撤回消息 recall message', limit: 5 }), inspect(e, 'chat.recall_message', { compact: true })];
      } catch (err) {
        return (err as DwsError).reason;
      }
    };
    expect(run(bytes, 'core')).toEqual(run(bytes, 'native'));
    for (const name of ['meta', 'avoid', 'index', 'text_index', 'specs_index'] as const) {
      const copy = Uint8Array.from(bytes);
      copy[sectionBase() + header.sections[name].offset + 5] ^= 0x21;
      expect(run(copy, 'core'), name).toBe('snapshot_corrupt');
      expect(run(copy, 'native'), name).toBe('snapshot_corrupt');
    }
  });

  it('reads a snapshot file by ranges the same whether it is opened per read or kept open, and a kept-open file is the one it opened', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dws-src-'));
    try {
      const file = path.join(dir, 'snapshot.bin');
      writeFileSync(file, bytes);
      const query = { query: '撤回消息 recall message', limit: 5 };
      const expected = load(bytes).search(query);
      const perRead = loadEngine({ snapshot: file, deferIndex: true });
      const kept = loadEngine({ snapshot: file, deferIndex: true, keepOpen: true });
      expect(perRead.search(query)).toBe(expected);
      expect(kept.search(query)).toBe(expected);
      // Replaced by another file (an atomic rename, as a build writes): the kept-open source still reads the old one;
      // a source that opens per read meets the new bytes, here a damaged copy, and fails closed.
      const damaged = Uint8Array.from(bytes);
      for (const s of Object.values(load(bytes).header.sections)) damaged[sectionBase() + s.offset + (s.length >> 1)] ^= 0x10;
      writeFileSync(path.join(dir, 'next.bin'), damaged);
      renameSync(path.join(dir, 'next.bin'), file);
      const other = { query: '创建日程 明天下午开会', limit: 5 };
      expect(kept.search(other)).toBe(load(bytes).search(other));
      expect(inspect(kept, 'chat.recall_message', { compact: true })).toBe(inspect(load(bytes), 'chat.recall_message', { compact: true }));
      expect(() => inspect(perRead, 'todo.create_personal_todo', { compact: true })).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tells an incompatible snapshot (another format version) from a corrupt one', () => {
    const copy = Uint8Array.from(bytes);
    copy[7] = 1;
    expect(() => load(copy)).toThrow(expect.objectContaining({ reason: 'snapshot_incompatible' }));
    // A snapshot of format 14 (twin groups of `wraps` alone) is incompatible, not corrupt.
    expect(SNAPSHOT_FORMAT_VERSION).toBe(15);
    copy[7] = 14;
    expect(() => load(copy)).toThrow(expect.objectContaining({ reason: 'snapshot_incompatible', message: expect.stringContaining('format version 14, this dws reads 15') }));
    expect(() => load(bytes.subarray(0, 10))).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    expect(() => load(new TextEncoder().encode('not a snapshot at all'))).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
  });
});
