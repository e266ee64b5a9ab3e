// What the commands f-doc7 fixed print (issue 32, the audit-30m leftovers), as upstream's bodies at c7521c1c print
// them, run as a user types them against the recording backend on 127.0.0.1; and the one transform it added.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useOutputRuns } from './output-runs.js';
import { scanInt } from '../../src/plan/transforms/text.js';

const outputs = useOutputRuns('dws-fdoc7-');
const { run, answer, refusal } = outputs;
const jsonml = ['doc', 'read', '--node', 'D1', '--content-format', 'jsonml'];
const outline = [...jsonml, '--scope', 'outline'];

describe('doc read prints what upstream prints in each content mode (helpers/doc.go:1428-1491, :4744-4860)', () => {
  it('markdown prints the backend answer as it came', async () => {
    answer('doc/get_document_content', { markdown: '# t', revision: 3 });
    expect(await run(['doc', 'read', '--node', 'D1'])).toEqual({ markdown: '# t', revision: 3 });
  });

  it('jsonml prints the parsed jsonml and the revision, a number truncated or a text read as Sscanf %d (runDocReadJsonML :4744-4800)', async () => {
    answer('doc/get_document_content', { nodeId: 'D1', title: 't', jsonml: '["root",{"b":1,"a":2},["p","x"]]', revision: 7.9 });
    expect(await run(jsonml)).toEqual({ jsonml: ['root', { b: 1, a: 2 }, ['p', 'x']], revision: 7 });
    answer('doc/get_document_content', { jsonml: '["root"]', revision: ' 12abc' });
    expect(await run(jsonml)).toEqual({ jsonml: ['root'], revision: 12 });
  });

  it('jsonml leaves the revision out when it is missing, null, a text without leading digits or another kind', async () => {
    for (const revision of [undefined, null, '', 'v12', '\n12', true, { n: 1 }]) {
      answer('doc/get_document_content', { jsonml: '["root"]', revision });
      expect(await run(jsonml)).toEqual({ jsonml: ['root'] });
    }
  });

  it('jsonml refuses an answer without a jsonml text, a jsonml that is not JSON and an answer that is not an object (:4757-4763, :4785-4788)', async () => {
    for (const body of [{ revision: 1 }, { jsonml: '' }, { jsonml: ['root'] }, { jsonml: '["root"' }, ['root']]) {
      answer('doc/get_document_content', body);
      expect(await refusal(jsonml)).toEqual({ reason: 'backend_error', out: '' });
    }
  });

  it('--scope prints the parsed fragment alone, without the revision (runDocReadScope :4803-4860)', async () => {
    answer('doc/get_document_content', { jsonml: '[["h1",{"uuid":"b1"},"标题"]]', revision: 4 });
    expect(await run(outline)).toEqual([['h1', { uuid: 'b1' }, '标题']]);
  });

  it('--scope prints {matched: false, jsonml: null} when the answer holds no jsonml text (:4841-4849)', async () => {
    for (const body of [{ revision: 4 }, { jsonml: '' }, { jsonml: ['h1'] }]) {
      answer('doc/get_document_content', body);
      expect(await run(outline)).toEqual({ matched: false, jsonml: null });
    }
  });

  it('--scope refuses a fragment that is not JSON and an answer that is not an object (:4837-4839, :4850-4852)', async () => {
    for (const body of [{ jsonml: '{"a":' }, 'plain text']) {
      answer('doc/get_document_content', body);
      expect(await refusal(outline)).toEqual({ reason: 'backend_error', out: '' });
    }
  });
});

