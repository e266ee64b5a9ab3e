// The refusals and bounds of the multi-step step kinds, with hand-written canned answers: an expectation that fails
// stops before the write; a poll stops on the failure state and gives up after its bounded attempts without
// waiting for real; a save never replaces a file unless asked; a download never writes outside the file root.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DwsError } from '../../../src/errors.js';
import { startCannedBackend, type CannedBackend } from '../../fixtures/multi-step/backend.js';
import { executePlan } from '../../../src/plan/executor.js';
import { inputsFor, makeFileRoot, toolOf } from './support.js';
import { executeOptions } from '../../helpers.js';

vi.mock('../../../src/journal/journal.js', () => ({ openJournal: () => {}, journalSent: () => ({ seq: 1 }), journalCall: () => {} }));

let backend: CannedBackend;
beforeAll(async () => {
  backend = await startCannedBackend();
});
afterAll(async () => {
  await backend?.close();
});
beforeEach(() => backend?.reset());

async function run(canonical: string, flags: Record<string, unknown>, respond: CannedBackend['respond'], root = makeFileRoot()): Promise<{ result?: unknown; error?: DwsError; root: string; sleeps: number[] }> {
  const tool = toolOf(canonical);
  backend.respond = respond;
  const sleeps: number[] = [];
  const o = {
    env: { DWS_MCP_URL_TEMPLATE: backend.urlTemplate, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_CONFIG: '/nonexistent/dws.json', DWS_FILE_ROOT: root },
    timeoutMs: 5000, catalog: { source_hash: 'h', surface_hash: 'h' }, dryRun: false, backoffMs: 1,
    sleep: async (ms: number) => void sleeps.push(ms),
  };
  try {
    const outcome = await executePlan(tool, tool.plan, { ...inputsFor(tool, root), ...flags }, executeOptions(tool, o));
    return { result: 'result' in outcome ? outcome.result : undefined, root, sleeps };
  } catch (e) {
    if (e instanceof DwsError) return { error: e, root, sleeps };
    throw e;
  }
}

const names = () => backend.log.map((op) => op.name);

describe('multi-step step kinds at their limits', { timeout: 300_000 }, () => {
  it('dev app delete: a name that does not match --confirm-name stops before the delete (a validation refusal, devapp.go:762)', async () => {
    const r = await run('dev.delete_dev_app', { 'confirm-name': '正式应用' }, () => ({ result: { name: '测试应用' } }));
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(r.error?.message).toContain('does not match the app\'s name');
    expect(names()).toEqual(['get_dev_app']);
  });

  it('a poll stops at the failure state (backend_error) and gives up after max_attempts (outcome_unknown), waiting only through the injected sleep', async () => {
    // doc +export polls its export job (after the submit, so both endings are inside partial_outcome)
    const job = (status: string) => (_s: string, tool: string) => (tool === 'submit_export_job' ? { result: { jobId: 'j1' } } : { result: { status } });
    const failed = await run('doc.shortcut_export', {}, job('FAILED'));
    expect(failed.error?.reason).toBe('partial_outcome');
    expect(failed.error?.message).toContain('(backend_error: ');
    expect(names()).toEqual(['submit_export_job', 'query_export_job']);
    backend.reset();
    const pending = await run('doc.shortcut_export', { 'max-polls': 4 }, job('PROCESSING')); // INIT and PROCESSING are pending (docExportStatusPollable, content_shortcuts.go:1531-1538@c7521c1c)
    expect(pending.error?.message).toContain('(outcome_unknown: ');
    // four checks at most: the first, then three waits and checks
    expect(names()).toEqual(['submit_export_job', ...Array(4).fill('query_export_job')]);
    expect(pending.sleeps).toEqual([2000, 2000, 2000]);
  });

  it('mail export saves the .eml once and refuses to replace it unless --overwrite', async () => {
    const eml = () => ({ result: { emlContent: 'From: a\r\n\r\nbody' } });
    const root = makeFileRoot();
    const first = await run('mail.export_message_mime', { filename: 'mail-1' }, eml, root);
    expect(first.error).toBeUndefined();
    expect(readFileSync(path.join(root, 'mail-1.eml'), 'utf8')).toBe('From: a\r\n\r\nbody');
    const again = await run('mail.export_message_mime', { filename: 'mail-1' }, eml, root);
    // h44-left (session 45): upstream returns atomicWriteFile's refusal bare (helpers/mail.go:2282-2285@c7521c1c), exit 5
    expect(again.error?.reason).toBe('internal_error');
    const forced = await run('mail.export_message_mime', { filename: 'mail-1', overwrite: true }, () => ({ result: { emlContent: 'v2' } }), root);
    expect(forced.error).toBeUndefined();
    expect(readFileSync(path.join(root, 'mail-1.eml'), 'utf8')).toBe('v2');
  });

  it('a download target outside the file root is refused before anything is fetched', async () => {
    const respond = (_s: string, tool: string) => (tool === 'list_file_versions' ? { result: { versions: [{ version: 3 }] } } : { result: { downloadUrl: `${backend.blobBase}/v3` } });
    const r = await run('drive.shortcut_version_download', { version: 3, output: '../outside.bin' }, respond);
    expect(r.error?.reason).toBe('invalid_parameter');
    expect(backend.log.filter((op) => op.kind === 'get')).toEqual([]);
    expect(existsSync(path.join(r.root, '..', 'outside.bin'))).toBe(false);
  });

  it('a probe that fails at the backend is tolerated (the other domain is tried); an auth failure is not', async () => {
    const respond: CannedBackend['respond'] = (_s, tool) => (tool === 'download_file' ? { result: { resourceUrl: `${backend.blobBase}/doc.md` } } : { result: { nodeId: 'n1' } });
    backend.blobText = '# title\n';
    backend.faults.set(0, 400);
    const fallback = await run('markdown.fetch', { node: 'n1', output: null }, respond);
    expect(fallback.error).toBeUndefined();
    // h40-a3: the doc route's download_file has the runner's preflight get_document_info (doc_download_preflight.go:34-83@c7521c1c)
    expect(backend.log.map((op) => `${op.server}/${op.name}`)).toEqual(['drive/get_file_info', 'doc/get_document_info', 'doc/get_document_info', 'doc/download_file', 'blob/doc.md']);
    expect(fallback.result).toMatchObject({ content: '# title\n' });
    backend.reset();
    backend.faults.set(0, 401);
    const denied = await run('markdown.fetch', { node: 'n1', output: null }, respond);
    expect(denied.error?.reason).toBe('auth_failed');
    expect(names()).toEqual(['get_file_info']);
  });

  it('a resolution that finds nobody is not_found and sends nothing after it', async () => {
    const r = await run('chat.shortcut_dm', { to: '无此人' }, () => ({ result: [] }));
    expect(r.error?.reason).toBe('not_found');
    expect(names()).toEqual(['search_contact_by_key_word']);
  });
});
