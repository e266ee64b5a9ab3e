// Session 45 second reading, part a5 (issue 32, seed 20261401; notes/h45-a5.md): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { validatePlans } from '../../src/plan/validate.js';
import { warningLine } from '../../src/errors.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45a5-');

/**
 * What Go's strconv.ParseFloat returns, its error as 'error', for the texts the tests draw (after TrimSpace, as
 * minutesdata's timestamp reads a text): the spelled infinities and NaN are values (no error), an overflow is an
 * error (strconv.ErrRange), as is a text that is not a number.
 */
const GO_PARSE_FLOAT: Record<string, number | 'error'> = {
  '5': 5, '7': 7, '0x1p3': 8, '1e400': 'error', abc: 'error', '2026-01-01T00:00:00Z': 'error',
  inf: Infinity, '+Inf': Infinity, Infinity: Infinity, '-inf': -Infinity, '-INFINITY': -Infinity, NaN: NaN, nan: NaN,
  infin: 'error', '+nan': 'error',
};
const RFC3339_NS: Record<string, number> = { '2026-01-01T00:00:00Z': Date.parse('2026-01-01T00:00:00Z') * 1e6 };
const TIME_KEYS = ['createTime', 'gmtCreate', 'startTime', 'createTimeStart'];

/** minutesdata.timestamp (internal/shortcut/minutesdata/response.go:385-412@c7521c1c) over the drawn values. */
function goTimestamp(item: Record<string, unknown>): number | undefined {
  for (const key of TIME_KEYS) {
    const value = item[key];
    if (value === undefined || value === null) continue;
    if (typeof value === 'number') return value;
    if (typeof value !== 'string') continue;
    const parsed = GO_PARSE_FLOAT[value.trim()];
    if (parsed !== undefined && parsed !== 'error') return parsed;
    const rfc = RFC3339_NS[value.trim()];
    if (rfc !== undefined) return rfc;
  }
  return undefined;
}

/** minutesdata.LatestTaskUUID (response.go:242-270@c7521c1c): the first timed row, replaced by a later one only when `value > best`. */
function goLatest(items: Record<string, unknown>[]): string | undefined {
  let best: { uuid: string; time: number } | undefined;
  for (const item of items) {
    const time = goTimestamp(item);
    if (time === undefined) continue;
    if (best === undefined || time > best.time) best = { uuid: item.uuid as string, time };
  }
  return best?.uuid;
}

const COMMANDS: { argv: string[]; next: string }[] = [
  { argv: ['minutes', '+latest'], next: 'minutes/get_minutes_basic_info' },
  { argv: ['minutes', '+action-items'], next: 'minutes/list_minutes_todos' },
  { argv: ['minutes', '+transcript'], next: 'minutes/get_minutes_transcription' },
];

/** The taskUuid the run sent on after reading the list, or undefined when it stopped there. */
async function chosen(argv: string[], next: string, items: Record<string, unknown>[]): Promise<unknown> {
  outputs.answer('minutes/list_by_keyword_and_time_range', { result: { itemList: items } });
  const run = await outputs.sent(argv);
  const call = run.calls.find(([tool]) => tool === next);
  return call ? (call[1] as { taskUuid?: unknown }).taskUuid : undefined;
}

describe('minutes +action-items and its siblings +latest / +transcript choose the newest minutes as LatestTaskUUID does (minutesdata/response.go:242-270, :385-412@c7521c1c)', () => {
  for (const { argv, next } of COMMANDS) {
    const name = argv.join(' ');
    it(`${name}: a time text Go's ParseFloat reads as +Inf ("inf") is the newest, the first such row winning`, async () => {
      expect(await chosen(argv, next, [
        { uuid: 'a', createTime: '5' }, { uuid: 'b', createTime: 'inf' }, { uuid: 'c', createTime: 9 }, { uuid: 'd', createTime: '+Infinity' },
      ])).toBe('b');
    });
    it(`${name}: a NaN time on the first timed row keeps it (no value is greater than NaN); a later NaN is passed over`, async () => {
      expect(await chosen(argv, next, [{ uuid: 'a', gmtCreate: true, createTime: 'NaN' }, { uuid: 'b', createTime: 9 }])).toBe('a');
      expect(await chosen(argv, next, [{ uuid: 'a', createTime: 3 }, { uuid: 'b', createTime: 'nan' }, { uuid: 'c', createTime: 2 }])).toBe('a');
    });
    it(`${name}: -Inf is a time like any other, below every number; alone the first such row wins`, async () => {
      expect(await chosen(argv, next, [{ uuid: 'a', createTime: '-inf' }, { uuid: 'b', startTime: -1e300 }])).toBe('b');
      expect(await chosen(argv, next, [{ uuid: 'a', createTime: '-inf' }, { uuid: 'b', createTime: '-INFINITY' }, { uuid: 'c', createTime: 'nan' }])).toBe('a');
    });
  }

  const value = fc.constantFrom<unknown>(
    5, 7, 9, -1, 0, 1e12, '5', ' 7 ', '0x1p3', 'inf', '+Inf', 'Infinity', '-inf', '-INFINITY', 'NaN', 'nan', '1e400', 'abc', 'infin',
    '+nan', '2026-01-01T00:00:00Z', true, null,
  );
  const row = fc.record({ createTime: value, gmtCreate: value, startTime: value }, { requiredKeys: [] });
  it('for any list of rows drawn from numbers, number texts, spelled infinities and NaN, overflows and other values, the row upstream chooses', async () => {
    await fc.assert(fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 5 }), async (rows) => {
      const items = rows.map((r, i) => ({ uuid: `u${i}`, ...r }));
      const expected = goLatest(items);
      expect(await chosen(['minutes', '+action-items'], 'minutes/list_minutes_todos', items)).toBe(expected);
    }), { numRuns: 60 });
  });
});

