// What the chat commands p-chat4 pre-audited print (issue 32), as upstream's bodies at c7521c1c do, run as a user
// types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pchat4-');
const { sent } = outputs;

describe('chat +chat-role-list prints {count, roles} as chatRoleListProject (chat_group.go:1727-1755, :1137-1174)', () => {
  const roles = async (answer: unknown) => {
    outputs.answer('im/list_custom_group_roles', answer);
    return sent(['chat', '+chat-role-list', '--group', ' cid1 ']);
  };

  it('reduces each object row to openRoleId and name by their first present spelling, a null kept, and drops the rest', async () => {
    expect(await roles({ result: { roles: [{ openRoleId: 'r1', name: '班长', x: 1 }, { roleId: 'r2', roleName: '值日' }, { id: null }, 'str', { zzz: 1 }] } })).toEqual({
      reason: undefined, category: undefined,
      calls: [['im/list_custom_group_roles', { openConversationId: 'cid1' }]],
      printed: { count: 3, roles: [{ openRoleId: 'r1', name: '班长' }, { openRoleId: 'r2', name: '值日' }, { openRoleId: null }] },
    });
  });

  it('takes the first container holding a list, passing over one that holds none', async () => {
    expect((await roles({ result: { x: 1 }, data: { list: [{ title: 't', open_role_id: 'o' }] } })).printed)
      .toEqual({ count: 1, roles: [{ openRoleId: 'o', name: 't' }] });
    expect((await roles({ result: 'text', roles: [{ open_role_id: 'o2', title: null }] })).printed)
      .toEqual({ count: 1, roles: [{ openRoleId: 'o2', name: null }] });
  });

  it('prints no roles for an answer without a list', async () => {
    expect((await roles({ success: true })).printed).toEqual({ count: 0, roles: [] });
    expect((await roles({ result: [] })).printed).toEqual({ count: 0, roles: [] });
  });
});

describe('chat +feed-group-query-item prints feedGroupQueryProject\'s lookup (lark_alignment.go:855-920)', () => {
  const query = async (ids: string, answer: unknown) => {
    outputs.answer('im/list_conversations_by_category', answer);
    return sent(['chat', '+feed-group-query-item', '--category-id', '5', '--conversation-ids', ids]);
  };

  it('looks each trimmed, de-duplicated id up among the projected rows, a later row with the same trimmed id winning', async () => {
    const answer = {
      result: { conversations: [{ openConversationId: ' c1 ', name: 'A', type: 'group', extra: 1 }, { conversationId: 'c2', title: null }, { id: 'c1', conversationName: 'B' }, { zzz: 1 }, 'str'] },
      hasMore: false,
    };
    expect(await query(' c1, c2,,c1,"c3,x"', answer)).toEqual({
      reason: undefined, category: undefined,
      calls: [['im/list_conversations_by_category', { categoryId: 5 }]],
      printed: {
        ok: false, requestedCount: 3, foundCount: 2, notFoundCount: 1, failedCount: 0,
        items: [{ openConversationId: 'c1', conversationName: 'B' }, { openConversationId: 'c2', conversationName: null }],
        notFoundConversationIds: ['c3,x'], failures: [],
        hasMore: false, complete: true, unresolvedCount: 0, unresolvedConversationIds: [],
      },
    });
  });

  it('moves the ids not found to unresolved when the answer says more conversations follow', async () => {
    const printed = (await query('c1,c9', { conversationList: [{ openConversationId: 'c1' }], hasMore: true, nextCursor: '7' })).printed as Record<string, unknown>;
    expect({ ...printed, failures: (printed.failures as { stage: string }[]).map((f) => f.stage) }).toEqual({
      ok: false, requestedCount: 2, foundCount: 1, notFoundCount: 0, failedCount: 1,
      items: [{ openConversationId: 'c1' }], notFoundConversationIds: [], failures: ['source-pagination'],
      hasMore: true, complete: false, nextCursor: '7', unresolvedCount: 1, unresolvedConversationIds: ['c9'],
    });
  });

  it('finds nothing in an answer without a list, and indexes a row without an id as fmt.Sprint(nil) does', async () => {
    expect((await query('c9', { success: true })).printed).toEqual({
      ok: false, requestedCount: 1, foundCount: 0, notFoundCount: 1, failedCount: 0, items: [], notFoundConversationIds: ['c9'],
      failures: [], complete: true, unresolvedCount: 0, unresolvedConversationIds: [],
    });
    expect((await query('<nil>,123', { data: { list: [{ name: 'noid' }, { openConversationId: 123 }] } })).printed).toEqual({
      ok: true, requestedCount: 2, foundCount: 2, notFoundCount: 0, failedCount: 0,
      items: [{ conversationName: 'noid' }, { openConversationId: 123 }], notFoundConversationIds: [],
      failures: [], complete: true, unresolvedCount: 0, unresolvedConversationIds: [],
    });
  });
});

describe('chat +messages-resource-download prints what upstream prints after the download (resource_download.go:156-162)', () => {
  it('prints messageId, resourceId, resourceType, localPath and sizeBytes, messageId "" for a fileId', async () => {
    outputs.mcp.files = { 'a.bin': Buffer.from('BYTES') };
    outputs.answer('drive/download_file', { result: { result: { downloadUrl: `${outputs.mcp.base}/files/a.bin`, fileName: ' 报告.pdf ' } } });
    expect(await sent(['chat', '+messages-resource-download', '--type', 'fileId', '--resource-id', ' f1 ', '--output', 'sub/'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['drive/download_file', { fileId: 'f1' }]],
      printed: { messageId: '', resourceId: 'f1', resourceType: 'fileId', localPath: 'sub/报告.pdf', sizeBytes: 5 },
    });
  });

  it('names the message of a mediaId and reads a top-level resourceUrl list', async () => {
    outputs.mcp.files = { 'a.bin': Buffer.from('BYTES') };
    outputs.answer('im/get_resource_download_url', { resourceUrl: ['', 5, ` ${outputs.mcp.base}/files/a.bin `] });
    expect((await sent(['chat', '+messages-resource-download', '--open-conversation-id', 'c1', '--message-id', ' m1 ', '--resource-id', 'r1', '--output', 'x.bin'])).printed)
      .toEqual({ messageId: 'm1', resourceId: 'r1', resourceType: 'mediaId', localPath: 'x.bin', sizeBytes: 5 });
  });
});

describe('unwrap_until without a key steps into every nested through object (Go\'s unwrap loop)', () => {
  it('stops at the first level whose through key holds no object, and at depth', async () => {
    const { unwrapUntil } = await import('../../src/plan/transforms/json.js');
    expect(unwrapUntil({ result: { resourceUrl: 'u', result: { a: 1 } } }, undefined, ['result'], 64)).toEqual({ a: 1 });
    expect(unwrapUntil({ result: 'x', resourceUrl: 'u' }, undefined, ['result'], 64)).toEqual({ result: 'x', resourceUrl: 'u' });
    expect(unwrapUntil({ result: { result: { b: 2 } } }, undefined, ['result'], 1)).toEqual({ result: { b: 2 } });
    expect(unwrapUntil([1], undefined, ['result'], 3)).toEqual([1]);
  });
});
