// StringList (sorted key lists stored as one string with offsets) and the meta section's structural checks: a meta
// section whose CRC is right but whose lists, codes or filings do not fit together is snapshot_corrupt, never used.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { Unpackr } from 'msgpackr/unpack';
import { crc32 } from 'node:zlib';
import { joinStrings, StringList } from '../../src/catalog/string-list.js';
import { byCodePoint, lowerBoundBy } from '../../src/text/order.js';
import { SECTION_NAMES, type SnapshotHeader, type StoredMeta } from '../../src/snapshot/decode.js';
import { Engine } from '../../src/engine/engine.js';
import { queryActionMask, queryProducts } from '../../src/lexicon/actions.js';
import { DwsError } from '../../src/errors.js';
import { readSnapshot } from '../../src/index.js';
import { inspect } from '../../src/schema/browse.js';

const list = (values: string[]) => {
  const { text, starts } = joinStrings(values);
  return new StringList(text, Uint32Array.from(starts));
};

describe('StringList', () => {
  it('gives back every string it was built from, and nothing past the end (property)', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 40 }), (values) => {
      const l = list(values);
      expect(l.length).toBe(values.length);
      expect(Array.from({ length: values.length }, (_, i) => l.at(i))).toEqual(values);
      expect(l.at(values.length)).toBeUndefined();
      expect(l.at(-1)).toBeUndefined();
    }));
  });

  it('compares and prefix-tests entries in place exactly as strings do (property)', () => {
    fc.assert(fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 20 }), fc.string(), (values, probe) => {
      const l = list(values);
      values.forEach((v, i) => {
        expect(Math.sign(l.compareAt(i, probe))).toBe(v < probe ? -1 : v > probe ? 1 : 0);
        expect(l.startsWithAt(i, probe)).toBe(v.startsWith(probe));
        for (let k = -1; k <= v.length; k++) expect(l.unitAt(i, k)).toBe(k >= 0 && k < v.length ? v.charCodeAt(k) : -1);
      });
    }));
  });

  it('is searched like the array it stands for (property)', () => {
    fc.assert(fc.property(fc.array(fc.string(), { maxLength: 30 }), fc.string(), (values, probe) => {
      const sorted = [...values].sort(byCodePoint);
      const l = list(sorted);
      expect(lowerBoundBy(l.length, (i) => l.compareAt(i, probe))).toBe(sorted.filter((x) => byCodePoint(x, probe) < 0).length);
    }));
  });

  it('reads the lines of a text as split would, and finds entries as indexOf would (property)', () => {
    const line = fc.string({ unit: 'grapheme' }).map((x) => x.replace(/\n/gu, ''));
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), line, (values, probe) => {
      const l = StringList.lines(values.join('\n'));
      expect(Array.from({ length: l.length }, (_, i) => l.at(i))).toEqual(values);
      expect(l.indexOf(probe)).toBe(values.indexOf(probe));
      for (const v of values) expect(l.indexOf(v)).toBe(values.indexOf(v));
    }));
    expect(StringList.lines('').length).toBe(1);
    expect(new StringList('a\nb', Uint32Array.of(0, 2, 4), 1).at(1)).toBe('b');
    expect(() => new StringList('a\nb', Uint32Array.of(0, 0, 4), 1)).toThrow(/backwards/u);
  });

  it('rejects offsets that do not cut its text', () => {
    expect(() => new StringList('abc', Uint32Array.of(0, 2))).toThrow(/cover/u);
    expect(() => new StringList('abc', Uint32Array.of(1, 3))).toThrow(/cover/u);
    expect(() => new StringList('abc', Uint32Array.of(0, 2, 1, 3))).toThrow(/backwards/u);
    expect(() => new StringList('', new Uint32Array(0))).toThrow(/cover/u);
    expect(new StringList('', Uint32Array.of(0)).length).toBe(0);
  });
});

// ---- a snapshot with its meta section replaced (checksums recomputed, so only the structure is wrong) ----
const unpackr = new Unpackr({ useRecords: false, moreTypes: false, mapsAsObjects: true });
const packr = new Packr({ useRecords: false, moreTypes: false, mapsAsObjects: true, variableMapSize: true });
const align8 = (n: number) => (n + 7) & ~7;
const bytes = readSnapshot();
const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true);
const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headerLength))) as SnapshotHeader;
const base = align8(16 + headerLength);
const section = (name: (typeof SECTION_NAMES)[number]) =>
  bytes.subarray(base + header.sections[name].offset, base + header.sections[name].offset + header.sections[name].length);

