// Session 55 helper left (issue 32, notes/h55-left.md): items earlier sessions noticed and left. Each command runs as a
// user types it against the recording backend on 127.0.0.1; the properties compare a reader with a reference written
// another way.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { readFields } from '../../src/plan/checks.js';
import { JsonNumber } from '../../src/json-number.js';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { validatePlans } from '../../src/plan/validate.js';
import { ROOT, dispatchInProcess, realCatalog, useTimeZone } from '../helpers.js';
import { privateEnv } from '../fixtures/mcp/server.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h55left-');
const { sent } = outputs;

// Item 1. attendance schedule import sends a numeric workDate as time.UnixMilli(int64(v)).Format("2006-01-02 15:04:05")
// in time.Local (normalizeWorkDate, internal/helpers/attendance.go:212-215@c7521c1c). Go formats any int64 there; dws
// refused beyond JavaScript Date's +-8.64e15 ms. The reference below reads the calendar from whole days (days_from_civil
// forward only, the year and month found by search), and each zone's offset from its rule, not from the runtime.

/** Days since 1970-01-01 of a proleptic Gregorian date (year 0 included). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * ((m + 9) % 12) + 2) / 5) + d - 1;
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468;
}

/** The date of a day count, by search over years and months (no inverse formula). */
function civilFromDays(days: number): [number, number, number] {
  let lo = -400_000_000;
  let hi = 400_000_000;
  while (lo < hi) {
    const mid = Math.floor((lo + hi + 1) / 2);
    if (daysFromCivil(mid, 1, 1) <= days) lo = mid;
    else hi = mid - 1;
  }
  let m = 12;
  while (daysFromCivil(lo, m, 1) > days) m--;
  return [lo, m, days - daysFromCivil(lo, m, 1) + 1];
}

const floorDiv = (a: bigint, b: bigint) => (a - (((a % b) + b) % b)) / b;
const two = (n: number) => String(n).padStart(2, '0');
const yearText = (y: number) => (y < 0 ? '-' : '') + String(Math.abs(y)).padStart(4, '0');

/** The wall clock of `ms` at `offsetSec`, as Go's Format("2006-01-02 15:04:05") writes it. */
function reference(ms: bigint, offsetSec: number): string {
  const secs = floorDiv(ms, 1000n) + BigInt(offsetSec);
  const days = floorDiv(secs, 86400n);
  const sod = Number(secs - days * 86400n);
  const [y, m, d] = civilFromDays(Number(days));
  return `${yearText(y)}-${two(m)}-${two(d)} ${two(Math.floor(sod / 3600))}:${two(Math.floor(sod / 60) % 60)}:${two(sod % 60)}`;
}

const weekday = (days: number) => (((days + 4) % 7) + 7) % 7; // 0 is Sunday; 1970-01-01 was a Thursday

/**
 * America/New_York's offset as its rule has it since 2007 (summer time from the second Sunday of March, 07:00 UTC, to
 * the first Sunday of November, 06:00 UTC), and its local mean time -04:56:02 before 1883-11-18 17:00 UTC.
 */
function newYorkOffset(ms: bigint): number {
  if (ms < BigInt(Date.UTC(1883, 10, 18, 17))) return -17762;
  const y = civilFromDays(Number(floorDiv(ms, 86_400_000n)))[0];
  const firstSunday = (m: number) => 1 + ((7 - weekday(daysFromCivil(y, m, 1))) % 7);
  const start = BigInt(daysFromCivil(y, 3, firstSunday(3) + 7)) * 86_400_000n + 7n * 3_600_000n;
  const end = BigInt(daysFromCivil(y, 11, firstSunday(11))) * 86_400_000n + 6n * 3_600_000n;
  return ms >= start && ms < end ? -14400 : -18000;
}

const SAFE = 2 ** 53 - 1;
const DATE_END = 8.64e15;
const workDates = (min: number) => fc.oneof(
  fc.integer({ min: -SAFE, max: SAFE }),
  // beyond Date's range on either side, where dws refused
  fc.integer({ min: DATE_END - 1e12, max: SAFE }),
  fc.integer({ min: -SAFE, max: -DATE_END + 1e12 }),
  // a fraction, cut toward zero as int64(v)
  fc.double({ min: -SAFE, max: SAFE, noNaN: true }),
  // past 2^53 up to int64's end: the double's own whole value
  fc.double({ min: 2 ** 53, max: 2 ** 63, maxExcluded: true, noNaN: true }),
).filter((v) => v >= min);

