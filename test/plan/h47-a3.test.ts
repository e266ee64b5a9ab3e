// Session 47 second reading, helper a3 (issue 32, seed 20261423, notes/h47-a3.md): the two drawn commands that
// differed from upstream's body at c7521c1c (event +listen-im, drive upload) and the readings of the others that
// matter most, each run as a user types it against the recording backend on 127.0.0.1.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventEnv, personalFrame, useEventServer } from '../fixtures/events/server.js';
import { privateEnv } from '../fixtures/mcp/server.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h47a3-');

/** Go's strings.TrimSpace set (unicode.IsSpace): the ASCII spaces, U+0085, U+00A0 and the Unicode White_Space ones. */
const goSpace = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const goTrim = (s: string) => s.replace(goSpace, '');

describe('event +listen-im: a --user-query or --chat-query that trims to nothing resolves nothing (compileListenIMPlan, app/event_listen_im.go:208, :225@c7521c1c)', () => {
  const ev = useEventServer('dws-h47a3-ev-');
  const listen = async (...argv: string[]) => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: subs[0].eventKey, subId: subs[0].subId, eventId: 'e1', body: { content: 'hi' } })];
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h47a3-listen-'));
    const env = { ...privateEnv(outputs.mcp.urlTemplate, ev.fx.token, dir), ...eventEnv(ev.fx, ev.stateRoot) };
    outputs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(['event', '+listen-im', ...argv, '--max-events', '1'], env);
    const create = ev.fx.requests.filter((q) => q.path === '/dws/subscription/user').at(-1);
    ev.fx.requests.length = 0;
    return {
      reason: outcome.error?.reason,
      calls: outputs.mcp.calls.map((c) => `${c.server}/${c.name}`),
      rule: create ? JSON.parse(String(create.body?.filterRule)) as unknown : undefined,
    };
  };
  it('--kind sender: a blank --user-query beside --user or --open-dingtalk-id searches nobody; that id is listened to', async () => {
    expect(await listen('--kind', 'sender', '--user', ' u1 ', '--user-query', ' '))
      .toEqual({ reason: undefined, calls: [], rule: { targetUid: 'u1', targetUidType: 'staffId' } });
    expect(await listen('--kind', 'sender', '--open-dingtalk-id', 'od1', '--user-query', '\u3000'))
      .toEqual({ reason: undefined, calls: [], rule: { targetUid: 'od1', targetUidType: 'openDingtalkId' } });
  });
  it('--kind group: a blank --chat-query beside --chat-id searches no group; the --chat-id group is listened to', async () => {
    expect(await listen('--kind', 'group', '--chat-id', ' cidTeam ', '--chat-query', ' \t'))
      .toEqual({ reason: undefined, calls: [], rule: { openConversationId: 'cidTeam' } });
  });
  it('a blank query alone is still no target: refused before any call, as upstream\'s target count', async () => {
    expect(await listen('--kind', 'sender', '--user-query', ' ')).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    expect(await listen('--kind', 'group', '--chat-query', ' ')).toMatchObject({ reason: 'invalid_parameter', calls: [] });
  });
  it('a named query is still resolved (the search runs with the trimmed name)', async () => {
    outputs.answer('contact/search_contact_by_key_word', { result: [{ userId: 'u9', name: 'Bob' }], hasMore: false });
    expect(await listen('--kind', 'sender', '--user-query', ' Bob '))
      .toEqual({ reason: undefined, calls: ['contact/search_contact_by_key_word'], rule: { targetUid: 'u9', targetUidType: 'staffId' } });
    expect(outputs.mcp.calls[0]?.arguments).toEqual({ keyword: 'Bob' });
  });
});

