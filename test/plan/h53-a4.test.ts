// Session 53 helper a4, second-reading audit of seed 20261443 (issue 32, notes/h53-a4.md). Each drawn command was read
// against its upstream body at c7521c1c and run as a user types it against the recording backend on 127.0.0.1. What
// differed is fixed and tested first below; the readings the audit checked are held after it, so a later change that
// breaks one fails here.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent, mcp } = useOutputRuns('dws-h53a4-');

describe('minutes +prepare-asr: a blank hot word in the list answer is refused before any write (minutesdata/workflow.go:193-204@c7521c1c)', () => {
  // HotWords trims every element's word and fails on one that is left empty, a bare text as well as an object's
  // field; executeMinutesPrepareASR returns that error before add_personal_hot_word (workflows.go:455-458).
  it.each([[[' ']], [['a', '']], [['a', { hotWord: ' ' }]]])('hotWordList %j: backend_error, only the read is sent', async (list) => {
    mcp.answers['minutes/list_my_hotwords'] = () => ({ success: true, result: { hotWordList: list } });
    mcp.answers['minutes/add_personal_hot_word'] = () => ({ success: true });
    const run = await sent(['minutes', '+prepare-asr', '--words', 'b', '--yes']);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toEqual([['minutes/list_my_hotwords', {}]]);
  });
  it('a blank word in the read-back is refused as unreadable, not taken as a word (workflows.go:496-499)', async () => {
    let n = 0;
    mcp.answers['minutes/list_my_hotwords'] = () => (n++ === 0
      ? { success: true, result: { hotWordList: ['a'] } }
      : { success: true, result: { hotWordList: ['a', 'b', ' '] } });
    mcp.answers['minutes/add_personal_hot_word'] = () => ({ success: true });
    const run = await sent(['minutes', '+prepare-asr', '--words', 'a,b', '--yes']);
    expect(run.calls.map((c) => c[0])).toEqual(['minutes/list_my_hotwords', 'minutes/add_personal_hot_word', 'minutes/list_my_hotwords']);
    // HotWords fails on the read-back, so upstream returns that error after the add (before: "" was a word, the
    // desired set a and b was found and the run printed verified: true)
    expect(run.reason).toBe('partial_outcome');
    expect(run.printed).toBeUndefined();
  });
  it('trimmed words still count: " c " is c, the additions sorted, --sync deletes the rest', async () => {
    let n = 0;
    mcp.answers['minutes/list_my_hotwords'] = () => (n++ === 0
      ? { success: true, result: { hotWordList: ['a', { hotWord: ' c ' }] } }
      : { success: true, result: { hotWordList: ['a', 'b', 'z'] } });
    mcp.answers['minutes/add_personal_hot_word'] = () => ({ success: true });
    mcp.answers['minutes/delete_personal_hotword'] = () => ({ success: true });
    const run = await sent(['minutes', '+prepare-asr', '--words', 'z, b,,a', '--sync', '--yes']);
    expect(run.calls).toEqual([['minutes/list_my_hotwords', {}], ['minutes/add_personal_hot_word', { hotWordList: ['b', 'z'] }],
      ['minutes/delete_personal_hotword', { hotWordList: ['c'] }], ['minutes/list_my_hotwords', {}]]);
    expect(run.printed).toMatchObject({ desired: ['z', 'b', 'a'], before: ['a', 'c'], verified: true });
  });
});