describe('NEW MECHANISM: a warn step carries details read from earlier results; risk_notice is an [INFO] notice (docs/PLANS.md "Warnings")', () => {
  const tools = shippedEngine().tools();
  const build = (warn: unknown) => validatePlans([{ file: 't.yaml', doc: { plans: { 'mail.share_message_to_chat': { facts: 't', steps: [
    { id: 'share', server: 'mail', rpc: 'share_message_to_chat', effect: 'write', args: { email: { flag: 'email' }, id: { flag: 'id' } } },
    { id: 'note', when: { present: { from: 'share', path: 'riskMessage', optional: true } }, warn },
  ] } } } }], tools).problems.filter((p) => p.includes('note')).join('\n');

  it('takes details as a value source over earlier results, and refuses a malformed one or a message carrying [INFO]', () => {
    expect(build({ reason: 'risk_notice', message: 'a risk', details: { from: 'share', path: 'riskMessage', optional: true } })).toBe('');
    expect(build({ reason: 'risk_notice', message: 'a risk' })).toBe('');
    expect(build({ reason: 'risk_notice', message: 'a risk', details: { from: 'no_such_step' } })).toMatch(/no_such_step/u);
    expect(build({ reason: 'risk_notice', message: '[INFO] a risk' })).toMatch(/prefix/u);
  });

  it('the notice line leads its message with [INFO] and keeps its details', () => {
    expect(JSON.parse(warningLine({ reason: 'risk_notice', message: 'm', details: 'r' }))).toEqual({ warning: { reason: 'risk_notice', message: '[INFO] m', details: 'r' } });
  });
});

describe('mail message share-to-chat: the riskMessage that comes with a sign is printed before the signed second call (helpers/mail.go:2387-2394@c7521c1c)', () => {
  const argv = ['mail', 'message', 'share-to-chat', '--email', 'e@x.com', '--id', 'm1', '--users', 'u1', '--yes'];
  /** The run's calls, the notices on stderr and the printed answer, for a first answer. */
  const share = async (first: unknown) => {
    outputs.mcp.calls.length = 0;
    outputs.answersInTurn('mail/share_message_to_chat', first, { ok: 1 });
    const outcome = await dispatchInProcess(argv, outputs.env());
    const notices = outcome.err.split('\n').filter((l) => l.startsWith('{"warning"')).map((l) => (JSON.parse(l) as { warning: Record<string, unknown> }).warning);
    return { calls: outputs.mcp.calls.map((c) => c.arguments), notices, printed: outcome.out ? (JSON.parse(outcome.out) as { result: unknown }).result : undefined };
  };

  it('a sign with a riskMessage in result: one [INFO] risk_notice carrying it, then the call with the sign', async () => {
    const run = await share({ result: { sign: 's1', riskMessage: '外部分享有风险' } });
    expect(run.notices).toEqual([{ reason: 'risk_notice', message: expect.stringMatching(/^\[INFO\] /u), details: '外部分享有风险' }]);
    expect(run.calls).toEqual([{ email: 'e@x.com', id: 'm1', uids: ['u1'] }, { email: 'e@x.com', id: 'm1', uids: ['u1'], sign: 's1' }]);
    expect(run.printed).toEqual({ ok: 1 });
  });

  it('the riskMessage is read where the sign is: at the top when result is not an object, never at the top beside an object result', async () => {
    expect((await share({ result: 'x', sign: 's', riskMessage: 'top' })).notices.map((n) => n.details)).toEqual(['top']);
    expect((await share({ result: { sign: 's' }, riskMessage: 'top' })).notices).toEqual([]);
  });

  it('no notice without a sign, or with a riskMessage that is empty or not a text', async () => {
    expect((await share({ result: { sign: '', riskMessage: 'r' } })).notices).toEqual([]);
    expect((await share({ result: { riskMessage: 'r' } })).notices).toEqual([]);
    expect((await share({ result: { sign: 's', riskMessage: '' } })).notices).toEqual([]);
    expect((await share({ result: { sign: 's', riskMessage: 5 } })).notices).toEqual([]);
  });
});
