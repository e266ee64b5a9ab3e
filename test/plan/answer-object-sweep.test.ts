// Shortcuts whose upstream bodies read their one answer with rt.CallMCPData (runner.go:255-271@c7521c1c): an answer
// that does not decode into a JSON object stops the run (issue 32, p-ansobj), run as a user types them against the
// recording backend: a list answer is backend_error after the call, an object answer is read and printed.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-pansobj-');
const { sent } = outputs;

type Case = [name: string, argv: string[], tool: string, calls: number];

function sweep(product: string, cases: Case[]): void {
  describe(`${product}: a list answer is backend_error, an object answer is read`, () => {
    for (const [name, argv, tool, calls] of cases) {
      it(name, async () => {
        outputs.answer(tool, [{ id: 'x' }]);
        const list = await sent(argv);
        outputs.answer(tool, { id: 'x' });
        const object = await sent(argv);
        expect([list.reason, list.calls.length, list.printed]).toEqual(['backend_error', calls, undefined]);
        expect([object.reason, object.calls.length, object.printed === undefined]).toEqual([undefined, calls, false]);
      });
    }
  });
}

sweep('chat', [
  ['chat +category-list (chat_conversation.go:871-874)', ['chat', '+category-list'], 'im/list_user_define_conv_categories', 1],
  ['chat +category-list-conversations (chat_conversation.go:957-960)', ['chat', '+category-list-conversations', '--category-id', '7'], 'im/list_conversations_by_category', 1],
  ['chat +messages-list-unread-conversations (chat_message.go:755-758)', ['chat', '+messages-list-unread-conversations'], 'chat/unread_message_conversation_list', 1],
  ['chat +messages-query-send-status (chat_message.go:1259-1262)', ['chat', '+messages-query-send-status', '--open-task-id', 'T1'], 'im/query_message_send_status', 1],
  ['chat +chat-bots (chat_group.go:1346-1349)', ['chat', '+chat-bots', '--group', 'cidAAAAAAAAAAAA'], 'bot/list_group_bots', 1],
  ['chat +messages-mget (chat_message.go:883-886)', ['chat', '+messages-mget', '--msg-ids', 'm1'], 'im/list_messages_by_ids', 1],
]);
