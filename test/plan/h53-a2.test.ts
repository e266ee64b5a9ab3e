// Session 53 helper a2, second-reading audit of seed 20261441 (issue 32, notes/h53-a2.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: drive comment list refused a blank --scope, where upstream's leaf
// framework reads the flag (Trim, Default "all") through corecmd's rawValue, which passes a value that trims to nothing
// over to the default, so the enum check and the call both see "all" (helpers/file_comment.go:83,
// corecmd/corecmd.go:761-797, :996-1034). The other readings the audit checked are held here too, each run as a user
// types it against the recording backend on 127.0.0.1, so a later change that breaks one fails here.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent, mcp } = useOutputRuns('dws-h53a2-');

type Args = Record<string, unknown>;

describe('drive comment list: a blank --scope is the default scope all (file_comment.go:83, corecmd.go:761-797, :996-1034@c7521c1c)', () => {
  const page = { fileId: 'f', total: 2, hasMore: false, nextToken: null, items: [
    { commentId: 'c1', anchor: { scope: 'whole' } }, { commentId: 'c2', anchor: { scope: 'partial' } }] };
  it.each([[''], [' '], ['\t']])('--scope %j lists every comment, as --scope all does', async (scope) => {
    mcp.answers['doc-comment/list_file_comments'] = () => page;
    const run = await sent(['drive', 'comment', 'list', '--node', 'n', '--scope', scope]);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['doc-comment/list_file_comments', { fileId: 'n', maxResults: 200 }]]);
    expect(run.printed).toMatchObject({ scope: 'all', count: 2 });
  });
  it('a typed scope is still checked trimmed against all, whole, partial, and an unknown one refused before any call', async () => {
    mcp.answers['doc-comment/list_file_comments'] = () => page;
    const whole = await sent(['drive', 'comment', 'list', '--node', 'n', '--scope', ' whole ']);
    expect(whole.printed).toMatchObject({ scope: 'whole', count: 1 });
    const bad = await sent(['drive', 'comment', 'list', '--node', 'n', '--scope', 'Whole']);
    expect(bad.reason).toBe('invalid_parameter');
    expect(bad.calls).toEqual([]);
  });
});

describe('readings of the draw held here (each as its upstream body sends it, @c7521c1c)', () => {
  it('chat group transfer-owner: the migration PreRunE trims the group id; the new owner is sent untrimmed, by its form (helpers/chat.go:6560-6586, :198-215; targetresolver/resolver.go:304-323)', async () => {
    const owner = async (...flags: string[]) => (await sent(['chat', 'group', 'transfer-owner', ...flags])).calls;
    expect(await owner('--conversation-id', ' c ', '--new-owner', ' DAAAAAAAAAAAiE ')).toEqual([['im/transfer_group_owner', { openConversationId: 'c', newOwnerOpenDingTalkId: ' DAAAAAAAAAAAiE ' }]]);
    expect(await owner('--conversation-id', ' ', '--id', 'x', '--userId', 'DAAAAAAAAAAA')).toEqual([['im/transfer_group_owner', { openConversationId: 'x', newOwnerUid: 'DAAAAAAAAAAA' }]]);
  });
  it('aisearch enterprise: no --queries sends queries null; --types falls back to all when nothing is left (helpers/aisearch.go:115-128, contact.go:20-45)', async () => {
    expect((await sent(['aisearch', 'enterprise', '--queries', ' ', '--types', ' , '])).calls).toEqual([['aisearch/search_enterprise', { queries: null, searchTypes: ['all'] }]]);
    expect((await sent(['aisearch', 'enterprise', '--query', 'a, b', '--types', 'DOC, im,,"x"', '--timeRange', ' t'])).calls)
      .toEqual([['aisearch/search_enterprise', { queries: ['a', 'b'], searchTypes: ['document', 'im', 'x'], timeRange: ' t' }]]);
  });
  it('chat message list: --time sent as typed; --size 0 wins over --limit and sends no limit; --forward is true unless exactly false (helpers/chat.go:2950-3012, :104-131, :187-196)', async () => {
    expect((await sent(['chat', 'message', 'list', '--group', 'g', '--time', ' 2025-01-01', '--size', '0', '--limit', '5', '--forward', 'False'])).calls)
      .toEqual([['chat/list_conversation_message_v2', { openconversation_id: 'g', time: ' 2025-01-01', forward: true }]]);
    expect((await sent(['chat', 'message', 'list', '--user', ' DAAAAAAAAAAAiE', '--time', 't', '--direction', ' OLDER ', '--limit', '0x10'])).calls)
      .toEqual([['chat/list_individual_chat_message', { openDingTalkId: ' DAAAAAAAAAAAiE', time: 't', forward: false, limit: 16 }]]);
  });
  it('sheet filter-view get-criteria: a view without a text id matches an empty --filter-view-id, as findFilterViewByID compares "" (sheet_filter_view.go:48-56, :118-161)', async () => {
    mcp.answers['sheet/get_filter_views'] = () => ({ result: { filterViews: [{ id: 1, criteria: { 0: { a: 1 } } }] } });
    const run = await sent(['sheet', 'filter-view', 'get-criteria', '--filter-view-id', '', '--column', '-0']);
    expect(run.calls).toEqual([['sheet/get_filter_views', { nodeId: '', sheetId: '' }]]);
    expect(run.printed).toEqual({ a: 1 });
  });
  it('pat chmod: the plan\'s selected scopes are granted untrimmed, blanks and non-texts dropped (internal/pat/chmod.go:323-345, :917-951)', async () => {
    mcp.answers['pat/pat.batch_plan'] = () => ({ data: { selectedScopes: [' a:b ', '', 3, 'c'] } });
    const run = await sent(['pat', 'chmod', '--products', ' x, ,y', '--product', 'x', '--domain', 'z', '--yes']);
    expect(run.calls).toEqual([
      ['pat/pat.batch_plan', { scopes: [], productCodes: ['x', 'y', 'z'], recommend: false, grantType: 'permanent', dryRun: true }],
      ['pat/pat.batch_grant', { scopes: [' a:b ', 'c'], grantType: 'permanent' }]]);
  });
  it('attendance +check-record: the --users slice as pflag splits it (parts untrimmed); dates trimmed, machine zone (shortcut/attendance/attendance.go:56-62, :267-283)', async () => {
    const run = await sent(['attendance', '+check-record', '--users', ' a, ,b', '--start', ' 2026-04-01 ', '--end', '2026-04-30']);
    expect(run.calls).toEqual([['attendance-wukong/query_check_record', { QueryCheckRecordRequest: {
      userIds: [' a', ' ', 'b'], checkDateFrom: '2026-04-01 00:00:00', checkDateTo: '2026-04-30 00:00:00' } }]]);
  });
  it('drive list: the default route caps --limit at 50 and reads --max only when --limit is not typed (helpers/drive.go:541-575)', async () => {
    const args = async (...flags: string[]) => ((await sent(['drive', 'list', ...flags])).calls[0][1] as Args).maxResults;
    expect([await args('--limit', '99'), await args('--max', '30'), await args('--limit', '0', '--max', '30'), await args('--limit', '-5')]).toEqual([50, 30, 20, 20]);
  });
});
