// The doc writes' JSONML check and repair (issue 32, f-jsonml): the `jsonml` transform reproduces upstream's
// prepareJsonMLNode / prepareJsonMLBody (internal/helpers/doc_jsonml_pipeline.go:160-343@c7521c1c) with the default
// build's schema check (doc/doc_jsonml_validate_v2.go) over catalog/data/jsonml-schema.yaml. The commands run as a user
// types them against the recording backend on 127.0.0.1; the parts are checked with properties.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { DwsError } from '../../src/errors.js';
import { JSONML_SCHEMA, checkJsonmlBody, checkJsonmlNode, prepareJsonmlBody, prepareJsonmlNode, stripBodyFragments, type JsonmlSchema } from '../../src/domain/doc-jsonml.js';
import { repairJson } from '../../src/domain/json-repair.js';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-fjsonml-');

const insert = (element: string, ...more: string[]) => ['doc', 'block', 'insert', '--node', 'D1', '--content-format', 'jsonml', '--element', element, ...more];
const update = (element: string, ...more: string[]) => ['doc', 'block', 'update', '--node', 'D1', '--block-id', 'B1', '--content-format', 'jsonml', '--element', element, ...more];
const overwrite = (content: string, ...more: string[]) => ['doc', 'update', '--node', 'D1', '--content-format', 'jsonml', '--content', content, '--mode', 'overwrite', '--yes', ...more];

const refused = { reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined };
const insertSent = (jsonml: string) => [['doc/insert_document_block', { nodeId: 'D1', format: 'jsonml', jsonml }]];
const updateSent = (jsonml: string) => [['doc/update_document_block', { nodeId: 'D1', blockId: 'B1', format: 'jsonml', jsonml }]];
const overwriteSent = (jsonml: string) => [['doc/update_document', { nodeId: 'D1', format: 'jsonml', jsonml, mode: 'overwrite' }]];
const callsOf = async (argv: string[]) => {
  const run = await sent(argv);
  return run.reason === undefined ? run.calls : run;
};

describe('doc block insert --content-format jsonml checks the node against the tag schema before it sends', () => {
  it('a node every attribute of which has its type is sent with Go\'s sorted keys', async () => {
    expect(await callsOf(insert('["p",{"jc":"center","list":{"level":0,"listId":"L"}},["span",{"data-type":"text"},"hi"]]')))
      .toEqual(insertSent('["p",{"jc":"center","list":{"level":0,"listId":"L"}},["span",{"data-type":"text"},"hi"]]'));
  });

  it('an enum value not listed, a number above its maximum, a text for a boolean and a non-text tag are refused with no call', async () => {
    for (const element of ['["p",{"jc":"middle"}]', '["p",{"list":{"level":12}}]', '["p",{"blockquote":"yes"}]', '["p",{},[1,"x"]]', '[["p",{"jc":"up"}]]']) {
      expect(await sent(insert(element))).toEqual(refused);
    }
  });

  it('an unknown tag, an unknown attribute and a misplaced child only warn upstream, so they are sent', async () => {
    expect(await callsOf(insert('["mystery",{"x":1}]'))).toEqual(insertSent('["mystery",{"x":1}]'));
    expect(await callsOf(insert('["p",{"colour":"red"},["p",{}]]'))).toEqual(insertSent('["p",{"colour":"red"},["p",{}]]'));
  });

  it('a bare array as typed is checked as a body (ValidateJsonMLSource): a list of nodes and an empty array pass', async () => {
    expect(await callsOf(insert(' [["p",{}],["h1",{}]]'))).toEqual(insertSent('[["p",{}],["h1",{}]]'));
    expect(await callsOf(insert('[]'))).toEqual(insertSent('[]'));
  });

  it('an empty node unwrapped from {"jsonml": [...]} is checked as a node, so it is refused', async () => {
    expect(await sent(insert('{"jsonml":[[]]}'))).toEqual(refused);
    expect(await callsOf(insert('{"jsonml":[["p",{}]]}'))).toEqual(insertSent('["p",{}]'));
  });

  it('a fragment holding one node is replaced by it; one holding none, two or only text is refused', async () => {
    expect(await callsOf(insert('["fragment",{"scope":"x"},["p",{},["fragment",["span",{},"a"]]]]'))).toEqual(insertSent('["p",{},["span",{},"a"]]'));
    for (const element of ['["fragment",{}]', '["fragment",["p"],["p"]]', '["fragment","text"]']) expect(await sent(insert(element))).toEqual(refused);
  });

  it('with --fix-jsonml missing closing brackets are added; without it the same text is refused', async () => {
    expect(await callsOf(insert('["p",{"jc":"center"},["span",{},"hi"', '--fix-jsonml'))).toEqual(insertSent('["p",{"jc":"center"},["span",{},"hi"]]'));
    expect(await sent(insert('["p",{"jc":"center"},["span",{},"hi"'))).toEqual(refused);
    expect(await callsOf(insert('["p",{},["span",{},"hi"]]]', '--fix-jsonml'))).toEqual(insertSent('["p",{},["span",{},"hi"]]'));
  });

  it('a repaired node is still checked; unquoted words are quoted by the repair, as upstream\'s library does', async () => {
    expect(await sent(insert('["p",{"jc":1}', '--fix-jsonml'))).toEqual(refused);
    expect(await callsOf(insert('["p",{jc: center}]', '--fix-jsonml'))).toEqual(insertSent('["p",{"jc":"center"}]'));
  });
});

