// What f-drive9 closed (issue 32, left by f-mix9): drive +copy, +move, +create-folder, +create-shortcut and
// +recycle-restore check their write's answer as upstream's requireDriveWrite does (common.go:79-97, :124-134@c7521c1c),
// each run as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-fdrive9-');
const { sent } = outputs;

type Call = [string, Record<string, unknown>];
interface Case {
  argv: string[];
  /** reads answered before the write, with their answers */
  before: [Call, Record<string, unknown>][];
  write: Call;
  /** the write's good answer without its success, and the read-back that follows it */
  body: Record<string, unknown>;
  readBack: [Call, Record<string, unknown>];
  printed: Record<string, unknown>;
}

const cases: Record<string, Case> = {
  '+copy (drive.go:463-470)': {
    argv: ['drive', '+copy', '--node', 'n1', '--yes'],
    before: [[['doc/get_document_info', { nodeId: 'n1' }], { result: { extension: 'adoc' } }]],
    write: ['doc/copy_document', { nodeId: 'n1' }],
    body: { result: { nodeId: 'n2' } },
    readBack: [['doc/get_document_info', { nodeId: 'n2' }], { result: { nodeId: 'n2', name: '副本' } }],
    printed: { success: true, sourceNodeId: 'n1', nodeId: 'n2', copy: { nodeId: 'n2', name: '副本' } },
  },
  '+move (drive.go:534-541)': {
    argv: ['drive', '+move', '--node', 'n1', '--yes'],
    before: [],
    write: ['doc/move_document', { nodeId: 'n1' }],
    body: {},
    readBack: [['doc/get_document_info', { nodeId: 'n1' }], { result: { nodeId: 'n1', name: '周报' } }],
    printed: { success: true, nodeId: 'n1', file: { nodeId: 'n1', name: '周报' } },
  },
  '+create-folder (operations.go:119-126)': {
    argv: ['drive', '+create-folder', '--name', '资料'],
    before: [],
    write: ['drive/create_folder', { name: '资料' }],
    body: { result: { fileId: 'd9' } },
    readBack: [['drive/get_file_info', { fileId: 'd9' }], { result: { name: '资料' } }],
    printed: { success: true, nodeId: 'd9', folder: { name: '资料' } },
  },
  '+create-shortcut (operations.go:176-183)': {
    argv: ['drive', '+create-shortcut', '--node', 'n1'],
    before: [],
    write: ['drive/create_shortcut', { nodeId: 'n1' }],
    body: { result: { fileId: 's1' } },
    readBack: [['drive/get_file_info', { fileId: 's1' }], { result: { fileId: 's1', name: '快捷方式' } }],
    printed: { success: true, nodeId: 's1', shortcut: { fileId: 's1', name: '快捷方式' } },
  },
  '+recycle-restore (catalog_operations.go:102-108)': {
    argv: ['drive', '+recycle-restore', '--id', 'r1', '--yes'],
    before: [[['drive/list_recycle_items', { maxResults: 50 }], { recycleItems: [{ recycleItemId: 'r1', name: 'a.pdf' }], hasMore: false }]],
    write: ['drive/restore_recycle_item', { recycleItemId: 'r1' }],
    body: { result: { fileId: 'd1' } },
    readBack: [['drive/get_file_info', { fileId: 'd1' }], { result: { fileId: 'd1', name: 'a.pdf' } }],
    printed: { success: true, nodeId: 'd1', file: { fileId: 'd1', name: 'a.pdf' } },
  },
};

/** each read answers in turn (+copy's preflight and read-back are both get_document_info) */
const answer = (c: Case, write: Record<string, unknown>) => {
  const reads = [...c.before, c.readBack];
  for (const rpc of new Set(reads.map(([[key]]) => key))) outputs.answersInTurn(rpc, ...reads.filter(([[key]]) => key === rpc).map(([, a]) => a));
  outputs.answer(c.write[0], write);
};

describe('drive writes check their answer as requireDriveWrite does (common.go:79-97, :124-134)', () => {
  for (const [name, c] of Object.entries(cases)) {
    const upToWrite = [...c.before.map(([call]) => call), c.write];

    it(`${name}: success as the text "true", or null, is an api failure after the write, with no read-back`, async () => {
      for (const write of [{ ...c.body, success: 'true' }, { ...c.body, success: null }]) {
        answer(c, write);
        expect([write, await sent(c.argv)]).toEqual([write, { reason: 'backend_error', category: 'backend', calls: upToWrite, printed: undefined }]);
      }
    });

    it(`${name}: success false is the backend's refusal after the write, with no read-back`, async () => {
      answer(c, { ...c.body, success: false });
      expect(await sent(c.argv)).toEqual({ reason: 'business_error', category: 'backend', calls: upToWrite, printed: undefined });
    });

    it(`${name}: no success key at all is stamped success true by upstream's runner (app/runner.go:779-783) and reads back as success true does (h55-stamp)`, async () => {
      answer(c, c.body);
      expect(await sent(c.argv)).toEqual({ reason: undefined, category: undefined, calls: [...upToWrite, c.readBack[0]], printed: c.printed });
    });

    it(`${name}: success true reads back and prints the verified node`, async () => {
      answer(c, { ...c.body, success: true });
      expect(await sent(c.argv)).toEqual({ reason: undefined, category: undefined, calls: [...upToWrite, c.readBack[0]], printed: c.printed });
    });
  }
});
