// Session 46, helper xb (issue 32, notes/h46-xb.md): upstream's cross-product flag spellings on drive, wiki and sheet
// (RegisterCrossProductAliases, internal/helpers/cross_product_aliases.go:37-82@c7521c1c), read as each command body
// reads them. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46xb-');

/** upstream's flagOrFallback (pkg/cmdutil/flags.go:78-89@c7521c1c): the first spelling, in order, typed non-empty. */
function flagOrFallback(typed: Record<string, string>, order: string[]): string | undefined {
  for (const name of order) if (typed[name] !== undefined && typed[name] !== '') return typed[name];
  return undefined;
}

const argvOf = (typed: Record<string, string>) => Object.entries(typed).map(([k, v]) => `--${k}=${v}`);

// sheet template search reads GetString("query") first and only when it is empty flagOrFallback(keyword, name)
// (internal/helpers/sheet_template.go:82-88@c7521c1c): --query wins over the hidden --keyword / --name
describe('sheet template search: --query is read before the hidden --keyword and --name (sheet_template.go:82-88)', () => {
  const value = fc.constantFrom('', ' ', 'q1', 'q2');
  const typedSet = fc.record({ query: value, keyword: value, name: value }, { requiredKeys: [] });
  it('sends searchName as upstream reads it, or refuses when every spelling is empty', async () => {
    await fc.assert(fc.asyncProperty(typedSet, async (typed) => {
      outputs.answer('sheet/search_sheet_templates', { success: true, result: { templates: [] } });
      const run = await outputs.sent(['sheet', 'template', 'search', ...argvOf(typed)]);
      const want = flagOrFallback(typed, ['query', 'keyword', 'name']);
      if (want === undefined) {
        expect(run.reason).toBe('missing_parameter');
        expect(run.calls).toEqual([]);
      } else {
        expect(run.reason).toBeUndefined();
        expect(run.calls).toEqual([['sheet/search_sheet_templates', { searchName: want }]]);
      }
    }), { numRuns: 40 });
  });
  it('--keyword k --query q sends q', async () => {
    outputs.answer('sheet/search_sheet_templates', { success: true, result: { templates: [] } });
    const run = await outputs.sent(['sheet', 'template', 'search', '--keyword', 'k', '--query', 'q']);
    expect(run.calls).toEqual([['sheet/search_sheet_templates', { searchName: 'q' }]]);
  });
});

// drive list registers --node-id and --doc-id only through RegisterCrossProductAliases (drive.go:2926-2932@c7521c1c)
// and reads them on one branch: --versions reads mustFlagOrFallback(node, url, id, node-id, doc-id, file-id) (drive.go:438;
// --url/--id are not registered there, so they read as empty), while --workspace reads docFolderFlag(cmd, "node",
// "file-id") = flagOrFallback(folder, parent-id, parent-folder, parent-node-id, parent-folder-id, node, file-id)
// (drive.go:468, :483, doc.go:1073-1076): --node-id / --doc-id are accepted and ignored there
describe('drive list: the node spellings are read per branch as upstream reads them', () => {
  const value = fc.constantFrom('', ' ', 'n1', 'n2', '12');
  const typedSet = fc.record({ node: value, 'node-id': value, 'doc-id': value, 'file-id': value }, { requiredKeys: [] });
  it('--workspace: folderId from --node then --file-id only; a numeric one refused before any call', async () => {
    await fc.assert(fc.asyncProperty(typedSet, async (typed) => {
      outputs.answer('doc/list_nodes', { success: true, result: { nodes: [] } });
      const run = await outputs.sent(['drive', 'list', '--workspace', 'W', ...argvOf(typed)]);
      const folder = flagOrFallback(typed, ['node', 'file-id']);
      if (folder !== undefined && /^[0-9]+$/.test(folder.trim())) {
        expect(run.reason).toBe('invalid_parameter');
        expect(run.calls).toEqual([]);
        return;
      }
      expect(run.reason).toBeUndefined();
      expect(run.calls).toHaveLength(1);
      const [tool, args] = run.calls[0];
      expect(tool).toBe('doc/list_nodes');
      expect((args as Record<string, unknown>).folderId).toBe(folder);
    }), { numRuns: 60 });
  });
  it('--versions: nodeId from --node, --node-id, --doc-id, then --file-id; refused when none is filled', async () => {
    await fc.assert(fc.asyncProperty(typedSet, async (typed) => {
      outputs.answer('drive/list_file_versions', { success: true, result: { versions: [] } });
      const run = await outputs.sent(['drive', 'list', '--versions', ...argvOf(typed)]);
      const node = flagOrFallback(typed, ['node', 'node-id', 'doc-id', 'file-id']);
      if (node === undefined) {
        expect(run.reason).toBeDefined();
        expect(run.calls).toEqual([]);
        return;
      }
      expect(run.reason).toBeUndefined();
      expect(run.calls).toHaveLength(1);
      expect(run.calls[0][0]).toBe('drive/list_file_versions');
      expect((run.calls[0][1] as Record<string, unknown>).nodeId).toBe(node);
    }), { numRuns: 60 });
  });
  it('--workspace W --node-id X lists the space root, as upstream (before: folderId X)', async () => {
    outputs.answer('doc/list_nodes', { success: true, result: { nodes: [] } });
    const run = await outputs.sent(['drive', 'list', '--workspace', 'W', '--node-id', 'X']);
    expect(run.calls).toHaveLength(1);
    expect(run.calls[0][1]).not.toHaveProperty('folderId');
  });
});

// the drive branch of drive list (no --workspace, --versions, --depth above 1, filter or --latest) reads
// flagOrFallback(cmd, "cursor", "next-token") (drive.go:564@c7521c1c), and so does its --pattern page
// (callDriveListPageWithPattern with the same argsMap, :573-575): the cross-product --page-token is accepted and ignored
describe('drive list: the drive branch pages by --cursor then --next-token; --page-token is accepted and ignored (drive.go:564)', () => {
  const value = fc.constantFrom('', 't1', 't2');
  const typedSet = fc.record({ cursor: value, 'next-token': value, 'page-token': value }, { requiredKeys: [] });
  const mode = fc.constantFrom<string[]>([], ['--pattern', 'x'], ['--limit', '5']);
  it('sends nextToken as upstream reads it, for every mix of the three spellings', async () => {
    await fc.assert(fc.asyncProperty(typedSet, mode, async (typed, m) => {
      outputs.answer('drive/list_files', { success: true, result: { files: [] } });
      const run = await outputs.sent(['drive', 'list', ...m, ...argvOf(typed)]);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toHaveLength(1);
      expect(run.calls[0][0]).toBe('drive/list_files');
      expect((run.calls[0][1] as Record<string, unknown>).nextToken).toBe(flagOrFallback(typed, ['cursor', 'next-token']));
    }), { numRuns: 40 });
  });
  it('--page-token T alone lists the first page (before: nextToken T)', async () => {
    outputs.answer('drive/list_files', { success: true, result: { files: [] } });
    const run = await outputs.sent(['drive', 'list', '--page-token', 'T']);
    expect(run.calls).toEqual([['drive/list_files', { maxResults: 20 }]]);
  });
});
