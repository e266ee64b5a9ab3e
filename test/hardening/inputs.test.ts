// Hostile command lines for the built CLI: path words and option names far longer than anything in the catalog
// (Linux allows 128 KiB per argument). Each is refused with its usual reason, without a did-you-mean computed over
// it and without echoing all of it; the work is bounded (edit distance over a long text was seconds per call).
import { describe, expect, it } from 'vitest';
import { errorOf, runCliAsync } from '../helpers.js';

const LONG = 'q'.repeat(100 * 1024);

describe('the CLI bounds what it compares and echoes', () => {
  const cases: [string, string[], number, string][] = [
    ['an Inspect path', ['schema', LONG], 3, 'unknown_path'],
    ['a --cli-path', ['schema', '--cli-path', LONG], 3, 'unknown_path'],
    ['a dispatch path word', [LONG, 'send'], 3, 'unknown_command'],
    ['a dispatch option name', ['chat', 'group', 'list-all', `--${LONG}`, 'x'], 3, 'unknown_option'],
    ['a search option name', ['schema', 'search', `--${LONG}=1`], 3, 'unknown_option'],
  ];
  for (const [what, argv, status, reason] of cases) {
    it(`refuses a 100 KiB ${what} with ${reason}, no suggestion over it, and a short message`, async () => {
      const r = await runCliAsync(argv);
      const e = errorOf(r.stderr);
      expect({ status: r.status, stdout: r.stdout, reason: e.reason }).toEqual({ status, stdout: '', reason });
      expect(r.stderr.length).toBeLessThan(2000);
      expect(`${e.hint ?? ''}`).not.toMatch(/did you mean|closest/);
    });
  }
});
