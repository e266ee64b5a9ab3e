// Build-time validation of plan files (catalog/plans/**/*.yaml) against the normalized catalog, and their
// normalization into ToolSpec.plan. Every problem names the file, the plan, the step and the key
// (docs/PLANS.md "Build validation"); the build collects them all and fails once.
import type { ToolSpec } from '../catalog/types.js';
import { flagKey } from '../contract/aliases.js';
import { WARNINGS, carriesNoticeLead, type WarningReason } from '../errors.js';
import { USER_IDENTITIES, type UserIdentity } from './user-target.js';
import { expandFragments } from './fragments.js';
import { URL_POLICIES, type UrlPolicy } from '../backend/download-policy.js';
import { TARGET_EXISTS_REASONS, type TargetExistsReason } from '../backend/transfer.js';
import { groupRunsOf } from '../catalog/group-runs.js';
import {
  DEFAULT_DOWNLOAD_BYTES, DEFAULT_MAX_ITEMS, MAX_DOWNLOAD_BYTES, DEFAULT_UPLOAD_BYTES, MAX_ITEMS_LIMIT, MAX_PAGES_LIMIT, MAX_POLL_ATTEMPTS, MAX_POLL_DELAYS, MAX_POLL_DELAY_MS,
  MAX_UPLOAD_BYTES, REFUSE_REASONS, ANSWER_OF_REASONS,
  type DownloadSpec, type ExpectSpec, type HandoffSpec, type MatchSpec, type PageSpec, type PickSpec, type PlanSpec, type PlanStep, type PlanWarning,
  type PollCheck, type PollSpec, type RepeatSpec, type ResolveSpec, type SaveSpec, type UploadSpec, type CallStep, type UploadStep, type DownloadStep,
  type PickStep, type LedgerSpec, type RefuseCase, type RpcCase, type ValueStep, type RefuseReason, type OnFailureSpec, type RefuseStep, type SaveStep, type HandoffStep, type WarnStep, type CompensateSpec, type ConfirmAt, type Condition, type Source,
} from './spec.js';
import {
  ID, checkPath, isObj, normalizeArgs, normalizeCondition, normalizeSource, only, positiveInt, requiredString, transforms, type Scope,
} from './validate-values.js';

export interface PlanFile {
  /** Path relative to catalog/plans, e.g. `chat.yaml` or `multi-step/chat.yaml`. */
  file: string;
  doc: unknown;
}

/** A typed_lists entry as written: a dotted argument path, or {path, when} (when checked by normalizeCondition). */
function isTypedList(p: unknown): boolean {
  const path = typeof p === 'string' ? p : typeof p === 'object' && p !== null && Object.keys(p).sort().join() === 'path,when' ? (p as { path: unknown }).path : undefined;
  return typeof path === 'string' && /^[^.]+(?:\.[^.]+)*$/u.test(path);
}

/** The path of a typed_lists / untyped_lists entry that isTypedList accepted. */
function pathOf(p: unknown): string {
  return typeof p === 'string' ? p : (p as { path: string }).path;
}

