// The real effects port (src/plan/effects.ts) of one command run: MCP calls through the transport to the server the
// configuration names, transfers confined to the file root, saves, and hand-overs to local commands, each call and
// transfer journaled (refused before it is sent when the journal cannot take it; one record after, with its
// outcome). Built once per run by dispatch and handed to the executor and to local commands.
import { DwsError } from '../errors.js';
import type { Sleep } from '../sleep.js';
import type { ToolSpec } from '../catalog/types.js';
import { resolveServer, type Env } from '../backend/config.js';
import type { TextRules } from '../backend/classify.js';
import { journalCall, journalSent } from '../journal/journal.js';
import type { SealedCall } from '../journal/seal.js';
import type { CallRecord } from '../journal/call-record.js';
import { foldInput } from '../contract/schema.js';
import type { BackendCall, Effects, Handoff, Transfer } from '../plan/effects.js';
import type { StdinWatch } from '../events/control.js';

/** A backend call's bound when nothing is typed. */
const DEFAULT_CALL_MS = 30_000;
/**
 * A file transfer's bound when nothing is typed and its step declares no bound of its own: upstream moves files through
 * its own HTTP clients, not the call transport, and most of them allow a whole upload or download 10 minutes (localio
 * downloadTimeout, download.go:26, :344, its PutFile client; drive_pull.go:67, drive_transfer.go:54@c7521c1c). A step
 * declares the clients that allow 5 (`timeout_seconds`: mail.go:43, doc.go:311; drive_push.go:823 in drive-folder.ts).
 */
const DEFAULT_TRANSFER_MS = 600_000;

/** The bound of a backend call: the typed one, else 30 s. */
export const callBoundMs = (typed: number | undefined): number => typed ?? DEFAULT_CALL_MS;
/** The bound of a file transfer: the typed one, else the step's own (`boundMs`, upstream's client for it), else 10 minutes. */
export const transferBoundMs = (typed: number | undefined, stepMs: number | undefined): number => typed ?? stepMs ?? DEFAULT_TRANSFER_MS;

export interface RunContext {
  tool: ToolSpec;
  env: Env;
  /** The typed --timeout (or DWS_TIMEOUT) in milliseconds: it bounds every call and transfer; absent: their defaults. */
  typedTimeoutMs?: number;
  catalog: { source_hash: string; surface_hash: string };
  /** The transport's first retry backoff (tests make it short); default the transport's. */
  backoffMs?: number;
  /** How an upload waits before sending its bytes again (UploadSpec.retry; tests make it instant); default a timer. */
  sleep?: Sleep;
  /** The run's clock (a hand-over routine's relative times read it); default the system's. */
  now?: () => Date;
  signal?: AbortSignal;
  writeLine?: (line: string) => Promise<void>;
  /** The CLI's stdin-EOF watch, for event consume (directly or handed over to, as by `event +listen-im`). */
  watchStdinEof?: StdinWatch;
  /** The ToolSpec of another catalog command (a handoff's local command), for its own validation. */
  toolOf?: (canonical: string) => ToolSpec | undefined;
  /** This run's invocation id (every record of its calls carries it); `of`: the invocation a recovery acts on. */
  invocation?: string;
  of?: string;
  /** The run's validated flag values, sealed into each write's sent record (for `dws recover`). */
  flags?: Record<string, unknown>;
}

type Pending = Omit<CallRecord, 'outcome'>;

/**
 * Runs one call or transfer and reports it to the journal: a `sent` record before (a call the journal cannot take
 * is not sent: journal_unwritable), and its answer after, linked to it. `onSent` gets the answer's record (for an
 * interrupted write's outcome_unknown).
 */
async function journaled<T>(env: Env, record: Pending, run: (answered: Pending) => Promise<T>, seal?: SealedCall, retryOf?: number): Promise<T> {
  const sent = journalSent(env, { ...record, ...(retryOf !== undefined ? { ref: retryOf } : {}) }, seal);
  const answered: Pending = { ...record, ref: sent.seq };
  let result: T;
  try {
    result = await run(answered);
  } catch (err) {
    const reason = err instanceof DwsError ? err.reason : 'internal_error';
    journalCall(env, { ...answered, outcome: reason === 'outcome_unknown' ? 'outcome_unknown' : 'failed', error: { reason, message: err instanceof Error ? err.message : String(err) } });
    throw err;
  }
  journalCall(env, { ...answered, outcome: 'ok', result });
  return result;
}

