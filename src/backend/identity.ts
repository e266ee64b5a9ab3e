// The identity and trace headers of every MCP call, as upstream sends them (internal/transport/client.go,
// internal/auth/identity.go, internal/app/agent_metadata.go@c7521c1c). None carries a secret; the token headers are
// added by the transport. The install id (x-dws-agent-id) is made once and kept in <config dir>/identity.json.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env.js';
import { configDir, writeAtomic } from './auth/paths.js';

export const CLI_VERSION = '0.1.0';

/** One id per process: every call of one invocation carries the same X-Cli-Execution-Id. */
const executionId = randomBytes(16).toString('hex');

function installId(env: Env): string {
  const file = path.join(configDir(env), 'identity.json');
  try {
    if (existsSync(file)) {
      const id = (JSON.parse(readFileSync(file, 'utf8')) as { agent_id?: unknown }).agent_id;
      if (typeof id === 'string' && id !== '') return id;
    }
    const id = randomUUID();
    writeAtomic(file, JSON.stringify({ agent_id: id }) + '\n');
    return id;
  } catch {
    return 'unknown';
  }
}

/** Optional headers taken from the environment when set (upstream's DINGTALK_* / DWS_* names). */
const FROM_ENV: [string, string][] = [
  ['x-dingtalk-agent', 'DINGTALK_AGENT'], ['x-dingtalk-trace-id', 'DINGTALK_TRACE_ID'], ['x-dingtalk-session-id', 'DWS_SESSION_ID'],
  ['x-dingtalk-message-id', 'DINGTALK_MESSAGE_ID'], ['x-dws-channel', 'DWS_CHANNEL'], ['x-dingtalk-dws-agent-code', 'DINGTALK_DWS_AGENTCODE'],
  ['x-dws-agent-host', 'DWS_AGENT_HOST'], ['x-dws-agent-product', 'DWS_AGENT_PRODUCT'], ['x-dws-agent-ver', 'DWS_AGENT_VER'],
];

const HEADER_VALUE = /^[\x20-\x7e]{1,256}$/;

export function identityHeaders(env: Env): Record<string, string> {
  const h: Record<string, string> = {
    'claw-type': 'openClaw',
    'X-Cli-Source': 'dws-cli',
    'X-Cli-Version': CLI_VERSION,
    'X-Cli-Execution-Id': executionId,
    'x-dws-agent-id': installId(env),
    'x-dws-source': 'dws',
    'x-dingtalk-scenario-code': 'com.dingtalk.cli',
    'x-dingtalk-source': 'github',
  };
  for (const [name, key] of FROM_ENV) {
    const v = env[key];
    if (v && HEADER_VALUE.test(v)) h[name] = v;
  }
  if (!h['x-dingtalk-session-id'] && env.DINGTALK_SESSION_ID && HEADER_VALUE.test(env.DINGTALK_SESSION_ID)) h['x-dingtalk-session-id'] = env.DINGTALK_SESSION_ID;
  return h;
}
