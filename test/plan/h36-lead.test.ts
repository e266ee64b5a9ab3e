// Session 36 second reading by the lead (issue 32, notes/h36-lead.md): where a drawn command still differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h36lead-');

/**
 * upstream's requireWikiResponse + requireWikiCollection (internal/shortcut/wiki/common.go:52-70, :103-137@c7521c1c), as a
 * model: the list a wiki list shortcut prints, or 'refused'.
 */
function upstreamCollection(data: Record<string, unknown>, keys: string[]): unknown[] | 'refused' {
  if (Object.keys(data).length === 0) return 'refused';
  if ('success' in data && (typeof data.success !== 'boolean' || data.success === false)) return 'refused';
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const containers: Record<string, unknown>[] = [data];
  for (const wrapper of ['result', 'data']) {
    if (!(wrapper in data)) continue;
    if (!isObject(data[wrapper])) return 'refused';
    containers.push(data[wrapper] as Record<string, unknown>);
  }
  for (const container of containers) {
    for (const key of keys) {
      if (!(key in container)) continue;
      const value = container[key];
      if (!Array.isArray(value) || !value.every(isObject)) return 'refused';
      return value;
    }
  }
  return 'refused';
}

const shape = fc.constantFrom<unknown>(null, [], [{ id: 'a' }], [{ id: 'a' }, 5], {}, 'x', true, 0);
const envelope = (key: string) => fc.record({
  success: fc.constantFrom<unknown>(true, false, 'true', 1, null),
  [key]: shape,
  result: fc.oneof(shape, fc.record({ [key]: shape }, { requiredKeys: [] })),
  data: fc.oneof(shape, fc.record({ [key]: shape }, { requiredKeys: [] })),
}, { requiredKeys: [] });

const cases: { argv: string[]; tool: string; keys: string[]; printed: string }[] = [
  { argv: ['wiki', '+member-list', '--workspace', 'w'], tool: 'wiki/list_member', keys: ['members'], printed: 'members' },
  { argv: ['wiki', '+node-list', '--workspace', 'w'], tool: 'doc/list_nodes', keys: ['nodes', 'items', 'list'], printed: 'nodes' },
  {
    argv: ['wiki', '+node-search', '--workspace', 'w', '--query', 'q'], tool: 'doc/search_documents',
    keys: ['documents', 'docs', 'nodes', 'items', 'list'], printed: 'nodes',
  },
];

describe('wiki +member-list and its siblings +node-list / +node-search read the answer as requireWikiCollection (common.go:52-137@c7521c1c)', () => {
  for (const c of cases) {
    it(`${c.argv.slice(0, 2).join(' ')}: a list key holding null is refused where it is first met, not passed over`, async () => {
      outputs.answer(c.tool, { [c.keys[0]]: null, result: { [c.keys[0]]: [{ id: 'r' }] } });
      expect(await outputs.sent(c.argv)).toMatchObject({ reason: 'backend_error' });
    });
    it(`${c.argv.slice(0, 2).join(' ')}: refused or printed as upstream's reading, for any envelope`, async () => {
      await fc.assert(fc.asyncProperty(envelope(c.keys[0]), async (answer) => {
        outputs.answer(c.tool, answer);
        const run = await outputs.sent(c.argv);
        const expected = upstreamCollection(answer, c.keys);
        if (expected === 'refused') expect(run.reason).toBeDefined();
        else {
          expect(run.reason).toBeUndefined();
          expect((run.printed as Record<string, unknown[]>)[c.printed]).toHaveLength(expected.length);
        }
      }), { numRuns: 40 });
    });
  }
});

describe('chat message read-status: the conversation id is read back through requireChatConversationID, which trims (chat.go:4524, :207-234@c7521c1c)', () => {
  const argv = (conv: string) => ['chat', 'message', 'read-status', '--conversation-id', conv, '--message-id', 'm1'];
  it('a blank --conversation-id passes the checks and is sent as "" (chatFlagOrAlias trims it to nothing)', async () => {
    expect(await outputs.argsOf(argv(' \t'))).toEqual([{ openConversationId: '', openMessageId: 'm1' }]);
  });
  it('a padded one is sent trimmed', async () => {
    expect(await outputs.argsOf(argv(' cid1 '))).toEqual([{ openConversationId: 'cid1', openMessageId: 'm1' }]);
  });
  it('mark-read, which reads --conversation-id with flagOrFallback (chat.go:9252), still sends it as typed', async () => {
    expect(await outputs.argsOf(['chat', 'mark-read', '--conversation-id', ' ', '--message-id', 'm1'])).toEqual([{ openConversationId: ' ', openMessageId: 'm1' }]);
  });
});

