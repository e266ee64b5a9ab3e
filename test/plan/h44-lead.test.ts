// Session 44, lead (issue 32, second readings of seed 20261396): each run as a user types it against the recording
// backend on 127.0.0.1, compared with the upstream body at c7521c1c.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, shippedEngine, useTimeZone } from '../helpers.js';
import { validatePlans } from '../../src/plan/validate.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h44lead-');

describe('todo +list-attachment: listAttachmentProject reads the first spelling present (todo.go:365-425@c7521c1c)', () => {
  const argv = ['todo', '+list-attachment', '--task-id', 'T1'];

  it('a spelling present with null decides: the field is left out, the next spelling is not read', async () => {
    runs.answer('todo/list_todo_attachment', { result: { list: [
      { attachmentId: null, id: 'a9', fileName: null, name: 'n.pdf', size: 3 },
      { q: 1 },
      { type: null, fileType: null },
      { id: 'a2', spaceFileName: 's.txt', fileSize: 0, type: 'txt' },
    ] } });
    const r = await runs.sent(argv);
    expect(r.calls).toEqual([['todo/list_todo_attachment', { todoAttachmentListRequest: { taskId: 'T1' } }]]);
    expect(r.printed).toEqual({ count: 2, attachments: [
      { fileSize: 3 },
      { attachmentId: 'a2', fileName: 's.txt', fileSize: 0, fileType: 'txt' },
    ] });
  });

  it('a spelling absent falls through to the next; a row of nulls only is left out', async () => {
    runs.answer('todo/list_todo_attachment', { data: { attachments: [{ fileId: 'f1', name: 'x' }, { attachmentId: null }] } });
    const r = await runs.sent(argv);
    expect(r.printed).toEqual({ count: 1, attachments: [{ attachmentId: 'f1', fileName: 'x' }] });
  });
});

describe('sheet export-csv: a cut CSV let through by --allow-truncated is announced on stderr (sheet_export_csv.go:176-179@c7521c1c)', () => {
  /** A run as typed: stdout, the stderr notice lines parsed, the calls sent. */
  async function typed(argv: string[]) {
    runs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(argv, runs.env());
    return {
      out: outcome.out,
      notices: outcome.err.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { warning: { reason: string; message: string } }),
      calls: runs.mcp.calls.length,
      reason: outcome.error?.reason,
    };
  }

  it('hasMore true under result or at the top: one [WARN] truncated_result line, stdout still the CSV', async () => {
    for (const answer of [{ result: { csv: 'a,b\n1,2', hasMore: true } }, { csv: 'a,b\n1,2', hasMore: true }]) {
      runs.mcp.answers.get_range_as_csv = () => answer;
      const r = await typed(['sheet', 'export-csv', '--node', 'N', '--allow-truncated']);
      expect(r.reason).toBeUndefined();
      expect(JSON.parse(r.out)).toEqual({ result: 'a,b\n1,2' });
      expect(r.notices.map((n) => [n.warning.reason, n.warning.message.startsWith('[WARN] ')])).toEqual([['truncated_result', true]]);
    }
  });

  it('no notice when the CSV is whole (hasMore false, absent or not a boolean), and none when the cut CSV is refused', async () => {
    for (const hasMore of [false, undefined, 'true']) {
      runs.mcp.answers.get_range_as_csv = () => ({ result: { csv: 'x', ...(hasMore === undefined ? {} : { hasMore }) } });
      const r = await typed(['sheet', 'export-csv', '--node', 'N', '--allow-truncated']);
      expect({ hasMore, notices: r.notices, reason: r.reason }).toEqual({ hasMore, notices: [], reason: undefined });
    }
    runs.mcp.answers.get_range_as_csv = () => ({ result: { csv: 'x', hasMore: true } });
    const refused = await typed(['sheet', 'export-csv', '--node', 'N']);
    expect({ reason: refused.reason, notices: refused.notices, out: refused.out }).toEqual({ reason: 'invalid_parameter', notices: [], out: '' });
  });
});

