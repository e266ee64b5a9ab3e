// `project_messages`: chat messages as upstream's readers print them (chatmsg.ProjectMessageV1, chatmsg.go:338@c7521c1c,
// and the four wrappers around it: helpers/chat.go:63, chat/chat_message.go:368, smart/chat_messages.go:979,
// smart/search_msg.go:817). One primitive: a plan names how the messages are found and which wrapper's touches apply.
//
// A row's keys: sender, text, createTime (null when the message has none), then, only when found, messageId,
// conversationId, threadId, senderId, senderType, messageType, updateTime, reactions (when asked for), quotedMessage,
// resourceRefs, forwarded (the forwarded record's messages, each projected the same way). Keys are written in code
// point order, as Go's encoding/json writes a map.
import { byCodePoint } from '../../text/order.js';
import { goCase } from '../../text/go-case.js';
import { equalFold } from '../../text/equal-fold.js';
import { trimSpace } from '../../contract/values.js';
import { goFloatTextOf, goSprint } from '../../go-fmt.js';
import { JsonNumber } from '../../json-number.js';
import { isObj, refuse, type Fn, type Param } from './types.js';
import { sameJson } from '../../json-object.js';
import { PLAIN as TIME } from './time.js';
import { parseJsonWellFormed } from '../../json-well-formed.js';
import { goRfc3339NanoUtc } from '../../go-time.js';

type Obj = Record<string, unknown>;
/** A named finder, or `{keys}`: the answer, then its result and data objects, each tried at the keys in order for a
 * list holding an object (ListMessageItems' walk with other keys: thread_replies.go:556 threadReplyItems). */
type Finder = 'list' | 'search' | 'resolve' | { keys: string[] };

export interface MessagesSpec {
  /** How the messages are found in the answer: `list` (chatmsg.ListMessageItems), `search` (chatmsg.SearchItems:
   * grouped results flattened), `resolve` (chat_message.go listMessagesResolveList). Absent: the value is the list. */
  items?: Finder;
  /** Reactions (emotionReplyList...) in each row: upstream's includeReactions, false under --no-reactions. Default true. */
  reactions?: boolean;
  /** Keys left out of a row when they hold null, and a row left with no key dropped (chat_message.go:371). */
  omit_null?: string[];
  /** With omit_null: a row left with no key is kept as `{}` (chat_message.go:638 projects every collected message). */
  keep_empty?: boolean;
  /** Alias key -> key: the alias gets the key's value when the row has the key and not the alias (`msgType`). */
  aliases?: Record<string, string>;
  /** `search`: sender and time as +search-msg reads them (search_msg.go:835 searchMsgSender, :866 searchMsgTime; both always
   * present). `at_me`: +at-me's own row (at_me.go:508 atMeProjectWithReactions): sender and time as search's, its own text
   * (atMeText :608, cleaned) and conversation (:628), no createTime/senderId/senderType; the shared ids, reactions,
   * quote, resources and forwarded messages. */
  reader?: 'search' | 'at_me';
  /** The value is `{answer, reactions?, order?, details?}`: the run's choices (a flag's) beside the answer. `reactions`
   * false leaves them out; `order` asc or desc sorts the messages by their createTime first (stable, a message without a
   * readable time last: upstream sortMessagesByCreateTimeStable, message_time_range.go:197); another order keeps them.
   * `details`: a list of message-detail answers (list_messages_by_ids), each message found in them (SearchItems) by its
   * id (chatmsg.MessageID as text) taking the detail's keys over its own before it is sorted and projected (upstream
   * enrichSearchMessages, search_msg.go:735). */
  wrapped?: boolean;
  /** Each message's own keys kept, the projection's added where the message lacks them (messageId and text always
   * written), plus openMessageId and content (helpers/chat.go:63 projectChatMessagesPayload). Top level only. */
  merge?: boolean;
}

const ITEMS = ['list', 'search', 'resolve'];
const isFinder = (v: unknown): v is Finder => ITEMS.includes(v as string)
  || (isObj(v) && Object.keys(v).length === 1 && Array.isArray(v.keys) && v.keys.length > 0 && v.keys.every((k) => typeof k === 'string' && k !== ''));

/** Checks a spec written in a plan (throws an Error naming the problem: the build reports it). */
export function messagesSpec(arg: unknown): MessagesSpec {
  const bad = (why: string): never => {
    throw new Error(`project_messages ${why}`);
  };
  const known = ['items', 'reactions', 'omit_null', 'keep_empty', 'aliases', 'reader', 'wrapped', 'merge'];
  if (!isObj(arg)) return bad(`needs {${known.map((k) => `${k}?`).join(', ')}}`);
  const extra = Object.keys(arg).find((k) => !known.includes(k));
  if (extra !== undefined) bad(`has no option "${extra}" (it takes ${known.join(', ')})`);
  const { items, reactions, omit_null: omitNull, aliases, reader, wrapped, merge } = arg;
  if (wrapped !== undefined && wrapped !== true) bad('wrapped is true or absent');
  if (arg.keep_empty !== undefined && (arg.keep_empty !== true || omitNull === undefined)) bad('keep_empty is true, with omit_null');
  if (items !== undefined && !isFinder(items)) bad(`items is one of ${ITEMS.join(', ')} or {keys: [key, ...]}`);
  if (reactions !== undefined && typeof reactions !== 'boolean') bad('reactions is true or false');
  if (omitNull !== undefined && !(Array.isArray(omitNull) && omitNull.length > 0 && omitNull.every((k) => typeof k === 'string' && k !== ''))) bad('omit_null must list keys');
  if (aliases !== undefined && !(isObj(aliases) && Object.keys(aliases).length > 0 && Object.values(aliases).every((k) => typeof k === 'string' && k !== ''))) bad('aliases must map alias keys to keys');
  if (reader !== undefined && reader !== 'search' && reader !== 'at_me') bad('reader is search, at_me or absent');
  if (merge !== undefined && merge !== true) bad('merge is true or absent');
  return arg as MessagesSpec;
}

