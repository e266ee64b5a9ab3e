// What drive +copy, +create-shortcut, +rename and +recycle-restore print, as upstream's bodies at c7521c1c print it:
// the read-back object requireDriveObject unwraps (shortcut/drive/common.go:99: result, else data, else the answer)
// under copy/shortcut/file, and the new node's id as nestedString reads it (common.go:207: first non-blank text,
// trimmed, top level before result before data). drive.go:484, operations.go:198, :250, catalog_operations.go:127.
// Run as a user types them, against the recording backend on 127.0.0.1; the calls are pinned by
// test/fixtures/calls/drive.yaml (cases f-drive:).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

const run = (argv: string[]) => resultOf(argv, privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-fdrive-'))));


describe('drive read-backs (f-drive)', () => {
  it('+copy prints the copy read-back unwrapped from data and the trimmed new id', async () => {
    let reads = 0;
    mcp.answers['doc/get_document_info'] = () => (reads++ === 0 ? { result: { extension: 'adoc' } } : { success: true, data: { nodeId: 'n2', name: '副本' } });
    mcp.answers['doc/copy_document'] = () => ({ success: true, nodeId: ' ', result: { fileId: ' n2 ' } });
    expect(await run(['drive', '+copy', '--node', 'n1', '--yes'])).toEqual({ success: true, sourceNodeId: 'n1', nodeId: 'n2', copy: { nodeId: 'n2', name: '副本' } });
  });
  it('+create-shortcut reads the top-level id first and prints the unwrapped read-back', async () => {
    mcp.answers['drive/create_shortcut'] = () => ({ success: true, id: 's2', result: { fileId: 's1' } });
    mcp.answers['drive/get_file_info'] = () => ({ result: { fileId: 's2', name: '快捷方式' } });
    expect(await run(['drive', '+create-shortcut', '--node', 'n1'])).toEqual({ success: true, nodeId: 's2', shortcut: { fileId: 's2', name: '快捷方式' } });
  });
  it('+rename accepts a read-back name with the extension added and prints it unwrapped', async () => {
    let reads = 0;
    mcp.answers['drive/get_file_info'] = () => (reads++ === 0 ? { data: { type: 'file', extension: 'pdf' } } : { data: { fileName: '季报.pdf', fileId: 'n1' } });
    mcp.answers['doc/rename_document'] = () => ({ success: true });
    expect(await run(['drive', '+rename', '--node', 'n1', '--name', '季报', '--yes'])).toEqual({ success: true, nodeId: 'n1', file: { fileName: '季报.pdf', fileId: 'n1' } });
  });
  it('+recycle-restore prints {success, nodeId, file} with the read-back unwrapped', async () => {
    mcp.answers['drive/list_recycle_items'] = () => ({ recycleItems: [{ recycleItemId: 'r1', name: 'a.pdf' }], hasMore: false });
    mcp.answers['drive/restore_recycle_item'] = () => ({ success: true, fileId: '', data: { nodeId: ' d1 ' } });
    mcp.answers['drive/get_file_info'] = () => ({ fileId: 'd1', name: 'a.pdf' });
    expect(await run(['drive', '+recycle-restore', '--id', 'r1', '--yes'])).toEqual({ success: true, nodeId: 'd1', file: { fileId: 'd1', name: 'a.pdf', success: true } });
  });
});