function normalizePage(s: Scope, at: string, raw: unknown): PageSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be an object`);
    return { cursor_arg: '', next: [], items: '', max_pages: 1 };
  }
  // the two spellings the page record had before it was one key
  for (const old of ['report', 'record_at']) if (raw[old] !== undefined) s.problems.push(`${at}.${old}: the page record is written record: {at: <path>, failures: list | end}`);
  only(s, at, raw, ['cursor_arg', 'next', 'items', 'more', 'marks_in', 'marks_with', 'next_text_only', 'tuple_at', 'more_from_cursor', 'pages', 'max_pages', 'number_arg', 'number_start', 'number_text', 'page_size', 'counts', 'follow_repeats', 'max_items', 'delay_ms', 'size_arg', 'when', 'keep', 'stop', 'next_transform', 'unique', 'strict', 'empty_more_fails', 'stop_when', 'fail_when', 'items_from', 'cut_ends', 'cap_first', 'size_when', 'missing_cursors', 'widen', 'record', 'report', 'record_at', 'offset_arg', 'end_arg', 'view', 'exhaustive', 'total', 'page_key', 'paged_command', 'fetch_all', 'every_page', 'more_when', 'keep_overflow', 'next_from', 'reject', 'seen_ends', 'stall_only', 'own_errors']);
  if (raw.max_pages === undefined) s.problems.push(`${at}: needs max_pages (a hard bound on calls)`);
  const ranged = raw.offset_arg !== undefined;
  const numbered = raw.number_arg !== undefined || ranged;
  if (numbered && (raw.cursor_arg !== undefined || raw.next !== undefined)) s.problems.push(`${at}: page-number and range paging (number_arg, offset_arg) have no cursor_arg or next`);
  if (ranged && raw.number_arg !== undefined) s.problems.push(`${at}: offset_arg and number_arg do not combine`);
  if (ranged && raw.page_size === undefined) s.problems.push(`${at}.offset_arg: needs page_size (the offsets count in pages of that size)`);
  if (raw.end_arg !== undefined && !ranged) s.problems.push(`${at}.end_arg: only with offset_arg`);
  const out: PageSpec = {
    cursor_arg: numbered ? '' : requiredString(s, at, raw, 'cursor_arg'),
    next: numbered ? [] : pathList(s, `${at}.next`, raw.next) ?? [],
    items: pageItems(s, `${at}.items`, raw),
    max_pages: raw.max_pages === undefined ? 1 : positiveInt(s, `${at}.max_pages`, raw.max_pages, MAX_PAGES_LIMIT),
  };
  if (ranged) {
    out.offset_arg = requiredString(s, at, raw, 'offset_arg');
    if (raw.end_arg !== undefined) out.end_arg = requiredString(s, at, raw, 'end_arg');
  } else if (numbered) {
    out.number_arg = requiredString(s, at, raw, 'number_arg');
    if (isObj(raw.number_start)) out.number_start = normalizeSource(s, `${at}.number_start`, raw.number_start);
    else {
      out.number_start = raw.number_start === undefined ? 1 : (raw.number_start as number);
      if (!Number.isInteger(out.number_start)) s.problems.push(`${at}.number_start: must be an integer or a source`);
    }
    if (raw.number_text !== undefined) out.number_text = raw.number_text === true;
  }
  if (raw.when !== undefined) out.when = normalizeCondition(s, `${at}.when`, raw.when);
  if (raw.view !== undefined) out.view = normalizeSource({ ...s, inForEach: true }, `${at}.view`, raw.view);
  if (raw.exhaustive !== undefined) {
    if (raw.exhaustive !== true) s.problems.push(`${at}.exhaustive: true or absent`);
    else if (raw.strict !== undefined || raw.record !== undefined) s.problems.push(`${at}.exhaustive: does not combine with strict or record (the read ends complete or fails)`);
    else if (!numbered) s.problems.push(`${at}.exhaustive: only with page-number or range paging (number_arg, offset_arg)`);
    else out.exhaustive = true;
  }
  for (const key of ['total', 'page_key'] as const) {
    if (raw[key] === undefined) continue;
    if (raw.exhaustive === undefined) s.problems.push(`${at}.${key}: only with exhaustive`);
    if (typeof raw[key] !== 'string') s.problems.push(`${at}.${key}: must be a path`);
    else out[key] = checkPath(s, `${at}.${key}`, raw[key]);
  }
  if (raw.paged_command !== undefined) {
    const c = raw.paged_command;
    if (!isObj(c)) s.problems.push(`${at}.paged_command: must be an object`);
    else {
      only(s, `${at}.paged_command`, c, ['when', 'group', 'int_cursor']);
      if (numbered) s.problems.push(`${at}.paged_command: cursor paging only (no number_arg or offset_arg)`);
      out.paged_command = {};
      if (c.when !== undefined) out.paged_command.when = normalizeCondition(s, `${at}.paged_command.when`, c.when);
      if (c.int_cursor !== undefined) {
        if (c.int_cursor !== true) s.problems.push(`${at}.paged_command.int_cursor: only true`);
        else out.paged_command.int_cursor = true;
      }
      if (c.group !== undefined) {
        if (!isObj(c.group) || typeof c.group.key !== 'string' || typeof c.group.list !== 'string') s.problems.push(`${at}.paged_command.group: {key: <field>, list: <field>}`);
        else out.paged_command.group = { key: c.group.key, list: c.group.list };
      }
    }
  }
  if (raw.fetch_all !== undefined) {
    const c = raw.fetch_all;
    const key = (v: unknown) => typeof v === 'string' && /^[A-Za-z_][A-Za-z0-9_-]*$/u.test(v);
    if (!isObj(c)) s.problems.push(`${at}.fetch_all: must be an object`);
    else {
      only(s, `${at}.fetch_all`, c, ['when', 'payload', 'items', 'next', 'more', 'total']);
      if (numbered) s.problems.push(`${at}.fetch_all: cursor paging only (no number_arg or offset_arg)`);
      if (raw.paged_command !== undefined) s.problems.push(`${at}.fetch_all: does not combine with paged_command`);
      const next = typeof c.next === 'string' ? [c.next] : c.next;
      if (!key(c.payload) || !key(c.items)) s.problems.push(`${at}.fetch_all: payload and items must be key names`);
      else if (!Array.isArray(next) || next.length === 0 || !next.every(key)) s.problems.push(`${at}.fetch_all.next: a key name or a list of them`);
      else if ((c.more !== undefined && !key(c.more)) || (c.total !== undefined && !key(c.total))) s.problems.push(`${at}.fetch_all: more and total must be key names`);
      else {
        out.fetch_all = { payload: c.payload as string, items: c.items as string, next: next as string[] };
        if (c.more !== undefined) out.fetch_all.more = c.more as string;
        if (c.total !== undefined) out.fetch_all.total = c.total as string;
        if (c.when !== undefined) out.fetch_all.when = normalizeCondition(s, `${at}.fetch_all.when`, c.when);
      }
    }
  }
  if (raw.every_page !== undefined) {
    const c = raw.every_page;
    if (!isObj(c) || c.holds === undefined || typeof c.message !== 'string' || c.message.trim() === '') s.problems.push(`${at}.every_page: needs holds (a condition on each page's answer, {item: true}) and message (a non-empty text)`);
    else {
      only(s, `${at}.every_page`, c, ['holds', 'reason', 'message']);
      if (raw.paged_command !== undefined || raw.fetch_all !== undefined) s.problems.push(`${at}.every_page: does not combine with paged_command or fetch_all (they check their pages themselves)`);
      const reason = c.reason ?? 'backend_error';
      if (!(REFUSE_REASONS as readonly unknown[]).includes(reason)) s.problems.push(`${at}.every_page.reason: one of ${REFUSE_REASONS.join(', ')}`);
      out.every_page = { holds: normalizeCondition({ ...s, inForEach: true }, `${at}.every_page.holds`, c.holds), reason: reason as RefuseReason, message: c.message };
    }
  }
  if (raw.more_when !== undefined) {
    if (raw.more !== undefined || raw.tuple_at !== undefined || raw.more_from_cursor !== undefined) s.problems.push(`${at}.more_when: replaces more, tuple_at and more_from_cursor (give one reading of "more follow")`);
    out.more_when = normalizeCondition({ ...s, inForEach: true }, `${at}.more_when`, raw.more_when);
  }
  if (raw.next_from !== undefined) {
    if (numbered) s.problems.push(`${at}.next_from: cursor paging only (no number_arg or offset_arg)`);
    out.next_from = normalizeSource({ ...s, inForEach: true }, `${at}.next_from`, raw.next_from);
  }
  if (raw.keep_overflow !== undefined) {
    if (raw.keep_overflow !== true || raw.max_items === undefined || raw.cut_ends !== undefined) s.problems.push(`${at}.keep_overflow: true, only with max_items and without cut_ends`);
    else out.keep_overflow = true;
  }
  if (raw.next_transform !== undefined) out.next_transform = transforms(s, `${at}.next_transform`, raw.next_transform);
  if (raw.keep !== undefined) out.keep = normalizeCondition({ ...s, inForEach: true }, `${at}.keep`, raw.keep);
  if (raw.stop !== undefined) out.stop = normalizeCondition({ ...s, inForEach: true }, `${at}.stop`, raw.stop);
  if (raw.reject !== undefined) {
    if (raw.paged_command !== undefined || raw.fetch_all !== undefined || raw.exhaustive !== undefined) s.problems.push(`${at}.reject: does not combine with paged_command, fetch_all or exhaustive`);
    out.reject = normalizeCondition({ ...s, inForEach: true }, `${at}.reject`, raw.reject);
  }
  if (raw.own_errors !== undefined) {
    if (raw.own_errors !== true || raw.strict === undefined) s.problems.push(`${at}.own_errors: true, only with strict (without it every failed call is its own error)`);
    else out.own_errors = true;
  }
  if (raw.seen_ends !== undefined) {
    if (raw.seen_ends !== true) s.problems.push(`${at}.seen_ends: true or absent`);
    else if (raw.strict !== undefined || raw.follow_repeats !== undefined) s.problems.push(`${at}.seen_ends: not with strict or follow_repeats (a strict ledger refuses any cursor already followed)`);
    else if (numbered) s.problems.push(`${at}.seen_ends: cursor paging only (no number_arg or offset_arg)`);
    else out.seen_ends = true;
  }
  if (raw.stall_only !== undefined) {
    if (raw.stall_only !== true || raw.strict === undefined) s.problems.push(`${at}.stall_only: true, only with strict (without it only the cursor just sent ends the read)`);
    else if (numbered) s.problems.push(`${at}.stall_only: cursor paging only (no number_arg or offset_arg)`);
    else out.stall_only = true;
  }
  if (raw.unique !== undefined) out.unique = normalizeSource({ ...s, inForEach: true }, `${at}.unique`, raw.unique);
  if (raw.items_from !== undefined) out.items_from = normalizeSource({ ...s, inForEach: true }, `${at}.items_from`, raw.items_from);
  if (raw.cut_ends !== undefined) {
    if (raw.cut_ends !== true) s.problems.push(`${at}.cut_ends: true or absent`);
    else if (raw.strict === undefined || raw.max_items === undefined) s.problems.push(`${at}.cut_ends: goes with strict and max_items`);
    else out.cut_ends = true;
  }
  if (raw.cap_first !== undefined) {
    if (raw.cap_first !== true) s.problems.push(`${at}.cap_first: true or absent`);
    else if (raw.strict === undefined || raw.max_items === undefined) s.problems.push(`${at}.cap_first: goes with strict and max_items`);
    else out.cap_first = true;
  }
  if (raw.widen !== undefined) {
    const w = raw.widen;
    if (!isObj(w) || typeof w.arg !== 'string' || !Number.isInteger(w.to) || (w.to as number) < 1) s.problems.push(`${at}.widen: needs arg (the page-size argument) and to (a positive whole number)`);
    else {
      only(s, `${at}.widen`, w, ['arg', 'to', 'when', 'reread']);
      if (raw.more === undefined) s.problems.push(`${at}.widen: needs more (a full page ends the run only when more is false)`);
      out.widen = { arg: w.arg, to: w.to as number };
      if (w.when !== undefined) out.widen.when = normalizeCondition(s, `${at}.widen.when`, w.when);
      if (w.reread !== undefined) out.widen.reread = normalizeCondition(s, `${at}.widen.reread`, w.reread);
    }
  }
  if (raw.record !== undefined) {
    const r = raw.record;
    if (!isObj(r) || typeof r.at !== 'string' || (r.failures !== 'list' && r.failures !== 'end')) s.problems.push(`${at}.record: needs at (a path) and failures (list or end)`);
    else {
      only(s, `${at}.record`, r, ['at', 'failures', 'end_when', 'first_page', 'first_found', 'duplicates']);
      out.record = { at: checkPath(s, `${at}.record.at`, r.at) ?? '', failures: r.failures };
      if (r.first_page !== undefined) {
        if (r.first_page !== 'list') s.problems.push(`${at}.record.first_page: only list (a failing first read listed in the record)`);
        else out.record.first_page = 'list';
      }
      if (r.duplicates !== undefined) {
        if (r.duplicates !== true) s.problems.push(`${at}.record.duplicates: only true (the count of items unique dropped as repeats)`);
        else if (raw.unique === undefined) s.problems.push(`${at}.record.duplicates: goes with unique (it counts the items unique dropped)`);
        else out.record.duplicates = true;
      }
      if (r.first_found !== undefined) {
        const f = r.first_found;
        if (!isObj(f) || Object.keys(f).length === 0) s.problems.push(`${at}.record.first_found: a map of names to sources read on each page`);
        else out.record.first_found = Object.fromEntries(Object.entries(f).map(([name, src]) => [name, normalizeSource({ ...s, inForEach: true }, `${at}.record.first_found.${name}`, src)]));
      }
      if (r.end_when !== undefined) {
        if (r.failures !== 'list') s.problems.push(`${at}.record.end_when: only with failures: list (end already ends every failure)`);
        else out.record.end_when = normalizeCondition({ ...s, inForEach: true }, `${at}.record.end_when`, r.end_when);
      }
    }
  }
  if (raw.next_text_only !== undefined) {
    if (raw.next_text_only !== true) s.problems.push(`${at}.next_text_only: only true`);
    else out.next_text_only = true;
  }
  if (raw.marks_with !== undefined) {
    const l = raw.marks_with;
    if (raw.marks_in === undefined) s.problems.push(`${at}.marks_with: only with marks_in`);
    else if (!Array.isArray(l) || l.length === 0 || !l.every((x) => typeof x === 'string' && x !== '')) s.problems.push(`${at}.marks_with: a non-empty list of keys`);
    else out.marks_with = [...l] as string[];
  }
  if (raw.marks_in !== undefined) {
    const l = raw.marks_in;
    if (!Array.isArray(l) || l.length === 0 || !l.every((x) => typeof x === 'string')) s.problems.push(`${at}.marks_in: a non-empty list of paths ("" for the whole answer)`);
    else out.marks_in = l.map((x, i) => (x === '' ? '' : checkPath(s, `${at}.marks_in[${i}]`, x) ?? ''));
  }
  if (raw.tuple_at !== undefined) out.tuple_at = pathList(s, `${at}.tuple_at`, Array.isArray(raw.tuple_at) ? raw.tuple_at : [raw.tuple_at]);
  if (raw.more_from_cursor !== undefined) {
    if (raw.more_from_cursor === 'cursor') {
      if (raw.strict === undefined) s.problems.push(`${at}.more_from_cursor: cursor goes with strict: a page without more or cursor is its pagination failure`);
      else out.more_from_cursor = 'cursor';
    } else if (raw.more_from_cursor !== true) s.problems.push(`${at}.more_from_cursor: true, cursor or absent`);
    else if (raw.strict === undefined || (raw.widen === undefined && raw.size_arg === undefined)) s.problems.push(`${at}.more_from_cursor: goes with strict and a page size (widen or size_arg): a page without more or cursor ends only when short`);
    else out.more_from_cursor = true;
  }
  if (raw.stop_when !== undefined) out.stop_when = normalizeCondition({ ...s, inForEach: true }, `${at}.stop_when`, raw.stop_when);
  if (raw.fail_when !== undefined) out.fail_when = normalizeCondition({ ...s, inForEach: true }, `${at}.fail_when`, raw.fail_when);
  if (raw.strict !== undefined) out.strict = raw.strict === true ? true : normalizeCondition(s, `${at}.strict`, raw.strict);
  if (raw.empty_more_fails !== undefined) {
    const n = raw.empty_more_fails;
    if (n !== true && !(typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 100)) s.problems.push(`${at}.empty_more_fails: true, a whole number of pages in a row (1..100), or absent`);
    else out.empty_more_fails = n;
  }
  if ((raw.empty_more_fails !== undefined || raw.fail_when !== undefined) && raw.strict === undefined) s.problems.push(`${at}: empty_more_fails and fail_when go with strict`);
  if (raw.strict !== undefined && raw.more === undefined && raw.more_when === undefined) s.problems.push(`${at}.strict: needs more or more_when (the ledger reads whether each page says more follow)`);
  if (raw.missing_cursors !== undefined) {
    const l = raw.missing_cursors;
    if (!Array.isArray(l) || l.length === 0 || !l.every((x) => typeof x === 'string' && x.trim() === x && x !== '')) s.problems.push(`${at}.missing_cursors: a non-empty list of trimmed, non-empty texts`);
    else out.missing_cursors = l as string[];
  }
  if (raw.page_size !== undefined) out.page_size = positiveInt(s, `${at}.page_size`, raw.page_size, 100000);
  if (raw.follow_repeats !== undefined) {
    if (raw.follow_repeats !== true) s.problems.push(`${at}.follow_repeats: true or absent`);
    else if (raw.strict !== undefined) s.problems.push(`${at}.follow_repeats: not with strict (a strict ledger refuses a repeated cursor)`);
    else out.follow_repeats = true;
  }
  if (raw.counts !== undefined) {
    if (raw.page_size === undefined) s.problems.push(`${at}.counts: only with page_size (it says which items count against it)`);
    out.counts = normalizeCondition({ ...s, inForEach: true }, `${at}.counts`, raw.counts);
  }
  if (raw.more !== undefined) out.more = pathList(s, `${at}.more`, raw.more);
  if (raw.pages !== undefined) out.pages = normalizeSource(s, `${at}.pages`, raw.pages);
  if (raw.max_items !== undefined) out.max_items = normalizeSource(s, `${at}.max_items`, raw.max_items);
  if (raw.delay_ms !== undefined) out.delay_ms = normalizeSource(s, `${at}.delay_ms`, raw.delay_ms);
  if (raw.size_arg !== undefined) {
    out.size_arg = requiredString(s, at, raw, 'size_arg');
    if (raw.max_items === undefined) s.problems.push(`${at}.size_arg: only with max_items (it asks for the items still wanted)`);
  }
  if (raw.size_when !== undefined) {
    if (raw.size_arg === undefined) s.problems.push(`${at}.size_when: only with size_arg`);
    out.size_when = normalizeCondition(s, `${at}.size_when`, raw.size_when);
  }
  return out;
}

function normalizeMatch(s: Scope, at: string, m: unknown): MatchSpec | undefined {
  const kinds = isObj(m) ? ['equals', 'contains', 'one_of'].filter((k) => m[k] !== undefined) : [];
  if (!isObj(m) || typeof m.field !== 'string' || kinds.length !== 1) {
    s.problems.push(`${at}: needs field and one of equals, contains, one_of`);
    return undefined;
  }
  only(s, at, m, ['field', 'equals', 'fold', 'contains', 'one_of', 'prefer', 'when', 'contains_when']);
  if (m.fold !== undefined && (m.fold !== true || m.equals === undefined)) s.problems.push(`${at}.fold: only true, and only with equals`);
  if (m.one_of !== undefined && !Array.isArray(m.one_of)) s.problems.push(`${at}.one_of: must be a list of literals`);
  if (m.prefer !== undefined && typeof m.prefer !== 'boolean') s.problems.push(`${at}.prefer: must be true or false`);
  if (m.contains_when !== undefined && m.equals === undefined) s.problems.push(`${at}.contains_when: only with equals`);
  return {
    field: checkPath(s, `${at}.field`, m.field) ?? '',
    ...(m.equals !== undefined ? { equals: normalizeSource(s, `${at}.equals`, m.equals) } : {}),
    ...(m.contains !== undefined ? { contains: normalizeSource(s, `${at}.contains`, m.contains) } : {}),
    ...(m.one_of !== undefined ? { one_of: m.one_of as unknown[] } : {}),
    ...(m.fold === true ? { fold: true } : {}),
    ...(m.prefer === true ? { prefer: true } : {}),
    ...(m.when !== undefined ? { when: normalizeCondition(s, `${at}.when`, m.when) } : {}),
    ...(m.contains_when !== undefined ? { contains_when: normalizeCondition(s, `${at}.contains_when`, m.contains_when) } : {}),
  };
}

function normalizeLabel(s: Scope, at: string, raw: unknown, value: string): string[] {
  const label = raw ?? [value];
  if (!Array.isArray(label) || !label.every((l) => typeof l === 'string' && l.length > 0)) {
    s.problems.push(`${at}: must be a list of field paths`);
    return [];
  }
  return label.map((l, i) => checkPath(s, `${at}[${i}]`, l) ?? '');
}

/** page.items: one path, or an ordered list of candidate paths (kept as written, so a one-path plan's form is unchanged). */
/** A path or a non-empty list of candidate paths, as a list. */
function pathList(s: Scope, at: string, raw: unknown): string[] | undefined {
  const l = Array.isArray(raw) ? raw : [raw];
  if (l.length === 0 || !l.every((x) => typeof x === 'string' && x.length > 0)) {
    s.problems.push(`${at}: must be a path or a non-empty list of paths`);
    return undefined;
  }
  return l.map((x, i) => checkPath(s, Array.isArray(raw) ? `${at}[${i}]` : at, x) ?? '');
}

