// `dws drive list` with --depth, --pattern, --latest, --type, --start and --end, run as a user types it against the
// recording MCP backend on 127.0.0.1: a canned drive tree served page by page (cursors "<folder>:<offset>"), folders
// that fail or answer the rate-limit code, and the run's real journal. Upstream: internal/helpers/drive.go:401-582,
// drive_depth.go, drive_list_filter.go, drive_latest.go@c7521c1c.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { recordingEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
let journal: string;
/** Drive folders by id ('' the space root): their entries, `pageSize` per page. */
let folders: Record<string, Record<string, unknown>[]>;
let pageSize: number;
/** Answers a folder's listing gives instead of its page, each used once, keyed by "<folder>" or "<folder>:<offset>". */
let faults: Record<string, unknown[]>;

beforeEach(() => {
  journal = path.join(mkdtempSync(path.join(tmpdir(), 'dws-drive-list-')), 'journal.jsonl');
  folders = {};
  pageSize = 50;
  faults = {};
  mcp.answers = {
    'drive/list_files': (args) => {
      const id = typeof args.parentId === 'string' ? args.parentId : '';
      const offset = typeof args.nextToken === 'string' ? Number(args.nextToken.split(':')[1]) : 0;
      for (const key of [`${id}:${offset}`, id]) {
        const fault = faults[key]?.shift();
        if (fault !== undefined) return fault;
      }
      const all = folders[id] ?? [];
      const end = offset + pageSize;
      return { result: { items: all.slice(offset, end), ...(end < all.length ? { nextToken: `${id}:${end}`, hasMore: true } : { hasMore: false }) } };
    },
  };
});

const NOW = Date.now();
const HOUR = 3_600_000;
const file = (id: string, name: string, modifiedTime: number | string = NOW - HOUR) => ({ type: 'FILE', name, fileId: id, modifiedTime });
const folder = (id: string, name: string, modifiedTime: number | string = NOW - HOUR) => ({ type: 'FOLDER', name, fileId: id, modifiedTime });

/**
 * root: A/ (a1/ (deep/ (z.txt), y.txt), x.pdf), B/ (b.docx), top.pdf, notes.txt — three levels of folders.
 * Times: top.pdf 1 h ago, notes.txt 10 days ago, x.pdf 2 h ago, b.docx 3 days ago, y.txt 30 min ago.
 */
function tree(): void {
  folders.root = [folder('fA', 'A'), folder('fB', 'B'), file('top', 'top.pdf', NOW - HOUR), file('notes', 'notes.txt', NOW - 240 * HOUR)];
  folders.fA = [folder('fa1', 'a1'), file('x', 'x.pdf', NOW - 2 * HOUR)];
  folders.fB = [file('b', 'b.docx', NOW - 72 * HOUR)];
  folders.fa1 = [folder('fdeep', 'deep'), file('y', 'y.txt', NOW - HOUR / 2)];
  folders.fdeep = [file('z', 'z.txt', NOW - 5 * HOUR)];
}

const env = () => ({ ...recordingEnv(mcp.urlTemplate, 'tok-drive'), DWS_JOURNAL: journal });

async function run(argv: string[]): Promise<{ out?: unknown; reason?: string; message?: string; exit?: number; printed: string }> {
  const { out, error } = await dispatchInProcess(['drive', 'list', ...argv], env());
  if (error) return { reason: error.reason, message: error.message, exit: error.exitCode, printed: out };
  return { out: (JSON.parse(out) as { result: unknown }).result, printed: out };
}
/** The list_files calls sent, as "<parentId>[ <nextToken>]". */
const listed = () => mcp.calls.filter((c) => c.name === 'list_files').map((c) => `${String(c.arguments.parentId ?? '<root>')}${c.arguments.nextToken ? ' ' + String(c.arguments.nextToken) : ''}`);
const paths = (out: unknown) => (out as { items: { rel_path?: string; name: string }[] }).items.map((i) => i.rel_path ?? i.name);

