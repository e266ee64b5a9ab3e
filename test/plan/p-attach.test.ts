// What aitable +attachment-put sends, refuses and prints, as upstream's executeAttachmentPut at c7521c1c
// (shortcut/aitable/attachment_composite.go:96-190, :292-360) does, run as a user types it against the recording
// backend on 127.0.0.1; and the deep_text any_case form it reads the prepare answer with (findStringByKeys).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';
import { apply } from './fake-plan.js';
import { transformArgProblem } from '../../src/plan/transforms/index.js';

const outputs = useOutputRuns('dws-pattach-');
const { sent, mcp } = outputs;
const PUT = ['aitable', '+attachment-put', '--base-id', 'b1', '--table-id', 't1', '--record-id', 'r1', '--field-id', 'fA', '--file', 'a.pdf', '--yes'];
const FILE = { 'a.pdf': '%PDF-1.7' };
const page = (items: unknown) => ({ data: { records: [{ recordId: 'r1', cells: { fA: items } }] } });
const READ = ['aitable/query_records', { baseId: 'b1', tableId: 't1', recordIds: ['r1'], limit: 1 }];
const PREPARE = ['aitable/prepare_attachment_upload', { baseId: 'b1', fileName: 'a.pdf', size: 8, mimeType: 'application/pdf' }];
const write = (items: unknown[]) => ['aitable/update_records', { baseId: 'b1', tableId: 't1', records: [{ recordId: 'r1', cells: { fA: items } }] }];

