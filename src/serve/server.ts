// `dws serve`: the discovery path as an MCP server over stdio (@modelcontextprotocol/sdk). stdout carries only
// JSON-RPC; diagnostics go to stderr as JSON lines. One engine serves every call; the snapshot file is watched and
// a changed one becomes the next generation (catalog.ts). A call takes the current generation when it arrives and
// keeps it to the end, so an execute in flight is never re-checked against a catalog it did not inspect.
// Tool failures are MCP tool results with isError and the CLI's error envelope as text:
// {"error":{"category","reason","message","hint"?}} with the SPEC reason codes. An execute run's notices (what the
// CLI writes on stderr as {"warning":...} lines) follow as a second text item, never mixed into the first.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { asDwsError } from '../errors.js';
import { defaultSnapshotPath, loadEngine } from '../index.js';
import type { Env } from '../backend/config.js';
import { ServedCatalog } from './catalog.js';
import { LineTransport } from './stdio.js';
import { DEFAULT_BUDGET, SessionBudget, budgetLimits, type BudgetLimits } from './budget.js';
import { runTool, serverInstructions, toolDefinitions } from './tools.js';

export interface ServeOptions {
  /** Snapshot file (default: DWS_SNAPSHOT or the shipped one). */
  snapshot?: string;
  /** Ranking algorithm (default: DWS_TOOL_SEARCH_ALGORITHM, as the CLI). */
  algorithm?: string;
  /** How often the snapshot file's stat is polled. */
  pollMs?: number;
  /** The per-session budget (default: DEFAULT_BUDGET, or the DWS_SERVE_MAX_* variables). */
  budget?: BudgetLimits;
  env?: Env;
}

const DEFAULT_POLL_MS = 500;

function log(event: Record<string, unknown>): void {
  process.stderr.write(JSON.stringify({ dws_serve: event }) + '\n');
}

const productKey = (catalog: ServedCatalog) => catalog.current.engine.meta.productIds.join('\n');

/** The arguments as the client sent them: the parsed ones plus the keys validation dropped, as own fields. */
function withDropped(args: Record<string, unknown>, dropped: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!dropped) return args;
  const out = { ...args };
  for (const [k, v] of Object.entries(dropped)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * A call's content: first the text the CLI prints (its stdout, or the error envelope it writes on stderr), byte for
 * byte; then, only when the run gave notices (upstream's `[WARN]`/`[FIX]` lines: a deprecated command, a repaired
 * body), a second text item holding them as the CLI's stderr lines, in the order they were emitted.
 */
function withNotices(text: string, notices: string[]): CallToolResult['content'] {
  return notices.length ? [{ type: 'text', text }, { type: 'text', text: notices.join('\n') }] : [{ type: 'text', text }];
}

export function createServer(catalog: ServedCatalog, env: Env, transport?: LineTransport, limits: BudgetLimits = DEFAULT_BUDGET): Server {
  // One stdio connection is one client session.
  const budget = new SessionBudget(limits);
  const server = new Server(
    { name: 'dws', title: 'DingTalk workspace commands (dws)', version: '0.1.0' },
    { capabilities: { tools: { listChanged: true } }, instructions: serverInstructions(catalog.current.engine) },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolDefinitions(catalog.current.engine) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const engine = catalog.current.engine;
    const lost = transport?.droppedArguments(extra.requestId);
    const notices: string[] = [];
    try {
      const text = await runTool(request.params.name, withDropped(request.params.arguments ?? {}, lost), { engine, env, budget, signal: extra.signal, warn: (line) => notices.push(line) });
      return { content: withNotices(text, notices) };
    } catch (err) {
      const e = asDwsError(err);
      if (e.reason === 'internal_error') log({ event: 'internal_error', tool: request.params.name, message: e.message });
      // The client cancelled this call, so the SDK sends it no answer: the log says where it stopped.
      if (extra.signal.aborted) log({ event: 'cancelled', tool: request.params.name, reason: e.reason, message: e.message });
      return { isError: true, content: withNotices(e.envelope(), notices) };
    }
  });
  return server;
}

export async function runServe(options: ServeOptions = {}): Promise<void> {
  const env = options.env ?? process.env;
  const algorithm = options.algorithm ?? (env.DWS_TOOL_SEARCH_ALGORITHM || undefined);
  let products = '';
  let server: Server | undefined;
  const catalog = new ServedCatalog(options.snapshot ?? defaultSnapshotPath(), (bytes) => {
    // Every section is checked before the new generation may replace the serving one.
    const engine = loadEngine({ snapshot: bytes, algorithm });
    engine.verify();
    return engine;
  }, {
    swapped: (next) => {
      log({ event: 'catalog_swapped', generation: next.number, ...next.engine.catalogHashes });
      // The tool list embeds the product ids; tell the host when they changed.
      if (productKey(catalog) !== products) {
        products = productKey(catalog);
        void server?.sendToolListChanged().catch(() => {});
      }
    },
    rejected: (e) => log({ event: 'catalog_rejected', reason: e.reason, message: e.message }),
  });
  products = productKey(catalog);
  const transport = new LineTransport();
  server = createServer(catalog, env, transport, options.budget ?? budgetLimits({}, env));
  // No exit on stdin end: calls in flight still finish and answer, and then nothing holds the event loop (the stat
  // watcher is not persistent), so the process ends by itself.
  transport.onclose = () => catalog.close();
  catalog.watch(options.pollMs ?? DEFAULT_POLL_MS);
  await server.connect(transport);
  log({ event: 'serving', generation: 1, snapshot: catalog.file, ...catalog.current.engine.catalogHashes });
}
