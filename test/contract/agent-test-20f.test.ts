// Agent test 20f (notes/agent-test-20f.md). Every request sent what upstream sends (the `agent20f:` goldens in
// test/fixtures/calls/*.yaml pin each call); two help texts left the agent guessing and were rewritten:
// request 16, `drive search` with no --target searches the drive and the online docs and prints both parts
// (helpers/drive.go:1456-1553@c7521c1c), which the help did not say; request 9, `oa +list-forms` has no keyword flag
// and its help did not point to `oa +search-forms`. These tests run the commands as a user types them and check that
// the help states what the run does.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, runCli } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-agent20f-'));
  mcp.answers = {
    'drive/search_files': () => ({ result: { items: [{ fileId: 'f1', name: 'invoice-11.pdf' }] } }),
    'doc/search_documents': () => ({ result: { documents: [{ nodeId: 'n1', name: 'Invoice rules' }] } }),
  };
  const outcome = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 'tok-agent-20f', dir));
  return { outcome, calls: mcp.calls.map((c) => `${c.server}/${c.name}`) };
}

describe('drive search: what the default covers (agent test 20f, request 16)', () => {
  it('no --target: the drive and the docs are searched and the answer has both parts, as the help now says', async () => {
    const { outcome, calls } = await run(['drive', 'search', '--query', 'invoice']);
    expect(outcome.error).toBeUndefined();
    expect(calls).toEqual(['drive/search_files', 'doc/search_documents']);
    expect(Object.keys((JSON.parse(outcome.out) as { result: object }).result).sort()).toEqual(['doc_results', 'drive_results']);
    const help = runCli(['drive', 'search', '--help']).stdout;
    expect(help).toContain('drive_results and doc_results');
    expect(help).toMatch(/all \(the default: drive and online docs\)/);
  });

  it('--target file: the drive only, one call, its answer as it came', async () => {
    const { outcome, calls } = await run(['drive', 'search', '--query', 'invoice', '--target', 'file']);
    expect(outcome.error).toBeUndefined();
    expect(calls).toEqual(['drive/search_files']);
    expect(JSON.parse(outcome.out)).toEqual({ result: { result: { items: [{ fileId: 'f1', name: 'invoice-11.pdf' }] } } });
  });
});

describe('oa +list-forms points to the keyword search (agent test 20f, request 9)', () => {
  it('the help names `oa +search-forms --query`, which sends the keyword', async () => {
    expect(runCli(['oa', '+list-forms', '--help']).stdout).toContain('dws oa +search-forms --query');
    const { outcome, calls } = await run(['oa', '+search-forms', '--query', '出差']);
    expect(outcome.error).toBeUndefined();
    expect(calls).toEqual(['oa/search_form']);
    expect(mcp.calls[0]?.arguments).toEqual({ query: '出差' });
  });
});
