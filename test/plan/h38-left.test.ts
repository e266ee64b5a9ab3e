// Session 38, helper left (issue 32 / 34): the differences session 37's auditors noticed and left alone
// (notes/h38-left.md). Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorOf, runCliAsync } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38left-');

/**
 * upstream's wiki member write with --users / --user typed (corecmd ValidateRequired's sliceValue, corecmd.go:696-700,
 * :846-864, then wikiStringSliceFirst, wiki/common.go:200-211, and the 1-30 count, wiki.go:165-168@c7521c1c), as a
 * model: the userIds sent, or 'refused'. Each spelling is the list pflag's readAsCSV gives, undefined when not typed.
 */
function upstreamMemberUsers(users: string[] | undefined, user: string[] | undefined): string[] | 'refused' {
  const filled = (v: string[] | undefined) => v !== undefined && v.some((x) => x.trim() !== '');
  if (!filled(users) && !filled(user)) return 'refused';
  const sent = users ?? user!;
  return sent.length === 0 || sent.length > 30 ? 'refused' : sent;
}

describe('wiki +member-remove / +member-add / +member-update: the required check reads every typed spelling of --users (corecmd.go:696-700, :846-864@c7521c1c)', () => {
  const base = (cmd: string) => ['wiki', cmd, '--workspace', 'ws1', ...(cmd === '+member-remove' ? [] : ['--role', 'READER'])];
  const tool = { '+member-remove': 'wiki/remove_member', '+member-add': 'wiki/add_member', '+member-update': 'wiki/update_member' };
  for (const cmd of ['+member-remove', '+member-add', '+member-update'] as const) {
    it(`${cmd}: --users ' ' --user a passes the check and sends the typed --users, [" "]`, async () => {
      outputs.answer(tool[cmd], { success: true });
      const run = await outputs.sent([...base(cmd), '--users', ' ', '--user', 'a']);
      expect(run.reason).toBeUndefined();
      expect(run.calls.map(([, a]) => (a as { userIds: unknown }).userIds)).toEqual([[' ']]);
    });
  }
  it('+member-remove: --users " , " --user a sends [" ", " "]; --users " " --user " " is refused before any call', async () => {
    outputs.answer('wiki/remove_member', { success: true });
    expect((await outputs.sent([...base('+member-remove'), '--users', ' , ', '--user', 'a'])).calls.map(([, a]) => a))
      .toEqual([{ workspaceId: 'ws1', userIds: [' ', ' '] }]);
    const refused = await outputs.sent([...base('+member-remove'), '--users', ' ', '--user', ' ']);
    expect([refused.reason, refused.calls]).toEqual(['missing_parameter', []]);
  });
  it('+member-remove: sent or refused as upstream for any typing of the two spellings', async () => {
    const element = fc.constantFrom('a', ' ', '', 'b ', ' c');
    const spelling = fc.option(fc.array(element, { minLength: 1, maxLength: 3 }), { nil: undefined });
    await fc.assert(fc.asyncProperty(spelling, spelling, fc.boolean(), async (users, user, aliasFirst) => {
      outputs.answer('wiki/remove_member', { success: true });
      const typed = (name: string, v: string[] | undefined) => (v === undefined ? [] : [`--${name}`, v.join(',')]);
      const flags = aliasFirst ? [...typed('user', user), ...typed('users', users)] : [...typed('users', users), ...typed('user', user)];
      const run = await outputs.sent([...base('+member-remove'), ...flags]);
      // pflag's readAsCSV of "" is no element at all
      const csv = (v: string[] | undefined) => (v === undefined ? undefined : v.join(',') === '' ? [] : v);
      const expected = upstreamMemberUsers(csv(users), csv(user));
      if (expected === 'refused') expect(run.calls).toEqual([]);
      else expect(run.calls.map(([, a]) => (a as { userIds: unknown }).userIds)).toEqual([expected]);
    }), { numRuns: 60 });
  });
});

/**
 * upstream's rt.CallMCPData (shortcut/runner.go:255-271@c7521c1c) as a model of what a raw-payload fallback prints,
 * its text having come through the runner (h56-wd): a blank text or JSON null is no object, written as the text null
 * (transport/client.go:159-205, app/tool_caller_adapter.go:141-193), the nil map printed null; an object is stamped
 * with success true when it has none (app/runner.go:774-783).
 */
