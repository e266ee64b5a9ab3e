// Session 45 second reading, helper a8 (issue 32, notes/h45-a8.md, seed 20261404): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const { mcp, env } = useOutputRuns('dws-h45a8-');

/** A run as the CLI makes it: stdout, the stderr notice lines parsed, the calls sent and the refusal (if any). */
async function typed(argv: string[]) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, env());
  return {
    out: outcome.out,
    notices: outcome.err.split('\n').filter((l) => l !== '' && l.startsWith('{"warning"'))
      .map((l) => JSON.parse(l) as { warning: { reason: string; message: string } }),
    calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]),
    reason: outcome.error?.reason,
  };
}

// upstream internal/helpers/attendance.go:4132-4134@c7521c1c: --tag-name is registered, hidden and MarkDeprecated, so
// pflag writes "Flag --tag-name has been deprecated, ..." on stderr whenever it is typed (cobra ParseFlags prints the
// flag set's output buffer), before the body runs; the body never reads it (the call is the same with or without it).
describe('attendance summary: a typed --tag-name gives upstream\'s deprecation notice and changes nothing else', () => {
  const base = ['attendance', 'summary', '--user', 'u1', '--date', '2026-03-12', '--stats-type', 'week'];
  it('typed (any value, an empty one included): one [WARN] notice naming --tag-name; the call is the one sent without it', async () => {
    const without = await typed(base);
    expect(without.notices).toEqual([]);
    await fc.assert(fc.asyncProperty(fc.constantFrom('', ' ', 'x', '旧标签', '--'), async (value) => {
      const run = await typed([...base, `--tag-name=${value}`]);
      expect(run.notices.map((n) => [n.warning.reason, n.warning.message.startsWith('[WARN] '), n.warning.message.includes('--tag-name')]))
        .toEqual([['deprecated_command', true, true]]);
      expect({ calls: run.calls, out: run.out, reason: run.reason }).toEqual({ calls: without.calls, out: without.out, reason: without.reason });
    }), { numRuns: 5 });
  });
  it('pflag prints it while parsing, before the body: a run the body refuses (a bad --date) still gives it, and sends nothing', async () => {
    const run = await typed(['attendance', 'summary', '--user', 'u1', '--date', '2026-3-12', '--stats-type', 'week', '--tag-name', 't']);
    expect(run.notices.map((n) => n.warning.reason)).toEqual(['deprecated_command']);
    expect(run.calls).toEqual([]);
    expect(run.reason).toBe('invalid_parameter');
  });
});
