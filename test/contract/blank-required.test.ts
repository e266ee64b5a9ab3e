// A required flag given an empty or blank value is missing (issue 32, audit-30 P1): upstream's bodies check the
// trimmed value, so `--title ""` or `--record-ids " ,"` is refused before anything is sent, for every command.
import { describe, expect, it } from 'vitest';
import { DwsError } from '../../src/errors.js';
import { foldInput } from '../../src/contract/schema.js';
import { flagType } from '../../src/contract/flag-types.js';
import { errorOf, runCli, shippedEngine } from '../helpers.js';

describe('a blank required value', () => {
  it('is missing_parameter for every required text or list flag of every command', () => {
    let checked = 0;
    for (const t of shippedEngine().tools()) {
      for (const [name, p] of Object.entries(t.parameters)) {
        if (!(p.required || p.cli_required) || p.default !== undefined) continue;
        const list = flagType(p.type).list !== undefined;
        if (!list && p.type !== 'string') continue;
        for (const blank of list ? [[], ['', ' ']] : ['', '   ']) {
          let reason: string | undefined;
          try {
            foldInput(t, { [name]: blank }, {});
          } catch (e) {
            reason = e instanceof DwsError ? e.reason : String(e);
          }
          expect(reason, `${t.canonical_path} --${name} ${JSON.stringify(blank)}`).toBe('missing_parameter');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('stops the command line before any plan is printed or call is made (exit 3)', () => {
    const r = runCli(['todo', 'task', 'create', '--title', '  ', '--dry-run']);
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    expect(errorOf(r.stderr)).toMatchObject({ reason: 'missing_parameter', message: expect.stringContaining('--title') });
  });
});
