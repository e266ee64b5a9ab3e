// Plan checks written with Go's whitespace (issue 32, p-gore2): upstream's strings.TrimSpace / unicode.IsSpace treat
// U+0085 as space and U+FEFF as not; JavaScript's `\s`/`\S` the other way round. The plans of attendance, drive, chat,
// doc, calendar, wiki and fragments now read "blank" as `\p{White_Space}` (exactly Go's IsSpace set) where upstream
// trims. Commands are typed as users type them against the fake backend, with U+0085 / U+FEFF / U+00A0 in the values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('gore2-');

const NEL = '\u0085';
const BOM = '\ufeff';
const NBSP = '\u00a0';

/** A run's exit code, refusal reason, printed result and the calls it sent as [`<server>/<tool>`, arguments]. */
const outcome = async (argv: string[]) => {
  runs.mcp.calls.length = 0;
  const r = await dispatchInProcess(argv, runs.env());
  return {
    exit: r.error?.exitCode ?? 0,
    reason: r.error?.reason,
    printed: r.out ? (JSON.parse(r.out) as { result: unknown }).result : undefined,
    calls: runs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as const),
  };
};

const INT64_MAX = 9223372036854775807n;
const listComments = ['drive', 'comment', 'list', '--node', 'n1', '--cursor'];
const commentPage = (over: Record<string, unknown>) => ({ fileId: 'n1', total: 1, hasMore: false, nextToken: null, items: [{ commentId: 'c1', anchor: {} }], ...over });

describe('drive comment list --cursor: any digits strconv.ParseInt(…, 10, 64) takes (helpers/file_comment.go:200-208)', () => {
  it('a 19-digit cursor up to 9223372036854775807 is sent (trimmed); one above it is refused before any call', async () => {
    runs.answer('doc-comment/list_file_comments', commentPage({}));
    const max = await outcome([...listComments, `${NEL}9223372036854775807 `]);
    expect(max.exit).toBe(0);
    expect(max.calls).toEqual([['doc-comment/list_file_comments', { fileId: 'n1', maxResults: 200, nextToken: '9223372036854775807' }]]);
    expect(await outcome([...listComments, '9223372036854775808'])).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
    const zeros = await outcome([...listComments, '00000000000000000000042']);
    expect(zeros.calls).toEqual([['doc-comment/list_file_comments', { fileId: 'n1', maxResults: 200, nextToken: '00000000000000000000042' }]]);
  });
  it('property: a digit text is sent exactly when its value fits int64', async () => {
    runs.answer('doc-comment/list_file_comments', commentPage({}));
    const digits = fc.oneof(
      fc.bigInt({ min: 0n, max: INT64_MAX * 2n }).map(String),
      fc.bigInt({ min: INT64_MAX - 1000n, max: INT64_MAX + 1000n }).map(String),
      fc.tuple(fc.integer({ min: 0, max: 6 }), fc.bigInt({ min: 0n, max: INT64_MAX + 10n })).map(([z, n]) => '0'.repeat(z) + String(n)),
    );
    await fc.assert(fc.asyncProperty(digits, async (cursor) => {
      const got = await outcome([...listComments, cursor]);
      if (BigInt(cursor) <= INT64_MAX) expect(got.calls).toEqual([['doc-comment/list_file_comments', { fileId: 'n1', maxResults: 200, nextToken: cursor }]]);
      else expect(got).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
    }), { numRuns: 40 });
  });
  it('an answer with hasMore and a 19-digit nextToken padded by U+0085 is a good page: nextCursor is the trimmed token', async () => {
    runs.answer('doc-comment/list_file_comments', commentPage({ hasMore: true, nextToken: `${NEL}9223372036854775000${NEL}` }));
    const got = await outcome(['drive', 'comment', 'list', '--node', 'n1']);
    expect(got.exit).toBe(0);
    expect(got.printed).toMatchObject({ nodeId: 'n1', hasMore: true, nextCursor: '9223372036854775000' });
  });
  it('an answer nextToken padded by U+FEFF (not a Go space) is not a numeric cursor: refused as upstream', async () => {
    runs.answer('doc-comment/list_file_comments', commentPage({ hasMore: true, nextToken: `${BOM}10` }));
    expect((await outcome(['drive', 'comment', 'list', '--node', 'n1'])).exit).not.toBe(0);
  });
  it('--all: a page token padded by U+0085 is followed trimmed; one beyond int64 ends the run before another call (file_comment.go:295-325, :529-541)', async () => {
    const pages = [commentPage({ hasMore: true, nextToken: `${NEL}9223372036854775807${NEL}` }), commentPage({ hasMore: true, nextToken: '9223372036854775808' }), commentPage({})];
    const got = await runs.paged(['drive', 'comment', 'list', '--node', 'n1', '--all'], 'doc-comment/list_file_comments', pages);
    expect(got.sent).toEqual([{ fileId: 'n1', maxResults: 200 }, { fileId: 'n1', maxResults: 200, nextToken: '9223372036854775807' }]);
    expect(got.envelope?.error.reason).toBe('backend_error');
  });
  it('an answer fileId of U+0085 is blank (refused, nonEmptyStringField :567-571); U+FEFF is an id', async () => {
    runs.answer('doc-comment/list_file_comments', commentPage({ fileId: NEL }));
    expect(await outcome(['drive', 'comment', 'list', '--node', 'n1'])).toMatchObject({ reason: 'backend_error' });
    runs.answer('doc-comment/list_file_comments', commentPage({ fileId: BOM, items: [{ commentId: BOM, anchor: {} }] }));
    const bom = await outcome(['drive', 'comment', 'list', '--node', 'n1']);
    expect(bom.exit).toBe(0);
    expect(bom.printed).toMatchObject({ nodeId: BOM, count: 1 });
  });
});

