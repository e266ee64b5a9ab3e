// `dws schema`: browse levels, compact projection, versioned Inspect with catalog hashes, --all, jq, fields, table.
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { COMPACT_LEAF_KEYS, COMPACT_NAVIGATION_KEYS, COMPACT_PARAMETER_KEYS } from '../../src/schema/compact.js';
import { DwsError } from '../../src/errors.js';
import { errorOf, readGolden, ROOT, runCli, shippedEngine } from '../helpers.js';
import { inspect as inspectView } from '../../src/schema/browse.js';

const e = () => shippedEngine();
const inspect = (p?: string, o = {}) => JSON.parse(inspectView(e(), p, o));
const FORBIDDEN_IN_COMPACT = ['interface_ref', 'property', 'interface_type', 'primary_cli_path', 'provenance'];

function keysDeep(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => keysDeep(x, out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { out.add(k); keysDeep(x, out); }
  return out;
}

function reasonOf(fn: () => unknown): string {
  try { fn(); } catch (err) { return (err as DwsError).reason; }
  throw new Error('expected an error');
}

describe('versioned Inspect', () => {
  it('succeeds for every tool with the right hashes and returns its compact contract', () => {
    const { source_hash, surface_hash } = e().catalogHashes;
    for (const t of e().tools()) {
      const r = inspect(t.canonical_path, { compact: true, expectedSourceHash: source_hash, expectedSurfaceHash: surface_hash });
      expect(r.version).toBe('schema-inspect.v1');
      expect(r.catalog).toEqual({ source_hash, surface_hash });
      expect(r.tool_spec.canonical_path).toBe(t.canonical_path);
      expect(Object.keys(r.tool_spec.parameters)).toEqual(Object.keys(t.parameters));
      for (const k of FORBIDDEN_IN_COMPACT) expect(keysDeep(r.tool_spec).has(k)).toBe(false);
    }
  });

  it('refuses a stale source or surface hash with catalog_changed (exit 6) before resolving the path', () => {
    const { source_hash, surface_hash } = e().catalogHashes;
    const stale = 'sha256:' + '0'.repeat(64);
    expect(reasonOf(() => inspectView(e(), 'chat.recall_message', { expectedSourceHash: stale, expectedSurfaceHash: surface_hash }))).toBe('catalog_changed');
    expect(reasonOf(() => inspectView(e(), 'no.such_tool', { expectedSourceHash: source_hash, expectedSurfaceHash: stale }))).toBe('catalog_changed');
    const r = runCli(['schema', 'chat.recall_message', '--compact', '--expected-source-hash', stale, '--expected-surface-hash', surface_hash]);
    expect(r.status).toBe(6);
    expect(r.stdout).toBe('');
    expect(errorOf(r.stderr)).toMatchObject({ category: 'discovery', reason: 'catalog_changed' });
  });

  it('names the stale hash and the current pair, in Inspect and in dispatch alike', () => {
    const { source_hash, surface_hash } = e().catalogHashes;
    const stale = 'sha256:' + '0'.repeat(64);
    const inspect = runCli(['schema', 'chat.recall_message', '--compact', '--expected-source-hash', source_hash, '--expected-surface-hash', stale]);
    const run = runCli(['chat', 'message', 'recall', '--conversation-id', 'c', '--msg-id', 'm', '--dry-run', '--expected-source-hash', source_hash, '--expected-surface-hash', stale]);
    for (const r of [inspect, run]) {
      const err = errorOf(r.stderr);
      expect(err.reason).toBe('catalog_changed');
      expect(err.message).toContain('the expected surface_hash no longer match');
      expect(err.message).not.toContain('source_hash no longer');
      expect(err.message).toContain(`now source_hash ${source_hash}, surface_hash ${surface_hash}`);
    }
    expect(errorOf(inspect.stderr).hint).toContain('inspect with the new hashes');
    expect(errorOf(run.stderr).hint).toContain('re-inspect the command before running it');
  });

  it('needs both hashes (incomplete_catalog_version) and rejects --jq, --fields and table', () => {
    const { source_hash, surface_hash } = e().catalogHashes;
    const base = ['schema', 'chat.recall_message', '--compact'];
    const cases: [string[], number, string][] = [
      [[...base, '--expected-source-hash', source_hash], 3, 'incomplete_catalog_version'],
      [[...base, '--expected-surface-hash', surface_hash], 3, 'incomplete_catalog_version'],
      [[...base, '--expected-source-hash', source_hash, '--expected-surface-hash', surface_hash, '--jq', '.'], 3, 'unsupported_output_filter'],
      [[...base, '--expected-source-hash', source_hash, '--expected-surface-hash', surface_hash, '--fields', 'cli_path'], 3, 'unsupported_output_filter'],
      [[...base, '--expected-source-hash', source_hash, '--expected-surface-hash', surface_hash, '--format', 'table'], 3, 'unsupported_output_format'],
    ];
    for (const [args, status, reason] of cases) {
      const r = runCli(args);
      expect(r.status, args.join(' ')).toBe(status);
      expect(r.stdout).toBe('');
      expect(errorOf(r.stderr).reason).toBe(reason);
    }
  });

  it('the search response hashes are exactly what Inspect accepts (search -> inspect path)', () => {
    const s = JSON.parse(runCli(['schema', 'search', '--query', '撤回我发的消息']).stdout);
    const top = s.candidates[0].canonical_path;
    const r = runCli(['schema', top, '--compact', '--expected-source-hash', s.catalog.source_hash, '--expected-surface-hash', s.catalog.surface_hash]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).tool_spec.canonical_path).toBe(top);
  });
});

