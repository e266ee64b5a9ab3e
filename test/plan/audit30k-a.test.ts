// The eleventh audit, part a (seed 20261212, notes/audit-30k-a.md): what two of its commands print, run as a user
// types them against the recording backend on 127.0.0.1. Upstream prints the last tool's answer as it came
// (callMCPToolOnServer, helpers.go:345-415@c7521c1c): chat group bots prints list_group_bots' answer, also when a
// group name was looked up first (resolveNativeChatTarget, chat.go:158, :7920); drive rename prints rename_document's
// answer, not the metadata it read first (drive.go:1860-1868). The calls themselves are pinned by
// test/fixtures/calls/{chat,drive}.yaml.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-audit30k-a-'));
  const outcome = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 't', dir));
  const printed = outcome.out.trim() === '' ? undefined : JSON.parse(outcome.out) as { result?: unknown };
  return { reason: outcome.error?.reason, result: printed?.result, rpcs: mcp.calls.map((c) => c.name) };
}

const BOTS = { result: [{ openBotId: 'bot1', name: '日报机器人' }] };

describe('chat group bots prints the bots answer as it came', () => {
  it('for an openConversationId, with no lookup', async () => {
    mcp.answers['bot/list_group_bots'] = () => BOTS;
    expect(await run(['chat', 'group', 'bots', '--group', 'cidAAAAAAAAAAAA'])).toEqual({ reason: undefined, result: BOTS, rpcs: ['list_group_bots'] });
  });

  it('for a group name: the search is not printed, the bots of the one group found are', async () => {
    mcp.answers['im/search_groups'] = () => ({ result: [{ title: '项目冲刺', openConversationId: 'cidPROJECT00001' }], hasMore: false });
    mcp.answers['bot/list_group_bots'] = () => BOTS;
    const r = await run(['chat', 'group', 'bots', '--group', '项目冲刺']);
    expect(r).toEqual({ reason: undefined, result: BOTS, rpcs: ['search_groups', 'list_group_bots'] });
    expect(mcp.calls[1].arguments).toEqual({ openConversationId: 'cidPROJECT00001' });
  });

  it('a name no group has reads no bots and prints nothing', async () => {
    mcp.answers['im/search_groups'] = () => ({ result: [], hasMore: false });
    expect(await run(['chat', 'group', 'bots', '--group', '没有这个群'])).toEqual({ reason: 'not_found', result: undefined, rpcs: ['search_groups'] });
  });
});

describe('drive rename prints the rename answer', () => {
  it('not the node metadata read before it', async () => {
    mcp.answers['drive/get_file_info'] = () => ({ result: { type: 'file', extension: 'docx', name: '旧名.docx' } });
    mcp.answers['doc/rename_document'] = () => ({ result: { nodeId: 'n1', name: '周报.docx' }, success: true });
    const r = await run(['drive', 'rename', '--node', 'n1', '--name', '周报.docx']);
    expect(r).toEqual({ reason: undefined, result: { result: { nodeId: 'n1', name: '周报.docx' }, success: true }, rpcs: ['get_file_info', 'rename_document'] });
  });
});
