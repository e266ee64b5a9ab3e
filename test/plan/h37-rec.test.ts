// Session 37, helper h37-rec (issue 32 / 34, notes/h37-rec.md): the single-write aitable shortcuts whose upstream body
// reads the target back after a failed write and ends `recovered` when the read-back proves it (attachment_composite.go
// executeAttachmentPut :166-188, executeAttachmentRemove :236-265, record_upsert_by_key.go :133-180@c7521c1c), each
// write being CallMCPWriteDataStrict's (runner.go:291-313: a blank answer or one that is no JSON object fails it).
// Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUSY, useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h37rec-');
const { mcp } = outputs;

type Composite = { status: string; warnings?: string[]; completedSteps?: { status: string; error?: string; result?: unknown }[]; result?: Record<string, unknown> };
/** How the write answers: as asked, a business failure, a blank text, a JSON list (no object: the decode fails). */
type WriteAnswer = 'ok' | 'fail' | 'blank' | 'list';

/** The next write of `tool` answers so. */
function writeAnswers(tool: string, how: WriteAnswer) {
  delete mcp.answers[`aitable/${tool}`];
  if (how === 'blank') outputs.answerText(tool, '  ');
  else outputs.answer(`aitable/${tool}`, how === 'ok' ? { success: true } : how === 'fail' ? BUSY : [1, 2]);
}
const count = (calls: unknown[][], tool: string) => calls.filter(([t]) => t === tool).length;

const base = ['--base-id', 'b1', '--table-id', 't1', '--record-id', 'r1', '--field-id', 'fA', '--yes'];
/** A query_records answer holding record r1 whose attachment cell holds these items. */
const cell = (items: unknown[]) => ({ data: { records: [{ recordId: 'r1', cells: { fA: items } }] } });

describe('aitable +attachment-put: a failed cell write is read back and ends recovered when the read-back proves it (attachment_composite.go:166-188@c7521c1c)', () => {
  const put = ['aitable', '+attachment-put', ...base, '--file', 'a.txt'];
  const answers = (how: WriteAnswer, proven: boolean) => {
    outputs.answersInTurn('aitable/query_records', cell([]), cell(proven ? [{ fileToken: 'k2' }] : []));
    outputs.answer('aitable/prepare_attachment_upload', { data: { uploadUrl: `${mcp.base}/upload/u1`, fileToken: 'k2' } });
    writeAnswers('update_records', how);
  };
  const run = async (how: WriteAnswer, proven: boolean) => {
    answers(how, proven);
    return outputs.sent(put, { 'a.txt': 'hello' });
  };

  it('a failed write whose read-back holds the new token: status recovered, upstream\'s warning, exit 0, the write sent once', async () => {
    const r = await run('fail', true);
    expect(r.reason).toBeUndefined();
    expect(r.calls.map(([t]) => t)).toEqual(['aitable/query_records', 'aitable/prepare_attachment_upload', 'aitable/update_records', 'aitable/query_records']);
    const printed = r.printed as Composite;
    expect(printed.status).toBe('recovered');
    expect(printed.warnings).toEqual(['record write response was an error, but the attachment cell was proven by read-back']);
    expect(Object.keys(printed)).toEqual(['contractVersion', 'operation', 'status', 'executed', 'retryable', 'completedCount', 'resolved', 'plan', 'knownSideEffects', 'verification', 'warnings', 'result']);
    expect(printed.result).toMatchObject({ fileToken: 'k2', attachmentCount: 1 });
  });

  it('a failed write the read-back does not prove ends with a failure, nothing printed, the write sent once', async () => {
    const r = await run('fail', false);
    expect(r.reason).toBeDefined();
    expect(r.printed).toBeUndefined();
    expect(count(r.calls, 'aitable/update_records')).toBe(1);
    expect(count(r.calls, 'aitable/query_records')).toBe(2);
  });

  it('a blank write answer is a failed write (CallMCPWriteDataStrict): recovered when proven, a failure after the upload when not', async () => {
    expect(((await run('blank', true)).printed as Composite).status).toBe('recovered');
    // the prepare call and the PUT took effect before: dws's partial outcome, its failed step the write's outcome_unknown
    answers('blank', false);
    const failed = await outputs.failure(put, { 'a.txt': 'hello' });
    expect(failed.reason).toBe('partial_outcome');
    expect(failed.message).toContain('outcome_unknown');
  });

  it('a write that answers as asked prints status success and no warnings', async () => {
    const printed = (await run('ok', true)).printed as Composite;
    expect(printed.status).toBe('success');
    expect(printed).not.toHaveProperty('warnings');
  });
});