describe('NEW MECHANISM: a warn step, a notice where it stands (docs/PLANS.md "Warnings")', () => {
  const tools = shippedEngine().tools();
  const build = (warn: unknown, extra: Record<string, unknown> = {}) => validatePlans([{ file: 't.yaml', doc: { plans: { 'sheet.export_csv': { facts: 't', steps: [
    { id: 'call', server: 'sheet', rpc: 'get_range_as_csv', effect: 'read', args: { nodeId: { flag: 'node' } } },
    { id: 'note', when: { equals: [{ from: 'call', path: 'hasMore' }, true] }, warn, ...extra },
  ] } } } }], tools).problems.filter((p) => p.includes('note')).join('\n');

  it('takes a reason of the notice table and a message without its prefix; nothing else', () => {
    expect(build({ reason: 'truncated_result', message: 'cut short' })).toBe('');
    expect(build({ reason: 'deprecated_command', message: 'x' })).toMatch(/warn\.reason: one of/u);
    expect(build({ reason: 'no_such_reason', message: 'x' })).toMatch(/warn\.reason: one of/u);
    expect(build({ reason: 'truncated_result', message: '[WARN] x' })).toMatch(/without its \[WARN\]\/\[FIX\] prefix/u);
    expect(build({ reason: 'truncated_result', message: ' ' })).toMatch(/warn\.message/u);
    expect(build('cut short')).toMatch(/must be an object/u);
    expect(build({ reason: 'truncated_result', message: 'x', extra: 1 })).toMatch(/extra/u);
    expect(build({ reason: 'truncated_result', message: 'x' }, { refuse: 'no' })).toMatch(/a step is one of/u);
  });

  it('a dry run shows the notice among the steps and emits nothing', async () => {
    const outcome = await dispatchInProcess(['sheet', 'export-csv', '--node', 'N', '--allow-truncated', '--dry-run'], runs.env());
    const preview = JSON.parse(outcome.out) as { steps: { id: string; warn?: string }[] };
    expect(preview.steps.find((s) => s.id === 'cut_notice')?.warn).toMatch(/cut short/u);
    expect(outcome.err.split('\n').filter((l) => l.includes('truncated_result'))).toEqual([]);
  });
});

describe('the other post-answer [WARN] lines upstream prints (h44-lead siblings of sheet export-csv)', () => {
  const notices = (err: string) => err.split('\n').filter((l) => l !== '').map((l) => (JSON.parse(l) as { warning: { reason: string } }).warning.reason);

  it('doc whiteboard insert: no whiteboard id seen within the reads is announced (doc_whiteboard.go:197-202@c7521c1c); a seen one is not', async () => {
    const card = (id: unknown) => JSON.stringify(['card', { uuid: 'x', metadata: { type: 'application/x-alidocs-plugin-draw', id } }]);
    const argv = ['doc', 'whiteboard', 'insert', '--node', 'd1', '--yes'];
    runs.mcp.answers['doc/list_document_blocks'] = (args) => ({ blocks: [{ blockId: (args as { blockId: string }).blockId, jsonml: card(5) }] });
    const pending = await runs.timed(argv);
    expect(pending.result).toMatchObject({ success: true, result: { whiteboardId: null } });
    expect(notices(pending.outcome.err)).toEqual(['write_unconfirmed']);
    runs.mcp.answers['doc/list_document_blocks'] = (args) => ({ blocks: [{ blockId: (args as { blockId: string }).blockId, jsonml: card('wb-1') }] });
    const seen = await runs.timed(argv);
    expect(seen.result).toMatchObject({ success: true, result: { whiteboardId: 'wb-1' } });
    expect(notices(seen.outcome.err)).toEqual([]);
  });

  it('doc +import: a format it does not convert is announced before the upload (import_flow.go:219-227@c7521c1c); a converted one is not', async () => {
    runs.mcp.answers['doc/get_file_upload_info'] = (_a, _n) => ({ result: { resourceUrl: `${runs.mcp.urlTemplate.replace(/\/[^/]*$/u, '')}/put`, uploadKey: 'k' } });
    const env = runs.env({ 'a.png': 'png-bytes', 'b.md': '# t' });
    const png = await dispatchInProcess(['doc', '+import', '--file', 'a.png', '--yes'], env);
    expect(notices(png.err)[0]).toBe('import_not_converted');
    const md = await dispatchInProcess(['doc', '+import', '--file', 'b.md', '--yes'], env);
    expect(notices(md.err)).not.toContain('import_not_converted');
  });
});

describe('a `now` source without a move is the instant itself (src/plan/values.ts nowValue)', () => {
  useTimeZone('America/New_York');
  it('calendar +next-event in the repeated hour of New York\'s November clock change sends startTime = now and endTime = now + 168 h (next_event.go:78-83@c7521c1c)', async () => {
    // 2024-11-03 01:30 EST is the second pass of 01:30; read back from local fields it became 01:30 EDT, an hour early
    const now = new Date('2024-11-03T06:30:00Z');
    runs.mcp.calls.length = 0;
    const outcome = await dispatchInProcess(['calendar', '+next-event'], runs.env(), undefined, { now: () => now });
    expect(outcome.error?.envelope()).toBeUndefined();
    expect(runs.mcp.calls.map((c) => [c.name, c.arguments])).toEqual([['list_calendar_events', { calendarId: 'primary', startTime: now.getTime(), endTime: now.getTime() + 168 * 3600 * 1000 }]]);
  });
});
