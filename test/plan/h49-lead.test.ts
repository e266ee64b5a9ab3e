// Session 49 lead: upload steps whose upstream body checks no size. h49-a2 found doc media insert refusing a file
// above the upload step's default 20 MiB cap where httpPutFile sends any size (helpers/doc.go:294-325@c7521c1c); the
// lead swept every other upload step against its upstream body. These capped a file upstream sends:
// - drive upload and drive +upload (uploadToDrive / uploadToDocSpace, helpers/drive.go:3744-3830; driveUploadPut,
//   drive_transfer.go:828-849), markdown create and overwrite with --file (markdown.go:308-372, :553-574): the 20 MiB
//   default, refused after the credentials were asked for;
// - chat +messages-send --file and chat message send-by-bot --msg-type file (uploadConversationLocalFile, chat.go:
//   2085-2135): the 20 MiB default;
// - sheet media-upload, sheet write-image and doc media upload (sheet_media.go:14-126, :127-266), todo task
//   add-attachment (todo.go:1908-1984) and the six mail commands with --attachment (mail.go:3921-3970,
//   httpPutMailAttachment :4166-4199): 200 MiB.
// Each is now the upload step's most, 5 GiB. Upstream's own bounds stay: doc import and sheet import (importMaxFileSize
// 20 MiB, import_flow.go:31, :169), doc style cover set and doc +resource-update (20 MiB), aitable attachments (their
// maxAttachmentFileSize).
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h49lead-');
const { mcp } = outputs;
/** What a run with one sparse file sent: its refusal reason, the calls and the uploads [method, bytes]. */
const runWithFile = async (argv: string[], name: string, size: number) => {
  const { reason, calls, uploaded } = await outputs.withBigFile(argv, name, size);
  return { reason, calls, uploaded };
};

const OVER_20_MIB = 20 * 1024 * 1024 + 1;
const OVER_200_MIB = 200 * 1024 * 1024 + 1;

describe('drive and markdown uploads send a file above 20 MiB, as httpPutFile does (helpers/doc.go:294-325@c7521c1c)', () => {
  const drive = () => {
    outputs.answer('drive/get_upload_info', { result: { uploadId: 'U1', resourceUrls: [{ url: `${mcp.base}/upload/big.bin` }] } });
    outputs.answer('drive/commit_upload', { result: { fileId: 'F1' } });
  };
  const docSpace = () => {
    outputs.answer('doc/get_file_upload_info', { result: { resourceUrl: `${mcp.base}/upload/big.bin`, uploadKey: 'K1' } });
    outputs.answer('doc/commit_uploaded_file', { result: { nodeId: 'N1' } });
  };

  it('drive upload: the credentials, the PUT of every byte, the commit (uploadToDrive, drive.go:3744-3788)', async () => {
    drive();
    const run = await runWithFile(['drive', 'upload', '--file', 'big.bin'], 'big.bin', OVER_20_MIB);
    expect(run).toEqual({ reason: undefined, calls: ['drive/get_upload_info', 'drive/commit_upload'], uploaded: [['PUT', OVER_20_MIB]] });
  });

  it('drive upload --workspace: the document-space path (uploadToDocSpace, drive.go:3793-3830)', async () => {
    docSpace();
    const run = await runWithFile(['drive', 'upload', '--file', 'big.bin', '--workspace', 'W1'], 'big.bin', OVER_20_MIB);
    expect(run).toEqual({ reason: undefined, calls: ['doc/get_file_upload_info', 'doc/commit_uploaded_file'], uploaded: [['PUT', OVER_20_MIB]] });
  });

  it('drive +upload: the credentials, the PUT, the commit and its read-back (shortcut/drive/catalog_operations.go:443-500)', async () => {
    drive();
    outputs.answer('drive/commit_upload', { success: true, fileId: 'F1' });
    outputs.answer('drive/get_file_info', { fileId: 'F1', name: 'big.bin', fileSize: OVER_20_MIB });
    const run = await runWithFile(['drive', '+upload', '--file', 'big.bin', '--yes'], 'big.bin', OVER_20_MIB);
    expect(run).toEqual({ reason: undefined, calls: ['drive/get_upload_info', 'drive/commit_upload', 'drive/get_file_info'], uploaded: [['PUT', OVER_20_MIB]] });
  });

  it('markdown create --file: to a drive space and to a document space (markdown.go:308-372)', async () => {
    drive();
    const toSpace = await runWithFile(['markdown', 'create', '--file', 'big.md', '--space-id', 'S1'], 'big.md', OVER_20_MIB);
    expect(toSpace).toEqual({ reason: undefined, calls: ['drive/get_upload_info', 'drive/commit_upload'], uploaded: [['PUT', OVER_20_MIB]] });
    docSpace();
    const toWorkspace = await runWithFile(['markdown', 'create', '--file', 'big.md', '--workspace', 'W1'], 'big.md', OVER_20_MIB);
    expect(toWorkspace).toEqual({ reason: undefined, calls: ['doc/get_file_upload_info', 'doc/commit_uploaded_file'], uploaded: [['PUT', OVER_20_MIB]] });
  });

  it('doc import keeps upstream\'s own 20 MiB bound, checked before any call (importMaxFileSize, import_flow.go:31, :169)', async () => {
    const run = await runWithFile(['doc', '+import', '--file', 'big.md', '--yes'], 'big.md', OVER_20_MIB);
    expect(run.reason).toBe('invalid_parameter');
    expect(run.calls).toEqual([]);
  });
});

