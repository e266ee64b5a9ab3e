// Where the MCP server of a product lives and which token to send (resolveServer). First match wins:
//   DINGTALK_<SERVER>_MCP_URL    that server's URL, with the DingTalk login (below)
//   self-hosted servers          env DWS_MCP_URL_TEMPLATE ("{product}" -> interface product id), config
//                                servers[<product>].url, config url_template; token: env DWS_TOKEN, config
//                                servers[<product>].token, config token, or none (serverFor)
//   DingTalk                     the static server table on the gateway of the login's MCP base (servers.ts);
//                                token: env DWS_TOKEN, else the stored login of the profile (--profile,
//                                DWS_PROFILE, the current one), refreshed when near its expiry
// A token goes only where trust.ts allows (untrusted_endpoint otherwise, before anything is sent).
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
  /** Identity and trace headers (no secret in them): sent to DingTalk servers. */
  headers?: Record<string, string>;
  /** Every secret the configuration holds (all tokens, the URL's credentials): scrubbed from anything printed. */
  secrets?: string[];
  /** The largest answer read (answerCap: DWS_MAX_ANSWER_MB, the --max-answer-mb flag); default 10 MiB as upstream. */
  maxAnswerBytes?: number;
}

const DEFAULT_ANSWER_MB = 10;
const MAX_ANSWER_MB = 1024;

/**
 * The answer size cap in bytes: upstream reads at most 10 MiB of an answer; DWS_MAX_ANSWER_MB (set by the
 * --max-answer-mb flag for one run) raises or lowers it, a whole number of MiB from 1 to 1024.
 */
export function answerCap(env: Env): number {
  const text = env.DWS_MAX_ANSWER_MB?.trim();
  if (text === undefined || text === '') return DEFAULT_ANSWER_MB * 1024 * 1024;
  const mb = Number(text);
  if (!/^\d+$/.test(text) || mb < 1 || mb > MAX_ANSWER_MB) {
    throw new DwsError('invalid_parameter', `--max-answer-mb (DWS_MAX_ANSWER_MB) must be a whole number of MiB from 1 to ${MAX_ANSWER_MB}, got "${text}"`);
  }
  return mb * 1024 * 1024;
}

interface ConfigFile {
  url_template?: string;
  token?: string;
  servers?: Record<string, { url?: string; token?: string }>;
}

export type { Env } from './env.js';
import type { Env } from './env.js';

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

/** The server of a product as resolveServer's order says; a DingTalk server needs a login (or DWS_TOKEN). */
export async function resolveServer(product: string, env: Env = process.env): Promise<ServerConfig> {
  const maxAnswerBytes = answerCap(env); // a bad cap is refused before any credential is read
  return { ...(await locate(product, env)), maxAnswerBytes };
}

async function locate(product: string, env: Env): Promise<ServerConfig> {
  const { serverOverride, serverUrl } = await import('./servers.js');
  const { assertCredentialAllowed } = await import('./trust.js');
  const override = serverOverride(product, env);
  if (!override && selfHosted(product, env)) {
    const server = serverFor(product, env);
    if (server.token) assertCredentialAllowed(server.url, env, `the "${product}" server`);
    return server;
  }
  const [{ freshCredential }, { gatewayOf, mcpBase }, { identityHeaders }] = await Promise.all([
    import('./auth/credential.js'), import('./auth/endpoints.js'), import('./identity.js')]);
  const explicit = str(env.DWS_TOKEN);
  const login = explicit ? undefined : await freshCredential(env);
  const region = login?.credential.region ?? 'cn';
  const url = serverUrl(product, gatewayOf(mcpBase(env, region, login?.credential.mcp_base)), env);
  const token = explicit ?? login!.credential.access_token;
  assertCredentialAllowed(url, env, `the "${product}" server`);
  return { url, token, headers: identityHeaders(env), secrets: [token, ...(login?.credential.refresh_token ? [login.credential.refresh_token] : [])] };
}

/** DWS_MCP_URL_TEMPLATE or a URL in the config file names this product's server. */
function selfHosted(product: string, env: Env): boolean {
  if (str(env.DWS_MCP_URL_TEMPLATE)) return true;
  const config = readConfig(configPath(env), env.DWS_CONFIG !== undefined && env.DWS_CONFIG !== '');
  return str(config.servers?.[product]?.url) !== undefined || str(config.url_template) !== undefined;
}
