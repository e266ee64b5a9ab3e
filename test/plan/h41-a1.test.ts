// Session 41 second reading, part a1 (issue 32, seed 20261360, notes/h41-a1.md): where a drawn command differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventEnv, personalFrame, useEventServer } from '../fixtures/events/server.js';
import { privateEnv, rawText } from '../fixtures/mcp/server.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h41a1-');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const goTrim = (s: string) => s.replace(/^\s+|\s+$/gu, '');

/**
 * upstream's requireWikiObject (internal/shortcut/wiki/common.go:52-101@c7521c1c) on a CallMCPData answer (runner.go:
 * 255-271: a JSON null is Go's nil map, anything else that is no object fails the decode), as a model: the object it
 * hands back, or 'refused'.
 */
function wikiObject(answer: unknown): Record<string, unknown> | 'refused' {
  if (!isObject(answer) || Object.keys(answer).length === 0) return 'refused';
  if ('success' in answer && answer.success !== true) return 'refused';
  for (const wrapper of ['result', 'data']) {
    if (!(wrapper in answer)) continue;
    const inner = answer[wrapper];
    return isObject(inner) && Object.keys(inner).length > 0 ? inner : 'refused';
  }
  return Object.keys(answer).length === 1 ? 'refused' : answer;
}

/** firstWikiString (common.go:165-172@c7521c1c): the first key holding a text that is not blank, trimmed. */
function firstWikiString(object: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const v = object[key];
    if (typeof v === 'string' && goTrim(v) !== '') return goTrim(v);
  }
  return '';
}

describe('wiki +node-delete reads its preflight through requireWikiObject before deleting (shortcut/wiki/nodes.go:201-214, common.go:52-101@c7521c1c)', () => {
  const argv = (ws: string) => ['wiki', '+node-delete', '--workspace', ws, '--node', 'n1', '--yes'];
  const deleted = ['doc/get_document_info', 'doc/delete_document'];
  it('a preflight answering only {success: true} proves no node object: refused before the delete', async () => {
    outputs.answer('doc/get_document_info', { success: true });
    outputs.answer('doc/delete_document', { success: true });
    const run = await outputs.sent(argv('w1'));
    expect([run.reason, run.calls.map(([tool]) => tool)]).toEqual(['backend_error', ['doc/get_document_info']]);
  });
  it('an empty, null or blank preflight answer is refused before the delete', async () => {
    for (const answer of [{}, null, rawText(' '), [{ workspaceId: 'w1' }]]) {
      outputs.answer('doc/get_document_info', answer);
      outputs.answer('doc/delete_document', { success: true });
      const run = await outputs.sent(argv('w1'));
      expect([run.reason, run.calls.map(([tool]) => tool)]).toEqual(['backend_error', ['doc/get_document_info']]);
    }
  });
  it('a result wrapper without a workspace is the object read: a data wrapper beside it is not looked into', async () => {
    outputs.answer('doc/get_document_info', { result: { title: 't' }, data: { workspaceId: 'other' } });
    outputs.answer('doc/delete_document', { success: true });
    const run = await outputs.sent(argv('w1'));
    expect([run.reason, run.calls.map(([tool]) => tool), run.printed]).toEqual([undefined, deleted, { success: true, nodeId: 'n1', deleted: true }]);
  });
  it('deletes or refuses as upstream, for any preflight answer', async () => {
    const text = fc.constantFrom<unknown>('w1', ' w1 ', '', ' ', 'w2', 5, null);
    const inner = fc.oneof(
      fc.record({ workspaceId: text, spaceId: text, title: fc.constant('t') }, { requiredKeys: [] }),
      fc.constantFrom<unknown>(null, [], 'x', 0),
    );
    const answer = fc.oneof(
      fc.record({ success: fc.constantFrom<unknown>(true, false, 'true', null), result: inner, data: inner, workspaceId: text, spaceId: text, x: fc.constant(1) }, { requiredKeys: [] }),
      fc.constantFrom<unknown>(null, [], 0, 'text'),
    );
    await fc.assert(fc.asyncProperty(answer, fc.constantFrom('w1', ' w1 '), async (preflight, ws) => {
      outputs.answer('doc/get_document_info', preflight);
      outputs.answer('doc/delete_document', { success: true });
      const run = await outputs.sent(argv(ws));
      const object = wikiObject(preflight);
      const space = object === 'refused' ? '' : firstWikiString(object, 'workspaceId', 'spaceId');
      const refused = object === 'refused' || (space !== '' && space !== goTrim(ws));
      if (refused) expect([run.reason === undefined, run.calls.length]).toEqual([false, 1]);
      else expect([run.reason, run.calls.map(([tool]) => tool)]).toEqual([undefined, deleted]);
    }), { numRuns: 60 });
  });
});

