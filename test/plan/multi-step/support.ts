// Shared pieces of the multi-step plan tests: the 140 plans from the built catalog, the flags each test run uses
// (required flags filled by type, then test/fixtures/multi-step/inputs.json), and a canned-answer synthesizer. The
// synthesizer reads a plan and answers each call with the smallest result that lets the plan go on: every path a
// later step, condition or output reads from that step, one candidate per resolve step (two when a test wants an
// ambiguous answer), the value an `expect` checks, the state a poll waits for, and blob URLs for transfers.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ToolSpec } from '../../../src/catalog/types.js';
import type { PlanSpec, PlanStep, Source } from '../../../src/plan/spec.js';
import { ROOT, anySteps, shippedEngine, type AnyStep } from '../../helpers.js';

export type { PlanSpec, PlanStep };

type Segment = { key: string } | { index: number } | { each: true };

/** The path syntax of docs/PLANS.md ("a.b[0].c", "[*]"), parsed for the synthesizer. */
export function parsePath(p: string): Segment[] {
  const out: Segment[] = [];
  for (const part of p.split('.')) {
    const m = /^([^.[\]]*)((?:\[(?:\d+|\*)\])*)$/u.exec(part);
    if (!m) throw new Error(`malformed path ${p}`);
    if (m[1] !== '') out.push({ key: m[1] });
    for (const b of m[2].match(/\[(\d+|\*)\]/gu) ?? []) out.push(b === '[*]' ? { each: true } : { index: Number(b.slice(1, -1)) });
  }
  return out;
}

export const MULTI_DIR = path.join(ROOT, 'catalog', 'plans', 'multi-step');

/** Canonical paths declared under catalog/plans/multi-step/, in code point order. */
export function multiStepPaths(): string[] {
  const out: string[] = [];
  for (const f of readFileSync(path.join(ROOT, 'test', 'fixtures', 'multi-step', 'plans.txt'), 'utf8').split('\n')) if (f.trim()) out.push(f.trim());
  return out;
}

export function toolOf(canonical: string): ToolSpec & { plan: PlanSpec } {
  const t = shippedEngine().tools().find((x) => x.canonical_path === canonical);
  if (!t || !t.plan) throw new Error(`no planned tool ${canonical}`);
  return t as ToolSpec & { plan: PlanSpec };
}

/** The committed local files the plans read (relative to the repository root, the tests' working directory). */
export const FILES = 'test/fixtures/multi-step/files';

/** A scratch file root holding copies of the fixture files (downloads and saves of a run land here). */
export function makeFileRoot(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-multi-'));
  for (const f of readdirSync(path.join(ROOT, FILES))) copyFileSync(path.join(ROOT, FILES, f), path.join(dir, f));
  return dir;
}

type Overrides = Record<string, Record<string, unknown>>;
const OVERRIDES: Overrides = JSON.parse(readFileSync(path.join(ROOT, 'test', 'fixtures', 'multi-step', 'inputs.json'), 'utf8')) as Overrides;

function sampleFor(type: string, name: string, enumValues?: unknown[]): unknown {
  if (enumValues && enumValues.length) return enumValues[0];
  if (type === 'bool') return true;
  if (/int|float|number/u.test(type)) return 3;
  if (/Slice|list|array/iu.test(type)) return [`${name}-1`];
  return `${name}-v`;
}

/** The flag values of one test run as a user types them: the required flags by type, then the fixture overrides. */
export function inputsFor(tool: ToolSpec, fileRoot: string): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(tool.parameters)) {
    const spec = p as { type: string; required?: boolean | null; cli_required?: boolean | null; default?: unknown; enum?: unknown[] };
    // only what a user types: a flag's catalog default is applied by the plan itself, never filled in here
    if (spec.required || spec.cli_required) data[name] = sampleFor(spec.type, name, spec.enum);
  }
  for (const [name, v] of Object.entries(OVERRIDES[tool.canonical_path] ?? {})) {
    if (v === null) delete data[name];
    // $ROOT: the file root as the run names it; $REL/: a path relative to the working directory (the file root), as a
    // user in it types it (drive +upload takes only that: resolveDriveUploadInput, catalog_operations.go:511-513)
    else data[name] = typeof v === 'string' ? v.replaceAll('$REL/', path.isAbsolute(fileRoot) ? '' : `${fileRoot}/`).replaceAll('$ROOT', fileRoot) : v;
  }
  return data;
}

// ---- the synthesizer --------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;
/** In a canned answer merged over the synthesized one: the key is left out of the answer (not null: Go tells the two apart). */
const ABSENT = Symbol('absent');
/**
 * A query_records page holding `records` under data only, the paging marks elsewhere null. p-left31: the top-level
 * `records` key is left out (it was null): upstream findRecords (record_upsert_by_key.go:257-284@c7521c1c) takes a
 * records key that is there as the collection, so `records: null` at the top is a page missing its records.
 */
const recordsPage = (records: Obj[]): Obj => {
  const none = { hasMore: null, nextCursor: null, next_cursor: null, cursor: null };
  return { ...none, records: ABSENT, result: null, pagination: null, page: null, data: { ...none, data: null, result: null, records, hasMore: false } };
};
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every (path, source) that reads step `id`, anywhere in the plan. */
function readsOf(plan: PlanSpec, id: string): { path?: string; numeric: boolean; list: boolean }[] {
  const out: { path?: string; numeric: boolean; list: boolean }[] = [];
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (!isObj(v)) return;
    if (v.from === id) {
      const ts = (v.transform as unknown[] | undefined) ?? [];
      const listy = ts.some((t) => isObj(t) && ('project' in t || 'chunk' in t));
      // {find_int: [key, ...]} searches the whole result: its first key at the top level is enough to find
      const found = ts.find((t): t is { find_int: string[] } => isObj(t) && 'find_int' in t);
      // answer_object (upstream requireDriveObject/requireWikiObject) wants a business object: a non-empty result
      const business = v.path === undefined && ts.includes('answer_object') ? 'result.object' : undefined;
      out.push({ path: (v.path as string | undefined) ?? found?.find_int[0] ?? business, numeric: found !== undefined || ts.some((t) => t === 'int' || t === 'float'), list: listy });
    }
    // {each: {from: id}, to: ...}: the paths `to` reads from each element are read from every element of the result
    // (a find_records/find_texts read searches the whole result in whatever shape: an answer without the keys is read
    // as holding none, so the synthesized answer needs nothing for it)
    const searched = isObj(v.each) && Array.isArray(v.each.transform) && v.each.transform.some((t) => isObj(t) && ('find_records' in t || 'find_texts' in t));
    if (isObj(v.each) && v.each.from === id && v.each.path === undefined && !searched) {
      const tts = (isObj(v.to) && Array.isArray(v.to.transform) ? v.to.transform : []) as unknown[];
      const list = tts.some((t) => isObj(t) && ('project' in t || 'chunk' in t));
      // {envelopes: [...]} makes the elements the answer itself and its nested envelopes: the top level is the first
      const enveloped = Array.isArray(v.each.transform) && v.each.transform.some((t) => isObj(t) && 'envelopes' in t);
      const items = (t: unknown): void => {
        if (Array.isArray(t)) return t.forEach(items);
        if (!isObj(t)) return;
        if (t.item === true && typeof t.path === 'string' && !t.path.startsWith('[')) out.push({ path: enveloped ? t.path : `[*].${t.path}`, numeric: false, list });
        Object.values(t).forEach(items);
      };
      items(v.to);
    }
    Object.values(v).forEach(visit);
  };
  visit(anySteps(plan));
  visit(plan.output);
  return out;
}