describe('drive list --depth walks the folder tree breadth-first', () => {
  it('lists two levels: the root, then each folder of the first level, never the second level\'s folders', async () => {
    tree();
    const { out } = await run(['--folder', 'root', '--depth', '2']);
    expect(listed()).toEqual(['root', 'fA', 'fB']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([
      { maxResults: 50, parentId: 'root' }, { maxResults: 50, parentId: 'fA' }, { maxResults: 50, parentId: 'fB' },
    ]);
    expect(out).toEqual({
      items: [
        { ...folder('fA', 'A'), depth: 1, parentId: 'root', rel_path: 'A' },
        { ...folder('fa1', 'a1'), depth: 2, parentId: 'fA', rel_path: 'A/a1' },
        { ...file('x', 'x.pdf', NOW - 2 * HOUR), depth: 2, parentId: 'fA', rel_path: 'A/x.pdf' },
        { ...folder('fB', 'B'), depth: 1, parentId: 'root', rel_path: 'B' },
        { ...file('b', 'b.docx', NOW - 72 * HOUR), depth: 2, parentId: 'fB', rel_path: 'B/b.docx' },
        { ...file('notes', 'notes.txt', NOW - 240 * HOUR), depth: 1, parentId: 'root', rel_path: 'notes.txt' },
        { ...file('top', 'top.pdf', NOW - HOUR), depth: 1, parentId: 'root', rel_path: 'top.pdf' },
      ],
      maxDepth: 2, truncated: false, errors: [],
    });
  });

  it('lists three levels level by level, and each folder\'s pages one after another with their tokens', async () => {
    tree();
    pageSize = 1;
    const { out } = await run(['--folder', 'root', '--depth', '3', '--space-id', '268']);
    expect(listed()).toEqual(['root', 'root root:1', 'root root:2', 'root root:3', 'fA', 'fA fA:1', 'fB', 'fa1', 'fa1 fa1:1']);
    expect(mcp.calls[1].arguments).toEqual({ maxResults: 50, spaceId: '268', parentId: 'root', nextToken: 'root:1' });
    expect(paths(out)).toEqual(['A', 'A/a1', 'A/a1/deep', 'A/a1/y.txt', 'A/x.pdf', 'B', 'B/b.docx', 'notes.txt', 'top.pdf']);
    expect(out).toMatchObject({ maxDepth: 3, truncated: false, errors: [] });
  });

  it('starts at the space root when no --folder is given (no parentId), and carries the sort and thumbnail flags on every page', async () => {
    folders[''] = [folder('fA', 'A')];
    folders.fA = [file('x', 'x.pdf')];
    await run(['--depth', '2', '--order-by', 'name', '--order', 'asc', '--thumbnail']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([
      { maxResults: 50, orderBy: 'name', order: 'asc', withThumbnail: true },
      { maxResults: 50, orderBy: 'name', order: 'asc', withThumbnail: true, parentId: 'fA' },
    ]);
  });

  it('journals every page of the walk as a read of drive list, numbered in the order sent', async () => {
    tree();
    pageSize = 2;
    await run(['--folder', 'root', '--depth', '2']);
    const records = readFileSync(journal, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { rpc: string; outcome: string; page?: number; step: number; canonical_path: string });
    expect(records.filter((r) => r.outcome === 'sent').map((r) => [r.canonical_path, r.rpc, r.step, r.page])).toEqual([
      ['drive.list_files', 'list_files', 0, 0], ['drive.list_files', 'list_files', 0, 1], ['drive.list_files', 'list_files', 0, 2], ['drive.list_files', 'list_files', 0, 3],
    ]);
    expect(records.filter((r) => r.outcome !== 'sent').map((r) => [r.page, r.outcome])).toEqual([[0, 'ok'], [1, 'ok'], [2, 'ok'], [3, 'ok']]);
  });

  it('records a folder that cannot be read in errors and prints the rest (exit 0)', async () => {
    tree();
    faults.fB = [{ success: false, errorCode: 'forbidden.accessDenied', errorMsg: '无权限' }];
    const { out, exit } = await run(['--folder', 'root', '--depth', '2']);
    expect(exit).toBeUndefined();
    expect(listed()).toEqual(['root', 'fA', 'fB']);
    const errors = (out as { errors: { message: string }[] }).errors;
    expect(errors.map(({ message: _m, ...e }) => e)).toEqual([{ depth: 1, folderId: 'fB', folderName: 'B', reason: 'permission_denied' }]);
    expect(errors[0].message).toContain('forbidden.accessDenied');
    expect(paths(out)).toEqual(['A', 'A/a1', 'A/x.pdf', 'B', 'notes.txt', 'top.pdf']);
  });

  it('lists a rate-limited folder once more after the folders queued before it, from the page that failed', async () => {
    tree();
    folders.fA = [folder('fa1', 'a1'), file('x', 'x.pdf', NOW - 2 * HOUR), file('x2', 'x2.pdf', NOW - 2 * HOUR)];
    pageSize = 2;
    faults['fA:2'] = [{ errorCode: 'invalidRequest.rateLimited', errorMsg: '请求过于频繁' }];
    const { out } = await run(['--folder', 'root', '--depth', '2']);
    expect(listed()).toEqual(['root', 'root root:2', 'fA', 'fA fA:2', 'fB', 'fA fA:2']);
    expect(paths(out)).toEqual(['A', 'A/a1', 'A/x.pdf', 'A/x2.pdf', 'B', 'B/b.docx', 'notes.txt', 'top.pdf']);
    expect(out).toMatchObject({ truncated: false, errors: [] });
  });

  it('records a folder rate-limited twice as rate_limited', async () => {
    tree();
    faults.fB = [{ errorCode: 'invalidRequest.rateLimited', errorMsg: 'busy' }, { errorCode: 'invalidRequest.rateLimited', errorMsg: 'busy' }];
    const { out } = await run(['--folder', 'root', '--depth', '2']);
    expect(listed()).toEqual(['root', 'fA', 'fB', 'fB']);
    expect((out as { errors: { reason: string; folderId: string }[] }).errors.map((e) => [e.folderId, e.reason])).toEqual([['fB', 'rate_limited']]);
  });

  it('fails when the root folder itself cannot be read and nothing was collected', async () => {
    tree();
    faults.root = [{ success: false, errorCode: 'forbidden.accessDenied', errorMsg: 'no' }];
    const r = await run(['--folder', 'root', '--depth', '2']);
    expect([r.reason, r.printed]).toEqual(['business_error', '']);
  });

  it('fails a folder whose page says hasMore without a token, keeping that page\'s entries', async () => {
    tree();
    faults.fB = [{ result: { items: [file('b', 'b.docx')], hasMore: true } }];
    const { out } = await run(['--folder', 'root', '--depth', '2']);
    expect(paths(out)).toContain('B/b.docx');
    expect((out as { errors: { reason: string; folderId: string }[] }).errors.map((e) => [e.folderId, e.reason])).toEqual([['fB', 'api_error']]);
  });

  it('stops at 2000 entries and says the listing is truncated', async () => {
    folders.root = Array.from({ length: 2100 }, (_, i) => file(`f${i}`, `f${String(i).padStart(4, '0')}.txt`));
    const { out } = await run(['--folder', 'root', '--depth', '2']);
    expect(listed().length).toBe(40);
    expect((out as { items: unknown[] }).items.length).toBe(2000);
    expect(out).toMatchObject({ truncated: true, errors: [], maxDepth: 1 });
  });
});

describe('drive list --pattern, --type, --start and --end filter what was listed', () => {
  it('--pattern alone filters the one page the plain listing returns, keeping its cursor', async () => {
    pageSize = 2;
    folders.root = [file('a', 'a.pdf'), file('b', 'b.txt'), file('c', 'c.pdf')];
    const { out } = await run(['--folder', 'root', '--pattern', '*.pdf', '--limit', '80']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ maxResults: 50, parentId: 'root' }]);
    expect(out).toEqual({ result: { items: [file('a', 'a.pdf')], nextToken: 'root:2', hasMore: true } });
  });

  it('--pattern without a wildcard matches names containing it; with --depth it filters the whole walk', async () => {
    tree();
    const { out } = await run(['--folder', 'root', '--depth', '3', '--pattern', '.pdf']);
    expect(listed()).toEqual(['root', 'fA', 'fB', 'fa1']);
    expect(paths(out)).toEqual(['A/x.pdf', 'top.pdf']);
  });

  it('--type folder lists one level in full (every page) and prints its folders without the walk\'s fields', async () => {
    tree();
    pageSize = 3;
    const { out } = await run(['--folder', 'root', '--type', 'FOLDER']);
    expect(listed()).toEqual(['root', 'root root:3']);
    expect(out).toEqual({ items: [folder('fA', 'A'), folder('fB', 'B')], maxDepth: 1, truncated: false, errors: [] });
  });

  it('--type file with --depth 3 keeps the files of every level', async () => {
    tree();
    const { out } = await run(['--folder', 'root', '--depth', '3', '--type', 'file']);
    expect(paths(out)).toEqual(['A/a1/y.txt', 'A/x.pdf', 'B/b.docx', 'notes.txt', 'top.pdf']);
  });

  it('--start 7d keeps what changed in the last seven days; --end 2d what changed before two days ago', async () => {
    tree();
    expect(paths((await run(['--folder', 'root', '--depth', '2', '--type', 'file', '--start', '7d'])).out)).toEqual(['A/x.pdf', 'B/b.docx', 'top.pdf']);
    expect(paths((await run(['--folder', 'root', '--depth', '2', '--type', 'file', '--end', '2d'])).out)).toEqual(['B/b.docx', 'notes.txt']);
    expect(paths((await run(['--folder', 'root', '--depth', '2', '--start', '90h'])).out)).toEqual(['A', 'A/a1', 'A/x.pdf', 'B', 'B/b.docx', 'top.pdf']);
  });

  it('reads dates and times without a zone at Asia/Shanghai, RFC 3339 with its offset, both ends inclusive; entries without a time drop out', async () => {
    const at = (iso: string) => Date.parse(iso);
    folders.root = [
      file('d0', 'before.txt', at('2026-01-01T00:00:00+08:00') - 1), file('d1', 'first.txt', at('2026-01-01T00:00:00+08:00')),
      file('d2', 'mid.txt', '2026-01-15T12:00:00Z'), file('d3', 'last.txt', at('2026-01-31T08:00:00+08:00')),
      file('d4', 'after.txt', at('2026-01-31T08:00:00+08:00') + 1), { type: 'FILE', name: 'untimed.txt', fileId: 'd5' },
    ];
    const names = async (...flags: string[]) => paths((await run(['--folder', 'root', ...flags])).out);
    expect(await names('--start', '2026-01-01', '--end', '2026-01-31 08:00:00')).toEqual(['first.txt', 'last.txt', 'mid.txt']);
    expect(await names('--start', '2026-01-01T00:00:00', '--end', '2026-01-31T00:00:00Z')).toEqual(['first.txt', 'last.txt', 'mid.txt']);
    expect(await names('--end', '2025-12-31T16:00:00Z')).toEqual(['before.txt', 'first.txt']);
    expect(await names('--type', 'file')).toEqual(['after.txt', 'before.txt', 'first.txt', 'last.txt', 'mid.txt', 'untimed.txt']);
  });
});

