// Session 41 second reading, part a4 (issue 32, notes/h41-a4.md, seed 20261363): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { eventEnv, useEventServer } from '../fixtures/events/server.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h41a4-');

describe('sheet formula-verify reads the answer as callMCPToolFormulaVerify (sheet_formula_verify.go:98-124@c7521c1c)', () => {
  const argv = ['sheet', 'formula-verify', '--node', 'n1'];
  it('a JSON null answer decodes into a nil map and fails the run after the one call', async () => {
    outputs.answer('sheet/verify_formula', null);
    const run = await outputs.sent(argv);
    expect(run.calls).toEqual([['sheet/verify_formula', { nodeId: 'n1' }]]);
    expect(run.reason).toBe('backend_error');
    expect(run.printed).toBeUndefined();
  });
  it('with --exit-on-error too', async () => {
    outputs.answer('sheet/verify_formula', null);
    expect((await outputs.sent([...argv, '--exit-on-error'])).reason).toBe('backend_error');
  });
  it('an object, a list or a text answer is still printed and ends 0', async () => {
    for (const answer of [{ status: 'ok' }, [1], 'x', 0, false]) {
      outputs.answer('sheet/verify_formula', answer);
      const run = await outputs.sent(argv);
      expect(run.reason).toBeUndefined();
      expect(run.printed).toEqual(answer);
    }
  });
});

describe('event +listen-im --kind sender --user-query hands the resolved person over as compileListenIMPlan does (app/event_listen_im.go:202-216@c7521c1c)', () => {
  const events = useEventServer('dws-h41a4-evt-');
  const subscribed = async (person: Record<string, unknown>) => {
    outputs.answer('contact/search_contact_by_key_word', { result: [person], hasMore: false });
    events.fx.framesFor = () => [];
    const argv = ['event', '+listen-im', '--kind', 'sender', '--user-query', '张三', '--max-events', '1', '--duration', '1s'];
    await dispatchInProcess(argv, { ...outputs.env(), ...eventEnv(events.fx, events.stateRoot) });
    const create = events.fx.requests.find((q) => q.path === '/dws/subscription/user');
    return create ? JSON.parse((create.body as { filterRule: string }).filterRule) as unknown : undefined;
  };
  it('a person with an openDingTalkId and no userId is listened to by that openDingTalkId', async () => {
    expect(await subscribed({ openDingTalkId: 'o1', name: '张三' })).toEqual({ targetUid: 'o1', targetUidType: 'openDingtalkId' });
  });
  it('a person with both is listened to by userId', async () => {
    expect(await subscribed({ userId: 'u1', openDingTalkId: 'o1', name: '张三' })).toEqual({ targetUid: 'u1', targetUidType: 'staffId' });
  });
});

