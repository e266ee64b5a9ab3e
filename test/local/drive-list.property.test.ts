// Properties of drive list's filters and walk (src/local/drive-list.ts, drive-tree.ts walkFolders): the --start/--end
// time reader, the --pattern matcher (Go's filepath.Match) and the breadth-first walk order over random trees.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goPathMatch, listTimeMs, nameMatches } from '../../src/local/drive-list.js';
import { walkFolders, type Folder } from '../../src/local/drive-tree.js';

const NOW = Date.UTC(2026, 2, 10, 2, 0, 0);
const UNIT = { h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

describe('the --start/--end reader', () => {
  it('reads <n>h, <n>d and <n>w as n hours, days or weeks before now (a + sign allowed)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000 }), fc.constantFrom('h', 'd', 'w'), fc.boolean(), (n, u, plus) => {
      expect(listTimeMs(`${plus ? '+' : ''}${n}${u}`, NOW)).toBe(NOW - n * UNIT[u as keyof typeof UNIT]);
    }));
  });

  it('refuses a zero or negative count, a minutes unit and bare epoch numbers', () => {
    fc.assert(fc.property(fc.integer({ min: -1000, max: 0 }), fc.constantFrom('h', 'd', 'w'), (n, u) => {
      expect(listTimeMs(`${n}${u}`, NOW)).toBeUndefined();
    }));
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), (n) => {
      expect(listTimeMs(`${n}m`, NOW)).toBeUndefined();
    }));
    fc.assert(fc.property(fc.integer({ min: 1_000_000_000, max: 1_999_999_999 }).map((s) => s * 1000 + 123), (ms) => {
      expect(listTimeMs(String(ms), NOW)).toBeUndefined();
    }));
  });

  it('reads an RFC 3339 time at its own offset, and the same wall time without a zone at +08:00 (Shanghai, after 1991)', () => {
    fc.assert(fc.property(fc.integer({ min: Date.UTC(1992, 0, 1) / 1000, max: Date.UTC(2099, 11, 31) / 1000 }), fc.integer({ min: -12 * 60, max: 14 * 60 }), (sec, offMin) => {
      const ms = sec * 1000;
      const wall = new Date(ms + offMin * 60_000);
      const text = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
      const zone = offMin === 0 ? 'Z' : `${offMin < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offMin) / 60))}:${pad(Math.abs(offMin) % 60)}`;
      expect(listTimeMs(text + zone, NOW)).toBe(ms);
      const shanghai = ms + offMin * 60_000 - 8 * 3_600_000;
      expect(listTimeMs(text, NOW)).toBe(shanghai);
      expect(listTimeMs(text.replace('T', ' '), NOW)).toBe(shanghai);
      expect(listTimeMs(text.slice(0, 10), NOW)).toBe(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate()) - 8 * 3_600_000);
    }));
  });
});

const nameChar = fc.constantFrom('a', 'b', 'Z', '.', '-', '_', ' ', '报', '日', '1', '😀');
const name = fc.array(nameChar, { maxLength: 8 }).map((a) => a.join(''));

