// h54-a9: second-reading audit of seed 20261455 (issue 32, notes/h54-a9.md). One drawn command differed from its
// upstream body at c7521c1c: `dws event status` refused a subscription list whose later page held only subscriptions
// already read, even when that page was short and the total was reached or not given. Upstream's
// personal.Client.ListSubscriptions (internal/event/personal/client.go:220-269@c7521c1c) fails on a page that adds
// nothing only when the answer's total is still ahead of what was read or the page is full; otherwise the short page
// ends the list. Two more answer-reading points of the same list: a page json.Unmarshal cannot put into
// dwsSubListResult fails, and a status that is neither text nor a number prints as its JSON text (dwsStatusString).
// The list is shared by event status and event consume's --subscribe-id lookup (src/events/control.ts). Each case runs
// `node bin/dws.cjs event status --format json` as a user types it against a control plane on 127.0.0.1 that answers
// /dws/event/sublist page by page.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, runCliAsync } from '../helpers.js';

const TOKEN = 'evt-token-h54a9-never-print';
let pages: unknown[] = [];
let asked: string[] = [];
let url = '';
let stateDir = '';
const server = http.createServer((req, res) => {
  const u = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && u.pathname === '/dws/event/sublist' && req.headers.authorization === `Bearer ${TOKEN}`) {
    const pageNo = u.searchParams.get('pageNo') ?? '';
    asked.push(pageNo);
    const page = Number(pageNo) <= pages.length ? pages[Number(pageNo) - 1] : { items: [] };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: true, result: page }));
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ success: false, errorCode: 'NO_ROUTE' }));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dws`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  pages = [];
  asked = [];
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'dws-h54a9-'));
  return () => rmSync(stateDir, { recursive: true, force: true });
});

const env = () => ({
  DWS_EVENT_URL: url, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_TOKEN: TOKEN, DWS_CLIENT_ID: 'client-h54a9', DWS_CONFIG: '/nonexistent/dws.json',
  DWS_STATE_DIR: stateDir,
});
const sub = (id: string) => ({ subId: id, eventKey: 'user_im_message_receive_at', ruleType: 'at', sourceId: 'open', status: 1, gmtCreate: '2026-12-01T00:00:00Z' });
const ids = (stdout: string) => (JSON.parse(stdout).result.subscriptions as { subscribe_id: string }[]).map((s) => s.subscribe_id);

describe('event status: a page of subscriptions already read (ListSubscriptions personal/client.go:245-264@c7521c1c)', () => {
  it.each([
    ['no total', undefined, undefined],
    ['a total that shrank to what was read (a subscription removed while paging)', 3, 2],
  ])('a short page adding nothing, with %s, ends the list: the subscriptions read are printed, exit 0', async (_name, total1, total2) => {
    pages = [
      { pageSize: 2, items: [sub('s1'), sub('s2')], ...(total1 === undefined ? {} : { total: total1 }) },
      { pageSize: 2, items: [sub('s2')], ...(total2 === undefined ? {} : { total: total2 }) },
    ];
    const r = await runCliAsync(['event', 'status', '--format', 'json'], '', env());
    expect(r.status, r.stderr).toBe(0);
    expect(ids(r.stdout)).toEqual(['s1', 's2']);
    expect(asked).toEqual(['1', '2']);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('a full page adding nothing is still refused (no progress), as upstream', async () => {
    pages = [{ pageSize: 2, items: [sub('s1'), sub('s2')] }, { pageSize: 2, items: [sub('s1'), sub('s2')] }];
    const r = await runCliAsync(['event', 'status', '--format', 'json'], '', env());
    expect(r.status).toBe(1);
    expect(errorOf(r.stderr).reason).toBe('backend_error');
    expect(asked).toEqual(['1', '2']);
  });

  it('a short page adding nothing while the total is still ahead is refused, as upstream', async () => {
    pages = [{ pageSize: 2, total: 5, items: [sub('s1'), sub('s2')] }, { pageSize: 2, total: 5, items: [sub('s2')] }];
    const r = await runCliAsync(['event', 'status', '--format', 'json'], '', env());
    expect(r.status).toBe(1);
    expect(errorOf(r.stderr).reason).toBe('backend_error');
  });
});

describe('event status: a page upstream cannot decode into dwsSubListResult fails (personal/client.go:112-133, decodeResult :521-531@c7521c1c)', () => {
  it.each([
    ['a result that is a list', [sub('s1')]],
    ['a total given as text', { total: '1', items: [sub('s1')] }],
    ['a pageSize that is not whole', { pageSize: 1.5, items: [sub('s1')] }],
    ['items that is an object', { items: { a: sub('s1') } }],
    ['an item that is a number', { items: [sub('s1'), 5] }],
    ['a subId that is a number', { items: [{ ...sub('s1'), subId: 7 }] }],
    ['an eventKey that is an object', { items: [{ ...sub('s1'), eventKey: {} }] }],
  ])('%s: backend_error, exit 1, nothing printed', async (_name, page) => {
    pages = [page];
    const r = await runCliAsync(['event', 'status', '--format', 'json'], '', env());
    expect(r.status).toBe(1);
    expect(errorOf(r.stderr).reason).toBe('backend_error');
    expect(r.stdout).toBe('');
  });

  it.each([
    ['a null result', null, []],
    ['null items', { items: null }, []],
    ['a null item (decoded as an empty subscription) and null texts', { items: [null, { ...sub('s1'), ruleType: null, status: true }] }, ['', 's1']],
  ])('%s still reads', async (_name, page, want) => {
    pages = [page];
    const r = await runCliAsync(['event', 'status', '--format', 'json', '--status', 'all'], '', env());
    expect(r.status, r.stderr).toBe(0);
    expect(ids(r.stdout)).toEqual(want);
  });
});

describe('event status: a status that is neither text nor a whole number is printed as its JSON text (dwsStatusString personal/client.go:800-823@c7521c1c)', () => {
  it.each([
    ['true', true, 'true'],
    ['a list', ['a', 1], '["a",1]'],
    ['an object', { a: 1 }, '{"a":1}'],
    ['1.5', 1.5, '1.5'],
    ['2 (a code)', 2, 'paused'],
  ])('%s', async (_name, status, want) => {
    pages = [{ items: [{ ...sub('s1'), status }] }];
    const r = await runCliAsync(['event', 'status', '--format', 'json', '--status', want], '', env());
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).result.subscriptions).toEqual([{ subscribe_id: 's1', event_key: 'user_im_message_receive_at', rule_type: 'at', status: want, source_id: 'open', created_at: '2026-12-01T00:00:00Z' }]);
  });
});