describe('sheet import get runs upstream runImportGetCommand with includeNodeID (helpers/import_flow.go:467-521, :123)', () => {
  it('a completed task (any case) is printed with nodeId, the last segment of its documentUrl path', async () => {
    answer('doc/query_import_task', { status: 'COMPLETED', documentUrl: 'https://alidocs.dingtalk.com/i/nodes/N7/?x=1', nodeId: 'old' });
    expect(await run(['sheet', 'import', 'get', '--task-id', 't1'])).toEqual({
      status: 'COMPLETED', documentUrl: 'https://alidocs.dingtalk.com/i/nodes/N7/?x=1', nodeId: 'N7',
    });
  });

  it('a completed task without a documentUrl text gets an empty nodeId; a processing one is printed as it came', async () => {
    answer('doc/query_import_task', { status: 'completed', documentUrl: 5 });
    expect(await run(['sheet', 'import', 'get', '--task-id', 't1'])).toEqual({ status: 'completed', documentUrl: 5, nodeId: '' });
    answer('doc/query_import_task', { status: 'Processing', documentUrl: 'https://x/d/n1' });
    expect(await run(['sheet', 'import', 'get', '--task-id', 't1'])).toEqual({ status: 'Processing', documentUrl: 'https://x/d/n1' });
  });

  it('a failed task, or one without a text status, fails the run after the query', async () => {
    for (const body of [{ status: 'failed', message: '格式不支持' }, { taskId: 't1' }, { status: ['completed'] }]) {
      answer('doc/query_import_task', body);
      expect(await refusal(['sheet', 'import', 'get', '--task-id', 't1'])).toEqual({ reason: 'backend_error', out: '' });
    }
  });
});

describe('sheet formula-verify --exit-on-error reads the report as upstream formulaVerifyHasErrors (helpers/sheet_formula_verify.go:126-141)', () => {
  const verify = ['sheet', 'formula-verify', '--node', 'N1', '--exit-on-error'];

  it('a result object is the only place read: the top level is not consulted key by key', async () => {
    for (const body of [
      { result: { totalErrors: 0 }, status: 'ERRORS_FOUND' },
      { result: { status: 'ok' }, totalErrors: 3 },
      { result: {}, status: 'errors_found', totalErrors: 1 },
    ]) {
      answer('sheet/verify_formula', body);
      expect(await run(verify)).toEqual(body);
    }
  });

  it('totalErrors counts only as a whole JSON number above 0; a status only as text', async () => {
    for (const body of [{ result: { totalErrors: '3' } }, { result: { totalErrors: 2.5 } }, { result: { totalErrors: -1 } }, { result: { status: ['errors_found'] } }]) {
      answer('sheet/verify_formula', body);
      expect(await run(verify)).toEqual(body);
    }
  });

  it('errors found in the result, or at the top level when result is not an object, end the run', async () => {
    for (const body of [
      { result: { status: ' Errors_Found ', totalErrors: 0 } },
      { result: { totalErrors: 1e17 } },
      { result: null, status: 'errors_found' },
      { result: 'x', totalErrors: 2 },
    ]) {
      answer('sheet/verify_formula', body);
      expect(await refusal(verify)).toEqual({ reason: 'invalid_parameter', out: '' });
    }
  });
});

describe('scan_int reads a text as Go fmt.Sscanf(text, "%d") does', () => {
  it('reads the sign and digits after fmt spaces and ignores the rest', () => {
    expect([' 12abc', '+5', '-0', '\t\r7', '\u30009', '1.9', '12 34'].map(scanInt)).toEqual([12, 5, 0, 7, 9, 1, 12]);
  });

  it('reads nothing before a newline, without a leading digit, or outside int64', () => {
    expect(['', 'x1', '\n1', '\r\n1', '+', '- 1', '9223372036854775808', '-9223372036854775809'].map(scanInt))
      .toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(scanInt('-9223372036854775808')).toBe(-9223372036854775808);
  });

  it('any safe integer written with optional spaces and trailing text reads back as itself', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), fc.constantFrom('', ' ', '\t '), fc.string().filter((s) => !/^[0-9]/u.test(s)),
      (n, lead, tail) => scanInt(`${lead}${n}${tail}`) === n));
  });
});
