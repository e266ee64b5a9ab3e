// In a command that trims its text flags (trim_strings: the shortcuts and corecmd leaves), a list flag whose elements
// are all Go whitespace is not given for a require_one_of / mutually_exclusive group: upstream's constraintProvided
// (sliceHasValue, internal/corecmd/corecmd.go:1103-1130, :1607) and the shortcut framework's setFlags
// (hasNonEmptyString, internal/shortcut/validate.go:31-54, runner.go:444@c7521c1c) trim each element before asking
// whether one is left. The elements themselves are sent as typed. Run as a user types the commands against the
// recording MCP server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GO_SPACES, NOT_GO_SPACES } from '../go-spaces.js';
import { useOutputRuns } from '../plan/output-runs.js';

const { sent, answer } = useOutputRuns('dws-group-blank-list-');

// a CSV field of Go spaces (no line break: pflag's CSV reading would end the record there)
const spaces = fc.array(fc.constantFrom(...GO_SPACES.filter((c) => c !== '\n' && c !== '\r')), { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
const blankList = fc.array(spaces, { minLength: 1, maxLength: 3 }).map((a) => a.join(','));

describe('a list of only Go spaces is not given for a group of a trimming command', () => {
  it('minutes +share --id beside an --ids of only spaces is not two of its exclusive group (workflows.go:603@c7521c1c)', async () => {
    answer('minutes/add_member_permission', { success: true });
    await fc.assert(fc.asyncProperty(blankList, async (ids) => {
      const run = await sent(['minutes', '+share', '--id', 'm1', '--ids', ids, '--member-uids', '7', '--permission', 'view', '--yes']);
      expect(run.reason).toBeUndefined();
      expect(run.calls.map(([rpc, args]) => [rpc, (args as { uuids: unknown }).uuids])).toEqual([['minutes/add_member_permission', ['m1']]]);
    }), { numRuns: 15 });
  });

  it('chat +flag-create --message-ids of only spaces satisfies no one-of group, before any call (lark_alignment.go:447@c7521c1c)', async () => {
    await fc.assert(fc.asyncProperty(blankList, async (ids) => {
      const run = await sent(['chat', '+flag-create', '--message-ids', ids]);
      expect(run).toMatchObject({ reason: 'constraint_violation', calls: [] });
    }), { numRuns: 15 });
  });

  it('an element with any other character counts, U+FEFF included (Go does not trim it)', async () => {
    for (const other of ['x', ...NOT_GO_SPACES]) {
      const run = await sent(['minutes', '+share', '--id', 'm1', '--ids', ` ,${other}`, '--member-uids', '7', '--permission', 'view', '--yes']);
      expect(run.reason, JSON.stringify(other)).toBe('constraint_violation');
      expect(run.calls).toEqual([]);
    }
  });
});
