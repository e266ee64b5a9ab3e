// Session 37 second reading b1 (issue 32, notes/h37-b1.md, seed 20261331): where a drawn command still differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TRANSFORMS } from '../../src/plan/transforms/index.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37b1-');

describe('event +listen-im counts a target only when it is not blank once trimmed (compileListenIMPlan, nonEmptyListenIMCount app/event_listen_im.go:183-230, :271-283@c7521c1c)', () => {
  it('a blank --chat-id beside --chat-query is no second target: the group is resolved by name', async () => {
    outputs.answer('im/search_groups', { result: [{ openConversationId: 'cidTeam', title: 'Team' }], hasMore: false });
    const run = await outputs.sent(['event', '+listen-im', '--kind', 'group', '--chat-id', '  ', '--chat-query', 'Team', '--max-events', '1']);
    expect(run.calls[0]).toEqual(['im/search_groups', { keyword: 'Team', limit: 10, cursor: '0' }]);
  });
  it('two filled targets are still refused before any call', async () => {
    const run = await outputs.sent(['event', '+listen-im', '--kind', 'group', '--chat-id', 'cid1234567890', '--chat-query', 'Team']);
    expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
  });
  it('any mix of blank and filled target flags is refused before any call exactly when upstream counts the wrong number', async () => {
    const flags = ['user', 'open-dingtalk-id', 'user-query', 'chat-id', 'chat-query'] as const;
    const value = fc.constantFrom<string | undefined>(undefined, '', ' ', '\t', 'x');
    await fc.assert(fc.asyncProperty(fc.constantFrom('sender', 'group', 'at-me'), fc.tuple(value, value, value, value, value), async (kind, values) => {
      const argv = ['event', '+listen-im', '--kind', kind];
      values.forEach((v, i) => { if (v !== undefined) argv.push(`--${flags[i]}`, v); });
      const filled = values.map((v) => v !== undefined && v.trim() !== '');
      const users = filled.slice(0, 3).filter(Boolean).length;
      const chats = filled.slice(3).filter(Boolean).length;
      const goRefuses = kind === 'sender' ? users !== 1 || chats !== 0 : kind === 'group' ? chats !== 1 || users !== 0 : users + chats !== 0;
      const run = await outputs.sent(argv);
      if (goRefuses) expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
      else expect(run.reason).not.toBe('constraint_violation');
    }), { numRuns: 40 });
  });
});

/** upstream myAttendanceCurrentUserID (shortcut/smart/my_attendance.go:122-152@c7521c1c), as a model. */
function currentUserId(answer: unknown): string {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '');
  if (!isObject(answer)) return '';
  const result = answer.result;
  if (Array.isArray(result)) {
    for (const item of result) {
      if (!isObject(item)) continue;
      if (isObject(item.orgEmployeeModel) && text(item.orgEmployeeModel.userId)) return text(item.orgEmployeeModel.userId);
      if (text(item.userId)) return text(item.userId);
    }
    return '';
  }
  if (isObject(result)) {
    if (text(result.userId)) return text(result.userId);
    if (isObject(result.orgEmployeeModel) && text(result.orgEmployeeModel.userId)) return text(result.orgEmployeeModel.userId);
  }
  return '';
}

