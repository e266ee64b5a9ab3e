// The pure half of the drive folder commands: the paged remote walk over any tree and page size, the comparison
// classes, the --if-exists rules, the keep-both name and the segment rule, as properties (fast-check).
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  diffTrees, keptName, listPage, millis, pullAction, pushAction, safeSegment, verdict, walkRemote,
  type LocalFile, type RemoteFile, type WalkBounds,
} from '../../src/local/drive-tree.js';
import { byCodePoint } from '../../src/text/order.js';
import { DwsError } from '../../src/errors.js';

const BIG: WalkBounds = { maxDepth: 64, maxItems: 10_000, maxPages: 10_000 };

/** A random drive tree: folder id -> entries (names unique per folder), files with ids f<n>, folders d<n>. */
interface Tree {
  folders: Record<string, { type: string; name: string; fileId: string }[]>;
  files: string[];
}

const treeArb: fc.Arbitrary<Tree> = fc.array(fc.tuple(fc.nat(6), fc.constantFrom('FILE', 'FOLDER', 'DOC'), fc.stringMatching(/^[a-z]{1,3}$/)), { maxLength: 40 }).map((spec) => {
  const t: Tree = { folders: { root: [] }, files: [] };
  const paths: Record<string, string> = { root: '' };
  const ids = ['root'];
  spec.forEach(([parentPick, type, name], n) => {
    const parent = ids[parentPick % ids.length];
    if (t.folders[parent].some((e) => e.name === name)) return;
    const id = type === 'FOLDER' ? `d${n}` : `f${n}`;
    t.folders[parent].push({ type, name, fileId: id });
    const rel = paths[parent] === '' ? name : `${paths[parent]}/${name}`;
    if (type === 'FOLDER') {
      t.folders[id] = [];
      paths[id] = rel;
      ids.push(id);
    } else if (type === 'FILE') t.files.push(rel);
  });
  return t;
});

function lister(t: Tree, pageSize: number, seen: string[]) {
  return async (args: Record<string, unknown>) => {
    seen.push(`${String(args.parentId)}@${String(args.nextToken ?? 0)}`);
    const all = t.folders[String(args.parentId)];
    const from = args.nextToken === undefined ? 0 : Number(args.nextToken);
    const end = from + pageSize;
    return { result: { items: all.slice(from, end), ...(end < all.length ? { nextToken: String(end), hasMore: true } : {}) } };
  };
}

describe('walkRemote', () => {
  it('finds exactly the FILE entries of any tree at their paths, whatever the page size, one call per page of each folder', async () => {
    await fc.assert(fc.asyncProperty(treeArb, fc.integer({ min: 1, max: 5 }), async (t, pageSize) => {
      const seen: string[] = [];
      const tree = await walkRemote(lister(t, pageSize, seen), 'root', undefined, BIG);
      expect([...tree.files.keys()].sort(byCodePoint)).toEqual([...t.files].sort(byCodePoint));
      const pages = Object.values(t.folders).reduce((n, entries) => n + Math.max(1, Math.ceil(entries.length / pageSize)), 0);
      expect(seen).toHaveLength(pages);
      for (const [rel, id] of tree.folders) if (rel !== '') expect(id).toMatch(/^d/);
    }));
  });

  it('stops at maxPages list calls and at maxItems entries with invalid_parameter', async () => {
    const endless = async (args: Record<string, unknown>) => ({ result: { items: [], nextToken: `${String(args.nextToken ?? '')}+` } });
    const calls: number[] = [];
    await expect(walkRemote(async (a, page) => (calls.push(page), endless(a)), 'root', undefined, { ...BIG, maxPages: 7 })).rejects.toMatchObject({ reason: 'invalid_parameter' });
    expect(calls).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const wide = async () => ({ result: { items: Array.from({ length: 12 }, (_, i) => ({ type: 'FILE', name: `n${i}`, fileId: `f${i}` })) } });
    await expect(walkRemote(wide, 'root', undefined, { ...BIG, maxItems: 11 })).rejects.toMatchObject({ reason: 'invalid_parameter' });
  });

  it('refuses two entries at one path and an entry without an id (backend_error)', async () => {
    const twice = async () => ({ result: [{ type: 'FILE', name: 'a', fileId: 'f1' }, { type: 'FOLDER', name: 'a', fileId: 'd1' }] });
    await expect(walkRemote(twice, 'root', undefined, BIG)).rejects.toMatchObject({ reason: 'backend_error' });
    const noId = async () => ({ result: [{ type: 'FILE', name: 'a' }] });
    await expect(walkRemote(noId, 'root', undefined, BIG)).rejects.toMatchObject({ reason: 'backend_error' });
  });
});

