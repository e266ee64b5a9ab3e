// The playground page: loads the catalog snapshot from this site's own origin into the same Engine the CLI uses,
// exposes window.dws (api.ts), and renders searches, per-result explain charts and a versioned Inspect pane.
// Everything shown is derived from the engine's own output strings; the page never re-ranks or re-renders JSON
// it claims is the CLI's.
import { Engine } from '../engine/engine.js';
import { createDwsApi, errorOf, type DwsApi } from './api.js';
import { inspectCommand, runCommand, searchCommand, type ContractLike, type PlaygroundRequest } from './commands.js';
import type { ScoreBreakdown, ToolReference } from '../engine/search.js';
import { byCodePoint } from '../text/order.js';

declare const __DWS_SNAPSHOT_FILE__: string;
declare global {
  interface Window {
    dws?: DwsApi;
  }
}

type Breakdown = ScoreBreakdown;
type Reference = ToolReference;
interface SearchResponse {
  catalog: { source_hash: string; surface_hash: string };
  strategy: string;
  candidates: Reference[];
  exact_filtered?: { canonical_path: string; reason: string };
  abstained?: boolean;
  weak_match?: boolean;
  hint?: string;
  truncated?: boolean;
}
interface Contract extends ContractLike {
  canonical_path: string;
  agent_summary_en?: string;
  parameters?: Record<string, { type: string; required?: boolean; cli_required?: boolean; description?: string; description_en?: string; enum?: string[] }>;
  use_when?: string[];
  use_when_en?: string[];
  avoid_when?: string[];
  avoid_when_en?: string[];
  interface_reason?: string;
  availability?: string;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`playground markup lacks #${id}`);
  return el as T;
};

function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}

const ui = {
  form: $<HTMLFormElement>('search-form'),
  query: $<HTMLInputElement>('query'),
  subqueries: $<HTMLTextAreaElement>('subqueries'),
  limit: $<HTMLInputElement>('limit'),
  products: $('products'),
  options: $<HTMLDetailsElement>('options'),
  status: $('status'),
  results: $<HTMLOListElement>('results'),
  raw: $('raw'),
  tabResults: $<HTMLButtonElement>('tab-results'),
  tabRaw: $<HTMLButtonElement>('tab-raw'),
  resultsPanel: $('results-panel'),
  rawPanel: $('raw-panel'),
  searchCommand: $('search-command'),
  catalogLine: $('catalog-line'),
  inspectPane: $('inspect-pane'),
  inspectEmpty: $('inspect-empty'),
  inspectBody: $('inspect-body'),
  inspectTitle: $('inspect-title'),
  runCommand: $('run-command'),
  inspectCommand: $('inspect-command'),
  contractSummary: $('contract-summary'),
  contract: $('contract'),
};

let api: DwsApi;
let current: { response: SearchResponse; refs: Reference[] } | undefined;

/** The request the form describes, as the JSON the CLI's --request-json/--batch would read. */
function formRequest(): PlaygroundRequest {
  const request: PlaygroundRequest = { version: 'tool-search.v1', query: ui.query.value };
  const subqueries = ui.subqueries.value.split('\n').filter((s) => s.trim().length > 0);
  if (subqueries.length) request.subqueries = subqueries;
  if (ui.limit.value.trim() !== '') request.limit = Number(ui.limit.value);
  const products = checked('product');
  if (products.length) request.product_ids = products;
  const effects = checked('effect');
  if (effects.length) request.effects = effects;
  return request;
}

