// Session 32 sweep, share 2 (issue 32): where the chat part 2 / event / ding / mcp / devapp composites differed from
// upstream's bodies at c7521c1c, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-sw322-');
const { sent } = outputs;

describe('chat +flag-create / +flag-cancel: --message-ids is the stringSlice pflag reads, each element trimmed (flagMessageIDs lark_alignment.go:479-485, uniqueShortcutStrings chat_message.go:1207-1216@c7521c1c)', () => {
  it('a quoted id keeps its comma; blanks and repeats dropped', async () => {
    for (const [cmd, rpc] of [['+flag-create', 'im/add_message_favorite'], ['+flag-cancel', 'im/remove_message_favorite']]) {
      const r = await sent(['chat', cmd, '--message-ids', 'a,"b,c", d ,,a', '--message-id', 'd', '--conversation-id', 'c1', '--yes']);
      expect(r.calls).toEqual(['a', 'b,c', 'd'].map((id) => [rpc, { openConversationId: 'c1', openMessageId: id }]));
    }
  });
});

describe('chat batch writes read each answer with rt.CallMCPWriteData (batch_write.go:48-55, runner.go:228-233, :255-271@c7521c1c): an answer that is no JSON object fails that target', () => {
  const cases: [string[], string][] = [
    [['chat', '+conversation-set-top', '--conversation-id', 'c1', '--yes'], 'im/set_top_conversation'],
    [['chat', '+flag-create', '--message-id', 'm1', '--conversation-id', 'c1', '--yes'], 'im/add_message_favorite'],
    [['chat', '+flag-cancel', '--message-id', 'm1', '--conversation-id', 'c1', '--yes'], 'im/remove_message_favorite'],
  ];
  it('a list, a number or a text: the run fails, nothing printed', async () => {
    for (const [argv, rpc] of cases) {
      for (const answer of [[1], 5, 'ok']) {
        outputs.answer(rpc, answer);
        const r = await sent(argv);
        expect([r.reason, r.calls.length, r.printed]).toEqual(['backend_error', 1, undefined]);
      }
    }
  });
  it('null and an object pass: the ledger is printed (an empty answer without result)', async () => {
    for (const [argv, rpc] of cases) {
      outputs.answer(rpc, null);
      const r = await sent(argv);
      expect((r.printed as { succeeded: unknown[] }).succeeded).toEqual([{ target: argv[3] }]);
    }
  });
});

describe('chat +flag-list: the start cursor is flagListStartCursor\'s (lark_alignment.go:569-585@c7521c1c)', () => {
  it('a typed blank --page-token is cursor 0 (--cursor not read); strconv.Atoi takes +5 and -0', async () => {
    const cursors = [];
    for (const argv of [['--page-token', '', '--cursor', '3'], ['--page-token', ' ', '--cursor', '3'], ['--page-token', '+5'], ['--page-token', '-0']]) {
      const r = await sent(['chat', '+flag-list', ...argv]);
      cursors.push(r.calls.map((c) => (c[1] as { cursor: number }).cursor));
    }
    expect(cursors).toEqual([[0], [0], [5], [0]]);
    expect((await sent(['chat', '+flag-list', '--page-token', '-1'])).reason).toBe('invalid_parameter');
  });
});

describe('chat +group-members: each member field is groupMemberFirst\'s first NON-EMPTY text (group_members.go:457-462, :476-483@c7521c1c)', () => {
  it('an empty text gives way to the next key', async () => {
    outputs.answer('im/search_groups', { result: { items: [{ openConversationId: 'cidAAAAAAAAAAAA', title: 'x' }], hasMore: false } });
    outputs.answer('chat/get_group_members', { list: [{ memberEmpName: '', name: 'B', memberNick: '', nick: 'n', memberRoleDesc: '', role: 7, openDingtalkId: '', memberDingtalkId: 'd9' }], hasMore: false });
    const r = await sent(['chat', '+group-members', '--group', 'x']);
    expect((r.printed as { members: unknown }).members).toEqual([{ name: 'B', nick: 'n', role: '', openDingtalkId: 'd9' }]);
  });
});

describe('chat +messages-mget: --msg-ids is the stringSlice pflag reads, 1 to 50 once trimmed and de-duplicated (Validate chat_message.go:874-881, uniqueShortcutStrings :1207-1216@c7521c1c)', () => {
  it('a quoted id keeps its comma, and is the one looked for', async () => {
    outputs.answer('im/list_messages_by_ids', { messages: [{ openMsgId: 'a,b' }] });
    const r = await sent(['chat', '+messages-mget', '--msg-ids', '"a,b", c ,a,b']);
    expect(r.calls).toEqual([['im/list_messages_by_ids', { openMsgIds: ['a,b', 'c', 'a', 'b'] }]]);
    expect((r.printed as { notFoundMessageIds: unknown }).notFoundMessageIds).toEqual(['c', 'a', 'b']);
  });
  it('51 distinct ids are refused before any call; 50 plus repeats are sent', async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `m${i}`);
    const over = await sent(['chat', '+messages-mget', '--msg-ids', ids.join(',')]);
    expect([over.reason, over.calls]).toEqual(['invalid_parameter', []]);
    const fifty = await sent(['chat', '+messages-mget', '--msg-ids', [...ids.slice(0, 50), ' m1 ', 'm2'].join(',')]);
    expect((fifty.calls[0][1] as { openMsgIds: string[] }).openMsgIds).toEqual(ids.slice(0, 50));
  });
});

