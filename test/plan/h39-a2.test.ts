// Session 39 second reading, part a2 (issue 32, notes/h39-a2.md): where a drawn command (seed 20261347) still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h39a2-');

describe('minutes +replace-batch --json: rules decoded as Go\'s json.Unmarshal fills wirePair (smart/replace_batch.go:294-330@c7521c1c)', () => {
  const before = { result: { paragraphList: [{ paragraphId: 'p1', paragraph: '张三 说 PM 好' }], hasNext: false } };
  const after = { result: { paragraphList: [{ paragraphId: 'p1', paragraph: '张三丰 说 产品经理 好' }], hasNext: false } };
  const base = ['minutes', '+replace-batch', '--id', 't', '--failure-policy', 'continue', '--yes', '--json'];
  const writes = (calls: unknown[][]) => calls.filter(([tool]) => tool === 'minutes/replace_minutes_text').map(([, args]) => args);

  it('a key matches its field ignoring case (SOURCE, Replacement, REPLACEDTEXT), as Go\'s decoder does', async () => {
    outputs.answersInTurn('minutes/get_minutes_transcription', before, after);
    outputs.answer('minutes/replace_minutes_text', { success: true });
    const run = await outputs.sent([...base, '[{"SOURCE":" 张三 ","Replacement":"","REPLACEDTEXT":"张三丰"}]']);
    expect(run.reason).toBeUndefined();
    expect(writes(run.calls)).toEqual([{ taskUuid: 't', originalText: '张三', replacedText: '张三丰' }]);
  });
  it('the {replacements: [...]} form too, its key in any case', async () => {
    outputs.answersInTurn('minutes/get_minutes_transcription', before, after);
    outputs.answer('minutes/replace_minutes_text', { success: true });
    const run = await outputs.sent([...base, '{"Replacements":[{"OriginalText":"PM","replacedtext":"产品经理"}]}']);
    expect(run.reason).toBeUndefined();
    expect(writes(run.calls)).toEqual([{ taskUuid: 't', originalText: 'PM', replacedText: '产品经理' }]);
  });
  it('what Go refuses is still refused before any call: a mistyped field, a non-object rule, null replacements, no rule', async () => {
    for (const json of ['[{"source":5}]', '[5]', '{"replacements":null}', '[]', 'null', '{"replacements":[]}', '[{"Source":" "}]', '[null]', '[{"x":1}] x']) {
      const run = await outputs.sent([...base, json]);
      expect(run.calls, json).toEqual([]);
      expect(run.reason, json).toBe('invalid_parameter');
    }
  });
  it('any spelling of the four keys reads as upstream\'s decode (a property over key case)', async () => {
    const flip = (key: string) => fc.array(fc.boolean(), { minLength: key.length, maxLength: key.length })
      .map((up) => [...key].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
    await fc.assert(fc.asyncProperty(flip('source'), flip('replacedText'), async (s, r) => {
      outputs.answersInTurn('minutes/get_minutes_transcription', before, after);
      outputs.answer('minutes/replace_minutes_text', { success: true });
      const run = await outputs.sent([...base, JSON.stringify([{ [s]: '张三', [r]: '张三丰' }])]);
      expect(writes(run.calls)).toEqual([{ taskUuid: 't', originalText: '张三', replacedText: '张三丰' }]);
    }), { numRuns: 8 });
  });
});

describe('wiki +wiki-new-doc: a null or blank search answer is unreadable, not "no space" (smart/wiki_new_doc.go:188-195, runner.go:255-271@c7521c1c)', () => {
  const argv = ['wiki', '+wiki-new-doc', '--space', 's', '--title', 't'];
  it('JSON null decodes into a nil map: empty_tool_response, backend_error after the search, nothing created', async () => {
    outputs.answerText('search_wikiSpaces', 'null');
    const run = await outputs.failure(argv);
    expect(run.reason).toBe('backend_error');
    expect(run.message).toContain('empty_tool_response');
  });
  it('a blank text is the empty map: no list of spaces (missing_collection), backend_error', async () => {
    outputs.answerText('search_wikiSpaces', '  ');
    const run = await outputs.failure(argv);
    expect(run.reason).toBe('backend_error');
    expect(run.message).toContain('missing_collection');
  });
});