describe('answer fields read by TrimSpace: U+0085 is blank, U+FEFF is text', () => {
  it('drive +find-file: a name of U+0085 falls through to fileName; a name of U+FEFF is kept (smart/find_file.go:150-159)', async () => {
    runs.answer('drive/search_files', { items: [{ name: NEL, fileName: 'a.pdf', dentryId: BOM, type: `${NBSP}pdf` }] });
    expect(await runs.run(['drive', '+find-file', '--query', 'a'])).toEqual({ files: [{ dentryId: BOM, fileSize: null, name: 'a.pdf', type: 'pdf' }] });
  });
  it('wiki +node-get: a nodeId of U+FEFF is an id (printed); of U+0085 alone is none (refused) (wiki/nodes.go:49, common.go:165-172)', async () => {
    runs.answer('doc/get_document_info', { result: { nodeId: BOM } });
    expect(await runs.run(['wiki', '+node-get', '--node', 'n1'])).toEqual({ nodeId: BOM });
    runs.answer('doc/get_document_info', { result: { nodeId: NEL } });
    expect((await outcome(['wiki', '+node-get', '--node', 'n1'])).reason).toBe('backend_error');
  });
  it('chat +unread-chats: a title of U+0085 falls through to the next spelling (smart/unread_chats.go:232-233)', async () => {
    runs.answer('chat/unread_message_conversation_list', { result: { conversations: [{ conversationTitle: NEL, title: 'T', openConversationId: `${BOM}c` }] } });
    expect(await runs.run(['chat', '+unread-chats'])).toEqual({ conversations: [{ conversationId: `${BOM}c`, name: 'T' }] });
  });
});

describe('flags and JSON values read by TrimSpace', () => {
  it('doc +create jsonml: a tag of U+0085 is blank (refused); a tag of U+FEFF is a tag (validateJSONML doc/common.go:138)', async () => {
    expect(await runs.refusal(['doc', '+create', '--name', 'n', '--doc-format', 'jsonml', '--content', `["${NEL}"]`])).toEqual({ reason: 'invalid_parameter', out: '' });
    const bom = await outcome(['doc', '+create', '--name', 'n', '--doc-format', 'jsonml', '--content', `["${BOM}"]`]);
    expect(bom.calls.map(([rpc]) => rpc)).toContain('doc/create_document');
  });
  // A checkTime left as text stays in the decoded class (sections and times are []any, attendance.go:251), whose texts
  // upstream's transport reads (client.go:394-402, :1093-1125@c7521c1c): one holding U+FEFF is refused before sending.
  it('attendance class create: a checkTime padded by U+0085 is converted, one padded by U+FEFF is left, and the transport refuses it (helpers/attendance.go:237-241)', async () => {
    const classVo = (second: string) => JSON.stringify({ sections: [{ times: [{ checkTime: `${NEL}9:00${NEL}` }, { checkTime: second }] }] });
    const got = await outcome(['attendance', 'class', 'create', '--name', '早班', '--class-vo', classVo(`${NEL}10:30`), '--yes']);
    expect(got.calls).toEqual([['attendance-wukong/create_class_setting', { TopAtClassVO: { name: '早班', sections: [{ times: [{ checkTime: 3600000 }, { checkTime: 9000000 }] }] } }]]);
    const left = await outcome(['attendance', 'class', 'create', '--name', '早班', '--class-vo', classVo(`\u180e9:00`), '--yes']);
    expect(left.calls).toEqual([['attendance-wukong/create_class_setting', { TopAtClassVO: { name: '早班', sections: [{ times: [{ checkTime: 3600000 }, { checkTime: '\u180e9:00' }] }] } }]]);
    expect(await outcome(['attendance', 'class', 'create', '--name', '早班', '--class-vo', classVo(`${BOM}9:00`), '--yes'])).toMatchObject({ exit: 3, reason: 'invalid_argument', calls: [] });
  });
  it('property: attendance class create converts a checkTime exactly when its padding is Go space; one left holding unsafe text is refused', async () => {
    const goSpace = fc.constantFrom(' ', '\t', '\n', '\v', '\f', '\r', NEL, NBSP, '\u1680', '\u2000', '\u2028', '\u3000');
    const other = fc.constantFrom(BOM, '\u200b', '\u180e');
    const pad = fc.array(fc.oneof(goSpace, other), { maxLength: 3 }).map((cs) => cs.join(''));
    await fc.assert(fc.asyncProperty(pad, pad, async (l, r) => {
      const got = await outcome(['attendance', 'class', 'create', '--name', 'x', '--class-vo', JSON.stringify({ sections: [{ times: [{ checkTime: `${l}10:30${r}` }] }] }), '--yes']);
      const allGo = [...l + r].every((c) => [' ', '\t', '\n', '\v', '\f', '\r', NEL, NBSP, '\u1680', '\u2000', '\u2028', '\u3000'].includes(c));
      // a text left unconverted is refused by the transport when it holds a character pkg/validate/input.go:31-81
      // rejects (of this alphabet: the controls \v \f \r, U+2028, U+FEFF, U+200B)
      const unsafe = [...l + r].some((c) => ['\v', '\f', '\r', '\u2028', BOM, '\u200b'].includes(c));
      if (!allGo && unsafe) expect(got).toMatchObject({ exit: 3, reason: 'invalid_argument', calls: [] });
      else expect(got.calls).toEqual([['attendance-wukong/create_class_setting', { TopAtClassVO: { name: 'x', sections: [{ times: [{ checkTime: allGo ? 9000000 : `${l}10:30${r}` }] }] } }]]);
    }), { numRuns: 30 });
  });
});