function pageItems(s: Scope, at: string, raw: Record<string, unknown>): string | string[] {
  if (!Array.isArray(raw.items)) return checkPath(s, at, requiredString(s, at.replace(/\.items$/u, ''), raw, 'items')) ?? '';
  if (raw.items.length === 0 || !raw.items.every((x) => typeof x === 'string' && x.length > 0)) s.problems.push(`${at}: must be a path or a non-empty list of paths`);
  return raw.items.map((x, i) => checkPath(s, `${at}[${i}]`, x) ?? '');
}

function normalizeResolve(s: Scope, at: string, raw: unknown): ResolveSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be an object`);
    return { items: [], value: '', label: [] };
  }
  if (raw.user_target !== undefined) {
    // upstream's sender target: the directory answer's people, matched by its own rules (src/plan/user-target.ts)
    only(s, at, raw, ['user_target']);
    return { items: ['result'], value: 'userId', label: ['name', 'userId', 'openDingTalkId'], user_target: normalizeSource(s, `${at}.user_target`, raw.user_target) };
  }
  if (raw.user !== undefined) {
    // upstream's name -> one person (ResolveUser): complete answer, one candidate carrying the wanted id (src/plan/user-target.ts)
    only(s, at, raw, ['user', 'identity']);
    const identity = raw.identity as UserIdentity;
    if (!USER_IDENTITIES.includes(identity)) s.problems.push(`${at}.identity: must be one of ${USER_IDENTITIES.join(', ')}`);
    return {
      items: ['result'], value: identity === 'open_dingtalk_id' ? 'openDingTalkId' : 'userId', label: ['name', 'userId', 'openDingTalkId'],
      user: normalizeSource(s, `${at}.user`, raw.user), identity,
    };
  }
  if (raw.chat_target !== undefined) {
    // upstream's group target: complete paging of the group search, then one group (src/plan/chat-target.ts)
    only(s, at, raw, ['chat_target', 'blank']);
    if (raw.blank !== undefined && raw.blank !== 'search') s.problems.push(`${at}.blank: search (a blank name is searched, as upstream's ResolveChat), or leave it out (refused, as its ResolveChatTarget)`);
    return {
      items: ['result'], value: 'openConversationId', label: ['title', 'openConversationId'], chat_target: normalizeSource(s, `${at}.chat_target`, raw.chat_target),
      ...(raw.blank === 'search' ? { blank: 'search' as const } : {}),
    };
  }
  if (raw.open_dingtalk_ids !== undefined) {
    // upstream's userId -> openDingTalkId lookup chain (src/plan/open-dingtalk-ids.ts); allow_none: a failure is not a refusal
    only(s, at, raw, ['open_dingtalk_ids', 'allow_none']);
    if (raw.allow_none !== undefined && raw.allow_none !== true) s.problems.push(`${at}.allow_none: must be true`);
    return {
      items: ['result'], value: 'openDingTalkId', label: ['openDingTalkId'], open_dingtalk_ids: normalizeSource(s, `${at}.open_dingtalk_ids`, raw.open_dingtalk_ids),
      ...(raw.allow_none === true ? { allow_none: true } : {}),
    };
  }
  only(s, at, raw, ['items', 'value', 'label', 'match', 'take', 'allow_none', 'fields', 'distinct', 'user_target', 'user', 'chat_target', 'open_dingtalk_ids']);
  const items = Array.isArray(raw.items) ? raw.items : [raw.items];
  if (items.length === 0 || !items.every((x) => typeof x === 'string' && x.length > 0)) s.problems.push(`${at}: needs items (a path or a list of paths)`);
  const out: ResolveSpec = {
    items: items.map((x, i) => checkPath(s, `${at}.items[${i}]`, x) ?? ''),
    value: checkPath(s, `${at}.value`, requiredString(s, at, raw, 'value')) ?? '',
    label: [],
  };
  out.label = normalizeLabel(s, `${at}.label`, raw.label, out.value);
  if (raw.match !== undefined) {
    const m = normalizeMatch(s, `${at}.match`, raw.match);
    if (m) out.match = m;
  }
  if (raw.take !== undefined) {
    if (raw.take === 'first') out.take = 'first';
    else if (isObj(raw.take) && typeof raw.take.max === 'string') out.take = { max: checkPath(s, `${at}.take.max`, raw.take.max) ?? '' };
    else s.problems.push(`${at}.take: must be first or {max: field}`);
  }
  if (raw.allow_none !== undefined) {
    if (typeof raw.allow_none !== 'boolean') s.problems.push(`${at}.allow_none: must be true or false`);
    else if (raw.allow_none) out.allow_none = true;
  }
  Object.assign(out, normalizeFieldsDistinct(s, at, raw));
  return out;
}

/** A resolve's or a pick's `fields` (how each candidate is read) and `distinct` (one candidate per value). */
function normalizeFieldsDistinct(s: Scope, at: string, raw: Record<string, unknown>): Pick<ResolveSpec, 'fields' | 'distinct'> {
  const out: Pick<ResolveSpec, 'fields' | 'distinct'> = {};
  if (raw.fields !== undefined) {
    const f = raw.fields;
    if (!isObj(f) || Object.keys(f).length === 0) s.problems.push(`${at}.fields: must map each key to the list of paths it is read from`);
    else {
      out.fields = {};
      for (const [key, paths] of Object.entries(f)) {
        if (!ID_KEY.test(key) || !Array.isArray(paths) || paths.length === 0 || !paths.every((x) => typeof x === 'string' && x.length > 0)) {
          s.problems.push(`${at}.fields.${key}: a key ([A-Za-z][A-Za-z0-9_]*) with a non-empty list of paths`);
          continue;
        }
        out.fields[key] = paths.map((x, i) => checkPath(s, `${at}.fields.${key}[${i}]`, x) ?? '');
      }
    }
  }
  if (raw.distinct !== undefined) {
    if (raw.distinct !== true) s.problems.push(`${at}.distinct: must be true`);
    else out.distinct = true;
  }
  return out;
}

/** A key of a resolve's `fields` (a candidate's field name, not a path). */
const ID_KEY = /^[A-Za-z][A-Za-z0-9_]*$/u;

function normalizeExpect(s: Scope, at: string, raw: unknown): ExpectSpec {
  const kinds = isObj(raw) ? ['equals', 'one_of', 'contains_all', 'matches', 'present'].filter((k) => raw[k] !== undefined) : [];
  if (!isObj(raw) || typeof raw.path !== 'string' || kinds.length !== 1) {
    s.problems.push(`${at}: needs path and one of equals, one_of, contains_all, matches, present`);
    return { path: '' };
  }
  only(s, at, raw, ['path', 'equals', 'one_of', 'contains_all', 'matches', 'regex', 'present', 'when_present']);
  if (raw.one_of !== undefined && !Array.isArray(raw.one_of)) s.problems.push(`${at}.one_of: must be a list of literals`);
  if (raw.regex !== undefined && raw.matches === undefined) s.problems.push(`${at}.regex: only with matches`);
  return {
    path: checkPath(s, `${at}.path`, raw.path) ?? '',
    ...(raw.equals !== undefined ? { equals: normalizeSource(s, `${at}.equals`, raw.equals) } : {}),
    ...(raw.one_of !== undefined ? { one_of: raw.one_of as unknown[] } : {}),
    ...(raw.contains_all !== undefined ? { contains_all: normalizeSource(s, `${at}.contains_all`, raw.contains_all) } : {}),
    ...(raw.matches !== undefined ? { matches: normalizeSource(s, `${at}.matches`, raw.matches) } : {}),
    ...(raw.regex !== undefined ? { regex: normalizeSource(s, `${at}.regex`, raw.regex) } : {}),
    ...(raw.present === true ? { present: true } : {}),
    ...(raw.when_present === true ? { when_present: true } : {}),
  };
}

function normalizePollCheck(s: Scope, at: string, raw: unknown): PollCheck {
  if (isObj(raw) && raw.holds !== undefined) {
    only(s, at, raw, ['holds']);
    // the whole answer is `{item: true}` inside the condition
    return { holds: normalizeCondition({ ...s, inForEach: true }, `${at}.holds`, raw.holds) };
  }
  const kinds = isObj(raw) ? ['equals', 'one_of', 'present'].filter((k) => raw[k] !== undefined) : [];
  if (!isObj(raw) || typeof raw.path !== 'string' || kinds.length !== 1) {
    s.problems.push(`${at}: needs path and one of equals, one_of, present (or holds: a condition on the answer)`);
    return { path: '' };
  }
  only(s, at, raw, ['path', 'equals', 'one_of', 'present']);
  if (raw.one_of !== undefined && !Array.isArray(raw.one_of)) s.problems.push(`${at}.one_of: must be a list of literals`);
  return { path: checkPath(s, `${at}.path`, raw.path) ?? '', ...(kinds[0] === 'present' ? { present: true } : { [kinds[0]]: raw[kinds[0]] }) };
}

/**
 * A poll: `until` (and `fail`) with either interval_seconds and max_attempts (timeout_seconds optional) or the
 * timetable delays_ms; `verify: true` makes it a write's read-back (a failed read is tried again, no match is
 * verification_failed).
 */
function normalizePoll(s: Scope, at: string, raw: unknown): PollSpec {
  const timed = isObj(raw) && raw.delays_ms !== undefined;
  if (!isObj(raw) || raw.until === undefined || (!timed && (raw.interval_seconds === undefined || raw.max_attempts === undefined))) {
    s.problems.push(`${at}: needs until and either interval_seconds with max_attempts (a hard bound) or delays_ms`);
    return { until: { path: '' }, interval_seconds: { const: 1 }, max_attempts: 1 };
  }
  only(s, at, raw, ['until', 'fail', 'interval_seconds', 'timeout_seconds', 'max_attempts', 'delays_ms', 'wait_first', 'retry_failed', 'verify', 'timeout_as']);
  const out: PollSpec = { until: normalizePollCheck(s, `${at}.until`, raw.until) };
  if (raw.fail !== undefined) out.fail = normalizePollCheck(s, `${at}.fail`, raw.fail);
  if (timed) {
    const d = raw.delays_ms;
    if (raw.interval_seconds !== undefined || raw.timeout_seconds !== undefined || raw.max_attempts !== undefined) {
      s.problems.push(`${at}.delays_ms: the timetable replaces interval_seconds, timeout_seconds and max_attempts`);
    }
    if (!Array.isArray(d) || d.length === 0 || d.length > MAX_POLL_DELAYS || !d.every((x) => Number.isInteger(x) && x >= 0 && x <= MAX_POLL_DELAY_MS)) {
      s.problems.push(`${at}.delays_ms: must be a list of 1..${MAX_POLL_DELAYS} waits in whole milliseconds (0..${MAX_POLL_DELAY_MS})`);
    } else out.delays_ms = d as number[];
  } else {
    out.interval_seconds = normalizeSource(s, `${at}.interval_seconds`, raw.interval_seconds);
    if (raw.timeout_seconds !== undefined) out.timeout_seconds = normalizeSource(s, `${at}.timeout_seconds`, raw.timeout_seconds);
    out.max_attempts = typeof raw.max_attempts === 'number' ? positiveInt(s, `${at}.max_attempts`, raw.max_attempts, MAX_POLL_ATTEMPTS) : normalizeSource(s, `${at}.max_attempts`, raw.max_attempts);
  }
  if (raw.wait_first !== undefined) {
    if (raw.wait_first !== true || !timed) s.problems.push(`${at}.wait_first: must be true, with delays_ms`);
    else out.wait_first = true;
  }
  if (raw.retry_failed !== undefined) {
    if (raw.retry_failed !== true || raw.verify !== undefined) s.problems.push(`${at}.retry_failed: must be true, without verify (a read-back already tries failed reads again)`);
    else out.retry_failed = true;
  }
  if (raw.verify !== undefined) {
    if (raw.verify !== true) s.problems.push(`${at}.verify: must be true`);
    else out.verify = true;
  }
  if (raw.timeout_as !== undefined) {
    if (typeof raw.timeout_as !== 'string' || !ID.test(raw.timeout_as)) s.problems.push(`${at}.timeout_as: the id later steps read the timeout by ([a-z][a-z0-9_]*)`);
    else if (out.verify) s.problems.push(`${at}.timeout_as: a read-back (verify) that never matches is verification_failed, not a result`);
    else out.timeout_as = raw.timeout_as;
  }
  return out;
}