describe('the --pattern matcher', () => {
  it('a literal pattern matches only the same name; without a wildcard, any name containing it', () => {
    fc.assert(fc.property(name, name, (p, n) => {
      expect(goPathMatch(p, n)).toBe(p === n);
      expect(nameMatches(n, p)).toBe(p === '' || n.includes(p));
    }));
  });

  it('`*x` matches a name ending in x, `x*` one starting with it, `?` exactly one character (names without /)', () => {
    fc.assert(fc.property(name, name, (x, n) => {
      expect(goPathMatch(`*${x}`, n)).toBe(n.endsWith(x));
      expect(goPathMatch(`${x}*`, n)).toBe(n.startsWith(x));
      expect(goPathMatch('?'.repeat([...n].length), n)).toBe(true);
      expect(goPathMatch('?'.repeat([...n].length + 1), n)).toBe(false);
    }));
  });

  it('a character class matches its members and, negated, the rest; `*` and `?` never match a /', () => {
    fc.assert(fc.property(fc.constantFrom('a', 'b', 'c', 'x', 'y', '1'), (c) => {
      expect(goPathMatch('[a-c]', c)).toBe('abc'.includes(c));
      expect(goPathMatch('[^a-c]', c)).toBe(!'abc'.includes(c));
    }));
    expect([goPathMatch('*', 'a/b'), goPathMatch('a?b', 'a/b'), goPathMatch('a*', 'a/b')]).toEqual([false, false, false]);
  });

  it('a malformed pattern is no match but a substring test, as upstream falls back', () => {
    fc.assert(fc.property(name, name, (a, b) => {
      const bad = `${a}[${b}`;
      expect(goPathMatch(bad, a + b)).toBeUndefined();
      expect(nameMatches(`x${bad}y`, bad)).toBe(true);
    }));
    expect([goPathMatch('[]', 'a'), goPathMatch('a\\', 'a'), goPathMatch('[a-]', 'a'), goPathMatch('*[', 'zz')]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

/** A random tree: folder ids 'f<i>', each folder's children among later ids (so no cycles), with files. */
const treeArb = fc.array(fc.record({ parent: fc.nat(), files: fc.nat({ max: 3 }) }), { minLength: 1, maxLength: 12 }).map((spec) => {
  const children: Record<string, Record<string, unknown>[]> = { f0: [] };
  spec.forEach((s, i) => {
    const id = `f${i + 1}`;
    children[id] = [];
    children[`f${s.parent % (i + 1)}`].push({ type: 'FOLDER', name: `d${i + 1}`, fileId: id });
  });
  spec.forEach((s, i) => {
    for (let k = 0; k < s.files; k++) children[`f${i}`]?.push({ type: 'FILE', name: `n${i}-${k}`, fileId: `x${i}-${k}` });
  });
  return children;
});

describe('the breadth-first walk', () => {
  it('lists each folder once, every page in turn, level by level in the order met, and none below the depth', async () => {
    await fc.assert(fc.asyncProperty(treeArb, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 5 }), async (tree, per, depth) => {
      const sent: Record<string, unknown>[] = [];
      const list = async (args: Record<string, unknown>) => {
        sent.push(args);
        const all = tree[String(args.parentId)] ?? [];
        const at = typeof args.nextToken === 'string' ? Number(args.nextToken) : 0;
        return { items: all.slice(at, at + per), ...(at + per < all.length ? { nextToken: String(at + per) } : {}) };
      };
      const read = (a: unknown) => a as { items: Record<string, unknown>[]; next?: string };
      await walkFolders(list, { id: 'f0', rel: '', depth: 0, name: '' }, {
        order: 'breadth', base: {},
        read: (a) => ({ items: read(a).items, ...((a as { nextToken?: string }).nextToken ? { next: (a as { nextToken: string }).nextToken } : {}) }),
        entry: (item, at): Folder | undefined => (item.type === 'FOLDER' && at.depth + 1 < depth ? { id: String(item.fileId), rel: '', depth: at.depth + 1, name: '' } : undefined),
      });
      // the expected order: a queue of folders, each folder's pages in turn
      const expected: Record<string, unknown>[] = [];
      const queue: [string, number][] = [['f0', 0]];
      while (queue.length) {
        const [id, d] = queue.shift()!;
        const all = tree[id];
        for (let at = 0; at === 0 || at < all.length; at += per) {
          expected.push({ maxResults: 50, parentId: id, ...(at ? { nextToken: String(at) } : {}) });
          for (const e of all.slice(at, at + per)) if (e.type === 'FOLDER' && d + 1 < depth) queue.push([String(e.fileId), d + 1]);
        }
      }
      expect(sent).toEqual(expected);
    }));
  });
});
