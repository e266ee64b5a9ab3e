// `dws schema` views over the normalized ToolSpecs: overview, product, group (CLI path prefix), leaf, --all, and
// versioned Inspect (schema-inspect.v1). The full leaf IS the ToolSpec, and the --all entry is the same object;
// --compact is only a projection (compact.ts). Nothing here builds a second catalog.
import { quoted } from '../limits.js';
import { DwsError } from '../errors.js';
import { identityKey, type IdentityLookup } from '../catalog/identity.js';
import { byCodePoint } from '../text/order.js';
import type { ProductSpec, ToolSpec } from '../catalog/types.js';
import type { SnapshotMeta, ToolText } from '../snapshot/decode.js';
import { compactLeaf, compactNavigation } from './compact.js';
import { nearestNames } from '../catalog/nearest.js';

export const INSPECT_VERSION = 'schema-inspect.v1';

export interface BrowseSource {
  products: ProductSpec[];
  meta: SnapshotMeta;
  text(doc: number): ToolText;
  spec(doc: number): ToolSpec;
  tools(): ToolSpec[];
  identities: IdentityLookup;
  catalogHashes: { source_hash: string; surface_hash: string };
}

export interface InspectOptions {
  compact?: boolean;
  all?: boolean;
  expectedSourceHash?: string;
  expectedSurfaceHash?: string;
  /** Key filter: applied to each element of the main list (overview, product, group) or to the leaf. */
  fields?: string[];
}

export type View =
  | { level: 'root'; body: Record<string, unknown> }
  | { level: 'product' | 'group'; body: Record<string, unknown> }
  | { level: 'leaf'; body: ToolSpec }
  | { level: 'all'; body: Record<string, unknown> };

const schemaPath = (p: string) => `dws schema ${p}`;

function toolSummary(m: SnapshotMeta, doc: number, text: ToolText): Record<string, unknown> {
  return {
    id: m.canonical_path.at(doc)!,
    canonical_path: m.canonical_path.at(doc)!,
    cli_path: m.cli_path.at(doc)!,
    title: text.title,
    title_en: text.title_en,
    agent_summary: text.agent_summary,
    agent_summary_en: text.agent_summary_en,
    effect: m.effect[doc],
    risk: m.risk[doc],
    schema_path: schemaPath(m.canonical_path.at(doc)!),
  };
}

function productEntry(p: ProductSpec): Record<string, unknown> {
  return { id: p.id, title: p.title, title_en: p.title_en, summary: p.summary, summary_en: p.summary_en, tool_count: p.tool_count, schema_path: schemaPath(p.id) };
}

export class Browser {
  constructor(private readonly src: BrowseSource) {}

  overview(): View {
    const { source_hash, surface_hash } = this.src.catalogHashes;
    return {
      level: 'root',
      body: {
        kind: 'overview',
        level: 'root',
        count: this.src.products.length,
        tool_count: this.src.products.reduce((n, p) => n + p.tool_count, 0),
        catalog_hash: source_hash,
        surface_hash,
        products: this.src.products.map(productEntry),
      },
    };
  }

  all(): View {
    const { source_hash, surface_hash } = this.src.catalogHashes;
    const tools = this.src.tools();
    return {
      level: 'all',
      body: {
        kind: 'catalog',
        level: 'all',
        count: this.src.products.length,
        tool_count: tools.length,
        catalog_hash: source_hash,
        surface_hash,
        products: this.src.products.map((p) => ({ ...productEntry(p), tools: tools.filter((t) => t.product_id === p.id) })),
      },
    };
  }