/**
 * A repeated round (`{steps, until, interval_seconds, timeout_seconds, max_rounds, rounds_as?}`): `steps` the ids of
 * the steps right after the lead (checked with the plan), `until` a condition that may read them and `rounds_as`.
 */
function normalizeRepeat(s: Scope, at: string, raw: unknown, lead: string): RepeatSpec {
  const out: RepeatSpec = { steps: [], until: { all: [] }, interval_seconds: { const: 1 }, timeout_seconds: { const: 1 }, max_rounds: 1 };
  if (!isObj(raw) || raw.until === undefined || raw.interval_seconds === undefined || raw.timeout_seconds === undefined || raw.max_rounds === undefined) {
    s.problems.push(`${at}: needs until, interval_seconds, timeout_seconds and max_rounds (a hard bound); steps optional`);
    return out;
  }
  only(s, at, raw, ['steps', 'until', 'interval_seconds', 'timeout_seconds', 'max_rounds', 'rounds_as']);
  const steps = raw.steps ?? [];
  if (!Array.isArray(steps) || !steps.every((x) => typeof x === 'string' && ID.test(x))) s.problems.push(`${at}.steps: the ids of the steps right after it, in order`);
  else out.steps = steps as string[];
  if (raw.rounds_as !== undefined) {
    if (typeof raw.rounds_as !== 'string' || !ID.test(raw.rounds_as)) s.problems.push(`${at}.rounds_as: the id later steps read the number of rounds by ([a-z][a-z0-9_]*)`);
    else out.rounds_as = raw.rounds_as;
  }
  out.interval_seconds = normalizeSource(s, `${at}.interval_seconds`, raw.interval_seconds);
  out.timeout_seconds = normalizeSource(s, `${at}.timeout_seconds`, raw.timeout_seconds);
  out.max_rounds = positiveInt(s, `${at}.max_rounds`, raw.max_rounds, MAX_POLL_ATTEMPTS);
  // `until` is read after the round: it may read the lead, the steps of the round and the number of rounds
  const round = new Set([...s.earlier, lead, ...out.steps, ...(out.rounds_as ? [out.rounds_as] : [])]);
  out.until = normalizeCondition({ ...s, earlier: round }, `${at}.until`, raw.until);
  return out;
}

/**
 * A for_each call's ledger: `{continue: condition, report?: error | result | list, into?: id}` (upstream's
 * --failure-policy continue; its per-item summary with `report: result`, or its list of failed batches with `report:
 * list`, whose ledger later steps read as `{from: into}`).
 */
function normalizeLedger(s: Scope, at: string, raw: unknown): LedgerSpec {
  if (!isObj(raw) || raw.continue === undefined) {
    s.problems.push(`${at}: must be {continue: condition, report?: error | result | list, into?: id} (whether a failed element lets the next one run, and how the failures end the run)`);
    return { continue: { any: [] }, report: 'error' };
  }
  only(s, at, raw, ['continue', 'report', 'into']);
  // `continue: true` (every element runs) is the condition that always holds
  const keepGoing = raw.continue === true ? { all: [] } : normalizeCondition(s, `${at}.continue`, raw.continue);
  const out: LedgerSpec = { continue: keepGoing, report: 'error' };
  if (raw.report !== undefined && raw.report !== 'error' && raw.report !== 'result' && raw.report !== 'list') s.problems.push(`${at}.report: must be error, result or list`);
  else if (raw.report === 'result' || raw.report === 'list') out.report = raw.report;
  if (out.report !== 'error') {
    if (typeof raw.into !== 'string' || !ID.test(raw.into)) s.problems.push(`${at}.into: with report ${out.report}, the id later steps read the ledger by ([a-z][a-z0-9_]*)`);
    else out.into = raw.into;
  } else if (raw.into !== undefined) s.problems.push(`${at}.into: only with report: result or list (report: error puts the ledger in the error)`);
  return out;
}

function normalizePick(s: Scope, at: string, raw: unknown): PickSpec {
  if (!isObj(raw) || raw.items === undefined || typeof raw.value !== 'string') {
    s.problems.push(`${at}: needs items (a source) and value`);
    return { items: { const: [] }, value: '', label: [] };
  }
  only(s, at, raw, ['items', 'value', 'label', 'match', 'fields', 'distinct']);
  const value = checkPath(s, `${at}.value`, raw.value) ?? '';
  const match = raw.match === undefined ? undefined : normalizeMatch(s, `${at}.match`, raw.match);
  return { items: normalizeSource(s, `${at}.items`, raw.items), value, label: normalizeLabel(s, `${at}.label`, raw.label, value), ...(match ? { match } : {}),
    ...normalizeFieldsDistinct(s, at, raw) };
}

function normalizeSave(s: Scope, at: string, raw: unknown): SaveSpec {
  if (isObj(raw) && (raw.dir !== undefined || raw.files !== undefined)) {
    // the publish form: a new directory of files, written at once
    only(s, at, raw, ['dir', 'files']);
    if (raw.dir === undefined || raw.files === undefined) s.problems.push(`${at}: a published directory needs dir and files`);
    return { dir: normalizeSource(s, `${at}.dir`, raw.dir ?? { const: null }), files: normalizeSource(s, `${at}.files`, raw.files ?? { const: null }) };
  }
  if (!isObj(raw) || raw.file === undefined || raw.content === undefined) {
    s.problems.push(`${at}: needs file and content (or dir and files)`);
    return { file: { const: null }, content: { const: null } };
  }
  only(s, at, raw, ['file', 'content', 'overwrite', 'name', 'parent', 'target_exists']);
  if (raw.parent !== undefined && raw.parent !== 'existing') s.problems.push(`${at}.parent: must be existing`);
  const targetExists = targetExistsOf(s, at, raw.target_exists);
  return { file: normalizeSource(s, `${at}.file`, raw.file), content: normalizeSource(s, `${at}.content`, raw.content),
    ...(raw.overwrite !== undefined ? { overwrite: normalizeSource(s, `${at}.overwrite`, raw.overwrite) } : {}),
    ...(raw.name !== undefined ? { name: normalizeSource(s, `${at}.name`, raw.name) } : {}),
    ...(raw.parent === 'existing' ? { parent: 'existing' as const } : {}),
    ...(targetExists ? { target_exists: targetExists } : {}) };
}

/**
 * A save's or download's `target_exists`: one of TARGET_EXISTS_REASONS (a download's only beside a `file`: `besideFile`
 * given), else a problem; undefined when absent or refused.
 */
function targetExistsOf(s: Scope, at: string, raw: unknown, besideFile?: boolean): TargetExistsReason | undefined {
  if (raw === undefined) return undefined;
  if ((TARGET_EXISTS_REASONS as readonly unknown[]).includes(raw) && besideFile !== false) return raw as TargetExistsReason;
  s.problems.push(`${at}.target_exists: must be ${TARGET_EXISTS_REASONS.join(' or ')}${besideFile === undefined ? '' : ', beside a file'}`);
  return undefined;
}

function normalizeHandoff(s: Scope, at: string, raw: unknown): HandoffSpec {
  if (!isObj(raw) || typeof raw.local !== 'string') {
    s.problems.push(`${at}: needs local (the canonical path of a local command)`);
    return { local: '', args: {} };
  }
  only(s, at, raw, ['local', 'args', 'positionals']);
  return {
    local: raw.local, args: raw.args === undefined ? {} : normalizeArgs(s, `${at}.args`, raw.args),
    ...(raw.positionals !== undefined ? { positionals: normalizeArgs(s, `${at}.positionals`, raw.positionals) } : {}),
  };
}

function normalizeUpload(s: Scope, at: string, raw: unknown): UploadSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be an object`);
    return { file: { const: null }, url: { const: null }, max_bytes: DEFAULT_UPLOAD_BYTES };
  }
  only(s, at, raw, ['file', 'content', 'url', 'headers', 'max_bytes', 'method', 'refused_statuses', 'ok_statuses', 'retry', 'staging', 'timeout_seconds']);
  if (raw.staging !== undefined && raw.staging !== true) s.problems.push(`${at}.staging: true (the bytes change no document until a later call places them), or leave it out`);
  const refused = refusedStatuses(s, at, raw.refused_statuses);
  const ok = okStatuses(s, at, raw.ok_statuses);
  const retry = uploadRetry(s, at, raw.retry);
  if (raw.method !== undefined && raw.method !== 'PUT' && raw.method !== 'POST') s.problems.push(`${at}.method: must be PUT or POST`);
  if (raw.file === undefined && raw.content === undefined) s.problems.push(`${at}: needs file or content (the file's bytes when it is given, else the text)`);
  if (raw.url === undefined) s.problems.push(`${at}: needs url`);
  const out: UploadSpec = {
    ...(raw.file !== undefined ? { file: normalizeSource(s, `${at}.file`, raw.file) } : {}),
    ...(raw.content !== undefined ? { content: normalizeSource(s, `${at}.content`, raw.content) } : {}),
    url: normalizeSource(s, `${at}.url`, raw.url),
    max_bytes: raw.max_bytes === undefined ? DEFAULT_UPLOAD_BYTES : positiveInt(s, `${at}.max_bytes`, raw.max_bytes, MAX_UPLOAD_BYTES),
  };
  if (raw.headers !== undefined) out.headers = normalizeSource(s, `${at}.headers`, raw.headers);
  if (raw.method === 'POST') out.method = 'POST';
  if (refused) out.refused_statuses = refused;
  if (ok) out.ok_statuses = ok;
  if (retry) out.retry = retry;
  if (raw.staging === true) out.staging = true;
  const bound = transferBound(s, at, raw.timeout_seconds);
  if (bound !== undefined) out.timeout_seconds = bound;
  return out;
}

/** A transfer's `refused_statuses`: the 4xx answers that are its result instead of backend_error (an expired credential). */
function refusedStatuses(s: Scope, at: string, raw: unknown): number[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 400 && x < 500)) {
    s.problems.push(`${at}.refused_statuses: must be a non-empty list of HTTP 4xx statuses`);
    return undefined;
  }
  return raw as number[];
}

/** An upload's `ok_statuses`: the 2xx answers that count as stored, any other answer failing the step. */
function okStatuses(s: Scope, at: string, raw: unknown): number[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 200 && x < 300)) {
    s.problems.push(`${at}.ok_statuses: must be a non-empty list of HTTP 2xx statuses`);
    return undefined;
  }
  return raw as number[];
}

/** An upload's `retry`: the waits before each further attempt after a transient failure (at most 5, each 0..60,000 ms). */
function uploadRetry(s: Scope, at: string, raw: unknown): { delays_ms: number[] } | undefined {
  if (raw === undefined) return undefined;
  const delays = isObj(raw) ? raw.delays_ms : undefined;
  if (!isObj(raw) || Object.keys(raw).some((k) => k !== 'delays_ms') || !Array.isArray(delays) || delays.length === 0 || delays.length > 5
    || !delays.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 60_000)) {
    s.problems.push(`${at}.retry: must be {delays_ms: [...]}, 1 to 5 waits in milliseconds (0 to 60000), one before each further attempt`);
    return undefined;
  }
  return { delays_ms: delays as number[] };
}

