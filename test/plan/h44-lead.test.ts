// Session 44, lead (issue 32, second readings of seed 20261396): each run as a user types it against the recording
// backend on 127.0.0.1, compared with the upstream body at c7521c1c.
import { describe, expect, it } from 'vitest';
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
