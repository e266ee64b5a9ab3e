// Where the MCP server of a product lives and which token to send. Sources, first match wins:
//   URL:   env DWS_MCP_URL_TEMPLATE ("{product}" -> interface product id), config servers[<product>].url,
//          config url_template
//   token: env DWS_TOKEN, config servers[<product>].token, config token
// The config file is DWS_CONFIG or ~/.config/dws/config.json:
//   {"url_template": "https://host/mcp/{product}", "token": "...", "servers": {"im": {"url": "...", "token": "..."}}}
// Neither the token nor the URL (which may carry credentials) is ever printed; errors name the product server only.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DwsError } from '../errors.js';

export interface ServerConfig {
  url: string;
  token?: string;
  /** Every secret the configuration holds (all tokens, the URL's credentials): scrubbed from anything printed. */
  secrets?: string[];
}

interface ConfigFile {
  url_template?: string;
  token?: string;
  servers?: Record<string, { url?: string; token?: string }>;
}

export type Env = Record<string, string | undefined>;

function configPath(env: Env): string {
  return env.DWS_CONFIG || path.join(env.HOME || os.homedir(), '.config', 'dws', 'config.json');
}

function readConfig(file: string, required: boolean): ConfigFile {
  let text: string;
  try {
    // O_NONBLOCK and a check on the descriptor: a FIFO (or a directory) named as the config is refused, not waited on.
    const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      if (!fstatSync(fd).isFile()) throw new DwsError('not_configured', `the dws config file ${file} is not a regular file`);
      text = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (e instanceof DwsError) throw e;
    if (!required && (e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new DwsError('not_configured', `cannot read the dws config file ${file}: ${(e as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DwsError('not_configured', `the dws config file ${file} is not valid JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new DwsError('not_configured', `the dws config file ${file} must hold a JSON object`);
  }
  return parsed as ConfigFile;
}

/** The config file's object (empty when the default file is absent); local commands read their own keys from it. */
export function configFile(env: Env): Record<string, unknown> {
  return readConfig(configPath(env), env.DWS_CONFIG !== undefined && env.DWS_CONFIG !== '') as Record<string, unknown>;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

export function serverFor(product: string, env: Env = process.env): ServerConfig {
  const fromEnv = str(env.DWS_MCP_URL_TEMPLATE);
  const config = readConfig(configPath(env), env.DWS_CONFIG !== undefined && env.DWS_CONFIG !== '' && !fromEnv);
  const entry = config.servers?.[product];
  const template = fromEnv ?? str(entry?.url) ?? str(config.url_template);
  if (!template) {
    throw new DwsError('not_configured', `no MCP server is configured for the "${product}" server`,
      'set DWS_MCP_URL_TEMPLATE (e.g. https://host/mcp/{product}) or add servers.' + product + '.url to ~/.config/dws/config.json (or the file in DWS_CONFIG)');
  }
  const url = template.split('{product}').join(encodeURIComponent(product));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DwsError('not_configured', `the MCP server URL configured for "${product}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new DwsError('not_configured', `the MCP server URL configured for "${product}" must be http or https`);
  }
  const token = str(env.DWS_TOKEN) ?? str(entry?.token) ?? str(config.token);
  const secrets = configuredSecrets(env, config, parsed);
  return token === undefined ? { url, secrets } : { url, token, secrets };
}

/**
 * The token of every server in the config (a backend may echo any header or setting it learnt), the env token,
 * and the URL's credentials: its password and the values of query parameters named like one (`access_token`, `key`).
 */
const CREDENTIAL_PARAM = /token|key|secret|sig|auth|pass/i;

function configuredSecrets(env: Env, config: ConfigFile, url: URL): string[] {
  const all = [str(env.DWS_TOKEN), str(config.token), decodeURIComponent(url.password) || undefined];
  for (const [name, value] of url.searchParams) if (CREDENTIAL_PARAM.test(name)) all.push(value);
  for (const entry of Object.values(config.servers ?? {})) all.push(str(entry?.token));
  return [...new Set(all.filter((s): s is string => typeof s === 'string' && s.length > 0))];
}