// ---- reading a message (chatmsg.go:198-330) ----

/** fmt.Sprint of a value an answer holds (src/go-fmt.ts: a json.Number its literal, lists and objects in Go's syntax). */
const sprint = goSprint;

const present = (v: unknown) => v !== undefined && v !== null;

/** firstMessageValue: the first key holding a value that is not null and not blank text. */
function firstValue(m: Obj, keys: readonly string[]): unknown {
  for (const k of keys) {
    const v = m[k];
    if (!present(v) || (typeof v === 'string' && trimSpace(v) === '')) continue;
    return v;
  }
  return undefined;
}

const SENDER_KEYS = ['sender', 'senderName', 'senderNick', 'nick', 'senderStaffName', 'userName', 'name', 'senderId', 'senderStaffId', 'senderOpenDingTalkId'];
const SENDER_NAME_KEYS = ['name', 'nick', 'userName', 'staffName', 'displayName', 'senderName'];

function sender(m: Obj): unknown {
  for (const k of SENDER_KEYS) {
    const v = m[k];
    if (!present(v)) continue;
    if (typeof v === 'string') {
      if (v === '' || v === 'null') continue;
      return v;
    }
    if (isObj(v)) {
      for (const n of SENDER_NAME_KEYS) {
        const s = typeof v[n] === 'string' ? trimSpace(v[n] as string) : '';
        if (s !== '' && s !== 'null') return s;
      }
      continue;
    }
    return v;
  }
  return undefined;
}

const TEXT_KEYS = ['text', 'content', 'msgContent', 'message', 'msg', 'body', 'plainText'];
const TEXT_INNER_KEYS = ['text', 'content', 'richText', 'title', 'value'];

function text(m: Obj): unknown {
  for (const k of TEXT_KEYS) {
    const v = m[k];
    if (typeof v === 'string' && v !== '') return cleanText(v);
    if (isObj(v)) {
      for (const n of TEXT_INNER_KEYS) if (typeof v[n] === 'string' && v[n] !== '') return cleanText(v[n] as string);
    }
  }
  return undefined;
}

const firstPresent = (m: Obj, keys: readonly string[]): unknown => {
  for (const k of keys) if (present(m[k])) return m[k];
  return undefined;
};

const createTime = (m: Obj) => firstPresent(m, ['createTime', 'sendTime', 'gmtCreate', 'createAt', 'timestamp', 'time']);
const messageId = (m: Obj) => firstValue(m, ['openMessageId', 'openMsgId', 'messageId', 'message_id', 'msgId', 'msg_id', 'id']);
const conversationId = (m: Obj) => firstValue(m, ['openConversationId', 'openconversation_id', 'conversationId', 'conversation_id', 'chatId', 'chat_id']);
const threadId = (m: Obj) => firstValue(m, ['openConvThreadId', 'openConversationThreadId', 'threadId', 'thread_id', 'topicId', 'topic_id']);
const messageType = (m: Obj) => firstValue(m, ['msgType', 'messageType', 'message_type', 'type']);

function nestedFirst(m: Obj, keys: readonly string[]): unknown {
  for (const k of ['sender', 'from', 'senderUser']) {
    const nested = m[k];
    if (isObj(nested)) {
      const v = firstValue(nested, keys);
      if (v !== undefined) return v;
    }
  }
  return undefined;
}

const senderId = (m: Obj) => nestedFirst(m, ['openDingTalkId', 'openDingtalkId', 'userId', 'senderId', 'id'])
  ?? firstValue(m, ['senderOpenDingTalkId', 'senderOpenDingtalkId', 'senderUserId', 'senderId', 'sender_id', 'senderStaffId', 'openDingTalkId', 'userId']);
const senderType = (m: Obj) => nestedFirst(m, ['senderType', 'type', 'entityType']) ?? firstValue(m, ['senderType', 'sender_type', 'fromType', 'from_type']);

/** updateTime, left out when it repeats createTime (chatmsg.go:862). */
function updateTime(m: Obj): unknown {
  const created = createTime(m);
  for (const k of ['updateTime', 'modifiedTime', 'gmtModified', 'editTime']) {
    const v = m[k];
    if (!present(v)) continue;
    return created !== undefined && sameJson(v, created) ? undefined : v;
  }
  return undefined;
}

// ---- reactions (chatmsg.go:886) ----