describe('todo +remind reads the signed-in userId as myAttendanceCurrentUserID (smart/remind.go:79-86, my_attendance.go:122-152@c7521c1c)', () => {
  const argv = ['todo', '+remind', '--task', 'file the report', '--yes'];
  it('a result list is searched past elements that hold no userId text', async () => {
    outputs.answer('contact/get_current_user_profile', { result: [5, { name: 'x' }, { userId: 'u2', orgEmployeeModel: { userId: 'u1' } }] });
    const run = await outputs.sent(argv);
    expect(run.calls.at(-1)).toEqual(['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 'file the report', executorIds: ['u1'] } }]);
  });
  it('a userId that is a number is no userId', async () => {
    outputs.answer('contact/get_current_user_profile', { result: { userId: 7, orgEmployeeModel: { userId: 'u9' } } });
    const run = await outputs.sent(argv);
    expect(run.calls.at(-1)).toEqual(['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 'file the report', executorIds: ['u9'] } }]);
  });
  it('for any profile answer, the executor sent (or the refusal) is the one upstream reads', async () => {
    const id = fc.constantFrom<unknown>(undefined, null, '', ' ', 'a', 'b', 3, true);
    const person = fc.oneof(
      fc.record({ userId: id, orgEmployeeModel: fc.oneof(fc.constant(undefined), fc.constant('m'), fc.record({ userId: id }, { requiredKeys: [] })) }, { requiredKeys: [] }),
      fc.constantFrom<unknown>(1, 'x', null, []),
    );
    const result = fc.oneof(fc.array(person, { maxLength: 4 }), person);
    await fc.assert(fc.asyncProperty(result, async (r) => {
      outputs.answer('contact/get_current_user_profile', { result: r });
      const run = await outputs.sent(argv);
      const want = currentUserId(JSON.parse(JSON.stringify({ result: r })));
      if (want === '') expect([run.reason, run.calls.length]).toEqual(['invalid_parameter', 1]);
      else expect(run.calls.at(-1)).toEqual(['todo/create_personal_todo', { PersonalTodoCreateVO: { subject: 'file the report', executorIds: [want] } }]);
    }), { numRuns: 60 });
  });
});

describe('aitable +url-resolve reads --url as Go url.ParseRequestURI and url.Values do (aitabletarget.ParseURL resolver.go:57-125@c7521c1c)', () => {
  const resolve = (url: string) => outputs.sent(['aitable', '+url-resolve', '--url', url]);
  const base = 'https://alidocs.dingtalk.com/i/nodes/B';
  it('a "#fragment" is no fragment to ParseRequestURI: it stays in the path or the query, where validID refuses the "#"', async () => {
    for (const url of [`${base}#frag`, `${base}?sheetId=T#x`, `${base}?iframeQuery=sheetId%3DT#x`]) expect((await resolve(url)).reason).toBe('invalid_parameter');
  });
  it('a top-level pair holding ";" or a bad escape is dropped, as Query() drops what ParseQuery cannot read', async () => {
    expect((await resolve(`${base}?sheetId=T;x=1&recordId=R`)).reason).toBe('invalid_parameter');
    expect((await resolve(`${base}?sheetId=%zz&tableId=T2`)).printed).toMatchObject({ target: { kind: 'table', tableId: 'T2' } });
  });
  it('dot segments are not collapsed and an authority-less or opaque https URL has no host', async () => {
    for (const url of ['https://alidocs.dingtalk.com/i/x/../nodes/B', 'https:alidocs.dingtalk.com/i/nodes/B', 'https:/i/nodes/B', 'https://alidocs.dingtalk.com:x/i/nodes/B', 'https://alidocs.dingtalk.com/i/nodes/B\tC']) {
      expect((await resolve(url)).reason).toBe('invalid_parameter');
    }
  });
  it('what Go accepts still resolves: port, case, slashes around the path, escapes, "+" in the query', async () => {
    expect((await resolve('HTTPS://Alidocs.DingTalk.com:443//i/nodes/%42/?sheetId=+T+&viewId=V')).printed)
      .toMatchObject({ target: { kind: 'view', baseId: 'B', tableId: 'T', viewId: 'V' } });
  });
  it('for URLs built from Go-relevant pieces, refused exactly when a Go model of ParseURL refuses, and the ids agree', async () => {
    const piece = fc.constantFrom('', '#', ';', '%zz', '%2F', '%20', '+', '?', '/', '..', 'T');
    await fc.assert(fc.asyncProperty(piece, piece, piece, async (p, q, r) => {
      const url = `${base}${p}?sheetId=T${q}&recordId=R${r}`;
      const run = await resolve(url);
      const model = goParse(url);
      if (model === 'refused') expect(run.reason).toBe('invalid_parameter');
      else expect(run.printed).toMatchObject({ target: model });
    }), { numRuns: 80 });
  });
});

/**
 * A small model of upstream ParseURL for URLs `https://alidocs.dingtalk.com/i/nodes/B<p>?sheetId=T<q>&recordId=R<r>`
 * (no iframeQuery): ParseRequestURI keeps '#' and cuts the query at the first '?'; a path with a bad escape is refused;
 * the path's segments are read from EscapedPath (a path that needs no re-escaping as typed, else the decoded path
 * escaped again); Query() drops a pair holding ';' or a bad escape; validID refuses '#', '?', '/', spaces.
 */
function goParse(url: string): Record<string, string> | 'refused' {
  const rest = url.slice('https://alidocs.dingtalk.com'.length);
  const cut = rest.indexOf('?');
  const rawPath = cut < 0 ? rest : rest.slice(0, cut);
  const rawQuery = cut < 0 ? '' : rest.slice(cut + 1);
  const decode = (t: string) => { try { return decodeURIComponent(t); } catch { return undefined; } };
  const path = /%(?![0-9A-Fa-f]{2})/.test(rawPath) ? undefined : decode(rawPath);
  if (path === undefined) return 'refused';
  const validEncoded = /^[A-Za-z0-9\-_.~!$&'()*+,;=:@[\]%/]*$/.test(rawPath);
  const escaped = validEncoded ? rawPath : path.replace(/[^A-Za-z0-9\-_.~$&+,/:;=@]/gu, (c) => encodeURIComponent(c).replace(/[!'()*]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`));
  const segs = escaped.replace(/^\/+|\/+$/g, '').split('/');
  if (segs.length !== 3 || segs[0] !== 'i' || segs[1] !== 'nodes') return 'refused';
  const baseId = decode(segs[2]);
  const valid = (v: string) => v.trim() !== '' && !/[/?#]/.test(v.trim()) && !/[\u0000-\u0020\u007f]/.test(v.trim());
  if (baseId === undefined || !valid(baseId)) return 'refused';
  const values: Record<string, string[]> = {};
  for (const part of rawQuery.split('&')) {
    if (part.includes(';') || part === '') continue;
    const eq = part.indexOf('=');
    const k = decode((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
    const v = decode((eq < 0 ? '' : part.slice(eq + 1)).replace(/\+/g, ' '));
    if (k === undefined || v === undefined) continue;
    (values[k] ??= []).push(v);
  }
  const one = (...keys: string[]) => {
    const seen = new Set<string>();
    for (const key of keys) for (const raw of values[key] ?? []) {
      const t = raw.trim();
      if (t === '') continue;
      if (!valid(t)) return 'refused';
      seen.add(t);
    }
    return seen.size > 1 ? 'refused' : [...seen][0];
  };
  const tableId = one('sheetId', 'tableId');
  const recordId = one('recordId');
  if (tableId === 'refused' || recordId === 'refused') return 'refused';
  if (recordId !== undefined && tableId === undefined) return 'refused';
  const out: Record<string, string> = { baseId: baseId.trim(), kind: recordId !== undefined ? 'record' : tableId !== undefined ? 'table' : 'base' };
  if (tableId !== undefined) out.tableId = tableId;
  if (recordId !== undefined) out.recordId = recordId;
  return out;
}

describe('the stat_size transform: a local path as os.Stat reads it (NEW MECHANISM, docs/PLANS.md)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'dws-h37b1-stat-'));
  writeFileSync(path.join(root, 'a.md'), 'hello');
  mkdirSync(path.join(root, 'dir'));
  const ctx = { env: { DWS_FILE_ROOT: root, HOME: root } };
  const stat = (v: unknown) => TRANSFORMS.stat_size!(v, '--file', ctx);
  it('a file gives its size, a directory passes, a missing or blank path or one outside the root is refused', () => {
    expect(stat(path.join(root, 'a.md'))).toBe(5);
    expect(typeof stat(path.join(root, 'dir'))).toBe('number');
    for (const bad of [path.join(root, 'none.md'), ' ', '', 5, path.join(os.tmpdir(), '..', 'etc', 'hostname')]) {
      expect(() => stat(bad), String(bad)).toThrow();
    }
  });
});

describe('markdown diff --file: the local file is stat-ed after the type check and before any download (checkFileSize, helpers/markdown_diff.go:288-297, :54-63@c7521c1c)', () => {
  const { mcp } = outputs;
  const links = () => {
    mcp.files['v.md'] = Buffer.from('a\n');
    outputs.answer('drive/get_file_info', { result: { extension: 'md' } });
    outputs.answer('drive/download_file', { result: { resourceUrl: `${mcp.base}/files/v.md` } });
  };
  it('a missing --file is refused after get_file_info, with no download asked for', async () => {
    links();
    const run = await outputs.sent(['markdown', 'diff', '--node', 'n1', '--file', 'missing.md']);
    expect([run.reason, run.calls.map(([tool]) => tool)]).toEqual(['invalid_parameter', ['drive/get_file_info']]);
  });
  it('a --file over 10 MiB (maxDiffFileSize, :35) is refused before any download', async () => {
    links();
    const run = await outputs.sent(['markdown', 'diff', '--node', 'n1', '--file', 'big.md'], { 'big.md': 'x'.repeat(10 * 1024 * 1024 + 1) });
    expect([run.reason, run.calls.map(([tool]) => tool)]).toEqual(['invalid_parameter', ['drive/get_file_info']]);
  });
  it('a present --file is diffed as before', async () => {
    links();
    const run = await outputs.sent(['markdown', 'diff', '--node', 'n1', '--file', 'local.md'], { 'local.md': 'b\n' });
    expect([run.reason, run.calls.map(([tool]) => tool), (run.printed as { added_lines?: number }).added_lines]).toEqual([undefined, ['drive/get_file_info', 'drive/download_file'], 1]);
  });
});