function callMCPDataPrinted(text: string): unknown {
  const v: unknown = text.trim() === '' ? null : JSON.parse(text);
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? { success: true, ...v } : null;
}

describe('a shortcut that prints the CallMCPData payload when it finds no list prints null for a blank answer (runner.go:263-265, tool_caller_adapter.go:141-193@c7521c1c)', () => {
  const cases: { argv: string[]; tool: string; upstream: string }[] = [
    { argv: ['oa', '+my-initiated'], tool: 'get_submitted_instances', upstream: 'smart/my_initiated.go:118-127' },
    { argv: ['chat', '+unread-chats'], tool: 'unread_message_conversation_list', upstream: 'smart/unread_chats.go:113-122' },
  ];
  for (const c of cases) {
    it(`${c.argv.join(' ')}: a blank, null or listless answer prints what upstream's fallback prints (${c.upstream})`, async () => {
      await fc.assert(fc.asyncProperty(fc.constantFrom('', ' \n\t', 'null', '{}', '{"x":1}', '{"list":[]}'), async (text) => {
        outputs.answerText(c.tool, text);
        const run = await outputs.sent(c.argv);
        expect(run.reason).toBeUndefined();
        expect(run.printed).toEqual(callMCPDataPrinted(text));
      }), { numRuns: 12 });
    });
  }
});

/** The real binary run as a user types it: its exit status, the files it fetched from the blob server, its refusal. */
async function cli(argv: string[]) {
  outputs.mcp.calls.length = 0;
  outputs.mcp.fetched.length = 0;
  const r = await runCliAsync(argv, '', outputs.env());
  const error = r.status === 0 ? undefined : errorOf(r.stderr);
  return { status: r.status, fetched: outputs.mcp.fetched.map((f) => f.name), reason: error?.reason, message: error?.message ?? '' };
}

describe('the other five plans whose upstream fetches through localio.Download refuse a link ValidateDownloadURL refuses, before any request (localio/download.go:296-309, :344-379@c7521c1c)', () => {
  const cases: { argv: string[]; answers: (url: string) => Record<string, unknown>; refusal: string; upstream: string }[] = [
    {
      argv: ['drive', '+version-download', '--node', 'n1', '--version', '2', '--output', 'v.bin'], refusal: 'backend_error', upstream: 'drive/version_operations.go:127',
      answers: (url) => ({ 'drive/list_file_versions': { success: true, result: { versions: [{ version: 2 }] } }, 'drive/download_file_version': { success: true, result: { url } } }),
    },
    {
      // the export job was submitted (a write) before the link was refused: dws's partial outcome
      argv: ['doc', '+export', '--node', 'n1', '--export-format', 'pdf', '--output', 'exports'], refusal: 'partial_outcome', upstream: 'doc/content_shortcuts.go:1523',
      answers: (url) => ({ 'doc/submit_export_job': { result: { jobId: 'j1' } }, 'doc/query_export_job': { result: { status: 'SUCCESS', downloadUrl: url } } }),
    },
    {
      argv: ['doc', '+export-get', '--job-id', 'j1', '--output', 'exports'], refusal: 'backend_error', upstream: 'doc/content_shortcuts.go:1571',
      answers: (url) => ({ 'doc/query_export_job': { result: { status: 'SUCCESS', downloadUrl: url } } }),
    },
    {
      argv: ['doc', '+resource-download', '--node', 'n1', '--output', 'covers'], refusal: 'backend_error', upstream: 'doc/media_style_shortcuts.go:308, :315-330',
      answers: (url) => ({ 'doc/get_document_style': { result: { cover: { imageUrl: url } } } }),
    },
    {
      argv: ['minutes', '+export-pack', '--id', 't1', '--output', 'pack', '--artifacts', 'todos', '--include-media'], refusal: 'backend_error', upstream: 'minutes/workflows.go:562',
      answers: (url) => ({ 'minutes/list_minutes_todos': { result: { actions: [] } }, 'minutes/query_minutes_audio_url': { result: { videoUrl: url } } }),
    },
  ];
  for (const c of cases) {
    it(`${c.argv.slice(0, 2).join(' ')}: an http OSS link and a foreign host are refused unfetched; a loopback link is fetched (${c.upstream})`, async () => {
      const answer = (url: string) => {
        for (const [tool, body] of Object.entries(c.answers(url))) outputs.answer(tool, body);
      };
      for (const url of ['http://bucket.oss-cn-hangzhou.aliyuncs.com/a.mp4', 'https://evil.example/a.mp4', 'https://static.dingtalk.com:8443/a.mp4']) {
        answer(url);
        const r = await cli(c.argv);
        expect([url, r.reason, r.fetched]).toEqual([url, c.refusal, []]);
        expect(r.message).toContain('untrusted download URL');
      }
      outputs.mcp.files = { 'a.mp4': Buffer.from('BYTES') };
      answer(`${outputs.mcp.base}/files/a.mp4`);
      const ok = await cli(c.argv);
      expect([ok.status, ok.message, ok.fetched]).toEqual([0, '', ['a.mp4']]);
    });
  }
});

