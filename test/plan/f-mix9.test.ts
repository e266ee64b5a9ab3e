// What f-mix9 closed (issue 32): leftovers of earlier audits, each run as a user types it against the recording
// backend on 127.0.0.1 and compared with upstream's command bodies at c7521c1c.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-fmix9-');
const { sent } = outputs;

describe('whiteboard update prints its answer as callWhiteboardTool does (whiteboard.go:303-352)', () => {
  const files = { 'wb.json': JSON.stringify({ overwrite: false, source: { schemaVersion: '1.0', catalogVersion: 'dml-v1', nodes: [{ id: 'n1' }] } }) };
  const update = ['whiteboard', 'update', '--node', 'D1', '--part-id', 'P1', '--source', 'wb.json', '--yes'];
  const call = ['whiteboard/update_whiteboard', { mode: 'append', nodeId: 'D1', nodes: '[{"id":"n1"}]', partId: 'P1' }];

  it('a resultJson text is printed decoded into the value it holds; a blank one as it came', async () => {
    outputs.answer('whiteboard/update_whiteboard', { resultJson: '{"written": 1, "ids": ["n1"]}', success: true });
    expect(await sent(update, files)).toEqual({
      reason: undefined, category: undefined, calls: [call], printed: { resultJson: { written: 1, ids: ['n1'] }, success: true },
    });
    outputs.answer('whiteboard/update_whiteboard', { resultJson: ' ' });
    expect((await sent(update, files)).printed).toEqual({ resultJson: ' ' });
  });

  it('a resultJson that is not JSON is an api failure after the one call (invalidWhiteboardToolResult)', async () => {
    outputs.answer('whiteboard/update_whiteboard', { resultJson: '{"written": ' });
    expect(await sent(update, files)).toEqual({ reason: 'backend_error', category: 'backend', calls: [call], printed: undefined });
  });
});

describe('drive +delete checks its answer as requireDriveWrite does (operations.go:289-299, common.go:79-97, :124-134)', () => {
  const call = ['doc/delete_document', { nodeId: 'n1' }];

  it('an empty answer, a success that is not a JSON boolean, and none at all are api failures after the one call', async () => {
    for (const answer of [{}, { success: 'true' }, { result: { nodeId: 'n1' } }]) {
      outputs.answer('doc/delete_document', answer);
      expect(await sent(['drive', '+delete', '--node', 'n1', '--yes'])).toEqual({ reason: 'backend_error', category: 'backend', calls: [call], printed: undefined });
    }
  });

  it('success true prints the receipt with the answer', async () => {
    outputs.answer('doc/delete_document', { success: true });
    expect(await sent(['drive', '+delete', '--node', 'n1', '--yes'])).toEqual({
      reason: undefined, category: undefined, calls: [call], printed: { success: true, nodeId: 'n1', result: { success: true } },
    });
  });
});
