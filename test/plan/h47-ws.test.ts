// Session 47, helper ws (issue 32, notes/h47-ws.md): the plans' blank tests read a text as Go's strings.TrimSpace does
// (U+0085 is space, U+FEFF is not: JavaScript's \s says the reverse), one case per upstream reader, each run as a user
// types it against the fake MCP server on 127.0.0.1; chat +thread-replies --order/--sort asc prints the complete result
// reversed (applyThreadRepliesResultContract, smart/thread_replies.go:271-298@c7521c1c); and the build refuses a plan
// regex using JavaScript's \s or \S.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { GO_SPACES, NOT_GO_SPACES, goTrim } from '../go-spaces.js';
import { validatePlans } from '../../src/plan/validate.js';
import { JS_SPACE_CLASS_KEPT, usesJsSpaceClass } from '../../src/plan/validate-values.js';
import { realCatalog } from '../helpers.js';

const runs = useOutputRuns('dws-h47ws-');

/** Texts of Go's spaces, the characters only JavaScript (or the eye) counts as blank, and a little ASCII. */
const spaced = fc.array(fc.constantFrom(...GO_SPACES, ...NOT_GO_SPACES, 'a', '-'), { minLength: 1, maxLength: 5 }).map((cs) => cs.join(''));
/** The texts the old \S test read otherwise than Go: only U+0085, only U+FEFF, and both around Go spaces. */
const TURNING = ['\u0085', '\ufeff', ' \u0085\u3000', '\u00a0\ufeff\u2028', '\t\n\v\f\r\u0085'];
const OPTS = { numRuns: 25 };

const reply = (extra: string[] = []) => ['chat', '+messages-reply', '--conversation-id', 'cidZ5Ef9tWg6YaSdJj==', '--message-id', 'msg1', '--text', 'ok', ...extra, '--yes'];
const sentReplies = (calls: [string, unknown][]) => calls.filter(([tool]) => tool === 'chat/send_personal_message')
  .map(([, args]) => JSON.parse((args as { content: string }).content) as { srcMsgSendOpenDingTalkId: string });

// resolveReplySender (lark_alignment.go:328-337@c7521c1c): a message is passed over when TrimSpace(fmt.Sprint(
// chatmsg.MessageID(m))) is neither "", "<nil>" nor the id replied to; MessageID is firstMessageValue (chatmsg.go:430-442),
// the first spelling not nil and, for a text, not blank after TrimSpace
describe('chat +messages-reply: the original message id is the first spelling Go does not read as blank (firstMessageValue)', () => {
  const answer = (openMessageId: string) => ({
    result: [
      { openMessageId, messageId: 'msg1', senderOpenDingTalkId: 'Done' },
      { openMessageId: 'msg1', senderOpenDingTalkId: 'Dtwo' },
    ],
  });
  const expected = (t: string) => (goTrim(t) === '' || goTrim(t) === '<nil>' || goTrim(t) === 'msg1' ? 'Done' : 'Dtwo');
  it('a blank openMessageId yields to messageId (the message replied to), any other passes the message over', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(spaced, fc.constantFrom(...TURNING)), async (t) => {
      runs.answer('im/list_messages_by_ids', answer(t));
      const run = await runs.sent(reply());
      expect(run.reason).toBeUndefined();
      expect(sentReplies(run.calls as [string, unknown][]).map((c) => c.srcMsgSendOpenDingTalkId)).toEqual([expected(t)]);
    }), OPTS);
  });
  it('U+0085 alone is blank (the message is the one replied to), U+FEFF alone is an id (passed over), " <nil> " is no id', async () => {
    for (const [t, sender] of [['\u0085', 'Done'], ['\ufeff', 'Dtwo'], [' <nil> ', 'Done']]) {
      runs.answer('im/list_messages_by_ids', answer(t));
      const run = await runs.sent(reply());
      expect(sentReplies(run.calls as [string, unknown][]).map((c) => c.srcMsgSendOpenDingTalkId)).toEqual([sender]);
    }
  });
});

