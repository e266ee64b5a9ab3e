// One table of every error the product reports: reason -> category, exit code. Every thrown DwsError carries a
// reason from this table; the CLI renders {"error":{category, reason, message, hint?}} on stderr and exits with
// the code. Nothing else decides exit codes.
import { stringifyJson } from './json-number.js';

// Upstream's exit codes (internal/errors/errors.go@c7521c1c), so that skills and agents written for the upstream CLI
// read ours right: 4 means "an agent-scope grant is needed, its JSON is on stderr".
export const EXIT = { ok: 0, backend: 1, auth: 2, validation: 3, grant: 4, internal: 5, discovery: 6, partial: 7 } as const;

type Category = keyof typeof EXIT;

export const REASONS = {
  // usage (exit 3: upstream counts a usage error as validation)
  unknown_command: 'validation',
  ambiguous_command: 'validation',
  unknown_option: 'validation',
  missing_argument: 'validation',
  invalid_argument: 'validation',
  // search request validation (exit 3)
  query_required: 'validation',
  query_too_long: 'validation',
  dangerous_query_unicode: 'validation',
  too_many_subqueries: 'validation',
  subquery_required: 'validation',
  subqueries_too_large: 'validation',
  invalid_limit: 'validation',
  invalid_candidate_limit: 'validation',
  invalid_effect: 'validation',
  unknown_product: 'validation',
  request_too_large: 'validation',
  invalid_request_json: 'validation',
  unsupported_version: 'validation',
  ambiguous_input: 'validation',
  unsupported_output_filter: 'validation',
  unsupported_output_format: 'validation',
  // schema / inspect (exit 3, 6)
  unknown_path: 'validation',
  incomplete_catalog_version: 'validation',
  invalid_hash: 'validation',
  invalid_jq: 'validation',
  jq_runtime_error: 'validation',
  invalid_fields: 'validation',
  all_with_path: 'validation',
  // serve: the per-session budget of shown commands and contract bytes (exit 3)
  session_budget_exceeded: 'validation',
  contract_too_large: 'validation',
  catalog_changed: 'discovery',
  // dispatch (exit 3; the backend's answers 1, 2, 4, 6, 7)
  invalid_parameter: 'validation',
  missing_parameter: 'validation',
  constraint_violation: 'validation',
  confirmation_required: 'validation',
  tool_unavailable: 'validation',
  not_dispatchable: 'validation',
  not_configured: 'validation',
  not_found: 'validation',
  ambiguous_match: 'validation',
  // a plan run in which every backend step was skipped by its condition: refused rather than a silent exit 0
  plan_skipped: 'validation',
  auth_failed: 'auth',
  gateway_auth_expired: 'auth',
  backend_error: 'backend',
  business_error: 'backend',
  mcp_tool_error: 'backend',
  transport_error: 'backend',
  outcome_unknown: 'backend',
  agent_scope_required: 'grant',
  unknown_server: 'discovery',
  untrusted_endpoint: 'validation',
  // login and credentials (exit 2; the store itself 5)
  not_authenticated: 'auth',
  token_expired: 'auth',
  login_failed: 'auth',
  cli_access_denied: 'auth',
  unknown_profile: 'validation',
  credential_store_error: 'internal',
  // local commands (event, dev connect, pat browser-policy)
  unknown_event_key: 'validation',
  local_state_missing: 'validation',
  local_state_corrupt: 'internal',
  partial_outcome: 'partial',
  // internal (exit 5)
  snapshot_missing: 'internal',
  snapshot_incompatible: 'internal',
  snapshot_corrupt: 'internal',
  core_corrupt: 'internal',
  internal_error: 'internal',
  // journal (exit 5): verify found a break; the journal cannot record a call, so it is not sent; a call that was
  // made but could not be recorded (a stderr warning, never thrown)
  journal_broken: 'internal',
  journal_unwritable: 'internal',
  journal_write_failed: 'internal',
  // local files: a name longer than the file system allows (exit 3)
  name_too_long: 'validation',
  // a journal path that is a symlink (not written through); a chosen candidate whose id is unusable (nothing sent);
  // an MCP execute the client cancelled (no further step sent); a call that succeeded but whose answer dws could
  // not read (recorded ok: never to be repeated)
  journal_symlink: 'internal',
  invalid_candidate: 'backend',
  request_cancelled: 'validation',
  answer_unreadable: 'internal',
  journal_torn: 'internal',
  // a read's answer larger than the cap (10 MiB unless --max-answer-mb raises it): nothing more of it is read
  answer_too_large: 'backend',
  // a strict paged read (upstream's page ledgers) that read pages but cannot prove the list complete: what was read
  // is in the envelope's `partial` (exit 1, as upstream's *_incomplete API errors)
  pages_incomplete: 'backend',
  // a write failed and its declared rollback (upstream's, e.g. calendar +book deleting the event it created) took
  // effect: the run changed nothing that remains (exit 1, the failure was the backend's)
  rolled_back: 'backend',
  // a write's read-back (a poll with verify) that never showed the change within its timetable (upstream's
  // *_verification_failed); after the write itself it is reported inside partial_outcome
  verification_failed: 'backend',
  // drive +inspect: the file was read but an optional read (stats, publish, cover) failed; what was read is in the
  // envelope's `details` (exit 1, upstream's drive_inspect_partial API error)
  drive_inspect_partial: 'backend',
  // drive pull / push / sync: some items failed and no write took effect; upstream prints its result and exits 1
  // (drivePartialFailure, drivePushFailure, driveSyncFailure); here that result is the envelope's `details`
  drive_items_failed: 'backend',
  // minutes +detail / +download: an artifact or a media read of some id failed; the others were read, and what upstream
  // prints (its payload, with the failures) is in the envelope's `details` (exit 1, upstream's API errors of these names)
  minutes_detail_incomplete: 'backend',
  minutes_download_incomplete: 'backend',
  // minutes +update / +summary / +prepare-asr: the write was sent but its read-back does not show it (upstream's API errors of these
  // names); after the write the run reports them inside partial_outcome, their `details` kept
  minutes_title_verification_failed: 'backend',
  minutes_summary_verification_failed: 'backend',
  minutes_prepare_asr_verification_failed: 'backend',
  // minutes +prepare-asr: the hot-word add or delete was not acknowledged; the plan so far is in `details`
  minutes_prepare_asr_add_failed: 'backend',
  minutes_prepare_asr_delete_failed: 'backend',
  // minutes +speaker-replace: the transcript read back still names --from or too few paragraphs name --to
  minutes_speaker_verification_failed: 'backend',
  // minutes +transcript: the pages did not reach the transcript's end; what was read is in `details`
  minutes_transcript_incomplete: 'backend',
  // minutes +share / +unshare: a member's permission change failed or was not acknowledged; the ledger upstream prints
  // (results, failures, unattempted) is in the envelope's `details` (exit 1, upstream's API error of this name)
  minutes_permission_partial: 'backend',
  // minutes +replace-batch: a rule's write, acknowledgement or read-back failed; upstream's payload (applied, failed,
  // unattempted, results per rule) is in the envelope's `details` (exit 1, upstream's API error of this name)
  minutes_replace_partial_failure: 'backend',
  // minutes +upload: the completion named no task UUID, or the read-back is not that minutes; `details` says the stage
  // and the sessionId (upstream's API error of this name)
  minutes_upload_failed: 'backend',
  // minutes +upload / +upload-and-analyze: the complete_upload_session call failed, so whether the upload was completed is
  // unknown; the session is kept, not cancelled (upstream's API error of this name, details stage, sessionId, recovery)
  minutes_upload_completion_unknown: 'backend',
  // doc +grant-and-share: new permissions were granted, then the role upgrade of existing members failed; nothing was
  // sent (upstream's API error of this name; its details say what stands and how to revoke it)
  doc_grant_permission_partial_failure: 'backend',
  // doc +create: the create_document call failed at the backend, so whether the document was created is unknown
  // (upstream's classifyDocWriteFailure default for a helper-path error; details contractVersion, nodeId, stage, state, status)
  doc_write_commit_unknown: 'backend',
  // minutes +mindmap: the status read says the mind map failed, or it was still processing when the wait ran out
  minutes_mindmap_failed: 'backend',
  minutes_mindmap_timeout: 'backend',
  minutes_speaker_insights_timeout: 'backend',
  // the minutes workflows whose artifacts did not all pass their checks (within the wait); `details` is the payload
  minutes_record_wrap_up_incomplete: 'backend',
  minutes_upload_analysis_incomplete: 'backend',
  minutes_export_pack_incomplete: 'backend',
} as const satisfies Record<string, Category>;