export function effectsFor(r: RunContext): Effects {
  const base = { canonical_path: r.tool.canonical_path, catalog: r.catalog, ...(r.invocation ? { invocation: r.invocation } : {}), ...(r.of ? { of: r.of } : {}) };
  // Upstream's helpers and shortcuts read every answer through parseMCPToolTextResult, and its pat commands through
  // ClassifyMCPResponseText, each failing more answers than its runner does (classify.ts); its other commands
  // (internal/app) do neither.
  const upstream = r.tool.upstream ?? '';
  const textRules: TextRules | undefined = /^internal\/(?:helpers|shortcut)\//u.test(upstream) ? 'helper' : upstream.startsWith('internal/pat/') ? 'pat' : undefined;
  return {
    async call(c: BackendCall) {
      const server = await resolveServer(c.server, r.env);
      const record: Pending = { ...base, ...(c.recovery ? { of: c.recovery.of } : {}), step: c.step, ...(c.page !== undefined ? { page: c.page } : {}), server: c.server, rpc: c.rpc, arguments: c.args };
      const interrupted = { reason: 'outcome_unknown' as const, message: `interrupted after ${c.rpc} on the "${c.server}" server was sent and before it answered` };
      const { callTool, refuseUnsafeArguments, resultOf } = await import('../backend/transport.js');
      // Refused before the journal hears of it: nothing is sent. A recovery's retry re-sends the sealed arguments of a
      // call that passed this check when it was first sent.
      if (c.recovery?.retryOf === undefined) refuseUnsafeArguments(c.args, c.typedLists, c.untypedLists);
      const where = `${c.rpc} on the "${c.server}" server`;
      let answer: { value: unknown } | { failure: unknown } | undefined;
      const seal = c.replayable ? undefined : { args: c.args, flags: r.flags ?? {} };
      const value = await journaled(r.env, record, async (answered) => {
        const response = await callTool(server, {
          server: c.server, rpcName: c.rpc, arguments: c.args, replayable: c.replayable, timeoutMs: callBoundMs(r.typedTimeoutMs), ...(r.backoffMs !== undefined ? { backoffMs: r.backoffMs } : {}),
          onInterrupted: () => journalCall(r.env, { ...answered, outcome: 'outcome_unknown', error: interrupted }),
        });
        // The backend's answer decides the record: dws failing to read an answer it was given (too deep to redact)
        // is not a failed call, or a retry would repeat a write that took effect.
        try {
          answer = { value: resultOf(response, server, where, { ...c.reading, textRules }) };
        } catch (e) {
          if (e instanceof DwsError) throw e;
          answer = { failure: e };
          return undefined;
        }
        return answer.value;
      }, seal, c.replayable ? undefined : c.recovery?.retryOf);
      if (answer && 'failure' in answer) {
        throw new DwsError('answer_unreadable', `${where} succeeded (recorded ok), but dws could not read its answer: ${answer.failure instanceof Error ? answer.failure.message : String(answer.failure)}`,
          'do not repeat the call: it took effect; check the result in DingTalk');
      }
      return value;
    },
    async transfer(t: Transfer) {
      const transfer = await import('../backend/transfer.js');
      if (t.kind === 'save') return transfer.saveValue({ file: t.file, content: t.content, overwrite: t.overwrite, name: t.name, parentExisting: t.parentExisting,
        ...(t.targetExists ? { targetExists: t.targetExists } : {}) }, r.env);
      if (t.kind === 'publish') return transfer.publishDir({ dir: t.dir, files: t.files }, r.env);
      const record = (rpc: string, args: Record<string, unknown>): Pending => ({ ...base, step: t.step, server: 'http', rpc, arguments: args });
      const timeoutMs = transferBoundMs(r.typedTimeoutMs, t.boundMs);
      const retryOf = (u: { retryDelaysMs?: number[] }) => (u.retryDelaysMs ? { retry: { delaysMs: u.retryDelaysMs, ...(r.sleep ? { sleep: r.sleep } : {}) } } : {});
      if (t.kind === 'download') {
        const shown = t.label ?? t.file;
        return journaled(r.env, record('GET', shown !== undefined ? { file: shown } : t.tempDir !== undefined ? { temp_dir: t.tempDir } : {}), () =>
          transfer.downloadUrl({ url: t.url, headers: t.headers, file: t.file, overwrite: t.overwrite, name: t.name, tempDir: t.tempDir, maxBytes: t.maxBytes, timeoutMs,
            ...(t.refusedStatuses ? { refusedStatuses: t.refusedStatuses } : {}), ...(t.urlPolicy ? { policy: t.urlPolicy } : {}),
            ...(t.parentExisting ? { parentExisting: true } : {}), ...(t.targetExists ? { targetExists: t.targetExists } : {}) }, r.env));
      }
      if ('file' in t) {
        return journaled(r.env, record(t.method ?? 'PUT', { file: t.label ?? t.file }), () =>
          transfer.uploadFile({ file: t.file, url: t.url, headers: t.headers, maxBytes: t.maxBytes, timeoutMs, ...(t.method ? { method: t.method } : {}),
            ...(t.refusedStatuses ? { refusedStatuses: t.refusedStatuses } : {}), ...(t.okStatuses ? { okStatuses: t.okStatuses } : {}), ...retryOf(t) }, r.env));
      }
      return journaled(r.env, record(t.method ?? 'PUT', { bytes: Buffer.byteLength(t.text) }), () =>
        transfer.uploadText({ text: t.text, url: t.url, headers: t.headers, maxBytes: t.maxBytes, timeoutMs, ...(t.method ? { method: t.method } : {}),
          ...(t.refusedStatuses ? { refusedStatuses: t.refusedStatuses } : {}), ...(t.okStatuses ? { okStatuses: t.okStatuses } : {}), ...retryOf(t) }));
    },
    async handoff(h: Handoff) {
      const [{ localCommands }, { validateInput }] = await Promise.all([import('../local/index.js'), import('../contract/validate.js')]);
      const run = Object.hasOwn(localCommands, h.local) ? localCommands[h.local] : undefined;
      // a hand-over routine (no catalog leaf) runs under the handing-over command's own ToolSpec
      const target = run?.routine ? r.tool : r.toolOf?.(h.local);
      if (!run || !target) throw new DwsError('not_dispatchable', `${r.tool.canonical_path}: the local command ${h.local} it hands over to is not available in this build`);
      validateInput(target, foldInput(target, h.values, h.positionals));
      const ctx = { ...r, tool: target, values: h.values, positionals: h.positionals };
      return run({ ...ctx, effects: effectsFor(ctx) });
    },
  };
}
