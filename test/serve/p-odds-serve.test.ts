// p-odds (issue 32 leftovers): `dws serve`'s execute returns what the CLI prints, also for an error that carries
// `details` (drive list's walk ended by a login failure: the partial listing) and for a command that prints two
// documents (todo +assign-multi). The server is a real process over stdio against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../helpers.js';
import type { McpFixture } from '../fixtures/mcp/server.js';
import type { Engine } from '../../src/engine/engine.js';
import { useServedBackend, expectedHashes, type Served } from './client.js';

const TOKEN = 'tok-p-odds-serve-never-print-me';
let mcp: McpFixture;
let served: Served;
let engine: Engine;
let env: Record<string, string>;

useServedBackend(TOKEN, (b) => ({ mcp, engine, env, served } = b));

const hashes = () => expectedHashes(engine);

describe('execute passes an error\'s details through as the CLI prints them', () => {
  it('drive list --depth 2 ended by a 401 on a subfolder: the same envelope, the partial listing in details', async () => {
    const pages: Record<string, unknown> = {
      root: { result: { items: [{ type: 'FOLDER', name: 'A', fileId: 'fA' }, { type: 'FILE', name: 'a.txt', fileId: 'f1' }] } },
      fA: { result: { items: [] } },
    };
    mcp.answers['drive/list_files'] = (args) => {
      // the root answers; the next call (folder A) is refused by the gateway
      if (args.parentId === 'root') mcp.faults.push({ tool: 'list_files', status: 401, times: 1 });
      return pages[String(args.parentId)];
    };
    const a = await served.call('execute', { canonical_path: 'drive.list_files', arguments: { folder: 'root', depth: 2 }, ...hashes() });
    const envelope = JSON.parse(a.text) as { details?: { items: { name: string }[]; errors: { folderId: string }[] }; error: { reason: string } };
    expect([a.isError, envelope.error.reason]).toEqual([true, 'auth_failed']);
    expect(envelope.details?.items.map((i) => i.name)).toEqual(['A', 'a.txt']);
    expect(envelope.details?.errors.map((e) => e.folderId)).toEqual(['fA']);
    mcp.faults.length = 0;
    const cli = await runCliAsync(['drive', 'list', '--folder', 'root', '--depth', '2'], '', env);
    expect(a.text).toBe(cli.stderr.trim());
    expect(a.text).not.toContain(TOKEN);
  });
});

describe('execute returns every document a command prints, as the CLI\'s lines', () => {
  it('todo +assign-multi: the create answer, then {subject, executors, count}', async () => {
    mcp.answers['contact/search_contact_by_key_word'] = () => ({ result: [{ name: '张三', userId: 'u1' }] });
    mcp.answers['todo/create_personal_todo'] = () => ({ success: true, result: { taskId: 't1' } });
    const a = await served.call('execute', { canonical_path: 'todo.shortcut_assign_multi', arguments: { to: '张三', task: '写周报' }, confirmed: true, ...hashes() });
    expect(a.isError).toBe(false);
    expect(a.text.split('\n').map((l) => JSON.parse(l) as unknown)).toEqual([
      { result: { success: true, result: { taskId: 't1' } } },
      { result: { subject: '写周报', executors: ['张三(u1)'], count: 1 } },
    ]);
    const cli = await runCliAsync(['todo', '+assign-multi', '--to', '张三', '--task', '写周报', '--yes'], '', env);
    expect(a.text).toBe(cli.stdout.trimEnd());
  });
});
