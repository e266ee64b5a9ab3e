// Session 52 helper left, item 1 (issue 32, notes/h52-left.md): numbers in a backend answer printed as upstream prints
// them. Upstream decodes the answer text with json.Unmarshal into an `any` (helpers/helpers.go:430-455 renderLegacyMCPText
// under the default --format json; the runner's ToolCallResult, transport/client.go:159-205; the shortcuts' CallMCPData,
// helpers.go:275-291@c7521c1c), so each number is a float64, and prints it with encoding/json. JavaScript reads and
// writes a double as Go does except a negative zero, which JSON.stringify writes `0` (dws printed `-0`, `-0.0` and
// `-1e-400` as 0), and a number beyond float64, which JSON.parse reads as Infinity (dws printed null) where Go's decoder
// fails and upstream prints the text as it came. The expectations come from test/plan/go-json-model.ts, a model of
// Go's strconv and encoding/json rules. Commands run as a user types them against the fake server on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, runCliAsync } from '../helpers.js';
import { rawText } from '../fixtures/mcp/server.js';
import { expectedHashes, useServedBackend, type ServedBackend } from '../serve/client.js';
import { useOutputRuns } from './output-runs.js';
import { Literal, type Tree, answerText, decodesInGo, goJsonFloat, goMarshal, goParseFloat } from './go-json-model.js';

const runs = useOutputRuns('dws-h52left-');
let served: ServedBackend;
useServedBackend('tok-h52-left-never-print-me', (b) => (served = b));

/** The commands that print an answer: an atomic one, and a composite whose last read is printed. */
const COMMANDS = [
  { name: 'contact dept get-info (atomic)', argv: ['contact', 'dept', 'get-info', '--dept', '1'], tool: 'contact/get_dept_info_by_dept_id' },
  {
    name: 'contact +lookup (composite)', argv: ['contact', '+lookup', '--name', '张三'], tool: 'contact/get_user_info_by_user_ids',
    before: { 'contact/search_contact_by_key_word': { result: [{ userId: 'u1', name: '张三' }] } },
  },
] as const;

/** What a command prints (stdout) when its backend answers `text`, in each of dws's formats. */
async function printed(cmd: (typeof COMMANDS)[number], text: string, format?: 'json' | 'text'): Promise<string> {
  for (const [tool, body] of Object.entries('before' in cmd ? cmd.before : {})) runs.answer(tool, body);
  runs.answer(cmd.tool, rawText(text));
  const outcome = await dispatchInProcess([...cmd.argv, ...(format ? ['--format', format] : [])], runs.env());
  expect(outcome.error?.envelope()).toBeUndefined();
  return outcome.out;
}

/** What upstream prints for an answer text, in dws's envelope: the float64s as encoding/json writes them, else the text. */
const expected = (t: Tree, format: 'json' | 'text'): string => {
  // dws's text format prints an answer that is a text as the text itself (its own format; upstream has no such one)
  if (typeof t === 'string' && format === 'text') return t + '\n';
  if (!decodesInGo(t)) return format === 'json' ? JSON.stringify({ result: answerText(t) }) + '\n' : answerText(t) + '\n';
  return format === 'json' ? `{"result":${goMarshal(t)}}\n` : goMarshal(t, '  ') + '\n';
};

/** The literals of the brief, each with what Go's float64 printing makes of it (checked against the model too). */
const BRIEF: [string, string][] = [
  ['-0', '-0'], ['-0.0', '-0'], ['1.50', '1.5'], ['1e3', '1000'], ['1E+2', '100'], ['1e21', '1e+21'], ['1e-7', '1e-7'],
  ['123456789012345678901', '123456789012345680000'], ['0.1', '0.1'], ['5e-324', '5e-324'],
  ['-1e-400', '-0'], ['1e-400', '0'], ['-0e5', '-0'], ['1e20', '100000000000000000000'], ['1e-6', '0.000001'],
  ['9223372036854775807', '9223372036854776000'], ['1.7976931348623157e308', '1.7976931348623157e+308'],
];

describe('h52-left item 1: the model agrees with Go on the literals of the brief', () => {
  it.each(BRIEF)('%s prints as %s', (literal, go) => {
    expect(goJsonFloat(goParseFloat(literal)!)).toBe(go);
  });
  it('a number beyond float64 does not decode', () => {
    for (const literal of ['1e400', '-1e400', '1.8e308', '9'.repeat(400)]) expect(goParseFloat(literal)).toBeUndefined();
  });
});