describe('drive upload and drive +upload take the PUT as stored only when answered HTTP 200 (httpPutFile, helpers/doc.go:318@c7521c1c)', () => {
  const { mcp, answer, refusal, run } = outputs;
  const clear = () => {
    mcp.calls.length = 0;
    mcp.uploads.length = 0;
  };
  it('drive upload: a 201 or 204 answer to the PUT ends the run before commit_upload; 200 commits', async () => {
    for (const status of [201, 204]) {
      clear();
      answer('drive/get_upload_info', { uploadId: 'u1', resourceUrl: `${mcp.base}/upload/a.txt?status=${status}` });
      expect(await refusal(['drive', 'upload', '--file', 'a.txt'], { 'a.txt': 'abc' })).toEqual({ reason: 'backend_error', out: '' });
      expect([mcp.calls.map((c) => c.name), mcp.uploads.length]).toEqual([['get_upload_info'], 1]);
    }
    clear();
    answer('drive/get_upload_info', { uploadId: 'u1', resourceUrl: `${mcp.base}/upload/a.txt` });
    answer('drive/commit_upload', { success: true });
    expect(await run(['drive', 'upload', '--file', 'a.txt'], { 'a.txt': 'abc' })).toEqual({ success: true });
    expect(mcp.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_upload_info', { fileName: 'a.txt', fileSize: 3 }],
      ['commit_upload', { fileName: 'a.txt', fileSize: 3, uploadId: 'u1' }],
    ]);
  });
  it('drive upload --workspace: the doc branch\'s PUT answered 201 commits nothing', async () => {
    clear();
    answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/a.txt?status=201`, uploadKey: 'k' } });
    expect(await refusal(['drive', 'upload', '--file', 'a.txt', '--workspace', 'w'], { 'a.txt': 'abc' })).toEqual({ reason: 'backend_error', out: '' });
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_file_upload_info']);
  });
  it('drive +upload: the PUT after fresh credentials (a 403 first) answered 204 commits nothing either', async () => {
    clear();
    let n = 0;
    mcp.answers['drive/get_upload_info'] = () => (n++ === 0
      ? { uploadId: 'old', resourceUrl: `${mcp.base}/upload/x.txt?status=403` }
      : { uploadId: 'new', resourceUrl: `${mcp.base}/upload/y.txt?status=204` });
    expect(await refusal(['drive', '+upload', '--file', 'x.txt', '--yes'], { 'x.txt': 'abc' })).toEqual({ reason: 'backend_error', out: '' });
    expect([mcp.calls.map((c) => c.name), mcp.uploads.map((u) => u.name)]).toEqual([['get_upload_info', 'get_upload_info'], ['x.txt', 'y.txt']]);
  });
});

/**
 * pflag's Int reading (strconv.ParseInt(s, 0, 64)) of the spellings the tests type: a sign, a 0x/0o/0b/0 prefix,
 * underscores between digits; anything else (a space, an exponent) fails.
 */
const goInts: Record<string, number | 'invalid'> = {
  '0': 0, '5': 5, '-3': -3, '+7': 7, '0x10': 16, '010': 8, '1_0': 10, '0b11': 3, '0o7': 7, '-0': 0, '1e3': 'invalid', ' 5': 'invalid', '': 'invalid',
};

describe('attendance overtime search reads --page/--current-page and --limit/--size as intFlagOrFallback, then the defaults (helpers/attendance.go:160-176, :1607-1624@c7521c1c)', () => {
  /** intFlagOrFallback: the primary when typed and not 0, else the first typed alias not 0, else the primary's value (its default when untyped). */
  const read = (primary: string | undefined, alias: string | undefined, fallback: number) => {
    const p = primary === undefined ? undefined : goInts[primary] as number;
    const a = alias === undefined ? undefined : goInts[alias] as number;
    const v = p !== undefined && p !== 0 ? p : a !== undefined && a !== 0 ? a : (p ?? fallback);
    return v <= 0 ? fallback : v;
  };
  const valid = fc.constantFrom<string | undefined>(undefined, ...Object.keys(goInts).filter((k) => goInts[k] !== 'invalid'));
  it('any typing of the four integer spellings sends what upstream reads; 0 or less becomes 1 and 20', async () => {
    await fc.assert(fc.asyncProperty(valid, valid, valid, valid, async (page, current, limit, size) => {
      const argv = ['attendance', 'overtime', 'search'];
      for (const [flag, v] of [['--page', page], ['--current-page', current], ['--limit', limit], ['--size', size]] as const) if (v !== undefined) argv.push(flag, v);
      expect(await outputs.argsOf(argv)).toEqual([{ ATRuleQueryParam: { currentPage: read(page, current, 1), pageSize: read(limit, size, 20) } }]);
    }), { numRuns: 60 });
  });
  it('a spelling Go cannot read as an int is refused before any call', async () => {
    for (const bad of ['1e3', ' 5', '']) {
      expect(await outputs.sent(['attendance', 'overtime', 'search', '--limit', bad])).toMatchObject({ reason: 'invalid_parameter', calls: [] });
    }
  });
});

describe('oa approval approve sends --task-id as strconv.ParseFloat reads it, 0 where it cannot (helpers/oa.go:214@c7521c1c)', () => {
  const argv = (taskId: string) => ['oa', 'approval', 'approve', '--instance-id', 'i', '--task-id', taskId, '--yes'];
  it('a decimal number as JavaScript prints it is sent as that number', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 })), async (n) => {
      fc.pre(!Object.is(n, -0));
      expect(await outputs.argsOf(argv(String(n)))).toEqual([{ processInstanceId: 'i', taskId: n }]);
    }), { numRuns: 40 });
  });
  it('Go-only spellings as Go reads them; padded or unreadable text as 0; ±Inf and NaN refused (json.Marshal fails)', async () => {
    const table: [string, number][] = [['0x1p4', 16], ['1_0', 10], ['+5', 5], ['.5', 0.5], ['5.', 5], ['010', 10], ['0X1P-2', 0.25], ['0x10', 0], [' 5', 0], ['abc', 0], ['1__0', 0], ['_1', 0]];
    for (const [text, value] of table) expect([text, await outputs.argsOf(argv(text))]).toEqual([text, [{ processInstanceId: 'i', taskId: value }]]);
    for (const text of ['Inf', '-infinity', 'NaN', '1e400']) expect(await outputs.sent(argv(text))).toMatchObject({ calls: [] });
  });
});

describe('todo task add-executor sends --executors as parseExecutorIds (helpers/todo.go:629-640, :1871-1884@c7521c1c)', () => {
  /** parseExecutorIds: a blank text is nil (null); else split on commas, each part trimmed, empty parts dropped. */
  const parse = (raw: string) => (goTrim(raw) === '' ? null : goTrim(raw).split(',').map(goTrim).filter((v) => v !== ''));
  const text = fc.array(fc.constantFrom('a', ' b ', ',', ' ', '"q"', '\u0085', 'x y', '[1]'), { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
  it('for any comma text, as the model; --task-id untrimmed', async () => {
    await fc.assert(fc.asyncProperty(text, async (executors) => {
      fc.pre(executors !== '');
      expect(await outputs.argsOf(['todo', 'task', 'add-executor', '--task-id', ' t ', '--executors', executors, '--yes']))
        .toEqual([{ todoExecutorsAddRequest: { taskId: ' t ', executorIds: parse(executors) } }]);
    }), { numRuns: 40 });
  });
});

describe('attendance +search-group reads the first list the way attendanceResolveList looks for it (shortcut/attendance/attendance.go:637-656, :1101-1131@c7521c1c)', () => {
  const argv = ['attendance', '+search-group'];
  it('inside an object the extra keys come first: result.list before result.items; a null key is passed over', async () => {
    outputs.answer('attendance-wukong/get_simple_groups', { groupList: null, result: { items: [{ id: 1 }], list: [{ id: 9, group_name: 'g', type: null }] } });
    expect(await outputs.run(argv)).toEqual({ count: 1, groups: [{ groupId: 9, name: 'g', type: null }] });
  });
  it('a JSON null answer is Go\'s nil map: no groups; a list answer fails to decode', async () => {
    outputs.answer('attendance-wukong/get_simple_groups', null);
    expect(await outputs.run(argv)).toEqual({ count: 0, groups: [] });
    outputs.answer('attendance-wukong/get_simple_groups', [{ id: 1 }]);
    expect(await outputs.sent(argv)).toMatchObject({ reason: 'backend_error' });
  });
  it('nothing typed sends the two booleans false; --query and --type are trimmed; an untyped page and limit are 1 and 20', async () => {
    expect(await outputs.argsOf(argv)).toEqual([{ param: { queryPositionAndWifiNames: false, queryBleDeviceList: false }, pageQuery: { pageIndex: 1, pageSize: 20 } }]);
    expect(await outputs.argsOf([...argv, '--query', ' x ', '--type', ' TURN ', '--limit', '-3']))
      .toEqual([{ param: { queryStr: 'x', type: 'TURN' }, pageQuery: { pageIndex: 1, pageSize: 20 } }]);
  });
});

describe('minutes audio-memo list reads --max as a Float64 and --cursor as an Int64 (helpers/minutes.go:2090-2134@c7521c1c)', () => {
  const argv = (...more: string[]) => ['minutes', 'audio-memo', 'list', ...more];
  it('--max: Go float spellings within 1..1000 are sent; 0, above 1000, Inf and NaN refused', async () => {
    for (const [text, value] of [['1e3', 1000], ['0x1p4', 16], ['1_0', 10], ['1.5', 1.5]] as const) {
      expect(await outputs.argsOf(argv('--max', text))).toEqual([{ pageSize: value }]);
    }
    for (const text of ['0', '1001', 'Inf', 'NaN', '-1']) expect(await outputs.sent(argv('--max', text))).toMatchObject({ calls: [] });
  });
  it('--cursor: Go int spellings, negative refused; --start/--end as RFC 3339 in +08:00', async () => {
    expect(await outputs.argsOf(argv('--cursor', '0x10'))).toEqual([{ pageSize: 200, cursor: 16 }]);
    expect(await outputs.argsOf(argv('--cursor', '010'))).toEqual([{ pageSize: 200, cursor: 8 }]);
    expect(await outputs.sent(argv('--cursor', '-1'))).toMatchObject({ calls: [] });
    expect(await outputs.argsOf(argv('--start', '2026-01-01', '--end', '1767225600')))
      .toEqual([{ pageSize: 200, startTime: '2026-01-01T00:00:00+08:00', endTime: '2026-01-01T08:00:00+08:00' }]);
  });
});
