// The mailbox and the inbox folder the smart mail shortcuts default to, read from list_user_mailboxes and list_folders
// answers as upstream reads them (internal/shortcut/smart/search_mail.go searchMailPickMailbox :158-188,
// searchMailUnwrapList :198-212, searchMailFirstString :250-257; recent_mail.go recentMailInboxFolder :162-182
// @c7521c1c): mail +search-mail, +unread-mail and +recent-mail.
import { isObject } from '../json-object.js';

type Obj = Record<string, unknown>;

const MAILBOX_CONTAINERS = ['emailAccounts', 'mailboxes', 'list', 'items', 'data', 'result', 'records'];
const FOLDER_CONTAINERS = ['folders', 'list', 'items', 'data', 'result', 'records'];
const INBOX_NAMES = new Set(['收件箱', 'inbox']);

/**
 * searchMailUnwrapList: at each key in turn, a list there, or else the first of the keys holding a list inside an
 * object there; its object elements (others dropped). Undefined when no key gives a list.
 */
export function mailUnwrapList(data: Obj, keys: readonly string[]): Obj[] | undefined {
  for (const key of keys) {
    const v = data[key];
    if (Array.isArray(v)) return v.filter(isObject);
    if (isObject(v)) {
      for (const inner of keys) {
        const w = v[inner];
        if (Array.isArray(w)) return w.filter(isObject);
      }
    }
  }
  return undefined;
}

/** searchMailFirstString: the first of the keys holding a non-empty text (untrimmed); "" when none. */
export function mailFirstString(m: Obj, keys: readonly string[]): string {
  for (const key of keys) {
    const v = m[key];
    if (typeof v === 'string' && v !== '') return v;
  }
  return '';
}

/**
 * searchMailPickMailbox: the first mailbox object's address (email, emailAddress, mailbox, address, account) in the
 * list searchMailUnwrapList finds; else the first non-empty text element of a container list at the top, then under
 * result, then under data. Undefined when none (or when the answer is not an object).
 */
export function mailboxAddress(data: unknown): string | undefined {
  if (!isObject(data)) return undefined;
  for (const m of mailUnwrapList(data, MAILBOX_CONTAINERS) ?? []) {
    const addr = mailFirstString(m, ['email', 'emailAddress', 'mailbox', 'address', 'account']);
    if (addr !== '') return addr;
  }
  const scan = (m: Obj): string => {
    for (const key of MAILBOX_CONTAINERS) {
      const v = m[key];
      if (!Array.isArray(v)) continue;
      for (const it of v) if (typeof it === 'string' && it !== '') return it;
    }
    return '';
  };
  const top = scan(data);
  if (top !== '') return top;
  for (const wrap of ['result', 'data']) {
    const inner = data[wrap];
    if (isObject(inner)) {
      const s = scan(inner);
      if (s !== '') return s;
    }
  }
  return undefined;
}

/**
 * recentMailInboxFolder: in the folder list searchMailUnwrapList finds, the first folder named exactly 收件箱 or
 * inbox (its first non-empty displayName, name or folderName) that has a non-empty text id (id, else folderId).
 * Undefined when none.
 */
export function mailInboxFolderId(data: unknown): string | undefined {
  if (!isObject(data)) return undefined;
  for (const f of mailUnwrapList(data, FOLDER_CONTAINERS) ?? []) {
    if (!INBOX_NAMES.has(mailFirstString(f, ['displayName', 'name', 'folderName']))) continue;
    const id = mailFirstString(f, ['id', 'folderId']);
    if (id !== '') return id;
  }
  return undefined;
}