  /** Resolves a path: product id, leaf identity (canonical, CLI path, alias), or a CLI path prefix (group). */
  resolve(path: string): View {
    const key = identityKey(path);
    if (!key || key === 'list') return this.overview();
    const m = this.src.meta;
    const docs = (pred: (doc: number) => boolean) => Array.from({ length: m.count }, (_, doc) => doc).filter(pred);
    const summaries = (list: number[]) => list.map((doc) => toolSummary(m, doc, this.src.text(doc)));
    const product = this.src.products.find((p) => p.id === key);
    if (product) {
      const list = docs((d) => m.product_id[d] === product.id);
      return {
        level: 'product',
        body: { kind: 'product', level: 'product', ...productEntry(product), count: list.length, tools: summaries(list) },
      };
    }
    const doc = this.src.identities.get(key);
    if (doc !== undefined) return { level: 'leaf', body: this.src.spec(doc) };
    const prefix = key + ' ';
    const group = docs((d) => m.cli_path.at(d)!.startsWith(prefix));
    if (group.length) {
      return {
        level: 'group',
        body: { kind: 'group', level: 'group', id: key, product: m.product_id[group[0]], count: group.length, schema_path: schemaPath(JSON.stringify(key)), tools: summaries(group) },
      };
    }
    const near = this.suggest(key);
    throw new DwsError('unknown_path', `no product, group or command ${quoted(path)}`,
      near.length ? `did you mean ${near.map((p) => `\`dws schema ${p.includes(' ') ? JSON.stringify(p) : p}\``).join(', ')}?` :
        'list the products with `dws schema`, or find a command with `dws schema search --query "<task>"`');
  }

  /** The nearest valid paths (and the `search` subcommand, a word people mistype here). */
  suggest(key: string, n = 5): string[] {
    const candidates = ['search', ...this.src.products.map((p) => p.id)];
    const m = this.src.meta;
    for (let doc = 0; doc < m.count; doc++) {
      const cli = m.cli_path.at(doc)!;
      candidates.push(m.canonical_path.at(doc)!, cli);
      const words = cli.split(' ');
      for (let i = 2; i < words.length; i++) candidates.push(words.slice(0, i).join(' '));
    }
    return nearestNames(key, candidates, n, identityKey);
  }

  /** The JSON the CLI prints for `dws schema [path]` with these options (without the newline). */
  render(path: string | undefined, opts: InspectOptions): string {
    const versioned = opts.expectedSourceHash !== undefined || opts.expectedSurfaceHash !== undefined;
    if (versioned) return this.versioned(path, opts);
    if (opts.all && path) throw new DwsError('all_with_path', '--all prints the whole catalog and takes no path', 'drop the path, or drop --all');
    const view = opts.all ? this.all() : path ? this.resolve(path) : this.overview();
    let body: unknown = view.body;
    if (opts.compact) body = view.level === 'leaf' ? compactLeaf(view.body) : compactNavigation(view.body as Record<string, unknown>);
    if (opts.fields) body = filterFields(body as Record<string, unknown>, view.level, opts.fields);
    return JSON.stringify(body);
  }

  private versioned(path: string | undefined, opts: InspectOptions): string {
    checkCatalogVersion(this.src.catalogHashes, { source: opts.expectedSourceHash, surface: opts.expectedSurfaceHash }, 'inspect with the new hashes');
    if (opts.fields) throw new DwsError('unsupported_output_filter', 'versioned Inspect prints the whole contract; --fields is not allowed');
    const { source_hash, surface_hash } = this.src.catalogHashes;
    if (opts.all) throw new DwsError('all_with_path', 'versioned Inspect reads one command, not --all');
    const view = this.resolve(path ?? '');
    if (view.level !== 'leaf') {
      throw new DwsError('unknown_path', `"${path ?? ''}" is not one command; versioned Inspect reads exactly one`, 'pass a canonical path from a search result');
    }
    return JSON.stringify({ version: INSPECT_VERSION, catalog: { source_hash, surface_hash }, tool_spec: compactLeaf(view.body) });
  }
}

const HASH = /^sha256:[0-9a-f]{64}$/;

/**
 * The catalog version a caller expects (versioned Inspect; dispatch, where it is optional): both hashes, each
 * `sha256:` + 64 lowercase hex, checked before anything is compared or resolved, then compared with the catalog's
 * (`catalog_changed` names the stale ones and the current pair). False when no hash was given; `next` ends the hint
 * (what to do after searching again).
 */
export function checkCatalogVersion(have: { source_hash: string; surface_hash: string }, expected: { source?: string; surface?: string }, next: string): boolean {
  const { source, surface } = expected;
  if (source === undefined && surface === undefined) return false;
  if (source === undefined || surface === undefined) {
    throw new DwsError('incomplete_catalog_version', 'a catalog version needs both --expected-source-hash and --expected-surface-hash',
      'pass both hashes from the search response\'s "catalog" object');
  }
  for (const [name, value] of [['source_hash', source], ['surface_hash', surface]]) {
    if (!HASH.test(value)) {
      throw new DwsError('invalid_hash', `the expected ${name} must be "sha256:" and 64 lowercase hex digits, got ${JSON.stringify(value.slice(0, 80))}`,
        'copy the hashes from the search response\'s "catalog" object as they are');
    }
  }
  const stale = [source !== have.source_hash ? 'source_hash' : '', surface !== have.surface_hash ? 'surface_hash' : ''].filter(Boolean);
  if (stale.length) {
    throw new DwsError('catalog_changed', `the catalog changed since those hashes were issued: the expected ${stale.join(' and ')} no longer match (now source_hash ${have.source_hash}, surface_hash ${have.surface_hash})`,
      `search again with \`dws schema search\` and ${next}`);
  }
  return true;
}

/**
 * --fields over a list: each element with only those keys. A key that no element has (nor `known`, the keys an
 * element may have, for a list that can be empty) is an error naming the keys there are, never a list of `{}`.
 */
export function pickFields(list: Record<string, unknown>[], fields: string[], known: readonly string[] = []): Record<string, unknown>[] {
  const keys = new Set<string>(known);
  for (const o of list) for (const k of Object.keys(o)) keys.add(k);
  const unknown = fields.filter((f) => !keys.has(f));
  if (unknown.length && (list.length || known.length)) {
    throw new DwsError('invalid_fields', `no field ${unknown.map((f) => JSON.stringify(f)).join(', ')} here`, `fields here: ${[...keys].sort(byCodePoint).join(', ')}`);
  }
  return list.map((o) => Object.fromEntries(Object.entries(o).filter(([k]) => fields.includes(k))));
}

/** --fields: keep only these keys of each main-list element (navigation) or of the leaf. */
function filterFields(body: Record<string, unknown>, level: View['level'], fields: string[]): unknown {
  if (level === 'leaf') return pickFields([body], fields)[0];
  const listKey = level === 'root' || level === 'all' ? 'products' : 'tools';
  return { ...body, [listKey]: pickFields(body[listKey] as Record<string, unknown>[], fields) };
}

const browsers = new WeakMap<BrowseSource, Browser>();

/**
 * `dws schema [path]` over an engine (or any BrowseSource): overview, product, group, leaf, --all or versioned
 * Inspect; exactly the CLI's bytes. One Browser per source, made on first use.
 */
export function inspect(src: BrowseSource, path?: string, options: InspectOptions = {}): string {
  let b = browsers.get(src);
  if (!b) browsers.set(src, (b = new Browser(src)));
  return b.render(path, options);
}
