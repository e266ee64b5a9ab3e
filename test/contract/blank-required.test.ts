// A required text flag given a blank value (issue 32): refused or sent exactly as upstream's check does it. Each command
// declares its check (`required_check`, src/catalog/types.ts RequiredCheck): `trim` (corecmd ValidateRequired, the
// shortcut framework, bodies that trim first) refuses `""` and a blank; `empty` (cmdutil ValidateRequiredFlags,
// pkg/cmdutil/flags.go:110-121@c7521c1c) refuses only `""` and leaves a blank to the plan, which sends it as upstream
// does; `given` (cobra MarkFlagRequired or a body's `cmd.Flags().Changed` with nothing after it, p-blank3) refuses only
// a flag left out and hands `""` and a blank on. An empty value is refused under trim and empty; a list with no element
// other than blanks too (sliceHasValue).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { DwsError } from '../../src/errors.js';
import { foldInput, schemaOf } from '../../src/contract/schema.js';
import { trimSpace } from '../../src/contract/values.js';
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

  it('refuses an empty value of every required text flag checked trim or empty, and a list of only blanks, as missing_parameter', () => {
    for (const { t, name, list } of checked.filter((c) => c.check !== 'given')) {
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
    const kinds = { trim: 0, empty: 0, given: 0 };
    for (const t of tools) if (t.required_check) kinds[t.required_check]++;
    expect(kinds.empty).toBeGreaterThan(450);
    expect(kinds.trim).toBeGreaterThan(350);
  });

  // p-blank3: the flags upstream checks only for having been typed, read in the bodies (aitable.go:2977-2982,
  // :7020-7022, markdown.go:647,:659, sheet_create_with_data.go:116-118@c7521c1c); a new one needs reading first
  it('is given exactly where upstream asks only that the flag was typed', () => {
    expect(checked.filter((c) => c.check === 'given').map((c) => `${c.t.primary_cli_path} --${c.name}`).sort()).toEqual([
      'aitable attachment upload --base-id', 'aitable attachment upload --file-name', 'aitable section move-node --new-parent-section-id',
      // h55-a2: sheet create-with-data --name left this list: upstream checks it not at all (sheet_create_with_data.go:116-118@c7521c1c)
      'markdown patch --content',
    ]);
  });

  it('refuses, or hands on unchanged, any typed value as its declared check says: blank, Go spaces or text (property)', () => {
    const value = fc.oneof(
      fc.constant(''),
      fc.array(fc.constantFrom(...GO_SPACES), { minLength: 1, maxLength: 4 }).map((cs) => cs.join('')),
      fc.tuple(fc.array(fc.constantFrom(...GO_SPACES), { maxLength: 2 }), fc.string({ minLength: 1, maxLength: 6 })).map(([pad, x]) => pad.join('') + x),
    );
    const singles = checked.filter((c) => !c.list);
    // the given flags drawn often, so every run meets them
    const pick = fc.oneof(fc.constantFrom(...singles), fc.constantFrom(...singles.filter((c) => c.check === 'given')));
    fc.assert(fc.property(pick, value, ({ t, name, check }, v) => {
      const trimmedEmpty = v.split('').every((c) => GO_SPACES.includes(c));
      const refused = check === 'given' ? false : check === 'empty' ? v === '' : trimmedEmpty;
      // a command with trim_strings hands its text values on trimmed (rt.Str)
      const handed = t.trim_strings ? trimSpace(v) : v;
      expect(fold(t, name, v), `${t.canonical_path} --${name} (${check}) ${JSON.stringify(v)}`).toEqual(refused ? { reason: 'missing_parameter' } : { value: handed });
    }), { numRuns: 3000 });
  });

  it('keeps a given flag in the schema\'s required list: left out, it is still missing (the command runs below)', () => {
    for (const { t, name } of checked.filter((c) => c.check === 'given')) {
      expect((schemaOf(t).schema as { required: string[] }).required, `${t.canonical_path} --${name}`).toContain(name);
    }
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
    // given: only Changed is checked and the body sends the value as typed (mustGetFlag), "" included
    ['aitable attachment upload --base-id "" (aitable.go:2977-2992)', ['aitable', 'attachment', 'upload', '--base-id', '', '--file-name', 'a.png', '--size', '10'], ['aitable/prepare_attachment_upload', { baseId: '', fileName: 'a.png', size: 10 }]],
    ['aitable attachment upload --file-name " " (aitable.go:2980-2991)', ['aitable', 'attachment', 'upload', '--base-id', 'b1', '--file-name', ' ', '--size', '10'], ['aitable/prepare_attachment_upload', { baseId: 'b1', fileName: ' ', size: 10 }]],
    ['aitable section move-node --new-parent-section-id "" (the base root, aitable.go:7020-7031)', ['aitable', 'section', 'move-node', '--base-id', 'b1', '--node-id', 'n1', '--new-parent-section-id', ''], ['aitable-helper/move_nsheet_node', { baseId: 'b1', nodeId: 'n1', newParentSectionId: '' }]],
  ];
  for (const [name, argv, call] of sent) {
    it(`is sent as typed where upstream's check refuses only "": ${name}`, async () => {
      expect(await outcome(argv)).toEqual({ exit: 0, reason: undefined, calls: [call] });
    });
  }

  it('sends a typed --name "" where upstream has no check of it: sheet create-with-data (sheet_create_with_data.go:116-118)', async () => {
    const got = await outcome(['sheet', 'create-with-data', '--name', '', '--values', '[["a"]]']);
    expect(got.calls[0]).toEqual(['sheet/create_workspace_sheet', { name: '' }]);
  });

  const refused: [string, string[]][] = [
    ['an empty value under empty: aitable base update --name ""', ['aitable', 'base', 'update', '--base-id', 'b1', '--name', '']],
    ['trim, a body that trims first: contact dept create --name (contact.go:146-150)', ['contact', 'dept', 'create', '--name', '  ', '--parent', '12345', '--create-dept-group', '--yes']],
    ['trim, the toolbar helper: chat toolbar hide --conversation-id (chat/toolbar_helpers.go:72-82)', ['chat', 'toolbar', 'hide', '--conversation-id', ' ', '--shortcut-ids', '5001']],
    ['trim, a shortcut: todo +get --task-id (shortcut framework, corecmd.go:701-704)', ['todo', '+get', '--task-id', '  ']],
    ['trim, the category title: chat category rename --title (chat.go:175-179)', ['chat', 'category', 'rename', '--category-id', '5', '--title', '\u3000']],
    ['given, left out: aitable section move-node without --new-parent-section-id (aitable.go:7020-7022)', ['aitable', 'section', 'move-node', '--base-id', 'b1', '--node-id', 'n1']],
    ['given, only the hidden spelling: aitable attachment upload --base (Changed("base-id"), aitable.go:2977)', ['aitable', 'attachment', 'upload', '--base', 'b1', '--file-name', 'a.png', '--size', '10']],
    ['given, left out: aitable attachment upload without --file-name (aitable.go:2980)', ['aitable', 'attachment', 'upload', '--base-id', 'b1', '--size', '10']],
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
