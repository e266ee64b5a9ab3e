// Session 43 second reading, part b3 (issue 32, notes/h43-b3.md, seed 20261383): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h43b3-');

describe('drive +rename reads its preflight as requireDriveObject (shortcut/drive/operations.go:224-231, common.go:79-122@c7521c1c)', () => {
  const argv = ['drive', '+rename', '--node', 'n1', '--name', 'rep', '--yes'];
  it('a JSON null preflight answer (Go nil map, refused as empty) stops the run before the rename', async () => {
    outputs.answersInTurn('drive/get_file_info', null, { result: { name: 'rep' } });
    outputs.answer('doc/rename_document', { success: true });
    const run = await outputs.sent(argv);
    expect(run.reason).toBe('backend_error');
    expect(run.calls).toEqual([['drive/get_file_info', { fileId: 'n1' }]]);
  });
  it('a preflight object lets the rename and its read-back through', async () => {
    outputs.answersInTurn('drive/get_file_info', { result: { type: 'file' } }, { result: { name: 'rep' } });
    outputs.answer('doc/rename_document', { success: true });
    const run = await outputs.sent(argv);
    expect(run.reason).toBeUndefined();
    expect(run.calls.map(([tool]) => tool)).toEqual(['drive/get_file_info', 'doc/rename_document', 'drive/get_file_info']);
  });
});
