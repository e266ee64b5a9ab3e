// Session 43 second reading, part b2 (issue 32, notes/h43-b2.md, seed 20261382): where a drawn command (or a sibling of
// it) still differed from upstream's body at c7521c1c. Each run as a user types it against the fake MCP server on
// 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43b2-');
const OPEN_ID = 'Db3BlbmlkMDMiE';

describe('chat +messages-send-card: atOpenDingTalkIds is sent only when uniqueShortcutStrings leaves an id (chat_message.go:1553-1557, :1207-1216@c7521c1c)', () => {
  const card = { result: { bizId: 'b1', atTag: '@x ' } };
  it('a list of blank parts sends no atOpenDingTalkIds key (before: [])', async () => {
    for (const list of [',', ' , ', ' ']) {
      outputs.answer('im/create_and_send_card', card);
      expect(await outputs.argsOf(['chat', '+messages-send-card', '--group', 'g', '--at-open-dingtalk-ids', list, '--yes']))
        .toEqual([{ openConversationId: 'g' }]);
    }
  });
  it('for any list of blank and valid parts: the key holds the distinct valid ids, or is absent when none is left', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom('', ' ', OPEN_ID, 'Db3BlbmlkMDQiE'), { minLength: 1, maxLength: 4 }), async (parts) => {
      outputs.answer('im/create_and_send_card', card);
      const ids = [...new Set(parts.filter((p) => p.trim() !== ''))];
      const args = await outputs.argsOf(['chat', '+messages-send-card', '--group', 'g', '--at-open-dingtalk-ids', parts.join(','), '--yes']);
      expect(args).toEqual([ids.length > 0 ? { openConversationId: 'g', atOpenDingTalkIds: ids } : { openConversationId: 'g' }]);
    }), { numRuns: 25 });
  });
});

describe('chat +messages-send (sibling): every id list is sent only when uniqueShortcutStrings leaves one (unified_send.go:272, :291-357, :509-511@c7521c1c)', () => {
  const cases: { argv: string[]; sent: Record<string, unknown>[] }[] = [
    {
      argv: ['--as', 'bot', '--robot-code', 'r', '--group', 'g', '--text', 'hi', '--at-user-ids', ' , ', '--at-open-dingtalk-ids', ','],
      sent: [{ robotCode: 'r', title: 'hi', markdown: 'hi', openConversationId: 'g' }],
    },
    {
      argv: ['--as', 'bot', '--robot-code', 'r', '--groups', 'g1,g2', '--text', 'hi', '--at-user-ids', ' , ', '--at-open-dingtalk-ids', ','],
      sent: [{ robotCode: 'r', title: 'hi', markdown: 'hi', openConversationId: 'g1' }, { robotCode: 'r', title: 'hi', markdown: 'hi', openConversationId: 'g2' }],
    },
    {
      argv: ['--as', 'bot', '--robot-code', 'r', '--users', ' , u1', '--open-dingtalk-ids', ', ', '--text', 'hi'],
      sent: [{ robotCode: 'r', title: 'hi', markdown: 'hi', userIds: ['u1'] }],
    },
    {
      argv: ['--as', 'bot', '--robot-code', 'r', '--users', ',', '--open-dingtalk-ids', OPEN_ID, '--text', 'hi'],
      sent: [{ robotCode: 'r', title: 'hi', markdown: 'hi', openDingtalkIds: [OPEN_ID] }],
    },
    {
      argv: ['--as', 'webhook', '--webhook-token', 't', '--text', 'hi', '--at-user-ids', ' , ', '--at-mobiles', ','],
      sent: [{ robotToken: 't', title: 'hi', text: 'hi' }],
    },
    {
      argv: ['--as', 'user', '--group', 'g', '--markdown', 'hi', '--at-open-dingtalk-ids', ' , ', '--ai-tag=false'],
      sent: [{ msgType: 'markdown', content: '{"text":"hi","title":"hi"}', openConversationId: 'g' }],
    },
  ];
  for (const c of cases) {
    it(`${c.argv.slice(0, 2).join(' ')} ${c.argv[4]}: blank lists send no key (before: [])`, async () => {
      expect(await outputs.argsOf(['chat', '+messages-send', ...c.argv, '--yes'])).toEqual(c.sent);
    });
  }
  it('a list holding ids is still sent, trimmed and de-duplicated', async () => {
    expect(await outputs.argsOf(['chat', '+messages-send', '--as', 'webhook', '--webhook-token', 't', '--text', 'hi', '--at-user-ids', ' a, ,a', '--at-mobiles', '1', '--yes']))
      .toEqual([{ robotToken: 't', title: 'hi', text: 'hi', atUserIds: ['a'], atMobiles: ['1'] }]);
  });
});

describe('chat message send-by-bot (sibling): atUserIds, atOpendingtalkIds, userIds and openDingtalkIds only when a part is left (chat.go:3543-3557, :3580-3585, :3601-3606@c7521c1c)', () => {
  it('a group message with blank lists sends neither key (before: [])', async () => {
    expect(await outputs.argsOf(['chat', 'message', 'send-by-bot', '--robot-code', 'r', '--group', 'g', '--title', 't', '--text', 'x', '--at-user-ids', ' , ', '--at-open-dingtalk-ids', ',']))
      .toEqual([{ robotCode: 'r', openConversationId: 'g', msgKey: 'sampleMarkdownDX', title: 't', markdown: 'x' }]);
  });
  it('a direct message with a blank --open-dingtalk-ids sends userIds alone (before: openDingtalkIds [])', async () => {
    expect(await outputs.argsOf(['chat', 'message', 'send-by-bot', '--robot-code', 'r', '--users', ' , u', '--open-dingtalk-ids', ' , ', '--title', 't', '--text', 'x']))
      .toEqual([{ robotCode: 'r', msgType: 'sampleMarkdownDX', title: 't', markdown: 'x', userIds: ['u'] }]);
  });
  it('ids left after trimming are still sent', async () => {
    expect(await outputs.argsOf(['chat', 'message', 'send-by-bot', '--robot-code', 'r', '--group', 'g', '--title', 't', '--text', 'x', '--at-user-ids', ' a ,', '--at-open-dingtalk-ids', 'o']))
      .toEqual([{ robotCode: 'r', openConversationId: 'g', msgKey: 'sampleMarkdownDX', title: 't', markdown: 'x', atUserIds: ['a'], atOpendingtalkIds: ['o'] }]);
  });
});
