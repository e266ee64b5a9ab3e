// The one executor (docs/PLANS.md): every command that reaches a backend runs as a plan, an atomic command as the
// one-step plan it is (atomic.ts), a composite command as its catalog plan. Dispatch has already passed every gate
// (hashes, availability, validation, one confirmation for the whole plan). Here: conditions, for_each, paging,
// resolution (resolve, pick), checks (expect), polls, transfers and saves, refusals, the hand-over to a local
// command, and `partial_outcome` when a failure follows a completed write. The world is reached only through the
// effects port (effects.ts), which also journals every call. `--dry-run` evaluates what it can and calls nothing.
import { randomUUID } from 'node:crypto';
import { DwsError, type Reason, type Warning } from '../errors.js';
import { identityKey } from '../catalog/identity.js';
import type { ToolSpec } from '../catalog/types.js';
import type { CallStep, Condition, LedgerSpec, OnFailureSpec, PageSpec, PlanSpec, PlanStep, RefuseReason, RefuseStep, Source } from './spec.js';
import { MAX_POLL_ATTEMPTS } from './spec.js';
import { readPath, replaceAt } from './path.js';
import type { Effects } from './effects.js';
import type { AnswerReading } from '../backend/transport.js';
import type { Env } from '../backend/config.js';
import { Placeholder, asList, describeCondition, hasPlaceholder, pageStart, pagingApplies, rpcCases, rpcOf, equal, evalCondition, evalObject, evalSource, isEmpty, setNested, sourceText, truthy, type Scope } from './values.js';
import { checkExpect, chooseOne, pollHolds, readFields, resolveOne } from './checks.js';
import { chooseUser, chooseUserTarget, unverifiedUser, userTargetWithoutSearch, type ResolvedUser, type UserTarget } from './user-target.js';
import { resolveChatTarget, type ChatTarget } from './chat-target.js';
import { resolveOpenDingTalkIds } from './open-dingtalk-ids.js';
import { trimSpace } from '../contract/values.js';
import { askForRemaining, dryRun, evalArgs, pageControl, pageCount, previewStep, type PlanDryRun, type StepPreview } from './preview.js';
import { applyTransforms } from './transforms/index.js';
import { JsonNumber, cloneJson, goInt64Json, int64Json, isInt64Literal, stringifyJson } from '../json-number.js';
import { goSprint } from '../go-fmt.js';
import { countInner, cutGroups, mergeGroups } from './grouped-pages.js';
import { isObject } from '../json-object.js';
import { sleep, type Sleep } from '../sleep.js';

export type { PlanDryRun, StepPreview };

export interface ExecuteOptions {
  /** For the transforms that read local files (the file root). */
  env: Env;
  dryRun: boolean;
  effects: Effects;
  /** The run's clock: `{now}` sources and the time transforms read it once per run; default the system clock. */
  now?: () => Date;
  /** The generator of `{uuid}` values; default crypto.randomUUID. */
  uuid?: () => string;
  /** How a poll waits between attempts; default a timer. */
  sleep?: Sleep;
  /** A hand-over to a streaming local command (event consume) writes its own lines: nothing more is printed. */
  streaming?: boolean;
  /** Reads the standard input (at most maxBytes + 1 bytes) for a `{stdin}` source; absent: no stdin (MCP serve). */
  stdin?: (maxBytes: number) => string;
  /** The caller gave up (MCP notifications/cancelled): no further step starts; a call in flight keeps its outcome. */
  signal?: AbortSignal;
  /**
   * Where the run's notices go (upstream's stderr `[WARN]` / `[FIX]` lines; the CLI writes each as a JSON line on
   * stderr as it comes, before the answer): the plan's `warnings:` and the transforms emit them. Absent: dropped.
   */
  warn?: (w: Warning) => void;
  /** The words that named the command as typed (CLI); a `warnings:` entry with `alias` is emitted only for that alias. */
  invokedAs?: string;
}

/** The options a run's steps read: ExecuteOptions with its waits resolved once (the injected sleep, else the timer). */
type RunOptions = ExecuteOptions & { sleep: Sleep };

/** `more`: the documents printed after `result`, in order (a plan's `outputs`). */
export type ExecuteOutcome = { plan: PlanDryRun } | { result: unknown; more?: unknown[] } | { streamed: true };

/** Identifier-like fields of a result (`messageId`, `taskIds`, `id`), for partial_outcome messages. */
export function returnedIds(result: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (v: unknown, depth: number) => {
    if (depth > 4 || Object.keys(out).length >= 6) return;
    if (Array.isArray(v)) {
      v.slice(0, 5).forEach((x) => walk(x, depth + 1));
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if (Object.keys(out).length >= 6) return;
      const scalar = typeof x === 'string' || typeof x === 'number';
      const scalars = Array.isArray(x) && x.length <= 5 && x.every((y) => typeof y === 'string' || typeof y === 'number');
      if (/^(id|ids)$|(Id|Ids|_id|_ids|ID)$/u.test(k) && (scalar || scalars) && !(k in out)) out[k] = x;
      else walk(x, depth + 1);
    }
  };
  walk(result, 0);
  return out;
}

function evalHeaders(sc: Scope, s: Source | undefined): Record<string, string> {
  const v = s === undefined ? undefined : evalSource(sc, s);
  if (v === undefined) return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, typeof x === 'string' ? x : stringifyJson(x)]));
}

/** Evaluates `read` with `value` as the item (`{item: true}`), the outer item restored after. */
function asItem<T>(sc: Scope, value: unknown, read: () => T): T {
  const outer = sc.item;
  sc.item = { value };
  try {
    return read();
  } finally {
    sc.item = outer;
  }
}

/** Whether `cond` holds for an item or a page's whole answer, as `{item: true}` (keep, stop, stop_when, fail_when). */
const holdsFor = (sc: Scope, cond: Condition, value: unknown): boolean => asItem(sc, value, () => evalCondition(sc, cond) === true);

/** An item's identity text for `unique` ('' when it has none: such items are never dropped). */
function identity(sc: Scope, unique: Source, value: unknown): string {
  const v = asItem(sc, value, () => evalSource(sc, unique));
  return typeof v === 'string' ? trimSpace(v) : typeof v === 'number' ? String(v) : '';
}

/** A page's items read by `items_from` from its whole answer (`{item: true}`). */
const pageItems = (sc: Scope, from: Source, answer: unknown): unknown => asItem(sc, answer, () => evalSource(sc, from));

const sameCursor = (a: unknown, b: unknown) => a !== undefined && equal(a, b);
/** A cursor's key in the strict ledger: its text, so 1700000000000 and "1700000000000" are one cursor (upstream FormatInt). */
const cursorKey = (v: unknown) => (typeof v === 'string' ? trimSpace(v) : stringifyJson(v));

/** The strict ledger's stop: pages were read but the run cannot prove the list complete (upstream's *_incomplete). */
class Incomplete {
  /** `page`: the 1-based page the failure concerns; `stage`: its call failed (read) or its paging marks (pagination). */
  constructor(readonly why: string, readonly page: number, readonly stage: 'read' | 'pagination' = 'pagination', readonly cursor?: unknown) {}
}

/** How a run ended, for its record (upstream's page ledgers: complete, hasMore, nextCursor, stopReason, failures). */
interface PageLedger {
  more?: boolean;
  next?: unknown;
  stop: 'source_complete' | 'short_page' | 'page_limit' | 'result_limit' | 'stopped' | 'read_failure' | 'pagination_error';
}

/**
 * What the record says besides the ledger: pages read, the last size sent, whether the first page was re-read, whether
 * the last page was a full end (at least that many items and no next cursor) and whether it said if more follow.
 */
interface PageFacts {
  pages: number;
  size: unknown;
  widened: boolean;
  full: boolean;
  marked: boolean;
  /** The record's last page (docs/PLANS.md "page" record): the next cursor it gave, whether it overflowed the cap. */
  last: LastPage;
  /** `record.first_found`: each name's value from the first page that gave one. */
  firstFound: Record<string, unknown>;
  /** The items `unique` dropped as repeats (the record shows it with `record.duplicates`). */
  duplicates: number;
}

/**
 * The last page read, as it was (upstream's ledgers print what that page said, not only what the run accepted): its
 * next cursor when it gave one (not missing), even one the run refused as repeated; whether it held more kept items
 * than the cap left room for (upstream overflowOnPage).
 */
interface LastPage {
  next?: unknown;
  overflow: boolean;
}

/** The last page's facts as the record carries them at `last`. */
const lastPage = (l: LastPage): Record<string, unknown> => ({ ...(l.next !== undefined ? { next: l.next } : {}), overflow: l.overflow });

/** A failure listed in the record: a failed read names the cursor it sent (upstream's ledgers do). */
const listedFailure = (f: Incomplete): Record<string, unknown> => ({ page: f.page, stage: f.stage, ...(f.cursor !== undefined ? { cursor: f.cursor } : {}), error: f.why });

/** The page record (docs/PLANS.md "page" record): one shape for every paged step that declares `record`. */
function pageRecord(l: PageLedger, f: PageFacts, failure?: Incomplete, withDuplicates = false): Record<string, unknown> {
  const failures = failure ? [listedFailure(failure)] : [];
  return {
    complete: !failure && (l.stop === 'source_complete' || l.stop === 'short_page'),
    hasMore: l.more === true,
    ...(l.next !== undefined ? { nextCursor: l.next } : {}),
    pagesFetched: f.pages,
    stopReason: failure ? (failure.stage === 'read' ? 'read_failure' : 'pagination_error') : l.stop,
    failedCount: failures.length,
    failures,
    marked: f.marked,
    ...(f.size !== undefined ? { pageSize: f.size } : {}),
    widened: f.widened,
    full: f.full,
    last: lastPage(f.last),
    ...(Object.keys(f.firstFound).length ? { firstFound: f.firstFound } : {}),
    ...(withDuplicates ? { duplicates: f.duplicates } : {}),
  };
}

/**
 * A page's marks, `more` and the next cursor (docs/PLANS.md "page" marks): a tuple `[items, next, more]` at a
 * `tuple_at` path first; else the first place of `marks_in` holding a boolean `more` or a present `next` candidate
 * gives both (upstream chatmsg.Pagination, chatListPagination); else the first candidates as the answer has them.
 */
