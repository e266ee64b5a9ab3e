// The three MCP tools `dws serve` exposes — the discovery path of SPEC section 1 as tools:
//   schema_search  -> tool-search.v1, byte for byte what `dws schema search --request-json -` prints
//   schema_inspect -> schema-inspect.v1, byte for byte what `dws schema <path> --compact --expected-...-hash` prints
//   execute        -> src/dispatch's gates and transport, the output `dws <cli path> --flags` prints
// Each tool owns its contract (description, input JSON Schema) and its handler. Search requests are validated by
// src/engine/request.ts, so they get the SPEC 4.2 reasons; inspect and execute arguments by ajv against the very
// schema tools/list advertises. Every refusal is a DwsError; the server turns it into an MCP tool error.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { DwsError, warningLine, type Warning } from '../errors.js';
import type { Engine } from '../engine/engine.js';
import type { ToolSpec } from '../catalog/types.js';
import { SEARCH_VERSION, parseRequestJson, searchRequestProperties } from '../engine/request.js';
import { byCodePoint } from '../text/order.js';
import { nearestNames } from '../catalog/nearest.js';
import { checkHashes, dispatchTool, typedTimeoutMs } from '../dispatch/cli.js';
import { resolveCommand } from '../dispatch/resolve.js';
import { convert, declaredFlag, flagType } from '../contract/flag-types.js';
import { listFlagValue } from '../contract/flag-lists.js';
import type { Env } from '../backend/config.js';
import { inspect } from '../schema/browse.js';
import type { SessionBudget } from './budget.js';
import { stringifyJson } from '../json-number.js';
import { MAX_ARGUMENT_BYTES, MAX_FLAG_NAME_CHARS, MAX_PATH_CHARS, quoted } from '../limits.js';