export type Reason = keyof typeof REASONS;

export class DwsError extends Error {
  readonly reason: Reason;
  readonly category: Category;
  readonly exitCode: number;
  readonly hint?: string;
  /**
   * Top-level keys printed next to `error` in the envelope: the agent-scope grant JSON upstream prints on stderr
   * ({success:false, code, data}), so an agent written for upstream reads the same line.
   */
  readonly payload?: Record<string, unknown>;

  constructor(reason: Reason, message: string, hint?: string, payload?: Record<string, unknown>) {
    super(message);
    this.name = 'DwsError';
    this.reason = reason;
    this.category = REASONS[reason];
    this.exitCode = EXIT[this.category];
    if (hint !== undefined) this.hint = hint;
    if (payload !== undefined) this.payload = payload;
  }

  /** The stderr envelope, one compact JSON line. */
  envelope(): string {
    const error: Record<string, string> = { category: this.category, reason: this.reason, message: this.message };
    if (this.hint !== undefined) error.hint = this.hint;
    // a kept number literal in the details prints bare, as upstream's json.Marshal writes a json.Number
    return stringifyJson({ ...this.payload, error });
  }
}

/** The kinds of upstream's stderr notices: `[WARN] ...`, `[FIX] ...`, `[INFO] ...` and the plain `hint: ...` line. */
type NoticePrefix = 'WARN' | 'FIX' | 'INFO' | 'hint';

