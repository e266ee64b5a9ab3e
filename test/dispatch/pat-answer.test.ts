// pat chmod reads its answer as upstream's handleToolResult does (internal/pat/chmod.go:1301-1322@c7521c1c): the
// first text block that is not empty goes through ClassifyMCPResponseText (internal/errors/pat.go:266-299@c7521c1c),
// which fails an `error` key holding any text ("" included) and names a missing service_id/access_key as not logged in,
// beyond the success:false every command fails. Run as a user types it against the recording MCP server on 127.0.0.1.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();

async function run(argv: string[], body: unknown) {
  mcp.answers = { 'pat/pat.batch_grant': () => body, 'contact/get_current_user_profile': () => body };
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-pat-answer-'))));
  return { reason: outcome.error?.reason, exit: outcome.error?.exitCode, calls: mcp.calls.length, out: outcome.out };
}

const chmod = ['pat', 'chmod', 'chat.message:list', '--agentCode', 'a1', '--yes'];

describe('pat chmod fails an answer ClassifyMCPResponseText fails', () => {
  it('an error text, empty or not, is a business error (exit 1), and nothing is printed', async () => {
    for (const body of [{ error: '' }, { error: 'denied' }, { error: ' ', success: true, data: {} }]) {
      expect(await run(chmod, body), JSON.stringify(body)).toEqual({ reason: 'business_error', exit: 1, calls: 1, out: '' });
    }
  });

  it('a missing service_id or access_key is not being logged in (exit 2)', async () => {
    for (const key of ['error', 'message', 'errorMsg']) {
      expect(await run(chmod, { [key]: 'Missing service_id or access_key in request' })).toEqual({ reason: 'not_authenticated', exit: 2, calls: 1, out: '' });
    }
  });

  it('an error that is no text, or a plain answer, is the result', async () => {
    for (const body of [{ error: null }, { error: { code: 'x' } }, { success: true, data: { granted: ['chat.message:list'] } }]) {
      const r = await run(chmod, body);
      expect(r.reason, JSON.stringify(body)).toBeUndefined();
      expect(JSON.parse(r.out).result).toEqual(body);
    }
  });

  it('a command upstream builds elsewhere keeps its own reading: a helper command ignores an empty error text', async () => {
    // contact user get-self: internal/helpers (parseMCPToolTextResult: an error text must not be blank)
    const r = await run(['contact', 'user', 'get-self'], { error: '' });
    expect(r.reason).toBeUndefined();
  });
});
