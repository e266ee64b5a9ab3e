// Session 35 second reading, part a3 (issue 32, notes/h35-a3.md): where a drawn command still differed from upstream's
// body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1 (test/fixtures/mcp/server.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h35a3-');
const { mcp } = outputs;

describe('sheet set-dropdown: --options is a typed []map[string]any the transport does not read (sheet_dimension.go:855-867; client.go:1093-1125@c7521c1c)', () => {
  const base = ['sheet', 'set-dropdown', '--node', 'n', '--sheet-id', 's', '--range', 'A1'];
  it('an option holding a zero-width or control character is sent as decoded', async () => {
    const r = await outputs.sent([...base, '--options', '[{"value":"a\\u200bb","color":"\\u0001"}]']);
    expect(r.reason).toBeUndefined();
    expect(r.calls).toEqual([['sheet/set_dropdown_lists', { nodeId: 'n', sheetId: 's', range: 'A1', options: [{ value: 'a\u200bb', color: '\u0001' }] }]]);
  });
  it('the sourceRange object is still read (a map[string]any): a zero-width source sheet id is refused', async () => {
    const r = await outputs.sent([...base, '--source-range', 'T1', '--source-sheet-id', 's\u200b']);
    expect(r).toMatchObject({ reason: 'invalid_argument', calls: [] });
  });
});

// upstream appendChatChmodParams / parseChatChmodParams / putChatChmodParam (helpers/chat.go:1971-2024@c7521c1c), as a model
function upstreamGrantParams(conv: string, odt: string, user: string, perm: string[]): string | 'refused' {
  const params = new Map<string, string>();
  for (const raw of perm) {
    const item = raw.trim();
    if (item === '') continue;
    const at = item.indexOf('=');
    if (at < 0 || item.slice(0, at).trim() === '') return 'refused';
    params.set(item.slice(0, at).trim(), item.slice(at + 1).trim());
  }
  const specified = [conv, odt, user].filter((v) => v.trim() !== '').length;
  if (specified > 1) return 'refused';
  const put = (k: string, v: string) => { if (v.trim() !== '' && !params.has(k)) params.set(k, v.trim()); };
  if (conv !== '') for (const k of ['conversationId', 'openConversationId', 'openCid']) put(k, conv);
  else if (odt !== '') put('openDingTalkId', odt);
  else if (user !== '') for (const k of ['targetUid', 'receiverUid']) put(k, user);
  if (specified === 0 && params.size === 0) return 'refused';
  return JSON.stringify(Object.fromEntries([...params].sort(([a], [b]) => (a < b ? -1 : 1))));
}

describe('chat chmod: targets counted trimmed, the branch chosen untrimmed, blank --permParam skipped (chat.go:1971-2024@c7521c1c)', () => {
  const chmod = async (flags: string[]) => {
    const r = await outputs.sent(['chat', 'chmod', 'chat.message:send', ...flags, '--yes']);
    return r.reason ?? r.calls.map(([, a]) => (a as { grantParams: string }).grantParams);
  };
  it('a blank --conversation-id alone is no target: refused before any call', async () => {
    expect(await chmod(['--conversation-id', ' '])).toBe('invalid_parameter');
  });
  it('a blank --conversation-id takes the branch: --open-dingtalk-id beside it is not read, {} is sent', async () => {
    expect(await chmod(['--conversation-id', ' ', '--open-dingtalk-id', 'odt1'])).toEqual(['{}']);
  });
  it('a blank --user beside a conversation is not a second target', async () => {
    expect(await chmod(['--conversation-id', 'c1', '--user', ' '])).toEqual(['{"conversationId":"c1","openCid":"c1","openConversationId":"c1"}']);
  });
  it('a blank --permParam is skipped; a blank --user puts no key', async () => {
    expect(await chmod(['--permParam', '  ', '--permParam', ' a = 1 ', '--user', ' '])).toEqual(['{"a":"1"}']);
  });
  it('two filled targets are still refused, before any call', async () => {
    expect(typeof await chmod(['--conversation-id', 'c1', '--user', 'u1'])).toBe('string');
    expect(mcp.calls).toEqual([]);
  });
  it('any mix of targets and --permParam sends what upstream sends (property)', async () => {
    const text = fc.constantFrom('', ' ', 'x1', ' y2 ');
    const pair = fc.constantFrom('', '  ', 'k=v', ' a = b ', 'openCid=P', 'targetUid=T');
    await fc.assert(fc.asyncProperty(text, text, text, fc.array(pair, { maxLength: 3 }), async (conv, odt, user, perm) => {
      const flags = [
        ...(conv === '' ? [] : ['--conversation-id', conv]), ...(odt === '' ? [] : ['--open-dingtalk-id', odt]),
        ...(user === '' ? [] : ['--user', user]), ...perm.flatMap((p) => ['--permParam', p]),
      ];
      const want = upstreamGrantParams(conv, odt, user, perm);
      const got = await chmod(flags);
      if (want === 'refused') expect(typeof got, JSON.stringify(flags)).toBe('string');
      else expect(got, JSON.stringify(flags)).toEqual([want]);
    }), { numRuns: 40 });
  });
});