describe('browse levels', () => {
  it('overview lists 27 products with counts, schema paths and both hashes', () => {
    const o = inspect();
    expect(Object.keys(o)).toEqual(['kind', 'level', 'count', 'tool_count', 'catalog_hash', 'surface_hash', 'products']);
    expect(o).toMatchObject({ kind: 'overview', level: 'root', count: 27, tool_count: 1125, ...{ catalog_hash: e().catalogHashes.source_hash } });
    expect(Object.keys(o.products[0])).toEqual(['id', 'title', 'title_en', 'summary', 'summary_en', 'tool_count', 'schema_path']);
    expect(inspect('list')).toEqual(o);
  });

  it('resolves a product, a group prefix and a leaf by canonical path, CLI path, alias and --cli-path', () => {
    expect(inspect('chat').kind).toBe('product');
    expect(Object.keys(inspect('chat').tools[0])).toEqual(['id', 'canonical_path', 'cli_path', 'title', 'title_en', 'agent_summary', 'agent_summary_en', 'effect', 'risk', 'schema_path']);
    const g = inspect('chat message');
    expect(g.kind).toBe('group');
    expect(g.tools.every((t: { cli_path: string }) => t.cli_path.startsWith('chat message '))).toBe(true);
    const leaf = inspect('chat.recall_message');
    expect(inspect('chat message recall')).toEqual(leaf);
    expect(inspect('report list').canonical_path).toBe('report.get_received_report_list');
    const r = runCli(['schema', '--cli-path', 'chat +messages-recall']);
    expect(JSON.parse(r.stdout).canonical_path).toBe('chat.shortcut_messages_recall');
    expect(JSON.parse(runCli(['schema', 'chat', 'message', 'recall']).stdout)).toEqual(leaf);
  });

  it('the full leaf equals its --all entry, and compact is a projection of it', () => {
    const all = inspect(undefined, { all: true });
    expect(all.tool_count).toBe(1125);
    const entry = all.products.find((p: { id: string }) => p.id === 'chat').tools.find((t: { canonical_path: string }) => t.canonical_path === 'chat.recall_message');
    const leaf = inspect('chat.recall_message');
    expect(entry).toEqual(leaf);
    const compact = inspect('chat.recall_message', { compact: true });
    for (const [k, v] of Object.entries(compact)) if (k !== 'parameters' && k !== 'execution') expect(v).toEqual(leaf[k]);
    // The one derived key: how the command executes (docs/PLANS.md), here the atomic command's single call.
    expect(compact.execution).toEqual({ steps: 1 });
  });

  it('--all with a path is refused', () => {
    expect(reasonOf(() => inspectView(e(), 'chat', { all: true }))).toBe('all_with_path');
  });

  it('an unknown path is exit 3 with the closest valid paths, deterministically', () => {
    const a = runCli(['schema', 'chat.recal_message']);
    const b = runCli(['schema', 'chat.recal_message']);
    expect(a.status).toBe(3);
    expect(a.stdout).toBe('');
    expect(errorOf(a.stderr).reason).toBe('unknown_path');
    expect(errorOf(a.stderr).hint).toContain('chat.recall_message');
    expect(a.stderr).toBe(b.stderr);
  });
});

