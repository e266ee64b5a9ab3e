// The playground in a real browser: the built site, served locally, answers through window.dws and through its
// UI with exactly the bytes the Node CLI prints for the same requests and the same snapshot, and never talks to
// any origin but its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { BIN, ROOT, runCliAsync } from '../helpers.js';
import { CASES, type Kind } from './requests.js';
import { buildSite, launchChromium, serveSite } from './site.js';

interface UiCase {
  query: string;
  subqueries?: string[];
  limit?: number;
  products?: string[];
  effects?: string[];
}

const UI_CASES: UiCase[] = [
  { query: '撤回我刚发的群消息' },
  { query: 'who has read my message', limit: 3, effects: ['read'] },
  { query: '删除', products: ['chat', 'drive'], effects: ['destructive'] },
  { query: 'meeting follow-up', subqueries: ['book a meeting room', '创建待办'] },
  { query: 'chat.recall_message', products: ['todo'] },
];

/** The request the page should send for a UI case (the limit box starts at 5). */
function uiRequest(c: UiCase): Record<string, unknown> {
  const r: Record<string, unknown> = { version: 'tool-search.v1', query: c.query };
  if (c.subqueries) r.subqueries = c.subqueries;
  r.limit = c.limit ?? 5;
  if (c.products) r.product_ids = c.products;
  if (c.effects) r.effects = c.effects;
  return r;
}

const lines = [...CASES.map((c) => JSON.stringify(c.request)), ...UI_CASES.map((c) => JSON.stringify(uiRequest(c)))];

let server: PreviewServer;
let origin: string;
let url: string;
let browser: Browser;
let page: Page;
let siteDir: string;
let snapshotFile: string;
let cli: string[];
let cliExplained: string[];
const requested: string[] = [];

/** The CLI bound to the very snapshot the site ships, so a concurrent rebuild cannot make them differ. */
const cliEnv = () => ({ DWS_SNAPSHOT: snapshotFile, DWS_TOOL_SEARCH_ALGORITHM: '' });

async function batch(explain: boolean): Promise<string[]> {
  const r = await runCliAsync(['schema', 'search', '--batch', ...(explain ? ['--explain'] : [])], lines.join('\n') + '\n', cliEnv());
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  const out = r.stdout.split('\n');
  expect(out.pop()).toBe('');
  expect(out.length).toBe(lines.length);
  return out;
}

/** Runs a command line exactly as the page shows it, with `dws` meaning this checkout's CLI. */
function runShown(command: string): string {
  return execFileSync('sh', ['-c', `dws() { "${process.execPath}" "${BIN}" "$@"; }\n${command}`], { encoding: 'utf8', env: { ...process.env, ...cliEnv() } });
}

async function openPage(p: Page, hash = ''): Promise<void> {
  await p.goto(url + hash);
  await p.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
  expect(await p.evaluate(() => document.documentElement.dataset.ready)).toBe('true');
}