/**
 * The notices a command prints on stderr while it still runs and answers on stdout (upstream's `[WARN]` / `[FIX]`
 * / `hint:` lines): reason -> the prefix its message starts with. A notice never changes the answer, the exit code or what is
 * sent; it is one JSON line on stderr, `{"warning":{"reason","message"[,"details"]}}`, as dws's other stderr lines
 * (the error envelope, journal_write_failed) are JSON. See docs/PLANS.md "Warnings".
 */
export const WARNINGS = {
  // a command upstream keeps only for compatibility: its replacement is named (the plan's `warnings:` declaration)
  deprecated_command: 'WARN',
  // the JSONML transform (src/domain/doc-jsonml.ts): what the schema check lets pass, fragments it removed, what it mended
  // a doc write whose content or --element starts as JSONML while --content-format is not jsonml (sniffJsonMLLike)
  content_looks_like_jsonml: 'WARN',
  jsonml_schema_warning: 'WARN',
  jsonml_fragment_removed: 'WARN',
  jsonml_repaired: 'FIX',
  jsonml_unwrapped: 'FIX',
  // a write whose call failed and whose read-back proved it took effect (a call step's recover_into)
  write_recovered: 'WARN',
  // an answer the command printed or saved although it is cut short, because the user allowed it (a plan's warn step)
  truncated_result: 'WARN',
  // a file doc +import cannot convert, uploaded as it is instead (a plan's warn step)
  import_not_converted: 'WARN',
  // a write that went through whose result was not seen stored before the wait ended (a plan's warn step)
  write_unconfirmed: 'WARN',
  // the backend's risk notice that came with a confirmation sign, before the write is sent again with it (upstream's
  // [INFO] line, mail message share-to-chat, helpers/mail.go:2390-2392@c7521c1c; a plan's warn step with details)
  risk_notice: 'INFO',
  // doc search with --query/--keyword typed but both empty: the filter is dropped (upstream's `hint:` line, doc.go:1214-1216@c7521c1c)
  empty_query_ignored: 'hint',
  // a typed flag's key that the --json object also sets, written over by the flag (upstream's stderr line per key in
  // mergeUpdateBlock, helpers/aitable.go:901-905@c7521c1c: aitable view update aggregate/card/timebar/field-widths)
  json_key_overridden: 'WARN',
} as const satisfies Record<string, NoticePrefix>;

/** The lead of a notice's message, as upstream writes that kind. */
const NOTICE_LEAD: Record<NoticePrefix, string> = { WARN: '[WARN] ', FIX: '[FIX] ', INFO: '[INFO] ', hint: 'hint: ' };

/** Whether a declared notice message starts with a lead of its own (`[WARN]`, `[FIX]`, `[INFO]`, `hint:`), which its reason adds. */
export function carriesNoticeLead(message: string): boolean {
  return Object.values(NOTICE_LEAD).some((lead) => message.startsWith(lead.trimEnd()));
}

export type WarningReason = keyof typeof WARNINGS;

/** One notice; `message` is written without its prefix (the table adds it). */
export interface Warning {
  reason: WarningReason;
  message: string;
  details?: unknown;
}

/** The stderr line of a notice: one compact JSON line (no newline), its message led by `[WARN]`, `[FIX]`, `[INFO]` or `hint:`. */
export function warningLine(w: Warning): string {
  const warning: Record<string, unknown> = { reason: w.reason, message: `${NOTICE_LEAD[WARNINGS[w.reason]]}${w.message}` };
  if (w.details !== undefined) warning.details = w.details;
  return JSON.stringify({ warning });
}

/** Wraps anything thrown into a DwsError; non-DwsErrors are bugs and become internal_error. */
export function asDwsError(err: unknown): DwsError {
  if (err instanceof DwsError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new DwsError('internal_error', `internal error: ${message}`);
}