describe('drive +move and +create-folder read the read-back as firstString does (shortcut/drive/drive.go:544-573, operations.go:134-141, common.go:198-205@c7521c1c)', () => {
  it('drive +move: a padded read-back nodeId is trimmed and equals --node; the folder and workspace likewise', async () => {
    outputs.answer('doc/move_document', { success: true });
    outputs.answer('doc/get_document_info', { result: { nodeId: ' n1 ', folderId: 5, targetFolderId: ' f1 ', workspaceId: ' ', spaceId: 'w1' } });
    const run = await outputs.sent(['drive', '+move', '--node', 'n1', '--folder', 'f1', '--workspace', 'w1', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([['doc/move_document', { nodeId: 'n1', targetFolderId: 'f1', workspaceId: 'w1' }], ['doc/get_document_info', { nodeId: 'n1' }]]);
    expect(run.printed).toEqual({ success: true, nodeId: 'n1', file: { nodeId: ' n1 ', folderId: 5, targetFolderId: ' f1 ', workspaceId: ' ', spaceId: 'w1' } });
  });
  it('drive +move: a blank nodeId is passed over for the fileId that follows it', async () => {
    outputs.answer('doc/move_document', { success: true });
    outputs.answer('doc/get_document_info', { result: { nodeId: '', fileId: 'n1' } });
    expect((await outputs.sent(['drive', '+move', '--node', 'n1', '--yes'])).reason).toBeUndefined();
  });
  it('drive +move: another node read back is still refused after the write', async () => {
    outputs.answer('doc/move_document', { success: true });
    outputs.answer('doc/get_document_info', { result: { nodeId: 'n2' } });
    expect((await outputs.sent(['drive', '+move', '--node', 'n1', '--yes'])).reason).toBe('partial_outcome');
  });
  it('drive +create-folder: a padded read-back name is trimmed and equals --name', async () => {
    outputs.answer('drive/create_folder', { success: true, fileId: 'd1' });
    outputs.answer('drive/get_file_info', { result: { name: ' 资料 ', fileName: 'x' } });
    const run = await outputs.sent(['drive', '+create-folder', '--name', '资料']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toEqual({ success: true, nodeId: 'd1', folder: { name: ' 资料 ', fileName: 'x' } });
  });
  it('drive +create-folder: a blank name is passed over for fileName', async () => {
    outputs.answer('drive/create_folder', { success: true, fileId: 'd1' });
    outputs.answer('drive/get_file_info', { result: { name: ' ', fileName: '资料' } });
    expect((await outputs.sent(['drive', '+create-folder', '--name', '资料'])).reason).toBeUndefined();
  });
});

describe('mail message search reads --limit as flagOrFallback does: its default "20" shadows the hidden --size/--page-size (helpers/mail.go:322, :2118-2124@c7521c1c)', () => {
  const argv = ['mail', 'message', 'search', '--email', 'e', '--query', 'q'];
  it('a hidden --size typed without --limit is not read: size "20" is sent', async () => {
    expect(await outputs.argsOf([...argv, '--size', '5'])).toEqual([{ email: 'e', query: 'q', size: '20' }]);
    expect(await outputs.argsOf([...argv, '--page-size', '7'])).toEqual([{ email: 'e', query: 'q', size: '20' }]);
  });
  it('after a typed blank --limit the hidden spellings are read in order, else "" is sent', async () => {
    expect(await outputs.argsOf([...argv, '--limit', '', '--size', '5', '--page-size', '7'])).toEqual([{ email: 'e', query: 'q', size: '5' }]);
    expect(await outputs.argsOf([...argv, '--limit', '', '--page-size', '7'])).toEqual([{ email: 'e', query: 'q', size: '7' }]);
    expect(await outputs.argsOf([...argv, '--limit', ''])).toEqual([{ email: 'e', query: 'q', size: '' }]);
  });
  it('a typed --limit is sent as typed beside them', async () => {
    expect(await outputs.argsOf([...argv, '--limit', ' 9', '--size', '5'])).toEqual([{ email: 'e', query: 'q', size: ' 9' }]);
  });
});

describe('oa approval list-initiated reads --cursor/--limit as flagOrFallback does: their defaults "0"/"20" shadow the hidden --next-token/--max-results (helpers/oa.go:440-441, :1264-1269@c7521c1c)', () => {
  const argv = ['oa', 'approval', 'list-initiated', '--process-code', 'p', '--start', '2026-01-01T00:00:00+08:00', '--end', '2026-01-02T00:00:00+08:00'];
  const sent = async (extra: string[]) => {
    const run = await outputs.argsOf([...argv, ...extra]);
    if (typeof run === 'string') return run;
    const { nextToken, maxResults } = run[0] as Record<string, unknown>;
    return { nextToken, maxResults };
  };
  it('the hidden spellings typed alone are not read', async () => {
    expect(await sent(['--next-token', '5', '--max-results', '3'])).toEqual({ nextToken: 0, maxResults: 20 });
  });
  it('after a typed blank primary they are read, typed or by their own default', async () => {
    expect(await sent(['--cursor', '', '--next-token', '5', '--limit', '', '--max-results', '3'])).toEqual({ nextToken: 5, maxResults: 3 });
    expect(await sent(['--cursor', '', '--limit', ''])).toEqual({ nextToken: 0, maxResults: 20 });
  });
  it('a typed primary is read beside them', async () => {
    expect(await sent(['--cursor', '7', '--next-token', '5', '--limit', '9', '--max-results', '3'])).toEqual({ nextToken: 7, maxResults: 9 });
  });
});

describe('drive comment list checks --page-size and sends --limit as upstream does (validateFileCommentList file_comment.go:186-199, LeafFlag limit :80 -> corecmd rawValue/BuildArgs corecmd.go:895-916, :1009-1035@c7521c1c)', () => {
  const argv = ['drive', 'comment', 'list', '--node', 'n1'];
  const page = { fileId: 'n1', total: 0, hasMore: false, items: [] };
  const sent = async (extra: string[]) => {
    outputs.answer('doc-comment/list_file_comments', page);
    const run = await outputs.sent([...argv, ...extra]);
    return run.reason ?? run.calls.map(([, a]) => (a as Record<string, unknown>).maxResults ?? 'omitted');
  };
  it('a typed --page-size is the value range-checked, over a typed --limit', async () => {
    expect(await sent(['--limit', '5', '--page-size', '300'])).toBe('invalid_parameter');
  });
  it('a typed --limit is the value sent, over a typed --page-size', async () => {
    expect(await sent(['--limit', '300', '--page-size', '5'])).toEqual([300]);
  });
  it('a typed --limit 0 is not sent at all (BuildArgs sends a non-zero int only)', async () => {
    expect(await sent(['--limit', '0', '--page-size', '5'])).toEqual(['omitted']);
  });
  it('--page-size alone is checked and sent; nothing typed sends 200', async () => {
    expect(await sent(['--page-size', '7'])).toEqual([7]);
    expect(await sent([])).toEqual([200]);
    expect(await sent(['--page-size', '0'])).toBe('invalid_parameter');
  });
  it('--all excludes a typed --page-size as it excludes --limit', async () => {
    expect(await sent(['--all', '--page-size', '7'])).toBe('constraint_violation');
  });
});

describe('aitable +view-preset-apply reads the named view\'s type as stringValue does (view_preset.go:74-78, :151-155; base_composite.go:319-326@c7521c1c)', () => {
  const argv = ['aitable', '+view-preset-apply', '--base-id', 'b', '--table-id', 't', '--name', 'n', '--view-type', 'Grid', '--config', '{"a":1}', '--yes'];
  const run = async (view: Record<string, unknown>) => {
    outputs.answer('aitable/get_views', { views: [{ viewName: 'n', viewId: 'v1', ...view }] });
    const r = await outputs.sent(argv);
    return r.reason === 'constraint_violation' || r.reason === 'invalid_parameter' ? 'type conflict' : r.calls.map(([tool]) => tool);
  };
  it('a viewType text "" is no type: the view is updated', async () => {
    expect(await run({ viewType: '' })).toContain('aitable/update_view');
    expect(await run({ viewType: '', type: 'Kanban' })).toContain('aitable/update_view');
  });
  it('a viewType that is not a text is passed over for type', async () => {
    expect(await run({ viewType: 5, type: 'Grid' })).toContain('aitable/update_view');
    expect(await run({ viewType: 5, type: 'Kanban' })).toBe('type conflict');
  });
  it('another type text is still refused before any write', async () => {
    expect(await run({ viewType: 'Kanban' })).toBe('type conflict');
    expect(await run({ viewType: 'Grid ' })).toBe('type conflict');
  });
});
