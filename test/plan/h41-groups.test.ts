// Session 41, upstream's runnable groups (issue 32 / 34, notes/h41-groups.md): a Cobra group with a RunE of its own
// runs that body when its words are typed with flags. Each run as a user types it against the recording backend on
// 127.0.0.1; the mechanism (ToolSpec.group_body) checked at build and at resolve on its own.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';
import { readDeclarationFiles } from '../../src/build/load.js';
import { CatalogInvalid, validateDeclarations } from '../../src/catalog/validate.js';

type Doc = { product: { id: string }; tools: Record<string, unknown>[] };
const files = readDeclarationFiles(path.join(ROOT, 'catalog')) as { file: string; doc: Doc }[];

function problemsOf(mutate: (byFile: Map<string, Doc>) => void): string[] {
  const copy = structuredClone(files);
  mutate(new Map(copy.map((f) => [f.file, f.doc])));
  try {
    validateDeclarations(copy);
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogInvalid);
    return (e as CatalogInvalid).problems;
  }
  return [];
}
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