// findMessageSenderOpenDingTalkID (lark_alignment.go:376-392@c7521c1c): a sender spelling counts when
// TrimSpace(fmt.Sprint(v)) is neither "" nor "<nil>", and is sent trimmed
describe('chat +messages-reply: the sender is the first spelling whose trimmed text is neither blank nor <nil> (findMessageSenderOpenDingTalkID)', () => {
  const answer = (senderOpenDingTalkId: string) => ({ result: [{ openMessageId: 'msg1', senderOpenDingTalkId, senderOpenId: 'Dfallback' }] });
  it('a blank one yields to senderOpenId; any other is the sender, trimmed (or the send is refused for an unsafe character)', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(spaced, fc.constantFrom(...TURNING)), async (t) => {
      runs.answer('im/list_messages_by_ids', answer(t));
      const run = await runs.sent(reply());
      const senders = sentReplies(run.calls as [string, unknown][]).map((c) => c.srcMsgSendOpenDingTalkId);
      if (goTrim(t) === '') expect(senders).toEqual(['Dfallback']);
      else {
        expect(senders).not.toContain('Dfallback');
        if (senders.length > 0) expect(senders).toEqual([goTrim(t)]);
        else expect(run.reason).toBeDefined();
      }
    }), OPTS);
  });
  it('U+0085 and " <nil> " give way to senderOpenId; U+FEFF is a sender of its own', async () => {
    for (const [t, sent] of [['\u0085', true], [' <nil>\u3000', true], ['\ufeffDx', false]] as const) {
      runs.answer('im/list_messages_by_ids', answer(t));
      const run = await runs.sent(reply());
      const senders = sentReplies(run.calls as [string, unknown][]).map((c) => c.srcMsgSendOpenDingTalkId);
      expect(senders.includes('Dfallback')).toBe(sent);
    }
  });
});

// replyResponseValue (lark_alignment.go:290-304@c7521c1c): the first value not nil and, for a text, not blank after
// TrimSpace, at the top of the answer, then in result, then in data; printed as it came (not trimmed)
describe('chat +messages-reply: the printed messageId and deliveryStatus skip a text Go reads as blank (replyResponseValue)', () => {
  it('a blank top-level text yields to result; any other is printed as it came', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(spaced, fc.constantFrom(...TURNING)), async (t) => {
      runs.answer('im/list_messages_by_ids', { result: [{ openMessageId: 'msg1', senderOpenDingTalkId: 'Done' }] });
      runs.answer('chat/send_personal_message', { success: true, messageId: t, status: t, result: { openMsgId: 'm-inner' } });
      const run = await runs.sent(reply());
      const printed = run.printed as { messageId: string; deliveryStatus: string; deliveryStatusKnown: boolean };
      const blank = goTrim(t) === '';
      expect([printed.messageId, printed.deliveryStatus, printed.deliveryStatusKnown]).toEqual(blank ? ['m-inner', 'unknown', false] : [t, t, true]);
    }), OPTS);
  });
});

// resolveMuteMemberOpenIDs (chat_group.go:1596-1600@c7521c1c): a userId whose name TrimSpace leaves empty is refused
// before the members are read; the name is shortcutString's (trimmed, a blank text passed over)
describe('chat +chat-mute-member: a userId is refused when its contact name is blank to Go (TrimSpace), matched otherwise', () => {
  const argv = ['chat', '+chat-mute-member', '--group', 'cid1', '--users', 'u1', '--mute-time', '60000', '--yes'];
  it('blank names are refused with no member read and no mute; others are matched to the member and muted', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(spaced, fc.constantFrom(...TURNING)), async (t) => {
      runs.answer('contact/get_user_info_by_user_ids', { result: [{ orgEmployeeModel: { orgUserId: 'u1', orgUserName: t } }] });
      runs.answer('chat/get_group_members', { result: { list: [{ memberEmpName: t, openDingtalkId: 'Db3BlbmlkMDMiE' }], hasMore: false } });
      const run = await runs.sent(argv);
      const tools = run.calls.map(([tool]) => tool);
      if (goTrim(t) === '') {
        expect(run.reason).toBe('invalid_parameter');
        expect(tools).toEqual(['contact/get_user_info_by_user_ids']);
      } else {
        expect(run.reason).toBeUndefined();
        expect(run.calls.at(-1)).toEqual(['im/set_group_member_mute_list', { openConversationId: 'cid1', cid: 'cid1', mute: true, openDingTalkIds: ['Db3BlbmlkMDMiE'], muteTime: 60000 }]);
      }
    }), OPTS);
  });
});

// report +outbox-list (report.go:249-275@c7521c1c): a typed --start/--end/--modified-* goes through
// reportParseISOMillis, which trims as TrimSpace; a value that trims to "" is the blank refusal, any other a format one
describe('report +outbox-list: a typed time is blank exactly when Go trims it to nothing', () => {
  it('refused before any call; the message says blank only for a text of Go spaces', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('--start', '--end', '--modified-start', '--modified-end'), fc.oneof(spaced, fc.constantFrom(...TURNING)), async (flag, t) => {
      const run = await runs.failure(['report', '+outbox-list', flag, t]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.message.includes(`${flag} is blank`)).toBe(goTrim(t) === '');
    }), OPTS);
  });
  it('a time padded with Go spaces is read', async () => {
    runs.answer('report/get_send_report_list', { result: { list: [] } });
    const run = await runs.sent(['report', '+outbox-list', '--start', '\u0085 2026-03-10T00:00:00+08:00\u3000']);
    expect(run.calls).toEqual([['report/get_send_report_list', expect.objectContaining({ startTime: 1773072000000 })]]);
  });
});

