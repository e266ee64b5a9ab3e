// `dws pat browser-policy --enabled true|false [--agentCode X]`: whether a PAT authorisation that hits a missing
// permission may open a local browser (upstream internal/pat/browser_policy.go at 6406c93e). The policy lives in
// <config dir>/pat_policy.json (0600) as {"default": {"openBrowser": bool}, "agents": {"<code>": {"openBrowser": bool}}};
// with --agentCode only that agent's entry changes, otherwise the default. The answer is the policy now in force
// for that scope: {scope: agent|default, agentCode?, openBrowser, source}.
import path from 'node:path';
import { DwsError } from '../errors.js';
import { configDir, readJsonFile, writeJsonFile } from '../backend/state.js';
import type { LocalCommand } from './types.js';

interface BrowserPolicy {
  default?: { openBrowser: boolean };
  agents?: Record<string, { openBrowser: boolean }>;
}

const AGENT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

const browserPolicy: LocalCommand = async ({ values, env }) => {
  if (typeof values.enabled !== 'boolean') {
    throw new DwsError('missing_parameter', '--enabled is required: --enabled true allows opening a browser, --enabled false forbids it');
  }
  const enabled = values.enabled;
  const agentCode = typeof values.agentCode === 'string' ? values.agentCode.trim() : '';
  if (agentCode && !AGENT_CODE.test(agentCode)) {
    throw new DwsError('invalid_parameter', `--agentCode "${agentCode}" must be 1 to 64 of A-Z, a-z, 0-9, _ and -`);
  }
  const file = path.join(configDir(env), 'pat_policy.json');
  const stored = readJsonFile<BrowserPolicy>(file) ?? {};
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw new DwsError('local_state_corrupt', `${file} does not hold a policy object`);
  const policy: BrowserPolicy = { ...(stored.default ? { default: stored.default } : {}), agents: { ...(stored.agents ?? {}) } };
  if (agentCode) policy.agents![agentCode] = { openBrowser: enabled };
  else policy.default = { openBrowser: enabled };
  writeJsonFile(file, policy);
  return agentCode
    ? { scope: 'agent', agentCode, openBrowser: enabled, source: 'agent' }
    : { scope: 'default', openBrowser: enabled, source: 'default' };
};

export const patCommands: Record<string, LocalCommand> = {
  'pat.browser_policy': browserPolicy,
};
