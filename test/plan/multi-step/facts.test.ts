// Each multi-step plan (catalog/plans/multi-step/) against the facts file (the dws-composition.json of the upstream
// commit in catalog/meta/upstream.yaml): every multi_rpc command that is not a local command of dispatch has exactly
// one plan; the MCP calls a plan can make (server/rpc of its steps) equal the
// calls the facts list, except for the differences allow-listed below, each with the reason established from the
// upstream source (also written in the plan's facts line). The facts-file part skips when ../shared is absent.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { localCommands } from '../../../src/local/index.js';
import { expandFragments } from '../../../src/plan/fragments.js';
import { LOOKUP_CALLS } from '../../../src/plan/open-dingtalk-ids.js';
import { followedUpstream } from '../../../scripts/lib/upstream.mjs';
import { ROOT } from '../../helpers.js';

const DIR = path.join(ROOT, 'catalog', 'plans', 'multi-step');
const FACTS = followedUpstream(ROOT).composition;
/** multi_rpc commands of the facts planned with the single-call plans instead, and why. */
const PLANNED_ELSEWHERE: Record<string, string> = {
  'minutes.shortcut_unshare': 'c7521c1c added a per-id preflight read before the per-member write; its plan stays in catalog/plans/minutes.yaml, which import-plans keeps as fixed by hand',
};
/** Atomic (mcp) commands of the facts whose upstream body makes further calls around its RPC, planned here as composite. */
const ATOMIC_IN_FACTS: Record<string, string> = {
  'mail.create_reply_draft': 'helpers/mail.go:1359 reads the mailboxes, creates the reply draft, then sends it (send_draft) in one command',
  'mail.create_replyall_draft': 'helpers/mail.go:1439: mailboxes, reply-all draft, then send_draft',
  'mail.create_forward_draft': 'helpers/mail.go:1520: mailboxes, forward draft, then send_draft',
  'mail.share_message_to_chat': 'helpers/mail.go:2345 shares again with the sign when the first answer carries one (a risk check)',
  'mail.send_email': 'helpers/mail.go:524: with --attachment/--inline-attachment it reads the mailboxes, creates a draft, uploads each file (create_upload_session, POST) and sends the draft',
  'mail.create_draft': 'helpers/mail.go:1843: with files it reads the mailboxes, creates the draft, uploads each file and reads the draft back',
  'mail.update_draft': 'helpers/mail.go:1933: with files it reads the mailboxes, updates the draft, uploads each file and reads the draft back',
  'todo.add_todo_attachment': 'helpers/todo.go:1022 uploads the file (init_todo_file_upload, PUT, commit_todo_file_upload) before add_todo_attachment',
  'report.get_received_report_list': 'helpers/report.go:651, :799-898: after the list it reads each report with get_report_entry_details (callReportListReadable)',
  'report.get_send_report_list': 'helpers/report.go:723, :799-898: after the list it reads each report with get_report_entry_details (callReportListReadable)',
  'sheet.write_image': 'helpers/sheet_media.go:136-268 uploads the image (get_doc_attachment_upload_info, PUT) before write_image (p-sheet)',
};

interface Step { id: string; server?: string; rpc?: string; rpc_if?: { rpc: string } | { rpc: string }[]; resolve?: { open_dingtalk_ids?: unknown } }
interface Plan { facts: string; steps: Step[] }

/** The plans of the multi-step files with their fragment uses expanded (fragments.yaml declares them), as the build reads them. */
function plans(): Map<string, Plan> {
  const out = new Map<string, Plan>();
  const names = readdirSync(DIR).filter((x) => x.endsWith('.yaml')).sort();
  const read = (file: string, at: string) => ({ file, doc: YAML.parse(readFileSync(at, 'utf8'), { maxAliasCount: -1 }) as unknown });
  const { files } = expandFragments([read('fragments.yaml', path.join(DIR, '..', 'fragments.yaml')), ...names.map((f) => read(`multi-step/${f}`, path.join(DIR, f)))]);
  for (const [i, f] of names.entries()) {
    const doc = files[i + 1].doc as { plans: Record<string, Plan> };
    for (const [k, p] of Object.entries(doc.plans)) {
      expect(out.has(k), `${k} declared twice`).toBe(false);
      expect(k.split('.')[0], `${k} is in ${f}`).toBe(f.replace(/\.yaml$/u, ''));
      out.set(k, p);
    }
  }
  return out;
}

