// h47-put (issue 32, follow-up of h47-a3): every upload whose upstream body PUTs (or POSTs) through a helper that
// accepts exactly HTTP 200 (httpPutFile helpers/doc.go:318, httpPutMailAttachment mail.go:4194, the drive folder push
// PUT drive_push.go:828@c7521c1c) takes the bytes as stored only on 200: a 201 or 204 answer fails the run before the
// call that commits, confirms or places them; 200 goes on to that call. Each command runs as a user types it against
// the recording backend on 127.0.0.1, whose /upload/<name>?status=N answers the PUT with N.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';
import { dispatchInProcess } from '../helpers.js';

const mcp = useMcpServer();

interface Case {
  /** the command line as a user types it (given the run's directory, for the flags that take an absolute path) */
  argv: string[] | ((dir: string) => string[]);
  /** local files in the run's directory (name -> text) */
  files: Record<string, string>;
  /** answers per `<server>/<tool>`, given the upload URL (which answers the PUT with the status under test) */
  answers: (url: string) => Record<string, unknown>;
  /** the call that follows the upload upstream: sent after a 200, never after another 2xx; '' when the upload is the last step (then 200 succeeds) */
  next: string;
}

/**
 * One run of a case with the PUT answered `status` (its waits, e.g. media insert's read-back polls, not slept): its
 * refusal reason, the calls sent and the uploads received.
 */