/** Sets a path in an object, creating objects and one-element lists; `[*]` and `[n]` write element 0..n. */
function setPath(root: Obj, p: string, value: unknown): void {
  const segs = parsePath(p);
  let node: unknown = root;
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    const next = segs[i + 1];
    const fresh = () => (next && ('index' in next || 'each' in next) ? [] : {});
    if ('key' in seg) {
      const o = node as Obj;
      if (last) o[seg.key] = value;
      else if (o[seg.key] === undefined || typeof o[seg.key] !== 'object') o[seg.key] = fresh();
      node = o[seg.key];
    } else {
      const list = node as unknown[];
      const at = 'index' in seg ? seg.index : 0;
      while (list.length <= at) list.push(fresh());
      if (last) list[at] = value;
      else if (typeof list[at] !== 'object' || list[at] === null) list[at] = fresh();
      node = list[at];
    }
  });
}

const lastKey = (p: string) => {
  const keys = parsePath(p).filter((s) => 'key' in s) as { key: string }[];
  return keys.length ? keys[keys.length - 1].key : 'value';
};

export interface SynthContext {
  data: Record<string, unknown>;
  blobBase: string;
  /** Step ids whose resolve (or pick) gets two candidates. */
  ambiguous?: Set<string>;
}

function sample(ctx: SynthContext, key: string, numeric: boolean): unknown {
  if (/url$/iu.test(key)) return `${ctx.blobBase}/${key}`;
  if (key === 'headers') return {};
  if (numeric || /^(deptId|version|size|fileSize)$/u.test(key)) return 7;
  if (key === 'fileName') return 'v-fileName.md'; // a remote name markdown patch accepts (it must end in .md)
  return `v-${key}`;
}

/** The literal a flag/const source gives (enough for match and expect values in the fixtures). */
function literal(ctx: SynthContext, s: Source | undefined): unknown {
  if (s === undefined || !isObj(s)) return undefined;
  let v: unknown;
  if (typeof s.flag === 'string') v = ctx.data[s.flag];
  else if (typeof s.typed === 'string') v = ctx.data[s.typed];
  else if ('const' in s) v = s.const;
  else if (Array.isArray(s.first)) v = (s.first as Source[]).map((x) => literal(ctx, x)).find((x) => x !== undefined);
  if (typeof v === 'string' && (s.transform ?? []).includes('trim')) v = v.trim();
  return v;
}

/**
 * A read-back checked by a condition (a poll's `holds`) is answered with the text it compares against: the first
 * flag the condition reads whose value is text, as the document's `markdown` (doc +checkpoint-update's --content).
 */
function firstFlagText(ctx: SynthContext, plan: PlanSpec, cond: unknown): unknown {
  if (Array.isArray(cond)) return cond.map((x) => firstFlagText(ctx, plan, x)).find((x) => x !== undefined);
  if (!isObj(cond)) return undefined;
  if (typeof cond.flag === 'string' && typeof ctx.data[cond.flag] === 'string') return ctx.data[cond.flag];
  // an earlier value step's result (doc +checkpoint-update reads --content once, h44-a4): the flag text its source reads
  if (typeof cond.from === 'string') {
    const source = anySteps(plan).find((st) => st.id === cond.from && st.kind === 'value');
    if (source?.kind === 'value') return firstFlagText(ctx, plan, source.value);
  }
  return Object.values(cond).map((x) => firstFlagText(ctx, plan, x)).find((x) => x !== undefined);
}

/** The candidate a resolve or pick step returns: its value and every field later steps read, and the match field. */
function candidate(ctx: SynthContext, plan: PlanSpec, step: AnyStep, n: number, args: Obj): Obj {
  const r = (step.resolve ?? step.pick)!;
  const c: Obj = {};
  for (const ref of readsOf(plan, step.id)) {
    const p = ref.path?.replace(/^\[(\*|\d+)\]\.?/u, '');
    if (p) setPath(c, p, ref.list ? [{ [lastKey(p)]: 'v-element' }] : sample(ctx, lastKey(p), ref.numeric));
  }
  setPath(c, r.value, c[r.value] ?? sample(ctx, lastKey(r.value), false));
  for (const l of r.label) if (c[l] === undefined) setPath(c, l, `label-${l}`);
  const m = r.match;
  if (m) {
    const want = m.one_of ? m.one_of[0] : literal(ctx, m.equals ?? m.contains) ?? Object.values(args).find((x) => typeof x === 'string');
    if (want !== undefined) setPath(c, m.field, m.contains ? `[${String(want)}]` : want);
  }
  // a second candidate differs in its value, or (when the value is what the match compares) in a label field
  if (n > 0) {
    const field = m && m.field === r.value ? r.label.find((l) => l !== r.value) ?? 'other' : r.value;
    setPath(c, field, `${String(readPathSimple(c, field) ?? 'v')}-${n + 1}`);
    // a directory person (resolve user) is one person per id: the second differs in both ids, or they collapse
    if (step.resolve?.user) for (const id of ['userId', 'openDingTalkId']) if (id !== field) setPath(c, id, `${String(readPathSimple(c, id) ?? 'v')}-${n + 1}`);
  }
  return c;
}

function readPathSimple(o: unknown, p: string): unknown {
  let node = o;
  for (const seg of parsePath(p)) {
    if (node === undefined || node === null) return undefined;
    node = 'key' in seg ? (node as Obj)[seg.key] : (node as unknown[])[('index' in seg ? seg.index : 0)];
  }
  return node;
}

function expected(ctx: SynthContext, plan: PlanSpec, step: AnyStep): unknown {
  const e = step.expect!;
  if (e.equals) return literal(ctx, e.equals);
  if (e.one_of) return e.one_of[0];
  if (e.contains_all) {
    const from = e.contains_all as { from?: string; path?: string };
    const src = anySteps(plan).find((s) => s.id === from.from);
    const value = src?.resolve?.value ?? 'value';
    return [sample(ctx, value, false)];
  }
  if (e.matches) return `text with ${String(literal(ctx, e.matches))} inside`;
  return 'present';
}

/** The (first) path to a resolve step's candidate list. */
const itemsPath = (step: AnyStep): string => (Array.isArray(step.resolve!.items) ? step.resolve!.items[0] : step.resolve!.items);