describe('readings of the draw held here (each as its upstream body sends it, @c7521c1c)', () => {
  it('chat mark-read: the conversation id as typed, the message id trimmed by requireChatFlagOrAlias (helpers/chat.go:9251-9264, :198-227)', async () => {
    expect((await sent(['chat', 'mark-read', '--conversation-id', ' ', '--message-id', ' m '])).calls)
      .toEqual([['im/mark_message_read', { openConversationId: ' ', openMessageId: 'm' }]]);
    expect((await sent(['chat', 'mark-read', '--id', 'c', '--message-id', ' '])).calls)
      .toEqual([['im/mark_message_read', { openConversationId: 'c', openMessageId: '' }]]);
  });
  it('chat message list-topic-replies: a blank --direction is the default older even with --forward true; --limit 0x10 (helpers/chat.go:3823-3846, :104-131)', async () => {
    expect((await sent(['chat', 'message', 'list-topic-replies', '--id', 'c', '--topic-id', ' t ', '--direction', '', '--forward', 'true', '--limit', '0x10'])).calls)
      .toEqual([['chat/list_topic_replies', { openconversationId: 'c', topicId: ' t ', pageSize: 16, forward: false }]]);
    expect((await sent(['chat', 'message', 'list-topic-replies', '--conversation-id', ' ', '--group', ' g ', '--topic-id', 't', '--forward', 'xyz', '--limit', '-1'])).calls)
      .toEqual([['chat/list_topic_replies', { openconversationId: 'g', topicId: 't', forward: true }]]);
  });
  it('chat bot search: a negative --size reads no --limit; --size -0 is 0 and reads it (helpers/chat.go:4640-4655)', async () => {
    expect((await sent(['chat', 'bot', 'search', '--size', '-1', '--limit', '5'])).calls).toEqual([['bot/search_my_robots', { currentPage: 1 }]]);
    expect((await sent(['chat', 'bot', 'search', '--page', '010', '--size', '-0', '--limit', '5', '--name', ' n '])).calls)
      .toEqual([['bot/search_my_robots', { currentPage: 8, pageSize: 5, robotName: ' n ' }]]);
  });
  it('wiki member add: a blank --role passes the "" check and is sent trimmed and upper-cased, the users trimmed and blanks dropped (helpers/wiki.go:552-569, doc.go:5053-5063, :5118-5150)', async () => {
    expect((await sent(['wiki', 'member', 'add', '--workspace', ' w ', '--users', '', '--user', ' a, ,b,', '--role', ' '])).calls)
      .toEqual([['wiki/add_member', { workspaceId: ' w ', roleId: '', userIds: ['a', 'b'] }]]);
  });
  it('sheet find: nodeId and sheetId sent even empty, the booleans always, match-case true unless typed (helpers/sheet_data.go:52-76)', async () => {
    expect((await sent(['sheet', 'find', '--query', '', '--find', ' f ', '--range', '', '--match-case=false'])).calls)
      .toEqual([['sheet/find_cells', { nodeId: '', sheetId: '', text: ' f ', matchCase: false, matchEntireCell: false, useRegExp: false, matchFormulaText: false, includeHidden: false }]]);
  });
  it('attendance schedule import: a one-digit hour and a fraction of a second pass Go\'s layout and are sent as typed; --groupId +5 is 5 (helpers/attendance.go:3799-3857, :199-223)', async () => {
    const vos = JSON.stringify([{ userId: 'u', workDate: '2026-04-22 9:00:00', classId: 1, isRest: 'N' }, { userId: null, workDate: ' 2026-04-23 ', classId: 1, isRest: 'X' },
      { userId: 'u', workDate: '2026-04-24 09:00:00.5', classId: 1, isRest: 'N' }]);
    expect((await sent(['attendance', 'schedule', 'import', '--group-id', '+5', '--schedules', vos, '--user-say-yes'])).calls)
      .toEqual([['attendance-wukong/generateTurnSchedule', { GenerateTurnScheduleRequest: { groupId: 5, param: { useHistoryGroupAndShift: false }, scheduleVOS: [
        { userId: 'u', workDate: '2026-04-22 9:00:00', classId: 1, isRest: 'N' }, { userId: null, workDate: '2026-04-23 00:00:00', classId: 1, isRest: 'X' },
        { userId: 'u', workDate: '2026-04-24 09:00:00.5', classId: 1, isRest: 'N' }] } }]]);
  });
  it('doc version revert: the version is looked for under any version-like key across the pages, then reverted with the node untrimmed (helpers/doc.go:4349-4383, :40-137)', async () => {
    let n = 0;
    mcp.answers['doc/list_doc_versions'] = () => (n++ === 0 ? { result: { items: [{ version_no: '2' }], nextCursor: 'c1' } } : { data: { list: [{ revision: 16.0 }] }, hasMore: false });
    mcp.answers['doc/revert_doc_version'] = () => ({ success: true });
    expect((await sent(['doc', 'version', 'revert', '--node', ' n ', '--version', '0x10', '--yes'])).calls).toEqual([
      ['doc/list_doc_versions', { nodeId: ' n ' }], ['doc/list_doc_versions', { nodeId: ' n ', nextCursor: 'c1' }], ['doc/revert_doc_version', { nodeId: ' n ', version: 16 }]]);
  });
  it('chat +conversation-list: --page-all follows the cursor, ids deduplicated across pages, projected from every spelling (shortcut/chat/chat_conversation.go:344-497)', async () => {
    let n = 0;
    mcp.answers['im/list_all_conversations'] = () => (n++ === 0
      ? { conversations: [{ openConversationId: 'c1', name: 'n1', type: 1 }, { id: 'c2', title: 't' }], hasMore: true, nextCursor: '77' }
      : { result: { conversationList: [{ conversationId: 'c1' }, { conversationId: 'c3' }] }, hasMore: false });
    const run = await sent(['chat', '+conversation-list', '--page-all', '--page-delay', '0']);
    expect(run.calls).toEqual([['im/list_all_conversations', { limit: 100 }], ['im/list_all_conversations', { limit: 100, cursor: 77 }]]);
    expect(run.printed).toMatchObject({ count: 3, complete: true, pagesFetched: 2, stopReason: 'source_complete',
      conversations: [{ openConversationId: 'c1', conversationName: 'n1', conversationType: 1 }, { openConversationId: 'c2', conversationName: 't' }, { openConversationId: 'c3' }] });
  });
  it('chat +messages-reply: the reply content is Go\'s json.Marshal of a map (sorted keys, <>& escaped), the ids trimmed (shortcut/chat/lark_alignment.go:195-255)', async () => {
    const run = await sent(['chat', '+messages-reply', '--conversation-id', ' c ', '--ref-msg-id', ' m ', '--ref-sender', 'DAAAAAAAAAAAiE', '--text', 'a<b>&c', '--ai-tag=false', '--idempotency-key', 'k', '--yes']);
    expect(run.calls).toEqual([['chat/send_personal_message', { openConversationId: 'c', msgType: 'reply', uuid: 'k',
      content: '{"content":"a\\u003cb\\u003e\\u0026c","referenceOpenMessageId":"m","replyMsgType":"text","srcMsgSendOpenDingTalkId":"DAAAAAAAAAAAiE"}' }]]);
  });
});