function reactions(m: Obj): Obj | undefined {
  let raw: unknown[] = [];
  for (const k of ['emotionReplyList', 'reactionList', 'reactions']) {
    if (Array.isArray(m[k])) raw = m[k] as unknown[];
    if (raw.length > 0) break;
  }
  const counts: Obj[] = [];
  const details: Obj[] = [];
  for (const entry of raw) {
    if (!isObj(entry)) continue;
    const emoji = firstValue(entry, ['emoji', 'emojiName', 'reactionType', 'emotionName', 'text']);
    let users: unknown[] | undefined;
    for (const k of ['replyUsers', 'users', 'operators']) {
      if (Array.isArray(entry[k])) {
        users = entry[k] as unknown[];
        break;
      }
    }
    // a count the answer gives is never Go's int 0 (it decodes as float64 or json.Number): only the fallback skips
    let count: unknown;
    for (const k of ['count', 'replyCount', 'reactionCount']) {
      const v = entry[k];
      if (typeof v === 'number' || v instanceof JsonNumber || (typeof v === 'string' && trimSpace(v) !== '')) {
        count = v;
        break;
      }
    }
    if (emoji === undefined && count === undefined && (users ?? []).length === 0) continue;
    count ??= users?.length ?? 0;
    counts.push(sorted({ count, ...(emoji !== undefined ? { emoji } : {}) }));
    const detail: Obj = {};
    if (emoji !== undefined) detail.emoji = emoji;
    if (users !== undefined && users.length > 0) detail.replyUsers = users;
    if (Object.keys(detail).length > 0) details.push(detail);
  }
  if (counts.length === 0) return undefined;
  return sorted({ counts, ...(details.length > 0 ? { details } : {}) });
}

// ---- resources (chatmsg.go:450-860) ----

const WS = '[\\t\\n\\f\\r ]'; // Go RE2's \s
const ID_TAIL = `${WS}*[:=]${WS}*["']?([^"'\\t\\n\\f\\r )\\]}>,]+)`;
const MEDIA_ID_TEXT = new RegExp(`\\bmedia[_-]?id${ID_TAIL}`, 'gi');
const FILE_ID_TEXT = new RegExp(`\\bfile[_-]?id${ID_TAIL}`, 'gi');
const FILE_NAME_AND_ID_TEXT = new RegExp(`\\[文件\\]${WS}*([^\\r\\n]*?)${WS}+file[_-]?id${ID_TAIL}`, 'gi');
const LEGACY_DOWNLOAD_HINT = new RegExp(`${WS}*注意：如需下载使用dws${WS}+(?:chat message download-media|drive download)命令下载${WS}*`, 'g');

