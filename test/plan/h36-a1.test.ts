// Session 36 second reading, part a1 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h36-a1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h36a1-');
const { sent, answerText } = outputs;

// requireWikiWrite (shortcut/wiki/common.go:72-81@c7521c1c) after requireWikiResponse (:52-70): a write's answer whose
// success is anything but the JSON boolean true (a text "true", 1, null, missing) fails the command as an api
// error right after the write, before any read-back. executeMove (nodes.go:165-171), DeleteSpace (wiki.go:140-147) and
// NodeDelete (nodes.go:216-222) read their write's answer so.
describe('wiki +move / +delete-space / +node-delete: the write answer as requireWikiWrite reads it (common.go:52-81@c7521c1c)', () => {
  // (success false is the transport's business error before the body reads it, upstream as dws: not drawn here)
  const badSuccess = fc.constantFrom<unknown>('true', 'TRUE', 1, 0, null, {}, [true]);
  const moveReads = { nodeId: 'n1', workspaceId: 'w0' };
  const moveBack = { nodeId: 'n1', workspaceId: 'w1' };
  it('+move: a success that is not the boolean true fails after move_document, nothing read back', async () => {
    await fc.assert(fc.asyncProperty(badSuccess, async (success) => {
      outputs.answersInTurn('get_document_info', moveReads, moveBack);
      outputs.answer('move_document', { success, moved: true });
      const r = await sent(['wiki', '+move', '--workspace', 'w1', '--node', 'n1', '--yes']);
      expect(r.calls.map((c) => c[0])).toEqual(['doc/get_document_info', 'doc/move_document']);
      expect(r.reason).toBe('backend_error');
      expect(r.printed).toBeUndefined();
    }), { numRuns: 8 });
  });
  it('+move: a null success (h55: no success key at all is stamped success true by the runner, app/runner.go:779-783), and a blank answer, fail the same way; success true reads back and prints', async () => {
    outputs.answersInTurn('get_document_info', moveReads, moveBack);
    outputs.answer('move_document', { success: null, moved: true });
    expect((await sent(['wiki', '+move', '--workspace', 'w1', '--node', 'n1', '--yes'])).reason).toBe('backend_error');
    outputs.answersInTurn('get_document_info', moveReads, moveBack);
    answerText('move_document', ' ');
    const blank = await sent(['wiki', '+move', '--workspace', 'w1', '--node', 'n1', '--yes']);
    expect(blank.reason).toBe('backend_error');
    expect(blank.calls).toHaveLength(2);
    outputs.answersInTurn('get_document_info', moveReads, moveBack);
    outputs.answer('move_document', { success: true });
    const ok = await sent(['wiki', '+move', '--workspace', 'w1', '--node', 'n1', '--yes']);
    expect(ok.reason).toBeUndefined();
    expect(ok.calls).toHaveLength(3);
    expect(ok.printed).toEqual({ success: true, nodeId: 'n1', node: { ...moveBack, success: true } }); // h55-stamp2: the read-back as upstream's runner stamps it
  });
  it('+delete-space and +node-delete: a text "true" success is no acknowledgement', async () => {
    outputs.answer('get_wikiSpace', { workspaceId: 'w1', name: 'space' });
    outputs.answer('delete_wikiSpace', { success: 'true' });
    const space = await sent(['wiki', '+delete-space', '--workspace', 'w1', '--yes']);
    expect(space.calls.map((c) => c[0])).toEqual(['wiki/get_wikiSpace', 'wiki/delete_wikiSpace']);
    expect(space.reason).toBe('backend_error');
    expect(space.printed).toBeUndefined();
    outputs.answer('get_document_info', { nodeId: 'n1', workspaceId: 'w1' });
    outputs.answer('delete_document', { success: 'true' });
    const node = await sent(['wiki', '+node-delete', '--workspace', 'w1', '--node', 'n1', '--yes']);
    expect(node.calls.map((c) => c[0])).toEqual(['doc/get_document_info', 'doc/delete_document']);
    expect(node.reason).toBe('backend_error');
    outputs.answer('delete_document', { success: true });
    expect((await sent(['wiki', '+node-delete', '--workspace', 'w1', '--node', 'n1', '--yes'])).printed)
      .toEqual({ success: true, nodeId: 'n1', deleted: true });
  });
});