function pageMarks(p: PageSpec, answer: unknown, missing: (v: unknown) => boolean): { more: unknown; next: unknown; broken?: string } {
  for (const at of p.tuple_at ?? []) {
    const t = readPath(answer, at);
    if (!Array.isArray(t) || t.length === 0 || !Array.isArray(t[0])) continue;
    if (t.length < 3) return { more: undefined, next: undefined, broken: `its ${at} is a tuple without [items, next cursor, more]` };
    if (typeof t[2] !== 'boolean') return { more: undefined, next: undefined, broken: `its ${at} tuple's more is ${JSON.stringify(t[2])}, not a boolean` };
    return { more: t[2], next: t[1] };
  }
  const scopes = (p.marks_in ?? ['']).map((at) => (at === '' ? answer : readPath(answer, at))).filter((v, i) => i === 0 || (typeof v === 'object' && v !== null && !Array.isArray(v)));
  const at = (scope: unknown, paths: string[] | undefined) => (paths ?? []).map((path) => readPath(scope, path));
  // in the place chosen, a mark not found is its first candidate as the page has it (a "0" cursor, a text more)
  const marksOf = (scope: unknown) => {
    const mores = at(scope, p.more);
    const nexts = at(scope, p.next);
    const more = mores.find((v) => typeof v === 'boolean');
    // next_text_only (h34-page; firstWikiString, wiki/common.go:165-172, :301@c7521c1c): the first non-blank text, trimmed
    if (p.next_text_only) {
      const text = nexts.find((v): v is string => typeof v === 'string' && trimSpace(v) !== '');
      return { found: more !== undefined || text !== undefined, more: more ?? mores[0], next: text === undefined ? undefined : trimSpace(text) };
    }
    const next = nexts.find((v) => !missing(v));
    return { found: more !== undefined || next !== undefined, more: more ?? mores[0], next: next ?? nexts[0] };
  };
  // marks_with (h34-a2; collectWikiPages common.go:289-307@c7521c1c): only the place holding the list says the marks
  if (p.marks_with) {
    const holder = scopes.find((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && p.marks_with!.some((k) => Object.hasOwn(v, k)));
    const m = marksOf(holder ?? scopes[0]);
    return { more: m.more, next: m.next };
  }
  const chosen = scopes.map(marksOf).find((m) => m.found) ?? marksOf(scopes[0]);
  return { more: chosen.more, next: chosen.next };
}

/**
 * A call made page by page (cursor or page number) until the backend says there is no more or the page bound.
 * With `strict` (upstream's page ledgers: +thread-replies, +messages-list-direct, +chat-messages, +my-groups) a page
 * whose end cannot be proven (no boolean `more`, more with no item, a missing, invalid or repeated next cursor,
 * more items than the cap left room for, a later page's call failing) ends the run as pages_incomplete, carrying
 * what was read; a failing first page is that call's own error. Range paging sends windows (offset, inclusive end) of
 * page_size; `exhaustive` (upstream readAllDocumentBlocks) must reach a proven end or fail as pages_incomplete.
 */
/**
 * Where a paged read's failing call ended it: the page (1-based), the cursor that call sent, the pages read before it,
 * how many items were collected from them and the items themselves (`collected`, after `unique`, with `duplicates` the
 * repeats it dropped). A failure of the step's `on_failure` reads them (`failure_as`): upstream's +transcript prints
 * what it read before the failing page (h54-left), which dws, printing nothing for a failed run, puts in the details.
 */
const pageFailures = new WeakMap<DwsError, { page: number; cursor?: unknown; pages: number; items: number; collected: unknown[]; duplicates: number }>();

async function runPaged(sc: Scope, step: CallStep, index: number, o: RunOptions, firstPage = 0): Promise<unknown> {
  const p = step.page!;
  if (p.paged_command && (p.paged_command.when === undefined || evalCondition(sc, p.paged_command.when) === true)) return runPagedCommand(sc, step, index, o);
  if (p.fetch_all && (p.fetch_all.when === undefined || evalCondition(sc, p.fetch_all.when) === true)) return runFetchAll(sc, step, index, o);
  let args = evalArgs(sc, step);
  const rpc = rpcOf(sc, step);
  const start = pageStart(sc, p.number_start) as number;
  const number = (n: number) => (p.number_text ? String(start + n) : start + n);
  if (p.number_arg) setNested(args, p.number_arg, number(0));
  // range paging: page n covers [n * size, n * size + size - 1]
  const range = (n: number) => {
    setNested(args, p.offset_arg!, n * p.page_size!);
    if (p.end_arg) setNested(args, p.end_arg, n * p.page_size! + p.page_size! - 1);
  };
  if (p.offset_arg) range(0);
  const seenPages = new Set<string>();
  const items: unknown[] = [];
  const seenItems = new Set<string>();
  let last: unknown;
  let sent = p.number_arg || p.offset_arg ? undefined : readPath(args, p.cursor_arg);
  const seenCursors = new Set(sent === undefined || isEmpty(sent) ? [] : [cursorKey(sent)]);
  const pages = pageCount(sc, step);
  const maxItems = pageControl(sc, p.max_items, 'the item cap');
  const delayMs = pageControl(sc, p.delay_ms, 'the wait between pages');
  // the path a page's list is at: the first candidate holding a list on that page (upstream probes wrappers in order)
  const candidates = typeof p.items === 'string' ? [p.items] : p.items;
  const listAt = (answer: unknown) => candidates.find((c) => Array.isArray(readPath(answer, c))) ?? candidates[0];
  // a last page answering JSON null (upstream's CallMCPData decodes it as an empty map) ends the pages but keeps the
  // items read before it (h33-a2: todo +todo-done, shortcutListAllTodoCards smart/todo_shared.go:49-56@c7521c1c)
  // h39-left2: so does a last page answering a blank text (upstream CallMCPData: an empty map), or any page that is no
  // object and no list: the items go into an empty object (chat +at-me --page-all, readAllAtMePages at_me.go:230-300@c7521c1c)
  const pageBase = (v: unknown) => (typeof v === 'object' && v !== null ? v : {});
  // with items_from, `items` only names where the collected list goes: it is made there even when the answer held its
  // list elsewhere (upstream minutesdata ParseListPage reads a top-level itemList as well as result.itemList)
  const collected = () => (readPath(last, listAt(last)) === undefined && items.length === 0 ? last : replaceAt(pageBase(last), listAt(last), items, p.items_from !== undefined));
  const lowers = p.size_when === undefined || evalCondition(sc, p.size_when) === true;
  const strict = p.strict === true || (p.strict !== undefined && evalCondition(sc, p.strict) === true);
  // upstream paginationValuePresent: a next cursor such as "0" is no cursor at all
  // (and under a ledger or such a list, a blank one after trimming: upstream TrimSpace(fmt.Sprint(cursor)))
  const missing = (v: unknown) => isEmpty(v) || ((strict || p.missing_cursors !== undefined) && cursorKey(v) === '') || (p.missing_cursors?.includes(cursorKey(v)) ?? false);
  const ledger: PageLedger = { stop: 'page_limit' };
  const widens = p.widen !== undefined && (p.widen.when === undefined || evalCondition(sc, p.widen.when) === true);
  const sizeKey = p.widen?.arg ?? p.size_arg;
  const facts: PageFacts = { pages: 0, size: undefined, widened: false, full: false, marked: false, last: { overflow: false }, firstFound: {}, duplicates: 0 };
  const moreText = (p.more ?? []).join(' / ');
  // a long candidate list (upstream responseCursor's depth-first walk, spelled out) is named by its first places
  const nextText = p.next.length > 6 ? `${p.next.slice(0, 3).join(' / ')} / ... (${p.next.length} places)` : p.next.join(' / ');
  let read = 0;
  let emptyRun = 0;
  try {
    for (let page = 0; page < pages; page++) {
      if (page > 0 && delayMs > 0) await o.sleep(delayMs);
      if (maxItems > 0 && p.size_arg !== undefined && lowers) args = askForRemaining(args, p.size_arg, maxItems - items.length);
      let answer: unknown;
      try {
        answer = await o.effects.call({ server: step.server, rpc, args, replayable: step.effect === 'read', step: index, page: firstPage + page, ...typedListsOf(sc, step) });
      } catch (e) {
        // a failing first read is the call's own error, unless the record lists it (`first_page: list`); where the
        // failure is the step's error it carries the page it ended at, for an on_failure's details (failedAs)
        if (!strict || p.own_errors || (page === 0 && p.record?.first_page !== 'list') || (e instanceof DwsError && e.category !== 'backend' && e.category !== 'auth')) {
          if (e instanceof DwsError) pageFailures.set(e, { page: page + 1, ...(p.cursor_arg ? { cursor: readPath(args, p.cursor_arg) } : {}), pages: read, items: items.length, collected: items.slice(), duplicates: facts.duplicates });
          throw e;
        }
        throw new Incomplete(`page ${page + 1} failed (${e instanceof DwsError ? `${e.reason}: ${e.message}` : String(e)})`, page + 1, 'read', p.cursor_arg ? readPath(args, p.cursor_arg) : undefined);
      }
      last = p.view ? asItem(sc, answer, () => evalSource(sc, p.view!)) : answer;
      // reject (upstream ParseTranscriptPage): the page is refused whole, neither counted nor collected, and ends the run
      if (p.reject && holdsFor(sc, p.reject, last)) {
        ledger.stop = 'stopped';
        break;
      }
      read = page + 1;
      // record.first_found (upstream queryRecordWindow's totalCount): a name keeps the first page's value that is not absent
      for (const [name, source] of Object.entries(p.record?.first_found ?? {})) {
        if (Object.hasOwn(facts.firstFound, name)) continue;
        const v = asItem(sc, last, () => evalSource(sc, source));
        if (v !== undefined) facts.firstFound[name] = v;
      }
      // a page that fails the declared check ends the step there, whatever the pages before held
      if (p.every_page && !holdsFor(sc, p.every_page.holds, last)) {
        throw new DwsError(p.every_page.reason, `${sc.tool.canonical_path} (step "${step.id}"): page ${read}: ${p.every_page.message}`, REFUSAL_HINTS[p.every_page.reason]);
      }
      const got = (p.items_from && pageItems(sc, p.items_from, last)) ?? readPath(last, listAt(last));
      if (p.exhaustive && !Array.isArray(got)) throw new Incomplete(`page ${read} holds no list at ${candidates.join(' | ')}`, read);
      const raw = Array.isArray(got) ? got : [];
      // the items page_size's short-page end counts (upstream shortcutListAllTodoCards: the object cards only)
      const counted = p.counts ? raw.filter((item) => holdsFor(sc, p.counts!, item)).length : raw.length;
      const pageKey = p.page_key === undefined ? undefined : readPath(last, p.page_key);
      if (typeof pageKey === 'string' && trimSpace(pageKey) !== '') {
        if (seenPages.has(pageKey)) throw new Incomplete(`page ${read} repeats an earlier page (the list does not move on)`, read);
        seenPages.add(pageKey);
      }
      const fresh = p.unique ? raw.filter((item) => {
        const key = identity(sc, p.unique!, item);
        if (key === '') return true;
        if (seenItems.has(key)) {
          facts.duplicates++;
          return false;
        }
        seenItems.add(key);
        return true;
      }) : raw;
      const wanted = p.keep ? fresh.filter((item) => holdsFor(sc, p.keep!, item)) : fresh;
      // upstream --max-items: the collection is cut to the cap and no further page is asked for
      const room = maxItems > 0 ? Math.max(0, maxItems - items.length) : Infinity;
      // keep_overflow (upstream queryRecordWindow): the whole page is kept; the cap only stops further pages
      items.push(...(p.keep_overflow ? wanted : wanted.slice(0, room)));
      const overflow = !p.keep_overflow && wanted.length > room;
      const size = sizeKey === undefined ? undefined : readPath(args, sizeKey);
      const marks = pageMarks(p, last, missing);
      // more_when: "more follow" is the declared condition on the page (upstream's computed marks)
      if (p.more_when) marks.more = holdsFor(sc, p.more_when, last);
      // next_from: the next cursor is the declared source on the page (upstream's computed cursor)
      if (p.next_from) marks.next = asItem(sc, last, () => evalSource(sc, p.next_from!));
      // a size sent as text (upstream +flag-list's strconv.Itoa) counts by its number
      const sizeNumber = typeof size === 'string' && /^\d+$/u.test(size) ? Number(size) : size;
      const full = typeof sizeNumber === 'number' && raw.length >= sizeNumber && missing(marks.next);
      Object.assign(facts, { pages: read, size, full, marked: typeof marks.more === 'boolean', last: { ...(missing(marks.next) ? {} : { next: marks.next }), overflow } });
      // upstream collectWikiPages: the cap reached ends the run before the page's marks are read
      if (strict && p.cap_first && maxItems > 0 && items.length >= maxItems) {
        ledger.stop = 'result_limit';
        break;
      }
      if (strict && marks.broken) throw new Incomplete(`page ${read}: ${marks.broken}`, read);
      if (strict && p.fail_when && fresh.some((item) => holdsFor(sc, p.fail_when!, item))) throw new Incomplete(`page ${read} holds an item the run cannot place (${describeCondition(p.fail_when)})`, read);
      const stopped = (p.stop_when !== undefined && fresh.some((item) => holdsFor(sc, p.stop_when!, item))) || (p.stop !== undefined && holdsFor(sc, p.stop, last));
      if (stopped) {
        ledger.stop = 'stopped';
        break;
      }
      let more = marks.more;
      // upstream +chat-list's unmarked page: its cursor says more follow; without one a short page ends, a full one fails
      if (strict && p.more_from_cursor && typeof more !== 'boolean' && (p.more_from_cursor === true || !missing(marks.next))) {
        // `cursor` (+search-msg's page): only a cursor says more; without one the strict check below fails the page
        if (!missing(marks.next)) more = true;
        else if (!full) {
          ledger.more = false;
          ledger.stop = 'short_page';
          break;
        } else throw new Incomplete(`page ${read} came back full (${String(size)} items) without saying whether more follow (${moreText}) or a next cursor`, read);
        facts.marked = true;
      }
      if (widens && full && more === false && (page === 0 || (facts.widened && page === 1))) {
        const w = p.widen!;
        if (page === 0 && (size as number) < w.to && page + 1 < pages && (w.reread === undefined || evalCondition(sc, w.reread) === true)) {
          args = cloneJson(args);
          setNested(args, w.arg, w.to);
          facts.widened = true;
          continue;
        }
        if (page + 1 < pages || (size as number) >= w.to) throw new Incomplete(`page ${read} came back full (${String(size)} items) saying no more follow, so the list may hold more than was read`, read);
      }
      if (strict && typeof more !== 'boolean') throw new Incomplete(`page ${read} does not say whether more follow (${moreText} is ${JSON.stringify(more) ?? 'absent'})`, read);
      if (typeof more === 'boolean') ledger.more = more;
      if (strict && overflow && p.cut_ends) {
        ledger.stop = 'result_limit';
        break;
      }
      if (strict && overflow) throw new Incomplete(`page ${read} holds more items than the ${maxItems} asked for, so no next cursor skips none`, read);
      const capped = maxItems > 0 && items.length >= maxItems;
      if (capped) ledger.stop = 'result_limit';
      if (!strict && capped) break;
      if (p.exhaustive) {
        if (exhaustiveEnd(p, last, more, raw.length, counted, items.length, read)) break;
        if (page + 1 >= pages) throw new Incomplete(`${read} page(s) read without the list's end`, read);
        args = cloneJson(args);
        if (p.offset_arg) range(page + 1);
        else setNested(args, p.number_arg!, number(page + 1));
        continue;
      }
      if (more === false || (p.page_size !== undefined && counted < p.page_size)) {
        ledger.stop = 'source_complete';
        break;
      }
      // empty_more_fails: n (true: 1) pages in a row that say more but hold no item end the run
      emptyRun = raw.length === 0 ? emptyRun + 1 : 0;
      if (strict && p.empty_more_fails && emptyRun >= (p.empty_more_fails === true ? 1 : p.empty_more_fails)) {
        throw new Incomplete(emptyRun > 1 ? `pages ${read - emptyRun + 1}-${read} say more follow but hold no item` : `page ${read} says more follow but holds no item`, read);
      }
      args = cloneJson(args);
      if (p.number_arg || p.offset_arg) {
        if (raw.length === 0 || capped) {
          if (!capped) ledger.stop = 'source_complete';
          break;
        }
        if (p.offset_arg) range(page + 1);
        else setNested(args, p.number_arg!, number(page + 1));
        continue;
      }
      const next = marks.next;
      if (strict) {
        // stall_only: only the cursor just sent is a stall (a cycle reads on to the page bound)
        const repeated = p.stall_only ? sent !== undefined && !isEmpty(sent) && cursorKey(next) === cursorKey(sent) : seenCursors.has(cursorKey(next));
        if (missing(next) || repeated) throw new Incomplete(`page ${read} says more follow but its next cursor (${nextText}) is ${missing(next) ? `missing${isEmpty(next) ? '' : ` (${JSON.stringify(next)})`}` : `${JSON.stringify(next)}, ${p.stall_only ? 'the cursor just sent' : 'already followed'}`}`, read);
        seenCursors.add(cursorKey(next));
      } else if (missing(next) || (p.seen_ends ? page + 1 < pages && seenCursors.has(cursorKey(next)) : !p.follow_repeats && sameCursor(next, sent))) {
        ledger.stop = 'source_complete';
        break;
      }
      // seen_ends (upstream CollectTranscript's seen tokens): every cursor sent is remembered
      if (p.seen_ends) seenCursors.add(cursorKey(next));
      let value = next;
      // a cursor no call will send (the last page a run that is not strict may read) is not converted
      if (p.next_transform && (strict || page + 1 < pages)) {
        try {
          value = applyTransforms(p.next_transform, next, `${step.id}: the next cursor`, { env: sc.env, now: sc.at, ...(sc.warn ? { warn: sc.warn } : {}) });
        } catch (e) {
          if (!strict || !(e instanceof DwsError)) throw e;
          throw new Incomplete(`page ${read} gave a next cursor the next call cannot take (${e.message})`, read);
        }
      }
      ledger.next = next;
      if (capped) break;
      setNested(args, p.cursor_arg, value);
      sent = next;
    }
  } catch (e) {
    if (!(e instanceof Incomplete)) throw e;
    // a recorded run lists the failure in its record: it ends well (`list`) or after the answer is built (`end`)
    if (p.record !== undefined) {
      if (endsRun(sc, p.record, pageRecord(ledger, facts, e, p.record.duplicates))) sc.unfinished ??= `${sc.tool.canonical_path} (step "${step.id}"): stopped after ${read} page(s): ${e.why}`;
      return withRecord(collected(), p.record.at, pageRecord(ledger, facts, e, p.record.duplicates));
    }
    throw new DwsError('pages_incomplete',
      `${sc.tool.canonical_path} (step "${step.id}"): stopped after ${read} page(s): ${e.why}; the ${items.length} item(s) read are in "partial"`,
      'the list is not complete: retry, or read on from the last cursor with the command\'s own cursor flag', { partial: collected() });
  }
  return p.record !== undefined ? withRecord(collected(), p.record.at, pageRecord(ledger, facts, undefined, p.record.duplicates)) : collected();
}

/**
 * Upstream's FetchAll over a page reader (pkg/paging/paging.go:128-271 with parseRecordQueryPage, recordQueryFetchAll,
 * helpers/aitable.go:197-304@c7521c1c), the page option `fetch_all` (docs/PLANS.md "page"): pages follow the next cursor
 * (the first non-blank text among `next` in the page's payload: `payload` when the answer has that key, else the
 * answer) until a page gives none; `more` true without a cursor, a cursor met before (the first one included), the
 * pages wanted read with a cursor left, or a page that is not an object, whose payload is not an object, without a
 * list of objects at `items`, or with a `total` that is not a whole number from 0, end the run as pages_incomplete
 * (a failing first call is that call's own error). The result is `{data: {records, fetchedCount, hasMore: false,
 * complete: true, pages, totalCount?}}`; a failure carries `{records, fetchedCount, pages, attempts, complete: false,
 * hasMore, stopReason, cursor?, totalCount?}` in `partial`.
 */
async function runFetchAll(sc: Scope, step: CallStep, index: number, o: RunOptions): Promise<unknown> {
  const p = step.page!;
  const f = p.fetch_all!;
  let args = evalArgs(sc, step);
  const rpc = rpcOf(sc, step);
  const limit = pageCount(sc, step);
  const delayMs = pageControl(sc, p.delay_ms, 'the wait between pages');
  const first = readPath(args, p.cursor_arg);
  let cursor = typeof first === 'string' ? first : '';
  const seen = new Set(cursor === '' ? [] : [cursor]);
  const records: unknown[] = [];
  let pages = 0;
  let attempts = 0;
  let total: unknown;
  const stop = (reason: string, why: string, hasMore: boolean, at: string): never => {
    throw new DwsError('pages_incomplete', `${sc.tool.canonical_path} (step "${step.id}"): pagination incomplete after ${pages} page(s) and ${records.length} record(s): ${why}`,
      reason === 'page_limit' ? 'read on from partial.cursor, or raise the page limit' : 'retry; partial holds the records read and the cursor to resume from',
      { partial: { records, fetchedCount: records.length, pages, attempts, complete: false, hasMore, stopReason: reason, ...(at === '' ? {} : { cursor: at }), ...(total === undefined ? {} : { totalCount: total }) } });
  };
  for (;;) {
    if (pages > 0 && delayMs > 0) await o.sleep(delayMs);
    const sent = cursor;
    args = cloneJson(args);
    if (sent !== '') setNested(args, p.cursor_arg, sent);
    let answer: unknown;
    attempts++;
    try {
      answer = await o.effects.call({ server: step.server, rpc, args, replayable: step.effect === 'read', step: index, page: pages, ...typedListsOf(sc, step) });
    } catch (e) {
      if (pages === 0 || !(e instanceof DwsError) || (e.category !== 'backend' && e.category !== 'auth')) throw e;
      return stop('fetch_error', `page ${pages + 1} failed (${e.reason}: ${e.message})`, true, sent);
    }
    const bad = (why: string) => stop('fetch_error', `page ${pages + 1}: ${why}`, true, sent);
    if (!isObject(answer)) return bad('the answer is not a JSON object');
    const payload = Object.hasOwn(answer, f.payload) ? answer[f.payload] : answer;
    if (!isObject(payload)) return bad(`${f.payload} is not an object`);
    const list = payload[f.items];
    if (!Array.isArray(list)) return bad(list === undefined ? `the answer holds no ${f.items}` : `${f.items} is not a list`);
    const wrong = list.findIndex((r) => !isObject(r));
    if (wrong >= 0) return bad(`${f.items}[${wrong}] is not an object`);
    const next = f.next.map((k) => payload[k]).find((v): v is string => typeof v === 'string' && trimSpace(v) !== '') ?? '';
    if (f.more !== undefined && payload[f.more] === true && next === '') return bad(`${f.more} is true without a next cursor`);
    const count = f.total === undefined ? undefined : wholeFromZero(payload[f.total]);
    if (count === false) return bad(`${f.total} is not a whole number from 0`);
    records.push(...list);
    pages++;
    if (total === undefined && count !== undefined) total = count;
    if (next === '') break;
    if (next === sent || seen.has(next)) return stop('cursor_cycle', `the next cursor ${JSON.stringify(next)} was already followed`, true, next);
    seen.add(next);
    if (pages >= limit) return stop('page_limit', `${pages} page(s) read, the limit, with more left`, true, next);
    cursor = next;
  }
  return { data: { records, fetchedCount: records.length, hasMore: false, complete: true, pages, ...(total === undefined ? {} : { totalCount: total }) } };
}

/** Go's parseOptionalNonNegativeInt: absent or null -> undefined; a whole number from 0 (a json.Number of decimal digits) -> it; else false. */
function wholeFromZero(v: unknown): unknown {
  if (v === undefined || v === null) return undefined;
  if (v instanceof JsonNumber) return isInt64Literal(v) && !v.literal.startsWith('-') ? v : false;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : false;
}

/** How a paged command's run ended (upstream pagingMetadata, paged_command.go:256-269@c7521c1c). */
interface PagedCommandEnd {
  truncated: boolean;
  hasMore: boolean;
  lastCursor: unknown;
  pages: number;
  total: number;
  withinPage?: boolean;
  failure?: { page: number; cursor: string; error: string };
}

/** upstream setJSONPath: the value set only where every parent on the path is an object. */
function setWhereParents(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node: unknown = root;
  for (const part of parts.slice(0, -1)) {
    node = isObject(node) ? node[part] : undefined;
    if (!isObject(node)) return;
  }
  (node as Record<string, unknown>)[parts[parts.length - 1]] = value;
}

/**
 * Upstream's paged command (RunPagedMCPCommand / runPagedMCPCommand, paged_command.go:139-322@c7521c1c), the page
 * option `paged_command` (docs/PLANS.md "page"): pages follow the next cursor while the page says a boolean `more`,
 * up to the pages wanted; a page that is not an object, lacks a boolean `more`, lacks the list (a last grouped page
 * may) or, saying more, a next cursor, or whose cursor does not advance, ends the run. With `group` the pages' groups
 * merge by key and the cap counts their inner items. The result is the first page's answer with the list, `more` and
 * `next` rewritten and the `paging` record; a failure after a page was read keeps that answer (with the failure in
 * `paging`) and ends the command as pages_incomplete, as upstream prints it and exits 1.
 */
async function runPagedCommand(sc: Scope, step: CallStep, index: number, o: RunOptions): Promise<unknown> {
  const p = step.page!;
  const group = p.paged_command!.group;
  let args = evalArgs(sc, step);
  const rpc = rpcOf(sc, step);
  const pages = pageCount(sc, step);
  const maxItems = pageControl(sc, p.max_items, 'the item cap');
  const delayMs = pageControl(sc, p.delay_ms, 'the wait between pages');
  const itemsAt = typeof p.items === 'string' ? p.items : p.items[0];
  const moreAt = (p.more ?? [])[0] ?? 'hasMore';
  const nextAt = p.next[0];
  const intCursor = p.paged_command!.int_cursor === true;
  // upstream cursorValueKey (paged_command.go:476-497): string cursors: nil is "", else the value's text trimmed; int64
  // cursors (h34-a2): a number (a kept literal read as the float64 Go decodes) as FormatInt(int64(v)), a text trimmed,
  // anything else ""
  const keyOf = (v: unknown) => (intCursor
    ? (typeof v === 'number' || v instanceof JsonNumber ? int64Key(v) : typeof v === 'string' ? trimSpace(v) : '')
    : (v === undefined || v === null ? '' : trimSpace(typeof v === 'string' ? v : stringifyJson(v))));
  let envelope: Record<string, unknown> | undefined;
  let items: unknown[] = [];
  const total = () => (group ? countInner(items, group) : items.length);
  const seen = new Set<string>();
  let current = keyOf(readPath(args, p.cursor_arg));
  let lastCursor = readPath(args, p.cursor_arg);
  let more = true;
  const write = (end: PagedCommandEnd): unknown => {
    const out = cloneJson(envelope!);
    setWhereParents(out, itemsAt, items);
    setWhereParents(out, moreAt, end.hasMore);
    setWhereParents(out, nextAt, end.lastCursor ?? null);
    out.paging = {
      truncated: end.truncated, hasMore: end.hasMore, lastCursor: end.lastCursor ?? null, pages: end.pages, total: end.total,
      ...(end.failure ? { partial: true, failedPage: end.failure.page, failedCursor: end.failure.cursor, pagesFetched: end.failure.page - 1, itemsFetched: end.total, error: end.failure.error } : {}),
      ...(end.withinPage ? { truncatedWithinPage: true, resumeCursorReliable: false } : {}),
    };
    return out;
  };
  // upstream handlePagedCommandError: before any page was read the error is the command's; after, the pages read are printed with it
  const fail = (page: number, cursor: string, error: string): unknown => {
    const why = `${sc.tool.canonical_path} (step "${step.id}"): pagination stopped at page ${page}: ${error}`;
    if (envelope === undefined) throw new DwsError('pages_incomplete', why, 'the backend answered a page dws cannot follow; retry, or run without --page-all');
    sc.unfinished ??= why;
    return write({ truncated: true, hasMore: true, lastCursor: cursor, pages: page - 1, total: total(), failure: { page, cursor, error } });
  };
  for (let page = 1; page <= pages && more; page++) {
    const pageCursor = readPath(args, p.cursor_arg);
    seen.add(current);
    let answer: unknown;
    try {
      answer = await o.effects.call({ server: step.server, rpc, args, replayable: step.effect === 'read', step: index, page: page - 1, ...typedListsOf(sc, step) });
    } catch (e) {
      if (envelope === undefined || !(e instanceof DwsError) || (e.category !== 'backend' && e.category !== 'auth')) throw e;
      return fail(page, current, `${e.reason}: ${e.message}`);
    }
    // upstream parsePagedCommandPage :224-254
    if (!isObject(answer)) return fail(page, current, 'paged response is not a JSON object');
    const rawMore = readPath(answer, moreAt);
    if (rawMore === undefined) return fail(page, current, `paged response missing ${moreAt}`);
    if (typeof rawMore !== 'boolean') return fail(page, current, `paged response ${moreAt} must be boolean`);
    let list = readPath(answer, itemsAt);
    if (list === undefined && group && !rawMore) list = [];
    if (list === undefined) return fail(page, current, `paged response missing ${itemsAt}`);
    if (!Array.isArray(list)) return fail(page, current, `paged response ${itemsAt} must be array`);
    const next = readPath(answer, nextAt);
    if (rawMore && next === undefined) return fail(page, current, `paged response missing ${nextAt}`);
    envelope ??= cloneJson(answer);
    try {
      items = group ? mergeGroups(items, list, group) : [...items, ...list];
    } catch (e) {
      return fail(page, current, e instanceof Error ? e.message : String(e));
    }
    more = rawMore;
    if (maxItems > 0 && total() > maxItems) {
      items = group ? cutGroups(items, maxItems, group) : items.slice(0, maxItems);
      return write({ truncated: true, hasMore: true, lastCursor: pageCursor, pages: page, total: total(), withinPage: true });
    }
    lastCursor = next;
    if (maxItems > 0 && total() === maxItems && more) return write({ truncated: true, hasMore: true, lastCursor, pages: page, total: total() });
    if (!more) return write({ truncated: false, hasMore: false, lastCursor, pages: page, total: total() });
    const nextKey = keyOf(next);
    if (nextKey === '' || nextKey === current || seen.has(nextKey)) return fail(page + 1, nextKey, `pagination cursor did not advance: ${nextKey}`);
    // upstream normalizeCursorArg (:499-525): string cursors send the value's text; int64 cursors a whole number, or fail
    const sent = intCursor ? int64Cursor(next) : { value: next === null ? '' : typeof next === 'string' ? next : stringifyJson(next) };
    if (sent.error !== undefined) return fail(page + 1, nextKey, sent.error);
    current = nextKey;
    args = cloneJson(args);
    setNested(args, p.cursor_arg, sent.value);
    if (delayMs > 0 && page < pages) await o.sleep(delayMs);
  }
  return write({ truncated: more, hasMore: more, lastCursor, pages, total: total() });
}

/**
 * Upstream cursorValueKey's float64 case, strconv.FormatInt(int64(v), 10) (paged_command.go:480-481@c7521c1c): the
 * double's exact whole digits (goInt64's, within int64). Outside int64, where Go's int64(v) is the platform's, the same
 * digits (such a cursor then fails int64Cursor, and the key is only printed as paging.failedCursor).
 */
function int64Key(v: number | JsonNumber): string {
  const f = typeof v === 'number' ? v : Number(v.literal);
  return Number.isFinite(f) ? BigInt(Math.trunc(f)).toString() : String(f);
}

/** Upstream normalizeCursorArg for PagedCursorInt64 (paged_command.go:506-524@c7521c1c): the cursor sent next, or why not. */
function int64Cursor(v: unknown): { value?: unknown; error?: string } {
  // a float64 (a kept literal is the float64 Go's json.Unmarshal makes of it): int64(v) must give it back, so a fraction
  // is refused, and so is a double at or beyond 2^63 (amd64; declared in the plans' facts); sent with int64(v)'s exact
  // digits (h54-left; before, beyond 2^53, the double's shortest digits); the error writes v as Go's %v does
  const f = v instanceof JsonNumber ? Number(v.literal) : v;
  if (typeof f === 'number') {
    const n = Number.isInteger(f) ? goInt64Json(f) : undefined;
    return n === undefined ? { error: `paged response cursor must be an integer, got ${goSprint(f)}` } : { value: n };
  }
  if (typeof v === 'string') {
    const t = trimSpace(v);
    // strconv.ParseInt's int64, sent whole: beyond 2^53 as the literal of its digits (h52-left; before, its nearest double)
    const n = /^[+-]?\d+$/u.test(t) ? int64Json(BigInt(t)) : undefined;
    if (n !== undefined) return { value: n };
    return { error: `paged response cursor must be a base-10 int64 string, got ${JSON.stringify(v)}` };
  }
  return { error: `paged response cursor must be int64-compatible, got ${v === null ? 'nil' : Array.isArray(v) ? '[]interface {}' : typeof v === 'object' ? 'map[string]interface {}' : typeof v === 'boolean' ? 'bool' : typeof v}` };
}

/**
 * Whether an exhaustive read ends at this page (upstream readAllDocumentBlocks :841-864): `more` false; or, when the
 * page does not say, the items collected reaching the total it gives, or a page shorter than page_size (counting the
 * items `counts` holds for, when declared). A page saying more with no item cannot be followed (pages_incomplete).
 */
function exhaustiveEnd(p: PageSpec, page: unknown, more: unknown, got: number, counted: number, collected: number, read: number): boolean {
  if (more === false) return true;
  if (more === true) {
    if (got === 0) throw new Incomplete(`page ${read} says more follow but holds no item`, read);
    return false;
  }
  const total = p.total === undefined ? undefined : readPath(page, p.total);
  if (typeof total === 'number' && Number.isInteger(total) && total >= 0 && collected >= total) return true;
  return p.page_size !== undefined && counted < p.page_size;
}

/**
 * Whether a failure the record lists ends the command once its answer is built: always under `failures: end`; under
 * `failures: list` when `end_when` holds for the record (`{item: true}`; upstream +conversation-list exits 1 only for
 * a page that overflowed the cap).
 */
function endsRun(sc: Scope, r: NonNullable<PageSpec['record']>, record: Record<string, unknown>): boolean {
  return r.failures === 'end' || (r.end_when !== undefined && holdsFor(sc, r.end_when, record));
}

/** The step's result with the record at `path` (a result that is not an object is wrapped as `{value}`). */
function withRecord(result: unknown, path: string, report: Record<string, unknown>): unknown {
  const out = typeof result === 'object' && result !== null && !Array.isArray(result) ? cloneJson(result) as Record<string, unknown> : { value: result };
  setNested(out, path, report);
  return out;
}

function positiveNumber(sc: Scope, s: Source | number | undefined, what: string, fallback: number): number {
  const v = s === undefined ? fallback : typeof s === 'number' ? s : evalSource(sc, s);
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: ${what} must be a positive number, not ${JSON.stringify(v)}`);
  return v;
}

/**
 * One read repeated until `until` holds (or `fail` does): every interval_seconds, at most max_attempts times within
 * timeout_seconds, or once and then after each wait of the `delays_ms` timetable (`wait_first`: each read after its
 * wait). With `verify` (a write's read-back, upstream readDocVerification) a failed read is tried again, and after the
 * last read a failure is that read's own error and an answer that never matched is verification_failed; with
 * `retry_failed` a failed read is tried again and the reads running out is outcome_unknown (upstream's task polls).
 */
async function runPolled(sc: Scope, step: CallStep, index: number, o: RunOptions): Promise<unknown> {
  const p = step.poll!;
  const attempts = p.delays_ms ? p.delays_ms.length + (p.wait_first ? 0 : 1) : Math.min(Math.floor(positiveNumber(sc, p.max_attempts, 'the number of checks', 1)), MAX_POLL_ATTEMPTS);
  const intervalMs = p.delays_ms ? 0 : positiveNumber(sc, p.interval_seconds, 'the wait between checks', 1) * 1000;
  const budgetMs = p.timeout_seconds === undefined ? Infinity : positiveNumber(sc, p.timeout_seconds, 'the wait timeout', 1) * 1000;
  const pause = o.sleep;
  const paged = step.page !== undefined && pagingApplies(sc, step);
  const args = evalArgs(sc, step);
  let waited = 0;
  let failure: unknown;
  let last: unknown;
  let reads = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (p.wait_first && p.delays_ms![attempt] > 0) await pause(p.delays_ms![attempt]);
    try {
      // a paged read (a read-back of a whole list) reads every page at each attempt, numbered on from the attempt's first
      last = paged ? await runPaged(sc, step, index, o, attempt * step.page!.max_pages)
        : await o.effects.call({ server: step.server, rpc: rpcOf(sc, step), args, replayable: true, step: index, page: attempt, ...typedListsOf(sc, step) });
      failure = undefined;
      reads++;
    } catch (e) {
      // a read-back's failed read is tried again on the timetable (it stays in the journal); a refusal of dws is not
      if (!(p.verify || p.retry_failed) || !(e instanceof DwsError) || e.category !== 'backend') throw e;
      failure = e;
    }
    if (failure === undefined) {
      if (pollHolds(sc, p.fail, last)) {
        throw new DwsError('backend_error', `${sc.tool.canonical_path} (step "${step.id}"): the task failed: ${JSON.stringify(readPath(last, p.fail!.path!))}`,
          'look at the task before starting it again');
      }
      if (pollHolds(sc, p.until, last)) return last;
    }
    if (p.wait_first) continue;
    const delay = p.delays_ms ? p.delays_ms[attempt] : intervalMs;
    if (attempt + 1 >= attempts || waited + delay > budgetMs) break;
    if (delay > 0) await pause(delay);
    waited += delay;
  }
  // a read-back ends with its last read's failure; a task poll that tries failed reads again ends as one not finished
  if (failure !== undefined && p.verify) throw failure;
  if (p.timeout_as !== undefined) {
    // upstream's timeoutAsResult: a task still running is an answer, read as {from: timeout_as}; the step did not run
    sc.results.set(p.timeout_as, { attempts: reads, last });
    sc.ran.add(p.timeout_as);
    return undefined;
  }
  if (p.verify) {
    throw new DwsError('verification_failed', `${sc.tool.canonical_path} (step "${step.id}"): the read-back did not show the change after ${attempts} read(s)`,
      'read the target to see what it holds now before writing again');
  }
  throw new DwsError('outcome_unknown', `${sc.tool.canonical_path} (step "${step.id}"): not finished after the checks this command allows; the task may still complete`,
    'check it again later with the read command; do not start the task again');
}

interface Completed {
  id: string;
  effect: 'read' | 'write';
  ids: Record<string, unknown>;
}

/** Where a run is: the step (and for_each element, `send[2]`) a failure is reported at. */
interface Cursor {
  label: string;
  /** The label a for_each step's elements are numbered under (an interleaved step's: `fields[1]`, giving `fields[1][0]`). */
  prefix?: string;
}

/** A completed step's ids for a message (` {"eventId":"e1"}`), nothing when its answer returned none. */
const idsText = (d: Completed): string => (Object.keys(d.ids).length ? ` ${JSON.stringify(d.ids)}` : '');

/** The completed steps for a message: `create (write {"eventId":"e1"}), invite (write)`. */
const completedList = (done: Completed[]): string => done.map((d) => `${d.id} (${d.effect}${idsText(d)})`).join(', ');

/**
 * What became of the step a run stopped at, as far as dws knows: a call sent without an answer (`outcome_unknown`) may
 * have taken effect; a refusal (a validation reason: a refuse step, a resolution with no single match, an argument
 * the transport will not send) changed nothing; anything else is a failure the backend or the transport reported.
 */
function stepFate(err: unknown): string {
  if (!(err instanceof DwsError)) return 'failed';
  if (err.reason === 'outcome_unknown') return 'has an unknown outcome';
  return err.category === 'validation' ? 'was refused and changed nothing' : 'failed';
}

/** The partial outcome of a failure after a write; the cause's envelope keys (a refusal's `details`) are kept. */
function partial(tool: ToolSpec, done: Completed[], failed: string, err: unknown): DwsError {
  const cause = err instanceof DwsError ? `${err.reason}: ${err.message}` : String(err);
  const list = completedList(done);
  return new DwsError('partial_outcome',
    `${tool.canonical_path} stopped after a write: completed steps ${list}; step "${failed}" ${stepFate(err)} (${cause})`,
    `do not run the whole command again: the completed writes took effect; check step "${failed}" and finish it with the atomic command`,
    err instanceof DwsError ? err.payload : undefined);
}

/**
 * Upstream's rollback (a step's `compensate`): the step failed with `failure`, so its reverse write is sent once,
 * whatever the failure (an unknown outcome too, as upstream). When it takes effect the run ends `rolled_back`, naming
 * the cause and what was undone; when it fails too, the error names both and the run reports a partial outcome with
 * the completed writes' ids (the user undoes them, or `dws recover --compensate`).
 */
async function rollBack(sc: Scope, step: PlanStep, index: number, o: RunOptions, done: Completed[], failure: unknown): Promise<DwsError> {
  const c = step.compensate!;
  const cause = failure instanceof DwsError ? `${failure.reason}: ${failure.message}` : String(failure);
  const reverse = `${c.server}.${c.rpc}`;
  let why: string | undefined;
  try {
    const answer = await o.effects.call({ server: c.server, rpc: c.rpc, args: evalObject(sc, c.args) ?? {}, replayable: false, step: index });
    if (c.took_effect !== undefined && c.answer_as !== undefined) {
      // upstream reads the reverse call's answer before it counts the rollback as done (its acknowledgement check)
      sc.results.set(c.answer_as, answer);
      sc.ran.add(c.answer_as);
      if (evalCondition(sc, c.took_effect) !== true) why = 'its answer does not show that it took effect';
    }
  } catch (e) {
    why = e instanceof DwsError ? `${e.reason}: ${e.message}` : String(e);
  }
  if (why !== undefined) {
    return new DwsError(failure instanceof DwsError ? failure.reason : 'internal_error', `${cause}; its rollback ${reverse} failed too (${why})`);
  }
  const undone = done.filter((d) => d.effect === 'write').map((d) => `${d.id}${idsText(d)}`).join(', ');
  return new DwsError('rolled_back',
    `${sc.tool.canonical_path}: step "${step.id}" failed (${cause}); its rollback ${reverse} took effect, undoing the completed writes (${undone})`,
    'nothing of this run remains: correct the cause and run the command again');
}

/**
 * A for_each call's per-element ledger (docs/PLANS.md "ledger"): which elements were done (with the ids their
 * answers returned), which failed (at which call, with the error) and which were not attempted because the policy
 * stops at the first failure. `report` says how failures end the run: upstream's --failure-policy (`error`: any
 * failure ends it with the ledger), its per-item summary (`result`, chat +broadcast: the ledger is a value later
 * steps read, and the run fails only when no element was done) or its list of failed batches (`list`, aitable
 * +record-share-links: the ledger is a value later steps read, and failures never end the run).
 */
class Ledger {
  readonly done: { index: number; item: unknown; ids: Record<string, unknown> }[] = [];
  readonly failed: { index: number; item: unknown; at: string; reason: string; message: string }[] = [];
  readonly unattempted: { index: number; item: unknown }[] = [];
  readonly keepGoing: boolean;
  constructor(readonly step: string, readonly spec: LedgerSpec, sc: Scope) {
    this.keepGoing = evalCondition(sc, spec.continue) === true;
  }

  /**
   * Whether `err` is this element's own failure: the backend's (its call failed or its outcome is unknown) or a
   * resolution that found no single candidate for the element's value. A refusal of the run's flags, an auth failure
   * or a cancellation stops the run.
   */
  static owns(err: unknown): err is DwsError {
    return err instanceof DwsError && (err.category === 'backend' || err.reason === 'not_found' || err.reason === 'ambiguous_match');
  }

  /** Records a failed element; true when the next element is tried. */
  fail(index: number, item: unknown, at: string, err: DwsError, rest: unknown[]): boolean {
    this.failed.push({ index, item, at, reason: err.reason, message: err.message });
    if (this.keepGoing) return true;
    rest.forEach((x, i) => this.unattempted.push({ index: index + 1 + i, item: x }));
    return false;
  }

  /** The ledger as the error envelope carries it and as `{from: into}` reads it. */
  value(): Record<string, unknown> {
    return { step: this.step, continue: this.keepGoing, done: this.done, failed: this.failed, unattempted: this.unattempted };
  }

  /** After the loop: the run stops with the ledger (`LedgerStop`), or, reported as a result or list, it becomes `{from: into}`. */
  settle(sc: Scope): void {
    const stops = this.spec.report === 'error' ? this.failed.length > 0 : this.spec.report === 'result' && this.failed.length > 0 && this.done.length === 0;
    if (stops) throw new LedgerStop(this);
    if (this.spec.into === undefined) return;
    sc.results.set(this.spec.into, this.value());
    sc.ran.add(this.spec.into);
  }
}

/** Thrown by a step whose ledger ends the run: the run stops and reports it (executePlan `ledgerReport`). */
class LedgerStop {
  constructor(readonly ledger: Ledger) {}
}

/**
 * The error a ledger ends the run with: partial_outcome when any write completed in the run (its elements'
 * included); otherwise, under report error, the first failure's own reason, and under report result (no element was
 * done: upstream's "nobody got it" validation error) `invalid_parameter`, or `outcome_unknown` when an element's write
 * may have taken effect. The message names every failed and unattempted element, and the envelope carries the ledger.
 */
function ledgerReport(tool: ToolSpec, done: Completed[], l: Ledger): DwsError {
  const label = (i: number) => `${l.step}[${i}]`;
  const failed = l.failed.map((f) => `step "${f.at}"${l.spec.report === 'result' ? ` for ${JSON.stringify(f.item)}` : ''} (${f.reason}: ${f.message})`).join('; ');
  const rest = l.unattempted.length ? `; not attempted (the policy stops at the first failure): ${l.unattempted.map((u) => label(u.index)).join(', ')}` : '';
  const payload = { ledger: l.value() };
  const written = done.filter((d) => d.effect === 'write');
  if (written.length) {
    const list = completedList(done);
    return new DwsError('partial_outcome', `${tool.canonical_path} stopped after a write: ${l.failed.length} element(s) of step "${l.step}" failed: ${failed}${rest}; completed steps ${list}`,
      'do not run the whole command again: the completed writes took effect; send only the failed and unattempted elements (listed in "ledger") again, after checking any whose outcome is unknown', payload);
  }
  if (l.spec.report === 'result') {
    const unknown = l.failed.some((f) => f.reason === 'outcome_unknown');
    return new DwsError(unknown ? 'outcome_unknown' : 'invalid_parameter', `${tool.canonical_path}: no element of step "${l.step}" was done: ${failed}${rest}`,
      unknown ? 'check whether the elements whose outcome is unknown took effect before sending them again (listed in "ledger")' : 'nothing was done; correct the values named above (listed in "ledger") and run the command again', payload);
  }
  const first = l.failed[0];
  return new DwsError(first.reason as Reason, `${tool.canonical_path}: ${l.failed.length} element(s) of step "${l.step}" failed and none was written: ${failed}${rest}`,
    'nothing was written; check the failed elements (listed in "ledger") and run the command again', payload);
}

/**
 * The loop of a for_each step over its elements, in order: `run` does one element's work (and sets `at.label` to
 * the call it makes). With a ledger, an element's own failure is recorded and the policy says whether the next runs;
 * without one it is the step's error.
 */
async function eachElement(sc: Scope, step: CallStep, list: unknown[], at: Cursor, run: (i: number, item: unknown) => Promise<unknown>): Promise<void> {
  const ledger = step.ledger && new Ledger(step.id, step.ledger, sc);
  for (const [i, item] of list.entries()) {
    try {
      const result = await run(i, item);
      ledger?.done.push({ index: i, item, ids: returnedIds(result) });
    } catch (err) {
      if (!ledger || !Ledger.owns(err)) throw err;
      if (!ledger.fail(i, item, at.label, err, list.slice(i + 1))) break;
    }
  }
  ledger?.settle(sc);
}

/** The calls of one MCP step: one, one per for_each element (each resolved on its own answer), pages or polls. */
async function runCalls(sc: Scope, step: CallStep, index: number, o: RunOptions, done: Completed[], at: Cursor): Promise<unknown> {
  const tool = sc.tool;
  if (step.for_each) {
    const list = asList(evalSource(sc, step.for_each));
    if (step.max_items! > 0 && list.length > step.max_items!) {
      throw new DwsError('invalid_parameter', `${tool.canonical_path}: step "${step.id}" would make ${list.length} calls, more than its bound of ${step.max_items}`, 'split the request into smaller runs');
    }
    const results: unknown[] = [];
    await eachElement(sc, step, list, at, async (i, item) => {
      at.label = `${at.prefix ?? step.id}[${i}]`;
      const r = await callFor(sc, step, index, o, item, done, at);
      results.push(r);
      return r;
    });
    return results;
  }
  if (step.resolve?.open_dingtalk_ids) return resolveOpenIds(sc, step, index, o);
  if (step.resolve?.user_target) return resolveUserTarget(sc, step, index, o);
  if (step.resolve?.user) return resolveUser(sc, step, index, o);
  if (step.resolve?.chat_target) return resolveChat(sc, step, index, o);
  const result = step.poll ? await runPolled(sc, step, index, o) : step.page && pagingApplies(sc, step) ? await runPaged(sc, step, index, o)
    : await o.effects.call({ server: step.server, rpc: rpcOf(sc, step), args: evalArgs(sc, step), replayable: step.effect === 'read', step: index, ...typedListsOf(sc, step) });
  return step.resolve ? resolveOne(sc, step, result) : result;
}

/** One call of a for_each step, for one element (resolved on its own answer); a write is recorded as completed. */
async function callFor(sc: Scope, step: CallStep, index: number, o: RunOptions, item: unknown, done: Completed[], at: Cursor): Promise<unknown> {
  sc.item = { value: item };
  try {
    if (step.resolve?.user_target) return await resolveUserTarget(sc, step, index, o);
    if (step.resolve?.user) return await resolveUser(sc, step, index, o);
    if (step.resolve?.chat_target) return await resolveChat(sc, step, index, o);
    const result = await callOnce(sc, step, index, o);
    if (step.effect === 'write') done.push({ id: at.label, effect: 'write', ids: returnedIds(result) });
    return step.resolve ? resolveOne(sc, step, result) : result;
  } finally {
    sc.item = undefined;
  }
}

/**
 * One element's call: one call, or with `page` (when it applies to this element) its pages, each element reading on
 * from its own first cursor (upstream loops that page one reader per id: minutes +detail's transcript).
 */
/**
 * The step's typed_lists and untyped_lists whose condition holds, for the call it sends (src/backend/transport.ts
 * refuseUnsafeArguments).
 */
function typedListsOf(sc: Scope, step: CallStep): { typedLists?: string[]; untypedLists?: string[] } {
  const holding = (entries: CallStep['typed_lists']) => entries!.flatMap((t) => (typeof t === 'string' ? [t] : evalCondition(sc, t.when) === true ? [t.path] : []));
  return {
    ...(step.typed_lists !== undefined ? { typedLists: holding(step.typed_lists) } : {}),
    ...(step.untyped_lists !== undefined ? { untypedLists: holding(step.untyped_lists) } : {}),
  };
}

function callOnce(sc: Scope, step: CallStep, index: number, o: RunOptions): Promise<unknown> {
  if (step.page && pagingApplies(sc, step)) return runPaged(sc, step, index, o);
  return o.effects.call({ server: step.server, rpc: rpcOf(sc, step), args: evalArgs(sc, step), replayable: step.effect === 'read', step: index, ...typedListsOf(sc, step) });
}

/**
 * A for_each step and the steps it interleaves: for each element its call, then each of those steps (`{item: true}`
 * the element, `{from: <a step of the group>}` this element's result), before the next element. Each step's result is
 * then the list of its results, one per element it ran for.
 */
async function runInterleaved(sc: Scope, lead: CallStep, index: number, o: RunOptions, done: Completed[], at: Cursor, steps: PlanStep[]): Promise<unknown[]> {
  const followers = lead.interleave!.map((id) => steps.findIndex((x) => x.id === id));
  const list = asList(evalSource(sc, lead.for_each!));
  if (lead.max_items! > 0 && list.length > lead.max_items!) {
    throw new DwsError('invalid_parameter', `${sc.tool.canonical_path}: step "${lead.id}" would make ${list.length} calls, more than its bound of ${lead.max_items}`, 'split the request into smaller runs');
  }
  const all = new Map<string, unknown[]>([lead.id, ...lead.interleave!].map((id) => [id, []]));
  // recover_into: the elements whose failed write the read-back proved, `{n, error}`
  const recovered: { n: number; error: string }[] = [];
  const settle = (id: string, value: unknown) => {
    sc.results.set(id, value);
    sc.ran.add(id);
  };
  // an element's results join the steps' lists once the element is done: a failed one (listed by a ledger) has none;
  // the group's steps read them as `{elements_done: <id>}` (upstream loops that carry a value from one rule to the next)
  sc.done = all;
  try {
    await eachElement(sc, lead, list, at, async (i, item) => {
      const got: [string, unknown][] = [];
      const result = await runElement(i, item, got);
      for (const [id, r] of got) all.get(id)!.push(r);
      return result;
    });
  } finally {
    sc.done = undefined;
  }
  at.prefix = undefined;
  if (lead.recover_into !== undefined) settle(lead.recover_into, recovered);
  for (const id of lead.interleave!) {
    if (all.get(id)!.length) settle(id, all.get(id));
    else {
      sc.results.delete(id);
      sc.ran.delete(id);
    }
  }
  return all.get(lead.id)!;

  /** One element: the lead's call, then each step of the group (their results in `got`); its result is the lead's. */
  async function runElement(i: number, item: unknown, got: [string, unknown][]): Promise<unknown> {
    for (const id of lead.interleave!) {
      sc.results.delete(id);
      sc.ran.delete(id);
    }
    at.label = `${lead.id}[${i}]`;
    at.prefix = undefined;
    let result: unknown = null;
    let failure: DwsError | undefined;
    try {
      result = await callFor(sc, lead, index, o, item, done, at);
      settle(lead.id, result);
    } catch (err) {
      // recover_into (upstream executeRecordBatches): a failed write is read back, never sent again
      if (lead.recover_into === undefined || !(err instanceof DwsError) || err.reason === 'request_cancelled') throw err;
      failure = err;
      sc.results.delete(lead.id);
      sc.ran.delete(lead.id);
    }
    got.push([lead.id, result]);
    try {
      await runFollowers(i, item, got);
    } catch (err) {
      if (failure === undefined) throw err;
      at.label = `${lead.id}[${i}]`;
      at.prefix = undefined;
      throw failure;
    }
    if (failure !== undefined) {
      done.push({ id: `${lead.id}[${i}]`, effect: 'write', ids: {} });
      recovered.push({ n: i + 1, error: `${failure.reason}: ${failure.message}` });
      sc.warn?.({ reason: 'write_recovered', message: `${sc.tool.canonical_path}: the write for element ${i + 1} failed (${failure.reason}: ${failure.message}), but its read-back proved it took effect` });
    }
    return result;
  }

  /** The steps of the group after the lead's call, for one element (their results in `got`). */
  async function runFollowers(i: number, item: unknown, got: [string, unknown][]): Promise<void> {
    for (const f of followers) {
      const step = steps[f];
      sc.item = { value: item };
      try {
        if (step.when !== undefined && evalCondition(sc, step.when) !== true) continue;
        at.label = `${step.id}[${i}]`;
        at.prefix = at.label;
        let r: unknown;
        try {
          r = await runStep(sc, step, f, o, done, at);
        } catch (err) {
          if (step.kind === 'call' && tolerated(sc, step, err)) continue;
          // a refusal of the lead's own answer (answer_of) says this element's call failed: it is no completed write
          if (step.kind === 'refuse' && step.answer_of === lead.id) withdrawWrite(done, `${lead.id}[${i}]`);
          throw err;
        }
        if (step.expect) checkExpect(sc, step, step.expect, r);
        if (r === undefined) continue;
        if (!(step.kind === 'call' && step.for_each && step.effect === 'write')) done.push({ id: at.prefix, effect: stagingUpload(step) ? 'read' : step.effect, ids: returnedIds(r) });
        got.push([step.id, r]);
        settle(step.id, r);
      } finally {
        sc.item = undefined;
      }
    }
  }
}

/**
 * A repeated round (docs/PLANS.md "repeat"): the lead read, then the steps its `repeat` names, in order; then `until`.
 * While it does not hold, fewer than max_rounds rounds ran and one more wait stays below timeout_seconds (the waits
 * counted, as upstream minutesPollDeadlineReached counts its clock), the run waits interval_seconds and reads the round
 * again. Each step keeps the last round's result (a step the round skipped has none); `rounds_as` reads the count.
 */
async function runRepeated(sc: Scope, lead: CallStep, index: number, o: RunOptions, done: Completed[], at: Cursor, steps: PlanStep[]): Promise<unknown> {
  const r = lead.repeat!;
  const round = r.steps.map((id) => steps.findIndex((x) => x.id === id));
  const intervalMs = positiveNumber(sc, r.interval_seconds, 'the wait between rounds', 1) * 1000;
  const budgetMs = positiveNumber(sc, r.timeout_seconds, 'the wait timeout', 1) * 1000;
  const pause = o.sleep;
  const settle = (id: string, value: unknown) => {
    if (value === undefined) return;
    sc.results.set(id, value);
    sc.ran.add(id);
  };
  let waited = 0;
  let rounds = 0;
  let result: unknown;
  for (;;) {
    rounds++;
    // each round starts afresh: a failure an earlier round tolerated (failure_as) is not this round's
    for (const id of [lead.id, ...r.steps, ...(r.rounds_as ? [r.rounds_as] : []), ...(lead.failure_as ? [lead.failure_as] : [])]) {
      sc.results.delete(id);
      sc.ran.delete(id);
    }
    // the round's number is readable from its start: a failure inside it names the reads made (upstream's attempts)
    if (r.rounds_as) settle(r.rounds_as, rounds);
    at.label = lead.id;
    try {
      result = await runStep(sc, lead, index, o, done, at);
    } catch (err) {
      // a tolerated failure (tolerate_failure/failure_as) leaves the lead not run in this round; the round goes on and
      // `until` decides whether it is read again (upstream speakerSummaryPending, minutes/workflows.go:436@c7521c1c)
      if (!tolerated(sc, lead, err)) throw err;
      result = undefined;
    }
    settle(lead.id, result);
    for (const f of round) {
      const step = steps[f];
      if (step.when !== undefined && evalCondition(sc, step.when) !== true) continue;
      at.label = step.id;
      const v = await runStep(sc, step, f, o, done, at);
      if (step.expect) checkExpect(sc, step, step.expect, v);
      settle(step.id, v);
    }
    at.label = lead.id;
    if (evalCondition(sc, r.until) === true || rounds >= r.max_rounds || waited + intervalMs >= budgetMs) break;
    await pause(intervalMs);
    waited += intervalMs;
  }
  return result;
}

/** Drops the completed write recorded under `id` (an element whose own answer was refused did not write). */
function withdrawWrite(done: Completed[], id: string): void {
  const at = done.findIndex((d) => d.id === id && d.effect === 'write');
  if (at >= 0) done.splice(at, 1);
}

/**
 * A sender target (docs/PLANS.md "resolve", src/plan/user-target.ts): an openDingTalkId of the current form without a
 * call; otherwise the directory search, whose failure keeps the value as an unverified userId (upstream never blocks
 * a valid id on the directory being unavailable).
 */
async function resolveUserTarget(sc: Scope, step: CallStep, index: number, o: RunOptions): Promise<UserTarget> {
  const raw = evalSource(sc, step.resolve!.user_target!);
  const value = typeof raw === 'string' ? trimSpace(raw) : '';
  const where = `${sc.tool.canonical_path} (step "${step.id}")`;
  if (value === '') throw new DwsError('invalid_parameter', `${where}: give a name, a userId or an openDingTalkId`, 'nothing was changed');
  const direct = userTargetWithoutSearch(value);
  if (direct) return direct;
  let answer: unknown;
  try {
    answer = await o.effects.call({ server: step.server, rpc: step.rpc, args: evalArgs(sc, step), replayable: true, step: index, ...typedListsOf(sc, step) });
  } catch (e) {
    if (e instanceof DwsError && e.category === 'backend') return unverifiedUser(value);
    throw e;
  }
  return chooseUserTarget(where, value, answer);
}

/** A name -> one person (docs/PLANS.md "resolve user", upstream ResolveUser): the search's failure is the step's. */
async function resolveUser(sc: Scope, step: CallStep, index: number, o: RunOptions): Promise<ResolvedUser> {
  const raw = evalSource(sc, step.resolve!.user!);
  const answer = await o.effects.call({ server: step.server, rpc: step.rpc, args: evalArgs(sc, step), replayable: true, step: index, ...typedListsOf(sc, step) });
  return chooseUser(`${sc.tool.canonical_path} (step "${step.id}")`, typeof raw === 'string' ? trimSpace(raw) : '', answer, step.resolve!.identity ?? 'user_id');
}

/** A group target (docs/PLANS.md "resolve", src/plan/chat-target.ts): each page one journaled call of the step's RPC. */
async function resolveChat(sc: Scope, step: CallStep, index: number, o: RunOptions): Promise<ChatTarget> {
  const raw = evalSource(sc, step.resolve!.chat_target!);
  const args = evalArgs(sc, step);
  return resolveChatTarget(`${sc.tool.canonical_path} (step "${step.id}")`, typeof raw === 'string' ? raw : '', (r) =>
    o.effects.call({ server: step.server, rpc: step.rpc, args: { ...args, limit: r.limit, cursor: r.cursor }, replayable: true, step: index, page: r.page, ...typedListsOf(sc, step) }),
  { blankSearches: step.resolve!.blank === 'search' });
}

/**
 * The userId -> openDingTalkId lookup (docs/PLANS.md "resolve", src/plan/open-dingtalk-ids.ts): each call of the chain
 * one journaled read, counted in `page`. With allow_none a userId left unknown, or a lookup that failed at the backend
 * (it stays in the journal), makes the step count as not run (upstream's callers that fall back or pass over it).
 */
async function resolveOpenIds(sc: Scope, step: CallStep, index: number, o: RunOptions): Promise<string[] | undefined> {
  const values = asList(evalSource(sc, step.resolve!.open_dingtalk_ids!));
  try {
    return await resolveOpenDingTalkIds(`${sc.tool.canonical_path} (step "${step.id}")`, values, (server, rpc, args, page) =>
      o.effects.call({ server, rpc, args, replayable: true, step: index, page }));
  } catch (e) {
    if (step.resolve!.allow_none && e instanceof DwsError && (e.reason === 'not_found' || e.category === 'backend')) return undefined;
    throw e;
  }
}

/**
 * A refuse step's error: invalid_parameter (the flags or what they name), or the reason it declares: backend_error
 * for an answer that fails upstream's check (an API error there), drive_inspect_partial for upstream's partial
 * aggregate read, with its `details` in the envelope, outcome_unknown for a task still running when the command stopped
 * waiting, minutes_detail_incomplete / minutes_download_incomplete for the minutes batch reads that list a failure
 * (their payload in `details`), partial_outcome for an answer upstream reads as partly done (exit 7 with no write of
 * the run's own; its channels in `details`). After a completed write the run wraps it as partial_outcome.
 */
const PARTIAL_READ_HINT = 'what was read is in "details"; run again for the parts that failed';
const REFUSAL_HINTS: Record<RefuseReason, string> = {
  backend_error: 'the backend\'s answer is not what the command can read: check the target in DingTalk, and report the answer if it persists',
  constraint_violation: 'what the backend holds exceeds what the command allows (see the message): narrow the selection or raise the bound, then run again; nothing further was sent',
  drive_inspect_partial: PARTIAL_READ_HINT,
  outcome_unknown: 'the task may still finish: read it later with the command the message names; do not start it again',
  minutes_detail_incomplete: PARTIAL_READ_HINT,
  minutes_download_incomplete: PARTIAL_READ_HINT,
  minutes_title_verification_failed: 'the title was sent but the read-back does not show it: read the minutes before writing again',
  minutes_summary_verification_failed: 'the summary was sent but the read-back does not show it: read the minutes before writing again',
  minutes_prepare_asr_verification_failed: 'the hot words read back differ from the ones asked for (see "details"): list them before writing again',
  minutes_prepare_asr_add_failed: 'the hot-word add was not acknowledged (see "details": the plan and recovery): list the hot words before adding again',
  minutes_prepare_asr_delete_failed: 'the hot-word delete was not acknowledged (see "details": the plan and recovery): list the hot words, additions may already stand',
  minutes_speaker_verification_failed: 'the speaker was sent but the transcript read back still shows it (see "details"): read the transcript before writing again',
  minutes_transcript_incomplete: PARTIAL_READ_HINT,
  minutes_permission_partial: 'some members were not changed (see "details": results, failures, unattempted): run again for those members only',
  doc_grant_permission_partial_failure: 'the new permissions were granted but the role upgrade failed and no message was sent (see "details": steps, data, compensation): check the document\'s permissions before running again',
  doc_write_commit_unknown: 'whether the document was written is unknown (see "details": stage, nodeId): look for it in DingTalk before running the command again',
  minutes_upload_completion_unknown: 'whether the upload was completed is unknown and the session was kept (see "details": sessionId, recovery): check the recent minutes or complete that session again; do not upload again or cancel it blindly',
  minutes_upload_failed: 'the upload was completed but not confirmed (see "details": stage, sessionId): check the minutes list before uploading again',
  minutes_mindmap_failed: 'the backend says the mind map failed (see "details"): look at the transcript before creating it again',
  minutes_mindmap_timeout: 'the mind map may still finish: read its status later (see "details": recovery); do not create it again',
  minutes_speaker_insights_timeout: 'the speaker summary may still finish: read it later (see "details": recovery), or run again with --resume; do not create it again',
  minutes_record_wrap_up_incomplete: 'the recording is stopped; some artifacts were not ready (see "details"): read them later with minutes +detail, do not stop again',
  minutes_upload_analysis_incomplete: 'the file is uploaded; some analysis was not ready (see "details": taskUuid, recovery): resume with that taskUuid, do not upload again',
  minutes_export_pack_incomplete: 'some artifacts could not be read (see "details"); nothing was written: run again when they are ready',
  minutes_replace_partial_failure: 'some rules were not applied (see "details": results per rule): read the transcript, then run again with the failed and unattempted rules only',
  not_found: 'nothing matches the name given (see "details": candidates lists what there is): check the name and try again; nothing was changed',
  ambiguous_match: 'several match the name given (see "details": candidates): run again with the id of the one meant; nothing was changed',
  missing_parameter: 'give the flag the message names (see --help); nothing was sent',
  internal_error: 'the answer says the operation is unfinished but gives nothing to follow it by: check its state in DingTalk before running the command again',
  partial_outcome: 'some parts succeeded and others did not (see "details": succeeded, failed, unknown): act on the succeeded ones, and check the failed and unknown ones before running again for them only',
};

function refusal(sc: Scope, message: string, step?: RefuseStep): DwsError {
  const text = `${sc.tool.canonical_path}: ${message}`;
  if (step?.reason === undefined) return new DwsError('invalid_parameter', text, 'nothing was changed');
  // a dry run shows no details; the check pass ahead of the gate gives them when the flags decide them
  const read = step.details === undefined || (sc.dry && !sc.ahead) ? undefined : evalSource(sc, step.details);
  const details = read !== undefined && sc.ahead && hasPlaceholder(read) ? undefined : read;
  const hint = REFUSAL_HINTS[step.reason];
  return new DwsError(step.reason, text, hint, details === undefined ? undefined : { details });
}

/**
 * The message a refuse step refuses with: its message, or its first case that holds (element by element with
 * for_each, `{n}` the 1-based position); undefined when no case holds, 'unknown' when a dry run cannot tell.
 */
function refusedBy(sc: Scope, step: RefuseStep): string | undefined | 'unknown' {
  if (typeof step.refuse === 'string') return step.refuse;
  const list = step.for_each ? evalSource(sc, step.for_each) : [undefined];
  if (hasPlaceholder(list)) return 'unknown';
  // without its own for_each a refuse step keeps the element it runs for (an interleaved step's batch)
  const outer = sc.item;
  for (const [i, item] of asList(list).entries()) {
    if (step.for_each) sc.item = { value: item };
    try {
      for (const c of step.refuse) {
        const t = evalCondition(sc, c.when);
        if (t === 'unknown') return t;
        if (t) return c.message.replaceAll('{n}', String(i + 1));
      }
    } finally {
      sc.item = outer;
    }
  }
  return undefined;
}

/** An upload (a file's bytes or a plan value's text) or a download (to a file, or as the result's text). */
async function runTransfer(sc: Scope, step: PlanStep & { kind: 'upload' | 'download' }, index: number, o: RunOptions): Promise<unknown> {
  const tool = sc.tool;
  const spec = step.kind === 'upload' ? step.upload : step.download;
  const url = evalSource(sc, spec.url);
  if (typeof url !== 'string') throw new DwsError('backend_error', `${tool.canonical_path}: step "${step.id}" has no ${step.kind} URL from the backend`);
  const headers = evalHeaders(sc, spec.headers);
  // the step's own bound (upstream's client Timeout for this transfer); the effects port lets a typed --timeout win
  const refused = { ...(spec.refused_statuses ? { refusedStatuses: spec.refused_statuses } : {}), ...(spec.timeout_seconds ? { boundMs: spec.timeout_seconds * 1000 } : {}) };
  if (step.kind === 'upload') {
    const u = step.upload;
    const file = u.file ? evalSource(sc, u.file) : undefined;
    const put = { ...(u.method ? { method: u.method } : {}), ...(u.ok_statuses ? { okStatuses: u.ok_statuses } : {}), ...(u.retry ? { retryDelaysMs: u.retry.delays_ms } : {}) };
    if (typeof file === 'string') return o.effects.transfer({ kind: 'upload', step: index, url, headers, maxBytes: u.max_bytes, file, ...put, ...refused });
    const text = u.content ? evalSource(sc, u.content) : undefined;
    if (typeof text !== 'string') throw new DwsError('missing_parameter', `${tool.canonical_path}: the upload of step "${step.id}" needs a local file path${u.content ? ' or a text' : ''}`);
    return o.effects.transfer({ kind: 'upload', step: index, url, headers, maxBytes: u.max_bytes, text, ...put, ...refused });
  }
  const d = step.download;
  // no file (not declared, or its flag not given): the downloaded text is the step's result
  const file = d.file ? evalSource(sc, d.file) : undefined;
  if (file !== undefined && typeof file !== 'string') throw new DwsError('invalid_parameter', `${tool.canonical_path}: the download target of step "${step.id}" is not a file path`);
  const overwrite = d.overwrite === undefined ? undefined : truthy(evalSource(sc, d.overwrite));
  const name = d.name === undefined ? undefined : evalSource(sc, d.name);
  return o.effects.transfer({
    kind: 'download', step: index, url, headers, maxBytes: d.max_bytes, ...(file === undefined ? {} : { file }), ...(overwrite === undefined ? {} : { overwrite }),
    ...(typeof name === 'string' && name !== '' ? { name } : {}), ...(d.temp_dir === undefined ? {} : { tempDir: d.temp_dir }), ...refused,
    ...(d.url_policy === undefined ? {} : { urlPolicy: d.url_policy }), ...(d.parent === 'existing' ? { parentExisting: true } : {}),
    ...(d.target_exists === undefined ? {} : { targetExists: d.target_exists }),
  });
}

/**
 * A save's publish form (docs/PLANS.md "Step kinds"): the directory `dir` (a new one inside the file root) with the
 * files of the list `files`, each `{name, text}` or `{name, file}`, written at once; anything else is refused before
 * anything is written.
 */
function publish(sc: Scope, step: PlanStep & { kind: 'save' }, index: number, o: RunOptions): Promise<unknown> {
  const where = `${sc.tool.canonical_path}: step "${step.id}"`;
  const dir = evalSource(sc, step.save.dir!);
  if (typeof dir !== 'string' || trimSpace(dir) === '') throw new DwsError('missing_parameter', `${where} needs a directory to publish`);
  const files = asList(evalSource(sc, step.save.files!)).map((f, i) => {
    const e = (f ?? {}) as Record<string, unknown>;
    const ok = typeof e.name === 'string' && e.name !== '' && (typeof e.text === 'string' || typeof e.file === 'string');
    if (!ok) throw new DwsError('backend_error', `${where}: file ${i + 1} is not {name, text} or {name, file}`);
    return typeof e.text === 'string' ? { name: e.name as string, text: e.text } : { name: e.name as string, file: e.file as string };
  });
  return o.effects.transfer({ kind: 'publish', step: index, dir, files });
}

/** A pick: resolve over values already at hand (one per for_each element), no call. */
function runPick(sc: Scope, step: PlanStep & { kind: 'pick' }): unknown {
  const list = step.for_each ? asList(evalSource(sc, step.for_each)) : [undefined];
  const picked = list.map((item) => {
    sc.item = step.for_each ? { value: item } : undefined;
    try {
      const rows = asList(evalSource(sc, step.pick.items));
      return chooseOne(sc, step, step.pick.fields ? rows.map((row) => readFields(row, step.pick.fields!)) : rows, step.pick);
    } finally {
      sc.item = undefined;
    }
  });
  return step.for_each ? picked : picked[0];
}

/** Runs one step; undefined means it counts as not run (a resolve or pick that allows none found nothing). */
async function runStep(sc: Scope, step: PlanStep, index: number, o: RunOptions, done: Completed[], at: Cursor): Promise<unknown> {
  switch (step.kind) {
    case 'refuse': {
      const message = refusedBy(sc, step);
      if (typeof message === 'string') throw refusal(sc, message, step);
      return undefined;
    }
    case 'pick':
      return runPick(sc, step);
    case 'warn': {
      // with for_each one notice per element (a list a dry run cannot know yet gives none)
      const list = step.for_each ? evalSource(sc, step.for_each) : [undefined];
      if (hasPlaceholder(list)) return undefined;
      const outer = sc.item;
      try {
        for (const item of asList(list)) {
          if (step.for_each) sc.item = { value: item };
          const details = step.warn.details === undefined ? undefined : evalSource(sc, step.warn.details);
          sc.warn?.({ reason: step.warn.reason, message: step.warn.message, ...(details === undefined ? {} : { details }) });
        }
      } finally {
        sc.item = outer;
      }
      return undefined;
    }
    case 'value':
      return evalSource(sc, step.value);
    case 'upload':
    case 'download':
      return runTransfer(sc, step, index, o);
    case 'save': {
      if (step.save.dir) return publish(sc, step, index, o);
      const file = evalSource(sc, step.save.file!);
      if (typeof file !== 'string') throw new DwsError('missing_parameter', `${sc.tool.canonical_path}: step "${step.id}" needs a file to save to`);
      const content = evalSource(sc, step.save.content!);
      if (content === undefined) throw new DwsError('backend_error', `${sc.tool.canonical_path}: step "${step.id}" has nothing to save`);
      const overwrite = step.save.overwrite ? truthy(evalSource(sc, step.save.overwrite)) : false;
      const name = step.save.name ? evalSource(sc, step.save.name) : undefined;
      return o.effects.transfer({ kind: 'save', step: index, file, content, overwrite, ...(typeof name === 'string' && name !== '' ? { name } : {}),
        ...(step.save.parent === 'existing' ? { parentExisting: true } : {}), ...(step.save.target_exists === undefined ? {} : { targetExists: step.save.target_exists }) });
    }
    case 'handoff':
      return o.effects.handoff({ local: step.handoff.local, values: evalObject(sc, step.handoff.args) ?? {}, positionals: evalObject(sc, step.handoff.positionals ?? {}) ?? {} });
    case 'call':
      if (step.on_failure === undefined) return runCalls(sc, step, index, o, done, at);
      try {
        return await runCalls(sc, step, index, o, done, at);
      } catch (err) {
        throw failedAs(sc, step, step.on_failure, err);
      }
  }
}

/**
 * A call's failure as its `on_failure` declares it (upstream's body wrapping the call's error in its own reason, with
 * the payload it prints): a failure at the backend (category backend) becomes `reason` (absent: its own), naming the
 * cause, with `details` in the envelope; an unknown outcome keeps its reason (SPEC 6) and gets the details. Any other
 * error (a refusal of dws, an auth failure, a cancellation) is the run's as it is.
 */
function failedAs(sc: Scope, step: CallStep, spec: OnFailureSpec, err: unknown): unknown {
  if (!(err instanceof DwsError) || err.category !== 'backend') return err;
  // the failure is readable (failure_as) by `when` and the details alike
  if (step.failure_as !== undefined) {
    sc.results.set(step.failure_as, { reason: err.reason, message: err.message, ...pageFailures.get(err) });
    sc.ran.add(step.failure_as);
  }
  if (spec.when !== undefined && evalCondition(sc, spec.when) !== true) return err;
  const details = spec.details === undefined ? undefined : evalSource(sc, spec.details);
  const payload = details === undefined ? err.payload : { ...err.payload, details };
  if (spec.reason === undefined || err.reason === 'outcome_unknown') return new DwsError(err.reason, err.message, err.hint, payload);
  return new DwsError(spec.reason, `${sc.tool.canonical_path}: step "${step.id}" failed (${err.reason}: ${err.message})`, REFUSAL_HINTS[spec.reason], payload);
}

function scopeOf(tool: ToolSpec, data: Record<string, unknown>, o: Pick<ExecuteOptions, 'env' | 'dryRun' | 'now' | 'uuid' | 'stdin' | 'warn'>): Scope {
  const sc: Scope = { tool, env: o.env, data, dry: o.dryRun, results: new Map(), ran: new Set(), at: (o.now ?? (() => new Date()))(), uuid: o.uuid ?? (() => randomUUID()), uuids: new Map(), stdin: o.stdin };
  if (o.warn !== undefined) sc.warn = onceEach(o.warn);
  return sc;
}

/** A notice sink that passes each distinct notice on once (a source evaluated twice, for a check and a call, warns once). */
function onceEach(sink: (w: Warning) => void): (w: Warning) => void {
  const seen = new Set<string>();
  return (w) => {
    const key = stringifyJson(w);
    if (seen.has(key)) return;
    seen.add(key);
    sink(w);
  };
}

/** A notice about the command itself (a deprecated command naming its replacement), not about its input. */
const aboutCommand = (w: { reason: string }) => w.reason === 'deprecated_command';

/**
 * The plan's declared notices (`warnings:`) about its input, emitted before any step; a notice whose `when` does not
 * hold is not emitted. The notices about the command itself were given by dispatch before its checks (commandNotices).
 */
function declaredWarnings(sc: Scope, plan: PlanSpec, invokedAs: string | undefined): void {
  emitDeclared(sc, (plan.warnings ?? []).filter((w) => !aboutCommand(w)), invokedAs);
}

function emitDeclared(sc: Scope, warnings: NonNullable<PlanSpec['warnings']>, invokedAs: string | undefined): void {
  if (sc.warn === undefined) return;
  for (const w of warnings) {
    if (w.alias !== undefined && (invokedAs === undefined || identityKey(invokedAs) !== identityKey(w.alias))) continue;
    if (w.when !== undefined && evalCondition(sc, w.when) !== true) continue;
    sc.warn({ reason: w.reason, message: w.message });
  }
}

/**
 * The plan's notices about the command itself (reason deprecated_command), which dispatch gives before it checks the
 * flags or asks for confirmation: upstream prints them from a wrapper around the command's whole body
 * (helpers/doc.go:4696-4707 wrapDocDeprecated@c7521c1c), before the body's checks. Their `when` reads flags only
 * (checked at build).
 */
export function commandNotices(tool: ToolSpec, plan: PlanSpec, data: Record<string, unknown>, o: Pick<ExecuteOptions, 'env' | 'now' | 'warn' | 'invokedAs'>): void {
  if (o.warn === undefined || !plan.warnings?.some(aboutCommand)) return;
  emitDeclared(scopeOf(tool, data, { ...o, dryRun: true }), plan.warnings.filter(aboutCommand), o.invokedAs);
}

/**
 * Whether a user_required command's confirmation gate stands for these flags: always, unless the plan's `confirm:`
 * declares `when`, a condition on the flags alone (checked at build), and it does not hold (docs/PLANS.md
 * "Confirmation"; upstream's `drive upload` asks only when --node overwrites, helpers/drive.go:138, :194@c7521c1c).
 */
export function confirmationStands(tool: ToolSpec, plan: PlanSpec, data: Record<string, unknown>, o: Pick<ExecuteOptions, 'env' | 'now'>): boolean {
  const when = typeof plan.confirm === 'object' ? plan.confirm.when : undefined;
  if (when === undefined) return true;
  // a condition that cannot be decided is no reason to skip the gate: only a condition that holds false lifts it
  return evalCondition(scopeOf(tool, data, { ...o, dryRun: true }), when) !== false;
}

/**
 * The checks a user_required command makes before its confirmation gate, calling nothing (docs/PLANS.md
 * "Confirmation"): the plan's steps are evaluated as a dry run evaluates them (no answer known; the standard input is
 * read) up to the first step that reaches the backend, that step's arguments included, or up to the step its `confirm:
 * {before}` names; a refusal the flags alone decide, or an argument they cannot build, is thrown as the real run
 * would throw it. Upstream's corecmd runs required, constraints, Validate and BuildArgs before ConfirmSafety
 * (corecmd.go:426-446, :483-506@c7521c1c).
 */
export function checkBeforeConfirmation(tool: ToolSpec, plan: PlanSpec, data: Record<string, unknown>, o: Pick<ExecuteOptions, 'env' | 'now' | 'uuid' | 'stdin'>): void {
  if (plan.confirm === 'first' || plan.local !== undefined) return;
  const sc = scopeOf(tool, data, { ...o, dryRun: true });
  sc.ahead = true;
  preview(sc, plan, { before: plan.confirm?.before });
}

/** A dry run's steps; `ahead` (checkBeforeConfirmation): only up to the first step reaching the backend or `before`. */
function preview(sc: Scope, plan: PlanSpec, ahead?: { before?: string }): PlanDryRun {
  const steps: StepPreview[] = [];
  const interleaved = new Set(plan.steps.flatMap((x) => (x.kind === 'call' && x.interleave ? x.interleave : [])));
  for (const step of plan.steps) {
    if (ahead && step.id === ahead.before) break;
    // a step an interleave names runs per element of its lead's list: its element is not known yet
    sc.item = interleaved.has(step.id) ? { value: new Placeholder('<item>') } : undefined;
    const when = step.when === undefined ? true : evalCondition(sc, step.when);
    if (when === false) continue;
    // A refusal the flags alone decide is the dry run's answer too: the real run would stop there.
    if (step.kind === 'refuse') {
      const message = refusedBy(sc, step);
      if (when === true && message !== 'unknown' && message !== undefined) throw refusal(sc, message, step);
      if (message === undefined) continue;
    }
    steps.push(previewStep(sc, step, when));
    if (ahead && reachesBackend(step)) break;
    sc.ran.add(step.id);
    // a tolerated failure may be read (failure_as): in a dry run whether the call fails is not known yet
    if ('failure_as' in step && step.failure_as !== undefined) sc.ran.add(step.failure_as);
    if (step.kind === 'value' && when === true && !readsSteps(step.value)) {
      const v = evalSource(sc, step.value);
      if (v !== undefined && !hasPlaceholder(v)) {
        sc.results.set(step.id, v);
        (sc.known ??= new Set()).add(step.id);
      }
    }
  }
  return dryRun(sc.tool, steps);
}

/** Whether a source reads an earlier step's result anywhere inside it (a `from`), so a dry run cannot know its value. */
function readsSteps(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(readsSteps);
  if (typeof v !== 'object' || v === null) return false;
  return 'from' in v || Object.values(v).some(readsSteps);
}

/** A staging upload (`upload.staging`) changes no document until a later call places its bytes: it is no completed write. */
const stagingUpload = (step: PlanStep): boolean => step.kind === 'upload' && step.upload.staging === true;

/** An answer with no text that is not blank (Go's TrimSpace), as upstream's write runner reads it. */
const blankAnswer = (answer: unknown): boolean =>
  answer === undefined || (typeof answer === 'string' && trimSpace(answer) === '') || (Array.isArray(answer) && answer.length === 0);

/**
 * Whether an answer decodes into a JSON object as upstream's CallMCPData reads it (runner.go:255-271@c7521c1c): an
 * object, JSON null (Go's nil map) or a blank text (the empty map); not a list, a number, a boolean or other text.
 */
export function decodesToObject(answer: unknown): boolean {
  if (answer === null || answer === undefined) return true;
  if (typeof answer === 'string') return trimSpace(answer) === '';
  return isObject(answer) && !(answer instanceof JsonNumber);
}

/** Whether a call step's answers are decoded with their number literals kept (`answer_numbers`, upstream's UseNumber). */
function exactAnswer(sc: Scope, step: PlanStep | undefined): boolean {
  if (step?.kind !== 'call' || step.answer_numbers === undefined) return false;
  return step.answer_numbers === 'exact' || evalCondition(sc, step.answer_numbers.exact_when) === true;
}

export async function executePlan(tool: ToolSpec, plan: PlanSpec, data: Record<string, unknown>, o: ExecuteOptions): Promise<ExecuteOutcome> {
  const sc = scopeOf(tool, data, o);
  declaredWarnings(sc, plan, o.invokedAs);
  if (o.dryRun) return { plan: preview(sc, plan) };
  const done: Completed[] = [];
  let last: unknown = null;
  let streamed = false;
  // No silent no-op: a run that reaches no backend (every call, upload and download skipped, no hand-over to a local
  // command) is refused, naming why each step did nothing. The port is wrapped to count what reaches the backend.
  let backend = 0;
  let handedOver = false;
  const idle: string[] = [];
  const effects: Effects = {
    // a step declaring `answer_numbers: exact` gets its answers decoded with their number literals kept (UseNumber)
    call: async (c) => {
      backend++;
      const step = plan.steps[c.step];
      const reading: AnswerReading = {
        ...(exactAnswer(sc, step) ? { exactNumbers: true } : {}),
        ...(step?.kind === 'call' && step.answer_json ? { jsonText: step.answer_json } : {}),
        ...(step?.kind === 'call' && step.answer_object ? { objectText: true } : {}),
        ...(step?.kind === 'call' && step.answer_raw === 'unless_object' ? { rawUnlessObject: true } : {}),
      };
      const answer = await o.effects.call(Object.keys(reading).length === 0 ? c : { ...c, reading });
      // `answer_object`: an answer that is no JSON object fails the call itself (upstream reads it as null, an empty map: a declared deviation, docs/PLANS.md)
      // `answer_object: write` (upstream CallMCPWriteDataStrict): a blank answer proves nothing about the write
      if (step?.kind === 'call' && step.answer_object === 'write' && blankAnswer(answer)) {
        throw new DwsError('outcome_unknown', `${tool.canonical_path}: ${c.server}/${c.rpc} answered nothing, so whether the write took effect is unknown`,
          'check the result in DingTalk before sending it again');
      }
      if (step?.kind === 'call' && step.answer_object && !decodesToObject(answer)) {
        throw new DwsError('backend_error', `${tool.canonical_path}: the answer of ${c.server}/${c.rpc} is not a JSON object, so it cannot be read (the upstream runner reads it as null)`,
          'the backend answered in a shape this command cannot read; try again later, or read the raw answer with the atomic command');
      }
      return answer;
    },
    transfer: (t) => (t.kind !== 'save' && t.kind !== 'publish' && backend++, o.effects.transfer(t)),
    handoff: (h) => ((handedOver = true), o.effects.handoff(h)),
  };
  const run: RunOptions = { ...o, effects, sleep: o.sleep ?? sleep };
  // a step an interleave or a repeat names runs with its lead (per element, per round)
  const grouped = new Set(plan.steps.flatMap((x) => (x.kind === 'call' ? [...(x.interleave ?? []), ...(x.repeat?.steps ?? [])] : [])));
  for (const [index, step] of plan.steps.entries()) {
    if (grouped.has(step.id)) continue;
    const at: Cursor = { label: step.id };
    try {
      if (o.signal?.aborted) {
        throw new DwsError('request_cancelled', `${tool.canonical_path}: cancelled before step "${step.id}"; it and the steps after it were not sent`);
      }
      if (step.when !== undefined && evalCondition(sc, step.when) !== true) {
        if (reachesBackend(step)) idle.push(`step "${step.id}" (${stepWhat(step)}) runs only when ${describeCondition(step.when)}`);
        continue;
      }
      let result: unknown;
      try {
        result = step.kind === 'call' && step.interleave ? await runInterleaved(sc, step, index, run, done, at, plan.steps)
          : step.kind === 'call' && step.repeat ? await runRepeated(sc, step, index, run, done, at, plan.steps) : await runStep(sc, step, index, run, done, at);
        if (step.kind === 'call' && step.for_each && Array.isArray(result) && result.length === 0) {
          idle.push(`step "${step.id}" (${stepWhat(step)}) has no element to call it for (${sourceText(step.for_each)} is empty)`);
        }
      } catch (err) {
        // a tolerated probe whose call failed counts as not run (its failure is in the journal); a refusal of dws
        // itself (ambiguous_match, not_found, journal_unwritable, ...) is never swallowed
        if (step.kind === 'call' && tolerated(sc, step, err)) continue;
        if (step.compensate) throw await rollBack(sc, step, index, run, done, err);
        throw err;
      }
      if (step.expect) checkExpect(sc, step, step.expect, result);
      if (result === undefined) {
        // a streaming hand-over wrote its own lines; otherwise the step found nothing and counts as not run
        if (step.kind === 'handoff' && o.streaming) streamed = true;
        continue;
      }
      sc.results.set(step.id, result);
      sc.ran.add(step.id);
      // an upload refused with one of its refused_statuses kept no bytes, and a staging upload changed no document:
      // neither is a completed write
      const kept = !(stagingUpload(step) || (step.kind === 'upload' && typeof result === 'object' && result !== null && (result as { refused?: unknown }).refused === true));
      if (!(step.kind === 'call' && step.for_each && step.effect === 'write')) done.push({ id: step.id, effect: kept ? step.effect : 'read', ids: returnedIds(result) });
      last = result;
      // after an interleave or a repeated round, the last of its steps that ran is the last result
      const tail = step.kind === 'call' ? [...(step.interleave ?? step.repeat?.steps ?? [])].reverse().find((id) => sc.ran.has(id)) : undefined;
      if (tail !== undefined) last = sc.results.get(tail);
    } catch (err) {
      if (err instanceof LedgerStop) throw ledgerReport(tool, done, err.ledger);
      // a rollback that took effect leaves nothing behind: its own answer, not a partial outcome
      // a refusal of a step's own answer says that step failed: it is no completed write of the run
      const failedByAnswer = step.kind === 'refuse' ? step.answer_of : undefined;
      const completed = failedByAnswer === undefined ? done : done.filter((d) => d.id !== failedByAnswer);
      if (completed.some((d) => d.effect === 'write') && !(err instanceof DwsError && err.reason === 'rolled_back')) throw partial(tool, completed, at.label, err);
      throw err;
    }
  }
  if (streamed) return { streamed: true };
  if (backend === 0 && !handedOver && !plan.local_answer) {
    throw new DwsError('plan_skipped', `${tool.canonical_path}: nothing was sent: ${idle.length ? idle.join('; ') : 'no step reaches the backend'}`,
      'nothing was changed; give the flags the step you want needs (see the command\'s --help) and run it again');
  }
  // `outputs`: several documents (the first is `result`, the rest `more`), each evaluated as `output` is; one that
  // yields nothing (its `when` does not hold) is not printed, as upstream's rt.Output behind an `if`
  const documents = plan.outputs?.map((o) => evalSource(sc, o)).filter((d) => d !== undefined);
  const result = documents ? documents[0] ?? null : plan.output === undefined ? last : evalSource(sc, plan.output) ?? null;
  // a page record with `failures: end` (upstream +chat-list prints its ledger, then exits 1): the answer is the ledger
  if (sc.unfinished !== undefined) {
    throw new DwsError('pages_incomplete', `${sc.unfinished}; what was read and the failure are in "ledger"`,
      'the list is not complete: retry, or read on from the cursor in "ledger" with the command\'s own cursor flag', { ledger: result });
  }
  return documents ? { result, more: documents.slice(1) } : { result };
}

/**
 * Whether a failed step's error is tolerated (its `tolerate_failure` holds and the backend answered with an error):
 * the step counts as not run, and its failure is the result of `failure_as` when declared. The condition may read that
 * failure (h54-left: pat chmod passes over a refusal that names the identity fields, to send the call again without
 * them); a write's unknown outcome is never tolerated (SPEC 6: it may have acted).
 */
function tolerated(sc: Scope, step: CallStep, err: unknown): boolean {
  if (!step.tolerate_failure || !(err instanceof DwsError) || err.category !== 'backend') return false;
  if (step.effect !== 'read' && err.reason === 'outcome_unknown') return false;
  if (step.failure_as !== undefined) {
    sc.results.set(step.failure_as, { reason: err.reason, message: err.message });
    sc.ran.add(step.failure_as);
  }
  if (step.tolerate_failure === true || evalCondition(sc, step.tolerate_failure) === true) return true;
  if (step.failure_as !== undefined) {
    sc.results.delete(step.failure_as);
    sc.ran.delete(step.failure_as);
  }
  return false;
}

/** A step that makes backend operations or hands over to a local command (not a pick, refusal or save). */
function reachesBackend(step: PlanStep): boolean {
  return step.kind === 'call' || step.kind === 'upload' || step.kind === 'download' || step.kind === 'handoff';
}

function stepWhat(step: PlanStep): string {
  if (step.kind === 'call') return `${step.server}.${step.rpc}${step.rpc_if ? ` (or ${rpcCases(step).map((c) => c.rpc).join(', ')})` : ''}`;
  if (step.kind === 'handoff') return `hand-over to ${step.handoff.local}`;
  return step.kind;
}
