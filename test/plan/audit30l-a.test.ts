// The twelfth audit, part a (seed 20261213, notes/audit-30l-a.md): what its commands print, run as a user types them
// against the recording backend on 127.0.0.1, and how a flag of type int/int64 reads its text. The calls themselves
// are pinned by the `a-l1:` cases of test/fixtures/calls/{doc,aitable,mail,calendar,minutes,chat}.yaml.
//
// doc update ends in docWritePipeline (doc_write_pipeline.go:67-122@c7521c1c) for markdown: it prints DocWriteResult
// {success, nodeId, chunksWritten, serverResponse}; nodeId is the answer's own top-level nodeId text for one write
// (singleWrite, extractNodeIDFromResult :260) and the --node value for several pieces (chunkedWrite :170), and
// serverResponse is the last answer. A jsonml overwrite goes through callMCPTool (doc.go:1751) and prints the answer.
// view get fill-color-rule/aggregate print {status: success, data: the view's block (nil as {}), error: {}}
// (printViewSubBlock aitable.go:833).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, parseGoInt } from '../../src/contract/flag-types.js';
import { JsonNumber } from '../../src/json-number.js';
import { useOutputRuns } from './output-runs.js';

const { run, answer, failure, mcp } = useOutputRuns('dws-audit30l-a-');

const update = (...more: string[]) => ['doc', 'update', '--node', 'n1', ...more, '--yes'];

describe('doc update prints upstream DocWriteResult for markdown', () => {
  it('one write: the nodeId the answer names, one chunk, the answer as serverResponse', async () => {
    answer('doc/update_document', { nodeId: 'n9', success: true });
    expect(await run(update('--mode', 'append', '--content', '新段落'))).toEqual({
      success: true, nodeId: 'n9', chunksWritten: 1, serverResponse: { nodeId: 'n9', success: true },
    });
  });

  it('one write whose answer has no nodeId text at the top prints an empty nodeId, not the flag', async () => {
    answer('doc/update_document', { result: { nodeId: 'n9' } });
    expect(await run(update('--mode', 'append', '--content', '新段落'))).toEqual({
      success: true, nodeId: '', chunksWritten: 1, serverResponse: { result: { nodeId: 'n9' } },
    });
    answer('doc/update_document', { nodeId: 42 });
    expect(await run(update('--mode', 'overwrite', '--content', '全文'))).toEqual({
      success: true, nodeId: '', chunksWritten: 1, serverResponse: { nodeId: 42 },
    });
  });

  it('several pieces: the --node value, the pieces written and the last answer', async () => {
    mcp.answers['doc/update_document'] = (_args, n) => ({ piece: n + 1 });
    const long = `${'甲'.repeat(6000)}\n\n${'乙'.repeat(6000)}\n`;
    const out = await run(update('--mode', 'overwrite', '--content-file', 'long.md'), { 'long.md': long });
    expect(out).toEqual({ success: true, nodeId: 'n1', chunksWritten: 2, serverResponse: { piece: 2 } });
    expect(mcp.calls.map((c) => c.arguments.mode)).toEqual(['overwrite', 'append']);
  });

  it('a jsonml overwrite prints the answer as it came', async () => {
    answer('doc/update_document', { success: true, revision: 43 });
    expect(await run(update('--mode', 'overwrite', '--content-format', 'jsonml', '--content', '["root",{},["p",{},"x"]]'))).toEqual({
      success: true, revision: 43,
    });
  });

  it('an empty content file is refused before any call, printing nothing', async () => {
    const outcome = await failure(update('--mode', 'append', '--content-file', 'empty.md'), { 'empty.md': '' });
    expect({ reason: outcome.reason, out: outcome.out, calls: mcp.calls.length }).toEqual({ reason: 'invalid_parameter', out: '', calls: 0 });
  });
});

// Swept: doc create ends in the same pipeline when it has content (doc.go:1616-1622@c7521c1c); without content it
// prints the create answer (callMCPTool, :1624).
describe('doc create prints DocWriteResult with content and the answer without', () => {
  it('with content: the nodeId the create answer names at the top, one chunk, the answer', async () => {
    answer('doc/create_document', { nodeId: 'N1', url: 'https://alidocs.dingtalk.com/i/nodes/N1' });
    expect(await run(['doc', 'create', '--name', '周报', '--content', '本周进展'])).toEqual({
      success: true, nodeId: 'N1', chunksWritten: 1, serverResponse: { nodeId: 'N1', url: 'https://alidocs.dingtalk.com/i/nodes/N1' },
    });
  });

  it('with long content: the create and the appends counted, the last append answer printed', async () => {
    answer('doc/create_document', { nodeId: 'N1' });
    answer('doc/update_document', { success: true, appended: true });
    const long = `${'甲'.repeat(6000)}\n\n${'乙'.repeat(6000)}\n`;
    expect(await run(['doc', 'create', '--name', '周报', '--content-file', 'long.md'], { 'long.md': long })).toEqual({
      success: true, nodeId: 'N1', chunksWritten: 2, serverResponse: { success: true, appended: true },
    });
    expect(mcp.calls.map((c) => [c.name, c.arguments.nodeId])).toEqual([['create_document', undefined], ['update_document', 'N1']]);
  });

  it('without content: the create answer as it came', async () => {
    answer('doc/create_document', { result: { nodeId: 'N2' } });
    expect(await run(['doc', 'create', '--name', '空文档'])).toEqual({ result: { nodeId: 'N2' } });
  });
});