type Target = 'mediaid' | 'fileid';
// normalizeMessageKey (chatmsg.go:769-771@c7521c1c): Go's strings.ToLower, so `İ` is `i` (JavaScript: `i̇`)
const normKey = (k: string) => goCase(k.replace(/[_-]/gu, ''), 'lower');
const BOUNDARY = new Set(['quotedmessage', 'replymessage', 'quoted', 'replytomessage', 'forwardmessages', 'forwardedmessages', 'forwarded']);
const idScalar = (v: unknown) => (typeof v === 'string' ? trimQuotes(trimSpace(v)) : '');
const trimQuotes = (s: string) => s.replace(/^["']+|["']+$/gu, '');
const uniqueIds = (ids: string[]) => [...new Set(ids.map(trimSpace).filter((x) => x !== ''))];
const decoded = (s: string): unknown => {
  const t = trimSpace(s);
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return parseJsonWellFormed(t);
  } catch {
    return undefined;
  }
};
const resourceType = (m: Obj) => trimSpace(sprint(firstValue(m, ['resourceType', 'resource_type'])));

function collectIds(v: unknown, target: Target, pattern: RegExp, out: string[]): void {
  if (Array.isArray(v)) {
    for (const x of v) collectIds(x, target, pattern, out);
  } else if (isObj(v)) {
    const type = resourceType(v);
    for (const [k, child] of Object.entries(v)) {
      const nk = normKey(k);
      if (nk === target || (nk === 'resourceid' && equalFold(type, target))) {
        const id = idScalar(child);
        if (id !== '') out.push(id);
      }
      if (!BOUNDARY.has(nk)) collectIds(child, target, pattern, out);
    }
  } else if (typeof v === 'string') {
    for (const match of v.matchAll(pattern)) {
      const id = idScalar(match[1]);
      if (id !== '') out.push(id);
    }
    const inner = decoded(v);
    if (inner !== undefined) collectIds(inner, target, pattern, out);
  }
}

const sortedKeys = (m: Obj) => Object.keys(m).sort(byCodePoint);

function directString(m: Obj, wanted: string): string {
  for (const k of sortedKeys(m)) if (normKey(k) === wanted && typeof m[k] === 'string') return trimSpace(m[k] as string);
  return '';
}

function collectNames(v: unknown, target: Target, out: Map<string, { name: string; priority: number }>): void {
  const record = (id: string, name: string, priority: number) => {
    const i = idScalar(id);
    const n = trimSpace(name);
    if (i === '' || n === '') return;
    if ((out.get(i)?.priority ?? 0) >= priority) return;
    out.set(i, { name: n, priority });
  };
  if (Array.isArray(v)) {
    for (const x of v) collectNames(x, target, out);
  } else if (isObj(v)) {
    const type = normKey(resourceType(v));
    const ids = uniqueIds(sortedKeys(v).filter((k) => normKey(k) === target || (normKey(k) === 'resourceid' && type === target)).map((k) => idScalar(v[k])));
    if (ids.length === 1) {
      let name = '';
      for (const wanted of ['filename', 'resourcename', 'originalfilename']) {
        name = directString(v, wanted);
        if (name !== '') break;
      }
      if (name === '' && type === target && directString(v, 'resourceid') !== '') name = directString(v, 'name');
      if (name !== '') record(ids[0], name, 2);
    }
    for (const k of sortedKeys(v)) if (!BOUNDARY.has(normKey(k))) collectNames(v[k], target, out);
  } else if (typeof v === 'string') {
    if (target === 'fileid') for (const match of v.matchAll(FILE_NAME_AND_ID_TEXT)) record(match[2], match[1], 1);
    const inner = decoded(v);
    if (inner !== undefined) collectNames(inner, target, out);
  }
}

function idsOf(m: Obj, target: Target, pattern: RegExp): string[] {
  const ids: string[] = [];
  collectIds(m, target, pattern, ids);
  return uniqueIds(ids).sort(byCodePoint);
}

function resources(m: Obj): Obj[] {
  const media = idsOf(m, 'mediaid', MEDIA_ID_TEXT);
  const files = idsOf(m, 'fileid', FILE_ID_TEXT);
  if (media.length === 0 && files.length === 0) return [];
  const mediaNames = new Map<string, { name: string; priority: number }>();
  collectNames(m, 'mediaid', mediaNames);
  const fileNames = new Map<string, { name: string; priority: number }>();
  collectNames(m, 'fileid', fileNames);
  const idText = (v: unknown) => (v === undefined ? '' : trimSpace(sprint(v)));
  const msg = idText(messageId(m));
  const conv = idText(conversationId(m));
  const out: Obj[] = [];
  for (const id of media) {
    const args: Obj = { 'resource-id': id, type: 'mediaId' };
    const missing: string[] = [];
    if (msg !== '') args['message-id'] = msg;
    else missing.push('message-id');
    if (conv !== '') args['open-conversation-id'] = conv;
    else missing.push('open-conversation-id');
    const name = mediaNames.get(id)?.name;
    out.push(sorted({
      download: { arguments: sorted(args), missing, ready: missing.length === 0, shortcut: '+messages-resource-download' },
      ...(name !== undefined ? { name } : {}),
      resourceId: id,
      type: 'mediaId',
    }));
  }
  for (const id of files) {
    const name = fileNames.get(id)?.name;
    out.push(sorted({
      download: { arguments: { 'resource-id': id, type: 'fileId' }, missing: [], ready: true, shortcut: '+messages-resource-download' },
      ...(name !== undefined ? { name } : {}),
      resourceId: id,
      type: 'fileId',
    }));
  }
  return out;
}

/** nestedMessageChildren: the quoted, replied-to and forwarded messages anywhere in a message (JSON text decoded). */
function nestedChildren(v: unknown): Obj[] {
  const maps = (x: unknown): Obj[] => {
    if (isObj(x)) return [x];
    if (Array.isArray(x)) return x.filter(isObj);
    if (typeof x === 'string') {
      try {
        return maps(parseJsonWellFormed(trimSpace(x)));
      } catch {
        return [];
      }
    }
    return [];
  };
  if (isObj(v)) return Object.entries(v).flatMap(([k, child]) => (BOUNDARY.has(normKey(k)) ? maps(child) : nestedChildren(child)));
  if (Array.isArray(v)) return v.flatMap(nestedChildren);
  if (typeof v === 'string') {
    const inner = decoded(v);
    return inner === undefined ? [] : nestedChildren(inner);
  }
  return [];
}

const MAX_DEPTH = 32;

/** ResourcesDeep: a message's resources, then each nested message's, a child without a conversation taking its parent's. */
function resourcesDeep(m: Obj, inherited = '', depth = 0): Obj[] {
  if (depth > MAX_DEPTH) return [];
  const own = conversationId(m);
  let conv = own === undefined ? '' : trimSpace(sprint(own));
  if (conv === '') conv = inherited;
  const owned = own === undefined && conv !== '' ? { ...m, openConversationId: conv } : m;
  const out = resources(owned);
  if (depth === MAX_DEPTH) return out;
  for (const child of nestedChildren(m)) out.push(...resourcesDeep(child, conv, depth + 1));
  return out;
}

/** The text, without the old APIs' download hint when the message owns a resource named in it (chatmsg.go:581). */
function projectedText(m: Obj, owned: Obj[]): unknown {
  const t = text(m);
  if (typeof t !== 'string' || owned.length === 0) return t;
  const named = new RegExp(MEDIA_ID_TEXT.source, 'i').test(t) || new RegExp(FILE_ID_TEXT.source, 'i').test(t);
  return named ? trimSpace(t.replace(LEGACY_DOWNLOAD_HINT, '')) : t;
}

function quoted(m: Obj): Obj | undefined {
  let q: Obj | undefined;
  for (const k of ['quotedMessage', 'replyMessage', 'quoted', 'replyToMessage']) {
    if (isObj(m[k])) {
      q = m[k] as Obj;
      break;
    }
  }
  if (q === undefined) return undefined;
  const owned = resources(q);
  const out: Obj = {};
  const put = (k: string, v: unknown) => {
    if (v !== undefined) out[k] = v;
  };
  put('messageId', messageId(q));
  put('conversationId', conversationId(q));
  put('threadId', threadId(q));
  put('sender', sender(q));
  put('text', projectedText(q, owned));
  put('createTime', createTime(q));
  put('messageType', messageType(q));
  if (owned.length > 0) out.resourceRefs = owned;
  return Object.keys(out).length > 0 ? sorted(out) : undefined;
}

// ---- CleanText (chatmsg.go:1188) ----

const ENCRYPTED_TRAILER = /\|\|\d+\|\|\d+\|\|\d+[\t\n\f\r ]*$/u;

export function isEncrypted(raw: string): boolean {
  const s = trimSpace(raw);
  if (!ENCRYPTED_TRAILER.test(s)) return false;
  const body = trimSpace(s.replace(ENCRYPTED_TRAILER, ''));
  return body.length >= 32 && /^[A-Za-z0-9+/=\n\r \t]*$/u.test(body);
}

function richItemTexts(node: unknown): string[] {
  const texts: string[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) {
      n.forEach(walk);
    } else if (isObj(n)) {
      if (Array.isArray(n.items)) {
        for (const it of n.items) {
          if (!isObj(it) || !isObj(it.data) || typeof it.data.text !== 'string') continue;
          const s = trimSpace(it.data.text);
          if (s !== '') texts.push(s);
        }
      }
      // Go walks a map in random order; the texts of one card come from its items lists, in key order here
      for (const k of sortedKeys(n)) walk(n[k]);
    }
  };
  walk(node);
  return texts;
}