describe('wiki +move: the read-back as executeMove reads it (nodes.go:172-194, firstWikiString common.go:165-172@c7521c1c)', () => {
  const move = async (readback: unknown, flags: string[] = []) => {
    mcp.answers['doc/get_document_info'] = (_a, n) => (n === 0 ? { result: { nodeId: 'n1', workspaceId: 'old' } } : readback);
    mcp.answers['doc/move_document'] = () => ({ success: true });
    const r = await outputs.sent(['wiki', '+move', '--workspace', 'w1', '--node', 'n1', ...flags, '--yes']);
    return { reason: r.reason, printed: r.printed, moved: r.calls.some(([t]) => t === 'doc/move_document') };
  };
  it('the read-back workspace is compared trimmed', async () => {
    const r = await move({ result: { nodeId: 'n1', workspaceId: ' w1 ' } });
    expect(r).toEqual({ reason: undefined, printed: { success: true, nodeId: 'n1', node: { nodeId: 'n1', workspaceId: ' w1 ' } }, moved: true });
  });
  it('a blank or non-text workspaceId gives way to spaceId', async () => {
    expect((await move({ result: { nodeId: 'n1', workspaceId: ' ', spaceId: 'w1' } })).reason).toBeUndefined();
    expect((await move({ result: { nodeId: 'n1', workspaceId: 5, spaceId: 'w1' } })).reason).toBeUndefined();
  });
  it('a typed blank --folder wants no folder in the read-back', async () => {
    const r = await move({ result: { nodeId: 'n1', workspaceId: 'w1', folderId: 'f1' } }, ['--folder', ' ']);
    expect(r.moved).toBe(true);
    expect(r.reason).toBeDefined();
    expect(r.printed).toBeUndefined();
    expect((await move({ result: { nodeId: 'n1', workspaceId: 'w1' } }, ['--folder', ''])).reason).toBeUndefined();
  });
  it('a read-back in another knowledge base still fails', async () => {
    const r = await move({ result: { nodeId: 'n1', workspaceId: 'w2' } });
    expect(r.reason).toBeDefined();
    expect(r.printed).toBeUndefined();
  });
});

describe('wiki +node-search: the answer as requireWikiCollection reads it (common.go:52-70, :103-137@c7521c1c)', () => {
  const search = async (answer: unknown) => {
    mcp.answers['doc/search_documents'] = () => answer;
    const r = await outputs.sent(['wiki', '+node-search', '--workspace', 'w1', '--query', 'q']);
    return { reason: r.reason, printed: r.printed };
  };
  it('a success that is not a boolean is refused (malformed_success)', async () => {
    expect(await search({ success: 'true', documents: [] })).toEqual({ reason: 'backend_error', printed: undefined });
  });
  it('a result or data that is not an object is refused even beside a list (malformed_envelope)', async () => {
    expect(await search({ result: null, documents: [{ id: 'a' }] })).toEqual({ reason: 'backend_error', printed: undefined });
    expect(await search({ data: 'x', items: [{ id: 'a' }] })).toEqual({ reason: 'backend_error', printed: undefined });
  });
  it('an empty result object beside the list is fine', async () => {
    expect(await search({ success: true, result: {}, documents: [{ id: 'a' }] })).toEqual({ reason: undefined, printed: { count: 1, nodes: [{ nodeId: 'a' }] } });
  });
});
