// Session 54, helper h54-anchor (issue 32, notes/h54-anchor.md): the plan anchors that more than one command uses.
// A YAML anchor defined in one command's plan and used in another's makes both do the same thing; that is right only
// where upstream (c7521c1c) runs the same code for both (h54-a4 #25 was a sharing that was not). Every such sharing
// is listed, with the upstream code and the verdict, in catalog/meta/shared-anchors.yaml; the first block checks the
// list against the plans as they are (scripts/plan-anchors.mjs), so a new sharing cannot come in unread. The last
// blocks run, as a user types them, shared parts whose reading against upstream turned on a detail.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { scanPlanAnchors } from '../../scripts/plan-anchors.mjs';
import { ROOT } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

interface Reviewed { file: string; defined_in: string; anchors: string[]; used_in: string[]; upstream: string; verdict: string; checked: string }

const LEDGER = path.join(ROOT, 'catalog', 'meta', 'shared-anchors.yaml');
const reviewed = () => (YAML.parse(readFileSync(LEDGER, 'utf8')) as { shared: Reviewed[] }).shared;

describe('scripts/plan-anchors.mjs finds an anchor used under another command', () => {
  it('lists a use under another plan and a fragment, binds a use to the last definition above it, and skips a use in the defining plan', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dws-h54anchor-'));
    const dir = path.join(root, 'plans');
    mkdirSync(path.join(dir, 'sub'), { recursive: true });
    writeFileSync(path.join(dir, 'p.yaml'), [
      'plans:',
      '  p.one:',
      '    steps:',
      '      - &check {id: c, refuse: one}',
      '      - {id: d, value: *check}',
      '  p.two:',
      '    steps:',
      '      - *check',
      '      - &check {id: c, refuse: two}',
      '  p.three:',
      '    steps:',
      '      - *check',
      '',
    ].join('\n'));
    writeFileSync(path.join(dir, 'sub', 'f.yaml'), 'fragments:\n  f_a:\n    value: &v {const: 1}\n  f_b:\n    value: *v\n');
    const found = scanPlanAnchors(dir, root).map((s) => [s.file, s.anchor, s.defined_in, s.used_in]);
    expect(found).toEqual([
      ['plans/p.yaml', 'check', 'p.one', { 'p.two': [8] }],
      ['plans/p.yaml', 'check', 'p.two', { 'p.three': [12] }],
      ['plans/sub/f.yaml', 'v', 'f_a', { f_b: [5] }],
    ]);
  });
});

describe('catalog/meta/shared-anchors.yaml lists every cross-command anchor of catalog/plans, each read against upstream', () => {
  const shared = scanPlanAnchors();

  it('each anchor a command uses from another command\'s plan is listed (file, defining command, anchor, using command)', () => {
    const ledger = reviewed();
    const unlisted: string[] = [];
    for (const s of shared) {
      for (const user of Object.keys(s.used_in)) {
        const ok = ledger.some((r) => r.file === s.file && r.defined_in === s.defined_in && r.anchors.includes(s.anchor) && r.used_in.includes(user));
        if (!ok) unlisted.push(`${s.file}: *${s.anchor} of ${s.defined_in} used in ${user} (lines ${s.used_in[user].join(', ')})`);
      }
    }
    expect(unlisted, 'read each against upstream, then list it in catalog/meta/shared-anchors.yaml (or give the command its own part)').toEqual([]);
  });

  it('nothing listed is gone: each listed anchor is still shared, each listed command still uses one of them', () => {
    const stale: string[] = [];
    for (const r of reviewed()) {
      const mine = shared.filter((s) => s.file === r.file && s.defined_in === r.defined_in);
      for (const a of r.anchors) if (!mine.some((s) => s.anchor === a && r.used_in.some((u) => u in s.used_in))) stale.push(`${r.file} ${r.defined_in}: &${a}`);
      for (const u of r.used_in) if (!mine.some((s) => r.anchors.includes(s.anchor) && u in s.used_in)) stale.push(`${r.file} ${r.defined_in}: ${u}`);
    }
    expect(stale).toEqual([]);
  });

  it('each listed sharing names the upstream code both commands run, a verdict and who checked it', () => {
    for (const r of reviewed()) {
      expect(r.upstream, `${r.file} ${r.defined_in}`).toMatch(/\.go:\d/u);
      expect(r.verdict, `${r.file} ${r.defined_in}`).toMatch(/^same\b/u);
      expect(r.checked, `${r.file} ${r.defined_in}`).toMatch(/^h\d+-/u);
    }
  });
});

const outputs = useOutputRuns('dws-h54anchor-');