const isDecoration = (n: unknown) => isObj(n) && ((Object.hasOwn(n, 'previewUrl') && Object.hasOwn(n, 'title')) || (Object.hasOwn(n, 'autoLayout') && Object.hasOwn(n, 'enableForward')));

/** A body made readable: ciphertext marked, a rich-content card's texts kept; any other text unchanged. */
export function cleanText(s: string): string {
  if (isEncrypted(s)) return '[加密消息，无法解码]';
  if (!/[{[]/u.test(s)) return s;
  const lines = s.split('\n');
  const parsed = lines.map((line) => {
    const t = trimSpace(line);
    if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
    try {
      const v: unknown = parseJsonWellFormed(t);
      return { decoration: isDecoration(v), texts: richItemTexts(v) };
    } catch {
      return undefined;
    }
  });
  if (!parsed.some((p) => (p?.texts.length ?? 0) > 0)) return s;
  const out: string[] = [];
  lines.forEach((line, i) => {
    const p = parsed[i];
    if (p !== undefined && p.texts.length > 0) out.push(...p.texts);
    else if (p?.decoration) return;
    else if (trimSpace(line) !== '' && trimSpace(line) !== 'empty') out.push(line);
  });
  return trimSpace(out.join('\n'));
}

// ---- +search-msg's readers (search_msg.go:835, :866) ----

// searchMsgString (shortcut/smart/search_msg.go:884-897) and atMeString (at_me.go:644-657@c7521c1c) over an answer
// json.Unmarshal decoded: a text trimmed, a number (a kept literal read as the float64 Go made of it) as
// FormatFloat(v, 'f', -1, 64) writes it (1e21 in all its digits), anything else ""
const searchText = (v: unknown): string =>
  typeof v === 'string' ? trimSpace(v) : typeof v === 'number' || v instanceof JsonNumber ? goFloatTextOf(v) : '';
const norm = (v: unknown) => {
  const s = searchText(v);
  return s !== '' && s !== 'null' ? s : '';
};

function searchSender(m: Obj): unknown {
  for (const k of ['senderName', 'sender_name', 'senderNick', 'fromName', 'senderStaffName']) if (norm(m[k]) !== '') return norm(m[k]);
  for (const k of ['sender', 'from', 'senderUser']) {
    const nested = m[k];
    if (isObj(nested)) for (const n of ['name', 'nick', 'userName', 'staffName', 'displayName']) if (norm(nested[n]) !== '') return norm(nested[n]);
    if (norm(nested) !== '') return norm(nested);
  }
  for (const k of ['senderId', 'sender_id', 'senderUserId', 'senderStaffId', 'openDingTalkId']) if (norm(m[k]) !== '') return norm(m[k]);
  return undefined;
}

const searchTime = (m: Obj) => firstPresent(m, ['createTime', 'sendTime', 'gmtCreate', 'time', 'msgTime', 'createAt']);

// ---- +at-me's readers (at_me.go:552-642) ----

/** atMeText: a flat text key (trimmed; a number as its digits), else a nested content/text/msg object's text; cleaned when text. */
function atMeText(m: Obj): unknown {
  for (const k of ['text', 'content', 'msgContent', 'message', 'body']) if (searchText(m[k]) !== '') return cleanText(searchText(m[k]));
  for (const k of ['content', 'text', 'msg']) {
    const nested = m[k];
    if (isObj(nested)) for (const n of ['text', 'content', 'richText', 'title']) if (searchText(nested[n]) !== '') return cleanText(searchText(nested[n]));
  }
  return undefined;
}

/** atMeConversation: a readable title first, else the conversation id. */
function atMeConversation(m: Obj): unknown {
  for (const k of ['conversationTitle', 'chatTitle', 'groupName', 'conversationName', 'title', 'openConversationId', 'conversationId', 'conversation_id', 'cid', 'chatId']) {
    if (searchText(m[k]) !== '') return searchText(m[k]);
  }
  return undefined;
}

// ---- the row ----

/** An object with its keys in code point order (Go marshals a map so). */
function sorted(o: Obj): Obj {
  return Object.fromEntries(sortedKeys(o).map((k) => [k, o[k]]));
}

const nullable = (v: unknown) => (v === undefined ? null : v);

/** One message as ProjectMessageV1 with the spec's wrapper touches (not `merge`, which projectMessage adds). */
function projectOne(m: Obj, spec: MessagesSpec): Obj | undefined {
  const atMe = spec.reader === 'at_me';
  const row: Obj = atMe
    ? { sender: nullable(searchSender(m)), time: nullable(searchTime(m)), text: nullable(atMeText(m)), conversation: nullable(atMeConversation(m)) }
    : { createTime: nullable(createTime(m)), sender: nullable(sender(m)), text: nullable(projectedText(m, resources(m))) };
  const put = (k: string, v: unknown) => {
    if (v !== undefined) row[k] = v;
  };
  put('messageId', messageId(m));
  put('conversationId', conversationId(m));
  put('threadId', threadId(m));
  if (!atMe) {
    put('senderId', senderId(m));
    put('senderType', senderType(m));
  }
  put('messageType', messageType(m));
  put('updateTime', updateTime(m));
  if (spec.reactions !== false) put('reactions', reactions(m));
  put('quotedMessage', quoted(m));
  const deep = resourcesDeep(m);
  if (deep.length > 0) row.resourceRefs = deep;
  if (Array.isArray(m.forwardMessages) && m.forwardMessages.length > 0) {
    const forwarded = m.forwardMessages.filter(isObj).map((x) => projectOne(x, spec) ?? {});
    if (forwarded.length > 0) row.forwarded = forwarded;
  }
  if (spec.reader === 'search') {
    row.sender = nullable(searchSender(m));
    row.time = nullable(searchTime(m));
  }
  for (const k of spec.omit_null ?? []) if (row[k] === null) delete row[k];
  for (const [alias, key] of Object.entries(spec.aliases ?? {})) if (Object.hasOwn(row, key) && !Object.hasOwn(row, alias)) row[alias] = row[key];
  if (spec.omit_null !== undefined && spec.keep_empty !== true && Object.keys(row).length === 0) return undefined;
  return sorted(row);
}

/** helpers/chat.go:63: the message's own keys, the projection's where it lacks them, messageId/text written, openMessageId/content kept. */
function mergeOnto(m: Obj, projected: Obj): Obj {
  const out: Obj = { ...m };
  for (const [k, v] of Object.entries(projected)) if (k === 'messageId' || k === 'text' || !Object.hasOwn(out, k)) out[k] = v;
  if (!Object.hasOwn(m, 'openMessageId') && Object.hasOwn(out, 'messageId')) out.openMessageId = out.messageId;
  if (!Object.hasOwn(m, 'content') && Object.hasOwn(out, 'text')) out.content = out.text;
  return sorted(out);
}

export function projectMessage(m: Obj, spec: MessagesSpec): Obj | undefined {
  const row = projectOne(m, spec);
  if (!spec.merge) return row;
  return mergeOnto(m, row ?? {});
}

// ---- finding the messages in an answer ----

const objects = (v: unknown): Obj[] | undefined => (Array.isArray(v) ? v.filter(isObj) : undefined);

/** chatmsg.ListMessageItems: in the answer, then its result and data objects, the first key holding a list with an object. */
function scopedItems(data: Obj, keys: readonly string[]): Obj[] {
  const scopes = [data, ...['result', 'data'].map((k) => data[k]).filter(isObj)];
  for (const scope of scopes) {
    for (const k of keys) {
      const found = objects(scope[k]);
      if (found !== undefined && found.length > 0) return found;
    }
  }
  return [];
}

/** chatmsg.SearchItems: grouped results (conversationMessagesList, at the top or in result) flattened, each message
 * taking its group's openConversationId, title (as conversationTitle) and singleChat when it has none; else a list. */
function searchItems(data: Obj): Obj[] {
  for (const root of [data, isObj(data.result) ? data.result : undefined]) {
    if (root === undefined) continue;
    const groups = objects(root.conversationMessagesList);
    if (groups === undefined) continue;
    const clean = (v: unknown) => {
      if (!present(v)) return '';
      const t = trimSpace(sprint(v));
      return equalFold(t, 'null') ? '' : t;
    };
    return groups.flatMap((group) => {
      const messages = objects(group.messages) ?? [];
      const conv = clean(group.openConversationId);
      const title = clean(group.title);
      return messages.map((message) => {
        const item: Obj = { ...message };
        if (!Object.hasOwn(item, 'openConversationId') && conv !== '') item.openConversationId = conv;
        if (!Object.hasOwn(item, 'conversationTitle') && title !== '') item.conversationTitle = title;
        if (!Object.hasOwn(item, 'singleChat') && Object.hasOwn(group, 'singleChat')) item.singleChat = group.singleChat;
        return item;
      });
    });
  }
  for (const k of ['list', 'messages', 'messageList', 'items', 'data', 'records', 'result']) {
    const found = objects(data[k]);
    if (found !== undefined) return found;
    const inner = data[k];
    if (isObj(inner)) {
      for (const n of ['list', 'messages', 'messageList', 'items', 'data', 'records']) {
        const got = objects(inner[n]);
        if (got !== undefined) return got;
      }
    }
  }
  return [];
}

/** chat_message.go listMessagesResolveList: result, data, list, items, messages, messageList, records, a list there or inside one of them. */
function resolveItems(data: Obj): Obj[] {
  for (const k of ['result', 'data', 'list', 'items', 'messages', 'messageList', 'records']) {
    const v = data[k];
    if (Array.isArray(v)) return v.filter(isObj);
    if (isObj(v)) {
      for (const n of ['list', 'items', 'messages', 'messageList', 'records', 'result', 'data']) if (Array.isArray(v[n])) return (v[n] as unknown[]).filter(isObj);
    }
  }
  return [];
}

const FINDERS = { list: (d: Obj) => scopedItems(d, ['messages', 'list', 'items', 'records', 'data', 'result']), search: searchItems, resolve: resolveItems };

/** The raw messages of an answer as the spec finds them (a list value: its objects). */
export function messageItems(v: unknown, items: Finder | undefined): Obj[] {
  if (items === undefined) return Array.isArray(v) ? v.filter(isObj) : [];
  if (!isObj(v)) return [];
  return typeof items === 'string' ? FINDERS[items](v) : scopedItems(v, items.keys);
}

// ---- one page's completeness (chatmsg.go:995-1140) ----

const PAGE_SCOPES = ['result', 'data'];
const NEXT_KEYS = ['nextCursor', 'next_cursor', 'nextToken', 'next_token', 'pageToken', 'page_token'];

/** paginationValuePresent: a next cursor that is not null, blank text, "0" or 0. */
const cursorPresent = (v: unknown) => present(v) && (typeof v === 'string' ? trimSpace(v) !== '' && trimSpace(v) !== '0' : v !== 0);

/** chatmsg.Pagination: hasMore (and complete, its inverse) and nextCursor from the first of the answer, its result
 * and data objects holding either; undefined when none does. */
export function pageMarks(data: Obj): Obj | undefined {
  for (const scope of [data, ...PAGE_SCOPES.map((k) => data[k]).filter(isObj)]) {
    const out: Obj = {};
    for (const k of ['hasMore', 'has_more']) {
      if (typeof scope[k] === 'boolean') {
        out.hasMore = scope[k];
        out.complete = !scope[k];
        break;
      }
    }
    const next = NEXT_KEYS.find((k) => Object.hasOwn(scope, k) && cursorPresent(scope[k]));
    if (next !== undefined) out.nextCursor = scope[next];
    if (Object.keys(out).length > 0) return out;
  }
  return undefined;
}

/** The next page's time boundary: a positive whole number of milliseconds -> RFC 3339 UTC in any year (h54-a1); else the problem. */
function cursorBoundary(v: unknown): { time: string } | { problem: string } {
  let ms: number;
  if (typeof v === 'number') ms = v;
  else if (typeof v === 'string' && /^[+-]?\d+$/u.test(trimSpace(v))) ms = Number(trimSpace(v));
  else return { problem: typeof v === 'string' ? 'not a whole number of milliseconds' : 'no millisecond cursor' };
  if (!Number.isSafeInteger(ms) || ms <= 0) return { problem: 'not a positive whole number of milliseconds' };
  return { time: goRfc3339NanoUtc(ms) };
}

/**
 * chatmsg.ApplyMessagePagination: what one page of a message list says about completeness, as the fields upstream
 * adds to its payload. The value is `{answer, direction?}`; with `items`, a page saying more follow must hold a
 * message found so (without it, that is not checked: thread_replies.go:329 applyOneThreadRepliesPagination).
 * Failure texts are dws's own words.
 */
export function messagePage(answer: Obj, direction: unknown, items: Finder | undefined): Obj {
  const out: Obj = { complete: false, contractVersion: 'im.message-list.v1', enrichedCount: 0, failedCount: 0, failures: [], hasMore: false, pagesFetched: 1 };
  const fail = (error: string) => sorted({ ...out, failedCount: 1, failures: [{ error, stage: 'pagination' }] });
  const marks = pageMarks(answer);
  out.paginationKnown = false;
  if (marks === undefined || !Object.hasOwn(marks, 'hasMore')) return fail('the page does not say whether more follow (no boolean hasMore), so it cannot show the list is complete');
  out.paginationKnown = true;
  out.hasMore = marks.hasMore;
  out.complete = marks.complete;
  if (marks.hasMore !== true) return sorted(out);
  if (items !== undefined && messageItems(answer, items).length === 0) return fail('the page says more follow but holds no message');
  const boundary = cursorBoundary(marks.nextCursor);
  if ('problem' in boundary) return fail(`the page says more follow but its next cursor is ${boundary.problem}`);
  const dir = typeof direction === 'string' && trimSpace(direction) !== '' ? { direction } : {};
  out.nextPage = sorted({ ...dir, nextCursor: marks.nextCursor, time: boundary.time });
  return sorted(out);
}

/** sortMessagesByCreateTimeStable: by createTime (parseMessageTimestamp), a message without one after those with one. */
function sortByTime(messages: Obj[], order: string): Obj[] {
  const ms = (m: Obj) => TIME.message_time_ms(createTime(m), '', { env: {} }) as number | undefined;
  const sign = order === 'asc' ? 1 : -1;
  return messages.map((m) => ({ m, t: ms(m) })).sort((a, b) => {
    if ((a.t === undefined) !== (b.t === undefined)) return a.t === undefined ? 1 : -1;
    return a.t === undefined || b.t === undefined ? 0 : sign * (a.t - b.t);
  }).map((x) => x.m);
}

/** A message's id as upstream's enrichment keys it (fmt.Sprint of chatmsg.MessageID, trimmed; none: ''). */
const idKey = (m: Obj) => {
  const id = messageId(m);
  return id === undefined ? '' : trimSpace(sprint(id));
};

/** enrichSearchMessages' merge (search_msg.go:735-805): each message with a detail of the same id (the last one found
 * wins) becomes its keys overwritten by the detail's; the others are kept as they are. */
function enriched(messages: Obj[], details: unknown[] | undefined): Obj[] {
  if (details === undefined) return messages;
  const byId = new Map<string, Obj>();
  for (const answer of details) {
    if (!isObj(answer)) continue;
    for (const detail of searchItems(answer)) {
      const id = idKey(detail);
      if (id !== '') byId.set(id, detail);
    }
  }
  return messages.map((m) => {
    const detail = byId.get(idKey(m));
    return detail === undefined ? m : { ...m, ...detail };
  });
}

/** chatmsg.firstMessageValue then cleanSearchScalar (chatmsg.go:430-442, search.go:173-182): the first of the keys whose
 * value is not null and not a blank text, as fmt.Sprint prints it, trimmed; "" when none or when that text is `null` in
 * any case. */
function cleanFirst(m: Obj, keys: readonly string[]): string {
  for (const k of keys) {
    const v = m[k];
    if (!present(v) || (typeof v === 'string' && trimSpace(v) === '')) continue;
    const t = trimSpace(sprint(v));
    return equalFold(t, 'null') ? '' : t;
  }
  return '';
}

const CONVERSATION_KEYS = ['openConversationId', 'openconversation_id', 'conversationId', 'conversation_id', 'chatId', 'chat_id'];

/** chatmsg.GroupSearchMessages (search.go:141-171): the messages grouped by their conversation id (ConversationID's
 * spellings, cleaned) in first-seen order, a message without one left out; a group is {openConversationId, messages},
 * with title (its first message's conversationTitle, cleaned) when not blank and singleChat (its first message's) when
 * that message has the key. */
function groupSearchMessages(messages: Obj[]): Obj[] {
  const groups: Obj[] = [];
  const index = new Map<string, Obj>();
  for (const message of messages) {
    const id = cleanFirst(message, CONVERSATION_KEYS);
    if (id === '') continue;
    let group = index.get(id);
    if (group === undefined) {
      group = { openConversationId: id, messages: [] };
      const title = cleanFirst(message, ['conversationTitle']);
      if (title !== '') group.title = title;
      if (Object.hasOwn(message, 'singleChat')) group.singleChat = message.singleChat;
      groups.push(group);
      index.set(id, group);
    }
    (group.messages as Obj[]).push(message);
  }
  return groups;
}

export const PLAIN: Record<string, Fn> = {
  /** chatmsg.GroupSearchMessages (search.go:141-171): a list of messages -> its conversation groups ([] for anything else) */
  group_search_messages: (v) => (Array.isArray(v) ? groupSearchMessages(v.filter(isObj)) : []),
  /** chatmsg.Pagination (chatmsg.go:1106): an answer -> {hasMore, complete, nextCursor} as found, {} when none */
  page_marks: (v) => (isObj(v) ? pageMarks(v) ?? {} : {}),
};

export const PARAM: Record<string, Param> = {
  /** one message page's completeness fields (docs/PLANS.md "Message rows"): the value is {answer, direction?} */
  message_page: (arg) => {
    if (!isObj(arg) || Object.keys(arg).some((k) => k !== 'items') || (arg.items !== undefined && !isFinder(arg.items))) {
      throw new Error(`message_page needs {items?} (items one of ${ITEMS.join(', ')} or {keys: [key, ...]})`);
    }
    const items = arg.items as Finder | undefined;
    // an absent or null answer is the nil map CallMCPData hands on for a JSON null (runner.go:255-271@c7521c1c): no marks
    return (v, where) => (isObj(v) && (v.answer === undefined || v.answer === null || isObj(v.answer))
      ? messagePage(isObj(v.answer) ? v.answer : {}, v.direction, items) : refuse(where, v, 'an object {answer, direction?}'));
  },
  /** an answer -> its raw messages as a finder finds them (docs/PLANS.md "Message rows"): a page's items read as its reader reads them */
  message_items: (arg) => {
    if (!isFinder(arg)) throw new Error(`message_items needs a finder: one of ${ITEMS.join(', ')} or {keys: [key, ...]}`);
    return (v) => messageItems(v, arg);
  },
  /** chat messages as upstream's readers print them (docs/PLANS.md "Message rows") */
  project_messages: (arg) => {
    const spec = messagesSpec(arg);
    return (v, where) => {
      let run = spec;
      let answer = v;
      let order = '';
      let details: unknown[] | undefined;
      if (spec.wrapped) {
        if (!isObj(v) || (v.reactions !== undefined && typeof v.reactions !== 'boolean') || (v.order !== undefined && typeof v.order !== 'string')
          || (v.details !== undefined && !Array.isArray(v.details))) {
          return refuse(where, v, 'an object {answer, reactions?, order?, details?}');
        }
        answer = v.answer;
        details = v.details as unknown[] | undefined;
        order = goCase(trimSpace((v.order as string | undefined) ?? ''), 'lower');
        if (v.reactions !== undefined) run = { ...spec, reactions: v.reactions as boolean };
      }
      if (run.items === undefined && !Array.isArray(answer)) return refuse(where, answer, 'a list of messages');
      const found = enriched(messageItems(answer, run.items), details);
      const ordered = order === 'asc' || order === 'desc' ? sortByTime(found, order) : found;
      return ordered.map((m) => projectMessage(m, run)).filter((x) => x !== undefined);
    };
  },
};
