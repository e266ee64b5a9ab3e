// The twenty-fourth audit, part a (seed 20261225, notes/audit-30x-a.md): its fixed commands run as a user types them
// against the recording backend on 127.0.0.1. The calls are also pinned by the `a-x1:` cases of
// test/fixtures/calls/{aitable,chat,sheet}.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { answer, sent } = useOutputRuns('dws-audit30x-a-');
const QUERY = ['aitable', 'record', 'query', '--base-id', 'b', '--table-id', 't'];

/** The sort record query sends for a --sort text (undefined: no sort key). */
async function sortSent(text: string): Promise<unknown> {
  const run = await sent([...QUERY, '--sort', text]);
  expect(run.reason).toBeUndefined();
  const args = run.calls[0][1] as Record<string, unknown>;
  return Object.hasOwn(args, 'sort') ? args.sort : undefined;
}

// aitable record query (helpers/aitable.go:2176-2190@c7521c1c): --sort goes through json.Unmarshal into
// []map[string]any; a failed decode leaves sort out, JSON null decodes to a nil slice, sent as null. JSON whitespace
// is only space, tab, LF and CR.
describe('aitable record query reads a null --sort as Go\'s JSON decoder does', () => {
  it('sends sort: null only for null between JSON whitespace, and no sort for null led by any other space', async () => {
    const got = [];
    for (const text of ['null', ' \t\r\nnull\n ', '\u00a0null', '\u000bnull', '\ufeffnull', 'null\u2028', '\u0085null']) got.push(await sortSent(text));
    expect(got).toEqual([null, null, undefined, undefined, undefined, undefined, undefined]);
  });

  it('sends null for JSON whitespace around null and nothing for any other padding (property)', async () => {
    const jsonSpace = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3 });
    const otherSpace = fc.constantFrom('\u00a0', '\u000b', '\u000c', '\ufeff', '\u2028', '\u2029', '\u3000', '\u1680', '\u0085');
    await fc.assert(fc.asyncProperty(jsonSpace, jsonSpace, fc.option(otherSpace, { nil: undefined }), fc.boolean(), async (lead, tail, odd, before) => {
      const text = odd === undefined ? `${lead}null${tail}` : before ? `${lead}${odd}null${tail}` : `${lead}null${odd}${tail}`;
      expect(await sortSent(text)).toBe(odd === undefined ? null : undefined);
    }), { numRuns: 25 });
  });
});

// sheet copy and sheet update (helpers/sheet_workbook.go:392-394, :273-291; sheet.go:13-21@c7521c1c): --title is
// the command's own flag; when --name or --title is typed, title is --name if not empty, else --title.
describe('sheet copy and sheet update read --name and --title as resolveSheetName', () => {
  it('sends the title upstream sends for each typed pair', async () => {
    const runs: string[][] = [
      ['--title', ''],
      ['--title', 'T'],
      ['--name', '', '--title', 'T'],
      ['--name', 'A', '--title', 'B'],
      ['--name', ''],
      [],
    ];
    const got = [];
    for (const flags of runs) {
      const copy = await sent(['sheet', 'copy', '--node', 'n', '--sheet-id', 's', ...flags]);
      const update = await sent(['sheet', 'update', '--node', 'n', '--sheet-id', 's', ...flags]);
      got.push([copy.reason ?? copy.calls, update.reason ?? update.calls]);
    }
    const copy = (extra: object) => [['sheet/copy_sheet', { nodeId: 'n', sheetId: 's', ...extra }]];
    const update = (extra: object) => [['sheet/update_sheet', { nodeId: 'n', sheetId: 's', ...extra }]];
    expect(got).toEqual([
      [copy({ title: '' }), update({ title: '' })],
      [copy({ title: 'T' }), update({ title: 'T' })],
      [copy({ title: 'T' }), update({ title: 'T' })],
      [copy({ title: 'A' }), update({ title: 'A' })],
      [copy({ title: '' }), update({ title: '' })],
      [copy({}), 'invalid_parameter'],
    ]);
  });
});

// chat group members remove (helpers/chat.go:2881-2893@c7521c1c; parseCSVValues contact.go:20-24): a --users of only
// spaces passes validateRequiredFlags and parses to Go's nil slice, sent as null; a list of only commas is [].
describe('chat group members remove sends the user list parseCSVValues gives', () => {
  it('sends null for a blank list and [] for a list of only commas', async () => {
    answer('chat/get_group_members', { result: { hasMore: false, list: [] } });
    const got = [];
    for (const users of ['  ', '\u0085', ',', ' , ', '[]', ' u1 , ,u2']) {
      const run = await sent(['chat', 'group', 'members', 'remove', '--id', 'g1', '--users', users]);
      got.push(run.reason ?? run.calls.at(-1));
    }
    const removed = (list: unknown) => ['chat/remove_group_member', { openConversationId: 'g1', userIdList: list }];
    expect(got).toEqual([removed(null), removed(null), removed([]), removed([]), removed([]), removed(['u1', 'u2'])]);
  });
});

// calendar attendee list (helpers/calendar.go:819-821@c7521c1c): the attendee group carries the cobra alias
// `participant`, which reaches every command under it; so do doc's `perm` (doc.go:3522-3524) and chat's `im`
// (chat.go:2360-2362).
describe('upstream\'s group aliases reach the commands under the group', () => {
  it('runs each command under an aliased group as under the group itself, and a typo under it stays unknown', async () => {
    const pairs: [string[], string[]][] = [
      [['calendar', 'participant', 'list', '--event', ' e1 ', '--calendar', 'c1'], ['calendar', 'attendee', 'list', '--event', ' e1 ', '--calendar', 'c1']],
      [['doc', 'perm', 'list', '--node', 'n1'], ['doc', 'permission', 'list', '--node', 'n1']],
      [['im', 'group', 'list-my-groups', '--limit', '5'], ['chat', 'group', 'list-my-groups', '--limit', '5']],
    ];
    for (const [aliased, plain] of pairs) {
      const a = await sent(aliased);
      const b = await sent(plain);
      expect(a.reason).toBeUndefined();
      expect(a.calls).toEqual(b.calls);
      expect(a.calls).toHaveLength(1);
    }
    expect((await sent(['calendar', 'participant', 'lst', '--event', 'e1'])).reason).toBe('unknown_command');
    expect((await sent(['calendar', 'participants', 'list', '--event', 'e1'])).reason).toBe('unknown_command');
  });
});