const formatted = (v: number) => applyTransforms(['ms_to_datetime'], v, 'workDate');

describe('ms_to_datetime formats any int64 of milliseconds as Go\'s time.UnixMilli(int64(v)).Format in time.Local (attendance.go:212-215@c7521c1c)', () => {
  describe('in America/New_York (summer time by rule, carried past Date\'s range as Go carries the zone data\'s footer rule)', () => {
    useTimeZone('America/New_York');
    it('agrees with the civil-day reference and the zone\'s rule (property)', () => {
      // from 2008 on the rule holds; before 1883 the local mean time
      const rule = Date.UTC(2008, 0, 1);
      const lmt = Date.UTC(1883, 0, 1);
      fc.assert(fc.property(workDates(-Infinity).filter((v) => v >= rule || v < lmt), (v) => {
        const ms = BigInt(Math.trunc(v));
        return formatted(v) === reference(ms, newYorkOffset(ms));
      }), { numRuns: 1000, examples: [[SAFE], [-SAFE], [DATE_END + 1], [-DATE_END - 1], [2 ** 62], [-(2 ** 63)]] });
    });
  });

  describe('in Asia/Shanghai (+08:00 since 1992, its local mean time +08:05:43 before 1901)', () => {
    useTimeZone('Asia/Shanghai');
    it('agrees with the civil-day reference (property)', () => {
      const fixed = Date.UTC(1992, 0, 1);
      const lmt = Date.UTC(1900, 0, 1);
      fc.assert(fc.property(workDates(-Infinity).filter((v) => v >= fixed || v < lmt), (v) => {
        const ms = BigInt(Math.trunc(v));
        return formatted(v) === reference(ms, ms >= BigInt(fixed) ? 28800 : 29143);
      }), { numRuns: 1000 });
    });

    it('refuses what is no int64 (Go\'s conversion there depends on the platform) and what is no number', () => {
      for (const v of [2 ** 63, -(2 ** 63) - 4096, Infinity, NaN, '1796572800000', null]) {
        expect(() => formatted(v as number)).toThrow(/is not epoch milliseconds/u);
      }
    });
  });

  describe('in UTC', () => {
    useTimeZone('UTC');
    it('agrees with the civil-day reference (property)', () => {
      fc.assert(fc.property(workDates(-Infinity), (v) => formatted(v) === reference(BigInt(Math.trunc(v)), 0)), { numRuns: 500 });
    });
  });
});

describe('attendance schedule import sends a workDate beyond Date\'s range as Go formats it (normalizeWorkDate attendance.go:212-215@c7521c1c)', () => {
  useTimeZone('Asia/Shanghai');
  it.each([
    [9007199254740991, '287396-10-12 16:59:00'],
    [-9007199254740991, '-283457-03-21 23:06:42'],
    [8640000000000001, '275760-09-13 08:00:00'],
    [1e17, '3170843-11-07 17:46:40'],
  ])('workDate %s is sent as %s', async (workDate, text) => {
    const vos = JSON.stringify([{ userId: 'u', workDate, classId: 1, isRest: 'N' }]);
    const run = await sent(['attendance', 'schedule', 'import', '--groupId', '5', '--scheduleVOS', vos, '--user-say-yes']);
    expect([run.reason, run.calls]).toEqual([undefined, [['attendance-wukong/generateTurnSchedule', {
      GenerateTurnScheduleRequest: { groupId: 5, scheduleVOS: [{ userId: 'u', workDate: text, classId: 1, isRest: 'N' }], param: { useHistoryGroupAndShift: false } },
    }]]]);
  });
});