function withMeta(change: (meta: StoredMeta) => void): Uint8Array {
  // A copy (Buffer#slice would be a view): msgpack bins are views of their input, and the changes must not reach bytes.
  const meta = unpackr.unpack(new Uint8Array(section('meta'))) as StoredMeta;
  change(meta);
  const sections = Object.fromEntries(SECTION_NAMES.map((n) => [n, n === 'meta' ? packr.pack(meta) : section(n)])) as Record<string, Uint8Array>;
  const layout = {} as SnapshotHeader['sections'];
  let offset = 0;
  for (const n of SECTION_NAMES) {
    layout[n] = { offset, length: sections[n].length, crc32: crc32(sections[n]) >>> 0 };
    offset = align8(offset + sections[n].length);
  }
  const headerBytes = new TextEncoder().encode(JSON.stringify({ ...header, sections: layout }));
  const b = align8(16 + headerBytes.length);
  const out = new Uint8Array(b + offset);
  out.set(bytes.subarray(0, 8), 0);
  new DataView(out.buffer).setUint32(8, headerBytes.length, true);
  new DataView(out.buffer).setUint32(12, crc32(headerBytes) >>> 0, true);
  out.set(headerBytes, 16);
  for (const n of SECTION_NAMES) out.set(sections[n], b + layout[n].offset);
  return out;
}

const u32 = (values: number[]) => new Uint8Array(Uint32Array.from(values).buffer);
const QUERY = { query: '撤回刚发的群消息 then remove the whiteboard', limit: 5 };

function outcome(snapshot: Uint8Array): string {
  try {
    return new Engine(snapshot).search(QUERY);
  } catch (err) {
    if (err instanceof DwsError) return err.reason;
    throw err;
  }
}

describe('the meta section as stored', () => {
  it('re-encoded unchanged, answers exactly as the shipped snapshot', () => {
    expect(outcome(withMeta(() => {}))).toBe(new Engine(bytes).search(QUERY));
  });

  const damage: [string, (m: StoredMeta) => void][] = [
    ['a value code out of range', (m) => { m.enums.effect.codes[7] = m.enums.effect.values.length; }],
    ['a coded column of the wrong length', (m) => { m.enums.risk.codes = m.enums.risk.codes.subarray(1); }],
    ['a column left out', (m) => { delete (m as Partial<StoredMeta>).calls; }],
    ['identity offsets that do not cover the keys', (m) => { m.identity_starts = m.identity_starts.subarray(0, m.identity_starts.length - 4); }],
    ['a lexicon word filed under a key it does not contain', (m) => {
      const order = new Uint32Array(new Uint8Array(m.lexicon_filing.order).buffer);
      [order[0], order[order.length - 1]] = [order[order.length - 1], order[0]];
      m.lexicon_filing.order = new Uint8Array(order.buffer);
    }],
    ['a product filing for another lexicon', (m) => { m.product_filing = m.lexicon_filing; }],
    ['gap set offsets going backwards', (m) => { m.gaps!.set_starts = u32([0, 5, 3, m.gaps!.sets.length]); m.gaps!.key_starts = u32([0, 1, 2, 3]); }],
    ['gap key offsets that do not cover the keys', (m) => {
      const starts = new Uint32Array(new Uint8Array(m.gaps!.key_starts).buffer);
      starts[starts.length - 1] += 1;
      m.gaps!.key_starts = new Uint8Array(starts.buffer);
    }],
  ];
  for (const [what, change] of damage) {
    it(`with ${what} is snapshot_corrupt`, () => {
      expect(outcome(withMeta(change))).toBe('snapshot_corrupt');
    });
  }

  it('decodes the products only when they are read, and refuses products that do not match their ids then', () => {
    const enc = new TextEncoder();
    const swapped = withMeta((m) => {
      const list = JSON.parse(new TextDecoder().decode(m.products)) as { id: string }[];
      [list[0], list[1]] = [list[1], list[0]];
      m.products = enc.encode(JSON.stringify(list));
    });
    // A search needs the ids only, so it answers; the first read of the products (an Inspect) fails closed.
    expect(outcome(swapped)).toBe(new Engine(bytes).search(QUERY));
    expect(() => inspect(new Engine(swapped))).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    expect(outcome(withMeta((m) => { m.products = enc.encode('[{"id": '); }))).toBe(new Engine(bytes).search(QUERY));
    expect(() => new Engine(withMeta((m) => { m.products = enc.encode('[{"id": '); })).products).toThrow(expect.objectContaining({ reason: 'snapshot_corrupt' }));
    // The lexicons are read by every search.
    expect(outcome(withMeta((m) => { m.lexicon = enc.encode('{"classes": '); }))).toBe('snapshot_corrupt');
    expect(outcome(withMeta((m) => { m.product_ids = [1, 2] as unknown as string[]; }))).toBe('snapshot_corrupt');
  });

  it('lexicon filings stored at build find the same classes and products as filings made at first use (property)', () => {
    const meta = new Engine(bytes).meta;
    const fresh = { lexicon: structuredClone(meta.lexicon), products: structuredClone(meta.productLexicon) };
    const words = [...meta.lexicon.zh.flat(), ...meta.lexicon.en.flat(), ...meta.productLexicon.zh.flat(), ...meta.productLexicon.en.flat()];
    fc.assert(fc.property(fc.array(fc.constantFrom(...words, ' ', '帮我', 'the ', 'x'), { maxLength: 6 }), (parts) => {
      const text = parts.join('');
      expect(queryActionMask(text, meta.lexicon, 2)).toBe(queryActionMask(text, fresh.lexicon, 2));
      expect(queryProducts(text, meta.productLexicon)).toEqual(queryProducts(text, fresh.products));
    }), { numRuns: 300 });
  });
});
