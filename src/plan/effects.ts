// The executor's one port to the world. A plan run (and a local command that calls a backend) reaches DingTalk,
// the file system and other commands only through these four operations; dispatch (src/dispatch/effects.ts) builds
// the real one over the transport, transfers, the journal and the local commands, and a test may pass its own.
// Every call and transfer is journaled by the port: checked writable before it is sent, one record after.
import type { PublishedFile, TargetExistsReason } from '../backend/transfer.js';
import type { AnswerReading } from '../backend/transport.js';
import type { UrlPolicy } from '../backend/download-policy.js';

/** One MCP tools/call of a step. `replayable`: a read the transport may retry; a write is never replayed. */
export interface BackendCall {
  server: string;
  rpc: string;
  args: Record<string, unknown>;
  replayable: boolean;
  /** The step's index in its plan (journal records name it); a page or poll attempt is counted in `page`. */
  step: number;
  page?: number;
  /** A recovery's call (src/local/recover.ts): the invocation it acts on, and for a retry the verified_not_done record it follows. */
  recovery?: { of: string; retryOf?: number };
  /** How the step reads its answer (its answer_numbers, answer_json, answer_object, answer_raw), for the transport. */
  reading?: AnswerReading;
  /** The argument paths of lists upstream builds as typed Go slices (the step's typed_lists whose condition holds). */
  typedLists?: string[];
  /** The argument paths of top-level lists upstream builds as `[]any` (the step's untyped_lists whose condition holds). */
  untypedLists?: string[];
}

/**
 * An upload (a confined local file's bytes or a text), a download (to a file, or as text), a save of a value, or a
 * published directory (a save's publish form).
 * `label`: how the journal names the file (drive sync journals the path inside its folder); default the file.
 */
export type Transfer =
  | { kind: 'upload'; step: number; url: string; headers: Record<string, string>; maxBytes: number; file: string; label?: string; method?: 'POST'; refusedStatuses?: number[]; okStatuses?: number[]; retryDelaysMs?: number[]; boundMs?: number }
  | { kind: 'upload'; step: number; url: string; headers: Record<string, string>; maxBytes: number; text: string; method?: 'POST'; refusedStatuses?: number[]; okStatuses?: number[]; retryDelaysMs?: number[]; boundMs?: number }
  | { kind: 'download'; step: number; url: string; headers: Record<string, string>; maxBytes: number; file?: string; overwrite?: boolean;
    label?: string; name?: string; tempDir?: string; refusedStatuses?: number[]; urlPolicy?: UrlPolicy; parentExisting?: boolean;
    targetExists?: TargetExistsReason; boundMs?: number }
  | { kind: 'save'; step: number; file: string; content: unknown; overwrite: boolean; name?: string; parentExisting?: boolean; targetExists?: TargetExistsReason }
  | { kind: 'publish'; step: number; dir: string; files: PublishedFile[] };

/** Another catalog command that runs locally (event consume), with flags the plan built; its own checks apply. */
export interface Handoff {
  local: string;
  values: Record<string, unknown>;
  positionals: Record<string, unknown>;
}

export interface Effects {
  call(c: BackendCall): Promise<unknown>;
  transfer(t: Transfer): Promise<unknown>;
  handoff(h: Handoff): Promise<unknown>;
}
