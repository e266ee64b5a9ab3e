// The command lines the playground shows next to a result: the search as a `dws` invocation, the versioned
// Inspect command bound to both catalog hashes, and a ready-to-run dispatch line for one contract. Pure functions
// over the same request/contract objects the engine uses, quoted for a POSIX shell.

export interface PlaygroundRequest {
  version: 'tool-search.v1';
  query: string;
  subqueries?: string[];
  limit?: number;
  product_ids?: string[];
  effects?: string[];
  exclude_canonical?: string[];
}

/** The parts of a compact leaf a dispatch line needs. */
export interface ContractLike {
  cli_path: string;
  examples?: string[];
  parameters?: Record<string, { type: string; required?: boolean; cli_required?: boolean; example?: string; default?: unknown; enum?: string[] }>;
}

// Words made only of these characters mean the same to a POSIX shell quoted or not; hashes (`sha256:…`), paths and
// Chinese text stay readable. Everything else goes in single quotes, where only `'` itself needs care.
import { byCodePoint } from '../text/order.js';
const PLAIN = /^[\p{L}\p{N}_\-.,:/@%+=]+$/u;

export function shellQuote(args: string[]): string {
  return args.map((a) => (PLAIN.test(a) ? a : `'${a.replaceAll("'", `'\\''`)}'`)).join(' ');
}

/**
 * `dws schema search` with flags when the request has a flag form; a request with subqueries (which have no flag)
 * goes through `--request-json -` so the command is exactly the request the page ran.
 */
export function searchCommand(request: PlaygroundRequest): string {
  if (request.subqueries?.length) {
    return `printf '%s\\n' ${shellQuote([JSON.stringify(request)])} | dws schema search --request-json -`;
  }
  const args = ['dws', 'schema', 'search', '--query', request.query];
  if (request.limit !== undefined) args.push('--limit', String(request.limit));
  if (request.product_ids?.length) args.push('--product', request.product_ids.join(','));
  if (request.effects?.length) args.push('--effect', request.effects.join(','));
  if (request.exclude_canonical?.length) args.push('--exclude', request.exclude_canonical.join(','));
  return shellQuote(args);
}

/** schema-inspect.v1 for one command, refused by the CLI if the catalog changed since the search. */
export function inspectCommand(canonicalPath: string, hashes: { source_hash: string; surface_hash: string }): string {
  return shellQuote(['dws', 'schema', canonicalPath, '--compact', '--expected-source-hash', hashes.source_hash, '--expected-surface-hash', hashes.surface_hash]);
}

/**
 * A dispatch line for the contract: its own first example when that example runs this command, otherwise the CLI
 * path with every required flag filled from the parameter's example, default or first enum value, or a
 * `<type>` placeholder the user replaces.
 */
export function runCommand(contract: ContractLike): string {
  const own = contract.examples?.find((e) => e === `dws ${contract.cli_path}` || e.startsWith(`dws ${contract.cli_path} `));
  if (own) return own;
  const args = ['dws', ...contract.cli_path.split(' ')];
  const flags = Object.entries(contract.parameters ?? {})
    .filter(([, p]) => p.required || p.cli_required)
    .sort(([a], [b]) => byCodePoint(a, b));
  const placeholders: string[] = [];
  for (const [name, p] of flags) {
    const value = p.example ?? (p.default !== undefined ? String(p.default) : p.enum?.[0]);
    if (value !== undefined) args.push(`--${name}`, value);
    else placeholders.push(`--${name} <${p.type}>`);
  }
  return [shellQuote(args), ...placeholders].join(' ');
}
