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
  outcome: 'ok' | 'failed' | 'outcome_unknown';
  /** The decoded result when outcome is ok (the journal keeps only the identifiers it returns). */
  result?: unknown;
  error?: { reason: string; message: string };
}