const key = (server: string, rpc: string) => `${server}/${rpc}`;

/** Calls the facts list that a plan does not make (missing) or makes without the facts listing them (extra), and why. */
const ALLOWED: Record<string, { missing?: string[]; extra?: string[]; reason: string }> = {
  'aitable.shortcut_table_copy': { missing: ['aitable/create_records', 'aitable/query_records'], reason: '--include-records is refused (re-keying copied cells to the new field ids is not expressible without guessing); fields past the first 15 go in create_fields batches' },
  'aitable.shortcut_url_resolve': { missing: ['aitable/'], reason: 'the facts carry an empty rpc name (an extractor artefact of the tool chosen at run time); the four real reads are declared' },
  'calendar.shortcut_book': { missing: ['calendar/delete_calendar_event'], reason: 'upstream deletes the new event when inviting fails (a compensating write); dws sends no unrequested write and reports partial_outcome with the eventId' },
  'chat.shortcut_messages_mget': { missing: ['drive/download_file', 'im/get_resource_download_url'], reason: '--download-resources is not reproduced; +messages-resource-download fetches one resource' },
  'chat.shortcut_thread_replies': { missing: ['drive/download_file', 'im/get_resource_download_url'], reason: '--download-resources is not reproduced' },
  'chat.shortcut_at_me': { missing: ['drive/download_file', 'im/get_resource_download_url'], reason: '--download-resources is not reproduced' },
  'chat.shortcut_chat_messages': { missing: ['drive/download_file', 'im/get_resource_download_url'], reason: '--download-resources is not reproduced' },
  'chat.shortcut_search_msg': { missing: ['drive/download_file', 'im/get_resource_download_url'], reason: '--download-resources is refused (not reproduced)' },
  'doc.shortcut_checkpoint_update': { missing: ['doc/list_document_blocks'], reason: 'c7521c1c adds a paged list_document_blocks read-back after the write (proving the new block is visible); not reproduced' },
  'doc.shortcut_create': { missing: ['doc/list_document_blocks'], reason: 'c7521c1c adds a paged list_document_blocks read-back after the write (proving the new block is visible); not reproduced' },
  'drive.list_files': { missing: ['/list_files', 'drive/list_nodes'], reason: 'the drive walks (--depth > 1, --latest, --type/--start/--end, --pattern) run in the hand-over routine drive.list_walk (src/local/drive-list.ts), not as plan calls; the doc-space walk through list_nodes is refused; the facts carry an empty server name for one walk call' },
  'markdown.overwrite': { missing: ['doc/download_file', 'doc/get_file_info', 'drive/download_file', 'drive/get_document_info'], reason: 'the local --dry-run diff preview (which downloads the current text) is not reproduced; doc/get_file_info and drive/get_document_info are extractor pairings that upstream never calls (the probe is drive/get_file_info then doc/get_document_info)' },
  'markdown.patch': { missing: ['doc/get_file_info', 'drive/get_document_info'], reason: 'extractor pairings that upstream never calls (the probe is drive/get_file_info then doc/get_document_info)' },
  'minutes.shortcut_upload': { missing: ['minutes/cancel_upload_session'], reason: 'upstream cancels the session when the PUT fails (a compensating write); dws reports partial_outcome with the sessionId instead' },
  'minutes.shortcut_upload_and_analyze': { missing: ['minutes/cancel_upload_session'], reason: 'as minutes.shortcut_upload: no compensating cancel; partial_outcome instead' },
  'sheet.import': {
    missing: ['sheet/commit_uploaded_file', 'sheet/confirm_import', 'sheet/create_import_session', 'sheet/get_file_upload_info', 'sheet/query_import_task'],
    extra: ['doc/confirm_import', 'doc/create_import_session', 'doc/query_import_task'],
    reason: 'upstream sheetImportFlowConfig sends the import calls to the doc server (serverID doc) and has no upload fallback',
  },
};