/** The canned answer of one call of `step` (args as sent). */
export function synthesize(ctx: SynthContext, plan: PlanSpec, step: AnyStep, args: Obj): unknown {
  const res: Obj = {};
  if (step.resolve) {
    const two = ctx.ambiguous?.has(step.id);
    setPath(res, itemsPath(step).replace(/\[\*\]$/u, ''), two ? [candidate(ctx, plan, step, 0, args), candidate(ctx, plan, step, 1, args)] : [candidate(ctx, plan, step, 0, args)]);
  } else {
    for (const ref of readsOf(plan, step.id)) {
      const p = step.for_each ? ref.path?.replace(/^\[(\*|\d+)\]\.?/u, '') : ref.path;
      if (p) setPath(res, p, ref.list ? [{ [lastKey(p)]: 'v-element' }] : sample(ctx, lastKey(p), ref.numeric));
    }
  }
  if (step.expect && !step.resolve) {
    const at = step.expect.path;
    const want = expected(ctx, plan, step);
    if (/\[\*\]/u.test(at) && Array.isArray(want)) {
      const [head, tail] = at.split('[*]');
      setPath(res, head, want.map((w) => {
        const o: Obj = {};
        setPath(o, tail.replace(/^\./u, ''), w);
        return o;
      }));
    } else setPath(res, at, want);
  }
  if (step.expect && step.resolve) {
    const list = readPathSimple(res, itemsPath(step)) as Obj[];
    for (const c of list) setPath(c, step.expect.path, expected(ctx, plan, step));
  }
  // a paged step's answer is a last page as the backend gives it: a boolean hasMore (false), which a page ledger needs
  const more = step.page?.more?.[0];
  if (more && readPathSimple(res, more) === undefined) setPath(res, more, false);
  if (step.poll) {
    const u = step.poll.until;
    if (u.path !== undefined) setPath(res, u.path, u.present ? 'ready' : u.one_of ? u.one_of[0] : u.equals);
    else res.markdown = firstFlagText(ctx, plan, u.holds);
  }
  // pick steps read lists of earlier results: the reading step answers with the candidates
  for (const other of anySteps(plan)) {
    if (!other.pick) continue;
    const items = other.pick.items as { from?: string; path?: string };
    const two = ctx.ambiguous?.has(other.id);
    if (items.from === step.id && items.path) setPath(res, items.path, two ? [candidate(ctx, plan, other, 0, args), candidate(ctx, plan, other, 1, args)] : [candidate(ctx, plan, other, 0, args)]);
  }
  if (Object.keys(res).length === 0) res.ok = true;
  return res;
}

function deepMerge(a: unknown, b: unknown): unknown {
  if (Array.isArray(a) && Array.isArray(b)) return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => (i < a.length && i < b.length ? deepMerge(a[i], b[i]) : i < a.length ? a[i] : b[i]));
  if (isObj(a) && isObj(b)) {
    const out: Obj = { ...a };
    for (const [k, v] of Object.entries(b)) {
      if (v === ABSENT) delete out[k];
      else out[k] = k in out ? deepMerge(out[k], v) : v;
    }
    return out;
  }
  return b === undefined ? a : b;
}

/**
 * Answers the synthesizer cannot derive from paths and expects: a read-back whose object is taken whole (result, else
 * data, else the answer) and then read key by key inside a condition, merged over the canned answer of that call
 * (keyed `server/rpc`). drive +copy reads the same get_document_info as its source check (a whole `result` sample
 * would hide the extension the check wants); drive +rename's read-back name must be the name asked for; wiki +move's
 * read-back must name the node moved and the workspace asked for; aitable +view-preset-apply reads the same
 * get_views before and after its write, each answer its own (a list patches the calls of one RPC in order); mail
 * +recent-mail refuses a folder without threads, which the optional container paths of its output cannot ask for; the
 * import polls and +messages-recall's lookup likewise.
 */
const REVERT_PROVEN = (data: Record<string, unknown>) => ({
  'doc/list_doc_versions': { result: { versions: [{ version: Number(data.version) }], hasMore: false } },
  'doc/revert_doc_version': { result: { restoredVersion: Number(data.version) } },
});
// the upload credentials are read inside result alone when it is an object (parseAttachmentUploadInfo, a-u2)
const MEDIA_READBACK = (blobBase: string) => ({
  'doc/get_doc_attachment_upload_info': { result: { uploadUrl: `${blobBase}/url`, resourceId: 'R-media' } },
  'doc/list_document_blocks': { blocks: [{ blockId: 'b-media', attachment: { resourceId: 'R-media' } }], hasMore: false },
});

/** Zero error codes: minutesdata.validateEnvelope reads errorCode/dingOpenErrcode, which a sample text would fail (p-minutes). */
const ZERO_CODES = { errorCode: 0, dingOpenErrcode: 0 };

/** A list of my minutes whose newest row names a task (minutes +latest's choice, f-mix7). */
const LATEST_LIST = {
  'minutes/list_by_keyword_and_time_range': { errorCode: 0, dingOpenErrcode: 0, result: { itemList: [{ taskUuid: 'v-taskUuid', createTime: 1 }] } },
};

/** A finished mind map's status; the envelope check reads errorCode/dingOpenErrcode, which a sample text would fail. */
const MINDMAP_DONE = { success: true, errorCode: 0, dingOpenErrcode: 0, result: { taskStatus: 1 } };

/** Answers of the minutes artifact reads that pass upstream's checks for `taskUuid` (a ready minutes). */
const readyArtifacts = (taskUuid: string) => ({
  'minutes/get_minutes_basic_info': { result: { taskUuid } },
  'minutes/get_minutes_ai_summary': { result: { fullSummary: 'v-summary' } },
  'minutes/get_minutes_keywords': { result: { keywords: [] } },
  'minutes/get_minutes_transcription': { result: { paragraphList: [{ paragraphId: 'p1' }], hasNext: false } },
  'minutes/list_minutes_todos': { result: { actions: [] } },
});