// ListTables (shortcut/smart/list_tables.go:80-113@c7521c1c) reads get_tables through rt.CallMCPData
// (runner.go:255-271). Session 56 (h56-wd, h56-left): a blank answer reaches it as the text null, not as a blank text
// (the transport keeps no content, transport/client.go:159-205, and the adapter writes the nil map as null,
// app/tool_caller_adapter.go:141-193), so CallMCPData gives Go's nil map, which holds no table list, and rt.Output
// prints null, as for a JSON null; an object answer comes stamped success: true (app/runner.go:774-783), so one
// without a table list prints stamped.
describe('aitable +list-tables: a blank answer prints null (list_tables.go:88-96, tool_caller_adapter.go:141-193@c7521c1c)', () => {
  it('any blank answer text prints null', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom(' ', '\n', '\t', '\u3000'), { maxLength: 3 }).map((p) => p.join('')), async (blank) => {
      answerText('get_tables', blank);
      const r = await sent(['aitable', '+list-tables', '--base', 'b1']);
      expect(r.reason).toBeUndefined();
      expect(r.printed).toBeNull();
    }), { numRuns: 6 });
  });
  it('null prints null; an answer without a table list prints stamped', async () => {
    outputs.answer('get_tables', null);
    expect((await sent(['aitable', '+list-tables', '--base', 'b1'])).printed).toBeNull();
    outputs.answer('get_tables', { tables: [], list: [{ id: 1 }] });
    expect((await sent(['aitable', '+list-tables', '--base', 'b1'])).printed).toEqual({ tables: [], list: [{ id: 1 }], success: true });
  });
});

// NodeGet (shortcut/wiki/nodes.go:40-53@c7521c1c) reads its answer through requireWikiObject (common.go:83-101): with
// neither result nor data, an answer of one key proves no object (missing_business_result) even when that key is a
// nodeId; with two keys or more the answer itself is the node.
// h55-stamp2: requireWikiObject reads the runner's stamped answer (app/runner.go:774-783@c7521c1c), so a raw {nodeId}
// is {nodeId, success: true}, two keys, printed so; only a lone {success: true} is one key
describe('wiki +node-get: a one-key answer is no node object (requireWikiObject common.go:96-98@c7521c1c)', () => {
  it('a lone success is refused; {nodeId} / {id} / {fileId} alone or beside a second key prints, stamped', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom('nodeId', 'id', 'fileId'), fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !['nodeId', 'id', 'fileId', 'result', 'data', 'success'].includes(k)), async (key, other) => {
      outputs.answer('get_document_info', { success: true });
      const lone = await sent(['wiki', '+node-get', '--node', 'n1']);
      expect(lone.reason).toBe('backend_error');
      expect(lone.printed).toBeUndefined();
      outputs.answer('get_document_info', { [key]: 'n1' });
      const one = await sent(['wiki', '+node-get', '--node', 'n1']);
      expect(one.reason).toBeUndefined();
      expect(one.printed).toEqual({ [key]: 'n1', success: true });
      outputs.answer('get_document_info', { [key]: 'n1', [other]: 1 });
      const two = await sent(['wiki', '+node-get', '--node', 'n1']);
      expect(two.reason).toBeUndefined();
      expect(two.printed).toEqual({ [key]: 'n1', [other]: 1, success: true });
    }), { numRuns: 6 });
  });
  it('a result object is the node whatever else the answer holds', async () => {
    outputs.answer('get_document_info', { result: { nodeId: 'n1' } });
    expect((await sent(['wiki', '+node-get', '--node', 'n1'])).printed).toEqual({ nodeId: 'n1' });
  });
});
