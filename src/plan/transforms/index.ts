// The closed set of value transforms of the plan language (docs/PLANS.md "Transforms"), by family: values.ts
// (booleans, numbers, lookups), text.ts, lists.ts, time.ts (the run's clock), files.ts (the file root), markdown.ts
// (the doc write commands' splitting and title), utf16.ts, json.ts, ids.ts (DingTalk identifier forms), rows.ts (an
// answer's list projected to rows), messages.ts (chat messages as upstream's readers print them), and the few that serve one command's domain (src/domain/). A plan names a
// transform as a string, or as `{name: arg}` when it takes an argument (checked when the plan is built).
import type { Transform } from '../spec.js';
import * as values from './values.js';
import * as text from './text.js';
import * as lists from './lists.js';
import * as time from './time.js';
import * as files from './files.js';
import * as markdown from './markdown.js';
import * as utf16 from './utf16.js';
import * as json from './json.js';
import * as ids from './ids.js';
import * as rows from './rows.js';
import * as messages from './messages.js';
import { sheetStyleOperations } from '../../domain/sheet-style.js';
import { sheetBatchOperations } from '../../domain/sheet-batch.js';
import { firstFilledCell, sheetCreateStyles } from '../../domain/sheet-create-styles.js';
import { URL_PARTS, alidocsUrlPart, type UrlPart } from '../../domain/alidocs.js';
import { rowsToCsv } from '../../domain/csv.js';
import { columnLetters, sheetCsvFilled, sheetTableProbes, sheetTableSpecs, sheetValuesBudget } from '../../domain/sheet-table-specs.js';
import { sheetCleanCells } from '../../domain/sheet-cells.js';
import { docBlockTexts, docSelectionMatches } from '../../domain/doc-selection.js';
import { blockContentEquals, docBlockCopy, docBlockPage, docPageState, docTextMatches, findBlock, insertedBlockShows } from '../../domain/doc-blocks.js';
import { docMediaBlock, docMediaItems, docMediaPage } from '../../domain/doc-media.js';
import { jsonmlTransform } from '../../domain/doc-jsonml.js';
import { docHistoryPage, docRevertProven, docVersionPage } from '../../domain/doc-versions.js';
import { docTargetPage, docTargetSelect } from '../../domain/doc-target.js';
import { docKeywordMatches } from '../../domain/doc-keyword.js';
import { cardUpdateVerdict, streamingCardUpdate } from '../../domain/chat-cards.js';
import { checkFilters, normalizeFilters } from '../../domain/aitable-filters.js';
import { mailFilename, mailInlineBody, mailInlineFiles, mailUploadUrl } from '../../domain/mail-attachments.js';
import { todoDone, todoDueMs, todoTaskId } from '../../domain/todo-cards.js';
import { wikiSpaceCandidates } from '../../domain/wiki-spaces.js';
import { deptCandidates, deptMemberCandidates, mobileUserId, orgUserDeptId } from '../../domain/contact-depts.js';
import { mailboxAddress, mailInboxFolderId } from '../../domain/mail-mailboxes.js';
import { reportListOrder, reportListReadable } from '../../domain/report-list.js';
import { chatListCursor, conversationCursor } from '../../domain/chat-conversations.js';
import { calendarConflicts, calendarDayEvents, calendarEventPage, calendarFreeSlots, calendarNextEvent } from '../../domain/calendar-events.js';
import { isObj, refuse, str, type Fn, type Param, type TransformContext } from './types.js';
import type { JsonNumber } from '../../json-number.js';

export type { TransformContext };

/** A doc read-back's content format: markdown unless given (jsonml). */
const formatOf = (v: Record<string, unknown>, where: string): string => (v.format === undefined ? 'markdown' : str(v.format, where));

