// How upstream prints a report list (`report inbox list`, `report outbox list`): callReportListReadable and
// enrichReportListReadable, internal/helpers/report.go:799-1400@c7521c1c. The list answer's reports (those with a
// report id) become rows keyed 日期/标题/发送人/状态(/日志内容)/钉钉链接, newest first; each row is filled from that
// report's detail read (one get_report_entry_details per row, in the rows' order; a failed read leaves the row's
// list values and the link 查看详情); the printed object carries the rows, a Markdown table and the display fields.
// One transform, `{report_list_readable: order|inbox|sent}`: `order` gives the report ids to read, in order; `inbox`
// and `sent` build the printed object from {answer, ledger, details, title, instruction} (the texts come from the plan).
import { isObject } from '../json-object.js';
import { fields, trimSpace } from '../text/space.js';
import { goFloatText } from '../go-fmt.js';
import { goLayoutParts, goLocalDateMs, goRfc3339, goYearText } from '../go-time.js';

type Obj = Record<string, unknown>;
type Row = Record<string, string>;

const LIST_KEYS = ['list', 'items', 'data', 'reports', 'records', 'report_list', 'reportList'];
const TIME_KEYS = ['createTime', 'gmtCreate', 'sendTime', 'time', 'modifiedTime'];
const TITLE_KEYS = ['report_name', 'reportName', 'title', 'summary', 'report_template_name', 'templateName'];
const SENDER_KEYS = ['creatorName', 'senderName', 'userName', 'creator', 'sender'];
const NO_LINK = '查看详情';
const LINK_TEXT = '在钉钉中查看日志';

/** The first key whose value is text that is not blank, trimmed (firstReportString :1262). */
function firstText(m: Obj, keys: readonly string[]): string {
  for (const k of keys) {
    const v = m[k];
    if (typeof v === 'string' && trimSpace(v) !== '') return trimSpace(v);
  }
  return '';
}

const reportId = (m: Obj): string => firstText(m, ['reportId', 'reportID', 'report_id', 'report_Id', 'report-id']);

