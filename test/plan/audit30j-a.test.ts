// The tenth audit, part a (seed 20261211, notes/audit-30j-a.md): what two of its commands read and print as upstream's
// bodies at c7521c1c do, run as a user types them against the recording backend on 127.0.0.1. sheet export-csv prints
// the CSV text and fails without one (helpers/sheet_export_csv.go:164-240); the DING robot commands fall back to
// $DINGTALK_DING_ROBOT_CODE when --robot-code is left out (helpers/ding.go:58-64, :134-140). The calls themselves are
// pinned by test/fixtures/calls/{sheet,ding}.yaml.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[], extra: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-audit30j-a-'));
  const outcome = await dispatchInProcess(argv, { ...privateEnv(mcp.urlTemplate, 't', dir), ...extra });
  const printed = outcome.out.trim() === '' ? undefined : JSON.parse(outcome.out) as { result?: unknown };
  return { dir, reason: outcome.error?.reason, result: printed?.result, sent: mcp.calls.map((c) => ({ rpc: c.name, arguments: c.arguments })) };
}

describe('sheet export-csv', () => {
  it('prints the CSV text of the answer, read inside result', async () => {
    mcp.answers['sheet/get_range_as_csv'] = () => ({ result: { csv: 'a,b\n1,2\n', hasMore: false }, success: true });
    expect((await run(['sheet', 'export-csv', '--node', 'N1'])).result).toBe('a,b\n1,2\n');
  });

  it('reads an answer without a result wrapper at the top level', async () => {
    mcp.answers['sheet/get_range_as_csv'] = () => ({ csv: '' });
    expect((await run(['sheet', 'export-csv', '--node', 'N1'])).result).toBe('');
  });

  it('fails when the csv is missing or not text, with or without --output', async () => {
    for (const answer of [{ result: {} }, { result: { csv: 7 } }, { result: 'x', csv: 'top' }, {}]) {
      mcp.answers['sheet/get_range_as_csv'] = () => answer;
      expect((await run(['sheet', 'export-csv', '--node', 'N1'])).reason).toBe('backend_error');
      expect((await run(['sheet', 'export-csv', '--node', 'N1', '--output', 'o.csv'])).reason).toBe('backend_error');
    }
  });

  it('reads hasMore only where the csv is: a flag beside a result wrapper does not refuse', async () => {
    mcp.answers['sheet/get_range_as_csv'] = () => ({ result: { csv: 'a\n' }, hasMore: true });
    expect((await run(['sheet', 'export-csv', '--node', 'N1'])).result).toBe('a\n');
    mcp.answers['sheet/get_range_as_csv'] = () => ({ result: { csv: 'a\n', hasMore: true } });
    expect((await run(['sheet', 'export-csv', '--node', 'N1'])).reason).toBe('invalid_parameter');
  });

  it('saves the text into --output', async () => {
    mcp.answers['sheet/get_range_as_csv'] = () => ({ result: { csv: 'x,y\n' } });
    const r = await run(['sheet', 'export-csv', '--node', 'N1', '--output', 'o.csv']);
    expect(r.reason).toBeUndefined();
    expect(readFileSync(path.join(r.dir, 'o.csv'), 'utf8')).toBe('x,y\n');
  });

  it('takes a blank --value-render-option as not given (trimmed to nothing upstream)', async () => {
    mcp.answers['sheet/get_range_as_csv'] = () => ({ csv: '' });
    expect((await run(['sheet', 'export-csv', '--node', 'N1', '--value-render-option', '  '])).sent).toEqual([
      { rpc: 'get_range_as_csv', arguments: { nodeId: 'N1', annotateRowNumbers: false } },
    ]);
  });
});

describe('the DING robot code comes from the flag, else from DINGTALK_DING_ROBOT_CODE', () => {
  it('ding message recall sends the variable as set when --robot-code is left out', async () => {
    expect((await run(['ding', 'message', 'recall', '--id', 'D1'], { DINGTALK_DING_ROBOT_CODE: 'R9' })).sent).toEqual([
      { rpc: 'recall_ding_message', arguments: { robotCode: 'R9', openDingId: 'D1' } },
    ]);
  });

  it('prefers the flag to the variable', async () => {
    expect((await run(['ding', 'message', 'recall', '--id', 'D1', '--robot-code', 'R1'], { DINGTALK_DING_ROBOT_CODE: 'R9' })).sent).toEqual([
      { rpc: 'recall_ding_message', arguments: { robotCode: 'R1', openDingId: 'D1' } },
    ]);
  });

  it('ding message send reads the same variable', async () => {
    expect((await run(['ding', 'message', 'send', '--users', 'u1', '--content', 'hi', '--yes'], { DINGTALK_DING_ROBOT_CODE: 'R9' })).sent).toEqual([
      { rpc: 'send_ding_message', arguments: { robotCode: 'R9', remindType: 1, receiverUserIdList: ['u1'], content: 'hi' } },
    ]);
  });

  it('refuses before any call when neither gives one (an empty variable counts as unset)', async () => {
    for (const argv of [['ding', 'message', 'recall', '--id', 'D1'], ['ding', 'message', 'send', '--users', 'u1', '--content', 'hi', '--yes']]) {
      expect(await run(argv, { DINGTALK_DING_ROBOT_CODE: '' })).toMatchObject({ reason: 'invalid_parameter', sent: [] });
    }
  });
});
