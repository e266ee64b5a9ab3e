// The contract of a local command: a catalog leaf whose interface mode is `local` runs in this process instead of
// calling a backend (audit, event schema/list, dev connect, pat browser-policy). Dispatch has already resolved the
// command, parsed and validated its flags against the ToolSpec, checked the catalog hashes and the confirmation;
// a local command only does its job and returns the value printed as `{"result": ...}`.
import type { ToolSpec } from '../catalog/types.js';
import type { Env } from '../backend/config.js';
import type { Effects } from '../plan/effects.js';

export interface LocalContext {
  tool: ToolSpec;
  /** Declared and hidden flags keyed by flag name, values in their JSON types (after validation). */
  values: Record<string, unknown>;
  positionals: Record<string, unknown>;
  env: Env;
  catalog: { source_hash: string; surface_hash: string };
  /** The per-call transport timeout (--timeout / DWS_TIMEOUT), for commands that call a backend. */
  timeoutMs: number;
  /** Aborted on SIGINT/SIGTERM for long-running commands. */
  signal?: AbortSignal;
  /** For streaming commands (JSON Lines out): one line per call, newline added by the writer. */
  writeLine?: (line: string) => Promise<void>;
  /** The run's way to the backend (journaled calls and transfers), as plans have it. */
  effects: Effects;
}

/**
 * Returns the result value; throws a DwsError to refuse or fail. A streaming command returns undefined. `preview`,
 * when present, gives the steps `--dry-run` lists for a command that calls a backend (it calls nothing itself).
 */
export interface LocalCommand {
  (ctx: LocalContext): Promise<unknown>;
  preview?: (ctx: LocalContext) => unknown[];
}
