// The contract of a local command: a catalog leaf whose interface mode is `local` runs in this process instead of
// calling a backend (audit, event schema/list, dev connect, pat browser-policy). Dispatch has already resolved the
// command, parsed and validated its flags against the ToolSpec, checked the catalog hashes and the confirmation;
// a local command only does its job and returns the value printed as `{"result": ...}`.
import type { ToolSpec } from '../catalog/types.js';
import type { Effects } from '../plan/effects.js';
import type { EventContext } from '../events/control.js';

/** The flags, environment, catalog hashes, timeout, signal and line writer of EventContext, with the whole ToolSpec. */
export interface LocalContext extends EventContext {
  tool: ToolSpec;
  /** The run's way to the backend (journaled calls and transfers), as plans have it. */
  effects: Effects;
  /** --yes was given (the user confirmed); recover's --retry and --compensate need it. */
  yes?: boolean;
  /** The --profile typed on this run (not DWS_PROFILE from the environment); dev connect restart relaunches with it. */
  profile?: string;
  /** This run's invocation id, the run's clock, and the ToolSpec of another catalog command (recover reads them). */
  invocation?: string;
  now?: () => Date;
  toolOf?: (canonical: string) => ToolSpec | undefined;
  /** The catalog's engine hashes are in `catalog`; the whole catalog's timeout and backoff come from dispatch. */
  backoffMs?: number;
}

/**
 * Returns the result value; throws a DwsError to refuse or fail. A streaming command returns undefined. `preview`,
 * when present, gives the steps `--dry-run` lists for a command that calls a backend (it calls nothing itself).
 */
export interface LocalCommand {
  (ctx: LocalContext): Promise<unknown>;
  preview?: (ctx: LocalContext) => unknown[];
  /**
   * The command's own checks of its flags that upstream runs before asking for confirmation (a leaf's `Validate`,
   * helpers/leaf.go:286-305@c7521c1c): without --yes they refuse before confirmation_required does. Throws to refuse.
   */
  check?: (ctx: Pick<LocalContext, 'values' | 'positionals'>) => void;
  /**
   * A hand-over routine: no catalog leaf of its own; a plan's `handoff` step runs it under the handing-over
   * command's ToolSpec and flags (drive list's walks, src/local/drive-list.ts).
   */
  routine?: true;
}
