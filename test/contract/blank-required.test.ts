// A required text flag given a blank value (issue 32): refused or sent exactly as upstream's check does it. Each command
// declares its check (`required_check`, src/catalog/types.ts RequiredCheck): `trim` (corecmd ValidateRequired, the
// shortcut framework, bodies that trim first) refuses `""` and a blank; `empty` (cmdutil ValidateRequiredFlags,
// pkg/cmdutil/flags.go:110-121@c7521c1c) refuses only `""` and leaves a blank to the plan, which sends it as upstream
// does. An empty value is refused everywhere; a list with no element other than blanks too (sliceHasValue).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { DwsError } from '../../src/errors.js';
import { foldInput } from '../../src/contract/schema.js';
import { flagType } from '../../src/contract/flag-types.js';
import { dispatchInProcess, errorOf, runCli, shippedEngine } from '../helpers.js';
import { useOutputRuns } from '../plan/output-runs.js';

/** What foldInput does with one value of one flag: the refusal's reason, or the value it hands on. */
function fold(t: ToolSpec, name: string, value: unknown): { reason: string } | { value: unknown } {
  try {
    return { value: foldInput(t, { [name]: value }, {})[name] };
  } catch (e) {
    return { reason: e instanceof DwsError ? e.reason : String(e) };
  }
}

const tools = shippedEngine().tools();
/** Every required text flag without a default and without an enum (enum rules fold a blank first), with its check. */
const checked = tools.flatMap((t) => Object.entries(t.parameters)
  .filter(([, p]) => (p.required || p.cli_required) && p.default === undefined && !p.enum && (p.type === 'string' || flagType(p.type).list !== undefined) && p.type !== 'intSlice')
  .map(([name, p]) => ({ t, name, list: p.type !== 'string', check: p.required_check ?? t.required_check })));

// Go's unicode.IsSpace, which strings.TrimSpace trims
const GO_SPACES = ['\t', '\n', '\v', '\f', '\r', ' ', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000'];

describe('p-blankreq: the declared check of a required text flag', () => {
  it('is declared for every required text flag of every command', () => {
    const undeclared = checked.filter((c) => c.check === undefined).map((c) => `${c.t.canonical_path} --${c.name}`);
    expect(undeclared).toEqual([]);
    expect(checked.length).toBeGreaterThan(1500);
  });

  it('refuses an empty value of every required text flag, and a list of only blanks, as missing_parameter', () => {
    for (const { t, name, list } of checked) {
      for (const blank of list ? [[], ['', ' ']] : ['']) {
        expect(fold(t, name, blank), `${t.canonical_path} --${name} ${JSON.stringify(blank)}`).toEqual({ reason: 'missing_parameter' });
      }
    }
  });

  it('refuses a blank text under trim and hands it on as typed under empty, for every flag (property)', () => {
    const blank = fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''));
    fc.assert(fc.property(fc.constantFrom(...checked.filter((c) => !c.list)), blank, ({ t, name, check }, value) => {
      const got = fold(t, name, value);
      expect(got, `${t.canonical_path} --${name} ${JSON.stringify(value)}`).toEqual(check === 'trim' ? { reason: 'missing_parameter' } : { value });
    }), { numRuns: 2000 });
  });

  it('hands on any text with a character other than Go spaces, under either check (property)', () => {
    const filled = fc.tuple(fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 2 }), fc.string({ minLength: 1, maxLength: 6 }).filter((s) => s.split('').some((c) => !GO_SPACES.includes(c))))
      .map(([pad, s]) => pad.join('') + s + pad.join(''));
    fc.assert(fc.property(fc.constantFrom(...checked.filter((c) => !c.list)), filled, ({ t, name }, value) => {
      expect('reason' in fold(t, name, value), `${t.canonical_path} --${name} ${JSON.stringify(value)}`).toBe(false);
    }), { numRuns: 2000 });
  });

  it('is empty for most commands built on cmdutil and trim for the shortcuts and trimming bodies', () => {
    const kinds = { trim: 0, empty: 0 };
    for (const t of tools) if (t.required_check) kinds[t.required_check]++;
    expect(kinds.empty).toBeGreaterThan(450);
    expect(kinds.trim).toBeGreaterThan(350);
  });
});

describe('p-blankreq: a blank required value typed on the command line', () => {
  const runs = useOutputRuns('pb-blankreq-');

  /** A run as the user types it: its exit code and reason (0 and undefined when it succeeded) and the calls sent. */
  const outcome = async (argv: string[]) => {
    runs.mcp.calls.length = 0;
    const r = await dispatchInProcess(argv, runs.env());
    return { exit: r.error?.exitCode ?? 0, reason: r.error?.reason, calls: runs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]) };
  };

  const sent: [string, string[], [string, Record<string, unknown>]][] = [
    // empty: cmdutil's checks compare the raw value with "" and the body sends it (upstream lines in the recorded-call goldens)
    ['aitable base update --name (aitable.go:1346-1357)', ['aitable', 'base', 'update', '--base-id', 'b1', '--name', '  '], ['aitable/update_base', { baseId: 'b1', newBaseName: '  ' }]],
    ['chat group notice create --content (chat.go:9792-9809)', ['chat', 'group', 'notice', 'create', '--conversation-id', 'cid1', '--content', ' '], ['im/create_group_notice', { openConversationId: 'cid1', content: ' ' }]],
    ['chat group-role remove --role-id (chat.go:7660-7666)', ['chat', 'group-role', 'remove', '--conversation-id', 'cid1', '--role-id', '\u3000'], ['im/remove_custom_group_role', { openConversationId: 'cid1', openRoleId: '\u3000' }]],
    ['wiki node create --name (wiki.go:958-979)', ['wiki', 'node', 'create', '--workspace', 'w1', '--name', '  '], ['doc/create_file', { workspaceId: 'w1', name: '  ', type: 'adoc' }]],
  ];
  for (const [name, argv, call] of sent) {
    it(`is sent as typed where upstream's check refuses only "": ${name}`, async () => {
      expect(await outcome(argv)).toEqual({ exit: 0, reason: undefined, calls: [call] });
    });
  }

  const refused: [string, string[]][] = [
    ['an empty value under empty: aitable base update --name ""', ['aitable', 'base', 'update', '--base-id', 'b1', '--name', '']],
    ['trim, a body that trims first: contact dept create --name (contact.go:146-150)', ['contact', 'dept', 'create', '--name', '  ', '--parent', '12345', '--create-dept-group', '--yes']],
    ['trim, the toolbar helper: chat toolbar hide --conversation-id (chat/toolbar_helpers.go:72-82)', ['chat', 'toolbar', 'hide', '--conversation-id', ' ', '--shortcut-ids', '5001']],
    ['trim, a shortcut: todo +get --task-id (shortcut framework, corecmd.go:701-704)', ['todo', '+get', '--task-id', '  ']],
    ['trim, the category title: chat category rename --title (chat.go:175-179)', ['chat', 'category', 'rename', '--category-id', '5', '--title', '\u3000']],
  ];
  for (const [name, argv] of refused) {
    it(`is refused before any call (exit 3): ${name}`, async () => {
      expect(await outcome(argv)).toEqual({ exit: 3, reason: 'missing_parameter', calls: [] });
    });
  }

  it('stops the command line before any plan is printed or call is made (exit 3)', () => {
    const r = runCli(['todo', '+get', '--task-id', '  ', '--dry-run']);
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    expect(errorOf(r.stderr)).toMatchObject({ reason: 'missing_parameter', message: expect.stringContaining('--task-id') });
  });
});
