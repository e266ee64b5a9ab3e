// --fix-jsonml's repair as upstream's (issue 32, f-repair): doc_jsonml_pipeline.go:15, :170-178, :271-280@c7521c1c
// call RepairJSON of github.com/RealAlexandreAI/json-repair v0.0.15 (jsonrepair.go, tag commit e50ef66b) on text that
// is not JSON; src/domain/json-repair.ts reproduces it. Each expected output below was derived by reading that Go
// source; the comment names the function and branch that gives it. Then the pipeline (prepareJsonMLNode/Body) parses
// the repaired text, so a result that is not an array (or, for a body, a wrapper) is refused.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { repairJson } from '../../src/domain/json-repair.js';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-frepair-');

// [input, RepairJSON's output (undefined: it returns an error)]
const TABLE: [string, string | undefined][] = [
  // RepairJSON: json.Valid after TrimSpace -> json.Compact (no reading)
  [' ["p", {"jc": "center"}] ', '["p",{"jc":"center"}]'],
  // RepairJSON: TrimPrefix "```json", then json.Valid -> Compact (the closing fence makes it invalid: read, and the
  // reader stops after the array)
  ['```json\n["p", {}, "x"]\n```', '["p",{},"x"]'],
  // parseString: a single quote sets both delimiters to '; parseObject keys the same way
  ["['p', {'jc': 'center'}, 'hi']", '["p",{"jc":"center"},"hi"]'],
  // parseString missingQuotes: an object_key word ends at ':'; an object_value word ends at ',' or '}' when no quoted
  // part ending at one follows
  ['["p", {jc: center, bold: yes}]', '["p",{"bold":"yes","jc":"center"}]'],
  // parseString missingQuotes under the array marker: only a quote ends the word, so the rest of the text is the word
  ['[p, {}]', '["p, {}]"]'],
  // parseString -> parseBooleanOrNull: t/f/n words in any case outside a key; None is not a literal (a bare word)
  ['{"a": True, "b": FALSE, "c": None}', '{"a":true,"b":false,"c":"None"}'],
  // parseArray: a null value ends the array (`value == nil` -> break), the rest dropped
  ['["p", null, "x"', '["p"]'],
  // parseArray: commas and spaces after a value skipped, so a trailing comma is no value
  ['["p", {}, "a",]', '["p",{},"a"]'],
  // a missing comma: parseString's closing quote ends at the next quote, parseArray reads the next value
  ['["p" {"a": 1} "x"]', '["p",{"a":1},"x"]'],
  // parseArray/parseObject at the end of the text: closed; parseString at the end: the string so far
  ['["p", {"jc": "center"}, ["span", {}, "hi', '["p",{"jc":"center"},["span",{},"hi"]]'],
  ['[[[', '[[[]]]'],
  // parseObject: a line comment's words are read as keys that parseString drops (no ':' or ',' after the word)
  ['{"a": 1, // note\n"b": 2}', '{"a":1,"b":2}'],
  // parseJSON: outside any container only { and [ start a value: text before is skipped, text after never read
  ['here it is: ["p", {}, "x"] done', '["p",{},"x"]'],
  // parseJSON: no { or [ at all -> "" (the pipeline then refuses: not an array)
  ['hello', '""'],
  ['}', '""'],
  ['   ', '""'],
  // parseObject: a key with no colon: the next byte is skipped as the colon, the value read after it
  ['{"a" 1}', '{"a":""}'],
  // parseArray (PR #21): a `}` followed by another closing bracket ends the array; the object then ends too
  ['{"a": [1, 2}}, "b": 3}', '{"a":[1,2]}'],
  // parseString (issue 18): a quote inside a value whose later quote looks a better end (followed by `,` then `"`)
  ['{"t": "he said "hi", ok", "b": 1}', '{"b":1,"t":"he said \\"hi\\", ok"}'],
  // parseNumber: float32 rounding (ParseFloat(s, 32)), `1/2` not an integer (Atoi fails -> 0), `1,5` in an object text
  ['{"a": 0.1, "b": 1/2, "c": 1,5}', '{"a":0.10000000149011612,"b":0,"c":"1,5"}'],
  // parseNumber: beyond float32 -> +Inf -> JSONMarshal fails -> RepairJSON returns an error
  ['{"a": 1e39', undefined],
  // parseString doubledQuotes: the byte after the quote read unchecked (p.container[p.index+1]) -> a panic, recovered
  // into RepairJSON's error
  ['[""a\\""', undefined],
  // parseString: an unquoted CJK word; bytes, not characters, but a whole word comes out whole
  ['["p", {}, "中文', '["p",{},"中文"]'],
  ['{中文: 1', '{"中文":1}'],
];

