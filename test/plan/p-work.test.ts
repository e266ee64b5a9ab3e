// What the mail and todo commands the p-work pre-audit read print or write, as upstream's bodies at c7521c1c do, run
// as a user types them against the recording backend on 127.0.0.1 (issue 32). The arguments are pinned by the
// `p-work:` recorded-call goldens of test/fixtures/calls/{mail,todo}.yaml.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';
import fc from 'fast-check';
import { mailFilename } from '../../src/domain/mail-attachments.js';
import { mailboxAddress } from '../../src/domain/mail-mailboxes.js';
import { goQueryEscape } from '../../src/plan/transforms/text.js';

const outputs = useOutputRuns('dws-pwork-');
const { sent } = outputs;

/** One export run in a fresh directory: what it printed and the .eml files it left there (name -> text). */
async function exportRun(argv: string[]) {
  const env = outputs.env();
  const outcome = await dispatchInProcess(argv, env);
  const root = env.DWS_FILE_ROOT!;
  const printed = outcome.out ? (JSON.parse(outcome.out) as { result: { file: string } }).result : undefined;
  const file = printed ? path.join(root, printed.file) : undefined;
  return { reason: outcome.error?.reason, printed, text: file && existsSync(file) ? readFileSync(file, 'utf8') : undefined };
}

describe('mail message export names the file as sanitizeMailFilename does (helpers/mail.go:2236-2286, :4374-4383)', () => {
  it('a subject keeps its colon and loses only its slashes; the EML content is written as it came', async () => {
    outputs.answer('mail/get_email_by_message_id', { result: { message: { subject: ' Re: 周报 a/b\\c ' } } });
    outputs.answer('mail/export_message_mime', { result: { emlContent: 'From: a' } });
    expect(await exportRun(['mail', 'message', 'export', '--email', 'me@example.com', '--id', 'm1'])).toEqual({
      reason: undefined, printed: { file: 'Re: 周报 a_b_c.eml', bytes: 7 }, text: 'From: a',
    });
  });

  it('a subject read in result when it holds no message object, and a blank subject names the file mail', async () => {
    outputs.answer('mail/export_message_mime', { emlContent: 'E' });
    outputs.answer('mail/get_email_by_message_id', { result: { subject: 'rs', message: 'x' } });
    expect((await exportRun(['mail', 'message', 'export', '--email', 'a', '--id', 'm2'])).printed).toEqual({ file: 'rs.eml', bytes: 1 });
    outputs.answer('mail/get_email_by_message_id', { result: { message: { subject: '   ' } } });
    expect((await exportRun(['mail', 'message', 'export', '--email', 'a', '--id', 'm3'])).printed).toEqual({ file: 'mail.eml', bytes: 1 });
  });

  it('a --filename with a parent segment stays one name in the directory; a leading dot is kept', async () => {
    outputs.answer('mail/export_message_mime', { result: { emlContent: 'E' } });
    expect((await exportRun(['mail', 'message', 'export', '--email', 'a', '--id', 'm', '--filename', ' ../x '])).printed).toEqual({ file: '.._x.eml', bytes: 1 });
    expect((await exportRun(['mail', 'message', 'export', '--email', 'a', '--id', 'm', '--filename', '.hid'])).printed).toEqual({ file: '.hid.eml', bytes: 1 });
  });

  it('an empty EML content writes no file', async () => {
    outputs.answer('mail/export_message_mime', { result: { emlContent: '' }, emlContent: 'top' });
    expect(await exportRun(['mail', 'message', 'export', '--email', 'a', '--id', 'm', '--filename', 'f'])).toEqual({ reason: 'backend_error', printed: undefined, text: undefined });
  });

  it('mail_filename is the text trimmed with separators made _ and NUL removed, never empty', () => {
    expect(['a/b', ' \\x\u0000 ', '\u0000', ' \u0085', 'Re: *?'].map((s) => mailFilename(s, 'f'))).toEqual(['a_b', '_x', 'mail', 'mail', 'Re: *?']);
  });
});

