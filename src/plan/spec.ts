// The plan language (docs/PLANS.md): the normalized shape a plan has inside a ToolSpec (field `plan`), shared by
// the build-time validation (src/plan/validate.ts) and the executor (src/dispatch/execute.ts).
import type { RowsSpec } from './transforms/rows.js';
import type { MessagesSpec } from './transforms/messages.js';
import type { WarningReason } from '../errors.js';
import type { UrlPolicy } from '../backend/download-policy.js';
import type { TargetExistsReason } from '../backend/transfer.js';

/** A parametrized transform is a one-key object; the others are names. */
export type Transform = string | { format: string } | { default: unknown } | { map: Record<string, unknown> } | { multiply: number } | { int: 'strconv' | 'atoi' } | { add: number } | { get: string } | { split: string | { on: string; as_typed: boolean } } | { only_starting: string } | { except_starting: string }
  | { max_chars: number } | { chunk: number } | { split_pairs: string } | { keep_matching: string } | { reject_matching: string } | { project: string[] }
  | { project_rows: RowsSpec } | { to_keys: unknown } | { find_int: string[] } | { first_text: string[] } | { string_field: string[] } | { find_texts: string[] } | { dig_text: { keys: string[]; inside: string[] } } | { envelope_text: { keys: string[]; envelopes: string[] } } | { joined_texts: string[] } | { find_records: unknown } | { unique_by: string } | { unique_by_any: string[] } | { sort_by: string[] } | { first_string: string[] } | { find_objects: string[] | { keys: string[]; nested?: true } } | { object_list: string[] } | { named_object_list: string[] } | { envelopes: string[] } | { split_markdown: number } | { url_part: 'baseId' | 'tableId' | 'viewId' | 'recordId' }
  | { project_messages: MessagesSpec } | { message_page: Pick<MessagesSpec, 'items'> } | { message_items: NonNullable<MessagesSpec['items']> } | { report_list_readable: 'order' | 'inbox' | 'sent' } | { conversation_cursor: 'follow' | 'value' } | { chat_list_cursor: 'follow' | 'value' } | { go_decode: unknown }
  | { go_json: { keys?: 'sorted' | 'declared'; html?: 'escape' | 'keep' } } | { json_compact_at: string[] };

export interface SourceModifiers {
  transform?: Transform[];
  default?: unknown;
  when?: Condition;
  optional?: boolean;
  /** On a from/item/get source: a null read there is the value null (a key printed holding null), not absent. */
  keep_null?: boolean;
}

/** Exactly one kind key per source (flag, const, positional, from, item, object, list, concat, first). */
export type Source = SourceModifiers & (
  | { flag: string }
  | { typed: string }
  | { const: unknown }
  | { positional: number }
  | { from: string; path?: string }
  | { item: true; path?: string }
  | { object: Record<string, Source> }
  | { list: Source[] }
  | { concat: Source[] }
  | { first: Source[] }
  | { pick: Source; field: string; in: Source }
  | { each: Source; to: Source }
  | { now: NowSpec }
  | { uuid: string }
  | { env: string }
  | { difference: [Source, Source] }
  | { zip: Source[] }
  | { entries: [Source, Source][] }
  | { merge: Source[] }
  | { get: { in: Source; key: Source } }
  | { filter: { in: Source; field: string; not_equals: Source } }
  | { replace: { in: Source; pattern: Source; with: Source; regex?: Source } }
  | { stdin: { max_bytes: number } }
  | { unwrap_mentions: { in: Source; ids: Source } }
  /**
   * `missing_ids`, when given, are the ids whose absent `<@id>` add_missing puts first (upstream parses them apart from
   * the ids it wraps: parseCSVValues against strings.Split, chat message reply); `ids` otherwise.
   */
  | { wrap_mentions: { in: Source; ids: Source; add_missing?: boolean; missing_ids?: Source } }
  | { join: Source[] }
  | { walk: { in: Source; children: string; descend?: Condition } }
  /** In an interleave group: that step's results for the earlier elements that completed, in order (absent: none). */
  | { elements_done: string }
);

/** The clock, read once per run: start of this day/month or end of this day, shifted, as epoch ms or a `YYYY-MM-DD HH:mm:ss` text. */
export interface NowSpec {
  /**
   * Whose wall clock the day, month and text are read on: the process's zone (the default, as upstream's time.Now()),
   * Asia/Shanghai (UTC+8, no DST; upstream's shanghaiLocation) or UTC (days of exactly 24 hours, upstream's
   * now.Add(n * 24 * time.Hour)).
   */
  zone?: 'shanghai' | 'utc';
  start_of?: 'day' | 'month';
  /** 23:59:59 of this day (upstream's time.Date(y, m, d, 23, 59, 59, 0, loc)); not with start_of */
  end_of?: 'day';
  add_days?: number | Source;
  add_months?: number;
  /** whole days added after the rest, from the wall clock the instant so far reads (a second Go AddDate) */
  then_add_days?: number;
  format: 'millis' | 'YYYY-MM-DD HH:mm:ss';
}

export type Condition =
  | { flag: string }
  | { given: string }
  /** the run is a dry run (upstream bodies that check a flag only when they really act, e.g. dev app delete --confirm-name) */
  | { dry_run: true }
  | { equals: [Source, unknown] }
  | { in: [Source, unknown[]] }
  | { from: string; path?: string }
  | { not: Condition }
  | { all: Condition[] }
  | { any: Condition[] }
  | { matches: [Source, string] }
  | { has: [Source, unknown] }
  /** the value is an object holding the key, whatever it holds there (null included): Go's `_, ok := m[key]` */
  | { has_key: [Source, string] }
  | { subset: [Source, Source] }
  | { equal_fold: [Source, Source] }
  | { object_contains: [Source, Source] }
  /** both are objects and every key of the second is in the first with the same JSON value (upstream verifyRecordCells) */
  | { has_entries: [Source, Source] }
  | { present: Source }
  | { has_duplicates: Source }
  /** the text holds the pattern: literally, or as a regular expression when `regex` holds (the `expect.matches` test) */
  | { finds: { in: Source; pattern: Source; regex?: Source } }
  | { open_dingtalk_id: Source }
  /** upstream LooksLikeOpenConversationID: trimmed, at least 12 UTF-8 bytes, `cid` first once Go lower-cases it */
  | { open_conversation_id: Source }
  | { is: [Source, ValueKind] }
  | { lt: [Source, Source] }
  | { lte: [Source, Source] }
  | { gt: [Source, Source] }
  | { gte: [Source, Source] };