describe('the repair gives what json-repair v0.0.15 RepairJSON gives', () => {
  it('for each typed form in the table (derived from jsonrepair.go)', () => {
    expect(TABLE.map(([input]) => [input, repairJson(input)])).toEqual(TABLE);
  });
});

const insert = (element: string, ...more: string[]) => ['doc', 'block', 'insert', '--node', 'D1', '--content-format', 'jsonml', '--element', element, ...more];
const insertSent = (jsonml: string) => [['doc/insert_document_block', { nodeId: 'D1', format: 'jsonml', jsonml }]];
const refused = { reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined };
const callsOf = async (argv: string[]) => {
  const run = await sent(argv);
  return run.reason === undefined ? run.calls : run;
};

describe('doc block insert --fix-jsonml sends the repaired node upstream sends', () => {
  it('single quotes, unquoted keys and words, Python literals and a comment are mended', async () => {
    expect(await callsOf(insert("['p', {'jc': 'center'}, 'hi']", '--fix-jsonml'))).toEqual(insertSent('["p",{"jc":"center"},"hi"]'));
    expect(await callsOf(insert('["p", {jc: right, blockquote: True}, "hi"]', '--fix-jsonml')))
      .toEqual(insertSent('["p",{"blockquote":true,"jc":"right"},"hi"]'));
    expect(await callsOf(insert('["p", {"jc": "left", // aligned\n"blockquote": False}]', '--fix-jsonml')))
      .toEqual(insertSent('["p",{"blockquote":false,"jc":"left"}]'));
  });

  it('text around the node, a trailing comma and a truncated tail are mended', async () => {
    expect(await callsOf(insert('Here: ["p", {}, ["span", {}, "hi"],] thanks', '--fix-jsonml'))).toEqual(insertSent('["p",{},["span",{},"hi"]]'));
    expect(await callsOf(insert('["p", {"jc": "center"}, ["span", {}, "hel', '--fix-jsonml'))).toEqual(insertSent('["p",{"jc":"center"},["span",{},"hel"]]'));
  });

  it('a repair that is not a node, a repaired node the schema refuses, and a repair that fails are refused with no call', async () => {
    for (const element of ['p hello', '["p", {"jc": middle}]', '["p", {"list": {"level": 1e39}}']) {
      expect(await sent(insert(element, '--fix-jsonml'))).toEqual(refused);
    }
  });

  it('without --fix-jsonml the same texts are refused', async () => {
    expect(await sent(insert("['p', {'jc': 'center'}, 'hi']"))).toEqual(refused);
  });
});

describe('the repair as properties', () => {
  const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.json().chain((t) => fc.nat(t.length).map((n) => t.slice(0, n))),
    fc.array(fc.constantFrom('[', ']', '{', '}', '"', "'", ',', ':', ' ', 'a', 'true', 'None', '1', '.', '-', '\\', '中', '/'), { maxLength: 30 }).map((a) => a.join('')));

  it('never throws: it returns JSON text, or undefined where the library fails', () => {
    fc.assert(fc.property(anyText, (text) => {
      const out = repairJson(text);
      if (out !== undefined) expect(() => JSON.parse(out) as unknown).not.toThrow();
    }), { numRuns: 2000 });
  });

  it('valid JSON keeps its meaning (json.Valid -> json.Compact)', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
      const text = JSON.stringify(value, null, indent);
      const out = repairJson(text);
      expect(out).toBe(JSON.stringify(value));
    }));
  });

  it('repairing a repair gives it back unchanged', () => {
    fc.assert(fc.property(anyText, (text) => {
      const once = repairJson(text);
      if (once !== undefined) expect(repairJson(once)).toBe(once);
    }), { numRuns: 2000 });
  });
});