describe('listPage', () => {
  // h36-a4: as parseDriveList (helpers/drive_status.go:291-362@c7521c1c): only under result; a bare list or an object
  // without result is refused (before: read)
  it('reads {items, nextToken} or a list under result; refuses no result, entries without a type, a mistyped nextToken or hasMore', () => {
    expect(listPage({ result: { items: [{ type: 'FILE' }], nextToken: 'n' } })).toEqual({ items: [{ type: 'FILE' }], next: 'n' });
    expect(listPage({ result: [{ type: 'FOLDER' }] })).toEqual({ items: [{ type: 'FOLDER' }] });
    expect(listPage({ result: { items: [], nextToken: '' } })).toEqual({ items: [] });
    for (const bad of [{ result: { items: [{ name: 'x' }] } }, { result: {} }, 'text', { result: { items: [null] } }, [{ type: 'FOLDER' }],
      { items: [], nextToken: '' }, { result: { items: [], nextToken: 1 } }, { result: { items: [], hasMore: 'true' } }, { result: { items: [{ type: '\u3000' }] } }]) {
      expect(() => listPage(bad), JSON.stringify(bad)).toThrow(DwsError);
    }
  });
});

const localArb = fc.dictionary(fc.stringMatching(/^[a-c]{1,2}$/), fc.integer({ min: 1, max: 5 }));
const remoteArb = fc.dictionary(fc.stringMatching(/^[a-c]{1,2}$/), fc.record({ t: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }), h: fc.option(fc.constantFrom('x', 'y'), { nil: undefined }) }));

describe('diffTrees', () => {
  it('puts every path in exactly one sorted class and hashes only files on both sides that the drive gives an MD5 for', async () => {
    await fc.assert(fc.asyncProperty(localArb, remoteArb, fc.boolean(), async (l, r, quick) => {
      const local = new Map(Object.entries(l).map(([rel, t]): [string, LocalFile] => [rel, { rel, size: 1, mtime: t }]));
      const remote = new Map(Object.entries(r).map(([rel, v]): [string, RemoteFile] => [rel, { rel, id: rel, ...(v.t ? { mtime: v.t } : {}), ...(v.h ? { md5: v.h } : {}) }]));
      const hashed: string[] = [];
      const d = await diffTrees(local, remote, quick, async (rel) => (hashed.push(rel), rel.length % 2 ? 'x' : 'y'));
      const all = [...new Set([...local.keys(), ...remote.keys()])].sort(byCodePoint);
      const classes = [d.new_local, d.new_remote, d.modified, d.unchanged, d.unknown];
      expect(classes.flat().sort(byCodePoint)).toEqual(all);
      for (const c of classes) expect(c).toEqual([...c].sort(byCodePoint));
      expect(d.new_local).toEqual([...local.keys()].filter((k) => !remote.has(k)).sort(byCodePoint));
      expect(d.new_remote).toEqual([...remote.keys()].filter((k) => !local.has(k)).sort(byCodePoint));
      expect(hashed.sort(byCodePoint)).toEqual(quick ? [] : [...local.keys()].filter((k) => remote.get(k)?.md5).sort(byCodePoint));
      if (quick) expect(d.unknown).toEqual([]);
    }));
  });

  it('verdict: quick is equality of times (a missing drive time is modified); exact is unknown without a drive MD5', () => {
    fc.assert(fc.property(fc.integer(), fc.option(fc.integer(), { nil: undefined }), fc.option(fc.string(), { nil: undefined }), fc.string(), (lt, rt, rh, lh) => {
      const remote: RemoteFile = { rel: 'a', id: 'f', ...(rt !== undefined ? { mtime: rt } : {}), ...(rh ? { md5: rh } : {}) };
      expect(verdict(true, { mtime: lt }, remote)).toBe(rt === lt ? 'unchanged' : 'modified');
      expect(verdict(false, { mtime: lt, md5: lh }, remote)).toBe(!rh ? 'unknown' : lh === rh ? 'unchanged' : 'modified');
    }));
  });
});