function normalizeDownload(s: Scope, at: string, raw: unknown): DownloadSpec {
  if (!isObj(raw) || raw.url === undefined) {
    s.problems.push(`${at}: needs url`);
    return { url: { const: null }, max_bytes: DEFAULT_DOWNLOAD_BYTES };
  }
  only(s, at, raw, ['url', 'headers', 'file', 'overwrite', 'name', 'temp_dir', 'max_bytes', 'refused_statuses', 'url_policy', 'parent', 'target_exists', 'timeout_seconds']);
  const bound = transferBound(s, at, raw.timeout_seconds);
  if (raw.parent !== undefined && (raw.parent !== 'existing' || raw.file === undefined)) s.problems.push(`${at}.parent: must be existing, beside a file`);
  const targetExists = targetExistsOf(s, at, raw.target_exists, raw.file !== undefined);
  if (raw.url_policy !== undefined && !(URL_POLICIES as readonly unknown[]).includes(raw.url_policy)) s.problems.push(`${at}.url_policy: one of ${URL_POLICIES.join(', ')}`);
  const refused = refusedStatuses(s, at, raw.refused_statuses);
  if (raw.temp_dir !== undefined && (typeof raw.temp_dir !== 'string' || !/^[a-z][a-z0-9-]{0,39}$/u.test(raw.temp_dir))) {
    s.problems.push(`${at}.temp_dir: a directory name prefix of lower-case letters, digits and dashes`);
  }
  if (raw.temp_dir !== undefined && (raw.file !== undefined || raw.overwrite !== undefined)) s.problems.push(`${at}: temp_dir takes the place of file and overwrite`);
  return {
    url: normalizeSource(s, `${at}.url`, raw.url),
    ...(raw.headers !== undefined ? { headers: normalizeSource(s, `${at}.headers`, raw.headers) } : {}),
    ...(raw.file !== undefined ? { file: normalizeSource(s, `${at}.file`, raw.file) } : {}),
    ...(raw.overwrite !== undefined ? { overwrite: normalizeSource(s, `${at}.overwrite`, raw.overwrite) } : {}),
    ...(raw.name !== undefined ? { name: normalizeSource(s, `${at}.name`, raw.name) } : {}),
    ...(typeof raw.temp_dir === 'string' ? { temp_dir: raw.temp_dir } : {}),
    max_bytes: raw.max_bytes === undefined ? DEFAULT_DOWNLOAD_BYTES : positiveInt(s, `${at}.max_bytes`, raw.max_bytes, MAX_DOWNLOAD_BYTES),
    ...(refused ? { refused_statuses: refused } : {}),
    ...(raw.url_policy !== undefined ? { url_policy: raw.url_policy as UrlPolicy } : {}),
    ...(raw.parent === 'existing' ? { parent: 'existing' as const } : {}),
    ...(targetExists ? { target_exists: targetExists } : {}),
    ...(bound !== undefined ? { timeout_seconds: bound } : {}),
  };
}

/** A transfer's `timeout_seconds`: upstream's own client bound for it, a whole number of seconds from 1 to 3600. */
function transferBound(s: Scope, at: string, raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > 3600) {
    s.problems.push(`${at}.timeout_seconds: a whole number of seconds from 1 to 3600 (upstream's client bound of this transfer)`);
    return undefined;
  }
  return raw;
}

/** A refusal's message, or its cases `[{when, message}]` (the first that holds refuses). */
function normalizeRefuse(s: Scope, at: string, raw: unknown): string | RefuseCase[] {
  if (typeof raw === 'string' && raw.trim() !== '') return raw;
  if (!Array.isArray(raw) || raw.length === 0) {
    s.problems.push(`${at}: needs the refusal message, or a non-empty list of {when, message} cases`);
    return 'invalid';
  }
  return raw.map((c, i) => {
    const where = `${at}[${i}]`;
    if (!isObj(c) || c.when === undefined || typeof c.message !== 'string' || c.message.trim() === '' || Object.keys(c).some((k) => k !== 'when' && k !== 'message')) {
      s.problems.push(`${where}: a case is {when: condition, message: text}`);
      return { when: { all: [] }, message: 'invalid' };
    }
    return { when: normalizeCondition(s, `${where}.when`, c.when), message: c.message };
  });
}

/**
 * A call's `rpc_if`: `{when, rpc}`, the other RPC of a declared pair, or a list of such cases (an RPC per for_each
 * element, the first whose condition holds), each naming an RPC other than the step's own, none twice.
 */
function normalizeRpcIf(s: Scope, where: string, raw: unknown, step: { rpc?: string; for_each?: unknown }): RpcCase | RpcCase[] | undefined {
  const one = (r: unknown, at: string): RpcCase | undefined => {
    if (!isObj(r) || r.when === undefined || typeof r.rpc !== 'string' || r.rpc.length === 0 || Object.keys(r).some((k) => k !== 'when' && k !== 'rpc')) {
      s.problems.push(`${at}: must be {when: condition, rpc: name} (the other RPC of the pair)`);
      return undefined;
    }
    if (r.rpc === step.rpc) {
      s.problems.push(`${at}: names the step's own rpc`);
      return undefined;
    }
    return { when: normalizeCondition(s, `${at}.when`, r.when), rpc: r.rpc };
  };
  if (!Array.isArray(raw)) return one(raw, where);
  if (step.for_each === undefined || raw.length < 2) s.problems.push(`${where}: a list of cases chooses an RPC per element of a for_each call (at least two cases; one is {when, rpc})`);
  const cases = raw.map((r, i) => one(r, `${where}[${i}]`));
  if (new Set(raw.map((r) => (isObj(r) ? r.rpc : r))).size < raw.length) s.problems.push(`${where}: names an RPC twice`);
  return cases.every((c) => c !== undefined) ? cases as RpcCase[] : undefined;
}

/**
 * A call's `on_failure` (spec.ts OnFailureSpec): `reason` one of REFUSE_REASONS and/or `details` a source, which may
 * read (as may `when`) the failure by the step's `failure_as` id and a repeated read's round count by its `rounds_as`.
 */
function normalizeOnFailure(s: Scope, at: string, raw: unknown, ids: (string | undefined)[]): OnFailureSpec | undefined {
  if (!isObj(raw) || (raw.reason === undefined && raw.details === undefined)) {
    s.problems.push(`${at}: {reason?, details?} with at least one of them (the reason the run ends with, the payload upstream prints)`);
    return undefined;
  }
  only(s, at, raw, ['reason', 'details', 'when']);
  const out: OnFailureSpec = {};
  // the step's own ids are readable there: the failure (failure_as) and a repeated read's round count (rounds_as)
  const own = { ...s, earlier: new Set([...s.earlier, ...ids.filter((id) => id !== undefined)]) };
  if (raw.when !== undefined) out.when = normalizeCondition(own, `${at}.when`, raw.when);
  if (raw.reason !== undefined) {
    if ((REFUSE_REASONS as readonly unknown[]).includes(raw.reason)) out.reason = raw.reason as RefuseReason;
    else s.problems.push(`${at}.reason: one of ${REFUSE_REASONS.join(', ')} (leave it out to keep the call's own reason)`);
  }
  if (raw.details !== undefined) out.details = normalizeSource(own, `${at}.details`, raw.details);
  return out;
}

export const STEP_KEYS = ['id', 'server', 'rpc', 'effect', 'when', 'args', 'for_each', 'max_items', 'page', 'resolve', 'upload', 'download',
  'expect', 'poll', 'pick', 'refuse', 'reason', 'details', 'answer_of', 'save', 'handoff', 'tolerate_failure', 'failure_as', 'on_failure', 'rpc_if', 'interleave', 'ledger', 'compensate', 'value', 'repeat', 'answer_numbers', 'answer_object', 'answer_json', 'answer_raw', 'typed_lists', 'untyped_lists', 'recover_into', 'warn'];
/** Step kinds that make no MCP call (no server, rpc or args). */
const OTHER_KINDS = ['upload', 'download', 'pick', 'refuse', 'save', 'handoff', 'value', 'warn'] as const;

/** A step while it is read: every key any kind may have; the kind it turns out to be tags it at the end. */
type LooseStep = { id: string; effect: PlanStep['effect'] } & Partial<Omit<CallStep, 'kind'> & Omit<UploadStep, 'kind'> &
  Omit<DownloadStep, 'kind'> & Omit<PickStep, 'kind'> & Omit<RefuseStep, 'kind'> & Omit<SaveStep, 'kind'> & Omit<HandoffStep, 'kind'> & Omit<ValueStep, 'kind'> & Omit<WarnStep, 'kind'>>;