beforeAll(async () => {
  ({ dir: siteDir, snapshot: snapshotFile } = buildSite());
  ({ server, url } = await serveSite(siteDir));
  origin = new URL(url).origin;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('request', (r) => requested.push(r.url()));
  [cli, cliExplained] = await Promise.all([batch(false), batch(true)]);
  await openPage(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

describe('the playground in Chromium', () => {
  it('answers 60+ requests of every kind through window.dws.search with the CLI --batch bytes', async () => {
    const kinds = new Set(CASES.map((c) => c.kind));
    for (const k of ['zh', 'mixed', 'en', 'subqueries', 'filters', 'exact', 'exact_filtered', 'abstain'] satisfies Kind[]) expect(kinds).toContain(k);
    expect(lines.length).toBeGreaterThanOrEqual(50);
    const browserOut = await page.evaluate((ls) => ls.map((l) => window.dws!.search(l)), lines);
    expect(browserOut).toEqual(cli);
    // Each case really is what it claims to exercise.
    CASES.forEach((c, i) => {
      const r = JSON.parse(cli[i]);
      const expected: Partial<Record<Kind, (r: { strategy?: string; abstained?: boolean; error?: unknown; candidates?: { rank_sources: string[] }[] }) => boolean>> = {
        exact: (x) => x.strategy === 'exact_guard',
        exact_filtered: (x) => x.strategy === 'exact_filtered',
        abstain: (x) => x.abstained === true,
        subqueries: (x) => x.strategy?.startsWith('decomposed_') === true,
        error: (x) => x.error !== undefined,
      };
      expect(expected[c.kind]?.(r) ?? r.error === undefined, `${c.kind}: ${lines[i]}`).toBe(true);
    });
  });

  it('gives the --explain bytes, score breakdowns included, for the same requests', async () => {
    const browserOut = await page.evaluate((ls) => ls.map((l) => window.dws!.search(l, { explain: true })), lines);
    expect(browserOut).toEqual(cliExplained);
    expect(cliExplained.some((l) => l.includes('"score_breakdown"'))).toBe(true);
  });

  it('inspects with the CLI bytes: versioned Inspect, a compact product listing, and catalog_changed', async () => {
    const { source_hash, surface_hash } = JSON.parse(cli[0]).catalog;
    const versioned = { compact: true, expectedSourceHash: source_hash, expectedSurfaceHash: surface_hash };
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['chat.recall_message', versioned, ['schema', 'chat.recall_message', '--compact', '--expected-source-hash', source_hash, '--expected-surface-hash', surface_hash]],
      ['todo', { compact: true }, ['schema', 'todo', '--compact']],
      ['chat message recall', { fields: ['canonical_path', 'effect'] }, ['schema', 'chat', 'message', 'recall', '--fields', 'canonical_path,effect']],
    ];
    for (const [p, opts, args] of cases) {
      const [fromPage, fromCli] = await Promise.all([page.evaluate(([p, o]) => window.dws!.inspect(p, o), [p, opts] as const), runCliAsync(args, '', cliEnv())]);
      expect(fromCli.status).toBe(0);
      expect(fromPage + '\n').toBe(fromCli.stdout);
    }
    const stale = { ...versioned, expectedSourceHash: 'sha256:' + '0'.repeat(64) };
    const fromPage = await page.evaluate((o) => window.dws!.inspect('chat.recall_message', o), stale);
    const fromCli = await runCliAsync(['schema', 'chat.recall_message', '--compact', '--expected-source-hash', stale.expectedSourceHash, '--expected-surface-hash', surface_hash], '', cliEnv());
    expect(fromCli.status).toBe(6);
    expect(fromPage + '\n').toBe(fromCli.stderr);
    expect(await page.evaluate(() => window.dws!.catalog)).toMatchObject({ source_hash, surface_hash, tool_count: 1125 });
  });

  it('searching through the page shows the CLI bytes, and the command lines it shows print them too', async () => {
    await openPage(page);
    for (const [i, c] of UI_CASES.entries()) {
      await page.evaluate(() => (document.getElementById('search-form') as HTMLFormElement).reset());
      await page.fill('#query', c.query);
      if (c.subqueries || c.products || c.effects || c.limit !== undefined) {
        if (!(await page.isVisible('#subqueries'))) await page.click('#options > summary');
        if (c.subqueries) await page.fill('#subqueries', c.subqueries.join('\n'));
        if (c.limit !== undefined) await page.fill('#limit', String(c.limit));
        for (const p of c.products ?? []) await page.check(`input[name="product"][value="${p}"]`);
        for (const e of c.effects ?? []) await page.check(`input[name="effect"][value="${e}"]`);
      }
      await page.evaluate(() => delete document.getElementById('raw')!.dataset.request);
      await page.press('#query', 'Enter');
      await page.waitForFunction(() => document.getElementById('raw')?.dataset.request !== undefined);
      const shown = await page.evaluate(() => ({
        request: document.getElementById('raw')!.dataset.request!,
        raw: document.getElementById('raw')!.textContent,
        searchCommand: document.getElementById('search-command')!.textContent!,
        results: document.querySelectorAll('#results .result').length,
      }));
      const expected = cli[CASES.length + i];
      expect(JSON.parse(shown.request)).toEqual(uiRequest(c));
      expect(shown.raw).toBe(expected);
      expect(shown.results).toBe(JSON.parse(expected).candidates.length);
      expect(runShown(shown.searchCommand)).toBe(expected + '\n');
    }
  });

  it('shows the selected result\'s versioned Inspect output and a command that prints exactly it', async () => {
    await openPage(page, '#q=' + encodeURIComponent('撤回我刚发的群消息'));
    await page.waitForSelector('#results .result');
    await page.click('#result-1');
    const shown = await page.evaluate(() => ({
      contract: document.getElementById('contract')!.textContent!,
      inspectCommand: document.getElementById('inspect-command')!.textContent!,
      runCommand: document.getElementById('run-command')!.textContent!,
      current: document.querySelector('.result-main[aria-current="true"]')?.id,
    }));
    expect(shown.current).toBe('result-1');
    const second = JSON.parse(cli[0]).candidates[1];
    expect(JSON.parse(shown.contract).tool_spec.canonical_path).toBe(second.canonical_path);
    expect(runShown(shown.inspectCommand)).toBe(shown.contract + '\n');
    expect(shown.runCommand.startsWith(`dws ${second.primary_cli_path}`)).toBe(true);
  });

  it('labels every result with the fields it matched, one chip per field', async () => {
    const query = '给考勤助手这个应用订阅通讯录变更事件，然后看下订阅结果';
    await openPage(page, '#q=' + encodeURIComponent(query));
    await page.waitForSelector('#results .result');
    const chips = await page.$$eval('#results .result-main .matched', (els) => els.map((e) => Array.from(e.querySelectorAll('.chip'), (c) => c.textContent)));
    const refs = JSON.parse(cli[CASES.findIndex((c) => c.request.query === query)]).candidates as { matched_fields: string[] }[];
    expect(refs.length).toBeGreaterThan(1);
    expect(chips).toEqual(refs.map((r) => r.matched_fields));
  });

  it('works from the keyboard: / to the query, arrows through results, Enter to inspect, e to explain, j for raw JSON', async () => {
    await openPage(page);
    await page.click('body', { position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('query');
    await page.keyboard.type('upload a file to drive');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#results .result');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('result-1');
    await page.keyboard.press('Enter');
    const response = JSON.parse(cliExplained[CASES.findIndex((c) => c.request.query === 'upload a file to drive')]);
    const second = response.candidates[1];
    expect(JSON.parse((await page.textContent('#contract'))!).tool_spec.canonical_path).toBe(second.canonical_path);
    await page.focus('#result-1');
    await page.keyboard.press('e');
    const bars = await page.$$eval('.result:nth-child(2) details[open] .bar-row', (rows) => rows.map((r) => r.firstElementChild!.textContent));
    expect(bars.sort()).toEqual(Object.keys(second.score_breakdown.fields).sort());
    await page.keyboard.press('j');
    expect(await page.isVisible('#raw')).toBe(true);
    await page.keyboard.press('j');
    expect(await page.isVisible('#results')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('query');
    mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    await openPage(page, '#q=' + encodeURIComponent('撤回我刚发的群消息'));
    await page.click('.result:nth-child(1) .explain > summary');
    const shot = path.join(ROOT, 'test-results', 'playground.png');
    await page.screenshot({ path: shot });
    if (process.env.UPDATE_SCREENSHOT === '1') copyFileSync(shot, path.join(ROOT, 'docs', 'playground.png'));
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    phone.on('request', (r) => requested.push(r.url()));
    await openPage(phone, '#q=' + encodeURIComponent('who has read my message') + '&effect=read');
    await phone.waitForSelector('#results .result');
    const width = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.inner);
    await phone.screenshot({ path: path.join(ROOT, 'test-results', 'playground-phone.png'), fullPage: true });
    await phone.close();
  });

  it('requests nothing from any origin but its own', () => {
    expect(requested.some((u) => /\/snapshot-[0-9a-f]{16}\.bin$/.test(u))).toBe(true);
    // data: URLs (the empty favicon) are inline, not network requests.
    expect(requested.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin)).toEqual([]);
  });
});