describe('mail message share-to-chat prints the first answer unwrapped from result when no sign comes back (mail.go:2387-2397)', () => {
  it('a result object is printed without its envelope; an empty sign is no sign', async () => {
    outputs.answer('mail/share_message_to_chat', { sign: 'top', result: { sign: '', shared: 2 } });
    expect(await sent(['mail', 'message', 'share-to-chat', '--email', 'a', '--id', 'm', '--yes'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['mail/share_message_to_chat', { email: 'a', id: 'm' }]],
      printed: { sign: '', shared: 2 },
    });
  });

  it('an answer whose result is not an object is printed whole; after a sign the second answer as it came', async () => {
    outputs.answer('mail/share_message_to_chat', { result: 'ok', n: 1 });
    expect((await sent(['mail', 'message', 'share-to-chat', '--email', 'a', '--id', 'm', '--yes'])).printed).toEqual({ result: 'ok', n: 1 });
    outputs.answersInTurn('mail/share_message_to_chat', { result: { sign: 'S', riskMessage: 'r' } }, { result: { done: true } });
    expect((await sent(['mail', 'message', 'share-to-chat', '--email', 'a', '--id', 'm', '--yes'])).printed).toEqual({ result: { done: true } });
  });
});

describe('mail list shortcuts keep a null held by the first spelling present (`m[k]; ok`, internal/shortcut/mail/mail.go:299, :417, :689, :815)', () => {
  it('mail +tag-list prints id null before a later spelling, and a row holding only a null', async () => {
    outputs.answer('mail/list_tags', { result: [{ id: null, tagId: 't1', name: 'n' }, { tag_id: null }, 'x', {}] });
    expect((await sent(['mail', '+tag-list', '--email', 'a'])).printed).toEqual({ count: 2, tags: [{ id: null, name: 'n' }, { id: null }] });
  });

  it('the folder, template and contact lists read their nulls alike', async () => {
    outputs.answer('mail/list_folders', { data: { folders: [{ id: null, folderId: 'f', name: 'n' }] } });
    expect((await sent(['mail', '+folder-list', '--email', 'a'])).printed).toEqual({ count: 1, folders: [{ id: null, name: 'n' }] });
    outputs.answer('mail/list_user_message_templates', { result: [{ name: null, templateName: 't' }] });
    expect((await sent(['mail', '+template-list', '--email', 'a', '--limit', '5'])).printed).toEqual({ count: 1, templates: [{ name: null }] });
    outputs.answer('mail/list_user_mail_contacts', { result: [{ contactEmail: null, email: 'e' }] });
    expect((await sent(['mail', '+contact-list', '--email', 'a', '--limit', '5'])).printed).toEqual({ count: 1, contacts: [{ contactEmail: null }] });
  });
});

