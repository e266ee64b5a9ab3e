// Session 34 second reading, part a1 (issue 32): where a drawn command still differed from upstream's body at
// c7521c1c, run as a user types it against the recording backend on 127.0.0.1 (notes/h34-a1.md).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h34a1-');
const { sent } = outputs;

/** The characters Go's json.Marshal escapes in a text (encoding/json encode.go: HTML-safe, and the JS line terminators). */
const GO_ESCAPED = /[<>&\u2028\u2029]/;
/** stripInputUnsafeChars (doc_jsonml_pipeline.go:21-52@c7521c1c): zero-width, BOM, Bidi; run on the marshalled text. */
const UNSAFE = /[\u200b-\u200d\ufeff\u202a-\u202e\u2066-\u2069]/g;

// prepareJsonMLBody ends `out, _ := json.Marshal(bodyArr)` then stripInputUnsafeChars(string(out))
// (doc_jsonml_pipeline.go:253-256), prepareJsonMLNode the same (:342-343@c7521c1c): the jsonml argument is a text, and
// Go's encoder writes <, >, & as \u003c, \u003e, \u0026 and U+2028/U+2029 as \u2028/\u2029, so the separators reach
// the server (as escapes the strip does not see) where a raw one would be stripped.
describe('doc create / update / block insert --content-format jsonml: the JSONML text is Go json.Marshal\'s (doc_jsonml_pipeline.go:253-256@c7521c1c)', () => {
  const body = (text: string) => JSON.stringify(['root', {}, ['p', {}, text]]);
  const created = async (text: string) => {
    outputs.answer('doc/create_document', { nodeId: 'N1' });
    const r = await sent(['doc', 'create', '--name', 'n', '--content-format', 'jsonml', '--content', body(text)]);
    expect(r.calls.map((c) => c[0])).toEqual(['doc/create_document', 'doc/update_document']);
    return (r.calls[1][1] as { jsonml: string }).jsonml;
  };
  it('<, >, & and the line separators are escaped as Go writes them; zero-width characters are stripped', async () => {
    expect(await created('a<b>&c\u2028d\u2029e\u200bf')).toBe('["root",{},["p",{},"a\\u003cb\\u003e\\u0026c\\u2028d\\u2029e' + 'f"]]');
  });
  it('doc update and block insert send the same text', async () => {
    const update = await sent(['doc', 'update', '--node', 'n1', '--mode', 'overwrite', '--content-format', 'jsonml', '--content', body('x<y'), '--yes']);
    expect((update.calls[0][1] as { jsonml: string }).jsonml).toBe('["root",{},["p",{},"x\\u003cy"]]');
    const insert = await sent(['doc', 'block', 'insert', '--node', 'n1', '--content-format', 'jsonml', '--element', '["p",{},"a&b"]', '--yes']);
    expect(insert.calls.map((c) => c[0])).toContain('doc/insert_document_block');
    const call = insert.calls.find((c) => c[0] === 'doc/insert_document_block')!;
    expect((call[1] as { jsonml: string }).jsonml).toBe('["p",{},"a\\u0026b"]');
  });
  it('any text: the sent JSONML decodes to the body without the unsafe characters, with no raw <, >, &, U+2028, U+2029 (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.constantFrom('a', '<', '>', '&', '\u2028', '\u2029', '\u200b', '中', ' ', '"'), { minLength: 1, maxLength: 8 }).map((p) => p.join('')), async (text) => {
      const jsonml = await created(text);
      expect(GO_ESCAPED.test(jsonml)).toBe(false);
      expect(JSON.parse(jsonml)).toEqual(['root', {}, ['p', {}, text.replace(UNSAFE, '')]]);
    }), { numRuns: 15 });
  });
});