async function probe(c: Case, status: number) {
  mcp.calls.length = 0;
  mcp.uploads.length = 0;
  const url = `${mcp.base}/upload/bytes.bin${status === 200 ? '' : `?status=${status}`}`;
  for (const [key, body] of Object.entries(c.answers(url))) mcp.answers[key] = () => body;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-h47put-'));
  for (const [name, text] of Object.entries(c.files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const outcome = await dispatchInProcess(typeof c.argv === 'function' ? c.argv(dir) : c.argv, privateEnv(mcp.urlTemplate, 't', dir), undefined, { sleep: async () => {} });
  return {
    reason: outcome.error?.reason,
    message: outcome.error?.message ?? '',
    calls: mcp.calls.map((call) => `${call.server}/${call.name}`),
    uploads: mcp.uploads.length,
  };
}

const driveCred = (url: string) => ({ 'drive/get_upload_info': { uploadId: 'u1', resourceUrl: url }, 'drive/commit_upload': { success: true, fileId: 'f1' } });
const docCred = (url: string) => ({ 'doc/get_file_upload_info': { resourceUrl: url, uploadKey: 'k1' }, 'doc/commit_uploaded_file': { success: true, nodeId: 'n1' } });
const attachmentCred = (url: string) => ({
  'doc/get_doc_attachment_upload_info': { result: { uploadUrl: url, resourceId: 'r1', resourceUrl: 'https://cdn.example/r1' } },
});

const CASES: Record<string, Case> = {
  'markdown create --space-id (uploadToDrive, markdown.go:370)': {
    argv: ['markdown', 'create', '--name', 'n.md', '--content', 'hello', '--space-id', 's', '--yes'],
    files: {}, answers: driveCred, next: 'drive/commit_upload',
  },
  'markdown create (uploadToDocSpace, markdown.go:372)': {
    argv: ['markdown', 'create', '--name', 'n.md', '--content', 'hello', '--yes'],
    files: {}, answers: docCred, next: 'doc/commit_uploaded_file',
  },
  'markdown overwrite --space-id (uploadToDrive, markdown.go:574)': {
    argv: ['markdown', 'overwrite', '--node', 'n1', '--name', 'n.md', '--content', 'hello', '--space-id', 's', '--yes'],
    files: {}, answers: driveCred, next: 'drive/commit_upload',
  },
  'markdown overwrite --workspace (uploadToDocSpace, markdown.go:572)': {
    argv: ['markdown', 'overwrite', '--node', 'n1', '--name', 'n.md', '--content', 'hello', '--workspace', 'w1', '--yes'],
    files: {}, answers: docCred, next: 'doc/commit_uploaded_file',
  },
  'doc upload (runDocUpload, doc.go:203)': {
    argv: ['doc', 'upload', '--file', 'a.txt', '--yes'],
    files: { 'a.txt': 'abc' }, answers: docCred, next: 'doc/commit_uploaded_file',
  },
  'doc media insert (runMediaInsert, doc.go:579)': {
    argv: ['doc', 'media', 'insert', '--node', 'd1', '--file', 'a.png', '--yes'],
    files: { 'a.png': 'PNG' }, answers: attachmentCred, next: 'doc/insert_document_block',
  },
  'doc +media-insert (runMediaInsert, doc.go:579)': {
    argv: ['doc', '+media-insert', '--node', 'd1', '--file', 'a.png', '--yes'],
    files: { 'a.png': 'PNG' }, answers: attachmentCred, next: 'doc/insert_document_block',
  },
  'doc style cover set (uploadDocStyleImage, doc_style.go:453)': {
    argv: ['doc', 'style', 'cover', 'set', '--node', 'd1', '--file', 'a.png', '--yes'],
    files: { 'a.png': 'PNG' }, answers: attachmentCred, next: 'doc/update_document_style',
  },
  'doc +resource-update (uploadDocStyleImage, doc_style.go:453)': {
    argv: ['doc', '+resource-update', '--node', 'd1', '--file', 'a.png', '--yes'],
    files: { 'a.png': 'PNG' }, answers: attachmentCred, next: 'doc/update_document_style',
  },
  'doc media upload (runDocMediaUpload, doc_media_upload.go:73; fragment sheet_media_put)': {
    argv: ['doc', 'media', 'upload', '--node', 'd1', '--file', 'a.png', '--yes'],
    files: { 'a.png': 'PNG' }, answers: attachmentCred, next: '',
  },
  'sheet media-upload (runSheetMediaUpload, sheet_media.go:110; fragment sheet_media_put)': {
    argv: ['sheet', 'media-upload', '--node', 'd1', '--file', 'a.png', '--yes'],
    files: { 'a.png': 'PNG' }, answers: attachmentCred, next: '',
  },
  'sheet write-image (runSheetWriteImage, sheet_media.go:235; fragment sheet_media_put)': {
    argv: ['sheet', 'write-image', '--node', 'd1', '--sheet-id', 's1', '--range', 'A1', '--file', 'a.png', '--yes'],
    files: { 'a.png': 'PNG' }, answers: attachmentCred, next: 'sheet/write_image',
  },
  'doc +import, a converted format (runImportCommand, import_flow.go:395)': {
    argv: ['doc', '+import', '--file', 'a.docx', '--yes'],
    files: { 'a.docx': 'DOCX' }, answers: (url) => ({ 'doc/create_import_session': { sessionId: 's1', uploadUrl: url } }), next: 'doc/confirm_import',
  },
  'doc +import, the plain upload fallback (docSpaceUploadCommitText, doc.go:245)': {
    argv: ['doc', '+import', '--file', 'a.pdf', '--yes'],
    files: { 'a.pdf': 'PDF' }, answers: docCred, next: 'doc/commit_uploaded_file',
  },
  'sheet import create (runImportCommand, import_flow.go:395)': {
    argv: ['sheet', 'import', 'create', '--file', 'a.xlsx', '--workspace', 'w1', '--yes'],
    files: { 'a.xlsx': 'XLSX' }, answers: (url) => ({ 'doc/create_import_session': { sessionId: 's1', uploadUrl: url } }), next: 'doc/confirm_import',
  },
  'chat message send-by-bot --msg-type file (uploadConversationLocalFile, chat.go:2130)': {
    argv: ['chat', 'message', 'send-by-bot', '--robot-code', 'rb1', '--group', 'cidAbcdefghijkl', '--msg-type', 'file', '--file-path', 'a.txt', '--yes'],
    files: { 'a.txt': 'abc' }, answers: (url) => ({ 'im/init_conversation_file_upload': { resourceUrl: url, uploadKey: 'k1' } }), next: 'im/commit_conversation_file_upload',
  },
  'chat +messages-send --file (UploadConversationLocalFile, unified_send.go:609 -> chat.go:2130)': {
    argv: ['chat', '+messages-send', '--group', 'cidAbcdefghijkl', '--file', 'a.txt', '--yes'],
    files: { 'a.txt': 'abc' }, answers: (url) => ({ 'im/init_conversation_file_upload': { resourceUrl: url, uploadKey: 'k1' } }), next: 'im/commit_conversation_file_upload',
  },
  'todo task add-attachment (uploadTodoLocalFile, todo.go:1984)': {
    argv: ['todo', 'task', 'add-attachment', '--task-id', 't1', '--file-path', 'a.txt', '--yes'],
    files: { 'a.txt': 'abc' }, answers: (url) => ({ 'todo/init_todo_file_upload': { resourceUrl: url, uploadKey: 'k1' } }), next: 'todo/commit_todo_file_upload',
  },
  'mail message reply --attachment (httpPutMailAttachment, mail.go:4194: a POST)': {
    argv: ['mail', 'message', 'reply', '--from', 'a@x.com', '--id', 'm1', '--content', 'c', '--attachment', 'a.txt', '--yes'],
    files: { 'a.txt': 'abc' },
    answers: (url) => ({
      'mail/list_user_mailboxes': { result: { emailAccounts: [{ email: 'a@x.com', type: 'ENTERPRISE' }] } },
      'mail/create_reply_draft': { result: { message: { id: 'draft-9' } } },
      'mail/create_upload_session': { result: { uploadUrl: url } },
    }),
    next: 'mail/send_draft',
  },
  'mail draft create --inline-attachment (httpPutMailAttachment, mail.go:4194: the inline POST)': {
    argv: ['mail', 'draft', 'create', '--from', 'a@x.com', '--subject', 's', '--content', 'see [inline:a.png]', '--inline-attachment', 'a.png', '--yes'],
    files: { 'a.png': 'PNG' },
    answers: (url) => ({
      'mail/list_user_mailboxes': { result: { emailAccounts: [{ email: 'a@x.com', type: 'ENTERPRISE' }] } },
      'mail/create_draft': { result: { message: { id: 'draft-9' } } },
      'mail/create_upload_session': { result: { uploadUrl: url } },
    }),
    // the plan's read of the draft after its uploads (not a write): sent only once every upload counted as stored
    next: 'mail/get_email_by_message_id',
  },
  'drive push (pushUploadFilePinned -> defaultPushPutOpenedFile, drive_push.go:741, :828)': {
    argv: (dir) => ['drive', 'push', '--local-folder', path.join(dir, 'work'), '--remote-folder', 'root', '--yes'],
    files: { 'work/a.txt': 'abc' }, answers: (url) => ({ ...driveCred(url), 'drive/list_files': { result: { items: [], hasMore: false } } }), next: 'drive/commit_upload',
  },
  'drive sync (syncPushFile -> the same PUT, drive_sync.go:471-506)': {
    argv: (dir) => ['drive', 'sync', '--local-folder', path.join(dir, 'work'), '--remote-folder', 'root', '--yes'],
    files: { 'work/a.txt': 'abc' }, answers: (url) => ({ ...driveCred(url), 'drive/list_files': { result: { items: [], hasMore: false } } }), next: 'drive/commit_upload',
  },
};

describe('an upload through upstream\'s exact-200 helpers counts as stored only when answered HTTP 200', () => {
  for (const [name, c] of Object.entries(CASES)) {
    it(name, async () => {
      // 200: the run goes on to the call that follows the upload (or succeeds when the upload is its last step)
      const stored = await probe(c, 200);
      expect(stored.uploads).toBe(1);
      if (c.next) expect(stored.calls).toContain(c.next);
      else expect(stored.reason).toBeUndefined();
      const before = c.next ? stored.calls.slice(0, stored.calls.indexOf(c.next)) : stored.calls;
      // 201 / 204: the bytes reached the server, the run fails, and no call after the upload was sent
      for (const status of [201, 204]) {
        const refused = await probe(c, status);
        expect({ status, ...refused, message: undefined }).toEqual({ status, reason: expect.any(String) as unknown, message: undefined, calls: before, uploads: 1 });
      }
    });
  }
});