describe('chat +send-to-group: the body goes through NormalizeMessageMentions(text, nil, false, true) (unified_send.go:474-502, helpers/chat.go:1392-1431@c7521c1c)', () => {
  it('a bare @all in the body becomes <@all>; a wrapped one stays; the title keeps the typed text', async () => {
    const r = await sent(['chat', '+send-to-group', '--group', 'cidAAAAAAAAAAAA', '--text', 'hi @all and <@all>', '--yes']);
    const args = r.calls[0][1] as { content: string };
    expect(JSON.parse(args.content)).toEqual({ title: 'hi @all and <@all>', text: 'hi <@all> and <@all>' });
  });
});

describe('chat +messages-send-card: create_and_send_card is read by rt.CallMCPWriteData (chat_message.go:1592, runner.go:228-233, :255-271@c7521c1c)', () => {
  it('a list answer fails the run; nothing printed', async () => {
    outputs.answer('im/create_and_send_card', [{ bizId: 'b1' }]);
    const r = await sent(['chat', '+messages-send-card', '--group', 'g', '--yes']);
    expect([r.reason, r.calls.length, r.printed]).toEqual(['backend_error', 1, undefined]);
  });
});

describe('chat +messages-send: every send is read by rt.CallMCPWriteData (unified_send.go:383, :627, batch_write.go:48-55, runner.go:255-271@c7521c1c)', () => {
  it('a user send answered by a list fails the run', async () => {
    outputs.answer('chat/send_personal_message', [1]);
    const r = await sent(['chat', '+messages-send', '--group', 'g', '--text', 'hi', '--yes']);
    expect([r.reason, r.calls.length, r.printed]).toEqual(['backend_error', 1, undefined]);
  });
  it('a bot --groups target answered by a list is that target\'s failure; the next group is still sent', async () => {
    outputs.answersInTurn('bot/send_robot_group_message', [1], { ok: true });
    const r = await sent(['chat', '+messages-send', '--as', 'bot', '--robot-code', 'r', '--groups', 'g1,g2', '--text', 'hi', '--yes']);
    expect([r.reason, r.calls.length]).toEqual(['partial_outcome', 2]);
  });
});

describe('event +listen-im: a typed --events with no kind left is refused (compileListenIMPlan event_listen_im.go:183-186, uniqueListenIMValues :285-297@c7521c1c)', () => {
  it('`" , "` and `""` are refused before anything; an untyped --events still means message', async () => {
    for (const events of [' , ', '']) {
      const r = await sent(['event', '+listen-im', '--kind', 'group', '--chat-id', 'c1', '--events', events, '--dry-run']);
      expect([r.reason, r.calls]).toEqual(['invalid_parameter', []]);
    }
    const plain = await sent(['event', '+listen-im', '--kind', 'group', '--chat-id', 'c1', '--dry-run']);
    expect(plain.reason).toBeUndefined();
  });
});

describe('chat +messages-send-card without --content: the receipt of ProjectStreamingCardReceipt, and no bizId is a failure (chat_message.go:1594-1599, :1665-1667, :1811-1824, chatmsg/card_ref.go:17-54@c7521c1c)', () => {
  it('prints {contractVersion, ok, cardRef, referencePairAvailable, created, nextActions} with the trimmed bizId', async () => {
    const created = { result: { bizId: ' b1 ', openMessageId: 'm1', openConversationId: 'g' } };
    outputs.answer('im/create_and_send_card', created);
    const r = await sent(['chat', '+messages-send-card', '--group', 'g', '--yes']);
    expect(r.printed).toEqual({
      contractVersion: 'im.streaming-card.v1', ok: true, referencePairAvailable: true, created,
      cardRef: { bizId: 'b1', openMessageId: 'm1', openConversationId: 'g' },
      nextActions: [{ cliPath: 'chat +messages-update-card', arguments: { 'biz-id': 'b1' }, requiredArguments: ['content', 'flow-status'], ready: false }],
    });
  });
  it('an answer without a bizId anywhere fails after the write; nothing printed', async () => {
    for (const answer of [{ result: {} }, null, { result: { bizId: ' ' } }]) {
      outputs.answer('im/create_and_send_card', answer);
      const r = await sent(['chat', '+messages-send-card', '--group', 'g', '--yes']);
      expect([r.reason, r.calls.length, r.printed]).toEqual(['partial_outcome', 1, undefined]);
    }
  });
});