export function normalizeStep(s: Scope, at: string, raw: unknown, servers: ReadonlySet<string>, ids: Set<string>): PlanStep {
  if (!isObj(raw)) {
    s.problems.push(`${at}: a step must be an object`);
    return { kind: 'refuse', id: 'invalid', effect: 'read', refuse: 'invalid step' };
  }
  const id = raw.id;
  if (typeof id !== 'string' || !ID.test(id)) s.problems.push(`${at}: id must match [a-z][a-z0-9_]*`);
  else if (ids.has(id)) s.problems.push(`${at}: step id "${id}" is used twice`);
  const where = typeof id === 'string' ? `${at} (${id})` : at;
  // the per-item report key before the ledger took it over (f-chat5): named, so an old plan is told what replaces it
  if (raw.item_failures !== undefined) s.problems.push(`${where}.item_failures: no longer a key: declare ledger: {continue: true, report: result, into: <id>}`);
  only(s, where, raw, raw.item_failures === undefined ? STEP_KEYS : [...STEP_KEYS, 'item_failures']);
  const defaultEffect = s.tool.effect === 'read' ? 'read' : 'write';
  if (raw.effect !== undefined && raw.effect !== 'read' && raw.effect !== 'write') s.problems.push(`${where}.effect: must be read or write`);
  const step: LooseStep = { id: id as string, effect: (raw.effect as PlanStep['effect']) ?? defaultEffect };
  if (raw.when !== undefined) step.when = normalizeCondition(s, `${where}.when`, raw.when);
  if (raw.for_each !== undefined) {
    step.for_each = normalizeSource(s, `${where}.for_each`, raw.for_each);
    // `none` (0): no bound, for the bodies that loop over every element the user gave (h33-chat: chat +broadcast,
    // the doc permission shortcuts' --to names, broadcast.go:80-96, doc_access.go:206-240@c7521c1c)
    step.max_items = raw.max_items === undefined ? DEFAULT_MAX_ITEMS : raw.max_items === 'none' ? 0 : positiveInt(s, `${where}.max_items`, raw.max_items, MAX_ITEMS_LIMIT);
  } else if (raw.max_items !== undefined) s.problems.push(`${where}.max_items: only with for_each`);
  const inner: Scope = { ...s, inForEach: s.inForEach || step.for_each !== undefined };
  const kinds = OTHER_KINDS.filter((k) => raw[k] !== undefined);
  if (kinds.length > 1) s.problems.push(`${where}: a step is one of ${OTHER_KINDS.join(', ')} or an MCP call (found ${kinds.join(', ')})`);
  const kind = kinds[0];
  if (raw.reason !== undefined && kind !== 'refuse') s.problems.push(`${where}.reason: only on a refuse step`);
  if (raw.details !== undefined && kind !== 'refuse') s.problems.push(`${where}.details: only on a refuse step`);
  if (raw.answer_of !== undefined && kind !== 'refuse') s.problems.push(`${where}.answer_of: only on a refuse step`);
  if (kind !== undefined) {
    if (raw.server !== undefined || raw.rpc !== undefined || raw.rpc_if !== undefined || raw.args !== undefined || raw.page !== undefined || raw.resolve !== undefined || raw.poll !== undefined || raw.tolerate_failure !== undefined || raw.interleave !== undefined || raw.ledger !== undefined || raw.repeat !== undefined) {
      s.problems.push(`${where}: a${kind === 'upload' ? 'n' : ''} ${kind} step has no server, rpc, rpc_if, args, page, resolve, poll, tolerate_failure, interleave, ledger or repeat`);
    }
    if (raw.for_each !== undefined && kind !== 'pick' && kind !== 'refuse' && kind !== 'warn') s.problems.push(`${where}: a${kind === 'upload' ? 'n' : ''} ${kind} step has no for_each`);
    if (kind === 'upload') {
      step.upload = normalizeUpload(inner, `${where}.upload`, raw.upload);
      if (raw.effect === 'read') s.problems.push(`${where}.effect: an upload is a write`);
      step.effect = 'write';
    } else if (kind === 'download') {
      step.download = normalizeDownload(inner, `${where}.download`, raw.download);
      if (raw.effect === 'write') s.problems.push(`${where}.effect: a download is a read of the backend`);
      step.effect = 'read';
    } else if (kind === 'pick') {
      step.pick = normalizePick(inner, `${where}.pick`, raw.pick);
      step.effect = 'read';
    } else if (kind === 'refuse') {
      step.refuse = normalizeRefuse(inner, `${where}.refuse`, raw.refuse);
      if (typeof step.refuse === 'string' && raw.for_each !== undefined) s.problems.push(`${where}: a refuse step with for_each lists cases ({when, message}) checked per element`);
      if (raw.reason !== undefined) {
        if ((REFUSE_REASONS as readonly unknown[]).includes(raw.reason)) step.reason = raw.reason as RefuseReason;
        else s.problems.push(`${where}.reason: one of ${REFUSE_REASONS.join(', ')} (a refusal is invalid_parameter without it)`);
      }
      if (raw.details !== undefined) step.details = normalizeSource(inner, `${where}.details`, raw.details);
      if (raw.answer_of !== undefined) {
        if (typeof raw.answer_of !== 'string' || !s.earlier.has(raw.answer_of)) s.problems.push(`${where}.answer_of: the id of an earlier step`);
        else if (!(ANSWER_OF_REASONS as readonly unknown[]).includes(raw.reason ?? 'invalid_parameter')) s.problems.push(`${where}.answer_of: only with reason ${ANSWER_OF_REASONS.join(', ')}`);
        else step.answer_of = raw.answer_of;
      }
      step.effect = 'read';
    } else if (kind === 'warn') {
      // a notice where the step stands (docs/PLANS.md "Warnings"): one of WARNINGS, our own words without the prefix
      // with for_each one notice per element, its details reading `{item: true}` (h46-a4: a key per line, as upstream's loop)
      step.warn = normalizeWarn(inner, `${where}.warn`, raw.warn);
      step.effect = 'read';
    } else if (kind === 'value') {
      // a plan value, no call: later steps and the output read it as {from: <id>}
      step.value = normalizeSource(inner, `${where}.value`, raw.value);
      step.effect = 'read';
    } else if (kind === 'save') {
      // a local file write, not a backend call: nothing of the backend is replayed or left half done by it
      step.save = normalizeSave(inner, `${where}.save`, raw.save);
      step.effect = 'read';
    } else {
      step.handoff = normalizeHandoff(inner, `${where}.handoff`, raw.handoff);
    }
  } else {
    step.server = requiredString(s, where, raw, 'server');
    step.rpc = requiredString(s, where, raw, 'rpc');
    checkServer(s, where, step.server, servers);
    step.args = raw.args === undefined ? {} : normalizeArgs(inner, `${where}.args`, raw.args);
    if (raw.interleave !== undefined) {
      const l = raw.interleave;
      if (!Array.isArray(l) || l.length === 0 || !l.every((x) => typeof x === 'string')) s.problems.push(`${where}.interleave: must be a non-empty list of the step ids that follow it`);
      else if (step.for_each === undefined || raw.page !== undefined || (isObj(raw.resolve) && raw.resolve.open_dingtalk_ids !== undefined)) s.problems.push(`${where}.interleave: only on a for_each call (no page, no open_dingtalk_ids resolve)`);
      else step.interleave = l as string[];
    }
    if (raw.recover_into !== undefined) {
      if (typeof raw.recover_into !== 'string' || !ID.test(raw.recover_into)) s.problems.push(`${where}.recover_into: the id later steps read the recovered elements by ([a-z][a-z0-9_]*)`);
      else if (step.interleave === undefined || step.effect !== 'write' || raw.ledger !== undefined) s.problems.push(`${where}.recover_into: only on a write that interleaves its read-back (no ledger)`);
      else step.recover_into = raw.recover_into;
    }
    if (raw.rpc_if !== undefined) step.rpc_if = normalizeRpcIf(inner, `${where}.rpc_if`, raw.rpc_if, step);
    if (raw.repeat !== undefined) {
      if (step.effect !== 'read' || raw.poll !== undefined || raw.interleave !== undefined || raw.compensate !== undefined) {
        s.problems.push(`${where}.repeat: only on a read call (no poll, interleave or compensate): a write is never sent again`);
      }
      step.repeat = normalizeRepeat(inner, `${where}.repeat`, raw.repeat, step.id);
    }
  }
  if (raw.page !== undefined) {
    // with for_each each element is read page by page (its own cursor; page.when per element)
    if (step.for_each && (raw.interleave !== undefined || raw.resolve !== undefined)) s.problems.push(`${where}: page with for_each takes no interleave or resolve`);
    step.page = normalizePage(inner, `${where}.page`, raw.page);
  }
  if (raw.resolve !== undefined) {
    step.resolve = normalizeResolve(inner, `${where}.resolve`, raw.resolve);
    if (raw.effect === 'write') s.problems.push(`${where}.effect: a resolve step is a read`);
    if ((step.resolve.user_target || step.resolve.user || step.resolve.chat_target) && raw.page !== undefined) s.problems.push(`${where}: a user_target, user or chat_target resolve reads its own pages (no page)`);
    if (step.resolve.user && !['contact.search_contact_by_key_word', 'aisearch.enterprise_person_search'].includes(`${step.server}.${step.rpc}`)) {
      s.problems.push(`${where}: a user resolve reads a directory search (contact.search_contact_by_key_word or aisearch.enterprise_person_search)`);
    }
    if (step.resolve.open_dingtalk_ids) {
      if (step.server !== 'contact' || step.rpc !== 'get_user_info_by_user_ids') s.problems.push(`${where}: an open_dingtalk_ids resolve is the step contact.get_user_info_by_user_ids (the chain's first call)`);
      if (raw.args !== undefined || raw.page !== undefined || raw.for_each !== undefined || raw.rpc_if !== undefined || raw.poll !== undefined) {
        s.problems.push(`${where}: an open_dingtalk_ids resolve makes its own calls (no args, page, for_each, rpc_if or poll)`);
      }
    }
    step.effect = 'read';
  }
  if (raw.poll !== undefined) {
    // with page, each attempt reads every page (a read-back of a paged list)
    if (step.for_each) s.problems.push(`${where}: poll does not combine with for_each`);
    if (step.effect !== 'read') s.problems.push(`${where}.poll: only a read is repeated`);
    step.poll = normalizePoll(s, `${where}.poll`, raw.poll);
  }
  if (raw.ledger !== undefined) {
    if (!step.for_each || raw.poll !== undefined || raw.tolerate_failure !== undefined) {
      s.problems.push(`${where}.ledger: only on a for_each call (no poll or tolerate_failure)`);
    }
    step.ledger = normalizeLedger(s, `${where}.ledger`, raw.ledger);
  }
  if (raw.expect !== undefined) step.expect = normalizeExpect(s, `${where}.expect`, raw.expect);
  if (raw.tolerate_failure !== undefined) {
    // the condition may read the failure itself by the step's failure_as id; a write may fail without stopping the plan
    // only under such a condition, where the failure says the server refused before acting (h54-left: pat chmod's grant
    // refused for its identity fields), never as a whole (true)
    const failureAs = typeof raw.failure_as === 'string' ? raw.failure_as : undefined;
    const own = failureAs === undefined ? s : { ...s, earlier: new Set([...s.earlier, failureAs]) };
    if (raw.tolerate_failure !== true && !isObj(raw.tolerate_failure)) s.problems.push(`${where}.tolerate_failure: must be true or a condition`);
    else if (step.effect !== 'read' && !(failureAs !== undefined && readsStep(raw.tolerate_failure, failureAs))) {
      s.problems.push(`${where}.tolerate_failure: only a read may fail without stopping the plan, or a write under a condition reading its own failure (failure_as)`);
    } else step.tolerate_failure = raw.tolerate_failure === true ? true : normalizeCondition(own, `${where}.tolerate_failure`, raw.tolerate_failure);
  }
  if (raw.failure_as !== undefined) {
    if (raw.tolerate_failure === undefined && raw.on_failure === undefined) s.problems.push(`${where}.failure_as: only with tolerate_failure or on_failure (it names the failure)`);
    else if (typeof raw.failure_as !== 'string' || !ID.test(raw.failure_as)) s.problems.push(`${where}.failure_as: the id later steps read the failure by ([a-z][a-z0-9_]*)`);
    else step.failure_as = raw.failure_as;
  }
  if (raw.on_failure !== undefined) {
    if (kind !== undefined) s.problems.push(`${where}.on_failure: only on an MCP call (a failure of its call)`);
    else if (raw.tolerate_failure !== undefined || raw.ledger !== undefined || raw.compensate !== undefined) {
      s.problems.push(`${where}.on_failure: not with tolerate_failure, ledger or compensate (they decide what a failure of the call does)`);
    } else step.on_failure = normalizeOnFailure(inner, `${where}.on_failure`, raw.on_failure, [step.failure_as, step.repeat?.rounds_as]);
  }
  if (raw.answer_numbers !== undefined) {
    if (kind !== undefined) s.problems.push(`${where}.answer_numbers: only on an MCP call (its answer's numbers)`);
    else if (raw.answer_numbers === 'exact') step.answer_numbers = 'exact';
    else if (isObj(raw.answer_numbers) && Object.keys(raw.answer_numbers).length === 1 && raw.answer_numbers.exact_when !== undefined) {
      step.answer_numbers = { exact_when: normalizeCondition(s, `${where}.answer_numbers.exact_when`, raw.answer_numbers.exact_when) };
    } else s.problems.push(`${where}.answer_numbers: exact, or {exact_when: <condition>} (upstream decodes that answer with UseNumber; leave it out for json.Unmarshal's float64)`);
  }
  if (raw.answer_object !== undefined) {
    if (kind !== undefined) s.problems.push(`${where}.answer_object: only on an MCP call (its answer must decode into an object)`);
    else if (raw.answer_object === true || raw.answer_object === 'write') step.answer_object = raw.answer_object;
    else s.problems.push(`${where}.answer_object: true (the answer must decode into a JSON object, as upstream's CallMCPData), write (a blank answer fails too, CallMCPWriteDataStrict), or leave it out`);
  }
  if (raw.answer_raw !== undefined) {
    if (kind !== undefined) s.problems.push(`${where}.answer_raw: only on an MCP call (its answer's text)`);
    else if (raw.answer_raw === 'unless_object') step.answer_raw = 'unless_object';
    else s.problems.push(`${where}.answer_raw: unless_object (the answer's text kept as it came unless it is a JSON object or null), or leave it out`);
  }
  if (raw.answer_json !== undefined) {
    if (kind !== undefined) s.problems.push(`${where}.answer_json: only on an MCP call (its answer must be one JSON text)`);
    else if (raw.answer_json === true || raw.answer_json === 'blank_object') step.answer_json = raw.answer_json;
    else s.problems.push(`${where}.answer_json: true (the answer's first non-blank text must be JSON), blank_object (the same, and no such text is {}), or leave it out`);
  }
  for (const key of ['typed_lists', 'untyped_lists'] as const) {
    const entries = raw[key];
    if (entries === undefined) continue;
    if (kind !== undefined) s.problems.push(`${where}.${key}: only on an MCP call (its arguments)`);
    else if (Array.isArray(entries) && entries.length > 0 && entries.every((p) => isTypedList(p) && (key === 'typed_lists' || !pathOf(p).includes('.')))) {
      step[key] = (entries as unknown[]).map((p, i) => (typeof p === 'string' ? p
        : { path: (p as { path: string }).path, when: normalizeCondition(s, `${where}.${key}[${i}].when`, (p as { when: unknown }).when) }));
    } else if (key === 'typed_lists') s.problems.push(`${where}.typed_lists: a non-empty list of argument paths (dotted keys), each alone or as {path, when}, whose list upstream builds as a typed Go slice`);
    else s.problems.push(`${where}.untyped_lists: a non-empty list of top-level argument keys, each alone or as {path, when}, whose list upstream builds as []any`);
  }
  if (raw.compensate !== undefined) {
    const single = kind === 'upload' || (kind === undefined && step.effect === 'write' && !step.for_each && !step.page && !step.poll && !step.resolve && !step.rpc_if);
    if (!single) s.problems.push(`${where}.compensate: only a single write (an upload, or a call without for_each, page, poll, resolve or rpc_if) is rolled back`);
    step.compensate = normalizeCompensate(s, `${where}.compensate`, raw.compensate, servers);
  }
  return { kind: kind ?? 'call', ...step } as PlanStep;
}

/** A step's (or its rollback's) server is one of the catalog's MCP servers. */
function checkServer(s: Scope, at: string, server: unknown, servers: ReadonlySet<string>): void {
  if (typeof server === 'string' && !servers.has(server)) s.problems.push(`${at}.server: "${server}" is not a known MCP server (a product id or a name under servers:)`);
}

