// serve's stdio transport (src/serve/stdio.ts) in-process, on streams the test controls: messages over the size
// limit answered with a typed error without being buffered whole, malformed lines answered, and answers written
// under back-pressure through one queue (at most one 'drain' listener, whatever the number of answers waiting).
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { LineTransport, idFromEdges } from '../../src/serve/stdio.js';

/** A stdout whose write() reports a full buffer until the test drains it. */
class SlowStdout extends Writable {
  readonly lines: string[] = [];
  full = true;
  override write(chunk: unknown): boolean {
    this.lines.push(String(chunk));
    return !this.full;
  }
  drainNow(): void {
    this.emit('drain');
  }
}

function started(stdout: NodeJS.WritableStream, maxBytes?: number) {
  const stdin = new PassThrough();
  const t = new LineTransport(stdin, stdout, maxBytes);
  const received: JSONRPCMessage[] = [];
  t.onmessage = (m) => received.push(m);
  void t.start();
  return { stdin, t, received };
}

const flush = () => new Promise((r) => setImmediate(r));
const request = (id: number, extra = '') => `{"method":"tools/call","params":{"name":"schema_search","arguments":{"query":"q${extra}"}},"jsonrpc":"2.0","id":${id}}`;

describe('serve stdio transport', () => {
  it('keeps at most one drain listener while 500 answers wait on a full stdout, and writes them all in order', async () => {
    const out = new SlowStdout();
    const { t } = started(out);
    const sent = Array.from({ length: 500 }, (_, i) => t.send({ jsonrpc: '2.0', id: i, result: {} }));
    expect(out.listenerCount('drain')).toBe(1);
    while (out.lines.length < 500) {
      expect(out.listenerCount('drain')).toBeLessThanOrEqual(1);
      out.drainNow();
    }
    out.full = false;
    out.drainNow();
    await Promise.all(sent);
    expect(out.lines.map((l) => JSON.parse(l).id)).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('answers a message over the limit with request_too_large under its own id, keeping only its edges, then reads the next one', async () => {
    const out = new PassThrough();
    const answers: string[] = [];
    out.setEncoding('utf8').on('data', (d: string) => answers.push(...d.split('\n').filter(Boolean)));
    const { stdin, received } = started(out, 64 * 1024);
    const big = request(7, 'x'.repeat(300 * 1024));
    for (let at = 0; at < big.length; at += 10_000) stdin.write(big.slice(at, at + 10_000));
    stdin.write('\n' + request(8) + '\n');
    await flush();
    expect(received.map((m) => (m as { id: number }).id)).toEqual([8]);
    expect(answers.map((a) => JSON.parse(a))).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32600, message: expect.stringContaining('larger than 65536 bytes'), data: { error: expect.objectContaining({ reason: 'request_too_large' }) } } }]);
  });

  it('answers a line that is not JSON with a parse error and one that is not JSON-RPC with invalid request', async () => {
    const out = new PassThrough();
    const answers: string[] = [];
    out.setEncoding('utf8').on('data', (d: string) => answers.push(...d.split('\n').filter(Boolean)));
    const { stdin, received } = started(out);
    stdin.write('{not json\n{"id":3,"hello":1}\n\n' + request(4) + '\n');
    await flush();
    expect(received.map((m) => (m as { id: number }).id)).toEqual([4]);
    expect(answers.map((a) => [JSON.parse(a).id, JSON.parse(a).error.code, JSON.parse(a).error.data.error.reason])).toEqual([[null, -32700, 'invalid_request_json'], [3, -32600, 'invalid_request_json']]);
  });

  it('finds the id of any request at either end of its text', () => {
    fc.assert(fc.property(fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.string({ maxLength: 30 })), fc.boolean(), (id, first) => {
      const body = `"method":"tools/call","params":{"arguments":{"id":"inner","q":"${'y'.repeat(100)}"}}`;
      const text = first ? `{"jsonrpc":"2.0","id":${JSON.stringify(id)},${body}}` : `{${body},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
      expect(idFromEdges(text.slice(0, 400), text.slice(-400))).toBe(id);
    }));
  });
});
