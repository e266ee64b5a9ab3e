// The server table and the hosts: every server the catalog calls is in the table, the gateway follows the MCP base
// (--intl: the .io hosts), DINGTALK_<SERVER>_MCP_URL overrides one server, an unknown server is exit 6.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers.js';
import { serverIds, serverUrl, overrideName } from '../../src/backend/servers.js';
import { gatewayOf, loginBase, mcpBase } from '../../src/backend/auth/endpoints.js';
import { DwsError } from '../../src/errors.js';

describe('servers and hosts', () => {
  it('has a server for every product id and plan server the catalog names', () => {
    const ids = new Set<string>();
    for (const f of readdirSync(path.join(ROOT, 'catalog')).filter((n) => n.endsWith('.yaml'))) {
      for (const m of readFileSync(path.join(ROOT, 'catalog', f), 'utf8').matchAll(/product_id: ([\w-]+)/g)) ids.add(m[1]);
    }
    const walk = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
    for (const f of walk(path.join(ROOT, 'catalog', 'plans'))) for (const m of readFileSync(f, 'utf8').matchAll(/^\s*server: ([\w-]+)/gm)) ids.add(m[1]);
    const missing = [...ids].filter((id) => !serverIds().includes(id));
    expect(missing).toEqual([]);
  });

  it('derives the gateway from the MCP base, .com or .io', () => {
    expect(gatewayOf(mcpBase({}, 'cn'))).toBe('https://mcp-gw.dingtalk.com');
    expect(gatewayOf(mcpBase({}, 'intl'))).toBe('https://mcp-gw.dingtalk.io');
    expect(gatewayOf('https://pre-mcp.dingtalk.com')).toBe('https://pre-mcp-gw.dingtalk.com');
    expect(gatewayOf('http://127.0.0.1:4000/')).toBe('http://127.0.0.1:4000');
    expect(loginBase({}, 'intl')).toBe('https://login.dingtalk.io');
    expect(mcpBase({ DWS_MCP_BASE_URL: 'https://x.example/' }, 'cn', 'https://stored.example')).toBe('https://x.example');
    expect(serverUrl('im', 'https://mcp-gw.dingtalk.com', {})).toMatch(/^https:\/\/mcp-gw\.dingtalk\.com\/server\/[0-9a-f]{64}$/);
    expect(serverUrl('devapp', 'https://mcp-gw.dingtalk.io', {})).toBe('https://mcp-gw.dingtalk.io/server/op-app');
  });

  it('lets DINGTALK_<SERVER>_MCP_URL override one server, and refuses an unknown one with exit 6', () => {
    expect(overrideName('doc-comment')).toBe('DINGTALK_DOC_COMMENT_MCP_URL');
    expect(serverUrl('doc-comment', 'https://g', { DINGTALK_DOC_COMMENT_MCP_URL: 'https://own.example/mcp' })).toBe('https://own.example/mcp');
    let err: unknown;
    try {
      serverUrl('nope', 'https://g', {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DwsError);
    expect((err as DwsError).exitCode).toBe(6);
  });
});