/** The reverse call of a write (`{server, rpc, args}`): its arguments read flags and the steps before, never its own. */
function normalizeCompensate(s: Scope, at: string, raw: unknown, servers: ReadonlySet<string>): CompensateSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be {server, rpc, args}`);
    return { server: '', rpc: '', args: {} };
  }
  only(s, at, raw, ['server', 'rpc', 'args', 'answer_as', 'took_effect']);
  const server = requiredString(s, at, raw, 'server');
  if (server) checkServer(s, at, server, servers);
  const out: CompensateSpec = { server, rpc: requiredString(s, at, raw, 'rpc'), args: raw.args === undefined ? {} : normalizeArgs(s, `${at}.args`, raw.args) };
  if (raw.answer_as === undefined && raw.took_effect === undefined) return out;
  if (typeof raw.answer_as !== 'string' || !ID.test(raw.answer_as) || raw.took_effect === undefined) {
    s.problems.push(`${at}: answer_as (the id took_effect reads the reverse call's answer by, [a-z][a-z0-9_]*) and took_effect (a condition) go together`);
    return out;
  }
  out.answer_as = raw.answer_as;
  // the condition reads the reverse call's answer by answer_as, besides the steps before
  out.took_effect = normalizeCondition({ ...s, earlier: new Set([...s.earlier, raw.answer_as]) }, `${at}.took_effect`, raw.took_effect);
  return out;
}

/** A local plan: no steps; the kinds of backend call the local command makes, and the bound of its list calls. */
function normalizeLocal(s: Scope, at: string, raw: Record<string, unknown>, servers: ReadonlySet<string>): PlanSpec {
  const plan: PlanSpec = { facts: String(raw.facts ?? ''), steps: [], local: { calls: [] } };
  if (raw.steps !== undefined || raw.output !== undefined || raw.outputs !== undefined) s.problems.push(`${at}: a local plan has no steps or output (the local command runs)`);
  if (!isObj(raw.local)) {
    s.problems.push(`${at}: local must be an object ({} or {calls, max_pages})`);
    return plan;
  }
  only(s, `${at}: local`, raw.local, ['calls', 'max_pages']);
  const { calls, max_pages: maxPages } = raw.local;
  if (calls !== undefined) {
    const known = (c: unknown) => c === 'upload' || c === 'download' || (typeof c === 'string' && /^[a-z][a-z0-9-]*\.[A-Za-z_][A-Za-z0-9_]*$/u.test(c) && servers.has(c.split('.')[0]));
    if (!Array.isArray(calls) || calls.length === 0 || !calls.every(known)) {
      s.problems.push(`${at}: local.calls must be a non-empty list of "<server>.<rpc>" (a known server), "upload" or "download"`);
    } else plan.local!.calls = calls as string[];
  }
  if (maxPages !== undefined) {
    if (!Number.isInteger(maxPages) || (maxPages as number) < 1 || (maxPages as number) > 1000) s.problems.push(`${at}: local.max_pages must be an integer in 1..1000`);
    else plan.local!.max_pages = maxPages as number;
  }
  return plan;
}

function normalizePlan(s: Scope, at: string, raw: unknown, servers: ReadonlySet<string>): PlanSpec {
  if (!isObj(raw)) {
    s.problems.push(`${at}: a plan must be an object with facts and steps`);
    return { facts: '', steps: [] };
  }
  only(s, at, raw, ['facts', 'steps', 'output', 'outputs', 'local', 'local_answer', 'warnings', 'confirm']);
  if (typeof raw.facts !== 'string' || raw.facts.trim().length === 0) s.problems.push(`${at}: needs a facts line`);
  if (raw.local !== undefined) return normalizeLocal(s, at, raw, servers);
  if (!Array.isArray(raw.steps) || raw.steps.length === 0) {
    s.problems.push(`${at}: needs a non-empty steps list`);
    return { facts: String(raw.facts ?? ''), steps: [] };
  }
  const ids = new Set<string>();
  // the steps an interleave names run once per element of its list: `{item: true}` is that element
  const following: string[] = [];
  // the steps a repeat names run again with their lead, each round: reads and local steps only
  const rounds: string[] = [];
  const steps = raw.steps.map((st, i) => {
    const inRound = isObj(st) && rounds[0] !== undefined && st.id === rounds[0];
    if (inRound) rounds.shift();
    else if (rounds.length) s.problems.push(`${at}: steps[${i}]: the repeat before names ${rounds.map((x) => `"${x}"`).join(', ')} next, in that order`);
    if (!inRound) rounds.length = 0;
    const follows = isObj(st) && following[0] !== undefined && st.id === following[0];
    if (follows) following.shift();
    else if (following.length) s.problems.push(`${at}: steps[${i}]: the interleave before names ${following.map((x) => `"${x}"`).join(', ')} next, in that order`);
    if (!follows) following.length = 0;
    const step = normalizeStep(follows ? { ...s, inForEach: true } : s, `${at}: steps[${i}]`, st, servers, ids);
    if (inRound && (!['value', 'pick', 'refuse', 'call'].includes(step.kind) || step.effect !== 'read' || (step.kind === 'call' && (step.repeat || step.interleave)))) {
      s.problems.push(`${at}: steps[${i}] (${step.id}): a step of a repeated round is a value, pick or refuse step or a read without repeat or interleave`);
    }
    if (step.kind === 'call' && step.repeat) {
      if (inRound) s.problems.push(`${at}: steps[${i}] (${step.id}): a repeat does not nest in another's round`);
      else rounds.push(...step.repeat.steps);
    }
    if (step.kind === 'call' && step.interleave) {
      if (follows) s.problems.push(`${at}: steps[${i}] (${step.id}): a step that interleaves does not follow another's interleave`);
      else following.push(...step.interleave);
    }
    ids.add(step.id);
    s.earlier.add(step.id);
    const own = step.kind === 'call' ? [['ledger.into', step.ledger?.into], ['recover_into', step.recover_into], ['failure_as', step.failure_as], ['poll.timeout_as', step.poll?.timeout_as], ['repeat.rounds_as', step.repeat?.rounds_as]] as const : [];
    for (const [key, id] of [...own, ['compensate.answer_as', step.compensate?.answer_as] as const]) {
      if (id === undefined) continue;
      if (ids.has(id) || (raw.steps as unknown[]).some((x) => isObj(x) && x.id === id)) s.problems.push(`${at}: steps[${i}].${key}: "${id}" is already a step id`);
      ids.add(id);
      s.earlier.add(id);
    }
    return step;
  });
  if (rounds.length) s.problems.push(`${at}: the repeat names ${rounds.map((x) => `"${x}"`).join(', ')}, which do not follow it`);
  if (following.length) s.problems.push(`${at}: the interleave names ${following.map((x) => `"${x}"`).join(', ')}, which do not follow it`);
  const plan: PlanSpec = { facts: raw.facts as string, steps };
  if (raw.output !== undefined) plan.output = normalizeSource(s, `${at}: output`, raw.output);
  if (raw.outputs !== undefined) {
    // several documents, printed in order (upstream's body prints a call's answer, then its summary)
    if (!Array.isArray(raw.outputs) || raw.outputs.length < 2 || raw.output !== undefined || raw.local_answer !== undefined) {
      s.problems.push(`${at}: outputs must be a list of at least two sources, the documents printed in order, without output or local_answer`);
    } else plan.outputs = raw.outputs.map((o, i) => normalizeSource(s, `${at}: outputs[${i}]`, o));
  }
  if (raw.local_answer !== undefined) {
    if (raw.local_answer !== true || raw.output === undefined) s.problems.push(`${at}: local_answer must be true, with an output that is the answer`);
    else plan.local_answer = true;
  }
  if (raw.warnings !== undefined) plan.warnings = normalizeWarnings(s, `${at}: warnings`, raw.warnings);
  if (raw.confirm !== undefined) {
    const confirm = normalizeConfirm(s, `${at}: confirm`, raw.confirm, steps);
    if (confirm !== undefined) plan.confirm = confirm;
  }
  const t = s.tool;
  // A plan may read a flag by any of its spellings (an alias folds into the flag it stands for).
  const used = (name: string) => [...s.flags].some((f) => f === name || flagKey(t, f) === flagKey(t, name));
  for (const [name, p] of Object.entries(t.parameters)) {
    if ((p.required || p.cli_required) && !used(name)) s.problems.push(`${at}: required parameter --${name} is not used by any step`);
  }
  for (const g of t.constraints.require_one_of) {
    if (!g.some(used)) s.problems.push(`${at}: none of the require_one_of group ${g.map((f) => `--${f}`).join(', ')} is used`);
  }
  // a group the plan refuses itself (constraints.plan_refuses): a refuse step before the first transfer or call names
  // every flag of it (or a spelling of the flag)
  const first = steps.findIndex((st) => st.kind === 'call' || st.kind === 'upload' || st.kind === 'download');
  const messages = steps.slice(0, first < 0 ? steps.length : first).flatMap((st) => (st.kind !== 'refuse' ? [] : typeof st.refuse === 'string' ? [st.refuse] : st.refuse.map((c) => c.message)));
  const spelled = (f: string) => [f, ...Object.keys(t.parameters).filter((n) => n !== f && flagKey(t, n) === flagKey(t, f))];
  for (const g of Object.values(t.constraints.plan_refuses ?? {}).flat()) {
    const named = (m: string) => g.every((f) => spelled(f).some((n) => new RegExp(`--${n}(?![\\w-])`, 'u').test(m)));
    if (!messages.some(named)) s.problems.push(`${at}: no refuse step before the first call names every flag of the group ${g.map((f) => `--${f}`).join(', ')} (constraints.plan_refuses)`);
  }
  return plan;
}

/** Validates every plan file; returns the normalized plans by canonical path, or the list of problems. */
export function validatePlans(declared: PlanFile[], tools: readonly ToolSpec[]): { plans: Map<string, PlanSpec>; problems: string[] } {
  // a fragment shared across files is written out where it is used, then validated there (src/plan/fragments.ts)
  const { files, problems } = expandFragments(declared);
  const byPath = new Map(tools.map((t) => [t.canonical_path, t]));
  const servers = new Set<string>();
  for (const t of tools) {
    servers.add(t.product_id);
    if (t.interface_ref) servers.add(t.interface_ref.product_id);
  }
  for (const { file, doc } of files) {
    if (!isObj(doc)) {
      problems.push(`catalog/plans/${file}: must be a mapping with plans: and/or servers:`);
      continue;
    }
    // (a `fragments:` key was taken out by expandFragments)
    for (const k of Object.keys(doc)) if (k !== 'plans' && k !== 'servers') problems.push(`catalog/plans/${file}: unknown top-level key "${k}"`);
    if (doc.servers !== undefined) {
      if (!Array.isArray(doc.servers) || !doc.servers.every((x) => typeof x === 'string' && /^[a-z][a-z0-9-]*$/u.test(x))) problems.push(`catalog/plans/${file}: servers must be a list of server names`);
      else for (const x of doc.servers as string[]) servers.add(x);
    }
  }
  const plans = new Map<string, PlanSpec>();
  const declaredIn = new Map<string, string>();
  for (const { file, doc } of files) {
    if (!isObj(doc) || doc.plans === undefined) continue;
    if (!isObj(doc.plans)) {
      problems.push(`catalog/plans/${file}: plans must map canonical paths to plans`);
      continue;
    }
    for (const [path, raw] of Object.entries(doc.plans)) {
      const at = `catalog/plans/${file}: ${path}`;
      const tool = byPath.get(path);
      if (!tool) {
        problems.push(`${at}: no such command in the catalog`);
        continue;
      }
      if (tool.interface_mode === 'local') {
        problems.push(`${at}: is a local command; only composite and atomic (mcp) commands take a plan`);
        continue;
      }
      if (declaredIn.has(path)) {
        problems.push(`${at}: declared twice (also in catalog/plans/${declaredIn.get(path)})`);
        continue;
      }
      declaredIn.set(path, file);
      const scope: Scope = { tool, earlier: new Set(), inForEach: false, problems, flags: new Set() };
      const plan = normalizePlan(scope, at, raw, servers);
      if (tool.interface_mode === 'mcp') checkAtomicPlan(at, tool, plan, problems);
      plans.set(path, plan);
    }
  }
  return { plans, problems };
}

/**
 * A plan's `confirm:` (docs/PLANS.md "Confirmation"): `first`, or `{before?: <step id>, when?: <condition>}` with at
 * least one key: `before` names a step no earlier step of which reaches the backend (nothing is called before the
 * gate); `when` is decided by the flags alone (the gate is placed before any step runs). Only on a command that needs
 * the user's confirmation.
 */
