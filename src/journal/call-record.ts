/** sent: written before the call goes out; ok, failed or outcome_unknown: the answer, linked to it. */
export type CallOutcome = 'sent' | 'ok' | 'failed' | 'outcome_unknown';

// What dispatch reports for every backend call it makes (one MCP tools/call, or one page of a paged step), so the
// journal (journal.ts) can record it. The arguments are the ones sent; the journal keeps only their digest.
export interface CallRecord {
  canonical_path: string;
  catalog: { source_hash: string; surface_hash: string };
  /** 0-based step of the command's plan (0 for an atomic command); page: 0-based page of a paged step. */
  step: number;
  page?: number;
  server: string;
  rpc: string;
  arguments: Record<string, unknown>;
  outcome: CallOutcome;
  /** The dispatch run (one command invocation) this call belongs to; recover and compensate name the run they act on in `of`. */
  invocation?: string;
  of?: string;
  /** The seq of the record this one follows from: an outcome names its `sent` record, a verdict the `sent` it judges. */
  ref?: number;
  /** On the `sent` record of a write: its arguments and the invocation's flag values, encrypted (seal.ts). */
  sealed?: Sealed;
  /** The decoded result when outcome is ok (the journal keeps only the identifiers it returns). */
  result?: unknown;
  error?: { reason: string; message: string };
}

/** A value sealed with AES-256-GCM (seal.ts): base64 IV, tag and ciphertext. */
export interface Sealed {
  iv: string;
  tag: string;
  data: string;
}