describe('multi-step plans: shape', () => {
  it('every plan has a facts line and steps with unique ids, MCP steps naming a server and an rpc', () => {
    const all = plans();
    expect(all.size).toBe(146);
    for (const [k, p] of all) {
      expect(p.facts.length, k).toBeGreaterThan(40);
      // a fragment use (catalog/plans/fragments.yaml) stands for a step: its id is the `check` it is given (mcp_data_check), else the use itself
      const ids = p.steps.map((s) => s.id ?? (s as { with?: { check?: string } }).with?.check ?? JSON.stringify(s));
      expect(new Set(ids).size, k).toBe(ids.length);
      for (const s of p.steps) if (s.server !== undefined) expect(typeof s.rpc, `${k} ${s.id}`).toBe('string');
    }
  });
});

describe.runIf(existsSync(FACTS))('multi-step plans against dws-composition.json', () => {
  const facts = () => (JSON.parse(readFileSync(FACTS, 'utf8')) as { commands: Record<string, { class: string; calls: { server: string; rpc: string }[] }> }).commands;

  it('declares exactly the multi_rpc commands that are neither local commands nor planned elsewhere', () => {
    const multi = Object.entries(facts()).filter(([, c]) => c.class === 'multi_rpc').map(([k]) => k)
      .filter((k) => !Object.hasOwn(localCommands, k) && !Object.hasOwn(PLANNED_ELSEWHERE, k)).sort();
    expect([...plans().keys()].filter((k) => !Object.hasOwn(ATOMIC_IN_FACTS, k)).sort()).toEqual(multi);
    for (const k of Object.keys(ATOMIC_IN_FACTS)) expect(facts()[k], k).toBeUndefined();
  });

  it('makes the calls the facts list, apart from the allow-listed differences', () => {
    const f = facts();
    const differences: Record<string, { missing?: string[]; extra?: string[] }> = {};
    for (const [k, p] of plans()) {
      if (Object.hasOwn(ATOMIC_IN_FACTS, k)) continue;
      // a call step makes its rpc, or one of its rpc_if alternatives (per element of a for_each with a list of cases)
      const rpcs = (s: Step) => [s.rpc!, ...(s.rpc_if === undefined ? [] : [s.rpc_if].flat().map((c) => c.rpc))];
      const planned = new Set(p.steps.filter((s) => s.server !== undefined).flatMap((s) => rpcs(s).map((r) => key(s.server!, r))));
      // an openDingTalkId lookup step declares the chain's first call and makes the others itself
      if (p.steps.some((s) => s.resolve?.open_dingtalk_ids !== undefined)) for (const c of LOOKUP_CALLS) planned.add(key(c.server, c.rpc));
      const listed = new Set(f[k].calls.map((c) => key(c.server, c.rpc)));
      const missing = [...listed].filter((c) => !planned.has(c)).sort();
      const extra = [...planned].filter((c) => !listed.has(c)).sort();
      if (missing.length || extra.length) differences[k] = { ...(missing.length ? { missing } : {}), ...(extra.length ? { extra } : {}) };
    }
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([k, v]) => [k, { ...(v.missing ? { missing: [...v.missing].sort() } : {}), ...(v.extra ? { extra: [...v.extra].sort() } : {}) }]));
    expect(differences).toEqual(allowed);
  });

  it('each allow-listed difference is explained in the plan facts line too', () => {
    const all = plans();
    for (const k of Object.keys(ALLOWED)) expect(all.get(k)!.facts, k).toMatch(/[Dd]eviation|not reproduced|instead|refused|extractor|artefact|serverID/u);
  });
});
