// Session 41 second reading, part a2 (issue 32, notes/h41-a2.md, seed 20261361): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rawText } from '../fixtures/mcp/server.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h41a2-');

const GROUP = 'cidAAAAAAAAAAAA';
const oneGroup = { result: [{ openConversationId: GROUP, title: 'Team' }], hasMore: false };

describe('chat +group-members reads each get_group_members page with rt.CallMCPData (group_members.go:285-301@c7521c1c; runner.go:255-271)', () => {
  const argv = ['chat', '+group-members', '--group', 'team'];
  // an answer that does not decode into a Go map: a list, a number, a boolean, a quoted or non-JSON text
  const notObject = fc.constantFrom<string>('[1]', '[]', '5', 'true', '"x"', 'oops');

  it('a first page that is no JSON object is the command\'s error, not a printed ledger', async () => {
    await fc.assert(fc.asyncProperty(notObject, async (text) => {
      outputs.answer('im/search_groups', oneGroup);
      outputs.answer('chat/get_group_members', rawText(text));
      const run = await outputs.sent(argv);
      expect(run.reason).toBeDefined();
      expect(run.printed).toBeUndefined();
    }), { numRuns: 6 });
  });

  it('a later page that is no JSON object is a read failure in the ledger: the pages read so far are kept', async () => {
    await fc.assert(fc.asyncProperty(notObject, async (text) => {
      outputs.answer('im/search_groups', oneGroup);
      outputs.answersInTurn('chat/get_group_members', { hasMore: true, nextCursor: 'n', list: [{ name: 'a', openDingtalkId: 'o1' }] }, rawText(text));
      const run = await outputs.sent(argv);
      expect(run.reason).toBeUndefined();
      expect(run.calls.map(([tool, args]) => [tool, (args as { cursor: string }).cursor]))
        .toEqual([['im/search_groups', '0'], ['chat/get_group_members', '0'], ['chat/get_group_members', 'n']]);
      expect(run.printed).toMatchObject({
        members: [{ name: 'a', nick: '', role: '', openDingtalkId: 'o1' }],
        count: 1, pagesFetched: 1, complete: false, hasMore: true, partial: true, stopReason: 'read_failure',
        failedCount: 1, failures: [{ bucket: 'users', page: 2, stage: 'read' }], nextCursor: 'n',
      });
    }), { numRuns: 6 });
  });

  it('blank and null pages still decode (an empty map): a page without paging marks, listed, exit 0', async () => {
    for (const text of [' ', 'null']) {
      outputs.answer('im/search_groups', oneGroup);
      outputs.answer('chat/get_group_members', rawText(text));
      const run = await outputs.sent(argv);
      expect(run.reason).toBeUndefined();
      expect(run.printed).toMatchObject({ pagesFetched: 1, stopReason: 'pagination_error', failures: [{ page: 1, stage: 'pagination' }] });
    }
  });
});

describe('doc update (markdown) prints serverResponse only when the last answer is JSON (docWritePipeline doc_write_pipeline.go:109-118@c7521c1c: json.Valid, RawMessage)', () => {
  const argv = ['doc', 'update', '--node', 'N', '--content', 'c', '--mode', 'append', '--yes'];
  /** upstream's DocWriteResult.serverResponse for one answer text: absent unless json.Valid (a blank text is no text at all). */
  const upstreamResponse = (text: string): { has: boolean; value?: unknown } => {
    if (text.trim() === '') return { has: false };
    try {
      return { has: true, value: JSON.parse(text) as unknown };
    } catch {
      return { has: false };
    }
  };
  const answerText = fc.oneof(
    fc.constantFrom('ok', ' ', '', 'null', '[1, 2]', '"ok"', '5', 'true', '{"nodeId":"X"}', '{"a":1', 'nul'),
    fc.json(),
  );

  it('a text that is not JSON (or blank) leaves serverResponse out; JSON, null included, is printed as it decodes', async () => {
    await fc.assert(fc.asyncProperty(answerText, async (text) => {
      outputs.answer('doc/update_document', rawText(text));
      const run = await outputs.sent(argv);
      expect(run.reason).toBeUndefined();
      const printed = run.printed as Record<string, unknown>;
      const expected = upstreamResponse(text);
      expect('serverResponse' in printed).toBe(expected.has);
      if (expected.has) expect(printed.serverResponse).toEqual(expected.value);
    }), { numRuns: 40 });
  });

  it('with several pieces the last append answer decides, the same way', async () => {
    const long = Array.from({ length: 3 }, (_, i) => `${String(i)}${'x'.repeat(5000)}`).join('\n\n');
    for (const [last, has] of [['ok', false], ['null', true], ['[3]', true]] as const) {
      outputs.answersInTurn('doc/update_document', { nodeId: 'A' }, { nodeId: 'B' }, rawText(last));
      const run = await outputs.sent(['doc', 'update', '--node', 'N', '--content-file', 'body.md', '--mode', 'append', '--yes'], { 'body.md': long });
      expect(run.reason).toBeUndefined();
      expect(run.calls.length).toBeGreaterThan(1);
      const printed = run.printed as Record<string, unknown>;
      expect('serverResponse' in printed).toBe(has);
      if (has) expect(printed.serverResponse).toEqual(JSON.parse(last));
    }
  });

  it('the jsonml overwrite still prints the answer as it decodes (callMCPTool)', async () => {
    for (const text of ['[1]', '"ok"', 'ok', '{"a":1}']) {
      outputs.answer('doc/update_document', rawText(text));
      const run = await outputs.sent(['doc', 'update', '--node', 'N', '--content', '["root",{},["p",{},"x"]]', '--content-format', 'jsonml', '--mode', 'overwrite', '--yes']);
      expect(run.reason).toBeUndefined();
      let decoded: unknown = text;
      try { decoded = JSON.parse(text); } catch { /* not JSON: the text itself */ }
      expect(run.printed).toEqual(decoded);
    }
  });
});

describe('doc create, docWritePipeline\'s sibling (doc.go:1616-1624@c7521c1c): serverResponse as json.Valid reads the answer; without content the answer as it decodes', () => {
  const withContent = ['doc', 'create', '--name', 'n', '--content', 'c', '--yes'];
  const withoutContent = ['doc', 'create', '--name', 'n', '--yes'];
  it('with content: text that is not JSON leaves serverResponse out, null prints null, JSON prints decoded', async () => {
    for (const [text, has] of [['ok', false], [' ', false], ['null', true], ['[1]', true], ['"ok"', true], ['{"nodeId":"X"}', true]] as const) {
      outputs.answer('doc/create_document', rawText(text));
      const run = await outputs.sent(withContent);
      expect(run.reason).toBeUndefined();
      const printed = run.printed as Record<string, unknown>;
      expect('serverResponse' in printed).toBe(has);
      if (has) expect(printed.serverResponse).toEqual(JSON.parse(text));
    }
  });
  it('without content: callMCPTool prints the create answer as it decodes', async () => {
    for (const text of ['[1]', '"ok"', 'ok', '{"nodeId":"X"}']) {
      outputs.answer('doc/create_document', rawText(text));
      const run = await outputs.sent(withoutContent);
      expect(run.reason).toBeUndefined();
      let decoded: unknown = text;
      try { decoded = JSON.parse(text); } catch { /* not JSON: the text itself */ }
      expect(run.printed).toEqual(decoded);
    }
  });
});
