// The DingTalk hosts (upstream internal/auth/endpoints.go, pkg/config/constants.go@c7521c1c), per region: cn uses
// .com, intl (--intl) the .io hosts.
//   MCP base   DWS_MCP_BASE_URL, else the base `auth login --mcp-url` stored with the credential, else
//              https://mcp.dingtalk.{com|io}: the client id, the token proxy, the organisation gate, the device poll
//   login      DWS_LOGIN_URL, else https://login.dingtalk.{com|io}: /oauth2/auth and the device flow
//   api        DWS_API_URL, else https://api.dingtalk.{com|io}: code exchange and refresh of an own app
//              (--client-id/--client-secret)
//   gateway    derived from the MCP base: host mcp.* -> mcp-gw.*, pre-mcp.* -> pre-mcp-gw.*; a base on another host
//              (a self-hosted or test server) is its own gateway
export type Region = 'cn' | 'intl';

const tld = (region: Region) => (region === 'intl' ? 'io' : 'com');
const trim = (u: string) => u.replace(/\/+$/, '');

type Env = Record<string, string | undefined>;

export function mcpBase(env: Env, region: Region, stored?: string): string {
  return trim(env.DWS_MCP_BASE_URL || stored || `https://mcp.dingtalk.${tld(region)}`);
}

export function loginBase(env: Env, region: Region): string {
  return trim(env.DWS_LOGIN_URL || `https://login.dingtalk.${tld(region)}`);
}

export const apiBase = (env: Env, region: Region): string => trim(env.DWS_API_URL || `https://api.dingtalk.${tld(region)}`);

export function gatewayOf(base: string): string {
  const u = new URL(base);
  if (/^(pre-)?mcp\./.test(u.hostname)) u.hostname = u.hostname.replace(/^(pre-)?mcp\./, (m) => m.replace('mcp.', 'mcp-gw.'));
  return u.origin;
}

export const ADMIN_PAGE_OF = (region: Region): string => `https://open-dev.dingtalk.${tld(region)}/fe/old#/developerSettings`;
