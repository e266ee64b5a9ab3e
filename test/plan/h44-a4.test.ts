// Session 44 second reading, part a4 (issue 32, notes/h44-a4.md; seed 20261393): where a drawn command, or a sibling
// reading its answer the same way, still differed from upstream's body at c7521c1c. Each run as a user types it
// against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h44a4-');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * upstream's listAttachmentExtractList + listAttachmentProject (internal/shortcut/todo/todo.go:365-425@c7521c1c), as a
 * model: the first list among the containers' keys, each object element reduced to the four fields, where
 * listAttachmentFirst returns the first spelling PRESENT as a key (`m[k]; ok`), so a null there leaves the field out.
 */
function upstreamAttachments(data: Record<string, unknown>): Record<string, unknown>[] {
  const containers: Record<string, unknown>[] = [data];
  for (const k of ['result', 'data']) if (isObject(data[k])) containers.push(data[k] as Record<string, unknown>);
  let raw: unknown[] | undefined;
  outer: for (const c of containers) {
    for (const k of ['list', 'items', 'attachments', 'attachmentList', 'result', 'data']) {
      if (Array.isArray(c[k])) { raw = c[k] as unknown[]; break outer; }
    }
  }
  const first = (m: Record<string, unknown>, keys: string[]) => {
    for (const k of keys) if (k in m) return m[k];
    return null;
  };
  const fields: [string, string[]][] = [
    ['attachmentId', ['attachmentId', 'id', 'fileId']], ['fileName', ['fileName', 'name', 'spaceFileName']],
    ['fileSize', ['fileSize', 'size']], ['fileType', ['fileType', 'type']],
  ];
  const out: Record<string, unknown>[] = [];
  for (const item of raw ?? []) {
    if (!isObject(item)) continue;
    const row: Record<string, unknown> = {};
    for (const [name, keys] of fields) {
      const v = first(item, keys);
      if (v !== null && v !== undefined) row[name] = v;
    }
    if (Object.keys(row).length > 0) out.push(row);
  }
  return out;
}

describe('todo +list-attachment reads each field as listAttachmentFirst does: the first spelling present decides (todo.go:365-425@c7521c1c)', () => {
  const argv = ['todo', '+list-attachment', '--task-id', 't1'];
  it('an attachmentId present with null leaves the field out; the later id is not read', async () => {
    outputs.answer('todo/list_todo_attachment', { result: { list: [{ attachmentId: null, id: 'x', name: 'n' }, { fileId: null }] } });
    expect((await outputs.sent(argv)).printed).toEqual({ count: 1, attachments: [{ fileName: 'n' }] });
  });
  it('prints upstream projection for any element spelling mix', async () => {
    const value = fc.constantFrom<unknown>(null, 'a', 0, '', 7);
    const element = fc.oneof(
      fc.record({ attachmentId: value, id: value, fileId: value, fileName: value, name: value, spaceFileName: value, fileSize: value, size: value, fileType: value, type: value }, { requiredKeys: [] }),
      fc.constantFrom<unknown>(5, null, 'x'),
    );
    const list = fc.array(element, { maxLength: 4 });
    const answer = fc.record({
      list: fc.oneof(list, fc.constant(null)),
      result: fc.oneof(fc.record({ items: list, attachments: list }, { requiredKeys: [] }), list, fc.constant(null)),
      data: fc.oneof(fc.record({ attachmentList: list }, { requiredKeys: [] }), list),
    }, { requiredKeys: [] });
    await fc.assert(fc.asyncProperty(answer, async (a) => {
      outputs.answer('todo/list_todo_attachment', a);
      const expected = upstreamAttachments(a);
      expect((await outputs.sent(argv)).printed).toEqual({ count: expected.length, attachments: expected });
    }), { numRuns: 60 });
  });
});

