// Which URL serves each DingTalk server id: the static table of upstream c7521c1c (catalog/servers.json, a path on
// the gateway), the gateway derived from the MCP base (auth/endpoints.ts), and DINGTALK_<SERVER>_MCP_URL (upper
// case, "-" -> "_") overriding one server. An id the table does not have is unknown_server (exit 6).
import table from '../../catalog/servers.json' with { type: 'json' };
import { DwsError } from '../errors.js';
import type { Env } from './env.js';

const PATHS: Readonly<Record<string, string>> = table.servers;

export const overrideName = (server: string): string => `DINGTALK_${server.toUpperCase().replace(/-/g, '_')}_MCP_URL`;

/** The URL set by DINGTALK_<SERVER>_MCP_URL, if any. */
export const serverOverride = (server: string, env: Env): string | undefined => env[overrideName(server)] || undefined;

export function serverIds(): string[] {
  return Object.keys(PATHS).sort();
}

export function serverUrl(server: string, gateway: string, env: Env): string {
  const override = serverOverride(server, env);
  if (override) return override;
  const p = Object.hasOwn(PATHS, server) ? PATHS[server] : undefined;
  if (!p) throw new DwsError('unknown_server', `no DingTalk MCP server is known for "${server}"`, `set ${overrideName(server)} to its URL`);
  return gateway + p;
}
