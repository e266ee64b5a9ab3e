// Session 48 second reading, helper a3 (issue 32, seed 20261426, notes/h48-a3.md): the drawn command that differed
// from upstream's body at c7521c1c (doc +fetch --query) and the readings of the others that matter most, each run as
// a user types it against the recording backend on 127.0.0.1, so that a later change that breaks one of them fails here.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCSVValues } from '../upstream-lists.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h48a3-');

describe('doc +fetch --query: the search rows are under the first of documents/nodes/items/list/records/result/data holding a list or an object (extractRows, docresolver/resolver.go:193-210@c7521c1c)', () => {
  const { sent, answer } = outputs;
  it('an object under an earlier key ends the search even when it holds no list: its rows are none, so nothing matches', async () => {
    // extractRows returns a non-nil []any{} for an object without rows (:209), and `rows != nil` (:203) takes it
    answer('doc/search_documents', { result: { total: 1 }, data: { items: [{ nodeId: 'n1', name: 'q' }] } });
    const run = await sent(['doc', '+fetch', '--query', 'q']);
    expect(run).toMatchObject({ reason: 'not_found', calls: [['doc/search_documents', { keyword: 'q', pageSize: 30 }]] });
  });
  it('the object is read down to any depth; the first object key decides, a null or text value is passed over', async () => {
    answer('doc/search_documents', { items: null, list: 'x', result: { data: { records: [{ nodeId: 'n2', name: 'Q' }] } }, data: { items: [{ nodeId: 'n3', name: 'q' }] } });
    const run = await sent(['doc', '+fetch', '--query', ' q ']);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual([
      ['doc/search_documents', { keyword: 'q', pageSize: 30 }],
      ['doc/get_document_content', { nodeId: 'n2', format: 'markdown' }],
    ]);
    expect(run.printed).toMatchObject({ target: { canonicalId: 'n2', name: 'Q', product: 'doc' } });
  });
  it('a list directly under a key still wins over a later object', async () => {
    answer('doc/search_documents', { records: [{ docId: 'n4', title: 'q' }], result: { items: [{ nodeId: 'n5', name: 'q' }] } });
    const run = await sent(['doc', '+fetch', '--query', 'q']);
    expect(run.calls.at(-1)).toEqual(['doc/get_document_content', { nodeId: 'n4', format: 'markdown' }]);
  });
});

const listText = fc.array(fc.constantFrom('a', 'b c', ' ', '', '"q"', "'s'", ',', '[', ']', '\u0085', 'x,y', '""'), { maxLength: 6 })
  .map((parts) => parts.join(''));
const listOrJson = fc.oneof(listText, fc.array(fc.constantFrom('a', ' b ', '', '"c"', "'d'"), { maxLength: 4 }).map((a) => JSON.stringify(a)));

describe('chat message list-emotion-replies reads --msg-ids as parseCSVValues (helpers/chat.go, list-emotion-replies RunE; contact.go:20-45@c7521c1c)', () => {
  it('for any comma or JSON list text the ids are the model\'s (a blank text null, only commas [])', async () => {
    await fc.assert(fc.asyncProperty(listOrJson, async (ids) => {
      fc.pre(ids !== '');
      const run = await outputs.sent(['chat', 'message', 'list-emotion-replies', '--msg-ids', ids]);
      expect(run.reason).toBeUndefined();
      expect(run.calls).toEqual([['im/list_message_emotion_replies', { openMessageIds: parseCSVValues(ids) }]]);
    }), { numRuns: 40 });
  });
  it('an empty --msg-ids is refused before any call (validateRequiredFlags reads it untrimmed)', async () => {
    expect(await outputs.sent(['chat', 'message', 'list-emotion-replies', '--msg-ids', ''])).toMatchObject({ reason: 'missing_parameter', calls: [] });
  });
});