describe('contact user update --depts: decoded as Go decodes into []map[string]any (contactOptionalDepartments, helpers/contact.go:100-113@c7521c1c)', () => {
  const element = fc.constantFrom<unknown>(null, {}, { deptId: 1 }, { deptId: '2' }, '', 'x', 0, true, [], [{ deptId: 1 }]);
  it('a null element is a nil map and is sent; a text, number, boolean or list element is refused before any call', async () => {
    await fc.assert(fc.asyncProperty(fc.array(element, { maxLength: 4 }), async (depts) => {
      const run = await outputs.sent(['contact', 'user', 'update', '--user-id', 'u1', '--depts', JSON.stringify(depts), '--yes']);
      const goRefuses = depts.some((d) => d !== null && (typeof d !== 'object' || Array.isArray(d)));
      if (goRefuses) expect(run).toMatchObject({ reason: 'invalid_parameter', calls: [] });
      else expect(run.calls).toEqual([['contact/employee_update', { userId: 'u1', depts }]]);
    }), { numRuns: 40 });
  });
});

describe('markdown patch (drawn, seed 20261319) reads, matches and guards as runMarkdownPatch (helpers/markdown.go:640-745, doc.go:396-436@c7521c1c)', () => {
  const { mcp } = outputs;
  const patch = (pattern: string, content: string, ...more: string[]) =>
    ['markdown', 'patch', '--node', 'n1', '--space-id', 's1', '--pattern', pattern, '--content', content, ...more, '--yes'];
  const current = (text: string, link: Record<string, unknown>) => {
    mcp.files['cur.md'] = Buffer.from(text);
    mcp.uploads.length = 0;
    outputs.answer('drive/get_file_info', { result: { fileName: 'R.md' } });
    outputs.answer('drive/download_file', link);
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'up1', resourceUrl: `${mcp.base}/upload/p1` } });
    outputs.answer('drive/commit_upload', { result: { fileId: 'n1' } });
  };

  it("a drive file's downloadUrl (drive's answer to download_file) is the link read: the patched text is uploaded", async () => {
    current('an old line', { result: { downloadUrl: `${mcp.base}/files/cur.md` } });
    const r = await outputs.sent(patch('old', 'new'));
    expect([r.reason, r.calls.at(-1), mcp.uploads.at(-1)?.bytes.toString()]).toEqual([
      undefined, ['drive/commit_upload', { fileName: 'R.md', fileSize: 11, uploadId: 'up1', spaceId: 's1', overwriteFileId: 'n1' }], 'an new line']);
  });
  it('no match is a success that writes nothing and prints {changed: false, match_count: 0, node_id}', async () => {
    for (const [pattern, regex] of [['absent', []], ['x{3}', ['--regex']]] as const) {
      current('an old line', { resourceUrl: `${mcp.base}/files/cur.md` });
      const r = await outputs.sent(patch(pattern, 'new', ...regex));
      expect([r.reason, r.printed, r.calls.some(([tool]) => String(tool).endsWith('upload_info') || String(tool).endsWith('commit_upload')), mcp.uploads.length])
        .toEqual([undefined, { changed: false, match_count: 0, node_id: 'n1' }, false, 0]);
    }
  });
  it('a replacement that would empty the file is refused before any upload', async () => {
    for (const [pattern, regex] of [['an old line', []], ['.*', ['--regex']]] as const) {
      current('an old line', { result: { resourceUrl: `${mcp.base}/files/cur.md` } });
      const r = await outputs.sent(patch(pattern, '', ...regex));
      expect([r.reason, r.calls.some(([tool]) => String(tool).endsWith('commit_upload')), mcp.uploads.length]).toEqual(['invalid_parameter', false, 0]);
    }
  });
});