// enrichReportCreateWithDetailURL (helpers/report.go:1517-1547@c7521c1c): reportURLFromResponse and reportIDFromMap take
// a text whose TrimSpace is not empty, trimmed (:1553-1610); a blank one is passed over
describe('report entry submit: the link and the report id are texts Go does not read as blank', () => {
  const argv = ['report', 'entry', 'submit', '--template-id', 'tpl-1', '--contents', '[{"key":"a","sort":"0","content":"x","contentType":"markdown","type":"1"}]', '--yes'];
  it('a blank result.url sends the detail read; any other is the link, trimmed, with no read', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(spaced, fc.constantFrom(...TURNING)), async (t) => {
      runs.answer('report/create_report', { result: { url: t, reportId: 'r1' } });
      runs.answer('report/get_report_entry_details', { result: { url: 'https://report.example/r1' } });
      const run = await runs.sent(argv);
      const details = run.calls.filter(([tool]) => tool === 'report/get_report_entry_details');
      const blank = goTrim(t) === '';
      expect(details).toEqual(blank ? [['report/get_report_entry_details', { report_id: 'r1' }]] : []);
      expect((run.printed as { url: string }).url).toBe(blank ? 'https://report.example/r1' : goTrim(t));
    }), OPTS);
  });
  it('a blank top-level reportId yields to result.reportId; any other is the id read, trimmed', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(spaced, fc.constantFrom(...TURNING)), async (t) => {
      runs.answer('report/create_report', { reportId: t, result: { reportId: 'r-in' } });
      runs.answer('report/get_report_entry_details', { result: { url: 'https://report.example/r' } });
      const run = await runs.sent(argv);
      const ids = run.calls.filter(([tool]) => tool === 'report/get_report_entry_details').map(([, a]) => (a as { report_id: string }).report_id);
      if (goTrim(t) === '') expect(ids).toEqual(['r-in']);
      else expect(ids).not.toContain('r-in');
      expect(ids.every((id) => id === (goTrim(t) || 'r-in'))).toBe(true);
    }), OPTS);
  });
});