/** The answer's report items (findReportListItems :1206, reportItemsFromValue :1219); undefined when it has no list. */
function itemsOf(v: unknown, keys: readonly string[]): Obj[] | undefined {
  if (!isObject(v)) return undefined;
  for (const k of keys) {
    if (!Object.hasOwn(v, k)) continue;
    const x = v[k];
    if (Array.isArray(x)) return x.filter((i): i is Obj => isObject(i) && reportId(i) !== '');
    const nested = itemsOf(x, LIST_KEYS);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

const listItems = (answer: unknown): Obj[] | undefined => itemsOf(answer, [...LIST_KEYS, 'result']);

const pad = (n: number): string => String(n).padStart(2, '0');

/** Epoch ms on the process's wall clock as Go's "2006-01-02 15:04" (reportMillisToLocalString :1364): Go's zero time 0001-01-01T00:00:00Z keeps its four-digit year. */
function localMinute(ms: number): string {
  const d = new Date(ms);
  return `${goYearText(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Seconds below 1e11 are made milliseconds; not positive is 0 (normalizeReportTimestamp :1354). */
const normalized = (ts: number): number => (ts <= 0 ? 0 : ts < 100000000000 ? ts * 1000 : ts);

/**
 * Go's time.Parse(time.RFC3339, s) as epoch ms, undefined when Go would not read it (goLayoutParts reads the layout as
 * Go's parser does: a one-digit hour, a `.`/`,` fraction, offsets up to 24:60; h38-a3).
 */
function rfc3339Ms(s: string): number | undefined {
  return goRfc3339(s)?.ms;
}

/**
 * "2006-01-02 15:04" on the process's wall clock as epoch ms (time.ParseInLocation with time.Local; the layout's space
 * takes a run of spaces): Go's parser ends in time.Date(..., time.Local), so a skipped or repeated wall clock is
 * resolved as Go resolves it (goLocalDateMs; h55-a3: before, JavaScript's setHours took a skipped one an hour later)
 */
function localMinuteMs(s: string): number | undefined {
  const p = goLayoutParts('2006-01-02 15:04', s);
  return p ? goLocalDateMs(p.y, p.mo, p.d, p.h, p.mi, 0) : undefined;
}

/** A time value as epoch ms, 0 when unreadable (reportTimeValueToMillis :1321). */
function timeMs(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? normalized(Math.trunc(v)) : 0;
  if (typeof v !== 'string') return 0;
  const s = trimSpace(v);
  if (s === '') return 0;
  if (/^[+-]?\d+$/u.test(s)) {
    const n = BigInt(s);
    return n >= -(2n ** 63n) && n < 2n ** 63n ? normalized(Number(n)) : 0;
  }
  return rfc3339Ms(s) ?? localMinuteMs(s) ?? 0;
}

/** The first positive time among the time keys (reportReadableCreateTimeMillis :1288). */
function createdMs(m: Obj): number {
  for (const k of TIME_KEYS) {
    const ms = timeMs(m[k]);
    if (ms > 0) return ms;
  }
  return 0;
}

/** reportReadableCreateTime :1274 with reportTimeValueToString :1297. */
function createdText(m: Obj): string {
  const ms = createdMs(m);
  if (ms > 0) return localMinute(ms);
  for (const k of TIME_KEYS) {
    const v = m[k];
    if (typeof v !== 'string' || trimSpace(v) === '') continue;
    const s = trimSpace(v);
    const t = rfc3339Ms(s);
    return t === undefined ? s : localMinute(t);
  }
  return '';
}

/** reportReadableStatus :1372 and reportStatusValueToString :1381. */
function statusOf(m: Obj): string {
  for (const k of ['readStatus', 'isRead', 'hasRead', 'read']) {
    const v = m[k];
    let s = '';
    if (typeof v === 'boolean') s = v ? '已读' : '未读';
    else if (typeof v === 'string') {
      const low = trimSpace(v.toLowerCase());
      s = ['true', 'read', '已读', '1'].includes(low) ? '已读' : ['false', 'unread', '未读', '0'].includes(low) ? '未读' : trimSpace(v);
    } else if (v === 1) s = '已读';
    else if (v === 0) s = '未读';
    if (s !== '') return s;
  }
  return '';
}

/** Text with | as ｜, whitespace runs as one space, cut to max code points plus "..." (reportCompactDisplayText :1192). */
function compact(s: string, max: number): string {
  const t = fields(s.replaceAll('|', '｜')).join(' ');
  const cps = [...t];
  return cps.length <= max ? t : `${cps.slice(0, max).join('')}...`;
}

/** reportDisplayStringFromValue :1164 and reportFirstDisplayValue :1153. */
function displayText(v: unknown): string {
  if (typeof v === 'string') return trimSpace(v);
  if (typeof v === 'number') return goFloatText(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return v.map(displayText).filter((s) => s !== '').join(' ');
  if (isObject(v)) return firstDisplay(v, ['value', 'text', 'content', 'plainText', 'name', 'title']);
  return '';
}

function firstDisplay(m: Obj, keys: readonly string[]): string {
  for (const k of keys) {
    if (!Object.hasOwn(m, k)) continue;
    const s = displayText(m[k]);
    if (s !== '') return s;
  }
  return '';
}

/** reportReadableContentFromValue :1127. */
function contentText(v: unknown): string {
  if (Array.isArray(v)) return v.map(contentText).filter((s) => s !== '').join('；');
  if (isObject(v)) {
    const label = firstText(v, ['key', 'field_name', 'fieldName', 'name', 'title']);
    const value = firstDisplay(v, ['value', 'content', 'text', 'plainText', 'markdown', 'richTextValue']);
    if (value === '') return '';
    return label === '' ? value : `${label}：${value}`;
  }
  if (typeof v === 'string') return trimSpace(v);
  return displayText(v);
}

/** The detail answer's result object, then the answer itself (reportResponseMaps :1115). */
function detailMaps(detail: unknown): Obj[] {
  if (!isObject(detail)) return [];
  return isObject(detail.result) ? [detail.result, detail] : [detail];
}

const firstOf = (maps: Obj[], read: (m: Obj) => string): string => {
  for (const m of maps) {
    const s = read(m);
    if (s !== '') return s;
  }
  return '';
};

/** reportURLFromResponse :1579. */
function detailUrl(detail: unknown): string {
  if (!isObject(detail)) return '';
  const fromObj = (m: Obj): string => {
    const u = firstText(m, ['url', 'dingtalkOpenUrl']);
    return u !== '' ? u : isObject(m.dingtalkOpenLink) ? firstText(m.dingtalkOpenLink, ['url']) : '';
  };
  return (isObject(detail.result) ? fromObj(detail.result) : '') || fromObj(detail);
}

/** The row values one detail read gives (reportDetailForListRow :1024). */
function detailValues(detail: unknown, sent: boolean): Row {
  const maps = detailMaps(detail);
  const markdown = firstOf(maps, (m) => firstText(m, ['dingtalkOpenMarkdownLink']));
  const url = markdown === '' ? detailUrl(detail) : '';
  const link = markdown !== '' ? markdown : url !== '' ? `[${LINK_TEXT}](${url})` : NO_LINK;
  const values: Row = {
    日期: firstOf(maps, createdText),
    标题: firstOf(maps, (m) => compactOr(firstText(m, TITLE_KEYS), 120)),
    发送人: firstOf(maps, (m) => compactOr(firstText(m, SENDER_KEYS), 80)),
    状态: firstOf(maps, statusOf),
    钉钉链接: link,
  };
  if (sent) values.日志内容 = detailContent(maps);
  return values;
}

const compactOr = (s: string, max: number): string => (s === '' ? '' : compact(s, max));

/** reportReadableDetailContent :1094. */
function detailContent(maps: Obj[]): string {
  const keys = ['report_content', 'reportContent', 'report_contents', 'reportContents', 'contents', 'contentList'];
  for (const m of maps) {
    for (const k of keys) {
      const c = contentText(m[k]);
      if (c !== '') return compact(c, 600);
    }
  }
  return firstOf(maps, (m) => compactOr(firstText(m, ['content', 'summary', 'text', 'plainText', 'reportContent']), 600));
}

interface Entry { row: Row; id: string; ms: number }

/** The rows from the list, newest first (makeReportReadableEntries, sortReportReadableEntries :930-961). */
function entries(items: Obj[]): Entry[] {
  const out = items.map((item): Entry => {
    const sender = firstText(item, SENDER_KEYS);
    const title = firstText(item, TITLE_KEYS) || (sender !== '' ? `${sender}的日志` : '日志');
    return { row: { 日期: createdText(item), 标题: title, 发送人: sender, 状态: statusOf(item) }, id: reportId(item), ms: createdMs(item) };
  });
  const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
  const less = (l: Entry, r: Entry): boolean => {
    if (l.ms !== r.ms) return l.ms === 0 ? false : r.ms === 0 ? true : l.ms > r.ms;
    return Buffer.compare(bytes(l.row.日期), bytes(r.row.日期)) > 0;
  };
  return out.sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0));
}

const cell = (s: string): string => fields(s.replaceAll('\r\n', '\n').replaceAll('\r', '\n')).join(' ').replaceAll('|', '｜');
const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

/** The page fields of the answer, at its top or in its result object (copyReportListPageField :978). */
function pageFields(answer: Obj): Obj {
  const out: Obj = {};
  for (const k of ['hasMore', 'nextCursor', 'cursor']) {
    if (Object.hasOwn(answer, k)) out[k] = answer[k];
    else if (isObject(answer.result) && Object.hasOwn(answer.result, k)) out[k] = answer.result[k];
  }
  return out;
}

/** The report ids to read, newest first; undefined when the answer holds no report list. */
export function reportListOrder(answer: unknown): string[] | undefined {
  const items = listItems(answer);
  return items === undefined ? undefined : entries(items).map((e) => e.id);
}

/**
 * The printed object of a report list (enrichReportListReadable :813-898); undefined when the answer holds no report
 * list (then the answer is printed as it came). `ledger` is the details step's ledger: its `done` elements (by index into the order) pair with `details`.
 */
export function reportListReadable(input: Obj, sent: boolean): Obj | undefined {
  const answer = input.answer;
  const items = listItems(answer);
  if (items === undefined || !isObject(answer)) return undefined;
  const answers = Array.isArray(input.details) ? input.details : [];
  const done = isObject(input.ledger) && Array.isArray(input.ledger.done) ? input.ledger.done : [];
  const byIndex = new Map<number, unknown>();
  done.forEach((d, i) => { if (isObject(d) && typeof d.index === 'number' && i < answers.length) byIndex.set(d.index, answers[i]); });
  const title = String(input.title ?? '');
  const columns = sent ? ['日期', '标题', '发送人', '状态', '日志内容', '钉钉链接'] : ['日期', '标题', '发送人', '状态', '钉钉链接'];
  const rows: Row[] = [];
  const commands: Obj[] = [];
  for (const [i, { row, id }] of entries(items).entries()) {
    const values = byIndex.has(i) ? detailValues(byIndex.get(i), sent) : { 钉钉链接: NO_LINK, ...(sent ? { 日志内容: '' } : {}) };
    for (const k of ['日期', '标题', '发送人', '状态'] as const) if (values[k]) row[k] = values[k];
    if (sent) row.日志内容 = values.日志内容;
    row.钉钉链接 = values.钉钉链接;
    commands.push({ index: commands.length + 1, title: row.标题, command: `dws report entry get --report-id ${id} --format json` });
    rows.push(Object.fromEntries(columns.map((c) => [c, row[c]])));
  }
  const header = line(columns);
  const markdown = [header, line(columns.map(() => '---')), ...rows.map((r) => line(columns.map((c) => cell(r[c]))))].join('\n');
  return {
    success: Object.hasOwn(answer, 'success') ? answer.success : true,
    result: rows,
    count: rows.length,
    agentDisplayTitle: title,
    agentDisplayColumns: columns,
    agentDisplayRequired: true,
    agentDisplayRequiredColumns: columns,
    agentDisplayLinkColumn: '钉钉链接',
    agentDisplayMarkdownHeader: header,
    agentDisplayMarkdown: markdown,
    agentDisplayMarkdownRequired: true,
    agentDisplayContentIncluded: sent,
    agentDisplay: {
      type: 'table', title, columns, required: true, requiredColumns: columns, linkColumn: '钉钉链接', render: 'markdown',
      markdown, markdownRequired: true, contentIncluded: sent,
    },
    agentDisplayInstruction: input.instruction,
    _internalDetailCommands: commands,
    ...pageFields(answer),
  };
}
