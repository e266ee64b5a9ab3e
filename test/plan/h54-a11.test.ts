// Session 54 helper a11, second-reading audit of seed 20261457 (issue 32, notes/h54-a11.md). One drawn command,
// chat +messages-send, differed from its upstream body at c7521c1c: --user is matched against the contact rows' userId
// as upstream's resolveUserOpenDingTalkID reads it (shortcut/chat/unified_send.go:522-561) through shortcutString
// (chat_group.go:1661-1677@c7521c1c), which writes a JSON number as strconv.FormatFloat(x, 'f', -1, 64): -0 is "-0" and
// 1e-7 is "0.0000001". The plans' resolve/pick `fields` wrote it with JavaScript's String ("0", "1e-7"). The same reader
// serves +messages-reply --ref-sender (the sibling tested here), +messages-send-card --receiver and +chat-mute-member.
// Each runs as a user types it against the recording backend on 127.0.0.1; the contact answers are raw JSON text, so the
// -0 literal reaches dws as the server wrote it.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { answerText, sent } = useOutputRuns('dws-h54a11-');

const contacts = (rows: string) => answerText('search_contact_by_key_word', `{"result":[${rows}]}`);

describe('chat +messages-send --user: a numeric userId compared as FormatFloat f text (resolveUserOpenDingTalkID unified_send.go:522-561, shortcutString chat_group.go:1668-1669@c7521c1c)', () => {
  it('userId -0 is "-0": --user=-0 finds the row and sends to its openDingTalkId', async () => {
    contacts('{"userId":-0,"openDingTalkId":"D1"}');
    const run = await sent(['chat', '+messages-send', '--text', 'hi', '--user=-0', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([t]) => t)).toEqual(['contact/search_contact_by_key_word', 'chat/send_personal_message']);
    expect(run.calls[0][1]).toEqual({ keyword: '-0' });
    expect(run.calls[1][1]).toMatchObject({ receiverOpenDingTalkId: 'D1' });
  });

  it('userId -0 is not "0": --user 0 matches no row (not_found, nothing sent)', async () => {
    contacts('{"userId":-0,"openDingTalkId":"D1"}');
    const run = await sent(['chat', '+messages-send', '--text', 'hi', '--user', '0', '--yes']);
    expect(run.reason).toBe('not_found');
    expect(run.calls.map(([t]) => t)).toEqual(['contact/search_contact_by_key_word']);
  });

  it('userId 1e-7 is "0.0000001", in full decimals', async () => {
    contacts('{"userId":1e-7,"openDingTalkId":"D2"}');
    const run = await sent(['chat', '+messages-send', '--text', 'hi', '--user', '0.0000001', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls[1][1]).toMatchObject({ receiverOpenDingTalkId: 'D2' });
  });

  it('a numeric openDingTalkId is sent as that text: -0 as "-0"', async () => {
    contacts('{"userId":"u1","openDingTalkId":-0}');
    const run = await sent(['chat', '+messages-send', '--text', 'hi', '--user', 'u1', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls[1][1]).toMatchObject({ receiverOpenDingTalkId: '-0' });
  });

  it('numbers of the ordinary range read as before: userId 1e3 is "1000"', async () => {
    contacts('{"userId":1e3,"openDingTalkId":"D3"}');
    const run = await sent(['chat', '+messages-send', '--text', 'hi', '--user', '1000', '--yes']);
    expect(run.calls[1][1]).toMatchObject({ receiverOpenDingTalkId: 'D3' });
  });
});

describe('sibling: chat +messages-reply --ref-sender reads the contact rows the same way (unified_send.go:522-561, lark_alignment.go:309-392@c7521c1c)', () => {
  it('--ref-sender 0.0000001 finds the row whose userId is 1e-7; its openDingTalkId is the original sender', async () => {
    contacts('{"userId":1e-7,"openDingTalkId":"D7"}');
    const run = await sent(['chat', '+messages-reply', '--conversation-id', 'c', '--message-id', 'm', '--text', 'hi', '--ref-sender', '0.0000001', '--yes']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([t]) => t)).toEqual(['contact/search_contact_by_key_word', 'chat/send_personal_message']);
    const content = JSON.parse((run.calls[1][1] as { content: string }).content) as Record<string, unknown>;
    expect(content).toMatchObject({ referenceOpenMessageId: 'm', srcMsgSendOpenDingTalkId: 'D7' });
  });
});