function normalizeConfirm(s: Scope, at: string, raw: unknown, steps: PlanStep[]): ConfirmAt | undefined {
  if (s.tool.confirmation !== 'user_required') {
    s.problems.push(`${at}: only a command whose confirmation is user_required has a confirmation gate to place (this one is ${s.tool.confirmation})`);
    return undefined;
  }
  if (raw === 'first') return 'first';
  const keys = isObj(raw) ? Object.keys(raw) : [];
  if (!isObj(raw) || keys.length === 0 || keys.some((k) => k !== 'before' && k !== 'when') || (raw.before !== undefined && typeof raw.before !== 'string')) {
    s.problems.push(`${at}: must be "first" or {before?: <step id>, when?: <condition>}`);
    return undefined;
  }
  const out: Exclude<ConfirmAt, 'first'> = {};
  if (typeof raw.before === 'string') {
    const index = steps.findIndex((st) => st.id === raw.before);
    if (index < 0) {
      s.problems.push(`${at}: before names "${raw.before}", which is no step of the plan`);
      return undefined;
    }
    const called = steps.slice(0, index).find((st) => st.kind === 'call' || st.kind === 'upload' || st.kind === 'download' || st.kind === 'handoff');
    if (called) {
      s.problems.push(`${at}: step "${called.id}" before "${raw.before}" reaches the backend, and nothing is called before the confirmation gate`);
      return undefined;
    }
    out.before = raw.before;
  }
  if (raw.when !== undefined) {
    // whether the gate stands is known before any step runs: the flags alone decide it (no step result, standard
    // input, file, environment or dry-run state)
    if (readsRunInput(raw.when, ['dry_run'])) {
      s.problems.push(`${at}.when: whether a confirmation is asked is decided before the run starts, so its condition reads flags only (no step result, standard input, file, environment or dry run)`);
      return undefined;
    }
    out.when = normalizeCondition(s, `${at}.when`, raw.when);
  }
  return out;
}

/**
 * Whether a raw condition or source reads anything besides the flags (a step result, stdin, a file, the environment),
 * or one of the `also` keys (a confirmation condition: the dry-run state).
 */
function readsRunInput(v: unknown, also: readonly string[] = []): boolean {
  if (Array.isArray(v)) return v.some((x) => readsRunInput(x, also));
  if (!isObj(v)) return false;
  if (['from', 'stdin', 'env', 'item', ...also].some((k) => Object.hasOwn(v, k))) return true;
  if (Array.isArray(v.transform) && v.transform.some((t) => typeof t === 'string' && ['read_text', 'json_or_file', 'at_file', 'file_size', 'stat_size'].includes(t))) return true;
  return Object.values(v).some((x) => readsRunInput(x, also));
}

/**
 * A warn step's notice: {reason (src/errors.ts WARNINGS but deprecated_command, which is about the command), message,
 * details? (a value source: what the notice carries from earlier results)}.
 */
function normalizeWarn(s: Scope, at: string, raw: unknown): { reason: WarningReason; message: string; details?: Source } {
  const fallback = { reason: 'truncated_result' as WarningReason, message: 'invalid' };
  if (!isObj(raw)) {
    s.problems.push(`${at}: must be an object {reason, message}`);
    return fallback;
  }
  only(s, at, raw, ['reason', 'message', 'details']);
  if (typeof raw.reason !== 'string' || !Object.hasOwn(WARNINGS, raw.reason) || raw.reason === 'deprecated_command') {
    s.problems.push(`${at}.reason: one of ${Object.keys(WARNINGS).filter((r) => r !== 'deprecated_command').join(', ')}`);
    return fallback;
  }
  if (typeof raw.message !== 'string' || raw.message.trim() === '' || carriesNoticeLead(raw.message)) {
    s.problems.push(`${at}.message: a text without its [WARN]/[FIX] prefix (nor [INFO]; the reason adds it)`);
    return fallback;
  }
  const out: { reason: WarningReason; message: string; details?: Source } = { reason: raw.reason as WarningReason, message: raw.message };
  if (raw.details !== undefined) out.details = normalizeSource(s, `${at}.details`, raw.details);
  return out;
}

/** A plan's `warnings:` (docs/PLANS.md "Warnings"): a list of {reason (src/errors.ts WARNINGS), message, when?}. */
function normalizeWarnings(s: Scope, at: string, raw: unknown): PlanWarning[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    s.problems.push(`${at}: must be a non-empty list of {reason, message, when?}`);
    return [];
  }
  return raw.flatMap((w, i): PlanWarning[] => {
    const wat = `${at}[${i}]`;
    if (!isObj(w)) {
      s.problems.push(`${wat}: must be an object {reason, message, when?}`);
      return [];
    }
    only(s, wat, w, ['reason', 'message', 'when', 'alias']);
    if (typeof w.reason !== 'string' || !Object.hasOwn(WARNINGS, w.reason)) {
      s.problems.push(`${wat}: reason must be one of ${Object.keys(WARNINGS).join(', ')}`);
      return [];
    }
    if (typeof w.message !== 'string' || w.message.trim() === '' || carriesNoticeLead(w.message)) {
      s.problems.push(`${wat}: message must be a text without its [WARN]/[FIX]/[INFO]/hint: prefix (the reason adds it)`);
      return [];
    }
    const out: PlanWarning = { reason: w.reason as WarningReason, message: w.message };
    if (w.when !== undefined) out.when = normalizeCondition(s, `${wat}.when`, w.when);
    // a notice about the command itself is given by dispatch before it checks anything (executor.ts commandNotices):
    // its condition is decided by the flags alone
    if (w.reason === 'deprecated_command' && w.when !== undefined && readsRunInput(w.when)) {
      s.problems.push(`${wat}.when: a deprecated_command notice is given before the run starts, so its condition reads flags only (no step result, standard input, file or environment)`);
    }
    if (w.alias !== undefined) {
      // an alias, or a group that runs this command when typed with arguments (src/catalog/group-runs.ts)
      const names = [...s.tool.aliases, ...groupRunsOf(s.tool.cli_path)];
      if (typeof w.alias !== 'string' || !names.includes(w.alias)) s.problems.push(`${wat}.alias: must be one of the command's aliases or the groups that run it (${names.join(', ') || 'none'})`);
      else out.alias = w.alias;
    }
    return [out];
  });
}

/** `a` is exactly `{not: b}` (the same condition, negated) */
function isNegation(a: Condition, b: Condition): boolean {
  return typeof a === 'object' && a !== null && 'not' in a && Object.keys(a).length === 1 && JSON.stringify(a.not) === JSON.stringify(b);
}

/**
 * An atomic command's plan declares what its upstream body does around its one RPC: exactly one call of the
 * command's own RPC (maybe paged; no for_each, resolve or poll), and besides it only refusals, reads of other RPCs
 * (a lookup before, a poll or a read after), uploads, downloads and saves (a file its body transfers), the rest
 * of a chunked write and a fresh read of its transfer credentials (below). The command's effect and confirmation
 * cover the whole plan, so no other step may write to the backend through an RPC.
 */
function checkAtomicPlan(at: string, tool: ToolSpec, plan: PlanSpec, problems: string[]): void {
  const ref = tool.interface_ref;
  const ownAt = plan.steps.findIndex((s) => s.kind === 'call' && ref !== undefined && s.server === ref.product_id && s.rpc === ref.rpc_name && !s.for_each);
  const ownId = ownAt >= 0 ? plan.steps[ownAt].id : undefined;
  const continues = (s: PlanStep, i: number) => ownAt >= 0 && i > ownAt
    && (isChunkContinuation(s, ref?.product_id) || isCredentialRefresh(s, plan.steps.slice(ownAt + 1, i)) || isContentWrite(s, ref?.product_id, ownId!)
      || isRefusedRetry(s, ref, plan.steps[ownAt]));
  const own = plan.steps.filter((s, i) => s.kind === 'call' && ref !== undefined && s.server === ref.product_id && s.rpc === ref.rpc_name && !continues(s, i));
  const name = ref ? `${ref.product_id}.${ref.rpc_name}` : 'its RPC';
  // two own calls are still one when exactly one of them runs: one's condition is the other's negation (upstream
  // bodies that read the same RPC two ways, e.g. chat message search-advanced's one call or paged command without
  // conversation ids and its scoped scan with them, helpers/chat.go:513-556@c7521c1c)
  const oneOfTwo = own.length === 2 && own.every((s) => s.when !== undefined)
    && own.some((s, i) => isNegation(s.when!, own[1 - i].when!));
  if ((own.length !== 1 && !oneOfTwo) || own.some((s) => s.kind === 'call' && (s.for_each || s.resolve || s.poll))) {
    problems.push(`${at}: an atomic command's plan makes exactly one call of ${name}, maybe paged (no for_each, resolve or poll)`);
  }
  plan.steps.forEach((s, i) => {
    // the pair a call may choose from is its command's own RPC and one other (upstream --query-all's RPC)
    if (s.kind === 'call' && s.rpc_if && !own.includes(s)) problems.push(`${at}: step "${s.id}": only the command's own call chooses its RPC (rpc_if)`);
    if (own.includes(s) || continues(s, i)) return;
    if (s.kind === 'handoff' || s.kind === 'pick') problems.push(`${at}: step "${s.id}": an atomic command's plan has no ${s.kind} step`);
    if (s.kind === 'call' && s.effect !== 'read') problems.push(`${at}: step "${s.id}": besides ${name}, an atomic command's plan only reads (${s.server}.${s.rpc} is a write)`);
  });
}

/**
 * The rest of a chunked write (upstream docWritePipeline: the first piece goes in the command's own call, each
 * further piece is appended): a write on the command's own server after its own call, once per element of a list
 * whose last transform is `rest` (the pieces after the first).
 */
function isChunkContinuation(s: PlanStep, server: string | undefined): boolean {
  if (s.kind !== 'call' || s.server !== server || s.effect === 'read' || !s.for_each || s.page || s.resolve || s.poll) return false;
  const ts = s.for_each.transform ?? [];
  return ts.length > 0 && ts[ts.length - 1] === 'rest';
}

/** Whether a source or condition reads the result of the step `id` anywhere inside it (a `{from: id}`). */
function readsStep(v: unknown, id: string): boolean {
  if (Array.isArray(v)) return v.some((x) => readsStep(x, id));
  return isObj(v) && (v.from === id || Object.values(v).some((x) => readsStep(x, id)));
}

/**
 * The content written into what the command's own call created (upstream doc create --content-format jsonml:
 * create_document, then one update_document overwrite on the new nodeId, doc.go:1586-1613@c7521c1c): one write on the
 * command's own server after its own call, no for_each, page, resolve or poll, whose arguments read that call's answer
 * (`{from: <own call>}`). A failure of it after the create is the run's partial_outcome, naming the created id.
 */
function isContentWrite(s: PlanStep, server: string | undefined, ownId: string): boolean {
  if (s.kind !== 'call' || s.server !== server || s.effect === 'read' || s.for_each || s.page || s.resolve || s.poll || s.rpc_if) return false;
  return readsStep(s.args, ownId);
}

/**
 * The command's own call sent once more because its first answer says the server refused it before acting (upstream
 * pat chmod's identity fallback: a grant answered PAT_FORGED_IDENTITY_FIELD is sent again without its identity
 * arguments, internal/pat/chmod.go:595-615@c7521c1c): the same RPC, no for_each, page, resolve, poll or rpc_if, run only
 * when a condition reading that first answer (`{from: <own call>}`) holds, so at most one of the two calls acts.
 */
function isRefusedRetry(s: PlanStep, ref: ToolSpec['interface_ref'], own: PlanStep): boolean {
  if (s.kind !== 'call' || ref === undefined || s.server !== ref.product_id || s.rpc !== ref.rpc_name) return false;
  if (s.for_each || s.page || s.resolve || s.poll || s.rpc_if || s.when === undefined) return false;
  // the first answer, or the first call's failure that its own tolerate_failure passed over (h54-left: a refusal carried
  // as a business error)
  const failureAs = own.kind === 'call' && own.tolerate_failure !== undefined ? own.failure_as : undefined;
  return readsStep(s.when, own.id) || (failureAs !== undefined && readsStep(s.when, failureAs));
}

/**
 * The command's own read asked once more for fresh transfer credentials after a transfer between them that declares
 * `refused_statuses` (upstream downloadSingleWithAuthRetry: drive download re-asks download_file after a 401/403): a
 * single read whose failure is tolerated (the first refusal then stands), never a write.
 */
function isCredentialRefresh(s: PlanStep, between: PlanStep[]): boolean {
  if (s.kind !== 'call' || s.effect !== 'read' || s.tolerate_failure !== true || s.for_each || s.page || s.resolve || s.poll) return false;
  return between.some((t) => (t.kind === 'download' && t.download.refused_statuses !== undefined) || (t.kind === 'upload' && t.upload.refused_statuses !== undefined));
}