describe('aitable view get/update <attr>: the shared view check is getViewRaw + requireViewType (helpers/aitable.go:748-800, :995-1055@c7521c1c)', () => {
  const views = (view: unknown) => outputs.answer('aitable/get_views', { data: { views: [view] } });
  const flags = ['--base-id', 'b', '--table-id', 't', '--view-id', 'v'];

  it('view get timebar and view update timebar refuse a Grid view (backend_error) and update nothing; each allows only its own types', async () => {
    views({ viewType: 'Grid', ganttTimebar: { a: 1 } });
    const got = await outputs.sent(['aitable', 'view', 'get', 'timebar', ...flags]);
    expect([got.reason, got.calls.map(([t]) => t)]).toEqual(['backend_error', ['aitable/get_views']]);
    const put = await outputs.sent(['aitable', 'view', 'update', 'timebar', ...flags, '--start-field', 'f1', '--yes']);
    expect([put.reason, put.calls.map(([t]) => t)]).toEqual(['backend_error', ['aitable/get_views']]);
    const widths = await outputs.sent(['aitable', 'view', 'get', 'field-widths', ...flags]);
    expect(widths.reason).toBeUndefined();
  });

  it('a first view that is not an object is refused by get and update alike (getViewRaw :773-779)', async () => {
    outputs.answer('aitable/get_views', { data: { views: ['x'] } });
    const got = await outputs.sent(['aitable', 'view', 'get', 'card', ...flags]);
    const put = await outputs.sent(['aitable', 'view', 'update', 'card', ...flags, '--cover-mode', 'fill', '--yes']);
    expect([got.reason, put.reason]).toEqual(['backend_error', 'backend_error']);
    expect(put.calls.map(([t]) => t)).toEqual(['aitable/get_views']);
  });
});

describe('aitable record reads: the shared page readers, and the window-only explicit empty page (record_query_all.go:32-124, :245-283@c7521c1c)', () => {
  const empty = { success: true, status: 'success', data: {} };

  it('+record-delete\'s read-back (queryRecordWindow) takes the explicit empty answer as no record left', async () => {
    outputs.answer('aitable/query_records', empty);
    outputs.answer('aitable/delete_records', { success: true });
    const run = await outputs.sent(['aitable', '+record-delete', '--base-id', 'b', '--table-id', 't', '--record-ids', 'r1', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['aitable/delete_records', { baseId: 'b', tableId: 't', recordIds: ['r1'] }],
      ['aitable/query_records', { baseId: 'b', tableId: 't', recordIds: ['r1'], limit: 1 }],
    ]);
  });

  it('+record-bulk-patch\'s match query (queryAllRecords) refuses the same answer: it has no explicit-empty rule, so it shares only the page readers', async () => {
    outputs.answer('aitable/query_records', empty);
    const run = await outputs.sent(['aitable', '+record-bulk-patch', '--base-id', 'b', '--table-id', 't', '--all', '--patch', '{"f":1}', '--yes']);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toEqual([['aitable/query_records', { baseId: 'b', tableId: 't', limit: 20 }]]);
  });

  it('both follow responseCursor\'s trimmed nextCursor found inside data (the shared next_from) to a second page', async () => {
    outputs.answer('aitable/update_records', { success: true });
    outputs.mcp.answers['aitable/query_records'] = (_args, n) => (n === 0
      ? { data: { records: [{ recordId: 'r1', cells: { f: 1 } }], hasMore: true, nextCursor: ' c2 ' } }
      : { data: { records: [{ recordId: 'r2', cells: { f: 1 } }], hasMore: false } });
    const run = await outputs.sent(['aitable', '+record-bulk-patch', '--base-id', 'b', '--table-id', 't', '--all', '--patch', '{"f":1}', '--yes']);
    expect(run.calls.slice(0, 2)).toEqual([
      ['aitable/query_records', { baseId: 'b', tableId: 't', limit: 20 }],
      ['aitable/query_records', { baseId: 'b', tableId: 't', limit: 20, cursor: 'c2' }],
    ]);
    outputs.mcp.answers['aitable/query_records'] = (_args, n) => (n === 0
      ? { data: { records: [], hasMore: true, nextCursor: ' c2 ' } }
      : { data: { records: [{ recordId: 'r1', cells: { f: 1 } }], hasMore: false } });
    const upd = await outputs.sent(['aitable', '+record-update', '--base-id', 'b', '--table-id', 't', '--records', '[{"recordId":"r1","cells":{"f":1}}]', '--yes']);
    expect(upd.calls.filter(([t]) => t === 'aitable/query_records')).toEqual([
      ['aitable/query_records', { baseId: 'b', tableId: 't', recordIds: ['r1'], limit: 1 }],
      ['aitable/query_records', { baseId: 'b', tableId: 't', recordIds: ['r1'], limit: 1, cursor: 'c2' }],
    ]);
  });
});
