// The order of checks and confirmation for the chat and minutes shortcuts (issue 32, p-yes2b). Upstream runs a Shortcut
// through corecmd's Orchestrate path: the flags (required, enums, constraints) and the Shortcut's Validate hook, then
// ConfirmSafety, then Execute (corecmd.go:426-436, :483-506, shortcut/adapter.go:49-77@c7521c1c). So a refusal of the
// Validate hook comes before confirmation_required and is the same with --yes; a refusal Execute makes (reading a local
// file or the standard input, the rules of --json) comes only once the user confirmed; nothing is sent before the gate.
// A read-only shortcut (Risk read: confirmation not_required) never asks. Commands run as a user types them against
// the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dispatchInProcess, realCatalog } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';
import type { ToolSpec } from '../../src/catalog/types.js';

const { mcp, env } = useOutputRuns('dws-yes2b-');

/** A run as the CLI makes it (waits recorded, not slept): exit code, reason, message and the calls sent. */
async function typed(argv: string[], stdin = '', files?: Record<string, string>) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, env(files), undefined, { stdin, sleep: async () => {} });
  return {
    exit: outcome.error?.exitCode ?? 0,
    reason: outcome.error?.reason,
    message: outcome.error?.message ?? '',
    calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as [string, Record<string, unknown>]),
  };
}

/** A refusal of the flags or the Validate hook: before the gate without --yes, the same with it, nothing sent either time. */
async function refusedBeforeGate(argv: string[], reason: string, message: string, stdin = '') {
  for (const line of [argv, [...argv, '--yes']]) {
    const run = await typed(line, stdin);
    expect({ line, exit: run.exit, reason: run.reason, calls: run.calls }).toEqual({ line, exit: 3, reason, calls: [] });
    expect(run.message).toContain(message);
  }
}

/** Input Execute refuses: confirmation_required first (nothing sent), the refusal only with --yes (nothing sent). */
async function refusedAfterGate(argv: string[], reason: string, message: string, stdin = '', files?: Record<string, string>) {
  const no = await typed(argv, stdin, files);
  expect({ exit: no.exit, reason: no.reason, calls: no.calls }).toEqual({ exit: 3, reason: 'confirmation_required', calls: [] });
  const yes = await typed([...argv, '--yes'], stdin, files);
  expect({ exit: yes.exit, reason: yes.reason, calls: yes.calls }).toEqual({ exit: 3, reason, calls: [] });
  expect(yes.message).toContain(message);
}

/** Good input: confirmation_required without --yes and nothing sent; with --yes the calls (their tools) it sends. */
async function asksThenSends(argv: string[]) {
  const no = await typed(argv);
  expect({ exit: no.exit, reason: no.reason, calls: no.calls }).toEqual({ exit: 3, reason: 'confirmation_required', calls: [] });
  return (await typed([...argv, '--yes'])).calls;
}

const ELEVEN = 'a,b,c,d,e,f,g,h,i,j,k';
const FIFTY_ONE = Array.from({ length: 51 }, (_, i) => `u${i}`).join(',');
const OPEN_ID = 'Db3BlbmlkMDEiE';

