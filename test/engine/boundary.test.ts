// The constants the core and the host share are written once, in assembly/boundary.ts: the checked-in TypeScript copy
// is what the generator makes of it, the generator takes nothing but constants, and the compiled core behaves by them.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BOUNDARY_OUTPUT, BOUNDARY_SOURCE, boundaryModule } from '../../scripts/lib/boundary-gen.mjs';
import * as B from '../../src/core/generated/boundary.js';
import { instantiateCore, writeInput, type CoreExports } from '../../src/core/core.js';
import { buildIndexImage } from '../../src/build/index-image.js';
import { FIELDS } from '../../src/build/fields.js';
import { DEFAULT_RANKING, weightVector } from '../../src/engine/ranking.js';
import { LIMITS } from '../../src/engine/request.js';
import { realCatalog, ROOT } from '../helpers.js';

const source = readFileSync(path.join(ROOT, BOUNDARY_SOURCE), 'utf8');

describe('boundary constants', () => {
  it('the checked-in TypeScript copy is what assembly/boundary.ts generates, and holds every constant of it', () => {
    const generated = readFileSync(path.join(ROOT, BOUNDARY_OUTPUT), 'utf8');
    expect(generated).toBe(boundaryModule(source));
    expect(generated.split('\n')[0]).toMatch(/^\/\/ GENERATED .* do not edit\.$/);
    const names = [...source.matchAll(/^export const ([A-Z0-9_]+): i32 =/gm)].map((m) => m[1]);
    expect(names.length).toBeGreaterThan(10);
    expect(Object.keys(B).sort()).toEqual([...names].sort());
    expect(B.INPUT_CAP).toBe(1 << 20);
  });

  it('the generator refuses anything but integer constants of literals and earlier names', () => {
    const ok = '// header\n\n/** A. */\nexport const A: i32 = 1 << 3;\nexport const B: i32 = A + 1;\n';
    expect(boundaryModule(ok)).toContain('export const B = 9; // A + 1');
    for (const bad of [
      'export const A: i32 = B;\n', // not defined above
      'export const A: i32 = 1;\nexport const A: i32 = 2;\n', // twice
      'export const A: i32 = 1 / 2;\n', // not an integer expression
      'export const A: i32 = 2147483648;\n', // not an i32
      'export const A: f64 = 1;\n',
      'export let A: i32 = 1;\n',
      'const A: i32 = 1;\n',
      'export function a(): i32 { return 1; }\n',
      'export const A: i32 = 1;\n// a comment that is not the header\n',
      '/** open\nexport const A: i32 = 1;\n',
      '// header only\n',
    ]) expect(() => boundaryModule(bad), bad).toThrow(/boundary\.ts/);
  });

  it('the host stays within the core\'s limits', () => {
    expect(FIELDS.length).toBeLessThanOrEqual(B.MAX_FIELDS);
    expect(LIMITS.maxCandidateLimit).toBeLessThanOrEqual(B.MAX_RESULTS);
    expect(LIMITS.maxRequestBytes).toBeLessThanOrEqual(B.INPUT_CAP);
  });

  describe('the compiled core', () => {
    let built: { core: CoreExports; image: Uint8Array } | undefined;
    const shipped = () => {
      if (!built) {
        const core = instantiateCore();
        const image = buildIndexImage(realCatalog(), core);
        core.setParams(DEFAULT_RANKING.k1, DEFAULT_RANKING.b, 0.5, DEFAULT_RANKING.unigramCoverage, 0);
        built = { core, image };
      }
      return built;
    };
    const search = (c: CoreExports, query: string, k: number, mask?: (m: Uint8Array) => void, algorithm: number = B.ALGORITHM_BM25, explain = 0) => {
      const n = c.docCount();
      const view = new Uint8Array(c.memory.buffer, c.maskPtr(), n).fill(B.MASK_ELIGIBLE);
      mask?.(view);
      new Float64Array(c.memory.buffer, c.weightsPtr(), FIELDS.length).set(weightVector(DEFAULT_RANKING));
      new Float64Array(c.memory.buffer, c.multPtr(), n).fill(1);
      const count = c.search(writeInput(c, query), k, algorithm, explain, 1);
      const out = new DataView(c.memory.buffer, c.outPtr(), Math.max(0, count) * c.outStride());
      return Array.from({ length: Math.max(0, count) }, (_, r) => {
        const at = r * c.outStride();
        return {
          doc: out.getUint32(at + B.RECORD_DOC, true),
          bits: out.getUint32(at + B.RECORD_FIELD_BITS, true),
          score: out.getFloat64(at + B.RECORD_SCORE, true),
          raw: out.getFloat64(at + B.RECORD_RAW, true),
          mass: out.getFloat64(at + B.RECORD_MASS, true),
          contributions: FIELDS.map((_, f) => out.getFloat64(at + B.RECORD_CONTRIBUTIONS + 8 * f, true)),
        };
      });
    };
    const BROAD = '消息 日程 文件 审批 表格 待办 群 会议 文档 通讯录 the a to of';

    it('has the buffer size, the record stride and the result cap of the constants', () => {
      const { core } = shipped();
      expect(core.inputCap()).toBe(B.INPUT_CAP);
      expect(core.fieldCount()).toBe(FIELDS.length);
      expect(core.outStride()).toBe(B.RECORD_CONTRIBUTIONS + 8 * core.fieldCount());
      expect(search(core, BROAD, B.MAX_RESULTS + 50)).toHaveLength(B.MAX_RESULTS);
    });

    it('writes each record field at its offset, and reads the mask bytes as the constants say', () => {
      const { core } = shipped();
      const recs = search(core, BROAD, 20);
      expect(recs).toHaveLength(20);
      for (const r of recs) {
        expect(r.doc).toBeLessThan(core.docCount());
        expect(r.bits).toBeGreaterThan(0);
        expect(r.bits).toBeLessThan(2 ** FIELDS.length);
        expect(r.mass).toBeGreaterThan(0);
        // Coverage off, multipliers 1, nothing demoted: the score is the raw score rounded to 1e-9.
        expect(r.score).toBe(Math.floor(r.raw * 1e9 + 0.5) / 1e9);
        expect(r.contributions.every((c) => c === 0)).toBe(true); // explain off
      }
      const first = recs[0];
      const demoted = search(core, BROAD, 200, (m) => { m[first.doc] = B.MASK_DEMOTED; }).find((r) => r.doc === first.doc)!;
      expect(demoted.score).toBe(Math.floor(first.raw * 0.5 * 1e9 + 0.5) / 1e9);
      expect(search(core, BROAD, 200, (m) => { m[first.doc] = B.MASK_FILTERED; }).some((r) => r.doc === first.doc)).toBe(false);
      // One English term: every record matched all of the query's mass; explain fills exactly the matched fields.
      const one = search(core, 'message', 20, undefined, B.ALGORITHM_BM25, 1);
      expect(one.length).toBeGreaterThan(5);
      for (const r of one) {
        expect(r.mass).toBe(core.knownMass());
        expect(r.contributions.map((c) => c > 0)).toEqual(FIELDS.map((_, f) => ((r.bits >>> f) & 1) === 1));
      }
      const tfidf = search(core, BROAD, 20, undefined, B.ALGORITHM_TFIDF);
      expect(tfidf).toHaveLength(20);
      expect(tfidf.map((r) => r.raw)).not.toEqual(recs.map((r) => r.raw));
    });

    it('accepts the chunk shifts from MIN_CHUNK_SHIFT to MAX_CHUNK_SHIFT, and answers NEED_CHUNKS until chunks come', () => {
      const { image } = shipped();
      const head = new DataView(image.buffer, image.byteOffset).getUint32(44, true); // offPostings (assembly/index.ts)
      const attach = (shift: number) => {
        const c = instantiateCore();
        new Uint8Array(c.memory.buffer, c.indexReserve(image.length), head).set(image.subarray(0, head));
        return { c, rc: c.indexAttach(image.length, head, shift) };
      };
      expect(attach(B.MIN_CHUNK_SHIFT - 1).rc).toBe(-10);
      expect(attach(B.MAX_CHUNK_SHIFT + 1).rc).toBe(-10);
      expect(attach(B.MAX_CHUNK_SHIFT).rc).toBe(0);
      const { c, rc } = attach(B.MIN_CHUNK_SHIFT);
      expect(rc).toBe(0);
      c.setParams(DEFAULT_RANKING.k1, DEFAULT_RANKING.b, 0.5, DEFAULT_RANKING.unigramCoverage, 0);
      expect(c.search(writeInput(c, BROAD), 10, B.ALGORITHM_BM25, 0, 1)).toBe(B.NEED_CHUNKS);
      expect(c.neededCount()).toBeGreaterThan(0);
    });
  });
});