describe('aitable +attachment-remove: a failed cell write is read back and ends recovered when the read-back proves the removal (attachment_composite.go:236-265@c7521c1c)', () => {
  const two = [{ fileToken: 'a', fileName: 'x.txt' }, { fileToken: 'b', fileName: 'y.txt' }];
  const remove = ['aitable', '+attachment-remove', ...base, '--remove-name', 'x.txt'];
  const run = async (how: WriteAnswer, proven: boolean) => {
    outputs.answersInTurn('aitable/query_records', cell(two), cell(proven ? [two[1]] : two));
    writeAnswers('update_records', how);
    return outputs.sent(remove);
  };

  it('a failed write whose read-back no longer holds the name: status recovered, upstream\'s warning, exit 0, the write sent once', async () => {
    const r = await run('fail', true);
    expect(r.reason).toBeUndefined();
    expect(r.calls.map(([t]) => t)).toEqual(['aitable/query_records', 'aitable/update_records', 'aitable/query_records']);
    const printed = r.printed as Composite;
    expect(printed.status).toBe('recovered');
    expect(printed.warnings).toEqual(['record write response was an error, but removal was proven by read-back']);
    expect(Object.keys(printed)).toEqual(['contractVersion', 'operation', 'status', 'executed', 'retryable', 'requestedCount', 'completedCount', 'resolved', 'plan', 'verification', 'warnings', 'result']);
    expect(printed.result).toEqual({ removedCount: 1, attachmentCount: 1 });
  });

  it('a failed write the read-back does not prove ends with a failure, the write sent once', async () => {
    const r = await run('fail', false);
    expect(r.reason).toBeDefined();
    expect(r.printed).toBeUndefined();
    expect(count(r.calls, 'aitable/update_records')).toBe(1);
  });

  it('a blank write answer is a failed write: recovered when proven, outcome_unknown when not', async () => {
    expect(((await run('blank', true)).printed as Composite).status).toBe('recovered');
    expect((await run('blank', false)).reason).toBe('outcome_unknown');
  });
});

describe('aitable +record-upsert-by-key: the write is strict, a blank answer a failed write read back (record_upsert_by_key.go:133-180@c7521c1c)', () => {
  const upsert = ['aitable', '+record-upsert-by-key', '--base-id', 'b1', '--table-id', 't1', '--key-field-id', 'k', '--key-value', 'v', '--cells', '{"a":1}', '--yes'];
  const keyRecord = (cells: Record<string, unknown>) => ({ records: [{ recordId: 'r1', cells }] });
  const run = async (how: WriteAnswer, proven: boolean) => {
    outputs.answersInTurn('aitable/query_records', keyRecord({ k: 'v' }), keyRecord(proven ? { k: 'v', a: 1 } : { k: 'v' }));
    writeAnswers('update_records', how);
    return outputs.sent(upsert);
  };

  it('a blank answer proven by the read-back: the write step recovered, with an error and no result, upstream\'s warning, exit 0', async () => {
    const r = await run('blank', true);
    expect(r.reason).toBeUndefined();
    const printed = r.printed as Composite;
    expect(printed.completedSteps![0]).toMatchObject({ status: 'recovered', error: expect.stringContaining('answered nothing') });
    expect(printed.completedSteps![0]).not.toHaveProperty('result');
    expect(printed.warnings).toEqual(['write response was an error, but the requested final state was proven by read-back']);
  });

  it('a blank answer the read-back does not prove is the failure, the write sent once', async () => {
    const r = await run('blank', false);
    expect(r.reason).toBe('outcome_unknown');
    expect(count(r.calls, 'aitable/update_records')).toBe(1);
  });
});