describe('compact projection', () => {
  it('keeps only whitelisted keys at every level and every parameter', () => {
    const navAllowed = new Set<string>([...COMPACT_NAVIGATION_KEYS, 'cli_path', 'canonical_path', 'agent_summary', 'agent_summary_en', 'effect', 'risk']);
    for (const p of [undefined, 'chat', 'chat message']) {
      const v = inspect(p, { compact: true });
      for (const k of keysDeep(v)) expect(navAllowed.has(k), `${p}: ${k}`).toBe(true);
    }
    const leafAllowed = new Set<string>([...COMPACT_LEAF_KEYS, ...COMPACT_PARAMETER_KEYS]);
    for (const t of e().tools()) {
      const v = inspect(t.canonical_path, { compact: true });
      for (const k of Object.keys(v)) expect(leafAllowed.has(k)).toBe(true);
      for (const p of Object.values(v.parameters as Record<string, object>)) for (const k of Object.keys(p)) expect(COMPACT_PARAMETER_KEYS as readonly string[]).toContain(k);
      for (const k of FORBIDDEN_IN_COMPACT) expect(keysDeep(v).has(k)).toBe(false);
    }
    const allCompact = inspect(undefined, { all: true, compact: true });
    for (const k of FORBIDDEN_IN_COMPACT) expect(keysDeep(allCompact).has(k)).toBe(false);
  });
});

describe('output filters', () => {
  it('--jq runs real jq; bad expressions and runtime errors are typed', () => {
    const r = runCli(['schema', 'chat', '--jq', '[.tools[] | select(.effect == "destructive") | .cli_path] | length']);
    expect(r.status).toBe(0);
    expect(Number(r.stdout.trim())).toBe(e().tools().filter((t) => t.product_id === 'chat' && t.effect === 'destructive').length);
    const bad = runCli(['schema', 'chat', '--jq', '.tools[ |']);
    expect(bad.status).toBe(3);
    expect(errorOf(bad.stderr).reason).toBe('invalid_jq');
    const rt = runCli(['schema', 'chat', '--jq', '.count | .x']);
    expect(rt.status).toBe(3);
    expect(errorOf(rt.stderr).reason).toBe('jq_runtime_error');
  });

  it('--fields filters each element of the main list, or the leaf', () => {
    const o = inspect(undefined, { fields: ['id', 'tool_count'] });
    expect(o.products.every((p: object) => Object.keys(p).join() === 'id,tool_count')).toBe(true);
    expect(Object.keys(inspect('chat.recall_message', { fields: ['effect', 'risk'] }))).toEqual(['effect', 'risk']);
  });

  it('--format table renders people-readable rows in the terminal language', () => {
    const en = runCli(['schema', 'chat.recall_message', '--format', 'table'], { env: { LANG: 'en_US.UTF-8', LC_ALL: '' } });
    expect(en.status).toBe(0);
    expect(en.stdout).toContain('--message-id');
    expect(en.stdout).toContain(e().tools().find((t) => t.canonical_path === 'chat.recall_message')!.agent_summary_en.slice(0, 20));
    const zh = runCli(['schema', '--format', 'table'], { env: { LANG: 'zh_CN.UTF-8', LC_ALL: '' } });
    expect(zh.stdout).toContain('说明');
  });
});

describe('golden browse output', () => {
  it('overview, product, group and leaf for a few paths match test/fixtures/browse.golden.json', () => {
    const views = Object.fromEntries(['', 'ding', 'chat group-role', 'ding.send_ding_message'].map((p) => [p, inspect(p || undefined, { compact: true })]));
    const file = path.join(ROOT, 'test/fixtures/browse.golden.json');
    expect(views).toEqual(JSON.parse(readGolden(file, JSON.stringify(views, null, 1) + '\n')));
  });
});