describe('wiki +wiki-new-doc reads a null or blank search_wikiSpaces answer as CallMCPData hands it on (wiki_new_doc.go:78-83, :191-217; runner.go:263-268@c7521c1c)', () => {
  const argv = ['wiki', '+wiki-new-doc', '--space', 'S', '--title', 'T'];
  it('JSON null is a nil map: empty_tool_response, an API error (exit 1), not a not-found refusal', async () => {
    outputs.answerText('search_wikiSpaces', 'null');
    const r = await cli(argv);
    expect([r.status, r.reason]).toEqual([1, 'backend_error']);
    expect(r.message).toContain('empty_tool_response');
  });
  it('a blank text is the empty map: missing_collection (exit 1)', async () => {
    for (const text of ['', ' \n']) {
      outputs.answerText('search_wikiSpaces', text);
      const r = await cli(argv);
      expect([text, r.status, r.reason]).toEqual([text, 1, 'backend_error']);
      expect(r.message).toContain('missing_collection');
    }
  });
});

describe('upload staging: true (a staging upload is no completed write of the run)', async () => {
  const { validatePlans } = await import('../../src/plan/validate.js');
  const { realCatalog } = await import('../helpers.js');
  const tools = realCatalog().tools;
  const problems = (upload: Record<string, unknown>) => validatePlans([{ file: 'x.yaml', doc: { plans: { 'sheet.write_image': { facts: 'test', steps: [
    { id: 'put', upload: { file: { flag: 'file' }, url: { const: 'https://static.dingtalk.com/u' }, ...upload } },
    { id: 'place', server: 'sheet', rpc: 'write_image', args: { nodeId: { flag: 'node' } } },
  ] } } } }], tools).problems;
  it('is accepted as true and refused as anything else', () => {
    expect(problems({ staging: true })).toEqual([]);
    expect(problems({ staging: 'yes' })).toEqual(['catalog/plans/x.yaml: sheet.write_image: steps[0] (put).upload.staging: true (the bytes change no document until a later call places them), or leave it out']);
  });
});

describe('sheet write-image: a failed write_image after the PUT is write_image\'s own error, as upstream returns it (sheet_media.go:255-266@c7521c1c)', () => {
  const argv = ['sheet', 'write-image', '--node', 'n1', '--sheet-id', 's1', '--range', 'A1', '--file', 'a.png'];
  it('a business failure of write_image exits 1 with that failure, not partial_outcome (exit 7); the PUT was sent', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', { result: { uploadUrl: `${outputs.mcp.base}/upload/up`, resourceId: 'r1', resourceUrl: 'https://x/r1' } });
    outputs.answer('sheet/write_image', { success: false, errorCode: 'E1', errorMsg: 'bad range' });
    const run = await outputs.sent(argv, { 'a.png': 'PNG' });
    expect([run.reason, run.category]).toEqual(['business_error', 'backend']);
    expect(run.calls.map(([tool]) => tool)).toEqual(['doc/get_doc_attachment_upload_info', 'sheet/write_image']);
    expect(outputs.mcp.uploads.at(-1)?.name).toBe('up');
  });
});