describe('event +listen-im --kind sender hands the person --user-query resolved to event consume (compileListenIMPlan, app/event_listen_im.go:202-218@c7521c1c)', () => {
  const ev = useEventServer('dws-h41a1-ev-');
  const listen = async (answer: unknown, ...more: string[]) => {
    outputs.answer('contact/search_contact_by_key_word', answer);
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: subs[0].eventKey, subId: subs[0].subId, eventId: 'e1', body: { content: 'hi' } })];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h41a1-listen-'));
    const env = { ...privateEnv(outputs.mcp.urlTemplate, ev.fx.token, dir), ...eventEnv(ev.fx, ev.stateRoot) };
    const outcome = await dispatchInProcess(['event', '+listen-im', '--kind', 'sender', '--user-query', 'Bob', ...more, '--max-events', '1'], env);
    const create = ev.fx.requests.find((q) => q.path === '/dws/subscription/user');
    return { reason: outcome.error?.reason, rule: create ? JSON.parse(String(create.body?.filterRule)) as unknown : undefined };
  };
  it('an external contact with only an openDingTalkId is listened to by that id (upstream falls back to it when the userId is empty)', async () => {
    expect(await listen({ result: [{ openDingTalkId: 'od1', name: 'Bob' }], hasMore: false }))
      .toEqual({ reason: undefined, rule: { targetUid: 'od1', targetUidType: 'openDingtalkId' } });
  });
  it('a person with a userId is listened to by the userId', async () => {
    expect(await listen({ result: [{ userId: 'u1', openDingTalkId: 'od1', name: 'Bob' }], hasMore: false }))
      .toEqual({ reason: undefined, rule: { targetUid: 'u1', targetUidType: 'staffId' } });
  });
  it('a blank --user or --open-dingtalk-id beside --user-query is no target: the resolved person is listened to', async () => {
    for (const blank of [['--user', ' '], ['--open-dingtalk-id', '\t']]) {
      expect(await listen({ result: [{ userId: 'u1', name: 'Bob' }], hasMore: false }, ...blank))
        .toEqual({ reason: undefined, rule: { targetUid: 'u1', targetUidType: 'staffId' } });
    }
  });
  it('--kind group: a blank --chat-id beside --chat-query is no target: the group resolved by name is listened to', async () => {
    outputs.answer('im/search_groups', { result: [{ openConversationId: 'cidTeam', title: 'Team' }], hasMore: false });
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: subs[0].eventKey, subId: subs[0].subId, eventId: 'e1', body: { content: 'hi' } })];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h41a1-listen-'));
    const env = { ...privateEnv(outputs.mcp.urlTemplate, ev.fx.token, dir), ...eventEnv(ev.fx, ev.stateRoot) };
    const outcome = await dispatchInProcess(['event', '+listen-im', '--kind', 'group', '--chat-id', ' ', '--chat-query', 'Team', '--max-events', '1'], env);
    const create = ev.fx.requests.find((q) => q.path === '/dws/subscription/user');
    expect([outcome.error?.reason, create?.body?.filterRule]).toEqual([undefined, JSON.stringify({ openConversationId: 'cidTeam' })]);
  });
});

describe('mail message search reads --limit, then hidden --size, then --page-size as flagOrFallback does: --limit\'s default "20" is read first (helpers/mail.go:322, :2119-2123@c7521c1c)', () => {
  const argv = (...more: string[]) => ['mail', 'message', 'search', '--email', 'e', '--query', 'q', ...more];
  it('a hidden --size or --page-size alone leaves --limit at its default: 20 is sent', async () => {
    expect(await outputs.argsOf(argv('--size', '5'))).toEqual([{ email: 'e', query: 'q', size: '20' }]);
    expect(await outputs.argsOf(argv('--page-size', '7'))).toEqual([{ email: 'e', query: 'q', size: '20' }]);
  });
  it('any typing of the three spellings sends what GetString-with-defaults reads first that is not ""', async () => {
    const value = fc.constantFrom<string | undefined>(undefined, '', ' ', '5', ' 9 ');
    await fc.assert(fc.asyncProperty(value, value, value, async (limit, size, pageSize) => {
      const more: string[] = [];
      if (limit !== undefined) more.push('--limit', limit);
      if (size !== undefined) more.push('--size', size);
      if (pageSize !== undefined) more.push('--page-size', pageSize);
      const read = [limit ?? '20', size ?? '', pageSize ?? ''].find((v) => v !== '') ?? '';
      expect(await outputs.argsOf(argv(...more))).toEqual([{ email: 'e', query: 'q', size: read }]);
    }), { numRuns: 50 });
  });
});

describe('sibling: oa approval list-initiated reads --cursor/--limit with their defaults before the hidden --next-token/--max-results (flagOrFallback, helpers/oa.go:440-441, :1264-1269@c7521c1c)', () => {
  const argv = (...more: string[]) => ['oa', 'approval', 'list-initiated', '--process-code', 'p', '--start', '2026-03-10T00:00:00+08:00', '--end', '2026-03-11T00:00:00+08:00', ...more];
  const numbers = fc.constantFrom<string | undefined>(undefined, '', '5', '0');
  // strconv.ParseFloat with its error ignored: "" is 0
  const goFloat = (v: string) => (v === '' ? 0 : Number(v));
  it('any typing of the four spellings sends the numbers upstream reads (a hidden spelling alone leaves the default)', async () => {
    await fc.assert(fc.asyncProperty(numbers, numbers, numbers, numbers, async (cursor, token, limit, max) => {
      const more: string[] = [];
      for (const [name, v] of [['cursor', cursor], ['next-token', token], ['limit', limit], ['max-results', max]] as const) if (v !== undefined) more.push(`--${name}`, v);
      const nextToken = goFloat([cursor ?? '0', token ?? '0'].find((v) => v !== '') ?? '');
      const maxResults = goFloat([limit ?? '20', max ?? '20'].find((v) => v !== '') ?? '');
      const [args] = await outputs.argsOf(argv(...more)) as Record<string, unknown>[];
      expect([args.nextToken, args.maxResults]).toEqual([nextToken, maxResults]);
    }), { numRuns: 60 });
  });
});