describe('doc +checkpoint-update reads --content before its first call, as Execute does (readShortcutContent, content_shortcuts.go:427-431@c7521c1c)', () => {
  const argv = (content: string, ...rest: string[]) => ['doc', '+checkpoint-update', '--node', 'n1', '--content', content, ...rest];
  for (const content of ['@missing.md', '@ ', '@/etc/hostname', '@../outside.md']) {
    it(`--content ${JSON.stringify(content)} with --yes is refused before save_doc_version is sent`, async () => {
      const run = await outputs.sent(argv(content, '--yes'));
      expect({ reason: run.reason, calls: run.calls }).toEqual({ reason: 'invalid_parameter', calls: [] });
    });
  }
  it('without --yes the confirmation is asked first (corecmd confirms before Execute), still with no call', async () => {
    const run = await outputs.sent(argv('@missing.md'));
    expect({ reason: run.reason, calls: run.calls }).toEqual({ reason: 'confirmation_required', calls: [] });
  });
  it('a readable @file is sent as the update and compared in the read-back', async () => {
    outputs.answer('doc/save_doc_version', { success: true, result: { version: 3 } });
    outputs.answer('doc/update_document', { success: true });
    outputs.answer('doc/get_document_content', { result: { content: '# T\n\nold\n\nnew text' } });
    const run = await outputs.sent(argv('@part.md', '--yes'), { 'part.md': 'new text' });
    expect(run.calls).toEqual([
      ['doc/save_doc_version', { nodeId: 'n1' }],
      ['doc/update_document', { nodeId: 'n1', markdown: 'new text', mode: 'append' }],
      ['doc/get_document_content', { nodeId: 'n1', format: 'markdown' }],
    ]);
    expect(run.reason).toBeUndefined();
  });
  it('an empty @file is sent as empty markdown, as upstream sends it', async () => {
    outputs.answer('doc/save_doc_version', { success: true, result: { version: 3 } });
    outputs.answer('doc/update_document', { success: true });
    outputs.answer('doc/get_document_content', { result: { content: '' } });
    const run = await outputs.sent(argv('@empty.md', '--yes', '--mode', 'overwrite'), { 'empty.md': '' });
    expect(run.calls.slice(0, 2)).toEqual([
      ['doc/save_doc_version', { nodeId: 'n1' }],
      ['doc/update_document', { nodeId: 'n1', markdown: '', mode: 'overwrite' }],
    ]);
  });
  it('--content - reads the standard input once: the update sends it and the read-back is compared with it', async () => {
    outputs.answer('doc/save_doc_version', { success: true, result: { version: 3 } });
    outputs.answer('doc/update_document', { success: true });
    outputs.answer('doc/get_document_content', { result: { content: 'old\n\npiped text' } });
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(argv('-', '--yes'), outputs.env(), undefined, { stdin: 'piped text', sleep: async () => {} });
    expect(outcome.error?.reason).toBeUndefined();
    expect(outputs.mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['save_doc_version', { nodeId: 'n1' }],
      ['update_document', { nodeId: 'n1', markdown: 'piped text', mode: 'append' }],
      ['get_document_content', { nodeId: 'n1', format: 'markdown' }],
    ]);
  });
});

describe('a positional word that is blank (or only "." and "/") right after the command path is an argument, as cobra reads it (devdoc.go:138-160@c7521c1c)', () => {
  for (const word of [' ', '\t', '.', '/']) {
    it(`dev doc search ${JSON.stringify(word)} sends it as the keyword (cobra sets --query from args[0])`, async () => {
      expect(await outputs.argsOf(['dev', 'doc', 'search', word])).toEqual([{ keyword: word, page: 1, size: 10 }]);
    });
  }
  it('an empty positional still counts as no keyword (flagOrFallback then validateRequiredFlagWithAliases refuse it)', async () => {
    expect(await outputs.argsOf(['dev', 'doc', 'search', ''])).toBe('missing_parameter');
  });
});

describe('pat chmod keeps the plan\'s selected scopes that strings.TrimSpace leaves non-empty (extractSelectedScopes chmod.go:937-943@c7521c1c)', () => {
  const argv = ['pat', 'chmod', '--products', 'calendar', '--yes'];
  it('U+FEFF is no space to Go: that scope is granted; U+0085 is: that one is dropped', async () => {
    outputs.answer('pat/pat.batch_plan', { data: { selectedScopes: ['s1', '\uFEFF', '\u0085', ' ', 's2'] } });
    const run = await outputs.sent(argv);
    expect(run.calls[1]).toEqual(['pat/pat.batch_grant', { scopes: ['s1', '\uFEFF', 's2'], grantType: 'permanent' }]);
  });
  it('a plan whose only selected scope is U+0085 selected nothing (refused, nothing granted)', async () => {
    outputs.answer('pat/pat.batch_plan', { data: { selectedScopes: ['\u0085'] } });
    const run = await outputs.sent(argv);
    expect({ reason: run.reason, calls: run.calls.map(([k]) => k) }).toEqual({ reason: 'invalid_parameter', calls: ['pat/pat.batch_plan'] });
  });
});
