// What the commands audit-30n-b fixed send and print (issue 32, a-n2), as upstream's bodies at c7521c1c do, run as a
// user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-an2-');
const { mcp, run } = outputs;

/** The arguments of every call the backend received, by tool name. */
const sent = () => mcp.calls.map((c) => [c.name, c.arguments]);

describe('chat +messages-send-by-webhook sends its lists as pflag reads them (shortcut/chat/chat_message.go:158-175)', () => {
  it('each --at-mobiles/--at-users occurrence is one CSV record: elements neither trimmed nor dropped, quotes honoured', async () => {
    await run(['chat', '+messages-send-by-webhook', '--token', ' t ', '--title', '告警', '--text', 'CPU 高',
      '--at-mobiles', ' 138, ,"1,39"', '--at-users', 'u1', '--at-users', ' u2', '--yes']);
    expect(sent()).toEqual([['send_message_by_custom_robot', {
      robotToken: 't', title: '告警', text: 'CPU 高', atMobiles: [' 138', ' ', '1,39'], atUserIds: ['u1', ' u2'],
    }]]);
  });
  it('an empty --at-mobiles adds no element, so no list is sent', async () => {
    await run(['chat', '+messages-send-by-webhook', '--token', 't', '--title', 'x', '--text', 'y', '--at-mobiles', '', '--at-all', '--yes']);
    expect(sent()).toEqual([['send_message_by_custom_robot', { robotToken: 't', title: 'x', text: 'y', isAtAll: true }]]);
  });
});