// applyThreadRepliesResultContract (thread_replies.go:271-298@c7521c1c): under asc (threadRepliesOrder: the first of
// --order/--sort, trimmed and lower-cased, else desc) the complete projected result is reversed, after every page was
// read; order says which, orderScope whether the result is complete
describe('chat +thread-replies --page-all --order/--sort asc: the replies of every page, last to first', () => {
  const THREAD = ['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1', '--page-all'];
  /** pages of distinct reply ids, newest first, each but the last saying more follow at an older millisecond cursor */
  const pagesOf = (sizes: number[]) => {
    let n = 0;
    return sizes.map((size, i) => ({
      replies: Array.from({ length: size }, () => ({ openMessageId: `r${(n += 1)}`, content: `text ${n}` })),
      hasMore: i < sizes.length - 1,
      ...(i < sizes.length - 1 ? { nextCursor: 1_700_000_000_000 - i * 1000 } : {}),
    }));
  };
  const ids = (printed: Record<string, unknown> | undefined) => (printed?.replies as { messageId: string }[]).map((r) => r.messageId);
  const sizes = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 });
  const asc = fc.constantFrom(['--order', 'asc'], ['--sort', 'asc'], ['--order', ' asc ']);

  it('sends the same pages as desc and prints their replies reversed, order asc, the count unchanged', async () => {
    await fc.assert(fc.asyncProperty(sizes, asc, async (s, flags) => {
      const pages = pagesOf(s);
      const desc = await runs.paged(THREAD, 'chat/list_topic_replies', pages);
      const up = await runs.paged([...THREAD, ...flags], 'chat/list_topic_replies', pages);
      expect(up.exit).toBe(0);
      expect(up.sent).toEqual(desc.sent);
      expect(ids(desc.printed)).toEqual(pages.flatMap((p) => p.replies.map((r) => r.openMessageId)));
      expect(ids(up.printed)).toEqual([...ids(desc.printed)].reverse());
      const { replies: _r, order, ...rest } = up.printed!;
      const { replies: _d, order: descOrder, ...descRest } = desc.printed!;
      expect([order, descOrder]).toEqual(['asc', 'desc']);
      expect(rest).toEqual(descRest);
      expect(rest.orderScope).toBe('complete_result');
    }), { numRuns: 15 });
  });

  it('a run cut by --page-limit reverses what it read, orderScope fetched_pages', async () => {
    const pages = pagesOf([2, 2, 1]);
    const up = await runs.paged([...THREAD, '--page-limit', '2', '--sort', 'asc'], 'chat/list_topic_replies', pages);
    expect(up.sent.length).toBe(2);
    expect(ids(up.printed)).toEqual(['r4', 'r3', 'r2', 'r1']);
    expect([up.printed!.order, up.printed!.orderScope, up.printed!.complete]).toEqual(['asc', 'fetched_pages', false]);
  });

  it('a run ended by a stalled cursor prints its reversed replies in the ledger (payload printed, then the error)', async () => {
    const pages = [...pagesOf([1, 1]).slice(0, 1), { replies: [{ openMessageId: 'r2' }], hasMore: true, nextCursor: 1_700_000_000_000 }];
    const up = await runs.paged([...THREAD, '--order', 'asc'], 'chat/list_topic_replies', pages);
    expect(up.exit).toBe(1);
    const ledger = up.envelope!.ledger as { replies: { messageId: string }[]; order: string; orderScope: string };
    expect([ledger.replies.map((r) => r.messageId), ledger.order, ledger.orderScope]).toEqual([['r2', 'r1'], 'asc', 'fetched_pages']);
  });

  it('asc without --page-all is refused before any call; an upper-case ASC is refused by the enum', async () => {
    for (const argv of [['chat', '+thread-replies', '--group', 'cid1', '--thread-id', 't1', '--order', 'asc'], [...THREAD, '--order', 'ASC']]) {
      const run = await runs.sent(argv);
      expect([run.reason, run.calls]).toEqual(['invalid_parameter', []]);
    }
  });
});

// the build's lint (src/plan/validate-values.ts): JavaScript's whitespace class cannot come back into a plan regex
describe('plan validation refuses a regex using JavaScript\'s \\s or \\S', () => {
  const tools = realCatalog().tools;
  const plan = (when: unknown, transform?: unknown) => ({
    'chat.shortcut_conversation_list': {
      facts: 'test',
      steps: [{ id: 'call', server: 'im', rpc: 'list_all_conversations', when, args: { limit: { flag: 'limit', ...(transform ? { transform } : {}) } } }],
    },
  });
  const problems = (p: Record<string, unknown>) => validatePlans([{ file: 'x.yaml', doc: { plans: p } }], tools).problems;
  it('in matches and in keep_matching / reject_matching / regex_all, naming the step and the Go way to write it', () => {
    for (const p of [plan({ matches: [{ flag: 'cursor' }, '\\S'] }), plan({ matches: [{ flag: 'cursor' }, '^\\s*$'] }), plan(undefined, [{ keep_matching: '\\S' }]), plan(undefined, [{ reject_matching: 'a\\sb' }]), plan(undefined, [{ regex_all: '(\\S+)' }])]) {
      expect(problems(p)).toEqual([expect.stringMatching(/steps\[0\] \(call\)\.(when|args\.limit\.transform\[0\]).* uses JavaScript's \\s\/\\S.*\{present: \{first: \[x\], transform: \[trim\]\}\}/u)]);
    }
  });
  it('accepts any-character [\\s\\S], an escaped backslash before s, and Go\'s class \\p{White_Space}', () => {
    expect(problems(plan({ matches: [{ flag: 'cursor' }, '^[\\s\\S]{16,}$'] }))).toEqual([]);
    expect(problems(plan({ matches: [{ flag: 'cursor' }, '\\\\s'] }))).toEqual([]);
    expect(problems(plan({ matches: [{ flag: 'cursor' }, '\\P{White_Space}'] }, [{ keep_matching: '^\\p{White_Space}*$' }]))).toEqual([]);
  });
  it('every plan named as keeping the class still uses it (no stale exception)', () => {
    for (const path of Object.keys(JS_SPACE_CLASS_KEPT)) {
      const tool = tools.find((t) => t.canonical_path === path)!;
      const regexes = JSON.stringify(tool.plan).match(/"(?:[^"\\]|\\.)*"/gu)!.map((q) => JSON.parse(q) as string);
      expect(regexes.some(usesJsSpaceClass)).toBe(true);
    }
  });
});