/** What a value is, for the condition `is` (a JSON value's kind; `integer` a number that is a safe whole number). */
export const VALUE_KINDS = ['object', 'list', 'text', 'number', 'integer', 'boolean'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

export const COMPARISONS = { lt: (a: number, b: number) => a < b, lte: (a: number, b: number) => a <= b, gt: (a: number, b: number) => a > b, gte: (a: number, b: number) => a >= b } as const;
export type Comparison = keyof typeof COMPARISONS;

export interface PageSpec {
  /**
   * Cursor paging: the argument carrying the cursor and the candidate paths of the next one in a page's result (the
   * first present one; empty for page-number paging).
   */
  cursor_arg: string;
  next: string[];
  /** Page-number paging instead: the argument numbered start, start+1, ... (as text when number_text). */
  number_arg?: string;
  /** The first page number: a literal, or a source (a flag) read as upstream's Atoi, anything else or below 1 being 1. */
  number_start?: number | Source;
  number_text?: boolean;
  /** Paging only when this holds; otherwise the step is one call with its arguments as declared. */
  when?: Condition;
  /** Stop after a page with fewer items than this (page-number paging's end); range paging's page size. */
  page_size?: number;
  /**
   * With page_size: only the page's items for which this holds (`{item: true}` being each item, before `unique` and
   * `keep`) count against page_size's short-page end (upstream shortcutListAllTodoCards counts the object cards only).
   */
  counts?: Condition;
  /**
   * Range paging instead of cursors: call n (from 0) sends n * page_size at this argument and, with end_arg, the
   * inclusive end n * page_size + page_size - 1 (upstream readAllDocumentBlocks: startIndex/endIndex).
   */
  offset_arg?: string;
  end_arg?: string;
  /**
   * Each page's answer read through this source (`{item: true}` being the answer) before items, more, next, total and
   * page_key are read from it; the step's result is built on the last page's view.
   */
  view?: Source;
  /**
   * The read must reach the list's proven end, or it fails as pages_incomplete (a backend failure: a read-back poll
   * reads again): the end is `more` false, or, when `more` is not a boolean, the items collected reaching `total` or a
   * page shorter than page_size; a page without a list at `items`, a page saying more with no item, a page whose
   * `page_key` an earlier page had (a stalled list) and max_pages pages without an end all fail.
   */
  exhaustive?: true;
  /** With exhaustive: the path to the list's total count (a whole number). */
  total?: string;
  /** With exhaustive: the path to a page's identity (non-blank text); a repeated one fails the read. */
  page_key?: string;
  /** The path to a page's list, or an ordered list of candidate paths: the first that holds a list on that page. */
  items: string | string[];
  /**
   * The page's items read from its answer (`{item: true}` being the whole answer) instead of the `items` path, which
   * then only names where the collected list goes in the result (grouped answers flattened: messages inside groups);
   * when it is absent (its `when` fails) the `items` path is read.
   */
  items_from?: Source;
  /** Candidate paths of a page's boolean "more follow" (the first that holds a boolean). */
  more?: string[];
  /**
   * Whether more follow, as a condition on the page's answer (`{item: true}`) instead of the `more` paths: upstream's
   * computed marks (aitable responseHasMore: a true hasMore or a non-blank cursor at any of several places).
   */
  more_when?: Condition;
  /**
   * A page's next cursor computed from its answer (`{item: true}`) instead of the `next` paths, which then only name it
   * in messages: upstream's pagers that read the marks from the list's own container before the answer's top
   * (minutesdata ParseTranscriptPage) and take a cursor as stringField's text (a number's digits, a padded text trimmed).
   */
  next_from?: Source;
  /**
   * Where a page's marks (`more`, `next`) are looked for: the first of these places (a path, or "" for the whole
   * answer) holding a boolean `more` or a present `next` gives both (upstream chatmsg.Pagination). Default: [""].
   */
  marks_in?: string[];
  /**
   * With `marks_in`: the marks are read only in the first of its places holding one of these keys (the place of the
   * list, upstream collectWikiPages reading hasMore and the cursor from requireWikiCollection's container), else the first.
   */
  marks_with?: string[];
  /**
   * Only a text next cursor counts (upstream firstWikiString, wiki/common.go:165-172, :301@c7521c1c): the first
   * candidate holding a non-blank text, trimmed; a number or other value is no cursor.
   */
  next_text_only?: true;
  /**
   * Paths at which a list whose first element is a list is the page as a tuple `[items, next, more]`: its next and
   * more are the page's; a shorter tuple or a `more` that is not a boolean is a pagination failure (strict).
   */
  tuple_at?: string[];
  /**
   * With strict: a page whose `more` is not a boolean has more when it gives a next cursor; without one it ends the
   * run when it is short (fewer items than the size sent: stopReason short_page) and is a pagination failure when full.
   * `cursor`: the cursor alone decides: without one the page is a pagination failure whatever its size (no page size).
   */
  more_from_cursor?: boolean | 'cursor';
  /** How many pages this run wants (e.g. 1 unless --page-all); clamped to 1..max_pages. Default: max_pages. */
  pages?: Source;
  max_pages: number;
  /** Stop once this many items were collected, the last page cut to it (upstream --max-items); 0 or absent: no cap. */
  max_items?: Source;
  /** Milliseconds to wait before each page after the first (upstream --page-delay); 0 or absent: no wait. */
  delay_ms?: Source;
  /** The argument carrying the page size: with max_items a page asks for no more than the items still wanted. */
  size_arg?: string;
  /** size_arg lowers the page size only while this holds (upstream asks for the rest only outside --page-all). */
  size_when?: Condition;
  /** Transforms turning a page's next cursor into the value sent (upstream's ms nextCursor sent back as RFC 3339 startTime). */
  next_transform?: Transform[];
  /** Items kept (the condition, `{item: true}` being each page item, holds); the others are dropped before max_items counts. */
  keep?: Condition;
  /** No page is asked for after one for which this holds (`{item: true}` being that page's whole answer): upstream stops once it found what it reads for. */
  stop?: Condition;
  /**
   * A page for which this holds (`{item: true}` being its answer) is refused as upstream's page parser refuses one
   * (minutesdata ParseTranscriptPage, response.go:64-92@c7521c1c): its items are not collected, it is not counted in
   * the pages read, and the run ends there (stopReason `stopped`), that page being the step's answer.
   */
  reject?: Condition;
  /**
   * Without strict: a next cursor any call of the run already sent (the first call's included) ends the read as a
   * repeated one does, checked only when another page may be read (upstream CollectTranscript's seen tokens, checked
   * before each call: pager.go:37-43@c7521c1c). Without it only the cursor just sent is compared.
   */
  seen_ends?: true;
  /**
   * With strict, cursor paging: a page is refused as stalled only when its next cursor is the one just sent, so a cycle
   * (A -> B -> A) reads on to the page bound (upstream collectWikiPages compares `next == cursor`, wiki/common.go:305-307
   * @c7521c1c). Without it a strict ledger refuses any cursor already followed.
   */
  stall_only?: true;
  /**
   * With strict: a later page's failed call is that call's own error, as the first page's is, instead of the ledger's
   * pages_incomplete (upstream readers that return a page's call error as it is: queryRecordWindow and queryAllRecords,
   * aitable record_query_all.go:54-57, :255-258@c7521c1c).
   */
  own_errors?: true;
  /** An item's identity (`{item: true}` being the item): an item whose non-blank key an earlier one had is dropped. */
  unique?: Source;
  /**
   * Upstream's paging ledger, when this holds (true, or a condition such as `{flag: page-all}`): a page that cannot
   * prove where the next one starts ends the run as pages_incomplete.
   */
  strict?: true | Condition;
  /**
   * Upstream's max-window re-read (+chat-list): while `when` holds, a page that came back full (at least as many items
   * as `arg` asked for) and ends the run (`more` false, no next cursor) is not taken as the end when it is the first
   * page, or the page that re-read it. The first is read once more from the same start with `arg` set to `to` when
   * `reread` holds (default: always), `to` is larger and the run wants another page; a full end at `to`, or one that
   * cannot be re-read with pages left, ends the run as pages_incomplete; with no page left it simply ends.
   */
  widen?: { arg: string; to: number; when?: Condition; reread?: Condition };
  /**
   * The run's record (docs/PLANS.md "page" record): `at` is where the step's result carries it; `failures` says what
   * a stop the ledger cannot prove complete does: `list` it in the record and end well (upstream
   * collectGroupUserMembers), or list it and `end` the command, after its answer is built, as pages_incomplete with
   * that answer in the envelope's `ledger` (upstream +chat-list prints its ledger and exits 1). With `list`,
   * `end_when` (a condition on the record, `{item: true}`) ends it so only when it holds. `first_page: list` lists a
   * failing first read too (upstream +chat-messages/+thread-replies with --page-all), where it is otherwise the call's
   * own error. `duplicates: true` adds `duplicates`, the items `unique` dropped as repeats (upstream minutesdata
   * CollectTranscript's Duplicates, pager.go:59-71@c7521c1c). `first_found` names values read from each page's answer (`{item: true}`) that the record keeps, at
   * `firstFound.<name>`, from the first page on which the source is not absent (upstream queryRecordWindow's totalCount).
   */
  record?: { at: string; failures: 'list' | 'end'; end_when?: Condition; first_page?: 'list'; first_found?: Record<string, Source>; duplicates?: true };
  /** With strict: a page holding more items than the cap left room for is cut and ends the run (upstream truncatedWithinPage). */
  cut_ends?: boolean;
  /**
   * With max_items: a page is collected whole even past the cap (upstream queryRecordWindow appends every record of a
   * page and only asks for no further page once the cap is reached); it is no overflow failure under strict.
   */
  keep_overflow?: boolean;
  /** With strict and max_items: once the items read reach the cap the run stops there (result_limit), before the page's marks and cursor are checked (upstream collectWikiPages). */
  cap_first?: boolean;
  /**
   * With strict: a page saying there is more but holding no item also ends it so; a number n: the n-th such page in a
   * row (upstream queryRecordWindow gives up after 3 pages without progress).
   */
  empty_more_fails?: boolean | number;
  /** After a page with an item for which this holds, no further page is asked for (a time range's far end). */
  stop_when?: Condition;
  /** A page with an item for which this holds ends the run as pages_incomplete (strict). */
  fail_when?: Condition;
  /**
   * A check every page's answer must pass (`{item: true}` being the answer, or its `view`), page 1 included: a page for
   * which `holds` does not hold ends the step at once with `reason` (a refusal reason; backend_error when absent) and
   * the message, naming the page, before any later page or step (upstream queryAllRecords refuses any page missing
   * its records collection, record_query_all.go:259-262@c7521c1c).
   */
  every_page?: { holds: Condition; reason: RefuseReason; message: string };
  /**
   * Without strict: a next cursor equal to the one just sent is followed again instead of ending the read (upstream
   * loops bounded only by their page count: findDriveRecycleItem re-reads a repeated cursor up to its 20 pages).
   */
  follow_repeats?: true;
  /** Next-cursor texts (trimmed) that count as no cursor at all (upstream paginationValuePresent: "0"). */
  missing_cursors?: string[];
  /**
   * Upstream's paged command (RunPagedMCPCommand, paged_command.go:63-322@c7521c1c), while `when` holds (--page-all):
   * every page must say a boolean `more` and hold the list (a last grouped page may lack it) and, with more, a next
   * cursor that was not followed before; `group` merges groups met on several pages and makes max_items count their
   * inner items; the result is the FIRST page's answer with the list, `more` and `next` rewritten and a `paging`
   * record `{truncated, hasMore, lastCursor, pages, total}` (docs/PLANS.md "page" `paged_command`). `int_cursor`:
   * upstream's PagedCursorInt64 (cursorValueKey / normalizeCursorArg, paged_command.go:476-525@c7521c1c).
   */
  paged_command?: { when?: Condition; group?: { key: string; list: string }; int_cursor?: true };
  /**
   * Upstream's paging.FetchAll over a page reader (paging.go:128-271, helpers/aitable.go:197-304@c7521c1c), while
   * `when` holds (record query --all): pages follow the first non-blank `next` text of the payload until none; a bad
   * page, `more` true without a cursor, a repeated cursor or the pages wanted read with a cursor left fail
   * (docs/PLANS.md "page" `fetch_all`).
   */
  fetch_all?: { when?: Condition; payload: string; items: string; next: string[]; more?: string; total?: string };
}

export interface ResolveSpec {
  /** Paths to the candidate list; the first present one is used. */
  items: string[];
  value: string;
  label: string[];
  match?: MatchSpec;
  /** Several candidates are not ambiguous: take the first, or the one with the greatest value of a field. */
  take?: 'first' | { max: string };
  /** No candidate is not a refusal: the step counts as not run (a later `{from: step}` condition is false). */
  allow_none?: boolean;
  /**
   * How each candidate is read (upstream's shortcutString over several keys): key -> the paths whose first non-blank
   * text (trimmed) or number (as text) is its value; `value`, `label` and `match` then name these keys.
   */
  fields?: Record<string, string[]>;
  /**
   * The candidates are the distinct values: a matching candidate without a usable `value` is dropped (all of them
   * lacking it is `not_found`), and candidates with the same value are one (upstream's appendUniqueShortcutString).
   */
  distinct?: true;  /**
   * Upstream's sender target (src/plan/user-target.ts): the value this call looks up; a current-format openDingTalkId
   * is taken without a call, a failed search or no match keeps the value as an unverified userId.
   */
  user_target?: Source;
  /**
   * Upstream's name -> one person lookup (ResolveUser; src/plan/user-target.ts chooseUser): the query this directory
   * search resolves; `identity` the id a candidate must carry. An incomplete answer, none or several are refused.
   */
  user?: Source;
  identity?: 'user_id' | 'open_dingtalk_id' | 'any';
  /**
   * Upstream's group target (src/plan/chat-target.ts): the group name (or openConversationId) this search resolves,
   * reading pages (the mode sets `limit` and `cursor`) until the candidate list is provably complete.
   */
  chat_target?: Source;
  /**
   * With chat_target: `search` sends a blank name to the group search as upstream's ResolveChat does (its callers
   * that do not check the name first: chat group bots, helpers/chat.go:158-167@c7521c1c); left out, a blank name is
   * refused before any call, as ResolveChatTarget refuses it (targetresolver/resolver.go:604-612@c7521c1c).
   */
  blank?: 'search';
  /**
   * Upstream's userId -> openDingTalkId lookup chain (src/plan/open-dingtalk-ids.ts): the values (one or a list)
   * whose userIds are turned into openDingTalkIds through contact, aisearch and contact search; the result is the
   * list of openDingTalkIds in order. With allow_none a userId no step maps (or a failed lookup) makes the step count
   * as not run instead of a refusal.
   */
  open_dingtalk_ids?: Source;
}

/**
 * Which candidates count: equals (exactly; when none does and contains_when holds, those containing the text),
 * contains (case-insensitive text) or one_of (literals). `prefer`: a match that finds nothing keeps every candidate.
 * `when`: the match applies only when the condition holds. `fold` (with equals): the field's text, trimmed of
 * whitespace, equals the value's text ignoring case as Go's strings.EqualFold(strings.TrimSpace(field), value).
 */
export interface MatchSpec {
  field: string;
  equals?: Source;
  fold?: boolean;
  contains?: Source;
  one_of?: unknown[];
  prefer?: boolean;
  when?: Condition;
  contains_when?: Condition;
}

/** A check of a step's result before the plan goes on; failing is constraint_violation and nothing more is sent. */
export interface ExpectSpec {
  path: string;
  equals?: Source;
  one_of?: unknown[];
  contains_all?: Source;
  matches?: Source;
  regex?: Source;
  present?: boolean;
  /** Check only when the value at path is present. */
  when_present?: boolean;
}

/**
 * A read repeated until its result meets `until` (or `fail`): every interval_seconds, bounded by attempts and a time
 * budget, or on the timetable `delays_ms` (one read, then one more after each wait). With `verify` it is the
 * read-back of a write: a failed read is tried again, and no match after the last read is `verification_failed`.
 */
export interface PollSpec {
  until: PollCheck;
  fail?: PollCheck;
  interval_seconds?: Source;
  timeout_seconds?: Source;
  max_attempts?: number | Source;
  delays_ms?: number[];
  /** With delays_ms: every read follows its wait (upstream's loops that wait before their first check), so the timetable's length is the number of reads. */
  wait_first?: true;
  /** A read the backend fails is tried again at the next time instead of ending the poll (upstream's `continue` on a query error); without `verify` the reads running out is still outcome_unknown. */
  retry_failed?: true;
  verify?: true;
  /**
   * Upstream's timeoutAsResult (helpers/import_flow.go:433@c7521c1c): when the checks run out with neither `until` nor
   * `fail` holding, the step counts as not run and `{from: <this id>}` reads `{attempts, last}` (the number of reads
   * and the last answer), so the output or a refuse step says what a task still running means for the command.
   */
  timeout_as?: string;
}

/**
 * A round of reads run again until `until` holds (docs/PLANS.md "repeat"): the lead read, then the `steps` named (the
 * steps right after it, in order: value, pick, refuse steps and reads), then `until` is read over their results. A
 * round that does not satisfy it is followed by a wait of interval_seconds and another round, while the waits so far
 * plus one more stay below timeout_seconds (upstream minutesPollDeadlineReached, workflows.go:751@c7521c1c) and fewer
 * than max_rounds rounds ran. The group never fails by itself: after the last round every step holds that round's
 * result, and `{from: <rounds_as>}` reads the number of rounds run, so later steps decide what an unmet `until` means.
 */
export interface RepeatSpec {
  steps: string[];
  until: Condition;
  interval_seconds: Source;
  timeout_seconds: Source;
  max_rounds: number;
  rounds_as?: string;
}

/** A state of the answer: a value at a path, or a condition with the whole answer as `{item: true}` (`holds`). */
export interface PollCheck {
  path?: string;
  equals?: unknown;
  one_of?: unknown[];
  present?: boolean;
  holds?: Condition;
}

/**
 * A for_each call's per-element ledger (docs/PLANS.md "ledger"): `continue` says whether a failed element lets the
 * next one run; `report` how the failures end the run: `error` (upstream's --failure-policy: any failure ends it
 * with the ledger), `result` (upstream's per-item summary, chat +broadcast: the ledger is the value `{from: into}`
 * and the run fails only when no element was done) or `list` (upstream's batch reads that list their failed batches,
 * aitable +record-share-links: the ledger is the value `{from: into}` and failures never end the run).
 */
export interface LedgerSpec {
  continue: Condition;
  report: 'error' | 'result' | 'list';
  /** With report result or list: the id later steps and the output read the ledger by. */
  into?: string;
}

/** The most waits a `delays_ms` timetable lists, and the longest wait (ms). */
export const MAX_POLL_DELAYS = 100;
export const MAX_POLL_DELAY_MS = 600_000;

/** A resolution over a value already at hand (no call), with the same refusals as resolve. */
export interface PickSpec {
  items: Source;
  value: string;
  label: string[];
  match?: MatchSpec;
  /** As a resolve's: how each candidate is read (key -> paths, the first non-blank text or number). */
  fields?: Record<string, string[]>;
  /** As a resolve's: the candidates are the distinct usable values. */
  distinct?: true;
}

/**
 * A plan value written to a local file inside the file root (text as is, anything else as JSON); or, with `dir` and
 * `files` instead of `file` and `content`, a new directory published at once (upstream's export pack: written into a
 * temporary sibling, then renamed): `files` a list of `{name, text}` (a relative path inside it and its text) or
 * `{name, file}` (a file a `temp_dir` download left, moved in).
 */
export interface SaveSpec {
  file?: Source;
  content?: Source;
  dir?: Source;
  files?: Source;
  overwrite?: Source;
  /** The name the file gets when `file` is a directory (default `saved.json`). */
  name?: Source;
  /** `existing`: the directory the file goes in must already exist (no missing parent is made). */
  parent?: 'existing';
  /** The reason an existing file that `overwrite` does not replace is refused with (default invalid_parameter), as DownloadSpec's. */
  target_exists?: TargetExistsReason;
}

/** What an upload and a download step both declare: the bound of the transfer. */
interface TransferBound {
  /**
   * The bound of the transfer when the user typed no --timeout (nor DWS_TIMEOUT): upstream's own HTTP client's
   * Timeout for this transfer, in seconds (mail's and httpPutFile's clients allow 5 minutes: helpers/mail.go:43,
   * doc.go:311@c7521c1c). Absent: dws's transfer bound (10 minutes, localio's clients). A typed --timeout wins.
   */
  timeout_seconds?: number;
}

export interface UploadSpec extends TransferBound {
  /** A local file's bytes, or `content` (a plan value's text) instead. */
  file?: Source;
  content?: Source;
  url: Source;
  headers?: Source;
  max_bytes: number;
  /** The HTTP method: PUT unless the plan says POST (upstream's mail attachment upload posts the bytes). */
  method?: 'POST';
  /**
   * HTTP statuses that refuse the bytes without keeping them (drive +upload: 401/403, an expired credential): such an
   * answer is the step's result `{status, bytes: 0, refused: true}` instead of backend_error, for a later step to ask
   * for fresh credentials and PUT again (upstream driveUploadPut, drive_transfer.go:828-850@c7521c1c).
   */
  refused_statuses?: number[];
  /**
   * The only HTTP statuses that count as stored (h47-a3: upstream's httpPutFile, helpers/doc.go:318@c7521c1c, takes
   * exactly 200): another 2xx answer is backend_error, as upstream fails the upload there and commits nothing. Absent:
   * any 2xx.
   */
  ok_statuses?: number[];
  /**
   * Send the same bytes again after a transient failure, as upstream's minutes upload does (localio.PutFile,
   * internal/localio/upload.go:70-99@c7521c1c): a send that got no answer, or an answer 5xx, 408 or 429, is followed by
   * a wait of `delays_ms[i]` and attempt i + 2, at most `delays_ms.length` more attempts; any other answer ends the
   * step at once. The step's result then carries `attempts` (upstream prints it as uploadAttempts).
   */
  retry?: { delays_ms: number[] };
  /**
   * The bytes go to a staging store and change no document until a later call places them (sheet write-image's
   * attachment, placed by write_image): the upload is no completed write of the run, so a failure after it is that
   * failure itself, as upstream returns the placing call's own error (sheet_media.go:255-266@c7521c1c), not a
   * partial outcome. The journal still records the upload.
   */
  staging?: true;
}

export interface DownloadSpec extends TransferBound {
  url: Source;
  headers?: Source;
  /** Without a file the text is the step's result ({content, bytes}). */
  file?: Source;
  /** Declared: an existing file is replaced only when it holds. Not declared: an existing regular file is replaced. */
  overwrite?: Source;
  /** The name a directory target gives the file (the answer's preferred name, made safe); absent or empty: the URL's. */
  name?: Source;
  /** Instead of `file`: a fresh directory made under the system's temporary directory, this its name's prefix. */
  temp_dir?: string;
  max_bytes: number;
  /**
   * HTTP statuses that refuse the GET (drive download: 401/403, an expired link): such an answer writes nothing and is
   * the step's result `{status, bytes: 0, refused: true}` instead of backend_error, for a later step to ask for a fresh
   * link and fetch again (upstream downloadSingleWithAuthRetry, drive_transfer.go:318-330@c7521c1c). As UploadSpec's.
   */
  refused_statuses?: number[];
  /**
   * The hosts the URL and its redirects may reach, a named policy (src/backend/download-policy.ts): `dingtalk_resource`,
   * upstream's message-resource download (resource_download.go:239-348, :526-551@c7521c1c). Absent: any http/https URL.
   */
  url_policy?: UrlPolicy;
  /** `existing`: the directory of `file` must already exist (no missing parent is made), as SaveSpec.parent. */
  parent?: 'existing';
  /**
   * The reason an existing target that `overwrite` does not replace is refused with (default invalid_parameter):
   * `backend_error` where upstream wraps localio's LOCAL_FILE_EXISTS in an API error (doc +export / +export-get,
   * docExportRecoveryError content_shortcuts.go:1523-1525, :1571-1575@c7521c1c: exit 1); `internal_error` where it returns
   * the bare error, which upstream's ExitCode maps to 5 (drive +download drive.go:209-214, errors.go:364-374@c7521c1c).
   */
  target_exists?: TargetExistsReason;
}

/** A hand-over to a local command (src/local/) with arguments keyed by its flag names. */
export interface HandoffSpec {
  local: string;
  args: Record<string, Source>;
  /** Its positional arguments by name (event consume's event_key). */
  positionals?: Record<string, Source>;
}

/**
 * Upstream's rollback after a failed write (calendar +book deletes the event it created when inviting fails): the
 * reverse call, sent once when its step fails, its arguments read from the results of the steps before.
 */
export interface CompensateSpec {
  server: string;
  rpc: string;
  args: Record<string, Source>;
  /**
   * The id the reverse call's answer is read by in `took_effect` (an id no step has): upstream checks that answer
   * before it counts the rollback as done (minutes cancelMinutesUpload, alignment.go:599-608@c7521c1c).
   */
  answer_as?: string;
  /** Holds when the reverse call's answer shows it took effect; otherwise the rollback counts as failed. */
  took_effect?: Condition;
}

/** What every step has: its id, whether it writes, the condition it runs under and the check of its result. */
interface StepCommon {
  id: string;
  effect: 'read' | 'write';
  when?: Condition;
  expect?: ExpectSpec;
  /** A write (a call or an upload) whose failure upstream answers with a reverse write. */
  compensate?: CompensateSpec;
}

/**
 * What a call's failure at the backend (category backend) ends the run as, where upstream's body wraps that call's
 * error in its own reason and prints its payload (minutes +prepare-asr's add_failed, workflows.go:466-474@c7521c1c):
 * `reason`, one of REFUSE_REASONS (absent: the call's own reason is kept), and `details`, a value the error envelope
 * carries (evaluated when the call failed; with the step's `failure_as` it reads `{reason, message}` of the failure).
 * An `outcome_unknown` keeps its reason (SPEC 6: an unknown outcome is reported as such) and gets the details. `when`:
 * only while the condition holds when the call failed (upstream names the failure so on one path only); it may read
 * the failure by failure_as (a reason upstream gives only to some failures).
 */
export interface OnFailureSpec {
  reason?: RefuseReason;
  details?: Source;
  when?: Condition;
}

/** One RPC a call step may make instead of its `rpc`, when the condition holds. */
export interface RpcCase {
  when: Condition;
  rpc: string;
}

/** An MCP call: once, once per for_each element, page by page, or polled until a state. */
export interface CallStep extends StepCommon {
  kind: 'call';
  server: string;
  rpc: string;
  args: Record<string, Source>;
  for_each?: Source;
  /** The bound on for_each's elements (more are refused before the first call); 0 (`max_items: none`): no bound. */
  max_items?: number;
  page?: PageSpec;
  resolve?: ResolveSpec;
  poll?: PollSpec;
  /**
   * The other RPC of a declared pair (same server): called instead of `rpc` when the condition holds. A list of such
   * cases is an RPC per element of a for_each (the first whose condition holds; none: `rpc`).
   */
  rpc_if?: RpcCase | RpcCase[];
  /**
   * A read whose failure is not fatal (always, or while the condition holds): the step then counts as not run (a
   * probe, or one bucket of several that upstream prints without the other).
   */
  tolerate_failure?: true | Condition;
  /**
   * With tolerate_failure: the id a tolerated failure is read by, `{reason, message}`, for a later step or output;
   * with on_failure: the id its `details` read the failure by.
   */
  failure_as?: string;
  /**
   * Upstream wrapping a failed call in its own reason (docs/PLANS.md "Step kinds"): a failure of this call at the
   * backend ends the run with `reason` (absent: the call's own) and `details` in the envelope.
   */
  on_failure?: OnFailureSpec;
  /**
   * A for_each call that keeps a per-element ledger: an element whose call, or a step of its interleave, fails at the
   * backend or finds no single candidate is recorded; when `continue` holds the next element is tried, otherwise the
   * rest are recorded as not attempted. `report` says how the failures end the run.
   */
  ledger?: LedgerSpec;
  /**
   * The ids of the steps right after this for_each step that run with each of its elements (`{item: true}` the
   * element, `{from: <one of them>}` that element's result) before the next element's call: upstream's loop body.
   */
  interleave?: string[];
  /**
   * With interleave, on a write: an element whose call fails still runs its interleaved steps (the read-back), its own
   * result absent; when they all pass the write is proven, counted as completed, a `write_recovered` notice is printed
   * and the element is listed in this id's result as `{n, error}`; when one fails the element fails with the call's own
   * error (upstream executeRecordBatches, aitable record_batch.go:164-260@c7521c1c). The write is never sent again.
   */
  recover_into?: string;
  /**
   * A read repeated with the steps right after it as one round (upstream's wait loops that re-read a whole set until
   * every part passes its checks, or a single status until it leaves a state): see RepeatSpec.
   */
  repeat?: RepeatSpec;
  /** An atomic command's arguments whose key is the camelCase of the flag (no declared property), shown by --dry-run. */
  derived?: string[];
  /**
   * `exact`: the answer is decoded as upstream's json.Decoder with UseNumber decodes it (a number literal that a
   * double would not write back as typed, such as an id beyond 2^53, is kept as its text, a JsonNumber), so it is
   * printed and sent on with its digits. `{exact_when: condition}`: so only while the condition holds (upstream reads
   * the answer so on one path: aitable record query with --all). Without it the answer is upstream's json.Unmarshal
   * into float64.
   */
  answer_numbers?: 'exact' | { exact_when: Condition };
  /**
   * `true`: the answer must decode into a JSON object, as upstream's CallMCPData / CallMCPWriteData / CallMCPReadData
   * need (runner.go:255-271@c7521c1c): a list, a number, a boolean or a text that is not blank fails the call itself
   * (`backend_error`, upstream's internal decode error), so `tolerate_failure`, `failure_as` and a page record's
   * read failures apply to it; JSON null and a blank text pass. Where a refuse step after the call is enough (no
   * tolerance, no paging) the fragment `mcp_data_check` says the same. `write`: as `true`, and a blank answer (no text
   * that is not blank) fails too, as `outcome_unknown` (upstream CallMCPWriteDataStrict, runner.go:291-313@c7521c1c).
   */
  answer_object?: true | 'write';
  /**
   * `true`: the answer must be one JSON text, as upstream's readers that json.Unmarshal the first non-blank text
   * block into `any` need (mcp url get, app/mcp_url_command.go:120-140@c7521c1c): no non-blank text block, or a
   * first one that is not JSON, fails the call itself (`backend_error`); any JSON value (null, a list, a quoted
   * text) passes. Checked where the answer is decoded (src/backend/transport.ts `resultOf`), which alone still
   * tells a quoted JSON text from raw text.
   * `blank_object`: as upstream's CallMCPToolDataOnServer (helpers.go:257-273@c7521c1c) decodes it: the same, except
   * that no non-blank text block is the empty object `{}` (the devapp shortcuts registered frameworkUnified read
   * their one call so, shortcut/runner.go:134-147).
   */
  answer_json?: true | 'blank_object';
  /**
   * `unless_object`: the answer's one text is decoded only when it is a JSON object or null, as upstream's readers that
   * json.Unmarshal it into a map and fall back to the text itself print it (wiki feed list's formatFeedTime,
   * helpers/wiki.go:1362-1369, :1461-1465@c7521c1c); a list, a number, a quoted text, `true` or text that is not JSON
   * is the answer's text as it came (its spacing kept). Applied where the answer is decoded (src/backend/transport.ts).
   */
  answer_raw?: 'unless_object';
  /**
   * Argument paths (dotted from the arguments, list elements not counted) whose list upstream builds as a typed Go
   * slice (`[]string`, `[]map[string]any`), or whose object it builds as a typed map (`map[string]string`), which its
   * transport's unsafe-text check does not read
   * (validateCallArguments, client.go:1093-1125@c7521c1c): src/backend/transport.ts refuseUnsafeArguments. An entry
   * `{path, when}` counts only when its condition holds (a body that builds the argument one of two ways: typed from
   * flags, decoded `[]any` from a JSON flag).
   */
  typed_lists?: (string | { path: string; when: Condition })[];
  /**
   * Argument paths of lists directly under the arguments that upstream builds as `[]any` (JSON decoded into `[]any` or
   * `any`), whose text elements its transport's check reads; by default such a list is taken for a flag's `[]string`
   * and its texts are not read (src/backend/transport.ts refuseUnsafeArguments). Same entry shapes as typed_lists.
   */
  untyped_lists?: (string | { path: string; when: Condition })[];
}

export interface UploadStep extends StepCommon { kind: 'upload'; upload: UploadSpec }
export interface DownloadStep extends StepCommon { kind: 'download'; download: DownloadSpec }
/** A resolve over values already at hand (one per for_each element), no call. */
export interface PickStep extends StepCommon { kind: 'pick'; pick: PickSpec; for_each?: Source; max_items?: number }
/**
 * A refusal: the message, or ordered cases of which the first whose condition holds refuses (with for_each: checked
 * element by element, in order, `{n}` in a message the element's 1-based position). `reason` (default
 * invalid_parameter) is what the refusal is reported as: `backend_error` for a check of an answer the backend gave,
 * which upstream reports as an API or tool error (exit 1); after a completed write it is the cause of the
 * partial_outcome, as any failure there.
 */
export interface RefuseStep extends StepCommon {
  kind: 'refuse'; refuse: string | RefuseCase[]; reason?: RefuseReason; for_each?: Source; max_items?: number;
  /** What was done before the refusal, carried in the error envelope's `details` (upstream's WithDetails). */
  details?: Source;
  /**
   * The earlier step whose own answer the refusal checks: when it refuses, that step failed by its answer, so it is
   * not a completed write of a partial outcome (dev app leaves: a write answered with status FAIL failed).
   */
  answer_of?: string;
}
/**
 * What a refuse step may declare it fails as besides invalid_parameter (a closed set, checked at build):
 * backend_error for an answer upstream's check raises as an API or tool error; drive_inspect_partial for upstream's
 * partial aggregate read (drive +inspect: an optional read failed, what was read is in `details`); outcome_unknown for
 * a task the backend was still running when the command stopped waiting (doc +import's poll timeout);
 * minutes_detail_incomplete / minutes_download_incomplete for the minutes batch reads that list a failed id or
 * artifact and then fail (minutes_detail.go:254, minutes/alignment.go:341@c7521c1c), their payload in `details`;
 * minutes_title_verification_failed / minutes_summary_verification_failed / minutes_prepare_asr_verification_failed /
 * minutes_speaker_verification_failed (alignment.go:531@c7521c1c)
 * for a minutes write whose read-back does not show it (minutes/alignment.go:443, :500, workflows.go:505@c7521c1c),
 * inside the run's partial_outcome; minutes_prepare_asr_add_failed / minutes_prepare_asr_delete_failed for +prepare-asr
 * whose hot-word add or delete was not acknowledged (workflows.go:466-486@c7521c1c), the plan so far in `details`
 * (with answer_of: the write failed, so it is no completed write); minutes_permission_partial for +share/+unshare whose member ledger lists a failure
 * (workflows.go:662@c7521c1c), its payload in `details` (inside partial_outcome when a member was written);
 * minutes_transcript_incomplete for +transcript's read that did not reach the end (smart/transcript.go:136@c7521c1c);
 * minutes_replace_partial_failure for +replace-batch whose rule ledger lists a failure (smart/replace_batch.go:224@c7521c1c),
 * its payload in `details` (inside partial_outcome when a rule was written); minutes_upload_failed for +upload whose
 * completion names no task UUID or whose read-back is not that minutes (minutes/alignment.go:630@c7521c1c), `details`
 * {cancelled, cause, sessionId, stage}; minutes_upload_completion_unknown for +upload whose complete_upload_session call
 * failed (a call's on_failure, minutesUploadCompletionUnknown alignment.go:650-676@c7521c1c); doc_grant_permission_partial_failure
 * for doc +grant-and-share whose role upgrade failed after a grant (an on_failure, smart/doc_access.go:443-471@c7521c1c);
 * doc_write_commit_unknown for doc +create whose create_document call failed at the backend (an on_failure,
 * docUnknownWriteError doc/common.go:176-276@c7521c1c); minutes_mindmap_failed / minutes_mindmap_timeout for +mindmap whose status read
 * says failed or never leaves processing (workflows.go:372-379@c7521c1c); minutes_speaker_insights_timeout for
 * +speaker-insights whose summary read still says pending at --timeout (workflows.go:426-428@c7521c1c); minutes_record_wrap_up_incomplete /
 * minutes_upload_analysis_incomplete / minutes_export_pack_incomplete for the minutes workflows whose artifacts did
 * not all pass their checks (workflows.go:281, :331, :519@c7521c1c), each with its payload in `details`; not_found /
 * ambiguous_match for a name matched over values already read that finds no table or several (aitable +resolve-table,
 * ResolveTableName resolver.go:238-296@c7521c1c), the candidates in `details`; partial_outcome for an answer upstream
 * reads as its partial_failure outcome (exit 7) although the run wrote nothing of its own: some parts of it succeeded
 * and others failed (dev app leaves' multiProfile answer, devAppMultiProfileResult helpers/devapp.go:2065-2156@c7521c1c),
 * upstream's three channels in `details`.
 */
export const REFUSE_REASONS = ['backend_error', 'constraint_violation', 'drive_inspect_partial', 'outcome_unknown', 'minutes_detail_incomplete', 'minutes_download_incomplete',
  'minutes_title_verification_failed', 'minutes_summary_verification_failed', 'minutes_prepare_asr_verification_failed', 'minutes_prepare_asr_add_failed', 'minutes_prepare_asr_delete_failed', 'minutes_permission_partial', 'minutes_speaker_verification_failed', 'minutes_transcript_incomplete', 'minutes_replace_partial_failure', 'minutes_upload_failed', 'minutes_upload_completion_unknown', 'doc_grant_permission_partial_failure', 'doc_write_commit_unknown',
  'minutes_mindmap_failed', 'minutes_mindmap_timeout', 'minutes_speaker_insights_timeout', 'minutes_record_wrap_up_incomplete', 'minutes_upload_analysis_incomplete', 'minutes_export_pack_incomplete',
  'not_found', 'ambiguous_match', 'missing_parameter', 'internal_error', 'partial_outcome'] as const;
export type RefuseReason = typeof REFUSE_REASONS[number];
/**
 * The reasons a refuse step with `answer_of` may fail as: backend_error, or upstream's own name for a write whose answer
 * did not acknowledge it (minutes +prepare-asr, workflows.go:466-486@c7521c1c), or internal_error for an answer upstream
 * fails as its internal error (dev app leaves' devAppPendingResult, helpers/devapp.go:2225-2238@c7521c1c), or
 * partial_outcome for an answer upstream reads as partly done (dev app leaves' multiProfile answer, devapp.go:2065-2156).
 */
export const ANSWER_OF_REASONS: readonly RefuseReason[] = ['backend_error', 'minutes_prepare_asr_add_failed', 'minutes_prepare_asr_delete_failed', 'internal_error', 'partial_outcome'];
export interface RefuseCase { when: Condition; message: string }
export interface SaveStep extends StepCommon { kind: 'save'; save: SaveSpec }
/**
 * A plan value computed once and read by later steps and the output as `{from: <id>}` (no call): upstream's locals
 * between its reads and its printed payload (minutes +detail's per-artifact outcomes, bundles and payload).
 */
export interface ValueStep extends StepCommon { kind: 'value'; value: Source }
export interface HandoffStep extends StepCommon { kind: 'handoff'; handoff: HandoffSpec }
/**
 * A notice emitted where the step stands (when its `when` holds): upstream's `[WARN]` lines that a body prints after
 * it has read an answer (sheet export-csv's cut CSV, sheet_export_csv.go:176-179@c7521c1c). It reads any earlier
 * result, changes no answer, call or exit code, and goes to the run's notice channel as the plan's `warnings:` do.
 * `details` (h45-a5): a value read from earlier results that the notice carries beside its declared message, where the
 * line upstream prints holds a text the backend gave (mail message share-to-chat's riskMessage); absent, none.
 */
/** A notice where the step stands; with for_each, one per element (`{item: true}` the element in its `details`). */
export interface WarnStep extends StepCommon { kind: 'warn'; warn: { reason: WarningReason; message: string; details?: Source }; for_each?: Source; max_items?: number }

/** One step of a plan, tagged by what it does; the declaration (docs/PLANS.md) is normalized into it at build. */
export type PlanStep = CallStep | UploadStep | DownloadStep | PickStep | RefuseStep | SaveStep | HandoffStep | ValueStep | WarnStep;
export type StepKind = PlanStep['kind'];

/**
 * A notice the plan declares (`warnings:`): emitted on the run's notice channel (stderr, `[WARN]` / `[FIX]`) before
 * any step when `when` holds (always without it). Upstream's stderr lines of the command body, e.g. a deprecated
 * command naming its replacement; our own wording.
 */
export interface PlanWarning {
  reason: WarningReason;
  message: string;
  when?: Condition;
  /** Emitted only when the command was named by this alias (one of the command's `aliases`), as typed on the CLI. */
  alias?: string;
}

/**
 * Where a plan's confirmation gate stands, and when it stands at all (PlanSpec.confirm): `first`; or `{before?, when?}`,
 * the gate before that step (absent: after the checks up to the first call) and only when the condition, which reads
 * flags only, holds (absent: always).
 */
export type ConfirmAt = 'first' | { before?: string; when?: Condition };

export interface PlanSpec {
  facts: string;
  steps: PlanStep[];
  output?: Source;
  /**
   * The documents a run prints, in order, each its own `{"result": ...}` (docs/PLANS.md "Output"): upstream's body
   * that prints a call's answer and then its own summary (todo +assign-multi, smart/assign_multi.go:129-142@c7521c1c).
   * Instead of `output`; at least two.
   */
  outputs?: Source[];
  /** Notices emitted before the first step (docs/PLANS.md "Warnings"). */
  warnings?: PlanWarning[];
  /**
   * Where the confirmation gate of a user_required command stands (docs/PLANS.md "Confirmation"). Absent: after every
   * check the flags alone decide, up to the first step that reaches the backend and its arguments included (upstream's
   * corecmd order: required, constraints, Validate, BuildArgs, then ConfirmSafety). `first`: before dispatch's
   * validation (upstream `ConfirmFirst: true`, or a body that checks --yes before anything). `{before: <step id>}`:
   * after dispatch's validation and the steps before that one (a body that checks --yes midway through its checks).
   * `{when: <condition>}` (with or without `before`): the gate stands only when the condition holds on the flags
   * (upstream's body asks only on one path: `drive upload --node` overwrites, helpers/drive.go:138, :194@c7521c1c).
   */
  confirm?: ConfirmAt;
  /**
   * A run whose steps all stay off the backend answers from its flags alone (upstream parses them locally, e.g. a
   * link into its ids): its output is the answer, not a silent no-op (otherwise such a run is plan_skipped).
   */
  local_answer?: true;
  /**
   * A command dispatch runs from its local registry (src/local/) instead of these steps (which are then
   * empty): `calls` are the kinds of backend call it makes in order (`<server>.<rpc>`, or `upload`/`download` for an
   * HTTP transfer to a URL the call before returned), each repeated per page or per item; `max_pages` bounds its list
   * calls in all. Absent calls: it calls no backend (a local control plane, the journal).
   */
  local?: { calls: string[]; max_pages?: number };
}

/**
 * The environment variables a plan may read (`{env: NAME}`): identifiers upstream's command bodies read from the
 * environment, never a credential. Anything else is a build error, so a plan cannot read a token or a secret.
 */
export const ENV_SOURCES: readonly string[] = [
  'DINGTALK_DWS_AGENTCODE', // the agent code of the host (upstream auth.AgentCodeFromEnv, `pat chmod --agentCode`)
  'DINGTALK_SESSION_ID', 'DWS_SESSION_ID', 'REWIND_SESSION_ID', // the session id, in upstream's order (pat resolveSessionIDFromEnv)
  'DINGTALK_DING_ROBOT_CODE', // the robot of the DING commands when --robot-code is left out (helpers/ding.go message send/recall)
];

export const SOURCE_KINDS = ['flag', 'typed', 'const', 'positional', 'from', 'item', 'object', 'list', 'concat', 'first', 'pick', 'each',
  'now', 'uuid', 'env', 'difference', 'zip', 'entries', 'merge', 'get', 'filter', 'replace', 'stdin', 'join', 'unwrap_mentions', 'wrap_mentions', 'walk', 'elements_done'] as const;
/** The most a `{stdin}` source may read (its max_bytes, checked at build). */
export const MAX_STDIN_BYTES = 64 * 1024 * 1024;
export const CONDITION_KINDS = ['flag', 'given', 'dry_run', 'equals', 'in', 'from', 'not', 'all', 'any', 'matches', 'has', 'has_key', 'subset', 'equal_fold', 'object_contains', 'has_entries', 'present', 'has_duplicates', 'finds', 'open_dingtalk_id', 'open_conversation_id', 'is', 'lt', 'lte', 'gt', 'gte'] as const;
export const MAX_POLL_ATTEMPTS = 1000;

export const DEFAULT_MAX_ITEMS = 100;
export const MAX_ITEMS_LIMIT = 1000;
export const MAX_PAGES_LIMIT = 1000;
export const DEFAULT_UPLOAD_BYTES = 20 * 1024 * 1024;
/** The most an upload step's max_bytes may be: upstream localio.PutFile's defaultUploadLimit, 5 GiB (localio/upload.go:15@c7521c1c); the bytes are streamed. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024 * 1024;
export const DEFAULT_DOWNLOAD_BYTES = 200 * 1024 * 1024;
export const MAX_DOWNLOAD_BYTES = 2 * 1024 * 1024 * 1024;

export function sourceKind(s: Source): (typeof SOURCE_KINDS)[number] {
  return SOURCE_KINDS.find((k) => Object.hasOwn(s, k))!;
}

/** What compact Inspect shows of how a command executes (SPEC 5 key `execution`). */
export interface ExecutionSummary {
  steps?: number;
  local?: true;
  max_pages?: number;
  for_each?: true;
  resolve?: true;
  upload?: true;
  download?: true;
  poll?: true;
}

/** upstream ResolveChat's bounds (resolve chat_target, src/plan/chat-target.ts): 10 rows a page, one probe of the 100-row window, 40 pages. */
export const CHAT_SEARCH = { pageSize: 10, window: 100, maxPages: 40 } as const;

export function planSummary(p: PlanSpec): ExecutionSummary {
  if (p.local) {
    const { calls, max_pages } = p.local;
    if (!calls.length) return { local: true };
    return {
      local: true, steps: calls.length, ...(max_pages !== undefined ? { max_pages } : {}), for_each: true,
      ...(calls.includes('upload') ? { upload: true as const } : {}), ...(calls.includes('download') ? { download: true as const } : {}),
    };
  }
  // steps that reach the backend (MCP calls and transfers); pick, refuse, save and handoff steps run locally
  const out: ExecutionSummary = { steps: p.steps.filter((s) => s.kind === 'call' || s.kind === 'upload' || s.kind === 'download').length };
  const calls = p.steps.filter((s): s is CallStep => s.kind === 'call');
  const pages = calls.filter((s) => s.page || s.resolve?.chat_target).map((s) => s.page?.max_pages ?? CHAT_SEARCH.maxPages);
  if (pages.length) out.max_pages = Math.max(...pages);
  if (p.steps.some((s) => (s.kind === 'call' || s.kind === 'pick') && s.for_each)) out.for_each = true;
  // a step that can stop with ambiguous_match: a resolve that must find exactly one, or a pick
  // (the openDingTalkId lookup refuses an unknown userId but never lists candidates)
  if (p.steps.some((s) => s.kind === 'pick') || calls.some((s) => s.resolve && !s.resolve.allow_none && !s.resolve.take && !s.resolve.open_dingtalk_ids)) out.resolve = true;
  if (p.steps.some((s) => s.kind === 'upload')) out.upload = true;
  if (p.steps.some((s) => s.kind === 'download' || s.kind === 'save')) out.download = true;
  if (calls.some((s) => s.poll)) out.poll = true;
  return out;
}

// A composite command's execution plan is part of its ToolSpec (catalog/plans/, docs/PLANS.md). The catalog's types
// know nothing of the plan language, which sits above them; the language adds the field here.
declare module '../catalog/types.js' {
  interface ToolSpec {
    /** The command's execution plan (catalog/plans/): a composite command's steps, or an atomic command's conversions. */
    plan?: PlanSpec;
  }
}