const checked = (name: string): string[] =>
  Array.from(document.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`)).map((i) => i.value);

function badge(kind: string, value: string): HTMLElement {
  return h('span', { className: `badge ${kind}-${value}`, title: kind }, value.replace('_', ' '));
}

/** Per-field contributions as horizontal bars scaled to the largest one. */
function explainChart(ref: Reference, breakdown: Breakdown | undefined, strategy: string): HTMLElement {
  if (!breakdown) {
    const why = strategy === 'exact_guard' ? 'Exact Guard: the query names this command, so it is returned without scoring.'
      : 'No score breakdown for this reference.';
    return h('p', { className: 'muted' }, why);
  }
  const entries = Object.entries(breakdown.fields).sort(([a, x], [b, y]) => y - x || byCodePoint(a, b));
  const max = Math.max(...entries.map(([, v]) => v), Number.MIN_VALUE);
  const chart = h('div', { className: 'bars', role: 'table', ariaLabel: `Score contributions for ${ref.canonical_path}` });
  for (const [field, value] of entries) {
    const bar = h('span', { className: 'bar' });
    bar.style.width = `${((value / max) * 100).toFixed(1)}%`;
    chart.append(h('div', { className: 'bar-row', role: 'row' },
      h('span', { className: 'bar-label', role: 'rowheader' }, field),
      h('span', { className: 'bar-track', role: 'cell' }, bar),
      h('span', { className: 'bar-value', role: 'cell' }, value.toFixed(2))));
  }
  const total = `score ${breakdown.score.toFixed(4)}` + (breakdown.penalty !== undefined ? ` (× ${breakdown.penalty} avoid_when demotion)` : '');
  return h('div', {}, chart, h('p', { className: 'muted total' }, total));
}

function renderResults(response: SearchResponse, explained: Map<string, Breakdown>): void {
  ui.results.replaceChildren();
  response.candidates.forEach((ref, i) => {
    const main = h('button', { type: 'button', className: 'result-main', id: `result-${i}` },
      h('span', { className: 'result-head' },
        h('span', { className: 'rank' }, `#${ref.rank}`),
        h('code', { className: 'path' }, ref.canonical_path),
        h('code', { className: 'cli' }, `dws ${ref.primary_cli_path}`)),
      h('span', { className: 'title' }, ref.title),
      h('span', { className: 'summary' }, ref.agent_summary),
      h('span', { className: 'badges' }, badge('effect', ref.effect), badge('risk', ref.risk), badge('confirmation', ref.confirmation), badge('idempotency', ref.idempotency)),
      h('span', { className: 'matched' }, 'matched: ', ...ref.matched_fields.map((f) => h('span', { className: 'chip' }, f))));
    main.dataset.index = String(i);
    main.addEventListener('click', () => select(i, true));
    const explain = h('details', { className: 'explain' }, h('summary', {}, 'Explain score'), explainChart(ref, explained.get(ref.canonical_path), response.strategy));
    ui.results.append(h('li', { className: 'result' }, main, explain));
  });
}

function statusText(response: SearchResponse, ms: number): string {
  const parts = [`${response.strategy}`, `${response.candidates.length} candidate${response.candidates.length === 1 ? '' : 's'}`];
  if (response.exact_filtered) parts.push(`exact_filtered: ${response.exact_filtered.canonical_path} (${response.exact_filtered.reason})`);
  if (response.abstained) parts.push('abstained');
  if (response.weak_match) parts.push('weak match');
  if (response.truncated) parts.push('truncated to fit 8 KiB');
  parts.push(`${ms.toFixed(1)} ms`);
  return parts.join(' · ') + (response.hint ? `\n${response.hint}` : '');
}

function runSearch(): void {
  const request = formRequest();
  const requestJson = JSON.stringify(request);
  ui.searchCommand.textContent = searchCommand(request);
  const started = performance.now();
  const out = api.search(requestJson);
  const ms = performance.now() - started;
  ui.raw.textContent = out;
  ui.raw.dataset.request = requestJson;
  writeHash(request);
  const error = errorOf(out);
  if (error) {
    current = undefined;
    ui.results.replaceChildren();
    ui.status.className = 'error';
    ui.status.textContent = `${error.reason}: ${error.message}${error.hint ? `\n${error.hint}` : ''}`;
    return;
  }
  const response = JSON.parse(out) as SearchResponse;
  // The explain run only adds score_breakdown; order and membership are the same (SPEC 4.4).
  const explained = JSON.parse(api.search(requestJson, { explain: true })) as SearchResponse;
  const breakdowns = new Map(explained.candidates.flatMap((c) => (c.score_breakdown ? [[c.canonical_path, c.score_breakdown] as const] : [])));
  current = { response, refs: response.candidates };
  ui.status.className = response.abstained || response.weak_match ? 'warn' : '';
  ui.status.textContent = statusText(response, ms);
  renderResults(response, breakdowns);
  if (response.candidates.length) select(0, false);
  else clearInspect();
}