describe('the three single writes against a model of upstream: any write answer, a read-back that proves it or not', () => {
  /** upstream: the write fails unless it answered as asked; a proven read-back ends recovered (a failed write) or success. */
  const model = (how: WriteAnswer, proven: boolean) => (proven ? (how === 'ok' ? 'success' : 'recovered') : 'failure');
  const commands = {
    put: async (how: WriteAnswer, proven: boolean) => {
      outputs.answersInTurn('aitable/query_records', cell([]), cell(proven ? [{ fileToken: 'k2' }] : []));
      outputs.answer('aitable/prepare_attachment_upload', { data: { uploadUrl: `${mcp.base}/upload/u1`, fileToken: 'k2' } });
      writeAnswers('update_records', how);
      const r = await outputs.sent(['aitable', '+attachment-put', ...base, '--file', 'a.txt'], { 'a.txt': 'hello' });
      return { r, status: (r.printed as Composite | undefined)?.status };
    },
    remove: async (how: WriteAnswer, proven: boolean) => {
      const two = [{ fileToken: 'a', fileName: 'x.txt' }, { fileToken: 'b', fileName: 'y.txt' }];
      outputs.answersInTurn('aitable/query_records', cell(two), cell(proven ? [] : two));
      writeAnswers('update_records', how);
      const r = await outputs.sent(['aitable', '+attachment-remove', ...base, '--clear-all']);
      return { r, status: (r.printed as Composite | undefined)?.status };
    },
    upsert: async (how: WriteAnswer, proven: boolean) => {
      outputs.answersInTurn('aitable/query_records', { records: [{ recordId: 'r1', cells: { k: 'v' } }] }, { records: [{ recordId: 'r1', cells: proven ? { k: 'v', a: 1 } : { k: 'v' } }] });
      writeAnswers('update_records', how);
      const r = await outputs.sent(['aitable', '+record-upsert-by-key', '--base-id', 'b1', '--table-id', 't1', '--key-field-id', 'k', '--key-value', 'v', '--cells', '{"a":1}', '--yes']);
      const step = (r.printed as Composite | undefined)?.completedSteps?.[0].status;
      return { r, status: step === undefined ? undefined : step === 'completed' ? 'success' : step };
    },
  };
  it('prints upstream\'s status, or fails, and sends the write exactly once', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom<keyof typeof commands>('put', 'remove', 'upsert'), fc.constantFrom<WriteAnswer>('ok', 'fail', 'blank', 'list'), fc.boolean(), async (which, how, proven) => {
      const { r, status } = await commands[which](how, proven);
      const want = model(how, proven);
      expect(count(r.calls, 'aitable/update_records')).toBe(1);
      if (want === 'failure') {
        expect(r.reason).toBeDefined();
        expect(r.printed).toBeUndefined();
      } else {
        expect(r.reason).toBeUndefined();
        expect(status).toBe(want);
      }
    }), { numRuns: 40 });
  });
});

