// Flags and transforms that trim as Go's strings.TrimSpace (issue 32, p-gotrim, after p-blank4): upstream trims with
// unicode.IsSpace (U+0085 is space, U+FEFF is not); JavaScript's `\s`, `\S` and String.prototype.trim hold it the
// other way round. Each check below read a flag through `\S` or a transform through JS `trim` and now reads it
// through src/text/space.ts (the `trim` transform, `present` of a trimmed flag). Commands are typed as users type
// them against the fake backend, with values padded by U+0085 and U+FEFF.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES, NOT_GO_SPACES, goTrim } from '../go-spaces.js';

const runs = useOutputRuns('gotrim-');

/** A run's exit code, refusal reason and message, and the calls it sent as [`<server>/<tool>`, arguments]. */
const outcome = async (argv: string[], files?: Record<string, string>) => {
  runs.mcp.calls.length = 0;
  const r = await dispatchInProcess(argv, runs.env(files));
  return { exit: r.error?.exitCode ?? 0, reason: r.error?.reason, message: r.error?.message ?? '', calls: runs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as const) };
};

const NEL = '\u0085';
const BOM = '\ufeff';

/**
 * A U+FEFF that Go's TrimSpace keeps reaches the call as typed, and upstream's transport then refuses the call before
 * sending it (client.go:394-402, validateCallArguments :1093-1125, pkg/validate/input.go:31-81@c7521c1c): exit 3,
 * invalid_argument, nothing sent after the calls already made; the message names the argument holding it.
 */
const refusedAt = (key: string, calls: unknown[] = []) =>
  ({ exit: 3, reason: 'invalid_argument', calls, message: expect.stringMatching(new RegExp(`^${key} contains invisible`, 'u')) as unknown });

