// Session 41, upstream's runnable groups (issue 32 / 34, notes/h41-groups.md): a Cobra group with a RunE of its own
// runs that body when its words are typed with flags. Each run as a user types it against the recording backend on
// 127.0.0.1; the mechanism (ToolSpec.group_body) checked at build and at resolve on its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { declarationProblemsOf, dispatchInProcess, shippedEngine, type DeclarationDoc } from '../helpers.js';
import { resolveCommand } from '../../src/dispatch/resolve.js';

const outputs = useOutputRuns('dws-h41groups-');

type Doc = DeclarationDoc;
const problemsOf = declarationProblemsOf;
const toolOf = (m: Map<string, Doc>, file: string, name: string) => m.get(file)!.tools.find((t) => t.name === name)!;

describe('NEW MECHANISM group_body: a runnable group\'s own body, checked at build', () => {
  // a command moved onto a group's path (chat group, which has commands under it)
  const onGroup = (t: Record<string, unknown>) => Object.assign(t, { cli_path: 'chat group', primary_cli_path: 'chat group' });
  it('a command whose CLI path has commands under it must declare group_body; declaring it passes', () => {
    expect(problemsOf((m) => { onGroup(toolOf(m, 'chat.yaml', 'list_group_member_by_ids')); }))
      .toEqual([expect.stringContaining('chat.list_group_member_by_ids: CLI path "chat group" is also a group of commands; declare group_body: true')]);
    expect(problemsOf((m) => { onGroup(toolOf(m, 'chat.yaml', 'list_group_member_by_ids')).group_body = true; })).toEqual([]);
  });
  it('group_body on a command with nothing under it is refused', () => {
    expect(problemsOf((m) => { toolOf(m, 'chat.yaml', 'add_group_member').group_body = true; }))
      .toEqual([expect.stringContaining('chat.add_group_member: group_body, but no command is under "chat group members add"')]);
  });
  it('a group\'s body is named by the group\'s words only (no aliases)', () => {
    expect(problemsOf((m) => { Object.assign(onGroup(toolOf(m, 'chat.yaml', 'list_group_member_by_ids')), { group_body: true, aliases: ['chat group member-list'] }); }))
      .toContainEqual(expect.stringContaining('a group\'s body is named by the group\'s words only'));
  });
});

describe('NEW MECHANISM group_body: resolve', () => {
  const e = shippedEngine();
  it('typed with arguments the group\'s words name the body; bare or with --help, the group (with its body)', () => {
    const run = resolveCommand(['chat', 'group', 'members', '--id', 'c'], e);
    expect(run.kind === 'tool' && [run.tool.canonical_path, run.path, run.rest]).toEqual(['chat.get_group_members', 'chat group members', ['--id', 'c']]);
    for (const argv of [['chat', 'group', 'members'], ['chat', 'group', 'members', '--id', 'c', '--help'], ['chat', 'group', 'members', '-h']]) {
      const r = resolveCommand(argv, e);
      expect(r.kind === 'group' && [r.prefix, r.body?.canonical_path, r.tools.map((t) => t.cli_path).sort()]).toEqual(['chat group members', 'chat.get_group_members',
        ['chat group members add', 'chat group members add-bot', 'chat group members list-by-ids', 'chat group members remove', 'chat group members remove-bot']]);
    }
  });
  it('a command under the group is still that command', () => {
    const r = resolveCommand(['chat', 'group', 'members', 'add', '--id', 'c'], e);
    expect(r.kind === 'tool' && r.tool.canonical_path).toBe('chat.add_group_member');
  });
  it('an MCP execute naming the body by its path or canonical path runs it (its arguments come apart)', () => {
    for (const p of ['chat group members', 'chat.get_group_members']) {
      const r = resolveCommand([p], e, true, 'run');
      expect(r.kind === 'tool' && r.tool.canonical_path).toBe('chat.get_group_members');
    }
  });
});