describe('the smart mail shortcuts pick the mailbox as searchMailPickMailbox does (smart/search_mail.go:147-191)', () => {
  it('reads the first list found, then text lists at the top, in result, in data', () => {
    expect([
      { result: { emailAccounts: [{ email: 'a' }] } },
      { mailboxes: [{ email: '' }, { account: 'b' }] },
      { data: { emailAccounts: [{ emailAddress: 'c' }] } },
      { result: { emailAccounts: [{ id: 1 }] }, emailAccounts: ['d'] },
      { result: { list: ['', 'e'] } },
      { result: { emailAccounts: [{ id: 1 }] }, data: { records: ['f'] } },
      { emailAccounts: 'g', result: null },
      ['h'],
      { result: { emailAccounts: [{ email: 5 }] } },
    ].map(mailboxAddress)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', undefined, undefined, undefined]);
  });

  it('mail +search-mail prints the mailbox it picked with the projected messages', async () => {
    outputs.answer('mail/list_user_mailboxes', { data: { emailAccounts: [{ emailAddress: 'd@x.com' }] } });
    outputs.answer('mail/search_emails', { messages: [{ subject: 's', from: { name: 'n', email: 'e' }, date: '', sentDate: 0, messageId: 'm1' }, 'x'] });
    expect((await sent(['mail', '+search-mail', '--query', 'q'])).printed).toEqual({ email: 'd@x.com', messages: [{ subject: 's', from: 'n <e>', date: 0, messageId: 'm1' }] });
  });
});

describe('todo +get-my-tasks copies each field the card has as a key, a null included (getMyTasksProject, internal/shortcut/todo/todo.go:115-139)', () => {
  it('prints null fields and a row holding only a null; a card without any of the keys and a non-object are left out', async () => {
    outputs.answer('todo/get_user_todos_in_current_org', { result: { todoCards: [{ subject: null, taskId: 't1', priority: null, other: 1 }, { dueTime: null }, {}, 'x'] } });
    expect((await sent(['todo', '+get-my-tasks'])).printed).toEqual({ count: 2, todos: [{ subject: null, taskId: 't1', priority: null }, { dueTime: null }] });
  });
});

describe('todo task get prints the detail links as dingtalk:// links (helpers/todo.go:515-535)', () => {
  const PREFIX = 'dingtalk://dingtalkclient/page/link?pc_slide=true&url=';
  it('a non-empty appUrl/pcUrl text is escaped as url.QueryEscape does; other values and keys stay', async () => {
    outputs.answer('todo/get_todo_detail', { result: { todoDetailModel: { detailUrl: { appUrl: 'https://a.b/c?x=1&y= 2é~', pcUrl: '', other: 'o' }, subject: 's' }, n: 1 }, success: true });
    expect(await sent(['todo', 'task', 'get', '--task-id', ' t '])).toEqual({
      reason: undefined, category: undefined,
      calls: [['todo/get_todo_detail', { taskId: ' t ' }]],
      printed: { result: { todoDetailModel: { detailUrl: { appUrl: `${PREFIX}https%3A%2F%2Fa.b%2Fc%3Fx%3D1%26y%3D+2%C3%A9~`, pcUrl: '', other: 'o' }, subject: 's' }, n: 1 }, success: true },
    });
    outputs.answer('todo/get_todo_detail', { result: { todoDetailModel: { detailUrl: { appUrl: 5, pcUrl: 'p q' } } } });
    expect((await sent(['todo', 'task', 'get', '--task-id', 't'])).printed).toEqual({ result: { todoDetailModel: { detailUrl: { appUrl: 5, pcUrl: `${PREFIX}p+q` } } } });
  });

  it('an answer without a detailUrl object is printed as it came', async () => {
    outputs.answer('todo/get_todo_detail', { result: { todoDetailModel: { detailUrl: 's' } } });
    expect((await sent(['todo', 'task', 'get', '--task-id', 't'])).printed).toEqual({ result: { todoDetailModel: { detailUrl: 's' } } });
  });

  it('query_escape keeps only unreserved bytes and reads back to the text (Go url.QueryEscape)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
      const e = goQueryEscape(s);
      expect(/^[A-Za-z0-9\-_.~+%]*$/u.test(e)).toBe(true);
      expect(decodeURIComponent(e.replaceAll('+', ' '))).toBe(Buffer.from(s, 'utf8').toString('utf8'));
    }));
  });
});

describe('todo +overdue reads the cards where shortcutTodoFindCards finds them (smart/todo_done.go:155-170, overdue.go)', () => {
  it('a todoCards list three levels down is read', async () => {
    outputs.answer('todo/get_user_todos_in_current_org', { result: { result: { result: { todoCards: [{ subject: 'deep', dueTime: 1, taskId: 'd' }, 'x'] } } } });
    expect(await sent(['todo', '+overdue'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['todo/get_user_todos_in_current_org', { pageSize: '20', roleTypes: ['executor'], pageNum: '1' }]],
      printed: { overdue: [{ subject: 'deep', dueTime: 1, taskId: 'd' }] },
    });
  });
});