describe('flags blank-checked as strings.TrimSpace (typed as users type them)', () => {
  // resolveMessageForward (helpers/chat.go:104-131@c7521c1c): switch TrimSpace(ToLower(direction)); "" -> the default,
  // anything but newer/older refused. Before: `\S` let U+0085 through to the newer/older map, and skipped U+FEFF.
  const topic = ['chat', 'message', 'list-topic-replies', '--conversation-id', 'cid1', '--topic-id', 't1', '--direction'];
  it('chat message list-topic-replies --direction U+0085: blank, the default (older) sent', async () => {
    const got = await outcome([...topic, NEL]);
    expect(got.exit).toBe(0);
    expect(got.calls).toEqual([['chat/list_topic_replies', { openconversationId: 'cid1', topicId: 't1', pageSize: 50, forward: false }]]);
  });
  it('chat message list-topic-replies --direction U+FEFF: not newer or older, refused before any call', async () => {
    expect(await outcome([...topic, BOM])).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });
  it('chat message list-direct --direction U+FEFF / U+0085 newer U+0085', async () => {
    expect(await outcome(['chat', 'message', 'list-direct', '--user', 'u1', '--direction', BOM])).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
    const got = await outcome(['chat', 'message', 'list-direct', '--user', 'u1', '--direction', `${NEL}newer${NEL}`]);
    expect(got.exit).toBe(0);
    expect(got.calls).toMatchObject([['chat/list_individual_chat_message', { forward: true, userId: 'u1' }]]);
  });

  // list-direct (helpers/chat.go:3076-3087@c7521c1c): time sent as typed unless TrimSpace(time) == "", then now with
  // forward false by default.
  it('chat message list-direct --time U+0085: blank, now sent with forward false; U+FEFF: kept as the time, which the transport refuses', async () => {
    const blank = await outcome(['chat', 'message', 'list-direct', '--user', 'u1', '--time', NEL]);
    expect(blank.calls).toMatchObject([['chat/list_individual_chat_message', { time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/u), forward: false }]]);
    expect(await outcome(['chat', 'message', 'list-direct', '--user', 'u1', '--time', BOM])).toMatchObject(refusedAt('time'));
  });

  // drive comment list (helpers/file_comment.go:200-207@c7521c1c): a cursor not blank by TrimSpace must be digits;
  // a blank one is no cursor (the flag's Trim + OmitEmpty, :81).
  it('drive comment list --cursor U+0085: blank, no cursor sent; U+FEFF: refused', async () => {
    const blank = await outcome(['drive', 'comment', 'list', '--node', 'n1', '--cursor', NEL]);
    // (the echo answer holds no comments, so the run then fails reading it: the call is what is checked)
    expect(blank.calls).toEqual([['doc-comment/list_file_comments', { fileId: 'n1', maxResults: 200 }]]);
    expect(await outcome(['drive', 'comment', 'list', '--node', 'n1', '--cursor', BOM])).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });

  // minutes +export-pack (localio.ValidateOutput download.go:146-155@c7521c1c): the output TrimSpace'd, then refused
  // when "" or absolute; U+FEFF and U+FEFF/x are relative names.
  it('minutes +export-pack --output U+FEFF or U+FEFF/x: not refused as a blank or absolute output', async () => {
    for (const output of [BOM, `${BOM}/x`]) {
      const got = await outcome(['minutes', '+export-pack', '--id', 't1', '--output', output, '--artifacts', 'summary']);
      expect(got.message).not.toMatch(/--output must name/u);
      expect(got.calls.length).toBeGreaterThan(0);
    }
    expect(await outcome(['minutes', '+export-pack', '--id', 't1', '--output', `${NEL}/x`, '--artifacts', 'summary'])).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });

  // toolbar update-custom (chat/toolbar_update_custom.go:62-66, mustGetFlag chat/deps.go:90-96@c7521c1c): desc is the
  // trimmed --desc, the trimmed --title when that is "".
  const custom = ['chat', 'toolbar', 'update-custom', '--conversation-id', 'cid1', '--shortcut-id', '5', '--title', 'T', '--url', 'https://a', '--icon-url', 'https://i', '--pc-url', 'https://p', '--yes', '--desc'];
  it('chat toolbar update-custom --desc U+0085: blank, the title is the description', async () => {
    const got = await outcome([...custom, NEL]);
    expect(got.calls).toMatchObject([['im/update_custom_shortcut', { desc: '{"zh_CN":"T"}' }]]);
  });
  it('chat toolbar update-custom --desc U+FEFF: the description (not the title), which the transport refuses', async () => {
    expect(await outcome([...custom, BOM])).toMatchObject(refusedAt('desc'));
  });

  // workflow create (helpers/aitable.go:4977-4978@c7521c1c): locale sent as typed when TrimSpace(locale) != "".
  const workflow = ['aitable', 'workflow', 'create', '--base-id', 'b1', '--dsl', '@wf.json', '--yes', '--locale'];
  const wf = { 'wf.json': '{"version":"workflow-dsl/v1","nodes":[]}' };
  it('aitable workflow create --locale U+0085: blank, no locale sent', async () => {
    const got = await outcome([...workflow, NEL], wf);
    expect(got.calls).toEqual([['aitable/create_workflow', { baseId: 'b1', dsl: { version: 'workflow-dsl/v1', nodes: [] } }]]);
  });
  it('aitable workflow create --locale U+FEFF: kept as the locale, which the transport refuses', async () => {
    expect(await outcome([...workflow, BOM], wf)).toMatchObject(refusedAt('locale'));
  });

  // +find-record (smart/find_record.go:90@c7521c1c): keyword is TrimSpace(--query) when not "".
  it('aitable +find-record --query U+FEFF: kept as the keyword, which the transport refuses', async () => {
    expect(await outcome(['aitable', '+find-record', '--base', 'b1', '--table', 't1', '--query', BOM])).toMatchObject(refusedAt('keyword'));
  });

  // +upload (resolveDriveUploadInput drive/catalog_operations.go:510-524@c7521c1c): a path blank by TrimSpace is
  // refused as such; U+FEFF is a (missing) file name, refused when it cannot be read.
  it('drive +upload --file U+FEFF: not blank, refused as a file that cannot be read', async () => {
    const got = await outcome(['drive', '+upload', '--file', BOM, '--yes']);
    expect(got).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
    expect(got.message).toMatch(/cannot read --file/u);
  });

  // wiki +move (shortcut/wiki/nodes.go:159-160, :191@c7521c1c): with --folder given, the read-back's folderId must
  // equal rt.Str("folder") (TrimSpace'd); a U+FEFF folder is not blank, so it is the move's target folder, and the
  // transport refuses the move before sending it (after the first read-back, which does not carry it).
  it('wiki +move --folder U+FEFF: the target folder of the move, which the transport refuses', async () => {
    runs.mcp.answers = {
      'doc/get_document_info': () => ({ success: true, result: { nodeId: 'n1', workspaceId: 'w1', folderId: 'f9' } }),
      'doc/move_document': () => ({ success: true }),
    };
    const got = await outcome(['wiki', '+move', '--workspace', 'w1', '--node', 'n1', '--folder', BOM, '--yes']);
    expect(got).toMatchObject(refusedAt('targetFolderId', [['doc/get_document_info', expect.anything()]]));
  });
});