function clearInspect(): void {
  ui.inspectBody.hidden = true;
  ui.inspectEmpty.hidden = false;
}

function list(title: string, items: string[] | undefined): HTMLElement[] {
  return items?.length ? [h('h3', {}, title), h('ul', {}, ...items.map((t) => h('li', {}, t)))] : [];
}

/** Shows the versioned Inspect output for one result: exactly what the command beside it prints. */
function select(index: number, focusPane: boolean): void {
  if (!current) return;
  const ref = current.refs[index];
  for (const el of Array.from(ui.results.querySelectorAll('.result-main'))) el.setAttribute('aria-current', String(el.id === `result-${index}`));
  const hashes = current.response.catalog;
  const out = api.inspect(ref.canonical_path, { compact: true, expectedSourceHash: hashes.source_hash, expectedSurfaceHash: hashes.surface_hash });
  ui.contract.textContent = out;
  ui.inspectEmpty.hidden = true;
  ui.inspectBody.hidden = false;
  const error = errorOf(out);
  if (error) {
    ui.inspectTitle.textContent = `${error.reason}: ${error.message}`;
    return;
  }
  const contract = (JSON.parse(out) as { tool_spec: Contract }).tool_spec;
  ui.inspectTitle.replaceChildren(h('code', {}, contract.canonical_path), ' ', ref.title);
  ui.runCommand.textContent = runCommand(contract);
  ui.inspectCommand.textContent = inspectCommand(contract.canonical_path, hashes);
  const params = Object.entries(contract.parameters ?? {});
  const table = params.length
    ? h('table', {},
      h('thead', {}, h('tr', {}, h('th', {}, 'flag'), h('th', {}, 'type'), h('th', {}, 'required'), h('th', {}, 'description'))),
      h('tbody', {}, ...params.map(([name, p]) => h('tr', {},
        h('td', {}, h('code', {}, `--${name}`)),
        h('td', {}, p.enum ? `${p.type}: ${p.enum.join(' | ')}` : p.type),
        h('td', {}, p.required || p.cli_required ? 'yes' : ''),
        h('td', {}, p.description_en ?? p.description ?? '')))))
    : h('p', { className: 'muted' }, 'No parameters.');
  ui.contractSummary.replaceChildren(
    h('p', {}, contract.agent_summary_en ?? ''),
    ...(contract.availability === 'unavailable' ? [h('p', { className: 'warn' }, `Unavailable: ${contract.interface_reason ?? ''}`)] : []),
    h('h3', {}, 'Parameters'), table,
    ...list('Use when', contract.use_when_en),
    ...list('Avoid when', contract.avoid_when_en));
  if (focusPane) {
    ui.inspectPane.focus({ preventScroll: true });
    ui.inspectPane.scrollIntoView({ block: 'nearest' });
  }
}

function showTab(raw: boolean): void {
  ui.tabRaw.ariaSelected = String(raw);
  ui.tabResults.ariaSelected = String(!raw);
  ui.tabRaw.tabIndex = raw ? 0 : -1;
  ui.tabResults.tabIndex = raw ? -1 : 0;
  ui.rawPanel.hidden = !raw;
  ui.resultsPanel.hidden = raw;
}

const resultButtons = () => Array.from(ui.results.querySelectorAll<HTMLButtonElement>('.result-main'));

function onKey(ev: KeyboardEvent): void {
  const target = ev.target as HTMLElement;
  const typing = target instanceof HTMLInputElement && target.type !== 'checkbox' || target instanceof HTMLTextAreaElement;
  if (ev.key === 'Escape') {
    ui.query.focus();
    ui.query.select();
    return;
  }
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
  const buttons = resultButtons();
  const at = buttons.indexOf(target as HTMLButtonElement);
  if ((ev.key === 'ArrowDown' || ev.key === 'ArrowUp') && (at >= 0 || (target === ui.query && ev.key === 'ArrowDown'))) {
    ev.preventDefault();
    const next = at < 0 ? 0 : Math.min(buttons.length - 1, Math.max(0, at + (ev.key === 'ArrowDown' ? 1 : -1)));
    buttons[next]?.focus();
    return;
  }
  if (typing) return;
  if (ev.key === '/') {
    ev.preventDefault();
    ui.query.focus();
  } else if (ev.key === 'j') {
    showTab(ui.rawPanel.hidden);
  } else if (ev.key === 'e' && at >= 0) {
    const details = buttons[at].parentElement?.querySelector('details');
    if (details) details.open = !details.open;
  }
}