/** Named transforms (no argument). */
export const TRANSFORMS: Record<string, Fn> = {
  ...values.PLAIN, ...text.PLAIN, ...lists.PLAIN, ...time.PLAIN, ...files.PLAIN, ...markdown.PLAIN, ...utf16.PLAIN, ...json.PLAIN,
  ...ids.PLAIN, ...messages.PLAIN,
  // one command's domain (src/domain/)
  sheet_style_operations: (v) => sheetStyleOperations(v),
  sheet_batch_operations: (v, where, ctx) => sheetBatchOperations(v, (file) => files.PLAIN.read_text(file, where, ctx) as string),
  rows_to_csv: rowsToCsv,
  doc_block_texts: (v) => docBlockTexts(v),
  doc_selection_matches: docSelectionMatches,
  doc_block_page: (v) => docBlockPage(v),
  doc_page_state: (v) => docPageState(v),
  doc_block_find: (v, where) => (isObj(v) ? findBlock(v.blocks, str(v.id, where)) : refuse(where, v, 'an object {blocks, id}')),
  doc_block_equals: (v, where) => (isObj(v)
    ? blockContentEquals(v.blocks, str(v.id, where), str(v.expected, where), formatOf(v, where)) : refuse(where, v, 'an object {blocks, id, expected, format}')),
  doc_block_inserted: (v, where) => (isObj(v)
    ? insertedBlockShows(v.blocks, v.answer, str(v.after, where), str(v.expected, where), formatOf(v, where)) : refuse(where, v, 'an object {blocks, answer, after, expected, format}')),
  doc_text_matches: (v, where) => (isObj(v) ? docTextMatches(v, str(v.old, where), str(v.new, where)) : refuse(where, v, 'an object {blocks, old, new}')),
  doc_block_copy: (v, where) => (isObj(v) ? docBlockCopy(v) : refuse(where, v, 'a block (an object)')),
  doc_media_page: (v) => docMediaPage(v),
  doc_version_page: (v) => docVersionPage(v),
  doc_history_page: (v) => docHistoryPage(v),
  doc_revert_proven: (v, where) => (isObj(v) ? docRevertProven(v) : refuse(where, v, 'an object {revert, current, version}')),
  doc_media_items: (v) => docMediaItems(v),
  doc_target_page: (v) => docTargetPage(v),
  doc_target_select: (v, where) => (isObj(v) ? docTargetSelect(v) : refuse(where, v, 'an object {candidates, query}')),
  doc_keyword_matches: (v, where) => (isObj(v) ? docKeywordMatches(v) : refuse(where, v, 'an object {content, keyword, before?, after?}')),
  streaming_card_update: (v, where) => (isObj(v) ? streamingCardUpdate(v.answer, str(v.bizId, where)) : refuse(where, v, 'an object {answer, bizId}')),
  doc_media_block: (v, where) => (isObj(v) ? docMediaBlock(v) : refuse(where, v, 'an object {blocks, answer, resourceId, resourceUrl}')),
  check_filters: checkFilters,
  normalize_filters: (v) => normalizeFilters(v),
  sheet_create_styles: (v) => sheetCreateStyles(v),
  first_filled_cell: (v) => firstFilledCell(v),
  /** a zero-based column index (a whole number, 0 or more) -> its A1 letters: 0 A, 25 Z, 26 AA (sheet info's legacy coordinates) */
  column_letters: (v, where) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? columnLetters(v) : refuse(where, v, 'a whole column index, 0 or more')),
  sheet_table_specs: (v) => sheetTableSpecs(v),
  sheet_values_budget: (v) => sheetValuesBudget(v),
  sheet_table_probes: (v) => sheetTableProbes(v),
  sheet_csv_filled: (v) => sheetCsvFilled(v),
  sheet_clean_cells: (v) => sheetCleanCells(v),
  calendar_day_events: (v) => calendarDayEvents(v),
  calendar_next_event: calendarNextEvent,
  calendar_conflicts: calendarConflicts,
  calendar_free_slots: calendarFreeSlots,
  calendar_event_page: calendarEventPage,
  card_update_verdict: (v) => cardUpdateVerdict(v),
  mail_inline_files: mailInlineFiles,
  mail_inline_body: mailInlineBody,
  mail_upload_url: mailUploadUrl,
  mail_filename: mailFilename,
  todo_due_ms: (v) => todoDueMs(v),
  todo_done: (v) => todoDone(v),
  todo_task_id: (v) => todoTaskId(v),
  dept_candidates: (v) => deptCandidates(v),
  /** a search_wikiSpaces answer -> {candidates: [{id, name}]} or {problem, index?} (wiki +wiki-new-doc; src/domain/wiki-spaces.ts) */
  wiki_space_candidates: (v) => wikiSpaceCandidates(v),
  dept_member_candidates: (v) => deptMemberCandidates(v),
  org_user_dept_id: (v) => orgUserDeptId(v),
  mobile_user_id: (v) => mobileUserId(v),
  mailbox_address: (v) => mailboxAddress(v),
  mail_inbox_folder: (v) => mailInboxFolderId(v),
};

const url_part: Param = (part) => {
  if (typeof part !== 'string' || !(URL_PARTS as readonly string[]).includes(part)) throw new Error(`url_part is one of ${URL_PARTS.join(', ')}`);
  return (v, where) => alidocsUrlPart(part as UrlPart, v, where);
};

/** `{jsonml: node|body}`: the doc writes' JSONML checked and repaired as upstream's prepareJsonMLNode/Body (src/domain/doc-jsonml.ts). */
const jsonml: Param = (mode) => {
  if (mode !== 'node' && mode !== 'body') throw new Error('jsonml is node (one block element) or body (a whole document)');
  return jsonmlTransform(mode);
};

