// Session 54 helper a12, second-reading audit of seed 20261458 (issue 32, notes/h54-a12.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: todo task add-attachment refused a commit answer whose JSON object
// is followed by more text, where upstream reads it. parseTodoFileSendIDs (internal/helpers/todo.go:1895-1906) decodes
// the answer with unmarshalJSONUseNumber (chat.go:2294-2298@c7521c1c): one json.Decoder.Decode, which reads the first
// value and leaves the rest unread. findInt64Field decodes a JSON text found inside the answer in the same way
// (chat.go:2256-2262). chat's file upload (parseConversationFileSendIDs chat.go:2221-2233) shares both readers. Each
// test runs as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useOutputRuns } from './output-runs.js';
import { leadingValue } from '../../src/plan/transforms/values.js';

const outputs = useOutputRuns('dws-h54a12-');
const { mcp } = outputs;

const attach = async (commit: string) => {
  outputs.answer('todo/init_todo_file_upload', { result: { resourceUrl: `${mcp.base}/upload/t1`, uploadKey: 'K' } });
  outputs.answerText('commit_todo_file_upload', commit);
  const run = await outputs.sent(['todo', 'task', 'add-attachment', '--task-id', 'T', '--file-path', 'a.txt'], { 'a.txt': 'hello' });
  const add = run.calls.find(([tool]) => tool === 'todo/add_todo_attachment')?.[1] as
    { todoAttachmentAddRequest: { attachmentList: { fileId: string; spaceId: string }[] } } | undefined;
  return { reason: run.reason, ids: add?.todoAttachmentAddRequest.attachmentList.map((a) => [a.fileId, a.spaceId]) };
};

describe('todo task add-attachment: the commit answer is read as one json.Decoder.Decode reads it (todo.go:1895-1906, chat.go:2235-2298@c7521c1c)', () => {
  it('an object followed by more text: its ids are attached (before: refused after the commit)', async () => {
    expect(await attach('{"dentryId":7,"spaceId":8} trailing')).toEqual({ reason: undefined, ids: [['7', '8']] });
    expect(await attach(' {"result":{"dentryId":"12","spaceId":3}}\n{"other":1}')).toEqual({ reason: undefined, ids: [['12', '3']] });
  });

  it('a JSON text inside the answer followed by more text is decoded in the same way; a "}" inside a string does not end it', async () => {
    expect(await attach(JSON.stringify({ data: '{"dentryId":"}","x":{"dentryId":3,"spaceId":4}} z' }))).toEqual({ reason: undefined, ids: [['3', '4']] });
  });

  it('an object that never closes is still no answer: nothing is attached', async () => {
    expect(await attach('{"dentryId":7,"spaceId":8')).toEqual({ reason: 'partial_outcome', ids: undefined });
    expect(await attach('[{"dentryId":7},{"spaceId":8}')).toEqual({ reason: 'partial_outcome', ids: undefined });
  });
});

describe('chat +messages-send --file: the same reader for the conversation file commit (parseConversationFileSendIDs chat.go:2221-2233@c7521c1c)', () => {
  it('a commit answer followed by more text: the file is sent with its ids', async () => {
    outputs.answer('im/init_conversation_file_upload', { result: { resourceUrl: `${mcp.base}/upload/f1`, uploadKey: 'k1' } });
    outputs.answerText('commit_conversation_file_upload', '{"result":{"dentryId":12,"spaceId":34}} x');
    outputs.answer('chat/send_personal_message', { result: { openTaskId: 't1' } });
    const run = await outputs.sent(['chat', '+messages-send', '--group', 'cidG1==', '--file', 'a.txt', '--yes'], { 'a.txt': 'hello' });
    expect(run.reason).toBeUndefined();
    expect(String((run.calls.at(-1)![1] as { content: string }).content)).toContain('"dentryId":12,"spaceId":34');
  });
});

describe('leadingValue: the first JSON object or list of a text, as one json.Decoder.Decode reads it (property)', () => {
  const objectOrList = fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()));
  it('gives back exactly the first value, whatever text follows it', () => {
    fc.assert(fc.property(objectOrList, fc.string(), (v, rest) => {
      const first = JSON.stringify(v);
      expect(leadingValue(first + rest)).toBe(first);
    }), { numRuns: 500 });
  });
  it('returns a text whose brackets never close whole, so decoding it still fails', () => {
    fc.assert(fc.property(objectOrList, (v) => {
      const open = JSON.stringify(v).slice(0, -1);
      expect(leadingValue(open)).toBe(open);
    }), { numRuns: 300 });
  });
});