describe('doc block update --content-format jsonml runs the same check and repair', () => {
  it('a valid node is sent, a wrong type refused, a broken one repaired with --fix-jsonml', async () => {
    expect(await callsOf(update('["h2",{"uuid":"u1"},["span",{},"t"]]'))).toEqual(updateSent('["h2",{"uuid":"u1"},["span",{},"t"]]'));
    expect(await sent(update('["h2",{"uuid":7}]'))).toEqual(refused);
    expect(await callsOf(update('["h2",{"uuid":"u1"},["span",{},"t"]', '--fix-jsonml'))).toEqual(updateSent('["h2",{"uuid":"u1"},["span",{},"t"]]'));
    // json-repair v0.0.15 reads the quote after u1 as part of the value (its unescaped-quote guess, parseString): the
    // later quote before `]` looks a better end, so the rest of the text becomes the uuid (f-repair)
    expect(await callsOf(update('["h2",{"uuid":"u1",},["span",{},"t"]', '--fix-jsonml'))).toEqual(updateSent('["h2",{"uuid":"u1\\",},[\\"span\\",{},\\"t"}]'));
  });
});

describe('doc update --content-format jsonml checks the body before it overwrites', () => {
  it('a valid body goes; a node of the wrong type deep inside is refused with no call', async () => {
    expect(await callsOf(overwrite('["root",{},["table",{},["tr",{},["tc",{},["p",{},["span",{},"x"]]]]]]')))
      .toEqual(overwriteSent('["root",{},["table",{},["tr",{},["tc",{},["p",{},["span",{},"x"]]]]]]'));
    expect(await sent(overwrite('{"jsonml":["root",{},["p",{"spacing":{"lineRule":"double"}}]]}'))).toEqual(refused);
  });

  it('a top fragment becomes the root of its children (stripBodyFragments)', async () => {
    expect(await callsOf(overwrite('{"jsonml":["fragment",{"scope":"s"},["p",{}],["fragment",["h1",{}]]]}'))).toEqual(overwriteSent('["root",{},["p",{}],["h1",{}]]'));
  });

  it('with --fix-jsonml a body missing its closing brackets is repaired, then checked', async () => {
    expect(await callsOf(overwrite('["root",{},["p",{}', '--fix-jsonml'))).toEqual(overwriteSent('["root",{},["p",{}]]'));
    expect(await sent(overwrite('["root",{},["p",{}'))).toEqual(refused);
    expect(await sent(overwrite('["root",{},["p",{"jc":true}', '--fix-jsonml'))).toEqual(refused);
  });
});

describe('the tag schema is the data of catalog/data/jsonml-schema.yaml', () => {
  it('the generated module holds exactly the YAML file\'s tags (scripts/gen-jsonml-schema.mjs)', () => {
    const fromYaml = (parse(readFileSync('catalog/data/jsonml-schema.yaml', 'utf8')) as { tags: JsonmlSchema }).tags;
    expect(JSONML_SCHEMA).toEqual(fromYaml);
  });
});

// ── properties ───────────────────────────────────────────────────────────────────────────────────────────────────

