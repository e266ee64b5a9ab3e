// Session 42 second reading, part a3 (issue 32, notes/h42-a3.md, seed 20261373): all 30 drawn commands sent what
// upstream's bodies at c7521c1c send, so nothing was fixed. These properties pin three readings the audit checked by hand
// and no other test file states as a model: pflag's base-0 integers (wiki node search --limit, chat group invite-url
// --expires-seconds) and the untrimmed first-non-empty alias chain (minutes get summary). Each run is typed as a user
// types it, against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h42a3-');

/**
 * A whole number spelled as Go's strconv.ParseInt(s, 0, 64) (pflag's Int and Int64) accepts it: decimal, 0x/0o/0b
 * prefixes, the legacy leading-0 octal, an optional sign and `_` between two digits.
 */
const goIntSpelling = fc.record({
  // the edges (0 is sent by invite-url and not by node search) as often as any other value
  n: fc.oneof(fc.constantFrom(0, 1, -1), fc.integer({ min: -100_000, max: 100_000 })),
  base: fc.constantFrom<'dec' | 'hex' | 'oct' | 'legacy' | 'bin'>('dec', 'hex', 'oct', 'legacy', 'bin'),
  plus: fc.boolean(),
  underscore: fc.nat(),
}).map(({ n, base, plus, underscore }) => {
  const radix = { dec: 10, hex: 16, oct: 8, legacy: 8, bin: 2 }[base];
  let digits = Math.abs(n).toString(radix);
  // Go allows `_` only between digits (underscoreOK): never first, last or doubled
  if (digits.length > 1) {
    const at = 1 + (underscore % (digits.length - 1));
    digits = `${digits.slice(0, at)}_${digits.slice(at)}`;
  }
  const prefix = { dec: '', hex: '0x', oct: '0o', legacy: '0', bin: '0b' }[base];
  const sign = n < 0 ? '-' : plus ? '+' : '';
  return { n, text: `${sign}${prefix}${digits}` };
});

describe('wiki node search --limit is pflag Int (base 0) and sent as pageSize only above 0 (helpers/wiki.go:1234-1258@c7521c1c)', () => {
  it('any Go spelling of a whole number: pageSize is its value when positive, absent otherwise', async () => {
    await fc.assert(fc.asyncProperty(goIntSpelling, async ({ n, text }) => {
      const [args] = await outputs.argsOf(['wiki', 'node', 'search', '--workspace', 'w', '--query', 'q', '--limit', text]) as Record<string, unknown>[];
      expect(args).toEqual({ keyword: 'q', workspaceIds: ['w'], ...(n > 0 ? { pageSize: n } : {}) });
    }), { numRuns: 30 });
  });
  it('pageToken is --cursor, else the hidden --page-token, as typed (flagOrFallback, not trimmed); --next-token is never read', async () => {
    const blankOrText = fc.constantFrom('', ' ', 'c1', ' c2 ');
    await fc.assert(fc.asyncProperty(blankOrText, blankOrText, blankOrText, async (cursor, pageToken, nextToken) => {
      const [args] = await outputs.argsOf(['wiki', 'node', 'search', '--workspace', 'w', '--query', 'q',
        '--cursor', cursor, '--page-token', pageToken, '--next-token', nextToken]) as Record<string, unknown>[];
      const expected = [cursor, pageToken].find((v) => v !== '');
      expect(args.pageToken).toBe(expected);
    }), { numRuns: 25 });
  });
});

describe('chat group invite-url --expires-seconds is pflag Int64 (base 0), sent when typed and not negative (helpers/chat.go:6634-6646@c7521c1c)', () => {
  it('any Go spelling of a whole number: expiresSeconds is its value when >= 0, absent when negative', async () => {
    await fc.assert(fc.asyncProperty(goIntSpelling, async ({ n, text }) => {
      const [args] = await outputs.argsOf(['chat', 'group', 'invite-url', '--conversation-id', 'cid1', '--expires-seconds', text]) as Record<string, unknown>[];
      expect(args).toEqual({ openConversationId: 'cid1', ...(n >= 0 ? { expiresSeconds: Math.abs(n) } : {}) });
    }), { numRuns: 30 });
  });
});

describe('minutes get summary: taskUuid is the first non-empty of --id, --url, --task-uuid, --uuid, untrimmed (helpers/minutes.go:230-237@c7521c1c)', () => {
  it('every mix of empty, blank and padded values: the first non-empty is sent as typed, all empty refused before any call', async () => {
    const value = fc.option(fc.constantFrom('', ' ', 'm1', ' m2 '), { nil: undefined });
    await fc.assert(fc.asyncProperty(fc.tuple(value, value, value, value), async (values) => {
      const names = ['id', 'url', 'task-uuid', 'uuid'];
      const argv = ['minutes', 'get', 'summary'];
      values.forEach((v, i) => { if (v !== undefined) argv.push(`--${names[i]}`, v); });
      const run = await outputs.sent(argv);
      const expected = values.find((v) => v !== undefined && v !== '');
      if (expected === undefined) {
        expect(run.reason).toBe('missing_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.calls).toEqual([['minutes/get_minutes_ai_summary', { taskUuid: expected }]]);
      }
    }), { numRuns: 30 });
  });
});