// Item 2. collectWikiPages (internal/shortcut/wiki/common.go:252-314@c7521c1c), the --page-all loop of wiki +node-list,
// +feed-list and +space-list, refuses a next cursor only when it equals the one just sent (:305-307); a cycle reads on
// until hasMore is false, --max-items is reached or --page-limit pages were read (page_limit_reached, :313). dws refused
// any cursor already followed (a declared deviation).
describe('wiki +node-list / +feed-list / +space-list --page-all read on through a cursor cycle as collectWikiPages does (common.go:301-313@c7521c1c)', () => {
  const WIKI = [
    { argv: ['wiki', '+node-list', '--workspace', 'w1'], tool: 'doc/list_nodes', list: 'nodes', cursorArg: 'pageToken' },
    { argv: ['wiki', '+feed-list', '--workspace', 'w1'], tool: 'wiki/list_workspace_feeds', list: 'feeds', cursorArg: 'nextToken' },
    { argv: ['wiki', '+space-list'], tool: 'wiki/list_wikiSpaces', list: 'spaces', cursorArg: 'pageToken' },
  ] as const;
  const page = (list: string, id: string, next?: string) => ({ [list]: [{ id }], hasMore: next !== undefined, ...(next ? { nextCursor: next } : {}) });

  for (const w of WIKI) {
    it(`${w.argv[1]}: A, B, A, then an end prints the four pages`, async () => {
      const r = await outputs.paged([...w.argv, '--page-all'], w.tool, [page(w.list, 'a', 'A'), page(w.list, 'b', 'B'), page(w.list, 'c', 'A'), page(w.list, 'd')]);
      expect([r.exit, r.envelope, r.sent.map((a) => (a as Record<string, unknown>)[w.cursorArg])]).toEqual([0, undefined, [undefined, 'A', 'B', 'A']]);
      expect(r.printed).toMatchObject({ count: 4, autoPageComplete: true, pagesFetched: 4 });
    });

    it(`${w.argv[1]}: a cycle that never ends is read to --page-limit and refused there`, async () => {
      const r = await outputs.paged([...w.argv, '--page-all', '--page-limit', '5'], w.tool, [page(w.list, 'a', 'A'), page(w.list, 'b', 'B'), page(w.list, 'c', 'A'), page(w.list, 'd', 'B'), page(w.list, 'e', 'A')]);
      expect([r.exit, r.envelope?.error.reason, r.sent.map((a) => (a as Record<string, unknown>)[w.cursorArg])]).toEqual([1, 'backend_error', [undefined, 'A', 'B', 'A', 'B']]);
    });

    it(`${w.argv[1]}: a next cursor equal to the one just sent is still refused as stalled`, async () => {
      const r = await outputs.paged([...w.argv, '--page-all', '--cursor', ' A '], w.tool, [page(w.list, 'a', 'A'), page(w.list, 'b')]);
      expect([r.exit, r.envelope?.error.reason, r.sent.length]).toEqual([1, 'pages_incomplete', 1]);
    });
  }
});

describe('page.stall_only is checked at build: true, with strict, on cursor paging', () => {
  const tools = realCatalog().tools;
  const problems = (page: Record<string, unknown>) => validatePlans([{ file: 'x.yaml', doc: { plans: { 'chat.shortcut_conversation_list': { facts: 'test', steps: [
    { id: 'call', server: 'im', rpc: 'list_all_conversations', args: { limit: { flag: 'limit' } }, page: { next: 'n', items: 'i', more: 'm', max_pages: 2, ...page } },
  ] } } } }], tools).problems.map((p) => p.replace(/^.*page\./u, ''));
  it('accepts it beside strict and refuses it alone, false, or with page numbers', () => {
    expect(problems({ cursor_arg: 'c', strict: true, stall_only: true })).toEqual([]);
    expect(problems({ cursor_arg: 'c', stall_only: true })).toEqual(['stall_only: true, only with strict (without it only the cursor just sent ends the read)']);
    expect(problems({ cursor_arg: 'c', strict: true, stall_only: false })).toEqual(['stall_only: true, only with strict (without it only the cursor just sent ends the read)']);
    expect(problems({ number_arg: 'page', next: undefined, strict: true, stall_only: true })).toEqual(['stall_only: cursor paging only (no number_arg or offset_arg)']);
  });
});