describe('drive list --latest picks the newest files', () => {
  it('alone, scans the folder newest first and stops once N files are found, skipping folders', async () => {
    pageSize = 2;
    folders.root = [folder('fA', 'A'), file('n1', 'new.txt'), file('n2', 'newer.pdf'), file('n3', 'old.pdf'), file('n4', 'oldest.pdf')];
    const { out } = await run(['--folder', 'root', '--latest', '2', '--space-id', '268']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([
      { maxResults: 50, orderBy: 'modifyTime', order: 'desc', spaceId: '268', parentId: 'root' },
      { maxResults: 50, orderBy: 'modifyTime', order: 'desc', spaceId: '268', parentId: 'root', nextToken: 'root:2' },
    ]);
    expect(out).toEqual({ items: [file('n1', 'new.txt'), file('n2', 'newer.pdf')] });
  });

  it('with --pattern counts only matching names, and prints fewer when the folder holds fewer', async () => {
    folders.root = [file('n1', 'new.txt'), file('n2', 'newer.pdf')];
    const { out } = await run(['--folder', 'root', '--latest', '5', '--pattern', '*.pdf']);
    expect(out).toEqual({ items: [file('n2', 'newer.pdf')] });
  });

  it('with --depth takes the newest files of the whole walk, ties by path', async () => {
    tree();
    const { out } = await run(['--folder', 'root', '--depth', '3', '--latest', '3']);
    expect(paths(out)).toEqual(['A/a1/y.txt', 'top.pdf', 'A/x.pdf']);
    expect(out).toMatchObject({ maxDepth: 3, truncated: false, errors: [] });
  });

  it('with --type folder takes the newest folders', async () => {
    tree();
    folders.root = [folder('fA', 'A', NOW - 5 * HOUR), folder('fB', 'B', NOW - HOUR)];
    const { out } = await run(['--folder', 'root', '--type', 'folder', '--latest', '1']);
    expect(out).toEqual({ items: [folder('fB', 'B', NOW - HOUR)], maxDepth: 1, truncated: false, errors: [] });
  });

  it('refuses to print a latest N when a folder of the walk could not be read', async () => {
    tree();
    faults.fB = [{ success: false, errorCode: 'forbidden.accessDenied', errorMsg: 'no' }];
    const r = await run(['--folder', 'root', '--depth', '2', '--latest', '3']);
    expect([r.reason, r.printed]).toEqual(['pages_incomplete', '']);
    expect(r.message).toContain('"B" at depth 1, permission_denied');
  });
});

describe('drive list refuses what upstream refuses, before any call', () => {
  const refusals: [string, string[], string][] = [
    ['--depth above 5', ['--depth', '6'], '1 to 5'],
    ['--depth 0', ['--depth', '0'], '1 to 5'],
    ['--depth with --limit', ['--depth', '2', '--limit', '10'], '--limit'],
    ['--depth with --cursor', ['--depth', '2', '--cursor', 'c1'], '--cursor'],
    ['--latest above 50', ['--latest', '51'], '1 to 50'],
    ['--latest with --order-by', ['--latest', '5', '--order-by', 'name'], '--order-by'],
    ['--latest with --versions', ['--latest', '5', '--versions', '--node', 'n1'], '--versions'],
    ['an unknown --type', ['--type', 'doc'], 'file or folder'],
    ['--type with --cursor', ['--type', 'file', '--cursor', 'c1'], '--cursor'],
    ['--start with --limit', ['--start', '7d', '--limit', '5'], '--limit'],
    ['--versions with --pattern', ['--versions', '--node', 'n1', '--pattern', 'x'], '--pattern'],
    ['--workspace with --pattern and no walk flag', ['--workspace', 'ws1', '--pattern', 'x'], '--workspace'],
    ['a numeric doc folder in a --workspace walk', ['--workspace', 'ws1', '--depth', '2', '--folder', '1234'], 'numeric'],
    ['a time in no form it reads', ['--start', 'yesterday'], 'not a time'],
    ['epoch milliseconds', ['--start', '1767225600000'], 'not a time'],
    ['a minutes unit', ['--start', '30m'], 'not a time'],
    ['a start after the end', ['--start', '2026-02-01', '--end', '2026-01-01'], 'later than'],
    ['a numeric folder', ['--depth', '2', '--folder', '1234'], 'numeric'],
  ];
  for (const [what, flags, says] of refusals) {
    it(`refuses ${what}`, async () => {
      const r = await run(flags);
      expect([r.reason, r.printed, mcp.calls.length]).toEqual(['invalid_parameter', '', 0]);
      expect(r.message).toContain(says);
    });
  }
});

describe('drive list --dry-run with a walk flag', () => {
  it('shows the hand-over to the walk with the flags it reads, and sends nothing', async () => {
    const { printed } = await run(['--folder', 'root', '--depth', '3', '--pattern', '*.pdf', '--dry-run']);
    expect(mcp.calls).toEqual([]);
    expect(JSON.parse(printed)).toEqual({
      dry_run: true, canonical_path: 'drive.list_files', effect: 'read', confirmation: 'not_required', idempotency: 'idempotent',
      steps: [{ id: 'walk', effect: 'read', handoff: { local: 'drive.list_walk', arguments: { folder: 'root', depth: 3, pattern: '*.pdf', limit: 20 } } }],
    });
  });
});

// ── p-driveout: a doc space walked through doc list_nodes (drive.go:459-474, drive_depth.go:153-181, :695-716@c7521c1c) ──

describe('p-driveout: drive list --workspace walks the doc space through list_nodes, as upstream\'s doc route', () => {
  /** Doc space folders by nodeId ('' the space root), `docPageSize` per page; a last page says hasMore false with a token. */
  let spaces: Record<string, Record<string, unknown>[]>;
  let docPageSize: number;
  let docFaults: Record<string, unknown[]>;
  beforeEach(() => {
    docPageSize = 50;
    docFaults = {};
    const doc = (id: string, name: string, updateTime: number) => ({ nodeId: id, name, nodeType: 'doc', updateTime });
    spaces = {
      '': [{ nodeId: 'nA', name: 'Specs', nodeType: 'folder', updateTime: NOW - 3 * HOUR }, doc('n1', 'plan.md', NOW - HOUR), { nodeId: 'nB', name: 'Notes', nodeType: 'FOLDER' }],
      nA: [doc('n2', 'api.md', NOW - 2 * HOUR), { nodeId: 'nC', name: 'old', nodeType: 'folder', updateTime: NOW - 9 * HOUR }],
      nB: [doc('n3', 'todo.txt', NOW - HOUR / 2)],
      nC: [doc('n4', 'deep.md', NOW - 5 * HOUR)],
    };
    mcp.answers['doc/list_nodes'] = (args) => {
      const id = typeof args.folderId === 'string' ? args.folderId : '';
      const fault = docFaults[id]?.shift();
      if (fault !== undefined) return fault;
      const offset = typeof args.pageToken === 'string' ? Number(args.pageToken.split(':')[1]) : 0;
      const all = spaces[id] ?? [];
      const end = offset + docPageSize;
      // hasMore is list_nodes' last word: false ends the folder even with a token (hasMoreAuthoritative)
      return end < all.length ? { nodes: all.slice(offset, end), nextPageToken: `${id}:${end}`, hasMore: true } : { nodes: all.slice(offset, end), nextPageToken: 'stale', hasMore: false };
    };
  });
  const nodeCalls = () => mcp.calls.filter((c) => c.name === 'list_nodes').map((c) => c.arguments);

  it('--depth 2 lists the space root page by page, then each folder (nodeType folder in any case) by its nodeId, never a third level', async () => {
    docPageSize = 2;
    const { out } = await run(['--workspace', 'ws1', '--depth', '2']);
    // newDocDepthRoute.buildArgs (drive_depth.go:159-171@c7521c1c): pageSize 50, workspaceId, folderId, pageToken
    expect(nodeCalls()).toEqual([
      { pageSize: 50, workspaceId: 'ws1' }, { pageSize: 50, workspaceId: 'ws1', pageToken: ':2' },
      { pageSize: 50, workspaceId: 'ws1', folderId: 'nA' }, { pageSize: 50, workspaceId: 'ws1', folderId: 'nB' },
    ]);
    expect(mcp.calls.map((c) => c.name)).not.toContain('list_files');
    expect(out).toEqual({
      items: [
        { nodeId: 'nB', name: 'Notes', nodeType: 'FOLDER', depth: 1, parentId: '', rel_path: 'Notes' },
        { nodeId: 'n3', name: 'todo.txt', nodeType: 'doc', updateTime: NOW - HOUR / 2, depth: 2, parentId: 'nB', rel_path: 'Notes/todo.txt' },
        { nodeId: 'nA', name: 'Specs', nodeType: 'folder', updateTime: NOW - 3 * HOUR, depth: 1, parentId: '', rel_path: 'Specs' },
        { nodeId: 'n2', name: 'api.md', nodeType: 'doc', updateTime: NOW - 2 * HOUR, depth: 2, parentId: 'nA', rel_path: 'Specs/api.md' },
        { nodeId: 'nC', name: 'old', nodeType: 'folder', updateTime: NOW - 9 * HOUR, depth: 2, parentId: 'nA', rel_path: 'Specs/old' },
        { nodeId: 'n1', name: 'plan.md', nodeType: 'doc', updateTime: NOW - HOUR, depth: 1, parentId: '', rel_path: 'plan.md' },
      ],
      maxDepth: 2, truncated: false, errors: [],
    });
  });

  it('--latest alone walks the one folder given by --node (a walk, not the drive\'s newest-first scan) and prints its newest files without the walk\'s fields', async () => {
    const { out } = await run(['--workspace', 'ws1', '--node', 'nA', '--latest', '2']);
    expect(nodeCalls()).toEqual([{ pageSize: 50, workspaceId: 'ws1', folderId: 'nA' }]);
    expect(out).toEqual({ items: [{ nodeId: 'n2', name: 'api.md', nodeType: 'doc', updateTime: NOW - 2 * HOUR }], maxDepth: 1, truncated: false, errors: [] });
  });

  it('--pattern filters a --depth walk; the sort, space and thumbnail flags are not sent to list_nodes', async () => {
    const { out } = await run(['--workspace', 'ws1', '--folder', 'nA', '--depth', '3', '--pattern', '*.md', '--order-by', 'name', '--space-id', 'sp1', '--thumbnail']);
    expect(nodeCalls()).toEqual([{ pageSize: 50, workspaceId: 'ws1', folderId: 'nA' }, { pageSize: 50, workspaceId: 'ws1', folderId: 'nC' }]);
    expect(out).toEqual({
      items: [
        { nodeId: 'n2', name: 'api.md', nodeType: 'doc', updateTime: NOW - 2 * HOUR, depth: 1, parentId: 'nA', rel_path: 'api.md' },
        { nodeId: 'n4', name: 'deep.md', nodeType: 'doc', updateTime: NOW - 5 * HOUR, depth: 2, parentId: 'nC', rel_path: 'old/deep.md' },
      ],
      maxDepth: 2, truncated: false, errors: [],
    });
  });

  it('--type folder --start 4h keeps the doc folders changed in the last four hours; a folder answering a forbidden code is in errors', async () => {
    docFaults.nB = [{ errorCode: 'forbidden.noPermission', errorMsg: 'no access' }];
    const { out } = await run(['--workspace', 'ws1', '--depth', '3', '--type', 'folder', '--start', '4h']);
    expect(out).toEqual({
      items: [{ nodeId: 'nA', name: 'Specs', nodeType: 'folder', updateTime: NOW - 3 * HOUR, depth: 1, parentId: '', rel_path: 'Specs' }],
      maxDepth: 1, truncated: false,
      errors: [{ depth: 1, folderId: 'nB', folderName: 'Notes', reason: 'permission_denied', message: expect.stringContaining('forbidden.noPermission') as unknown as string }],
    });
  });

  // p-odds (issue 32): the walk's own messages named drive list_files on this route; the call made is doc list_nodes
  it('a doc folder whose page token repeats is in errors, its message naming doc list_nodes, the call the walk made', async () => {
    docFaults.nB = [{ nodes: [], nextPageToken: 'loop', hasMore: true }, { nodes: [], nextPageToken: 'loop', hasMore: true }];
    const { out } = await run(['--workspace', 'ws1', '--depth', '2']);
    expect(mcp.calls.map((c) => c.name)).not.toContain('list_files');
    expect((out as { errors: unknown[] }).errors).toEqual([{
      depth: 1, folderId: 'nB', folderName: 'Notes', reason: 'api_error', message: 'doc list_nodes answered in an unexpected shape: the page token of "Notes" repeats',
    }]);
  });
});

describe('p-driveout: a walk that a login or network failure ends', () => {
  it('prints nothing; the failure carries the partial listing, its folder in errors, in details (upstream prints it and exits non-zero, drive_depth.go:300-313@c7521c1c)', async () => {
    tree();
    const answer = mcp.answers['drive/list_files'];
    mcp.answers['drive/list_files'] = (args, ...rest) => {
      // the root answers; the next call (folder A) is refused by the gateway
      if (args.parentId === 'root') mcp.faults.push({ tool: 'list_files', status: 401, times: 1 });
      return answer(args, ...rest);
    };
    const { error, out } = await dispatchInProcess(['drive', 'list', '--folder', 'root', '--depth', '2'], env());
    expect(out).toBe('');
    expect([error?.reason, error?.exitCode]).toEqual(['auth_failed', 2]);
    expect(error?.payload?.details).toEqual({
      items: [
        { ...folder('fA', 'A'), depth: 1, parentId: 'root', rel_path: 'A' },
        { ...folder('fB', 'B'), depth: 1, parentId: 'root', rel_path: 'B' },
        { ...file('notes', 'notes.txt', NOW - 240 * HOUR), depth: 1, parentId: 'root', rel_path: 'notes.txt' },
        { ...file('top', 'top.pdf', NOW - HOUR), depth: 1, parentId: 'root', rel_path: 'top.pdf' },
      ],
      maxDepth: 1, truncated: false,
      errors: [{ depth: 1, folderId: 'fA', folderName: 'A', reason: 'api_error', message: expect.any(String) as unknown as string }],
    });
    // folder B is not listed: the walk ended at A
    expect(listed()).toEqual(['root', 'fA']);
  });

  it('with --latest it is the failure alone, no partial (a newest N of part of the tree could be wrong)', async () => {
    tree();
    mcp.faults.push({ tool: 'list_files', status: 401, times: 1 });
    const { error, out } = await dispatchInProcess(['drive', 'list', '--folder', 'root', '--depth', '2', '--latest', '3'], env());
    expect([out, error?.reason, error?.payload]).toEqual(['', 'auth_failed', undefined]);
  });
});