export const TOOL_NAMES = ['schema_search', 'schema_inspect', 'execute'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** A count as the descriptions write it (1,122): taken from the loaded catalog, never written by hand. */
const counted = (n: number) => n.toLocaleString('en-US');

/** Sent once at initialize; hosts show it to the model next to the tool list. */
export const serverInstructions = (engine: Engine): string => [
  `dws reaches ${counted(engine.toolCount)} DingTalk workspace commands (chat, calendar, docs, sheets, AI tables, drive, mail, todo,`,
  'approvals, attendance, minutes, ...) through three tools. Always go search -> inspect -> execute:',
  '1. schema_search with the task in Chinese or English; keep catalog.source_hash and catalog.surface_hash.',
  '2. schema_inspect one candidate with both hashes to read its full contract (flags, types, constraints).',
  '3. execute it with arguments keyed by the flag names schema_inspect listed, and the same hashes.',
  'Stop when a search is abstained or exact_filtered: report the capability as unsupported instead of trying a',
  'similar command. Never guess a parameter; on catalog_changed, search again.',
].join('\n');

export interface ToolDefinition {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, object>; required?: string[]; additionalProperties: false };
  annotations: { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

// "sha256:" and 64 hex digits; a little headroom so that a wrong hash still reaches the catalog_changed check.
const HASH = { type: 'string', maxLength: 128 } as const;
const HASHES = {
  expected_source_hash: { ...HASH, description: 'catalog.source_hash from the schema_search response, unchanged' },
  expected_surface_hash: { ...HASH, description: 'catalog.surface_hash from the schema_search response, unchanged' },
} as const;

const PATH = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_PATH_CHARS,
  description: 'canonical_path of a schema_search candidate, e.g. "chat.recall_message"',
} as const;

const NEVER_AUTHORIZES = 'Searching and inspecting never authorize anything: only execute runs a command, after its own checks and, where the command needs it, the user\'s confirmation.';

/** The tools as tools/list shows them; product ids come from the catalog generation serving the listing. */
export function toolDefinitions(engine: Engine): ToolDefinition[] {
  const products = [...engine.meta.productIds].sort(byCodePoint);
  return [
    {
      name: 'schema_search',
      title: 'Find DingTalk workspace commands for a task',
      description: [
        `Step 1 of 3 (search -> schema_inspect -> execute). Finds the commands for a task among ${counted(engine.toolCount)} DingTalk`,
        'workspace commands. Describe the task in Chinese or English in `query`; for a task of several steps also',
        'give one `subqueries` entry per step. A canonical path or CLI path as the query (e.g. "chat.recall_message",',
        '"chat message recall") returns exactly that command.',
        'Returns tool-search.v1 JSON: `catalog` {source_hash, surface_hash} and up to `limit` ranked `candidates`',
        '(canonical_path, primary_cli_path, title, agent_summary, effect, risk, confirmation, idempotency). Candidates',
        'carry no parameters: call schema_inspect with a candidate\'s canonical_path and both catalog hashes next.',
        'If `abstained` is true or `exact_filtered` is present, stop: do not try a similar command; at most retry once',
        'restricted to the right product (`product_ids`), otherwise tell the user the capability is unsupported.',
        '`weak_match` means the candidates matched only weakly: check them against the task before using one.',
        NEVER_AUTHORIZES,
        'The server caps how many distinct commands one session is shown: past it, `session_budget_exceeded` says how many',
        'still fit; narrow the search (`product_ids`, a lower `limit`) rather than searching on.',
      ].join(' '),
      inputSchema: {
        type: 'object',
        properties: searchRequestProperties(products, MAX_PATH_CHARS),
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'schema_inspect',
      title: 'Read the full contract of one command',
      description: [
        'Step 2 of 3 (schema_search -> inspect -> execute). Returns schema-inspect.v1 JSON for ONE command:',
        '`tool_spec` with its parameters keyed by flag name (type, description, required, enum, format, default,',
        'example), constraints (require_together, require_one_of, mutually_exclusive), examples, use_when, avoid_when,',
        'effect, risk, confirmation and availability. Pass the canonical_path and both hashes exactly as schema_search',
        'returned them. Only the flags listed under parameters exist: never invent one, and ask the user for any value',
        'you do not know. A `catalog_changed` error means the catalog was updated since the search: search again.',
        NEVER_AUTHORIZES,
        'The server caps the contract bytes one session reads (`session_budget_exceeded`) and refuses one very large',
        'contract (`contract_too_large`) unless `allow_large_contract` is true.',
      ].join(' '),
      inputSchema: {
        type: 'object',
        properties: {
          canonical_path: PATH,
          ...HASHES,
          allow_large_contract: { type: 'boolean', default: false, description: 'return a contract larger than the per-command cap (only when you need that command)' },
        },
        required: ['canonical_path', 'expected_source_hash', 'expected_surface_hash'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    {
      name: 'execute',
      title: 'Run one inspected command',
      description: [
        'Step 3 of 3 (schema_search -> schema_inspect -> execute). Runs one command after the same checks as the dws',
        'CLI, all before anything is sent: catalog hashes (`catalog_changed`), availability (`tool_unavailable`,',
        '`not_dispatchable`), flags (`unknown_option`, `missing_parameter`, `invalid_parameter`,',
        '`constraint_violation`) and confirmation. `arguments` maps flag names from schema_inspect (without "--") to',
        'JSON values of the parameter type: string, integer, number, boolean, or an array for list types.',
        'A command with confirmation "user_required" is refused (`confirmation_required`) unless `confirmed` is true;',
        'set it only after the user approved this exact action. `dry_run` returns the invocation plan and calls',
        'nothing. Returns {"result": ...} from the backend. On `outcome_unknown` the command may or may not have taken',
        'effect: check before running it again. Notices (a deprecated command naming its replacement, a repaired',
        'body) come as a second text item of {"warning": {reason, message}} lines: read them.',
      ].join(' '),
      inputSchema: {
        type: 'object',
        properties: {
          canonical_path: PATH,
          arguments: { type: 'object', propertyNames: { maxLength: MAX_FLAG_NAME_CHARS }, maxProperties: 256, description: 'flag name -> value, e.g. {"conversation-id": "cid...", "msg-id": "msg..."}; null means not given', default: {} },
          ...HASHES,
          confirmed: { type: 'boolean', default: false, description: 'the user explicitly confirmed this action (for confirmation "user_required")' },
          dry_run: { type: 'boolean', default: false, description: 'return the invocation plan (server, rpc, arguments) and call nothing' },
          profile: { type: 'string', maxLength: 256, description: 'run as this logged-in profile (corpId:userId, corpId or name); default the current one' },
        },
        required: ['canonical_path', 'expected_source_hash', 'expected_surface_hash'],
        additionalProperties: false,
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
  ];
}

// ---- argument checking (inspect, execute) ------------------------------------------------------------------------

const ajv = new Ajv({ allErrors: false, strict: true });
const validators = new Map<ToolName, ValidateFunction>();

function validatorFor(def: ToolDefinition): ValidateFunction {
  let v = validators.get(def.name);
  if (!v) {
    v = ajv.compile(def.inputSchema);
    validators.set(def.name, v);
  }
  return v;
}

function argumentError(def: ToolDefinition, e: ErrorObject): DwsError {
  const fields = Object.keys(def.inputSchema.properties).join(', ');
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    if (missing in HASHES) {
      return new DwsError('incomplete_catalog_version', `${def.name} needs both expected_source_hash and expected_surface_hash`,
        'pass both hashes from the schema_search response\'s "catalog" object');
    }
    return new DwsError('missing_argument', `${def.name} needs "${missing}"`, `fields: ${fields}`);
  }
  if (e.keyword === 'additionalProperties') {
    return new DwsError('invalid_argument', `${def.name} has no field "${(e.params as { additionalProperty: string }).additionalProperty}"`, `fields: ${fields}`);
  }
  const field = e.instancePath.slice(1).split('/')[0] || 'the arguments';
  return new DwsError('invalid_argument', `${def.name}: "${field}" ${e.message ?? 'is invalid'}`, `fields: ${fields}`);
}

function checkArguments(def: ToolDefinition, args: Record<string, unknown>): void {
  const validate = validatorFor(def);
  if (!validate(args)) throw argumentError(def, validate.errors![0]);
}

// ---- execute: arguments by flag name -> the values dispatch validates --------------------------------------------

/**
 * JSON arguments -> dispatch values, the way the CLI's flag parser produces them: numeric text converts (a "25"
 * for an int flag is 25), a scalar for a list flag is one occurrence (read as pflag reads it: contract/flag-lists.ts).
 * Anything else is passed as given for dispatch's ajv validation to accept or refuse by flag name.
 */
function flagValue(type: string, name: string, value: unknown): unknown {
  if (flagType(type).list && !Array.isArray(value)) value = typeof value === 'string' ? listFlagValue(type, name, [value]) : [value];
  return convert(type, value);
}

function splitArguments(tool: ToolSpec, args: Record<string, unknown>): { values: Record<string, unknown>; positionals: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  const positionals: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === null || value === undefined) continue;
    const declared = declaredFlag(tool, name);
    if (declared) values[name] = flagValue(declared.type, name, value);
    else if ((tool.positionals ?? []).some((p) => p.name === name)) positionals[name] = value;
    else throw unknownFlag(tool, name);
  }
  return { values, positionals };
}

const CONTROL_FIELDS: Record<string, string> = Object.assign(Object.create(null), { yes: 'confirmed', 'dry-run': 'dry_run', '--yes': 'confirmed', '--dry-run': 'dry_run' });

function unknownFlag(tool: ToolSpec, name: string): DwsError {
  const flags = Object.keys(tool.parameters);
  const control = CONTROL_FIELDS[name];
  if (control) return new DwsError('unknown_option', `"${name}" is not a flag of ${tool.canonical_path}`, `set "${control}": true next to "arguments" instead`);
  const bare = name.replace(/^-+/, '');
  const [nearest] = nearestNames(bare, flags, 1);
  const suggestion = bare !== name && Object.hasOwn(tool.parameters, bare) ? `write "${bare}" without the dashes` : nearest ? `did you mean "${nearest}"?` : '';
  return new DwsError('unknown_option', `${tool.canonical_path} has no flag ${quoted(name)}`,
    `${suggestion ? suggestion + ' ' : ''}flags: ${flags.join(', ') || '(none)'}; read them with schema_inspect`);
}

// ---- handlers ----------------------------------------------------------------------------------------------------

export interface ToolContext {
  /** The generation this call runs on, taken once when the call arrived. */
  engine: Engine;
  env: Env;
  /** The client session's budget of shown commands and contract bytes (none: unlimited). */
  budget?: SessionBudget;
  /** Aborted when the client cancels the call (notifications/cancelled): a plan stops before its next step. */
  signal?: AbortSignal;
  /** Where execute's notices go, each as the line the CLI writes on stderr (src/errors.ts warningLine). */
  warn?: (line: string) => void;
}

/** Runs one tool call; returns the JSON text of the answer or throws a DwsError. */
export async function runTool(name: string, args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
  const def = toolDefinitions(ctx.engine).find((d) => d.name === name);
  if (!def) throw new DwsError('unknown_command', `no tool "${name}"`, `tools: ${TOOL_NAMES.join(', ')}`);
  const e = ctx.engine;
  if (def.name === 'schema_search') {
    // The request as `--request-json -` would read it: same size limit, same strict fields, same reasons.
    const answer = e.searchNormalized(parseRequestJson(JSON.stringify({ version: SEARCH_VERSION, ...args }), e.productIds));
    ctx.budget?.admitSearch(answer);
    return answer;
  }
  checkArguments(def, args);
  const hashes = { expectedSource: args.expected_source_hash as string, expectedSurface: args.expected_surface_hash as string };
  if (def.name === 'schema_inspect') {
    const contract = inspect(e, args.canonical_path as string, { compact: true, expectedSourceHash: hashes.expectedSource, expectedSurfaceHash: hashes.expectedSurface });
    // Counted under the command's canonical path, whichever of its names the call gave.
    const canonical = (JSON.parse(contract) as { tool_spec?: { canonical_path?: string } }).tool_spec?.canonical_path ?? (args.canonical_path as string);
    ctx.budget?.admitInspect(canonical, Buffer.byteLength(contract), args.allow_large_contract === true);
    return contract;
  }
  // Hash-bound before anything is resolved, as Inspect is; dispatchTool checks them again for the CLI's sake.
  checkHashes(e, hashes);
  const found = resolveCommand([args.canonical_path as string], e, true, 'run');
  if (found.kind === 'group') {
    throw new DwsError('unknown_command', `"${args.canonical_path as string}" is a group of ${found.tools.length} commands, not a command`,
      'pass the canonical_path of one schema_search candidate');
  }
  const given = (args.arguments ?? {}) as Record<string, unknown>;
  if (Buffer.byteLength(JSON.stringify(given)) > MAX_ARGUMENT_BYTES) {
    throw new DwsError('invalid_argument', `execute: "arguments" is larger than ${MAX_ARGUMENT_BYTES} bytes of JSON`, 'send large content through a file flag where the command has one');
  }
  const { values, positionals } = splitArguments(found.tool, given);
  const outcome = await dispatchTool(e, {
    tool: found.tool, values, positionals, yes: args.confirmed === true, dryRun: args.dry_run === true,
    ...(typeof args.profile === 'string' && args.profile !== '' ? { profile: args.profile } : {}),
    ...hashes, typedTimeoutMs: typedTimeoutMs(undefined, ctx.env), signal: ctx.signal,
    ...(ctx.warn ? { warn: (w: Warning) => ctx.warn!(warningLine(w)) } : {}),
  }, typeof args.profile === 'string' && args.profile !== '' ? { ...ctx.env, DWS_PROFILE: args.profile } : ctx.env);
  // No writeLine is given here, so a streaming local command returns its (bounded) lines as its result.
  // stringifyJson: an answer's number kept as typed (answer_numbers: exact, a UseNumber flag) goes out with its digits
  if ('plan' in outcome) return stringifyJson(outcome.plan);
  // several documents (a plan's `outputs`) are the CLI's lines: one {"result": ...} each, in order
  if ('result' in outcome) return [outcome.result, ...(outcome.more ?? [])].map((result) => stringifyJson({ result })).join('\n');
  return stringifyJson({ result: null });
}