const tags = Object.keys(JSONML_SCHEMA);
/** A node the schema takes, with no attributes: a tag, and children its tag allows (text only where #text is). */
const validNode = (tag: string, depth: number): fc.Arbitrary<unknown[]> => {
  const spec = JSONML_SCHEMA[tag];
  const childTags = spec.children.filter((c) => c !== '#text');
  const kids: fc.Arbitrary<unknown>[] = [];
  if (spec.children.includes('#text')) kids.push(fc.string());
  if (depth > 0 && childTags.length > 0) kids.push(fc.constantFrom(...childTags).chain((t) => validNode(t, depth - 1)));
  const children = kids.length === 0 ? fc.constant([]) : fc.array(fc.oneof(...kids), { maxLength: 3 });
  return children.map((c) => [tag, {}, ...c]);
};
const anyValid = fc.constantFrom(...tags).chain((t) => validNode(t, 2));

describe('the check and the repair as properties', () => {
  it('the schema check never throws on any JSON value, as a node or as a body', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      const d = checkJsonmlNode(v);
      expect(Array.isArray(d.errors) && Array.isArray(d.warnings)).toBe(true);
      if (Array.isArray(v)) checkJsonmlBody(v);
    }));
  });

  it('the node pipeline either returns an array or refuses with invalid_parameter, for any text', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.json()), fc.boolean(), (text, repair) => {
      try {
        expect(Array.isArray(prepareJsonmlNode(text, repair, '--element'))).toBe(true);
      } catch (e) {
        expect(e instanceof DwsError && e.reason === 'invalid_parameter').toBe(true);
      }
    }));
  });

  it('a node the schema takes passes unchanged, with no error and no warning', () => {
    fc.assert(fc.property(anyValid, (node) => {
      expect(checkJsonmlNode(node)).toEqual({ errors: [], warnings: [] });
      expect(prepareJsonmlNode(JSON.stringify(node), false, '--element')).toEqual(node);
      expect(prepareJsonmlNode(JSON.stringify(node), true, '--element')).toEqual(node);
    }));
  });

  it('a root body of valid blocks passes the body pipeline unchanged', () => {
    fc.assert(fc.property(validNode('root', 2), (body) => {
      expect(prepareJsonmlBody(JSON.stringify(body), false, '--content')).toEqual(body);
      expect(prepareJsonmlBody(JSON.stringify({ jsonml: body }), false, '--content')).toEqual(body);
    }));
  });

  it('valid JSON is left as it is by the repair, and a repair is idempotent and parses', () => {
    fc.assert(fc.property(fc.json(), (text) => {
      expect(repairJson(text)).toBe(text);
    }));
    fc.assert(fc.property(fc.json().chain((t) => fc.nat(t.length).map((cut) => t.slice(0, cut))), (text) => {
      const once = repairJson(text);
      if (once === undefined) return;
      expect(() => JSON.parse(once) as unknown).not.toThrow();
      expect(repairJson(once)).toBe(once);
    }));
  });

  it('an array cut short anywhere after its first element is repaired into an array', () => {
    fc.assert(fc.property(anyValid, fc.nat(), (node, at) => {
      const text = JSON.stringify(node);
      const cut = text.slice(0, 1 + (at % text.length));
      const fixed = repairJson(cut);
      if (fixed !== undefined) expect(Array.isArray(JSON.parse(fixed))).toBe(true);
      // a cut after a whole value (a comma or a bracket) always mends
      if (/[,\]}]$/u.test(cut)) expect(fixed).not.toBe(undefined);
    }));
  });

  it('unwrapping fragments is idempotent and leaves no fragment tag behind', () => {
    const withFragments = fc.letrec<{ node: unknown[] }>((tie) => ({
      node: fc.tuple(fc.constantFrom('p', 'span', 'fragment', 'root'), fc.array(fc.oneof(fc.string(), tie('node')), { maxLength: 3 }))
        .map(([tag, kids]) => [tag, {}, ...kids]),
    }));
    fc.assert(fc.property(withFragments.node, (body) => {
      const once = stripBodyFragments(body).node;
      expect(stripBodyFragments(once)).toEqual({ node: once, count: 0 });
      const fragmentTags = (v: unknown): number => (Array.isArray(v) ? (v[0] === 'fragment' ? 1 : 0) + v.slice(1).reduce((n: number, c) => n + fragmentTags(c), 0) : 0);
      expect(fragmentTags(once)).toBe(0);
    }));
  });
});