// Item 5. A YAML anchor defined again further down a file silently changes what every later alias of that name means
// (YAML reads an alias as the last definition above it): a trap for the next edit. Each name is defined once per file.
describe('every YAML anchor of the catalog is defined once in its file', () => {
  /** The anchor names defined more than once in a YAML text, with the lines of their definitions (read by YAML's lexer). */
  const redefined = (text: string): Record<string, number[]> => {
    const lines = new Map<string, number[]>();
    // the lexer's own control tokens (document and scalar marks) hold no newline, so counting newlines gives the line
    let line = 1;
    for (const token of new YAML.Lexer().lex(text)) {
      if (YAML.CST.tokenType(token) === 'anchor') lines.set(token.slice(1), [...(lines.get(token.slice(1)) ?? []), line]);
      line += token.split('\n').length - 1;
    }
    return Object.fromEntries([...lines].filter(([, at]) => at.length > 1));
  };

  it('finds a name defined twice, even on one line, and not a name defined once and aliased', () => {
    expect(redefined('a: &x 1\nb: *x\nc: &x 2\nd: [&y 1, &y 2]\n')).toEqual({ x: [1, 3], y: [4, 4] });
    expect(redefined('a: &x {k: 1}\nb: *x\n# &x in a comment\n')).toEqual({});
  });

  it('holds for every file under catalog/', () => {
    const files = readdirSync(path.join(ROOT, 'catalog'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')).sort();
    expect(files.length).toBeGreaterThan(20);
    const found = Object.fromEntries(files.map((f) => [f, redefined(readFileSync(path.join(ROOT, 'catalog', f), 'utf8'))]).filter(([, r]) => Object.keys(r).length > 0));
    expect(found).toEqual({});
  });
});

// Item 6. readFields (a resolve's or pick's `fields`, upstream shortcutString) read a number as FormatFloat(x, 'f', -1,
// 64) but skipped a number kept as its literal (JsonNumber), which the message readers' searchText read as the float64
// Go decoded. No shipped plan gives it one (no resolve or pick with fields reads an answer decoded exactly), so this is
// the same reading for the day one does.
describe('readFields reads a kept number literal as the float64 Go decoded it to, as a plain number', () => {
  const fields = { userId: ['missing', 'id'] };
  it('examples: a long id, a trailing zero, an exponent, a negative zero', () => {
    const read = (literal: string) => (readFields({ id: new JsonNumber(literal) }, fields) as { userId?: string }).userId;
    expect(['12345678901234567890', '1.50', '1e21', '-0', '1e-7'].map(read)).toEqual(['12345678901234567000', '1.5', '1000000000000000000000', '-0', '0.0000001']);
  });
  it('agrees with the double it names (property)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      const literal = Object.is(x, -0) ? '-0' : x.toExponential();
      const userId = (row: unknown) => (row as { userId?: string }).userId;
      return userId(readFields({ id: new JsonNumber(literal) }, fields)) === userId(readFields({ id: x }, fields));
    }), { numRuns: 300 });
  });
});

// Item 4. Upstream's helpers call list_user_mailboxes (mail.go:137, :3977, :4344; smart/search_mail.go:141),
// get_current_user_profile and list_my_followings with a nil arguments map; executor.NewHelperInvocation
// (internal/executor/invocation.go:78-81@c7521c1c) makes it map[string]any{} before the runner, and the client marshals
// {"name", "arguments"} (transport/client.go:404-411), so the wire carries "arguments":{} (not null, not left out).
// dws sends the same; this pins it on the raw request body (the fixture server reads a missing or null one as {}).
describe('a call upstream makes with a nil arguments map sends "arguments":{} (NewHelperInvocation invocation.go:78-81@c7521c1c)', () => {
  it.each([
    [['mail', 'mailbox', 'list'], 'list_user_mailboxes'],
    [['contact', '+me'], 'get_current_user_profile'],
  ])('%j: the tools/call body\'s params are {"name":"%s","arguments":{}}', async (argv, tool) => {
    const bodies: string[] = [];
    const server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => void (text += c.toString('utf8')));
      req.on('end', () => {
        bodies.push(text);
        const answer = JSON.stringify({ success: true, result: [] });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: answer }] } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h55left-raw-'));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp/{product}`;
      await dispatchInProcess([...argv], privateEnv(url, 't', dir));
      expect(bodies.map((b) => JSON.stringify((JSON.parse(b) as { params: unknown }).params))).toEqual([`{"name":"${tool}","arguments":{}}`]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