describe('uploads above 200 MiB: no size check upstream', () => {
  it('sheet media-upload (runSheetMediaUpload, sheet_media.go:14-126)', async () => {
    outputs.answer('doc/get_doc_attachment_upload_info', { uploadUrl: `${mcp.base}/upload/huge.png`, resourceId: 'r1', resourceUrl: `${mcp.base}/r1` });
    const run = await runWithFile(['sheet', 'media-upload', '--node', 'S1', '--file', 'huge.png', '--yes'], 'huge.png', OVER_200_MIB);
    expect(run).toEqual({ reason: undefined, calls: ['doc/get_doc_attachment_upload_info'], uploaded: [['PUT', OVER_200_MIB]] });
  });

  it('todo task add-attachment (buildTodoLocalFileMeta and the PUT, todo.go:1908-1984)', async () => {
    outputs.answer('todo/init_todo_file_upload', { result: { resourceUrl: `${mcp.base}/upload/huge.png`, uploadKey: 'k1' } });
    outputs.answer('todo/commit_todo_file_upload', { result: { dentryId: '11', spaceId: '22' } });
    outputs.answer('todo/add_todo_attachment', { result: { attachmentId: '33' } });
    const run = await runWithFile(['todo', 'task', 'add-attachment', '--task-id', '100', '--file-path', 'huge.png'], 'huge.png', OVER_200_MIB);
    expect(run).toEqual({
      reason: undefined,
      calls: ['todo/init_todo_file_upload', 'todo/commit_todo_file_upload', 'todo/add_todo_attachment'],
      uploaded: [['PUT', OVER_200_MIB]],
    });
  });

  it('mail message reply --attachment: the attachment POSTed whole (httpPutMailAttachment, mail.go:4166-4199)', async () => {
    const mailbox = 'me@example.com';
    outputs.answer('mail/list_user_mailboxes', { success: true, result: { emailAccounts: [{ email: mailbox, type: 'ENTERPRISE' }] } });
    outputs.answer('mail/create_reply_draft', { success: true, result: { message: { id: 'draft_1' } } });
    outputs.answer('mail/create_upload_session', { success: true, result: { uploadUrl: `${mcp.base}/upload/huge.png` } });
    const run = await runWithFile(['mail', 'message', 'reply', '--from', mailbox, '--id', 'm1', '--content', 'see attached', '--attachment', './huge.png', '--yes'],
      'huge.png', OVER_200_MIB);
    expect(run).toEqual({
      reason: undefined,
      calls: ['mail/list_user_mailboxes', 'mail/create_reply_draft', 'mail/create_upload_session', 'mail/send_draft'],
      uploaded: [['POST', OVER_200_MIB]],
    });
  });
});

describe('chat file messages send a file above 20 MiB (uploadConversationLocalFile, helpers/chat.go:2085-2135@c7521c1c)', () => {
  const upload = () => {
    outputs.answer('im/init_conversation_file_upload', { result: { resourceUrl: `${mcp.base}/upload/big.bin`, uploadKey: 'k1' } });
    outputs.answer('im/commit_conversation_file_upload', { result: { dentryId: 12, spaceId: 34, downloadUrl: `${mcp.base}/d/big.bin` } });
  };
  it('chat +messages-send --file', async () => {
    upload();
    outputs.answer('chat/send_personal_message', { result: { openTaskId: 't1', openMessageId: 'm1', openConversationId: 'cidG1==' } });
    const run = await runWithFile(['chat', '+messages-send', '--group', 'cidG1==', '--file', 'big.bin', '--yes'], 'big.bin', OVER_20_MIB);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual(['im/init_conversation_file_upload', 'im/commit_conversation_file_upload', 'chat/send_personal_message']);
    expect(run.uploaded).toEqual([['PUT', OVER_20_MIB]]);
  });
  it('chat message send-by-bot --msg-type file', async () => {
    upload();
    outputs.answer('bot/send_robot_group_message', { result: { processQueryKey: 'pq1' } });
    const run = await runWithFile(['chat', 'message', 'send-by-bot', '--robot-code', 'dingRobot001', '--group', 'cidG1==', '--msg-type', 'file', '--file-path', 'big.bin', '--yes'], 'big.bin', OVER_20_MIB);
    expect(run.reason).toBeUndefined();
    expect(run.calls).toEqual(['im/init_conversation_file_upload', 'im/commit_conversation_file_upload', 'bot/send_robot_group_message']);
    expect(run.uploaded).toEqual([['PUT', OVER_20_MIB]]);
  });
});