/**
 * `{report_list_readable: order|inbox|sent}` (src/domain/report-list.ts): `order` -> a report list answer's report ids,
 * newest first (absent without a list); `inbox`/`sent` -> {answer, ledger, details, title, instruction} as upstream
 * prints the list (absent without a list).
 */
const report_list_readable: Param = (mode) => {
  if (mode !== 'order' && mode !== 'inbox' && mode !== 'sent') throw new Error('report_list_readable is order, inbox or sent');
  if (mode === 'order') return (v) => reportListOrder(v);
  return (v, where) => (isObj(v) ? reportListReadable(v, mode === 'sent') : refuse(where, v, 'an object {answer, ledger, details, title, instruction}'));
};

/**
 * A page cursor transform over one of upstream's cursor readings (`read`: the number it keeps, undefined where it fails):
 * `value` that number, 0 where the reading fails; `follow` the cursor the next page is asked with, refused (saying
 * `wanted`) where the reading fails or gives 0.
 */
const pageCursorParam = (name: string, read: (v: unknown) => number | JsonNumber | undefined, wanted: string): Param => (mode) => {
  if (mode !== 'follow' && mode !== 'value') throw new Error(`${name} is follow or value`);
  if (mode === 'value') return (v) => read(v) ?? 0;
  return (v, where) => {
    const c = read(v);
    return c === undefined || c === 0 ? refuse(where, v, wanted) : c;
  };
};

/**
 * `{conversation_cursor: follow|value}` (src/domain/chat-conversations.ts): a conversation page's next cursor as upstream's
 * conversationPaginationCursor reads it. `follow`: the cursor the next page is asked with, refused where upstream's
 * reading fails or gives 0 (chat_conversation.go:433-436@c7521c1c: no cursor to go on with); `value`: the int64 upstream
 * keeps and prints, 0 where its reading fails.
 */
const conversation_cursor = pageCursorParam('conversation_cursor', conversationCursor, 'a whole number other than 0 (a number is truncated, a text read as a signed decimal integer)');

/**
 * `{chat_list_cursor: follow|value}` (src/domain/chat-conversations.ts): a +flag-list / +chat-list page's next cursor as
 * upstream's flagListNextCursor / chatListNextCursor read it. `follow`: the cursor the next page is asked with, refused
 * where the reading fails or is not above 0 (lark_alignment.go:693, :1143@c7521c1c); `value`: the int
 * upstream keeps and prints, 0 where its reading fails.
 */
const chat_list_cursor = pageCursorParam('chat_list_cursor', chatListCursor, 'a whole number above 0');

const PARAMS: Record<string, Param> = {
  ...values.PARAM, ...text.PARAM, ...lists.PARAM, ...rows.PARAM, ...messages.PARAM, ...markdown.PARAM, ...json.PARAM, url_part, jsonml, report_list_readable, conversation_cursor, chat_list_cursor,
};

/** Transform names with an argument: `{format: "tpl %s"}`, `{default: literal}`, `{map: {...}}`, `{multiply: n}`, ... */
export const PARAMETRIZED_TRANSFORMS: readonly string[] = Object.keys(PARAMS);

const PROCESS: TransformContext = { env: process.env };

export function applyTransform(t: Transform, v: unknown, where: string, ctx: TransformContext = PROCESS): unknown {
  if (typeof t === 'string') return TRANSFORMS[t](v, where, ctx);
  const [name, arg] = Object.entries(t)[0];
  return PARAMS[name](arg)(v, where, ctx);
}

/** Applies transforms left to right; an undefined result (`first` of an empty list) stays undefined. */
export function applyTransforms(ts: readonly Transform[] | undefined, v: unknown, where: string, ctx: TransformContext = PROCESS): unknown {
  let out = v;
  for (const t of ts ?? []) {
    if (out === undefined) return undefined;
    out = applyTransform(t, out, where, ctx);
  }
  return out;
}

/** The name of a transform as written, for validation messages. */
export function transformName(t: unknown): string | undefined {
  if (typeof t === 'string') return Object.hasOwn(TRANSFORMS, t) ? t : undefined;
  if (typeof t === 'object' && t !== null && !Array.isArray(t)) {
    const keys = Object.keys(t);
    if (keys.length === 1 && Object.hasOwn(PARAMS, keys[0])) return keys[0];
  }
  return undefined;
}

/** The problem with a parametrized transform's argument (build time), or undefined. */
export function transformArgProblem(t: Transform): string | undefined {
  if (typeof t === 'string') return undefined;
  const [name, arg] = Object.entries(t)[0];
  try {
    PARAMS[name](arg);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}