describe('transforms that trim as strings.TrimSpace', () => {
  // shortcutMessageTitle (chat/unified_send.go:716-717@c7521c1c): TrimSpace of the text before the first "\n".
  it('chat +messages-send --text: the title is the first line trimmed as Go trims it', async () => {
    const send = ['chat', '+messages-send', '--open-dingtalk-id', 'Db3BlbmlkMDEiE', '--yes', '--text'];
    const title = async (text: string) => {
      const got = await outcome([...send, text]);
      expect(got.calls).toHaveLength(1);
      return (JSON.parse((got.calls[0][1] as { content: string }).content) as { title: string }).title;
    };
    expect(await title(`hello${NEL}\nmore`)).toBe('hello');
    // a text holding U+FEFF (which Go would keep in the title) is never sent: the transport refuses the content
    expect(await outcome([...send, `hello${BOM}\nmore`])).toMatchObject(refusedAt('content'));
  });

  // parseDateToTimestamp (helpers/attendance.go:119-120@c7521c1c): the date TrimSpace'd, then parsed.
  it('attendance summary --date padded with U+0085 is read; padded with U+FEFF it is refused', async () => {
    const summary = (date: string) => outcome(['attendance', 'summary', '--user', 'u1', '--stats-type', 'month', '--date', date]);
    const plain = await summary('2026-01-02');
    const padded = await summary(`${NEL}2026-01-02${NEL}`);
    expect(padded.exit).toBe(0);
    expect(padded.calls).toEqual(plain.calls);
    expect(await summary(`${BOM}2026-01-02`)).toMatchObject({ exit: 3, reason: 'invalid_parameter', calls: [] });
  });

  const pad = fc.array(fc.constantFrom(...GO_SPACES.filter((c) => c !== '\n'), ...NOT_GO_SPACES), { maxLength: 3 }).map((cs) => cs.join(''));
  const ctx = { env: {} };
  const t = (ts: unknown[], v: unknown) => applyTransforms(ts as never, v, 'x', ctx);

  it('first_line, date_ms, only_starting, project_rows texts: trim: padded values read as Go reads them (property)', () => {
    fc.assert(fc.property(pad, pad, (a, b) => {
      expect(t(['first_line'], `${a}标题${b}\nrest`)).toBe(goTrim(`${a}标题${b}`));
      const date = `${a}2026-01-02${b}`;
      if (goTrim(date) === '2026-01-02') expect(t(['date_ms'], date)).toBe(t(['date_ms'], '2026-01-02'));
      else expect(() => t(['date_ms'], date)).toThrowError(expect.objectContaining({ reason: 'invalid_parameter' }));
      const kept = goTrim(`${a}#x`).startsWith('#');
      expect(t([{ only_starting: '#' }], [`${a}#x`])).toEqual(kept ? [`${a}#x`] : undefined);
      expect(t([{ except_starting: '#' }], [`${a}#x`])).toEqual(kept ? undefined : [`${a}#x`]);
      const rows = t([{ project_rows: { fields: { title: ['name', 'title'] }, texts: 'trim', fill: '' } }], [{ name: `${a}${b}`, title: `${a}T${b}` }]);
      expect(rows).toEqual([{ title: goTrim(`${a}${b}`) !== '' ? goTrim(`${a}${b}`) : goTrim(`${a}T${b}`) }]);
    }));
  });
});