describe('answer_raw: unless_object (an answer text kept as it came unless it decodes into a JSON object or null)', async () => {
  const { validatePlans } = await import('../../src/plan/validate.js');
  const { realCatalog } = await import('../helpers.js');
  const tools = realCatalog().tools;
  const problems = (step: Record<string, unknown>) => validatePlans([{ file: 'x.yaml', doc: { plans: { 'wiki.list_workspace_feeds': { facts: 'test', steps: [
    { id: 'call', server: 'wiki', rpc: 'list_workspace_feeds', args: { workspaceId: { flag: 'workspace' } }, ...step },
  ] } } } }], tools).problems;
  it('is accepted on a call as unless_object and refused as anything else', () => {
    expect(problems({ answer_raw: 'unless_object' })).toEqual([]);
    expect(problems({ answer_raw: true })).toEqual(['catalog/plans/x.yaml: wiki.list_workspace_feeds: steps[0] (call).answer_raw: unless_object (the answer\'s text kept as it came unless it is a JSON object or null), or leave it out']);
  });
});

/**
 * upstream wiki feed list under --format json (helpers/wiki.go:1362-1369, formatFeedTime :1461-1465@c7521c1c), as a model
 * for an answer without feeds: a text that json.Unmarshal takes into a map (an object, or null as a nil map) printed as
 * that map, any other text printed as itself, a JSON string.
 */
function upstreamFeedPrinted(text: string): unknown {
  try {
    const v: unknown = JSON.parse(text);
    if (v === null || (typeof v === 'object' && !Array.isArray(v))) return v;
  } catch {
    // not JSON: the text itself
  }
  return text;
}

describe('wiki feed list prints an answer that is not a JSON object as its text, as formatFeedTime falls back to it (wiki.go:1362-1369, :1461-1465@c7521c1c)', () => {
  it('a list, a number, a quoted text or a boolean answer is printed as the text as it came', async () => {
    const json = fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.constantFrom('[1, 2]', ' 5 ', '"x"', 'true', '{"a": 1}', 'null', 'not json'));
    await fc.assert(fc.asyncProperty(json, async (text) => {
      outputs.answerText('list_workspace_feeds', text);
      const run = await outputs.sent(['wiki', 'feed', 'list', '--workspace', 'w']);
      expect([text, run.reason]).toEqual([text, undefined]);
      expect(run.printed).toEqual(upstreamFeedPrinted(text));
    }), { numRuns: 60 });
  });
});

describe('chat +thread-replies --message-id reads the root with CallMCPData and refuses a missing root as an API error (thread_replies.go:221-241@c7521c1c)', () => {
  const argv = ['chat', '+thread-replies', '--message-id', 'm1'];
  it('an answer that is not an object fails the read (backend_error), not a not-found refusal', async () => {
    for (const body of [[{ openMessageId: 'm1' }], 5]) {
      outputs.answer('im/list_messages_by_ids', body);
      const run = await outputs.sent(argv);
      expect([body, run.reason, run.calls.length]).toEqual([body, 'backend_error', 1]);
    }
  });
  it('no message with that id is thread_root_message_not_found, an API error (exit 1 upstream: apperrors.NewAPI)', async () => {
    outputs.answer('im/list_messages_by_ids', { result: { messages: [{ openMessageId: 'other' }] } });
    const run = await outputs.sent(argv);
    expect([run.reason, run.category]).toEqual(['backend_error', 'backend']);
  });
});