const ANSWER_PATCHES: Record<string, (data: Record<string, unknown>, ctx: SynthContext) => Record<string, Obj | Obj[]>> = {
  // h33-chat: the bizId is read by the transform envelope_text (findCardResponseString), which the synthesizer does not
  // follow, and the update must give evidence it applied (VerifyStreamingCardUpdate, chatmsg/card_update.go:73-100@c7521c1c)
  'chat.shortcut_messages_send_card': () => ({ 'im/create_and_send_card': { result: { bizId: 'v-bizId' } }, 'im/update_streaming_card': { updated: true } }),
  // f-drive9: each drive write's answer says success=true (requireDriveWrite, the fragment drive_write_success)
  'drive.shortcut_copy': () => ({ 'doc/get_document_info': { result: { extension: 'adoc', nodeId: 'v-nodeId' } }, 'doc/copy_document': { success: true } }),
  // h41-a4: the read-back names the node moved, the folder and workspace asked for (firstString, no expect to derive them from)
  'drive.shortcut_move': (data) => ({
    'doc/move_document': { success: true },
    'doc/get_document_info': { result: { nodeId: data.node, folderId: data.folder, workspaceId: data.workspace } },
  }),
  // h41-a4: the read-back names the folder asked for
  'drive.shortcut_create_folder': (data) => ({ 'drive/create_folder': { success: true }, 'drive/get_file_info': { result: { name: data.name } } }),
  'drive.shortcut_create_shortcut': () => ({ 'drive/create_shortcut': { success: true } }),
  // p-drive: the item and the version are found in the pages as findDriveRecycleItem/findVersion read them (the plan
  // fragment drive_find_version), the publish read-back by its boolean published alone (boolField)
  'drive.shortcut_recycle_restore': (data) => ({ 'drive/list_recycle_items': { result: { recycleItems: [{ recycleItemId: data.id }] } }, 'drive/restore_recycle_item': { success: true } }),
  'drive.shortcut_publish_set': () => ({ 'drive/set_file_publish': { success: true }, 'drive/get_file_publish_status': { result: { published: true } } }),
  'drive.shortcut_publish_unset': () => ({ 'drive/set_file_publish': { success: true }, 'drive/get_file_publish_status': { result: { published: false } } }),
  'drive.shortcut_version_revert': (data) => ({ 'drive/list_file_versions': { result: { versions: [{ version: data.version }] } }, 'drive/revert_file_version': { success: true } }),
  // sw32-7: the link is read as driveDownloadPayload (version_operations.go:270-291@c7521c1c) through a value step, which
  // the synthesizer does not follow: the answer names the URL and the name in its result
  'drive.shortcut_version_download': (data, ctx) => ({
    'drive/list_file_versions': { result: { versions: [{ version: data.version }] } },
    'drive/download_file_version': { result: { downloadUrl: `${ctx.blobBase}/url`, fileName: 'v-fileName' } },
  }),
  // +rename's write says success=true (requireDriveWrite) and its read-back has the new name (a-r2)
  'drive.shortcut_rename': (data) => ({ 'drive/get_file_info': { result: { name: data.name } }, 'doc/rename_document': { success: true } }),
  // +access-change finds the resolved person on the document (collectPermissionUserIDs: any userId text) (a-r2)
  // p-doc: doc +resource-download reads the cover URL anywhere in the style answer (deep_text), no longer by a path
  'doc.shortcut_resource_download': (_data, ctx) => ({ 'doc/get_document_style': { result: { cover: { imageUrl: `${ctx.blobBase}/url` } } } }),
  // p-chat4: chat +messages-resource-download reads its link inside every nested result (a value step the answer
  // writer cannot follow), so the link answers name the URL
  'chat.shortcut_messages_resource_download': (_data, ctx) => ({
    'im/get_resource_download_url': { result: { resourceUrl: `${ctx.blobBase}/url` } },
    'drive/download_file': { result: { downloadUrl: `${ctx.blobBase}/url` } },
  }),
  // p-doc: doc +fetch resolves --query as docresolver does (one search page naming one document), no longer a generic resolve
  'doc.shortcut_fetch': (data) => ({ 'doc/search_documents': { result: { documents: [{ nodeId: 'v-nodeId', name: data.query }], hasMore: false } } }),
  'doc.shortcut_access_change': () => ({ 'doc/list_permission': { result: { members: [{ userId: 'v-userId', roleId: 'READER' }] } } }),
  // +dept-members picks one department of those deptMembersExtractDepts reads (whole-number ids), two when the test wants
  // the pick ambiguous; list-attachment's detail names --task-id (ensureTodoTaskExists) (a-s2)
  'contact.shortcut_dept_members': (_data, ctx) => ({ 'contact/search_dept_by_keyword': { result: ctx.ambiguous?.has('dept')
    ? [{ deptId: 1, deptName: 'v-name-1' }, { deptId: 2, deptName: 'v-name-2' }] : [{ deptId: 1, deptName: 'v-name-1' }] } }),
  // p-cal: +by-mobile reads the bound userId as byMobileExtractUserID does (the transform mobile_user_id), +org and +team
  // the department id as shortcutOrgExtractDeptID does (org_user_dept_id): answers carrying them where upstream looks
  'contact.shortcut_by_mobile': () => ({ 'contact/search_user_by_mobile': { result: { userId: 'v-userId' } } }),
  // a-w2: +chat-create reads the current user as currentProfileUserID (first_text over the candidates), which the
  // synthesizer does not derive from paths: a profile carrying the userId where upstream looks first
  'chat.shortcut_chat_create': () => ({ 'contact/get_current_user_profile': { result: { orgEmployeeModel: { userId: 'v-userId' } } } }),
  'contact.shortcut_org': () => ({ 'contact/get_user_info_by_user_ids': { result: [{ orgEmployeeModel: { depts: [{ deptId: 42 }] } }] } }),
  'contact.shortcut_team': () => ({ 'contact/get_user_info_by_user_ids': { result: [{ orgEmployeeModel: { depts: [{ deptId: 42 }] } }] } }),
  'todo.list_todo_attachment': (data) => ({ 'todo/get_todo_detail': { result: { todoDetailModel: { taskId: data['task-id'] } } } }),
  // +access-revoke reads who is on the document the same way (f-access)
  'doc.shortcut_access_revoke': () => ({ 'doc/list_permission': { result: { members: [{ userId: 'v-userId', roleId: 'READER' }] } } }),
  // +upload's credentials name a URL and an uploadId (parseDriveUploadInfo), its commit says success=true and its
  // read-back is the committed file: id, the file's name and size
  'drive.shortcut_upload': (data, ctx) => ({
    'drive/get_upload_info': { result: { resourceUrls: [{ url: `${ctx.blobBase}/url` }], uploadId: 'v-uploadId' } },
    'drive/commit_upload': { success: true },
    'drive/get_file_info': { result: { fileId: 'v-fileId', name: path.basename(String(data.file)), fileSize: statSync(path.join(ROOT, FILES, path.basename(String(data.file)))).size } },
  }),
  // todo add-attachment reads its credentials as parseTodoFileUploadInfo (fragment upload_credentials_*, lead-s37): a
  // resourceUrl and an uploadKey inside result, which the synthesizer does not derive from paths
  'todo.add_todo_attachment': (_data, ctx) => ({
    'todo/init_todo_file_upload': { result: { resourceUrl: `${ctx.blobBase}/url`, uploadKey: 'v-uploadKey' } },
    'todo/commit_todo_file_upload': { result: { dentryId: 7, spaceId: 8 } },
  }),
  // the drive upload leaf reads its credentials as parseDriveUploadInfo / parseUploadInfo (lead, session 23): a URL and an
  // uploadId (drive), a resourceUrl and an uploadKey (doc), inside result
  'drive.upload': (_data, ctx) => ({
    'drive/get_upload_info': { result: { resourceUrls: [{ url: `${ctx.blobBase}/url` }], uploadId: 'v-uploadId' } },
    'doc/get_file_upload_info': { result: { resourceUrl: `${ctx.blobBase}/url`, uploadKey: 'v-uploadKey' } },
  }),
  // h36-a1: the wiki writes' answers say success=true as the JSON boolean (requireWikiWrite, shortcut/wiki/common.go:72-81@c7521c1c)
  'wiki.shortcut_move': (data) => ({ 'doc/get_document_info': { result: { nodeId: data.node, workspaceId: data.workspace } }, 'doc/move_document': { success: true } }),
  'wiki.shortcut_delete_space': () => ({ 'wiki/delete_wikiSpace': { success: true } }),
  'wiki.shortcut_node_delete': () => ({ 'doc/delete_document': { success: true } }),
  // sheet write-image's credentials must name an uploadUrl and a resourceId inside result (parseAttachmentUploadInfo, p-sheet)
  'sheet.write_image': (_data, ctx) => ({ 'doc/get_doc_attachment_upload_info': { result: { uploadUrl: `${ctx.blobBase}/url`, resourceId: 'v-resourceId', resourceUrl: 'v-resourceUrl' } } }),
  // +space-create (p-wikidev): the write says success=true and names the new space, which the read-back names too
  'wiki.shortcut_space_create': () => ({ 'wiki/create_wikiSpace': { success: true, workspaceId: 'v-ws' }, 'wiki/get_wikiSpace': { result: { workspaceId: 'v-ws', name: 'v-name' } } }),
  // +wiki-new-doc (p-wikidev): one space of the asked name; the write says success=true and names the new document, which the read-back names too
  // (p-wikinew: two spaces of that name when the test wants the pick ambiguous)
  'wiki.shortcut_wiki_new_doc': (data, ctx) => ({
    'wiki/search_wikiSpaces': { wikiSpaces: ctx.ambiguous?.has('target')
      ? [{ workspaceId: 'v-ws-1', name: String(data.space).trim() }, { workspaceId: 'v-ws-2', name: String(data.space).trim() }]
      : [{ workspaceId: 'v-ws', name: String(data.space).trim() }] },
    'doc/create_file': { success: true, nodeId: 'v-node' },
    'doc/get_document_info': { success: true, nodeId: 'v-node', name: 'v-name' },
  }),
  // +move-to-drive (p-wikidev): the read-back names the node in another workspace than the preflight, in --folder when given
  'wiki.shortcut_move_to_drive': (data) => ({
    'doc/get_document_info': [{ result: { nodeId: data.node, workspaceId: 'v-ws' } }, { result: { nodeId: data.node, workspaceId: 'v-my', folderId: data.folder } }],
    'doc/move_document': { success: true },
  }),
  // +node-copy/+node-create: the write says success=true and names the new node, which the read-back names too
  'wiki.shortcut_node_copy': () => ({ 'doc/copy_document': { success: true, nodeId: 'v-copy' }, 'doc/get_document_info': { result: { nodeId: 'v-copy', name: 'v-name' } } }),
  'wiki.shortcut_node_create': () => ({ 'doc/create_file': { success: true, nodeId: 'v-node' }, 'doc/get_document_info': { result: { nodeId: 'v-node', name: 'v-name' } } }),
  // the preflight finds the view with another config (so it is updated), the read-back finds it holding --config
  'aitable.shortcut_view_preset_apply': (data) => {
    const view = { viewId: 'v-viewId', viewName: data.name, viewType: data['view-type'] };
    return { 'aitable/get_views': [{ data: { views: [view] } }, { data: { views: [{ ...view, config: JSON.parse(String(data.config)) as unknown }] } }] };
  },
  // the smart mail shortcuts read their default mailbox and inbox as upstream's searchMailPickMailbox and
  // recentMailInboxFolder do (a-t2: transforms mailbox_address, mail_inbox_folder), which no path asks for
  'mail.shortcut_search_mail': () => ({ 'mail/list_user_mailboxes': { result: { emailAccounts: [{ email: 'v@example.com' }] } } }),
  'mail.shortcut_unread_mail': () => ({ 'mail/list_user_mailboxes': { result: { emailAccounts: [{ email: 'v@example.com' }] } } }),
  'mail.shortcut_recent_mail': () => ({
    'mail/list_user_mailboxes': { result: { emailAccounts: [{ email: 'v@example.com' }] } },
    'mail/list_folders': { result: { folders: [{ displayName: '收件箱', id: 'v-folder' }] } },
    'mail/list_mailbox_threads': { result: { conversations: [{ id: 'v-id' }] } },
  }),
  // the import polls compare the lower-cased status in a `holds`; +messages-recall reads the first message object of
  // whichever container the lookup answer has (a-i1)
  'doc.shortcut_import': () => ({ 'doc/query_import_task': { status: 'completed' } }),
  // h39-b2: doc +export's poll reads the status found through the envelopes (nestedString) in a `holds`
  'doc.shortcut_export': () => ({ 'doc/query_export_job': { result: { status: 'SUCCESS' } } }),
  'sheet.import': () => ({ 'doc/query_import_task': { status: 'completed' } }),
  // +chat-mute-member (a-o2) looks each requested userId up by its orgUserId in the contact answer and picks the group
  // member carrying that name (chat_group.go:1577-1647@c7521c1c): u1 is 王五, whom the member list holds (twice, with
  // two openDingTalkIds, when the test wants the pick ambiguous)
  'chat.shortcut_chat_mute_member': (_data, ctx) => ({
    'contact/get_user_info_by_user_ids': { result: [{ orgEmployeeModel: { orgUserId: 'u1', orgUserName: '王五' } }] },
    'chat/get_group_members': { result: { hasMore: false, list: ctx.ambiguous?.has('matched')
      ? [{ memberEmpName: '王五', openDingtalkId: 'v-openDingtalkId' }, { memberEmpName: '王五', openDingtalkId: 'v-openDingtalkId-2' }]
      : [{ memberEmpName: '王五', openDingtalkId: 'v-openDingtalkId' }] } },
  }),
  // a-p2: view update card checks get_views as getViewRaw/dispatchCardKey (a Kanban view, as an object); doc version
  // revert reads the pages until one names --version (docVersionExists), which a sample text cannot
  'aitable.view_update_card': () => ({ 'aitable/get_views': { data: { views: [{ viewId: 'v-viewId', viewType: 'Kanban' }] } } }),
  // f-mix9: aggregate, field-widths and timebar check get_views as getViewRaw/requireViewType (a Grid or Gantt view)
  'aitable.view_update_aggregate': () => ({ 'aitable/get_views': { data: { views: [{ viewId: 'v-viewId', viewType: 'Grid' }] } } }),
  'aitable.view_update_field_widths': () => ({ 'aitable/get_views': { data: { views: [{ viewId: 'v-viewId', viewType: 'Grid' }] } } }),
  'aitable.view_update_timebar': () => ({ 'aitable/get_views': { data: { views: [{ viewId: 'v-viewId', viewType: 'Gantt' }] } } }),
  // sw32-4: +table-copy reads the source fields (each with an id, a name and a type), the new table's id anywhere in the
  // create_table answer and a read-back naming every copied field (table_copy.go:63-76, :109-135@c7521c1c)
  'aitable.shortcut_table_copy': () => ({
    'aitable/get_fields': { data: { fields: [{ fieldId: 'v-fieldId', fieldName: 'v-fieldName', type: 'text' }] } },
    'aitable/create_table': { data: { tableId: 'v-tableId' } },
  }),
  'doc.version_revert': (data) => ({ 'doc/list_doc_versions': { result: { versions: [{ version: Number(data.version) }], hasMore: false } } }),
  // f-doc8: +version-revert/+history-revert page the versions as findHistoryVersion and then need the revert proven
  // (revertResultMatchesVersion: the revert answer names the target under restoredVersion)
  'doc.shortcut_version_revert': (data) => REVERT_PROVEN(data),
  'doc.shortcut_history_revert': (data) => REVERT_PROVEN(data),
  'chat.shortcut_messages_recall': () => ({ 'im/list_messages_by_ids': { result: [{ openConversationId: 'v-openConversationId' }] } }),
  // lead-s27: the root is the answer's message whose id is --message-id (resolveThreadRepliesTarget)
  'chat.shortcut_thread_replies': (data) => ({ 'im/list_messages_by_ids': { result: [{ openMessageId: String(data['message-id']).trim(), openConversationId: 'v-openConversationId', threadId: 'v-threadId' }] } }),
  // the media read-back polls until a block holds the resource the upload answer gave (f-docs4)
  'doc.shortcut_media_insert': (_data, ctx) => MEDIA_READBACK(ctx.blobBase),
  // sw32-6: whiteboard insert reads the card back until its metadata.id shows (runWhiteboardInsert, doc_whiteboard.go:170-191@c7521c1c);
  // a blocks list without the card is pending, so the run ends with whiteboardId null after the last read
  'doc.whiteboard_insert': () => ({ 'doc/list_document_blocks': { result: { blocks: [] } } }),
  // sw32-6: +comment-create walks the whole blocks answer (collectBlockText, review_shortcuts.go:357-371@c7521c1c); the block
  // --block-id names must hold a text at least --end long (two texts of that block when the test wants the pick ambiguous)
  'doc.shortcut_comment_create': (data, ctx) => ({ 'doc/list_document_blocks': { result: { blocks: [{ blockId: String(data['block-id']), text: '请确认这段' },
    ...(ctx.ambiguous?.has('block') ? [{ blockId: String(data['block-id']), text: '请确认这段-2' }] : [])] } } }),
  'doc.media_insert': (_data, ctx) => MEDIA_READBACK(ctx.blobBase),
  // the delete's answer check reads success, the status and the pagination marks; a sample text in each would fail it
  // (f-devapp): the service answer {success: true, result} upstream expects
  // +record-upsert checks that a batch's creates got as many created ids back (one record to create here)
  // f-aitable3: both read their records back and compare the cells sent (verifyUpdateBatch, matchCreatedCells)
  // f-aitable5: the read-backs read the records where findRecords looks (top level, data, result): only data holds them
  'aitable.shortcut_record_upsert': (data) => ({
    'aitable-helper/record_upsert': { data: { createdRecordIds: ['v-recordId'] } },
    'aitable/query_records': recordsPage([{ recordId: 'v-recordId', cells: (JSON.parse(String(data.records)) as Obj[])[0].cells }]),
  }),
  // +record-upsert-by-key (a-k2): one record has the key (so it is updated), and the read-back finds it holding the
  // cells sent; every other place upstream looks for records or for more pages is null (findRecords, responseHasMore)
  'aitable.shortcut_record_upsert_by_key': (data) => {
    const cells = { ...(JSON.parse(String(data.cells)) as Obj), [String(data['key-field-id'])]: data['key-value'] ?? JSON.parse(String(data['key-value-json'])) };
    const none = { hasMore: null, nextCursor: null, cursor: null };
    const page = (record: Obj) => ({ ...none, records: ABSENT, result: null, pagination: null, page: null, data: { ...none, data: null, result: null, records: [record] } });
    return { 'aitable/query_records': [page({ recordId: 'v-recordId' }), page({ recordId: 'v-recordId', cells })] };
  },
  // f-aitable6 (session 24): +workflow-deploy reads the publish answer as workflowPublishResult (valid true and one
  // flowId), the read-back must name it, and with --enable the list must show it running (workflow_deploy.go:84-121@c7521c1c)
  // p-aitable: +url-resolve --verify needs the read to hold the id of the URL's deepest part (url_resolve.go:117-133@c7521c1c)
  'aitable.shortcut_url_resolve': () => ({ 'aitable/get_views': { data: { views: [{ viewId: 'view1' }] } } }),
  'aitable.shortcut_workflow_deploy': () => ({
    'aitable/create_workflow': { data: { valid: true, flowId: 'v-flowId' } },
    'aitable-helper/get_workflow': { data: { flowId: 'v-flowId' } },
    // h42-left: the list is read as findNamedObjectList (any depth, the first workflows/list/items key holding a list of
    // objects), so the patch puts it at the top, where the sample answer's own keys cannot come first
    'aitable-helper/list_workflows': { workflows: [{ flowId: 'v-flowId', status: 'RUNNING' }] },
  }),
  'aitable.shortcut_record_update': (data) => ({
    'aitable/query_records': recordsPage(JSON.parse(String(data.records)) as Obj[]),
  }),
  'aitable.shortcut_record_delete': () => ({ 'aitable/query_records': recordsPage([]) }),
  // p-aitable4: +attachment-remove reads one record holding the cell (readAttachmentCell), drops the item named
  // --remove-name, keeps the other by its fileToken and checks the read-back (attachment_composite.go:192-271@c7521c1c)
  // p-attach: +attachment-put checks both reads (readAttachmentCell) and finds the new token in the read-back (verifyAttachmentPut)
  'aitable.shortcut_attachment_put': (data, ctx) => {
    const record = (items: Obj[]) => recordsPage([{ recordId: String(data['record-id']), cells: { [String(data['field-id'])]: items } }]);
    return {
      'aitable/query_records': [record([{ fileToken: 'v-kept' }]), record([{ fileToken: 'v-kept' }, { fileToken: 'v-new' }])],
      'aitable/prepare_attachment_upload': { data: { uploadUrl: `${ctx.blobBase}/url`, fileToken: 'v-new' } },
    };
  },
  // a-z2: findRecords (record_upsert_by_key.go:257-284@c7521c1c) refuses a records key that is not a list (recordsPage's
  // top-level `records: null` included), so this read answers the record list at the top
  'aitable.shortcut_attachment_remove': (data) => {
    const record = (items: Obj[]) => ({ hasMore: false, records: [{ recordId: String(data['record-id']), cells: { [String(data['field-id'])]: items } }] });
    const kept = { fileToken: 'v-kept', name: 'kept.pdf' };
    return { 'aitable/query_records': [record([{ fileToken: 'v-old', fileName: String(data['remove-name']) }, kept]), record([kept])] };
  },
  // the --values and --sheets read-backs check that the csv they read shows data (verifyRangeNotEmpty, lead session 21)
  'sheet.create_with_data': () => ({ 'sheet/get_range_as_csv': { result: { csv: '[row=1] v' } } }),
  // f-aitable6: +record-bulk-patch refuses a match read whose last page says more at any place responseHasMore reads;
  // the match and the read-back find the record, holding --patch, under data only
  'aitable.shortcut_record_bulk_patch': (data) => ({
    'aitable/query_records': recordsPage([{ recordId: 'v-recordId', cells: JSON.parse(String(data.patch)) as Obj }]),
  }),
  // f-aitable4: +base-bootstrap checks that get_base names the base, get_tables the table and get_fields holds the
  // declared fields (deepContainsString, containsAllFieldNames: base_composite.go:211, :250, :262@c7521c1c)
  'aitable.shortcut_base_bootstrap': (data) => ({
    // h35-b3: the created ids are read as findStringByKeys (any depth), so the answers name them
    'aitable/create_base': { data: { baseId: 'v-baseId' } },
    'aitable/create_table': { data: { tableId: 'v-tableId' } },
    'aitable/get_base': { data: { baseId: 'v-baseId' } },
    'aitable/get_tables': { data: { tables: [{ tableId: 'v-tableId' }] } },
    'aitable/get_fields': { data: { fields: (JSON.parse(String(data.tables)) as Obj[])[0].fields as Obj[] } },
  }),
  // sw32-3: +base-schema-snapshot checks that get_base names the base and holds a tables list, get_tables names the
  // table, and get_fields/get_views hold their lists (executeBaseSchemaSnapshot base_composite.go:116-168@c7521c1c)
  'aitable.shortcut_base_schema_snapshot': (data) => ({
    'aitable/get_base': { data: { baseId: String(data['base-id']).trim(), tables: [{ tableId: 'v-tableId' }] } },
    'aitable/get_tables': { data: { tables: [{ tableId: 'v-tableId' }] } },
    'aitable/get_fields': { data: { fields: [] } },
    'aitable/get_views': { data: { views: [] } },
  }),
  // and its name check compares the app's name (result.name, else appName) with --confirm-name
  'dev.delete_dev_app': (data) => ({
    'devapp/get_dev_app': { success: true, result: { name: data['confirm-name'] } },
    'devapp/delete_dev_app': { success: true, result: { unifiedAppId: 'v-unifiedAppId' } },
  }),
  // minutes +detail checks each artifact's answer as upstream ValidateArtifact (f-minutes2): the basic info names the
  // id asked for, the transcript page holds a paragraphList and says it is the last
  // minutes +update reads the basic info as minutesdata.Basic before writing (f-minutes2): it names the id asked for,
  // and another title first (so the title is written), then the one written
  // and the read-back shows the title written (f-minutes3: else minutes_title_verification_failed)
  // (p-minutes: both reads carry zero error codes, which validateEnvelope reads before Basic, response.go:283-296)
  'minutes.shortcut_update': (data) => ({ 'minutes/get_minutes_basic_info': [{ ...ZERO_CODES, result: { taskUuid: data.id, title: 'v-old-title' } }, { ...ZERO_CODES, result: { taskUuid: data.id, title: String(data.title).trim() } }] }),
  // minutes +summary reads fullSummary as text, then reads back the text written (f-minutes3)
  // h42-a8: the summary reads check the envelope's errorCode/dingOpenErrcode (validateEnvelope), which a sample text would fail
  'minutes.shortcut_summary': (data) => ({ 'minutes/get_minutes_ai_summary': [{ ...ZERO_CODES, result: { fullSummary: 'v-old' } }, { ...ZERO_CODES, result: { fullSummary: String(data.content).trim() } }] }),
  // minutes +prepare-asr reads hotWordList as words, then reads back the words asked for (f-minutes3)
  // (p-minutes2: both reads carry zero error codes, which HotWords' validateEnvelope reads, minutesdata/workflow.go:175-178)
  'minutes.shortcut_prepare_asr': (data) => ({ 'minutes/list_my_hotwords': [{ ...ZERO_CODES, result: { hotWordList: [] } }, { ...ZERO_CODES, result: { hotWordList: String(data.words).split(',').map((w) => w.trim()).filter(Boolean) } }], 'minutes/add_personal_hot_word': { ...ZERO_CODES, success: true }, 'minutes/delete_personal_hotword': { ...ZERO_CODES, success: true } }),
  // minutes +record-wrap-up checks the stop's answer as RecordResult (f-minutes4): cmd end, the id asked for
  // and every artifact of its rounds passes its check at once (f-minutes6: collectMinutesArtifactsOnce, workflows.go:666-718)
  // (h51-a2: the stop's answer carries zero error codes, which RecordResult's validateEnvelope reads, minutesdata/workflow.go:16-19, :89-92)
  'minutes.shortcut_record_wrap_up': (data) => ({ 'minutes/执行听记指令-发起AI听记录音': { ...ZERO_CODES, success: true, result: { cmd: 'end', taskUuid: data.id } }, ...readyArtifacts(String(data.id)) }),
  // minutes +speaker-replace finds --from in the transcript first, then reads back --to instead (f-minutes4); h35-edge: the
  // transcript pages hold paragraphList at the top, the first container the synthesized answer has that key in (a sample
  // text there would be refused as upstream's ParseTranscriptPage refuses it, response.go:70-79@c7521c1c)
  'minutes.shortcut_speaker_replace': (data) => ({ 'minutes/get_minutes_transcription': [
    { ...ZERO_CODES, paragraphList: [{ paragraphId: 'p1', speakerNick: String(data.from).trim() }], hasNext: false },
    { ...ZERO_CODES, paragraphList: [{ paragraphId: 'p1', speakerNick: String(data.to).trim() }], hasNext: false },
  ] }),
  // minutes +latest checks the basic info as minutesdata.Basic: it names the taskUuid the list's newest row gave
  // (f-minutes4); +action-items checks the todos answer holds an actions list
  // minutes +replace-batch finds every original in the transcript first, has each write acknowledged, then reads back
  // every replacement instead of its original (f-minutes5: replace_batch.go:150-185@c7521c1c)
  'minutes.shortcut_replace_batch': (data) => {
    const pairs = ([] as unknown[]).concat(data.pair ?? []).map((p) => String(p).split('=>').map((x) => x.trim()));
    // (p-minutes2: the transcripts and the write's answer carry zero error codes, which validateEnvelope reads)
    const text = (side: number) => ({ ...ZERO_CODES, paragraphList: [{ paragraphId: 'p1', paragraph: pairs.map((p) => p[side]).join(' ') }], hasNext: false });
    return { 'minutes/get_minutes_transcription': [text(0), text(1)], 'minutes/replace_minutes_text': { ...ZERO_CODES, success: true } };
  },
  // minutes +upload reads the session as UploadSession, the completion's task UUID and the read-back naming it
  // (f-minutes5: minutesdata/response.go:181-209, alignment.go:402-412@c7521c1c)
  // (p-minutes2: each answer carries zero error codes, which UploadSession/CompletedTaskUUID/Basic's validateEnvelope reads)
  'minutes.shortcut_upload': (_data, ctx) => ({
    'minutes/create_upload_session': { ...ZERO_CODES, result: { sessionId: 'v-session', presignedUrl: `${ctx.blobBase}/presignedUrl` } },
    'minutes/complete_upload_session': { ...ZERO_CODES, success: true, result: { taskUuid: 'v-task' } },
    'minutes/get_minutes_basic_info': { ...ZERO_CODES, result: { taskUuid: 'v-task' } },
    // the rollback counts only an acknowledged cancel (cancelMinutesUpload, alignment.go:599-608@c7521c1c; h48-a2)
    'minutes/cancel_upload_session': { ...ZERO_CODES, success: true },
  }),
  // +upload-and-analyze: the upload as +upload's, then the artifacts of +record-wrap-up's round and a finished mind map
  'minutes.shortcut_upload_and_analyze': (_data, ctx) => ({
    'minutes/create_upload_session': { ...ZERO_CODES, result: { sessionId: 'v-session', presignedUrl: `${ctx.blobBase}/presignedUrl` } },
    'minutes/complete_upload_session': { ...ZERO_CODES, success: true, result: { taskUuid: 'v-task' } },
    ...readyArtifacts('v-task'),
    // the upload's read-back is checked as +upload's (lead-s27: the envelope check, which a sample text would fail)
    'minutes/get_minutes_basic_info': { ...ZERO_CODES, result: { taskUuid: 'v-task' } },
    'minutes/query_mind_graph_status': MINDMAP_DONE,
    'minutes/cancel_upload_session': { ...ZERO_CODES, success: true },
  }),
  // minutes +mindmap reads the status in rounds until it leaves 0, and prints it when it is 1 (f-minutes6); the
  // envelope check reads errorCode/dingOpenErrcode, which a sample text would make a backend failure
  // minutes +speaker-insights checks its create answer as SpeakerSummaryTask (a result with a taskId; the envelope check reads errorCode and dingOpenErrcode, which a sample text would fail) and its read as
  // SpeakerSummaryResult (a non-empty result object or list; lead, session 23)
  'minutes.shortcut_speaker_insights': () => ({
    'minutes/create_speaker_summary': { success: true, errorCode: 0, dingOpenErrcode: 0, result: { taskId: 'v-taskId', status: 'RUNNING' } },
    'minutes/get_speaker_summary': { success: true, errorCode: 0, dingOpenErrcode: 0, result: { speakers: [{ name: 'v-name' }] } },
  }),
  // lead-s32: the create's answer too, whose sample errorCode text the helper path fails (isBusinessError)
  'minutes.shortcut_mindmap': () => ({ 'minutes/create_mind_graph': { ...ZERO_CODES, success: true, result: { taskStatus: 0 } }, 'minutes/query_mind_graph_status': MINDMAP_DONE }),
  // +export-pack checks the artifacts as +record-wrap-up's round does before it writes anything (f-minutes6)
  'minutes.shortcut_export_pack': (data) => readyArtifacts(String(data.id)),
  // +latest, and +action-items/+transcript without --id, read their list as ParseListPage and LatestTaskUUID (f-mix7):
  // the envelope check reads errorCode and dingOpenErrcode, and the newest row needs a task UUID and a comparable
  // time, which the sample answer lacks
  // h42-a8: the basic info read checks the envelope's errorCode/dingOpenErrcode too
  'minutes.shortcut_latest': () => ({ ...LATEST_LIST, 'minutes/get_minutes_basic_info': { ...ZERO_CODES, result: { taskUuid: 'v-taskUuid' } } }),
  'minutes.shortcut_action_items': () => ({ ...LATEST_LIST, 'minutes/list_minutes_todos': { ...ZERO_CODES, result: { actions: [] } } }),
  // p-minutes4: every transcript page must hold a paragraphList list (ParseTranscriptPage, response.go:64-91@c7521c1c)
  'minutes.shortcut_transcript': () => ({ ...LATEST_LIST, 'minutes/get_minutes_transcription': { ...ZERO_CODES, paragraphList: [{ paragraphId: 'p1' }], hasNext: false } }),
  // markdown diff checks the file's extension as ensureMarkdownDiffType (p-minutes): a sample text is another type
  'markdown.diff': () => ({ 'drive/get_file_info': { result: { extension: 'md' } } }),
  // a-z2: markdown create reads its credentials as the drive upload leaf does (parseDriveUploadInfo / parseUploadInfo):
  // a URL and an uploadId (drive), a resourceUrl and an uploadKey (doc)
  'markdown.create': (_data, ctx) => ({
    'drive/get_upload_info': { result: { resourceUrls: [{ url: `${ctx.blobBase}/url` }], uploadId: 'v-uploadId' } },
    'doc/get_file_upload_info': { result: { resourceUrl: `${ctx.blobBase}/url`, uploadKey: 'v-uploadKey' } },
  }),
  // p-left31: markdown overwrite and patch upload through the same helpers (markdown.go:572-574, :732-734@c7521c1c);
  // h56-a4: patch's remote name is read by the transform go_remote_file_name, whose keys no path here names
  'markdown.patch': (_data, ctx) => ({
    'drive/get_file_info': { result: { fileName: 'v-fileName.md' } },
    'drive/get_upload_info': { result: { resourceUrls: [{ url: `${ctx.blobBase}/url` }], uploadId: 'v-uploadId' } },
    'doc/get_file_upload_info': { result: { resourceUrl: `${ctx.blobBase}/url`, uploadKey: 'v-uploadKey' } },
  }),
  'markdown.overwrite': (_data, ctx) => ({
    'drive/get_upload_info': { result: { resourceUrls: [{ url: `${ctx.blobBase}/url` }], uploadId: 'v-uploadId' } },
    'doc/get_file_upload_info': { result: { resourceUrl: `${ctx.blobBase}/url`, uploadKey: 'v-uploadKey' } },
  }),
  'minutes.shortcut_detail': (data) => ({
    'minutes/get_minutes_basic_info': { result: { taskUuid: data.id } },
    'minutes/get_minutes_transcription': { result: { paragraphList: [], hasNext: false } },
  }),
};

/** Answers a call with the merged canned answers of every step of the plan that makes this call. */
export function responderFor(ctx: SynthContext, plan: PlanSpec, canonical?: string): (server: string, rpc: string, args: Obj) => unknown {
  const patches = canonical ? ANSWER_PATCHES[canonical]?.(ctx.data, ctx) : undefined;
  const calls = new Map<string, number>();
  return (server, rpc, args) => {
    const steps = anySteps(plan).filter((st) => st.server === server && st.rpc === rpc);
    const answer = steps.map((st) => synthesize(ctx, plan, st, args)).reduce((acc, x) => deepMerge(acc, x), {} as unknown);
    const key = `${server}/${rpc}`;
    const n = calls.get(key) ?? 0;
    calls.set(key, n + 1);
    // a list patches the calls of that RPC in order (the last one every later call)
    const patch = patches?.[key];
    const now = Array.isArray(patch) ? patch[Math.min(n, patch.length - 1)] : patch;
    return now ? deepMerge(answer, now) : answer;
  };
}