/** The search state lives in the URL fragment, so a search can be shared as a link. */
function writeHash(request: PlaygroundRequest): void {
  const params = new URLSearchParams();
  params.set('q', request.query);
  for (const s of request.subqueries ?? []) params.append('sub', s);
  if (request.limit !== undefined && request.limit !== 5) params.set('limit', String(request.limit));
  if (request.product_ids) params.set('product', request.product_ids.join(','));
  if (request.effects) params.set('effect', request.effects.join(','));
  history.replaceState(null, '', `#${params}`);
}

function readHash(): boolean {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has('q')) return false;
  ui.query.value = params.get('q') ?? '';
  ui.subqueries.value = params.getAll('sub').join('\n');
  ui.limit.value = params.get('limit') ?? ui.limit.defaultValue;
  const on = (name: string, values: string | null) => {
    const set = new Set((values ?? '').split(',').filter(Boolean));
    for (const box of Array.from(document.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`))) box.checked = set.has(box.value);
    return set.size > 0;
  };
  if (on('product', params.get('product')) || on('effect', params.get('effect')) || params.has('sub')) ui.options.open = true;
  return true;
}

function wire(): void {
  ui.form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    runSearch();
  });
  ui.tabResults.addEventListener('click', () => showTab(false));
  ui.tabRaw.addEventListener('click', () => showTab(true));
  for (const tab of [ui.tabResults, ui.tabRaw]) {
    tab.addEventListener('keydown', (ev) => {
      if (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight') {
        showTab(tab === ui.tabResults);
        (tab === ui.tabResults ? ui.tabRaw : ui.tabResults).focus();
      }
    });
  }
  for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('button.copy'))) {
    button.addEventListener('click', async () => {
      const text = $(button.dataset.copy ?? '').textContent ?? '';
      try {
        await navigator.clipboard.writeText(text);
        button.textContent = 'Copied';
      } catch {
        const range = document.createRange();
        range.selectNodeContents($(button.dataset.copy ?? ''));
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
        button.textContent = 'Selected';
      }
      setTimeout(() => (button.textContent = 'Copy'), 1200);
    });
  }
  document.addEventListener('keydown', onKey);
}

async function boot(): Promise<void> {
  const started = performance.now();
  const response = await fetch(new URL(__DWS_SNAPSHOT_FILE__, document.baseURI));
  if (!response.ok) throw new Error(`cannot load the catalog snapshot (${response.status} ${response.statusText})`);
  const engine = new Engine(new Uint8Array(await response.arrayBuffer()));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  api = createDwsApi(engine);
  window.dws = api;
  const { catalog } = api;
  ui.catalogLine.textContent = `${catalog.tool_count} commands in ${catalog.products.length} products · source ${catalog.source_hash.slice(0, 19)}… · surface ${catalog.surface_hash.slice(0, 19)}… · loaded in ${seconds} s`;
  ui.catalogLine.title = `source_hash ${catalog.source_hash}\nsurface_hash ${catalog.surface_hash}`;
  ui.products.replaceChildren(...catalog.products.map((p) =>
    h('label', { title: p.title }, h('input', { type: 'checkbox', name: 'product', value: p.id }), ` ${p.id}`)));
  wire();
  // Links and back/forward change only the fragment; replaceState in writeHash does not fire this.
  addEventListener('hashchange', () => {
    if (readHash()) runSearch();
  });
  if (readHash()) runSearch();
  document.documentElement.dataset.ready = 'true';
  ui.query.focus();
}

boot().catch((err: unknown) => {
  ui.catalogLine.className = 'error';
  ui.catalogLine.textContent = `The playground could not start: ${(err as Error).message}`;
  document.documentElement.dataset.ready = 'error';
});