describe('more sites typed as users type them', () => {
  it('drive +move: a read-back folderId of U+0085 is blank, targetFolderId proves the move; one of U+FEFF is another folder (shortcut/drive/drive.go:557-563)', async () => {
    runs.answer('doc/move_document', { success: true });
    runs.answer('doc/get_document_info', { result: { nodeId: 'n1', folderId: NEL, targetFolderId: 'f1' } });
    expect(await outcome(['drive', '+move', '--node', 'n1', '--folder', 'f1', '--yes'])).toMatchObject({ exit: 0, printed: { success: true, nodeId: 'n1' } });
    runs.answer('doc/get_document_info', { result: { nodeId: 'n1', folderId: BOM, targetFolderId: 'f1' } });
    expect(await outcome(['drive', '+move', '--node', 'n1', '--folder', 'f1', '--yes'])).toMatchObject({ exit: 7, reason: 'partial_outcome' });
  });
  it('chat +flag-list: an id of U+0085 alone is passed over for the next spelling; one of U+FEFF is an id (firstNonEmptyMapString lark_alignment.go:637-643, :829-837)', async () => {
    runs.answer('im/list_message_favorites', { items: [
      { openMessageId: NEL, messageId: 'm2' }, { messageId: 'm2' },
      { openMessageId: BOM, messageId: 'm3' }, { openMessageId: BOM, messageId: 'm4' },
    ], hasMore: false });
    const got = await outcome(['chat', '+flag-list']);
    expect(got.exit).toBe(0);
    expect(got.printed).toMatchObject({ count: 2, items: [{ openMessageId: NEL, messageId: 'm2' }, { openMessageId: BOM, messageId: 'm3' }] });
  });
  it('doc +comment-reply --mention U+FEFF[123]: not a JSON list (TrimSpace keeps U+FEFF), sent as one uid (review_shortcuts.go:164-165)', async () => {
    const got = await outcome(['doc', '+comment-reply', '--node', 'n1', '--comment-key', 'k1', '--content', 'hi', '--mention', `${BOM}[123]`, '--yes']);
    expect(got.calls).toEqual([['doc-comment/reply_comment', expect.objectContaining({ mentionedUserIds: [`${BOM}[123]`] })]]);
  });
  it('calendar +agenda --start U+FEFF: not blank, refused as a time that does not parse (shortcut/calendar/calendar.go:94-99)', async () => {
    const r = await dispatchInProcess(['calendar', '+agenda', '--start', BOM], runs.env());
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(r.error?.message).not.toMatch(/blank/u);
  });
  it('doc +export-submit: an answer text of U+FEFF is not blank, so not a JSON object: refused (runner.go:262-268)', async () => {
    runs.answer('doc/submit_export_job', BOM);
    expect(await outcome(['doc', '+export-submit', '--node', 'n1'])).toMatchObject({ reason: 'backend_error' });
  });
  it('attendance schedule import: a workDate padded by U+0085 is trimmed and kept as written (normalizeWorkDate attendance.go:201-205)', async () => {
    const got = await outcome(['attendance', 'schedule', 'import', '--groupId', '5', '--scheduleVOS',
      JSON.stringify([{ userId: 'u', workDate: `${NEL}2026-12-07 9:00:00${NEL}`, classId: 1, isRest: 'N' }]), '--yes']);
    expect(got.calls).toEqual([['attendance-wukong/generateTurnSchedule', { GenerateTurnScheduleRequest: { groupId: 5,
      scheduleVOS: [{ userId: 'u', workDate: '2026-12-07 9:00:00', classId: 1, isRest: 'N' }], param: { useHistoryGroupAndShift: false } } }]]);
  });
});