describe('h52-left item 1: an answer\'s numbers printed as upstream prints them', () => {
  const sample: Tree = Object.fromEntries(BRIEF.map(([literal], i) => [`k${String(i).padStart(2, '0')}`, new Literal(literal)]));
  (sample as Record<string, Tree>).l = [new Literal('-0'), { z: new Literal('-0.000e-2') }];
  for (const cmd of COMMANDS) {
    it(`${cmd.name}: every literal of the brief, default format (json)`, async () => {
      const out = await printed(cmd, answerText(sample));
      expect(out).toBe(expected(sample, 'json'));
      // the signs, spelled out: -0, -0.0 and -1e-400 print -0 (before: 0)
      expect(out).toContain('"k00":-0,"k01":-0,');
      expect(out).toContain('"l":[-0,{"z":-0}]');
    });
    it(`${cmd.name}: --format json and --format text`, async () => {
      expect(await printed(cmd, answerText(sample), 'json')).toBe(expected(sample, 'json'));
      expect(await printed(cmd, answerText(sample), 'text')).toBe(expected(sample, 'text'));
    });
    it(`${cmd.name}: an answer that is a negative zero alone prints -0`, async () => {
      expect(await printed(cmd, '-0.0')).toBe('{"result":-0}\n');
    });
    it(`${cmd.name}: a number beyond float64 fails Go's decoder, so the text is printed as it came (before: null)`, async () => {
      const text = '{"a":1,"b":1e400}';
      expect(await printed(cmd, text)).toBe(JSON.stringify({ result: text }) + '\n');
      expect(await printed(cmd, '[-2e308]', 'text')).toBe('[-2e308]\n');
    });
  }

  it('structured content: a negative zero in it prints -0 (upstream decodes it into a map[string]any)', async () => {
    runs.mcp.faults.push({
      tool: 'get_dept_info_by_dept_id', times: 1,
      body: { contentType: 'application/json', text: '{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"x"}],"structuredContent":{"a":-0,"b":[1.50,-0.0]}}}' },
    });
    const outcome = await dispatchInProcess(['contact', 'dept', 'get-info', '--dept', '1'], runs.env());
    expect(outcome.out).toBe('{"result":{"a":-0,"b":[1.5,-0]}}\n');
  });

  it('the CLI binary and `dws serve`\'s execute print the same -0 (both print what dispatch hands them)', async () => {
    served.mcp.answers['contact/get_dept_info_by_dept_id'] = () => rawText('{"a":-0.0,"b":[1.50,-0]}');
    const cli = await runCliAsync(['contact', 'dept', 'get-info', '--dept', '1'], '', served.env);
    expect([cli.status, cli.stdout]).toEqual([0, '{"result":{"a":-0,"b":[1.5,-0]}}\n']);
    const a = await served.served.call('execute', { canonical_path: 'contact.get_dept_info_by_dept_id', arguments: { dept: '1' }, ...expectedHashes(served.engine) });
    expect([a.isError, a.text]).toEqual([false, '{"result":{"a":-0,"b":[1.5,-0]}}']);
  });

  it('an integer dws reads from a float64 answer prints without a sign, as Go\'s int (drive download\'s version: int(f))', async () => {
    // parseDownloadFileVersion (drive_transfer.go:198-214@c7521c1c): a number is int(f), so -0.5 and -0 are the int 0
    for (const version of ['-0.5', '-0', '"-0"']) {
      runs.mcp.files['f.bin'] = Buffer.from('bytes');
      runs.answer('drive/download_file', rawText(`{"result":{"downloadUrl":"${runs.mcp.base}/files/f.bin","version":${version}}}`));
      const outcome = await dispatchInProcess(['drive', 'download', '--node', 'n1', '--output', 'f.bin'], runs.env());
      expect(outcome.out).toBe('{"result":{"success":true,"nodeId":"n1","version":0,"savedPath":"f.bin","sizeBytes":5}}\n');
    }
  });

  it('an answer upstream reads with UseNumber (chat message list) still prints each literal as typed', async () => {
    runs.answer('chat/list_conversation_message_v2', rawText('{"a":-0.0,"b":1.50,"c":1e400,"messages":[]}'));
    const outcome = await dispatchInProcess(['chat', 'message', 'list', '--group', 'cid'], runs.env());
    expect(outcome.out).toBe('{"result":{"a":-0.0,"b":1.50,"c":1e400,"messages":[]}}\n');
  });

});

/** A JSON number literal as a backend may write it: RFC 8259's grammar, drawn part by part, and the brief's spellings. */
const literal: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...BRIEF.map(([l]) => l), '-0.000e-2', '-0E+3', '1e400', '-1e400') },
  {
    weight: 4,
    arbitrary: fc.tuple(
      fc.constantFrom('', '-'),
      fc.oneof(fc.constant('0'), fc.tuple(fc.integer({ min: 1, max: 9 }), fc.stringMatching(/^[0-9]{0,24}$/)).map(([d, r]) => `${d}${r}`)),
      fc.option(fc.stringMatching(/^[0-9]{1,20}$/), { nil: '' }),
      fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 290, max: 340 }))), { nil: undefined }),
    ).map(([sign, whole, frac, exp]) => `${sign}${whole}${frac === '' ? '' : `.${frac}`}${exp === undefined ? '' : `${exp[0]}${exp[1]}${exp[2]}`}`),
  },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? '-0' : String(x))) },
);

/** A decoded answer: objects (keys drawn in sorted order), lists, plain texts, booleans, null and number literals. */
const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree; leaf: Tree }>((tie) => ({
  leaf: fc.oneof(literal.map((l) => new Literal(l)), fc.stringMatching(/^[a-z0-9 ]{0,6}$/), fc.boolean(), fc.constant(null)),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.uniqueArray(fc.stringMatching(/^k[a-z]{1,3}$/), { maxLength: 4 }).chain((keys) =>
      fc.tuple(...keys.sort().map(() => tie('node'))).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]])))),
  ),
})).node;

describe('h52-left item 1: property, random answers printed as Go prints their float64s', () => {
  for (const cmd of COMMANDS) {
    it(`${cmd.name}: json and text`, async () => {
      await fc.assert(fc.asyncProperty(tree, fc.constantFrom<'json' | 'text'>('json', 'text'), async (t, format) => {
        expect(await printed(cmd, answerText(t), format)).toBe(expected(t, format));
      }), { numRuns: 60 });
    });
  }
});