/** pflag's CSV writing of one typed value: a field holding a comma, a quote or surrounding space quoted, quotes doubled. */
function csvField(v: string): string {
  return /[",\n\r]|^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** upstream's splitIDs (shortcut/chat/chat.go:39-52@c7521c1c) over rt.StrSlice: trimmed, blanks skipped, never split again. */
function splitIDs(values: string[], isOpen: (v: string) => boolean): { userIDs: string[]; openIDs: string[] } {
  const trimmed = values.map((v) => v.trim()).filter((v) => v !== '');
  return { userIDs: trimmed.filter((v) => !isOpen(v)), openIDs: trimmed.filter(isOpen) };
}

describe('chat shortcuts read a stringSlice flag as rt.StrSlice gives it: one CSV record per occurrence, never split again on commas (h37-a3 left alone)', () => {
  const O1 = 'Db3BlbmlkMDEiE';
  const O2 = 'Db3BlbmlkMDIiE';
  const open = new Set([O1, O2]);
  it('+chat-members-get: --users is validateExplicitOpenIDs over the untrimmed elements, then sent as it is (chat_group.go:411-419, chat.go:54-64@c7521c1c)', async () => {
    const element = fc.constantFrom(O1, O2, '', ` ${O1}`, `${O2} `, `${O1},${O2}`, 'u1');
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 3 }), async (values) => {
      const typed = values.map(csvField).join(',');
      const run = await outputs.sent(['chat', '+chat-members-get', '--id', 'cidAbc123==', '--users', typed]);
      // pflag's readAsCSV of "" is no element; every element blank is ValidateRequired's refusal
      const elements = typed === '' ? [] : values;
      if (elements.every((v) => v.trim() === '')) {
        expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
      } else if (elements.some((v) => v.trim() !== '' && !open.has(v))) {
        expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
      } else {
        expect(run.calls).toEqual([['im/list_group_member_by_ids', { cid: 'cidAbc123==', openConversationId: 'cidAbc123==', memberOpenDingTalkIds: elements }]]);
      }
    }), { numRuns: 50 });
  });
  it('+chat-mute-member: the userIds looked up are splitIDs\' (chat_group.go:1533-1541, chat.go:39-52@c7521c1c): a quoted "u1,u2" is one userId', async () => {
    const element = fc.constantFrom('u1', ' u2 ', 'u1,u2', '', ' ', O1, ` ${O2}`);
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 4 }), async (values) => {
      const typed = values.map(csvField).join(',');
      outputs.answer('contact/get_user_info_by_user_ids', { result: [] });
      const run = await outputs.sent(['chat', '+chat-mute-member', '--group', 'cidAbc123==', '--users', typed, '--off', '--yes']);
      const { userIDs, openIDs } = splitIDs(typed === '' ? [] : values, (v) => open.has(v));
      const lookups = run.calls.filter(([tool]) => tool === 'contact/get_user_info_by_user_ids').map(([, a]) => a);
      if (userIDs.length === 0 && openIDs.length === 0) {
        expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
      } else if (userIDs.length > 0) {
        expect(lookups).toEqual([{ user_id_list: userIDs }]);
      } else {
        expect(run.calls).toEqual([['im/set_group_member_mute_list', { openConversationId: 'cidAbc123==', cid: 'cidAbc123==', mute: false, openDingTalkIds: [...new Set(openIDs)] }]]);
      }
    }), { numRuns: 50 });
  });
  it('+messages-recall: --message-ids is uniqueShortcutStrings over rt.StrSlice (chat_message.go:204-213, :1207-1216@c7521c1c): a quoted "m1,m2" is one id', async () => {
    const element = fc.constantFrom('m1', ' m1 ', 'm1,m2', 'm2', '', ' ');
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 3 }), async (values) => {
      const typed = values.map(csvField).join(',');
      const run = await outputs.sent(['chat', '+messages-recall', '--conversation-id', 'cid1', '--message-ids', typed, '--yes']);
      const ids = [...new Set((typed === '' ? [] : values).map((v) => v.trim()).filter((v) => v !== ''))];
      if (ids.length !== 1) expect(run.calls).toEqual([]);
      else expect(run.calls).toEqual([['im/recall_message', { openConversationId: 'cid1', openMessageId: ids[0] }]]);
    }), { numRuns: 40 });
  });
});