describe('aitable view get fill-color-rule and aggregate print the view block in upstream envelope', () => {
  const view = (attr: string) => ['aitable', 'view', 'get', attr, '--base-id', 'b1', '--table-id', 't1', '--view-id', 'v1'];

  it('the conditionalFormats of any view type; null printed as {}', async () => {
    const rules = [{ fieldId: 'f1', color: 'red' }];
    answer('aitable/get_views', { data: { views: [{ viewId: 'v1', viewType: 'Kanban', conditionalFormats: rules }] } });
    expect(await run(view('fill-color-rule'))).toEqual({ status: 'success', data: rules, error: {} });
    answer('aitable/get_views', { data: { views: [{ viewId: 'v1', viewType: 'Grid', conditionalFormats: null }] } });
    expect(await run(view('fill-color-rule'))).toEqual({ status: 'success', data: {}, error: {} });
  });

  it('the aggregate of a Grid view; another view type is refused and prints nothing', async () => {
    answer('aitable/get_views', { data: { views: [{ viewId: 'v1', viewType: 'Grid', aggregate: { f1: 'SUM' } }] } });
    expect(await run(view('aggregate'))).toEqual({ status: 'success', data: { f1: 'SUM' }, error: {} });
    answer('aitable/get_views', { data: { views: [{ viewId: 'v1', viewType: 'Gantt', aggregate: { f1: 'SUM' } }] } });
    const outcome = await failure(view('aggregate'));
    expect({ reason: outcome.reason, out: outcome.out }).toEqual({ reason: 'backend_error', out: '' });
  });
});

describe('an int or int64 flag reads its text as pflag does (strconv.ParseInt base 0)', () => {
  it('reads the Go literal forms: a leading 0 is octal, 0x/0o/0b prefixes, underscores between digits', () => {
    const read = (texts: string[]) => texts.map((t) => convert('int64', t));
    expect(read(['010', '+5', '-0x10', '0o17', '0B101', '1_000', '0_7', '0x_1f', '0', '-0'])).toEqual([8, 5, -16, 15, 5, 1000, 7, 31, 0, 0]);
  });

  it('leaves the text (refused as not an integer) where Go refuses it', () => {
    // a padded text too: strconv does not trim (f-num)
    const texts = ['09', '0x', '0b', '1__0', '_1', '1_', '0_', '+', '', '1e3', '5.0', '0x1g', '9223372036854775808', '-9223372036854775809', ' 12 '];
    expect(texts.map((t) => convert('int', t))).toEqual(texts);
  });

  it('an int64 beyond 2^53 is kept whole as the literal of its decimal digits (lead s28: Go sends every int64)', () => {
    const read = (t: string) => { const v = convert('int64', t); return v instanceof JsonNumber ? v.literal : v; };
    expect(['9007199254740993', '9223372036854775807', '-9223372036854775808', '0x7fffffffffffffff', '9_007_199_254_740_993'].map(read))
      .toEqual(['9007199254740993', '9223372036854775807', '-9223372036854775808', '9223372036854775807', '9007199254740993']);
  });

  it('an intSlice element stays decimal (pflag reads each with strconv.Atoi)', () => {
    expect(convert('intSlice', ['010', '7'])).toEqual([10, 7]);
    // within int64 beyond 2^53: kept whole; past int64: the text, refused by validation
    const [big, past] = convert('intSlice', ['-9007199254740993', '9223372036854775808']) as unknown[];
    expect([(big as JsonNumber).literal, past]).toEqual(['-9007199254740993', '9223372036854775808']);
  });

  it('any safe integer written in each Go base reads back as itself', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), fc.constantFrom(2, 8, 10, 16), fc.boolean(), (n, base, upper) => {
      const digits = Math.abs(n).toString(base);
      const prefix = { 2: '0b', 8: '0o', 10: '', 16: '0x' }[base]!;
      const text = `${n < 0 ? '-' : ''}${upper ? prefix.toUpperCase() : prefix}${upper ? digits.toUpperCase() : digits}`;
      return parseGoInt(text) === n;
    }));
  });

  it('a decimal text without a leading zero reads as its number; with one, as octal or not at all', () => {
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{1,15}$/), (digits) => {
      const got = parseGoInt(digits);
      if (digits === '0' || !digits.startsWith('0')) return got === Number(digits);
      return /^0[0-7]+$/.test(digits) ? got === parseInt(digits, 8) : got === undefined;
    }));
  });
});
