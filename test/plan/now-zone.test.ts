// A `now` source reads the wall clock of the zone upstream reads: the process's own zone by default, Asia/Shanghai
// where upstream formats with shanghaiLocation(), UTC where it truncates to whole days (Truncate(24h)). The process
// runs in New York here, so a clock read in the wrong zone shows as a different day and hour.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import type { NowSpec } from '../../src/plan/spec.js';
import { evalSource, type Scope } from '../../src/plan/values.js';
import { dispatchInProcess, useTimeZone } from '../helpers.js';
import { recordingEnv } from '../fixtures/mcp/server.js';

useTimeZone('America/New_York');

// 02:30 UTC on 8 April 2026: 10:30 that day in Shanghai, 22:30 the day before in New York (UTC-4).
const NOW = new Date('2026-04-08T02:30:00Z');
const ENV = recordingEnv('http://127.0.0.1:9/mcp/{product}', 'tok-now-zone');

async function argumentsOf(argv: string[]): Promise<Record<string, unknown>> {
  const outcome = await dispatchInProcess([...argv, '--dry-run'], ENV, undefined, { now: () => NOW });
  expect(outcome.error).toBeUndefined();
  const steps = (JSON.parse(outcome.out) as { steps: { id: string; arguments: Record<string, unknown> }[] }).steps;
  return steps.find((s) => s.id === 'call')!.arguments;
}

describe('a now source reads the clock in the zone upstream reads it', () => {
  it('chat message list-direct without --time starts now in Shanghai (defaultChatMessageListTime, chat.go:925)', async () => {
    expect(await argumentsOf(['chat', 'message', 'list-direct', '--user', 'u1'])).toEqual({
      time: '2026-04-08 10:30:00', forward: false, userId: 'u1', limit: 50,
    });
  });

  it('chat message list-all without a range reads the last day in Shanghai (formatChatMessageListAllTime, chat.go:922)', async () => {
    const args = await argumentsOf(['chat', 'message', 'list-all']);
    expect([args.startTime, args.endTime]).toEqual(['2026-04-07 10:30:00', '2026-04-08 10:30:00']);
  });

  it('report outbox list starts 20 days back at a whole UTC day and ends today 23:59:59 local (report.go:676-677)', async () => {
    const args = await argumentsOf(['report', 'outbox', 'list']);
    expect([args.startTime, args.endTime]).toEqual([Date.parse('2026-03-19T00:00:00Z'), Date.parse('2026-04-07T23:59:59-04:00')]);
  });
});

describe('now: property', () => {
  const scope = (at: Date): Scope => ({
    tool: { canonical_path: 'test.now' } as ToolSpec, env: {}, data: {}, dry: false, results: new Map(), ran: new Set(),
    at, uuid: () => 'u', uuids: new Map(),
  });
  const now = (at: Date, n: NowSpec) => evalSource(scope(at), { now: n });
  const instant = fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2060-01-01T00:00:00Z') }).map((t) => new Date(t));
  const DAY = 86_400_000;

  it('Shanghai text is the instant eight hours ahead of UTC, in any process zone', () => {
    fc.assert(fc.property(instant, fc.integer({ min: -400, max: 400 }), (at, days) => {
      const shifted = new Date(at.getTime() + 8 * 3600_000 + days * DAY).toISOString();
      expect(now(at, { zone: 'shanghai', add_days: days, format: 'YYYY-MM-DD HH:mm:ss' })).toBe(`${shifted.slice(0, 10)} ${shifted.slice(11, 19)}`);
    }));
  });

  it('a UTC day start is the instant truncated to whole days, as Go Truncate(24h) does', () => {
    fc.assert(fc.property(instant, fc.integer({ min: -400, max: 400 }), (at, days) => {
      expect(now(at, { zone: 'utc', start_of: 'day', add_days: days, format: 'millis' })).toBe(Math.floor(at.getTime() / DAY) * DAY + days * DAY);
    }));
  });

  it('a Shanghai day start is 16:00 UTC of the day before, and its millis round-trip through its text', () => {
    fc.assert(fc.property(instant, (at) => {
      const ms = now(at, { zone: 'shanghai', start_of: 'day', format: 'millis' }) as number;
      expect(((ms % DAY) + DAY) % DAY).toBe(16 * 3600_000);
      expect(at.getTime() - ms).toBeGreaterThanOrEqual(0);
      expect(at.getTime() - ms).toBeLessThan(DAY);
      expect(now(at, { zone: 'shanghai', start_of: 'day', format: 'YYYY-MM-DD HH:mm:ss' })).toBe(`${new Date(ms + 8 * 3600_000).toISOString().slice(0, 10)} 00:00:00`);
    }));
  });
});
