// What a command of the audit with seed 20261210 prints (notes/audit-30i-a.md), as upstream's body at c7521c1c prints
// it: doc +import answers {success, taskId, documentUrl, documentName, documentType} after a conversion
// (helpers/import_flow.go:451-457) and upstream's fallback record after a plain upload (:279-290). Run as a user types
// it, against the recording backend on 127.0.0.1; the calls themselves are pinned by test/fixtures/calls/doc.yaml.
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

function runWith(files: Record<string, string>, argv: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-audit30i-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return resultOf(argv, privateEnv(mcp.urlTemplate, 't', dir));
}

describe('doc +import', () => {
  it('prints the converted document: the task id and the text fields of the task answer, "" when one is missing or not text', async () => {
    mcp.answers['doc/create_import_session'] = () => ({ sessionId: 'S1', uploadUrl: `${mcp.base}/upload/i1` });
    mcp.answers['doc/confirm_import'] = () => ({ taskId: 'T1' });
    mcp.answers['doc/query_import_task'] = () => ({ status: 'completed', documentUrl: 'https://alidocs.dingtalk.com/i/nodes/N1', documentName: 7, extra: true });
    expect(await runWith({ 'a.md': '# a' }, ['doc', '+import', '--file', 'a.md'])).toEqual({
      success: true, taskId: 'T1', documentUrl: 'https://alidocs.dingtalk.com/i/nodes/N1', documentName: '', documentType: '',
    });
  });
  it('prints the fallback record after a plain upload, its id taken from result before the top level', async () => {
    mcp.answers['doc/get_file_upload_info'] = () => ({ resourceUrl: `${mcp.base}/upload/p1`, uploadKey: 'K1' });
    mcp.answers['doc/commit_uploaded_file'] = () => ({ id: 'top', result: { dentryUuid: ' ', fileId: 'F9' } });
    expect(await runWith({ 'scan.v2.PDF': '%PDF' }, ['doc', '+import', '--file', 'scan.v2.PDF'])).toEqual({
      success: true, operation: '上传文件到钉钉文档', requested_operation: '导入本地文件为在线文档', fallback: 'upload', converted: false,
      name: 'scan.v2', format: 'pdf', dentry_id: 'F9', result: { id: 'top', result: { dentryUuid: ' ', fileId: 'F9' } },
    });
    expect(mcp.calls.map((c) => c.name)).toEqual(['get_file_upload_info', 'commit_uploaded_file']);
  });
});

describe('the import flow refuses a file over 20 MiB before any call (importMaxFileSize, import_flow.go:31, :169)', () => {
  for (const [argv, file] of [[['doc', '+import', '--file', 'big.md'], 'big.md'], [['sheet', 'import', 'create', '--file', 'big.xlsx', '--workspace', 'W1'], 'big.xlsx']] as const) {
    it(argv.slice(0, 2).join(' '), async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-audit30i-'));
      writeFileSync(path.join(dir, file), '');
      truncateSync(path.join(dir, file), 20 * 1024 * 1024 + 1);
      const outcome = await dispatchInProcess([...argv], privateEnv(mcp.urlTemplate, 't', dir));
      expect(outcome.error?.reason).toBe('invalid_parameter');
      expect(mcp.calls).toEqual([]);
      truncateSync(path.join(dir, file), 20 * 1024 * 1024);
      mcp.answers['doc/create_import_session'] = () => ({});
      await dispatchInProcess([...argv], privateEnv(mcp.urlTemplate, 't', dir));
      expect(mcp.calls.map((c) => c.name)).toEqual(['create_import_session']);
    });
  }
});