describe('the --if-exists rules', () => {
  const times = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined }));
  /** A local file of time lt and its drive copy of time rt (none: the drive gave no time). */
  const pair = (lt: number, rt: number | undefined): { l: LocalFile; r: RemoteFile } =>
    ({ l: { rel: 'a', size: 1, mtime: lt }, r: { rel: 'a', id: 'f', ...(rt !== undefined ? { mtime: rt } : {}) } });
  it('pull: a missing local file is always downloaded; skip keeps, overwrite replaces, smart downloads only a strictly newer drive copy', () => {
    fc.assert(fc.property(times, ([lt, rt]) => {
      const { l, r } = pair(lt, rt);
      for (const rule of ['skip', 'smart', 'overwrite'] as const) expect(pullAction(rule, undefined, r)).toBe('download');
      expect(pullAction('skip', l, r)).toBe('skip');
      expect(pullAction('overwrite', l, r)).toBe('download');
      expect(pullAction('smart', l, r)).toBe(rt !== undefined && lt >= rt ? 'skip' : 'download');
    }));
  });

  it('push: a missing drive file is uploaded; skip keeps, overwrite replaces, smart replaces only for a strictly newer local copy', () => {
    fc.assert(fc.property(times, ([lt, rt]) => {
      const { l, r } = pair(lt, rt);
      for (const rule of ['skip', 'smart', 'overwrite'] as const) expect(pushAction(rule, l, undefined)).toBe('upload');
      expect(pushAction('skip', l, r)).toBe('skip');
      expect(pushAction('overwrite', l, r)).toBe('overwrite');
      expect(pushAction('smart', l, r)).toBe(rt !== undefined && rt >= lt ? 'skip' : 'overwrite');
    }));
  });
});

describe('names', () => {
  it('a safe segment joined to a folder is always a direct child of it', () => {
    fc.assert(fc.property(fc.string(), (name) => {
      if (!safeSegment(name)) return;
      expect(path.dirname(path.join('/root/work', name))).toBe('/root/work');
      expect(path.basename(path.join('/root/work', name))).toBe(name);
    }));
    for (const bad of ['', '.', '..', 'a/b', 'a\\b', 'x\u0000', 'tab\there', 'del\u007f']) expect(safeSegment(bad), JSON.stringify(bad)).toBe(false);
  });

  it('the keep-both name stays in the file\'s folder, keeps its extension, differs from it and from every other n', () => {
    fc.assert(fc.property(fc.stringMatching(/^([a-z]{1,3}\/){0,2}[a-z.]{1,6}$/), fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), (rel, id) => {
      const names = [0, 1, 2].map((n) => keptName(rel, id, n));
      expect(new Set([rel, ...names]).size).toBe(4);
      for (const k of names) {
        expect(path.posix.dirname(k)).toBe(path.posix.dirname(rel));
        expect(k).toContain(`.conflict-${id.slice(-8)}`);
      }
    }));
    expect(keptName('docs/report.v2.pdf', 'abcdefghijkl', 0)).toBe('docs/report.v2.conflict-efghijkl.pdf');
    expect(keptName('.env', 'f1', 1)).toBe('.conflict-f1.1.env');
  });

  it('millis reads positive numbers, digits and RFC 3339 times, nothing else', () => {
    expect([millis(1700000000123.9), millis('1700000000123'), millis('2023-11-14T22:13:20Z'), millis(0), millis('-5'), millis('yesterday'), millis(null)])
      .toEqual([1700000000123, 1700000000123, 1700000000000, undefined, undefined, undefined, undefined]);
  });
});
