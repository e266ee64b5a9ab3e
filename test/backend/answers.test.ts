// Issue 33 #18 and #19: an answer is read up to a cap (10 MiB as upstream, --max-answer-mb / DWS_MAX_ANSWER_MB
// raise it) and within the --timeout deadline as a whole, so a server that drips its answer a byte at a time is a
// timeout (and a read is retried), never "not a JSON-RPC answer". Servers on 127.0.0.1 only.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { errorOf, runCliAsync } from '../helpers.js';
import { recordingEnv } from '../fixtures/mcp/server.js';

const state = mkdtempSync(path.join(os.tmpdir(), 'dws-answers-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));
let server: http.Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** A server whose every POST is answered by `answer`; counts the requests it received. */
async function serve(answer: (res: http.ServerResponse) => void): Promise<{ template: string; posts: () => number }> {
  let posts = 0;
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts++;
      answer(res);
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { template: `http://127.0.0.1:${port}/{product}`, posts: () => posts };
}

const envFor = (template: string, extra: Record<string, string> = {}) => ({
  ...recordingEnv(template, 'tok-answers-secret'),
  DWS_STATE_DIR: state, DWS_JOURNAL: path.join(state, 'journal.jsonl'), ...extra,
});

/** A JSON-RPC answer whose structured content carries `size` bytes of text. */
function bigAnswer(size: number): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text: 'ok' }], structuredContent: { blob: 'x'.repeat(size) } } });
}

describe('the answer size cap', { timeout: 300_000 }, () => {
  it('refuses a read answer over 10 MiB with answer_too_large (exit 1), naming the flag that raises it', async () => {
    const s = await serve((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(bigAnswer(11 * 1024 * 1024)));
    const r = await runCliAsync(['aitable', 'base', 'list'], '', envFor(s.template));
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(errorOf(r.stderr)).toMatchObject({ reason: 'answer_too_large', message: expect.stringContaining('10 MiB'), hint: expect.stringContaining('--max-answer-mb') });
    expect(s.posts()).toBe(1);
  });

  it('reads it when --max-answer-mb raises the cap for the run, and DWS_MAX_ANSWER_MB does the same', async () => {
    const s = await serve((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(bigAnswer(11 * 1024 * 1024)));
    for (const [args, extra] of [[['--max-answer-mb', '12'], {}], [[], { DWS_MAX_ANSWER_MB: '12' }]] as const) {
      const r = await runCliAsync(['aitable', 'base', 'list', ...args], '', envFor(s.template, extra));
      expect(r.status, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { result: { blob: string } }).result.blob.length).toBe(11 * 1024 * 1024);
    }
  });

  it.each(['0', '1.5', 'ten', '2000'])('refuses --max-answer-mb %s before anything is sent (exit 3)', async (value) => {
    const s = await serve((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(bigAnswer(10)));
    const r = await runCliAsync(['aitable', 'base', 'list', '--max-answer-mb', value], '', envFor(s.template));
    expect(r.status).toBe(3);
    expect(errorOf(r.stderr).reason).toBe('invalid_parameter');
    expect(s.posts()).toBe(0);
  });
});

describe('a slow-drip answer past --timeout', { timeout: 300_000 }, () => {
  it('is a timeout, and a read is retried (three attempts), never "not a JSON-RPC answer"', async () => {
    // headers at once, then one byte every 100 ms: a socket idle timer of 1 s never fires
    const s = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const drip = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(drip));
    });
    const r = await runCliAsync(['aitable', 'base', 'list', '--timeout', '1'], '', envFor(s.template));
    expect(r.status).toBe(1);
    const err = errorOf(r.stderr);
    expect(err).toMatchObject({ reason: 'transport_error', message: expect.stringContaining('no answer before the timeout') });
    expect(err.message).toContain('after 3 attempts');
    expect(s.posts()).toBe(3);
  });
});