describe('chat group members --id <cid> [--cursor c]: upstream\'s group body (helpers/chat.go:2704-2721@c7521c1c)', () => {
  it('sends chat get_group_members{openconversation_id} and prints the answer', async () => {
    outputs.answer('chat/get_group_members', { result: { hasMore: false, list: [{ openDingtalkId: 'od1', memberRoleType: 1 }] } });
    const r = await outputs.sent(['chat', 'group', 'members', '--id', 'cidA1']);
    expect(r.calls).toEqual([['chat/get_group_members', { openconversation_id: 'cidA1' }]]);
    expect(r.printed).toEqual({ result: { hasMore: false, list: [{ openDingtalkId: 'od1', memberRoleType: 1 }] } });
  });
  it('--cursor is sent as typed when not empty (`if v != ""`); --id as typed, untrimmed (cmdutil.MustGetFlag)', async () => {
    // upstream's body as a model: validateRequiredFlags refuses "" (flags.go:112-121), the cursor only when not ""
    const model = (id: string, cursor?: string) => (id === '' ? 'missing_parameter' :
      { openconversation_id: id, ...(cursor !== undefined && cursor !== '' ? { cursor } : {}) });
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '0', ' ', '-', '_', '群'), maxLength: 6 });
    await fc.assert(fc.asyncProperty(text, fc.option(text, { nil: undefined }), async (id, cursor) => {
      const r = await outputs.sent(['chat', 'group', 'members', '--id', id, ...(cursor === undefined ? [] : ['--cursor', cursor])]);
      const want = model(id, cursor);
      if (want === 'missing_parameter') expect([r.reason, r.calls]).toEqual(['missing_parameter', []]);
      else expect(r.calls).toEqual([['chat/get_group_members', want]]);
    }), { numRuns: 40 });
  });
  it('without --id it is refused before any call (MarkFlagRequired, chat.go:4700)', async () => {
    const r = await outputs.sent(['chat', 'group', 'members', '--cursor', '0']);
    expect([r.reason, r.calls]).toEqual(['missing_parameter', []]);
  });
  it('through Cobra\'s alias im (chat.go:2360-2362): im group members --id c', async () => {
    expect((await outputs.sent(['im', 'group', 'members', '--id', 'c'])).calls).toEqual([['chat/get_group_members', { openconversation_id: 'c' }]]);
  });
  it('upstream\'s PreParse synonyms of the group (cli/param_aliases_generated.go:1012-1021@c7521c1c) reach --id', async () => {
    for (const spelling of ['--group', '--chat-id', '--conversation-id', '--open-conversation-id', '--chat']) {
      expect((await outputs.sent(['chat', 'group', 'members', spelling, 'cidS'])).calls).toEqual([['chat/get_group_members', { openconversation_id: 'cidS' }]]);
    }
  });
  it('bare it is refused as a group naming its own flags; --help shows the body\'s flags and the group\'s commands', async () => {
    const env = outputs.env();
    const bare = await dispatchInProcess(['chat', 'group', 'members'], env);
    expect([bare.error?.reason, bare.error?.exitCode]).toEqual(['unknown_command', 3]);
    expect(bare.error?.hint).toContain('run it with its own flags');
    const help = await dispatchInProcess(['chat', 'group', 'members', '--help'], env);
    expect(help.out).toContain('Usage: dws chat group members [flags]');
    expect(help.out).toContain('--cursor <string>');
    expect(help.out).toContain('dws chat group members - 5 commands');
    expect(help.out).toContain('  dws chat group members remove-bot');
    expect(outputs.mcp.calls).toEqual([]);
  });
  it('its commands still run their own bodies: members add sends add_group_member', async () => {
    const r = await outputs.sent(['chat', 'group', 'members', 'add', '--id', 'c', '--users', 'u1']);
    expect(r.calls.map(([t]) => t)).toEqual(['chat/add_group_member']);
  });
});

describe('NEW MECHANISM GROUPS_NOT_RUN: a runnable group whose body dws does not run is refused saying so, typed with flags', () => {
  const cases: [string[], string][] = [
    [['dev', 'connect', '--channel', 'codex', '--robot-client-id', 'a', '--robot-client-secret', 'b'], 'internal/helpers/devapp_connect.go:444@c7521c1c'],
    [['aitable', 'view', 'update', '--base-id', 'b', '--table-id', 't', '--view-id', 'v', '--name', 'n'], 'internal/helpers/aitable.go:3409@c7521c1c'],
    [['doc', 'export', '--node', 'n', '--output', 'x.docx'], 'internal/helpers/doc.go:3873@c7521c1c'],
    [['doc', 'import', '--file', 'notes.md'], 'internal/helpers/doc.go:4145@c7521c1c'],
  ];
  for (const [argv, upstream] of cases) {
    it(`${argv.slice(0, 3).join(' ')} --flags: not_dispatchable (3) naming ${upstream}, nothing sent`, async () => {
      const r = await dispatchInProcess(argv, outputs.env());
      expect([r.error?.reason, r.error?.exitCode, r.out]).toEqual(['not_dispatchable', 3, '']);
      expect(r.error?.message).toContain(upstream);
      expect(r.error?.message).toContain('dws does not');
      expect(outputs.mcp.calls).toEqual([]);
    });
  }
  it('bare, with --help, or with a word that names nothing, the group stays a group', async () => {
    const env = outputs.env();
    for (const argv of [['dev', 'connect'], ['dev', 'connect', 'nope'], ['doc', 'export']]) {
      expect((await dispatchInProcess(argv, env)).error?.reason).toBe('unknown_command');
    }
    expect((await dispatchInProcess(['dev', 'connect', '--channel', 'x', '--help'], env)).out).toContain('dws dev connect status');
    // its commands still run: dev connect list is dws's local command
    expect((await dispatchInProcess(['aitable', 'view', 'update', 'name', '--help'], env)).out).toContain('Usage: dws aitable view update name');
  });
});
