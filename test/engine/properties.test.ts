// Property tests (fast-check): any request either answers within the byte budget or fails with a typed reason;
// top-k is a prefix of top-(k+1); snapshots round-trip; flipping any byte of a snapshot is detected.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DwsError } from '../../src/errors.js';
import { decodeSnapshot } from '../../src/catalog/snapshot.js';
import { coreSha256, Engine } from '../../src/engine/engine.js';
import { instantiateCore } from '../../src/engine/core.js';
import { nodeSha256, readSnapshot } from '../../src/index.js';
import { shippedEngine } from '../helpers.js';

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
      expect(b.slice(0, a.length)).toEqual(a);
    }), { numRuns: 200 });
  });
});

describe('snapshot properties', () => {
  const bytes = readSnapshot();
  const expect_ = { tokenizerVersion: instantiateCore().tokenizerVersion(), wasmSha256: coreSha256() };

  it('decodes to the catalog it was built from (round trip)', () => {
    const { header, body } = decodeSnapshot(bytes, expect_, nodeSha256);
    const e = shippedEngine();
    expect(header.source_hash).toBe(e.header.source_hash);
    expect(body.refs.map((r) => r.canonical_path)).toEqual(e.tools().map((t) => t.canonical_path));
  });

  it('detects any flipped byte as corrupt or incompatible, never loading it', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: bytes.length - 1 }), fc.integer({ min: 1, max: 255 }), (pos, xor) => {
      const copy = Uint8Array.from(bytes);
      copy[pos] ^= xor;
      try {
        new Engine(copy, { sha256: nodeSha256 });
      } catch (err) {
        expect(err).toBeInstanceOf(DwsError);
        expect(['snapshot_corrupt', 'snapshot_incompatible']).toContain((err as DwsError).reason);
        expect((err as DwsError).exitCode).toBe(5);
        return;
      }
      throw new Error(`flipping byte ${pos} went undetected`);
    }), { numRuns: 150 });
  });

  it('detects a flip in every region: header, checksum, body start and body end', () => {
    for (const pos of [0, 1, 5, 20, 60, 120, 200, bytes.length >> 1, bytes.length - 1]) {
      const copy = Uint8Array.from(bytes);
      copy[pos] ^= 0x55;
      expect(() => new Engine(copy, { sha256: nodeSha256 }), `byte ${pos}`).toThrow(DwsError);
    }
  });
});