describe('chat +messages-send reads its list flags as uniqueShortcutStrings over rt.StrSlice: trimmed, blanks skipped, repeats one, never split again (unified_send.go:140-144, :674@c7521c1c)', () => {
  const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
  const element = fc.constantFrom('u1', ' u2 ', 'u1,u2', 'u3', ' ');
  const typedList = fc.array(element, { minLength: 1, maxLength: 4 }).filter((vs) => unique(vs).length > 0);
  it('--as bot --group: atUserIds (unified_send.go:291-293)', async () => {
    await fc.assert(fc.asyncProperty(typedList, async (values) => {
      const run = await outputs.sent(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r1', '--group', 'cid1', '--text', 'hi', '--at-user-ids', values.map(csvField).join(','), '--yes']);
      expect(run.calls.map(([tool, a]) => [tool, (a as { atUserIds?: unknown }).atUserIds])).toEqual([['bot/send_robot_group_message', unique(values)]]);
    }), { numRuns: 30 });
  });
  it('--as bot --users: userIds (unified_send.go:327-329)', async () => {
    await fc.assert(fc.asyncProperty(typedList, async (values) => {
      const run = await outputs.sent(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r1', '--text', 'hi', '--users', values.map(csvField).join(','), '--yes']);
      expect(run.calls.map(([tool, a]) => [tool, (a as { userIds?: unknown }).userIds])).toEqual([['bot/batch_send_robot_msg_to_users', unique(values)]]);
    }), { numRuns: 30 });
  });
  it('--as bot --groups: one send per group, a quoted "c1,c2" one group (messagesSendBotGroups, unified_send.go:674)', async () => {
    const run = await outputs.sent(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r1', '--text', 'hi', '--groups', '"c1,c2", c3,c3', '--yes']);
    expect(run.calls.map(([tool, a]) => [tool, (a as { openConversationId?: unknown }).openConversationId])).toEqual([
      ['bot/send_robot_group_message', 'c1,c2'], ['bot/send_robot_group_message', 'c3']]);
  });
});

describe('chat +search-msg reads --chat-id, --groups, --senders, --sender and --at-ids as uniqueSearchStrings over rt.StrSlice, never split again (search_msg.go:468-473, :501-502, :518, :557-568, :599-611@c7521c1c)', () => {
  const unique = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))];
  it('a quoted "cid1,cid2" is one conversation and a quoted "u1,u2" one @ user', async () => {
    const element = fc.constantFrom('cid1', ' cid2 ', 'cid1,cid2', 'cid3');
    const at = fc.constantFrom('u1', ' u2', 'u1,u2');
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 3 }), fc.array(at, { minLength: 1, maxLength: 3 }), async (chats, ats) => {
      const run = await outputs.sent(['chat', '+search-msg', '--chat-id', chats.map(csvField).join(','), '--at-ids', ats.map(csvField).join(',')]);
      const scope = run.calls.filter(([tool]) => tool === 'chat/get_conversation_info').map(([, a]) => (a as { openConversationId: unknown }).openConversationId);
      expect(scope).toEqual(unique(chats));
      const search = run.calls.filter(([tool]) => tool === 'im/search_messages').map(([, a]) => (a as { atUserIds?: unknown }).atUserIds);
      expect(search).toEqual([unique(ats)]);
    }), { numRuns: 25 });
  });
});

describe('chat +search-msg --chat-query / --sender-query read each rt.StrSlice element whole (search_msg.go:488-497, :510-516; targetresolver ResolveChatTarget resolver.go:588-612, uniqueQueries :1098-1110@c7521c1c)', () => {
  it('a quoted group name holding a comma is one search_groups query', async () => {
    const run = await outputs.sent(['chat', '+search-msg', '--chat-query', '" 研发,测试群 ",产品']);
    expect(run.calls.filter(([tool]) => tool === 'im/search_groups').map(([, a]) => (a as { keyword: unknown }).keyword)[0]).toBe('研发,测试群');
  });
  it('a blank --chat-query element is refused (missing_target), as ResolveChatTarget refuses it, before any search', async () => {
    const run = await outputs.sent(['chat', '+search-msg', '--chat-query', ' ,产品']);
    expect([run.reason, run.calls.filter(([tool]) => tool === 'im/search_groups')]).toEqual(['invalid_parameter', []]);
  });
  it('--sender-query: uniqueQueries, a quoted "张,三" one person query', async () => {
    const element = fc.constantFrom('张,三', ' 李四 ', '王五', ' ');
    await fc.assert(fc.asyncProperty(fc.array(element, { minLength: 1, maxLength: 3 }).filter((vs) => vs.some((v) => v.trim() !== '')), async (values) => {
      const run = await outputs.sent(['chat', '+search-msg', '--sender-query', values.map(csvField).join(',')]);
      const first = values.map((v) => v.trim()).find((v) => v !== '');
      expect(run.calls.map(([, a]) => (a as { keyword?: unknown }).keyword)[0]).toBe(first);
    }), { numRuns: 20 });
  });
});