describe('aitable +view-preset-apply (sibling): the one view write is strict and read back, recovered when get_views proves the preset (view_preset.go:97-137@c7521c1c)', () => {
  const apply = ['aitable', '+view-preset-apply', '--base-id', 'b1', '--table-id', 't1', '--name', 'P', '--view-type', 'Grid', '--config', '{"a":1}', '--yes'];
  const views = (config?: Record<string, unknown>) => ({ data: { views: config === undefined ? [] : [{ viewId: 'v9', viewName: 'P', viewType: 'Grid', config }] } });
  /** `before`: the view before the run (none: created); the write answers `how`; the read-back proves the preset or not. */
  const run = async (before: 'none' | 'other', how: WriteAnswer, proven: boolean) => {
    const first = before === 'none' ? views() : views({ a: 0 });
    outputs.answersInTurn('aitable/get_views', first, proven ? views({ a: 1 }) : first);
    writeAnswers(before === 'none' ? 'create_view' : 'update_view', how);
    return outputs.sent(apply);
  };

  it('a failed create_view whose read-back holds the preset: status recovered, upstream\'s warning, exit 0, sent once', async () => {
    const r = await run('none', 'fail', true);
    expect(r.reason).toBeUndefined();
    expect(r.calls.map(([t]) => t)).toEqual(['aitable/get_views', 'aitable/create_view', 'aitable/get_views']);
    const printed = r.printed as Composite;
    expect(printed.status).toBe('recovered');
    expect(printed.warnings).toEqual(['write response was an error, but the exact view preset was proven by read-back']);
    expect(Object.keys(printed)).toEqual(['contractVersion', 'operation', 'status', 'executed', 'retryable', 'completedCount', 'resolved', 'plan', 'verification', 'warnings', 'result']);
    expect(printed.result).toMatchObject({ action: 'create', viewId: 'v9' });
  });

  it('a blank update_view answer: the arguments are update_view\'s, recovered when proven, outcome_unknown when not', async () => {
    const r = await run('other', 'blank', true);
    expect(r.calls[1]).toEqual(['aitable/update_view', { baseId: 'b1', tableId: 't1', viewId: 'v9', newViewName: 'P', config: { a: 1 } }]);
    expect((r.printed as Composite).status).toBe('recovered');
    const failed = await run('other', 'blank', false);
    expect(failed.reason).toBe('outcome_unknown');
    expect(count(failed.calls, 'aitable/update_view')).toBe(1);
  });

  it('any write answer, proven or not: upstream\'s status or the failure, the write sent once', async () => {
    await fc.assert(fc.asyncProperty(fc.constantFrom<'none' | 'other'>('none', 'other'), fc.constantFrom<WriteAnswer>('ok', 'fail', 'blank', 'list'), fc.boolean(), async (before, how, proven) => {
      const r = await run(before, how, proven);
      const tool = before === 'none' ? 'aitable/create_view' : 'aitable/update_view';
      expect(r.calls.map(([t]) => t)).toEqual(['aitable/get_views', tool, 'aitable/get_views']);
      if (!proven) {
        expect(r.reason).toBeDefined();
        return;
      }
      expect(r.reason).toBeUndefined();
      expect((r.printed as Composite).status).toBe(how === 'ok' ? 'success' : 'recovered');
    }), { numRuns: 30 });
  });
});

describe('aitable +workflow-deploy (sibling): the publish write is strict (workflow_deploy.go:78-83@c7521c1c)', () => {
  const deploy = ['aitable', '+workflow-deploy', '--base-id', 'b1', '--dsl', '{"version":"workflow-dsl/v1"}', '--yes'];
  it('a blank create_workflow answer is the failed write outcome_unknown, not a rejected publish answer; nothing more is sent', async () => {
    outputs.answerText('create_workflow', ' ');
    const r = await outputs.sent(deploy);
    expect(r.reason).toBe('outcome_unknown');
    expect(r.calls.map(([t]) => t)).toEqual(['aitable/create_workflow']);
  });
  it('a list answer fails the decode as the call\'s backend_error, not a publish rejection', async () => {
    outputs.answer('aitable/create_workflow', [{ valid: true, flowId: 'w1' }]);
    const failed = await outputs.failure(deploy);
    expect(failed.reason).toBe('backend_error');
    expect(failed.message).not.toContain('workflowPublishResult');
  });
});
