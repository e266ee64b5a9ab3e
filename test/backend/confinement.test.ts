// Where the token may go: never to a host outside DWS_TRUSTED_DOMAINS, never over plain http without
// DWS_ALLOW_HTTP_ENDPOINTS=1, and never across a redirect to another origin. Two loopback ports: 127.0.0.1:A
// redirects to 127.0.0.1:B, which records what it is sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { startFakeDingTalk, type FakeDingTalk } from '../fixtures/dingtalk/server.js';
import { readBody } from '../fixtures/http.js';
import { fakeEnv } from './env.js';
import { seedLogin } from './seed.js';

interface Recorder { base: string; seen: http.IncomingHttpHeaders[]; close(): Promise<void> }

async function recorder(handle: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void): Promise<Recorder> {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    void readBody(req).then((b) => {
      seen.push(req.headers);
      handle(req, res, b.toString('utf8'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

const answer = (res: http.ServerResponse, body: string) => {
  const id = (JSON.parse(body) as { id: number }).id;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: '{"ok":true}' }] } }));
};

let fake: FakeDingTalk;
let b: Recorder;
let a: Recorder;
let env: Record<string, string>;
let token: string;

beforeAll(async () => {
  fake = await startFakeDingTalk();
  env = fakeEnv(fake.base);
  token = seedLogin(env, fake);
  b = await recorder((_req, res, body) => answer(res, body));
  a = await recorder((req, res, body) => {
    if (req.url === '/same') return answer(res, body);
    res.writeHead(req.url === '/to-same' ? 307 : 307, { location: req.url === '/to-same' ? `${a.base}/same` : `${b.base}/server/x` }).end();
  });
});
afterAll(async () => {
  await Promise.all([fake.close(), a.close(), b.close()]);
});

const call = (extra: Record<string, string>) => dispatchInProcess(['contact', 'user', 'get-self'], { ...env, ...extra });

describe('token confinement', () => {
  it('is never sent to a host outside DWS_TRUSTED_DOMAINS (untrusted_endpoint, exit 3, nothing sent)', async () => {
    const r = await call({ DINGTALK_CONTACT_MCP_URL: `${b.base}/server/x`, DWS_TRUSTED_DOMAINS: 'localhost,*.dingtalk.com' });
    expect(r.error?.reason).toBe('untrusted_endpoint');
    expect(r.error?.exitCode).toBe(3);
    expect(b.seen).toEqual([]);
  });

  it('is never sent over plain http without DWS_ALLOW_HTTP_ENDPOINTS=1', async () => {
    const r = await call({ DINGTALK_CONTACT_MCP_URL: `${b.base}/server/x`, DWS_ALLOW_HTTP_ENDPOINTS: '' });
    expect(r.error?.reason).toBe('untrusted_endpoint');
    expect(r.error?.message).toContain('DWS_ALLOW_HTTP_ENDPOINTS');
    expect(b.seen).toEqual([]);
  });

  it('never follows a redirect to another origin with a credential header', async () => {
    const r = await call({ DINGTALK_CONTACT_MCP_URL: `${a.base}/away` });
    expect(r.error).toBeUndefined();
    expect(a.seen.at(-1)!.authorization).toBe(`Bearer ${token}`);
    expect(b.seen).toHaveLength(1);
    expect(b.seen[0].authorization).toBeUndefined();
    expect(b.seen[0]['x-user-access-token']).toBeUndefined();
    expect(JSON.stringify(b.seen[0])).not.toContain(token);
  });

  it('keeps the credential across a redirect within the origin', async () => {
    const r = await call({ DINGTALK_CONTACT_MCP_URL: `${a.base}/to-same` });
    expect(r.error).toBeUndefined();
    expect(a.seen.at(-1)!.authorization).toBe(`Bearer ${token}`);
    expect(a.seen.at(-1)!['x-user-access-token']).toBe(token);
  });

  it('a DingTalk host over https is trusted by default, any other is not', async () => {
    const { credentialRefusal } = await import('../../src/backend/trust.js');
    expect(credentialRefusal(new URL('https://mcp-gw.dingtalk.com/server/x'), {})).toBeUndefined();
    expect(credentialRefusal(new URL('https://mcp-gw.dingtalk.io/server/x'), {})).toBeUndefined();
    expect(credentialRefusal(new URL('https://dingtalk.com.evil.example/server/x'), {})).toContain('DWS_TRUSTED_DOMAINS');
    expect(credentialRefusal(new URL('http://mcp-gw.dingtalk.com/server/x'), { DWS_ALLOW_HTTP_ENDPOINTS: '1' })).toContain('https only');
  });
});
