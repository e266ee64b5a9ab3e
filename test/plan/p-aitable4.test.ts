// What the aitable commands the p-aitable4 pre-audit fixed print and refuse (issue 32), as upstream's bodies at c7521c1c
// do, run as a user types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-paitable4-');
const { sent } = outputs;
const REMOVE = ['aitable', '+attachment-remove', '--base-id', 'b1', '--table-id', 't1', '--record-id', 'r1', '--field-id', 'fA', '--yes'];
const page = (items: unknown) => ({ data: { records: [{ recordId: 'r1', cells: { fA: items } }] } });

describe('aitable +attachment-remove as executeAttachmentRemove (attachment_composite.go:192-271)', () => {
  it('removes the named items, keeps the others by token and prints the composite summary', async () => {
    outputs.answersInTurn('aitable/query_records',
      page([{ fileToken: 'k1', fileName: '旧.pdf' }, { file_token: 'k2', name: '新.pdf' }]),
      page([{ fileToken: 'k2', name: '新.pdf' }]));
    expect(await sent([...REMOVE, '--remove-name', ' 旧.pdf '])).toEqual({
      reason: undefined, category: undefined,
      calls: [
        ['aitable/query_records', { baseId: 'b1', tableId: 't1', recordIds: ['r1'], limit: 1 }],
        ['aitable/update_records', { baseId: 'b1', tableId: 't1', records: [{ recordId: 'r1', cells: { fA: [{ fileToken: 'k2' }] } }] }],
        ['aitable/query_records', { baseId: 'b1', tableId: 't1', recordIds: ['r1'], limit: 1 }],
      ],
      printed: {
        contractVersion: 'aitable.composite.v1', operation: 'attachment_remove', status: 'success', executed: true, retryable: false,
        requestedCount: 1, completedCount: 1,
        resolved: { baseId: 'b1', tableId: 't1', recordId: 'r1', fieldId: 'fA', removeName: '旧.pdf', clearAll: false },
        plan: [{ index: 1, name: 'replace attachment cell without selected items', tool: 'update_records', status: 'planned', count: 1 }],
        verification: { status: 'verified', removedCount: 1, attachmentCount: 1 },
        result: { removedCount: 1, attachmentCount: 1 },
      },
    });
  });

  it('writes nothing and prints the unchanged summary when no item is named so', async () => {
    outputs.answer('aitable/query_records', page([{ fileToken: 'k1', name: 'a.pdf' }]));
    const run = await sent([...REMOVE, '--remove-name', 'b.pdf']);
    expect(run.calls.map((c) => c[0])).toEqual(['aitable/query_records']);
    expect(run.printed).toEqual({
      contractVersion: 'aitable.composite.v1', operation: 'attachment_remove', status: 'unchanged', executed: false, retryable: false,
      resolved: { baseId: 'b1', tableId: 't1', recordId: 'r1', fieldId: 'fA', removeName: 'b.pdf', clearAll: false },
      verification: { status: 'verified', attachmentCount: 1, removedCount: 0 },
    });
  });

  it('refuses a run naming neither or both selectors before any call, so the cell is never emptied by default', async () => {
    for (const extra of [[], ['--remove-name', 'a.pdf', '--clear-all'], ['--remove-name', ' ']]) {
      const run = await sent([...REMOVE, ...extra]);
      expect({ reason: run.reason, calls: run.calls }).toEqual({ reason: 'invalid_parameter', calls: [] });
    }
  });

  it('refuses a cell that is not a list of objects, and a read of another record, before writing', async () => {
    for (const answer of [page('x'), page(['x']), { data: { records: [{ recordId: 'r2', cells: {} }] } }, { data: { records: [{ recordId: 'r1' }] } }]) {
      outputs.answer('aitable/query_records', answer);
      const run = await sent([...REMOVE, '--clear-all']);
      expect({ reason: run.reason, calls: run.calls.length }).toEqual({ reason: 'backend_error', calls: 1 });
    }
  });
});

describe('aitable workflow history checks the time range as validateWorkflowHistoryFlags (aitable.go:161-190)', () => {
  it('refuses --after-time not below --before-time, and sends an ordered range', async () => {
    const base = ['aitable', 'workflow', 'history', '--base-id', 'b1', '--workflow-id', 'w1'];
    expect((await sent([...base, '--after-time', '10', '--before-time', '0x0a'])).reason).toBe('invalid_parameter');
    expect((await sent([...base, '--after-time', '0x10', '--before-time', '17'])).calls)
      .toEqual([['aitable/get_flow_record_list', { baseId: 'b1', flowId: 'w1', afterTime: 16, beforeTime: 17, size: 20 }]]);
  });
});

describe('aitable +record-bulk-patch reads its matches as queryAllRecords (record_query_all.go:245-283)', () => {
  it('refuses a page holding no records list instead of reporting no matches', async () => {
    for (const answer of [{}, { data: {} }, { data: { records: null } }]) {
      outputs.answer('aitable/query_records', answer);
      const run = await sent(['aitable', '+record-bulk-patch', '--base-id', 'b1', '--table-id', 't1', '--patch', '{"f":1}', '--all', '--yes']);
      expect({ reason: run.reason, calls: run.calls.map((c) => c[0]) }).toEqual({ reason: 'backend_error', calls: ['aitable/query_records'] });
    }
    outputs.answer('aitable/query_records', { data: { records: [] } });
    expect((await sent(['aitable', '+record-bulk-patch', '--base-id', 'b1', '--table-id', 't1', '--patch', '{"f":1}', '--all', '--yes'])).printed)
      .toMatchObject({ verification: { status: 'verified_no_matches' }, result: { matchedCount: 0, updatedCount: 0 } });
  });
});