describe('aitable +attachment-put as executeAttachmentPut (attachment_composite.go:96-190)', () => {
  it('keeps the existing tokens, PUTs the file, verifies the read-back and prints the composite summary', async () => {
    outputs.answersInTurn('aitable/query_records',
      page([{ fileToken: 'k1', name: 'old.png' }, { file_token: 'k0' }]),
      page([{ fileToken: 'k1' }, { fileToken: 'k0' }, { fileToken: 'k2', name: 'a.pdf' }]));
    outputs.answer('aitable/prepare_attachment_upload', { data: { uploadUrl: `${mcp.base}/upload/u1`, fileToken: 'k2' } });
    expect(await sent(PUT, FILE)).toEqual({
      reason: undefined, category: undefined,
      calls: [READ, PREPARE, write([{ fileToken: 'k1' }, { fileToken: 'k0' }, { fileToken: 'k2' }]), READ],
      printed: {
        contractVersion: 'aitable.composite.v1', operation: 'attachment_put', status: 'success', executed: true, retryable: false,
        completedCount: 1,
        resolved: { baseId: 'b1', tableId: 't1', recordId: 'r1', fieldId: 'fA', fileName: 'a.pdf', size: 8, mode: 'append' },
        plan: [
          { index: 1, name: 'prepare attachment upload', tool: 'prepare_attachment_upload', status: 'planned' },
          { index: 2, name: 'PUT file bytes', tool: 'HTTP PUT', status: 'planned' },
          { index: 3, name: 'write and verify attachment cell', tool: 'update_records', status: 'planned' },
        ],
        knownSideEffects: [{ tool: 'HTTP PUT', fileToken: 'k2', fileName: 'a.pdf', size: 8 }],
        verification: { status: 'verified', attachmentCount: 3, fileName: 'a.pdf', size: 8 },
        result: { fileToken: 'k2', fileName: 'a.pdf', size: 8, mimeType: 'application/pdf', attachmentCount: 3 },
      },
    });
    expect(mcp.uploads.map((u) => [u.name, u.bytes.toString()])).toEqual([['u1', '%PDF-1.7']]);
  });

  it('finds uploadUrl and fileToken anywhere in the prepare answer, keys in any case, texts trimmed (findStringByKeys)', async () => {
    outputs.answersInTurn('aitable/query_records', page(null), page([{ fileName: 'a.pdf', size: 8 }]));
    outputs.answer('aitable/prepare_attachment_upload', { success: true, result: { info: [{ UPLOADURL: ` ${mcp.base}/upload/u2 `, FileToken: ' k9 ' }] } });
    const run = await sent([...PUT, '--mode', 'replace'], FILE);
    expect(run.calls).toEqual([READ, PREPARE, write([{ fileToken: 'k9' }]), READ]);
    expect(run.printed).toMatchObject({ status: 'success', resolved: { mode: 'replace' }, result: { fileToken: 'k9', attachmentCount: 1 } });
    expect(mcp.uploads.map((u) => u.name)).toEqual(['u2']);
  });

  it('sends no bytes when the prepare answer lacks the URL or the token, or gives a URL upstream does not PUT to', async () => {
    for (const answer of [
      { data: { fileToken: 'k2' } },
      { data: { uploadUrl: `${mcp.base}/upload/u3`, fileToken: '  ' } },
      { data: { uploadUrl: `${mcp.base.replace('127.0.0.1', '0.0.0.0')}/upload/u3`, fileToken: 'k2' } },
      { data: { uploadUrl: `${mcp.base.replace('http://', 'https://user:pw@')}/upload/u3`, fileToken: 'k2' } },
      { data: { uploadUrl: `${mcp.base.replace('http://', 'ftp://')}/upload/u3`, fileToken: 'k2' } },
    ]) {
      outputs.answer('aitable/query_records', page([]));
      outputs.answer('aitable/prepare_attachment_upload', answer);
      const run = await sent(PUT, FILE);
      expect({ failed: run.reason !== undefined, calls: run.calls, uploads: mcp.uploads.length }).toEqual({ failed: true, calls: [READ, PREPARE], uploads: 0 });
    }
  });

  it('checks the record read before preparing anything (readAttachmentCell :307-336)', async () => {
    for (const answer of [
      { data: { records: [{ recordId: 'r2', cells: {} }] } },
      { data: { records: [{ recordId: 'r1' }] } },
      { data: { records: [] } },
      page('x'),
      page(['x']),
    ]) {
      outputs.answer('aitable/query_records', answer);
      const run = await sent([...PUT, '--mode', 'replace'], FILE);
      expect({ reason: run.reason, calls: run.calls }).toEqual({ reason: 'backend_error', calls: [READ] });
    }
  });

  it('verifies the read-back by count and by the new token or the file name and size (verifyAttachmentPut :346-360)', async () => {
    const runWith = async (back: unknown) => {
      outputs.answersInTurn('aitable/query_records', page([{ fileToken: 'k1' }]), back);
      outputs.answer('aitable/prepare_attachment_upload', { data: { uploadUrl: `${mcp.base}/upload/u4`, fileToken: 'k2' } });
      const run = await sent(PUT, FILE);
      return { failed: run.reason !== undefined, calls: run.calls.length, status: (run.printed as { status?: string } | undefined)?.status };
    };
    const done = { failed: false, calls: 4, status: 'success' };
    const refused = { failed: true, calls: 4, status: undefined };
    expect(await runWith(page([{ fileToken: 'k1' }, { file_token: 'k2' }]))).toEqual(done);
    expect(await runWith(page([{ fileToken: 'k1' }, { filename: 'a.pdf', size: 8 }]))).toEqual(done);
    expect(await runWith(page([{ fileToken: 'k2' }]))).toEqual(refused);
    expect(await runWith(page([{ fileToken: 'k1' }, { name: 'a.pdf', size: '8' }]))).toEqual(refused);
    expect(await runWith(page([{ fileToken: 'k1' }, { name: 'b.pdf', size: 8 }]))).toEqual(refused);
    expect(await runWith({ data: { records: [{ recordId: 'r9', cells: { fA: [{ fileToken: 'k2' }] } }] } })).toEqual(refused);
  });
});

describe('the transform deep_text with any_case (upstream findStringByKeys, base_composite.go:328-358)', () => {
  const url = (v: unknown) => apply([{ deep_text: { keys: ['uploadUrl'], any_case: true } }], v);
  it('matches a key in any case, its own keys before nested ones, skipping blanks and non-texts', () => {
    expect(url({ a: { UploadURL: ' u1 ' }, uploadurl: '  ' })).toBe('u1');
    expect(url({ UPLOADURL: 'top', inner: { uploadUrl: 'deep' } })).toBe('top');
    expect(url([{ uploadUrl: 7 }, { x: [{ uploadUrl: 'u3' }] }])).toBe('u3');
    expect(url({ other: 'uploadUrl' })).toBeUndefined();
  });
  it('the plain list form still matches the keys exactly', () => {
    expect(apply([{ deep_text: ['uploadUrl'] }], { UPLOADURL: 'x' })).toBeUndefined();
  });
  it('its argument is checked at build', () => {
    expect(transformArgProblem({ deep_text: { keys: [], any_case: true } } as never)).toContain('deep_text needs');
    expect(transformArgProblem({ deep_text: { keys: ['a'], any_case: 'yes' } } as never)).toContain('deep_text needs');
  });
});