describe('chat shortcuts: the Validate hook refuses before the gate, Execute after it', () => {
  it('+category-create / +category-rename: a title over 15 characters is Validate\'s (chat_conversation.go:1033-1043); a good one is sent trimmed after --yes', async () => {
    await refusedBeforeGate(['chat', '+category-create', '--title', '一二三四五六七八九十一二三四五六'], 'invalid_parameter', 'at most 15 characters');
    await refusedBeforeGate(['chat', '+category-rename', '--category-id', '7', '--title', '一二三四五六七八九十一二三四五六'], 'invalid_parameter', 'at most 15 characters');
    expect(await asksThenSends(['chat', '+category-create', '--title', ' 工作群 '])).toEqual([['im/create_conv_category', { title: '工作群' }]]);
    expect(await asksThenSends(['chat', '+category-rename', '--category-id', '7', '--title', '周报'])).toEqual([['im/rename_conv_category', { categoryId: 7, title: '周报' }]]);
  });

  it('+conversation-set-top: 0 or more than 10 ids is Validate\'s (chat_conversation.go:112-118), before the gate; before this branch it asked first', async () => {
    await refusedBeforeGate(['chat', '+conversation-set-top', '--conversation-ids', ELEVEN], 'invalid_parameter', 'must name 1 to 10 conversations');
    // a list of Go spaces is not given for the at-least-one constraint, which corecmd checks before Validate
    // (constraintProvided/sliceHasValue corecmd.go:1105-1112, ValidateConstraints before spec.Validate :500-504@c7521c1c; h33-flags)
    await refusedBeforeGate(['chat', '+conversation-set-top', '--conversation-ids', ' , '], 'constraint_violation', 'one of --conversation-id, --conversation-ids is required');
    // ten distinct ids after trimming and dropping a repeat pass
    const calls = await asksThenSends(['chat', '+conversation-set-top', '--conversation-ids', 'a,b,c,d,e,f,g,h,i,j', '--conversation-id', ' j ']);
    expect(calls.map(([, a]) => a.openConversationId)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
  });

  it('+flag-create / +flag-cancel: the 1-10 message ids are Validate\'s (validateFlagMessageIDs lark_alignment.go:487-493)', async () => {
    await refusedBeforeGate(['chat', '+flag-create', '--conversation-id', 'c1', '--message-ids', ELEVEN], 'invalid_parameter', 'must name 1 to 10 messages');
    // blanks only: the at-least-one constraint refuses first (lark_alignment.go:464-465, corecmd.go:500-504, :1105-1112@c7521c1c; h33-flags)
    await refusedBeforeGate(['chat', '+flag-cancel', '--conversation-id', 'c1', '--message-ids', ' , ', '--message-id', ' '], 'constraint_violation', 'one of --message-id, --message-ids is required');
    expect(await asksThenSends(['chat', '+flag-cancel', '--conversation-id', 'c1', '--message-id', 'm1']))
      .toEqual([['im/remove_message_favorite', { openMessageId: 'm1', openConversationId: 'c1' }]]);
  });

  it('+messages-update-card: a placeholder --biz-id and a --flow-status outside 1-5 are Validate\'s (chat_message.go:1769-1777)', async () => {
    await refusedBeforeGate(['chat', '+messages-update-card', '--biz-id', '<bizId>', '--content', 'x', '--flow-status', '3'], 'invalid_parameter', 'placeholder');
    await refusedBeforeGate(['chat', '+messages-update-card', '--biz-id', 'b1', '--content', 'x', '--flow-status', '6'], 'invalid_parameter', '--flow-status must be between 1 and 5');
    expect(await asksThenSends(['chat', '+messages-update-card', '--biz-id', 'b1', '--content', 'x', '--flow-status', '3']))
      .toEqual([['im/update_streaming_card', { bizId: 'b1', msgContent: 'x', flowStatus: 3 }]]);
  });

  it('+messages-recall: more than one id is Validate\'s (chat_message.go:204-213); the message lookup is Execute\'s, so it waits for --yes', async () => {
    await refusedBeforeGate(['chat', '+messages-recall', '--message-ids', 'm1,m2'], 'invalid_parameter', 'exactly one message id');
    const calls = await asksThenSends(['chat', '+messages-recall', '--msg-id', 'm1']);
    expect(calls[0]).toEqual(['im/list_messages_by_ids', { openMsgIds: ['m1'] }]);
    expect(await asksThenSends(['chat', '+messages-recall', '--msg-id', 'm1', '--conversation-id', 'c1']))
      .toEqual([['im/recall_message', { openConversationId: 'c1', openMessageId: 'm1' }]]);
  });

  it('+messages-send-card: the --flow-status and @ checks are Validate\'s (chat_message.go:1536-1545), refused before the gate; the --receiver lookup waits for --yes', async () => {
    await refusedBeforeGate(['chat', '+messages-send-card', '--group', 'g1', '--content', 'x', '--flow-status', '9'], 'invalid_parameter', '--flow-status must be between 1 and 5');
    await refusedBeforeGate(['chat', '+messages-send-card', '--group', 'g1', '--flow-status', '2'], 'invalid_parameter', '--flow-status is used only with --content');
    await refusedBeforeGate(['chat', '+messages-send-card', '--receiver-open-dingtalk-id', OPEN_ID, '--at-all'], 'invalid_parameter', 'for a group card only');
    await refusedBeforeGate(['chat', '+messages-send-card', '--receiver-open-dingtalk-id', OPEN_ID, '--at-open-dingtalk-ids', OPEN_ID], 'invalid_parameter', 'for a group card only');
    await refusedBeforeGate(['chat', '+messages-send-card', '--receiver-open-dingtalk-id', 'u1'], 'invalid_parameter', 'not an openDingTalkId');
    // a blank --at-open-dingtalk-ids names no one (uniqueShortcutStrings drops it): no @ to refuse
    expect(await asksThenSends(['chat', '+messages-send-card', '--receiver-open-dingtalk-id', OPEN_ID, '--at-open-dingtalk-ids', ' ']))
      .toEqual([['im/create_and_send_card', { receiverOpenDingTalkId: OPEN_ID }]]);
    const calls = await asksThenSends(['chat', '+messages-send-card', '--receiver', 'u1']);
    expect(calls[0]).toEqual(['contact/search_contact_by_key_word', { keyword: 'u1' }]);
  });

  it('+messages-send: validateMessagesSend\'s checks come first (unified_send.go:129-235); an unreadable --file is Execute\'s, refused only after --yes (:563-576)', async () => {
    await refusedBeforeGate(['chat', '+messages-send', '--as', 'bot', '--chat-id', 'c1', '--text', 'hi'], 'invalid_parameter', '--robot-code');
    await refusedBeforeGate(['chat', '+messages-send', '--chat-id', 'c1', '--user', 'u1', '--text', 'hi'], 'invalid_parameter', 'exactly one target');
    await refusedAfterGate(['chat', '+messages-send', '--chat-id', 'c1', '--file', 'missing.pdf'], 'invalid_parameter', 'missing.pdf');
    const calls = await asksThenSends(['chat', '+messages-send', '--chat-id', 'c1', '--text', 'hi']);
    expect(calls.map(([tool]) => tool)).toEqual(['chat/send_personal_message']);
  });
});

describe('minutes shortcuts: the Validate hook refuses before the gate, Execute after it', () => {
  it('+apply-permission and +update have no Validate hook (alignment.go:134-168): they ask, then send', async () => {
    expect(await asksThenSends(['minutes', '+apply-permission', '--id', 'T1', '--permission', 'view']))
      .toEqual([['minutes/apply_minutes_permission', { taskUuid: 'T1', policyId: 4 }]]);
    expect((await asksThenSends(['minutes', '+update', '--id', 'T1', '--title', 'Q3']))[0]).toEqual(['minutes/get_minutes_basic_info', { taskUuid: 'T1' }]);
  });

  it('+share / +unshare: the 1-50 counts are Validate\'s (validateMinutesShare workflows.go:595-601); +unshare\'s preflight reads wait for --yes (:617-632)', async () => {
    await refusedBeforeGate(['minutes', '+share', '--id', 'T1', '--member-uids', FIFTY_ONE, '--permission', 'view'], 'invalid_parameter', '1 to 50');
    await refusedBeforeGate(['minutes', '+unshare', '--id', 'T1', '--member-uids', FIFTY_ONE], 'invalid_parameter', '1 to 50');
    expect((await asksThenSends(['minutes', '+unshare', '--id', 'T1', '--member-uids', 'u1']))[0]).toEqual(['minutes/get_minutes_basic_info', { taskUuid: 'T1' }]);
  });

  it('+summary has no Validate hook: an empty --content - or an unreadable @file is Execute\'s (executeMinutesSummary alignment.go:466-474), after --yes', async () => {
    await refusedAfterGate(['minutes', '+summary', '--id', 'T1', '--content', '-'], 'invalid_parameter', 'the summary text is empty', ' \n');
    await refusedAfterGate(['minutes', '+summary', '--id', 'T1', '--content', '@missing.md'], 'invalid_parameter', 'missing.md');
    await refusedAfterGate(['minutes', '+summary', '--id', 'T1', '--content', '@blank.md'], 'invalid_parameter', 'the summary text is empty', '', { 'blank.md': '  \n' });
  });

  it('+speaker-replace: --from equal to --to, then --page-limit, in Validate\'s order (alignment.go:210-218); the transcript read waits for --yes', async () => {
    await refusedBeforeGate(['minutes', '+speaker-replace', '--id', 'T1', '--from', 'a', '--to', 'a', '--page-limit', '0'], 'invalid_parameter', '--from and --to name the same speaker');
    await refusedBeforeGate(['minutes', '+speaker-replace', '--id', 'T1', '--from', 'a', '--to', 'b', '--page-limit', '0'], 'invalid_parameter', '--page-limit must be greater than 0');
    expect((await asksThenSends(['minutes', '+speaker-replace', '--id', 'T1', '--from', 'a', '--to', 'b']))[0]?.[0]).toBe('minutes/get_minutes_transcription');
  });

  it('+replace-batch: --page-limit and the --pair rules are Validate\'s (replace_batch.go:109-118); --json and the rule count are Execute\'s loadReplacePairs (:275-292)', async () => {
    await refusedBeforeGate(['minutes', '+replace-batch', '--id', 'T1', '--pair', 'a'], 'invalid_parameter', 'a pair written');
    await refusedBeforeGate(['minutes', '+replace-batch', '--id', 'T1', '--pair', 'a=>b', '--pair', ' a =>c'], 'invalid_parameter', 'same original text');
    await refusedBeforeGate(['minutes', '+replace-batch', '--id', 'T1', '--pair', 'a=>b', '--page-limit', '0'], 'invalid_parameter', '--page-limit must be greater than 0');
    await refusedAfterGate(['minutes', '+replace-batch', '--id', 'T1', '--json', '[]'], 'invalid_parameter', '--json holds no rule');
    await refusedAfterGate(['minutes', '+replace-batch', '--id', 'T1', '--json', 'not json'], 'invalid_parameter', '--json must be a JSON list of rules'); // h39-a2: upstream's one message for both (replace_batch.go:305-308)
    await refusedAfterGate(['minutes', '+replace-batch', '--id', 'T1', '--json', '{"rules": 1}'], 'invalid_parameter', '--json must be a JSON list of rules');
    await refusedAfterGate(['minutes', '+replace-batch', '--id', 'T1', '--json', '-'], 'invalid_parameter', '--json holds no rule', '{"replacements": []}');
    await refusedAfterGate(['minutes', '+replace-batch', '--id', 'T1', '--pair', 'a=>b', '--json', '[{"source": "a", "replacement": "c"}]'], 'invalid_parameter', 'same original text');
    await refusedAfterGate(['minutes', '+replace-batch', '--id', 'T1'], 'invalid_parameter', 'give at least one rule');
  });

  it('+prepare-asr has no Validate hook (workflows.go:146-162): it asks before reading the hot words', async () => {
    expect((await asksThenSends(['minutes', '+prepare-asr', '--words', 'DWS']))[0]).toEqual(['minutes/list_my_hotwords', {}]);
  });

  it('+mindmap, +speaker-insights, +record-wrap-up: the positive waits are Validate\'s (workflows.go:237-249); create, stop and polls wait for --yes', async () => {
    await refusedBeforeGate(['minutes', '+mindmap', '--id', 'T1', '--timeout', '0'], 'invalid_parameter', '--timeout and --interval must be greater than 0');
    await refusedBeforeGate(['minutes', '+speaker-insights', '--id', 'T1', '--interval', '0'], 'invalid_parameter', '--timeout and --interval must be greater than 0');
    await refusedBeforeGate(['minutes', '+record-wrap-up', '--id', 'T1', '--wait-timeout', '0'], 'invalid_parameter', 'must be greater than 0');
    expect((await asksThenSends(['minutes', '+mindmap', '--id', 'T1', '--timeout', '1']))[0]).toEqual(['minutes/create_mind_graph', { taskUuid: 'T1' }]);
    expect((await asksThenSends(['minutes', '+speaker-insights', '--id', 'T1', '--timeout', '1']))[0]).toEqual(['minutes/create_speaker_summary', { uuids: ['T1'] }]);
    const stop = await typed(['minutes', '+record-wrap-up', '--id', 'T1']);
    expect({ reason: stop.reason, calls: stop.calls }).toEqual({ reason: 'confirmation_required', calls: [] });
  });

  it('+upload / +upload-and-analyze: the timing flags are Validate\'s (alignment.go:125-130, workflows.go:92-97); a missing or empty --file is Execute\'s performMinutesUpload (alignment.go:359-363)', async () => {
    await refusedBeforeGate(['minutes', '+upload', '--file', 'missing.mp3', '--poll-interval', '0'], 'invalid_parameter', '--complete-timeout/--poll-interval do not apply');
    await refusedBeforeGate(['minutes', '+upload-and-analyze', '--file', 'missing.mp3', '--page-limit', '0'], 'invalid_parameter', 'must be greater than 0');
    await refusedAfterGate(['minutes', '+upload', '--file', 'missing.mp3'], 'invalid_parameter', 'missing.mp3');
    await refusedAfterGate(['minutes', '+upload-and-analyze', '--file', 'missing.mp3'], 'invalid_parameter', 'missing.mp3');
    await refusedAfterGate(['minutes', '+upload', '--file', 'empty.mp3'], 'invalid_parameter', '--file must be a non-empty regular file', '', { 'empty.mp3': '' });
    const resume = await typed(['minutes', '+upload-and-analyze', '--resume-id', 'T1']);
    expect({ reason: resume.reason, calls: resume.calls }).toEqual({ reason: 'confirmation_required', calls: [] });
  });
});

describe('a read-only shortcut never asks for confirmation (ConfirmSafety passes what is not user_required, corecmd.go:1193-1197)', () => {
  it('minutes +search and chat +category-list run without --yes and reach the backend', async () => {
    const search = await typed(['minutes', '+search', '--query', '周会']);
    expect(search.reason === 'confirmation_required' || search.calls.length === 0).toBe(false);
    expect(search.calls[0]?.[0]).toBe('minutes/list_by_keyword_and_time_range');
    const list = await typed(['chat', '+category-list']);
    expect(list.reason === 'confirmation_required' || list.calls.length === 0).toBe(false);
  });
});

describe('the gate of the chat and minutes shortcuts, on any flags', () => {
  const NAMES = new Set(['chat +category-create', 'chat +category-rename', 'chat +conversation-set-top', 'chat +flag-cancel', 'chat +flag-create',
    'chat +messages-update-card', 'chat +messages-recall', 'chat +messages-send-card', 'chat +messages-send', 'minutes +apply-permission',
    'minutes +share', 'minutes +unshare', 'minutes +update', 'minutes +summary', 'minutes +speaker-replace', 'minutes +replace-batch',
    'minutes +prepare-asr', 'minutes +mindmap', 'minutes +speaker-insights', 'minutes +record-wrap-up', 'minutes +upload', 'minutes +upload-and-analyze']);
  const tools = realCatalog().tools.filter((t) => NAMES.has(t.cli_path));
  const VALUES = ['', ' ', 'x', '0', '1', '3', '6', '-1', '[]', '{}', 'a=>b', 'a', 'a,a', ' , ', ELEVEN, OPEN_ID, 'view', 'user', 'bot', '-', '@missing.md'];
  const flagsOf = (t: ToolSpec) => Object.entries(t.parameters).filter(([, p]) => p.alias_of === undefined);
  const argvFor = (t: ToolSpec) => fc.subarray(flagsOf(t)).chain((picked) => fc.tuple(...picked.map(([name, p]) =>
    p.type === 'bool' || p.type === 'boolean' ? fc.constantFrom([`--${name}`], [`--${name}=false`]) : fc.constantFrom(...VALUES).map((v) => [`--${name}`, v])))
    .map((parts) => [...t.cli_path.split(' '), ...parts.flat()]));

  it('without --yes nothing is sent; a refusal before the gate is the same refusal with --yes, and still nothing is sent', async () => {
    expect(tools.map((t) => t.cli_path).sort()).toEqual([...NAMES].sort());
    await fc.assert(fc.asyncProperty(fc.constantFrom(...tools).chain(argvFor), async (argv) => {
      const no = await typed(argv);
      expect({ argv, calls: no.calls, refused: no.exit === 2 || no.exit === 3 }).toEqual({ argv, calls: [], refused: true });
      if (no.reason === 'confirmation_required') return;
      const yes = await typed([...argv, '--yes']);
      expect({ argv, exit: yes.exit, reason: yes.reason, message: yes.message, calls: yes.calls }).toEqual({ argv, exit: no.exit, reason: no.reason, message: no.message, calls: [] });
    }), { numRuns: 300 });
  });
});
