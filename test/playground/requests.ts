// The request set the playground e2e test sends through window.dws.search and the CLI's --batch: every kind of
// request the page can make. `kind` names what the request exercises; the test checks each kind is present and
// that the engine really answered it that way (strategy / abstained / error).
export type Kind = 'zh' | 'mixed' | 'en' | 'subqueries' | 'filters' | 'exact' | 'exact_filtered' | 'abstain' | 'error';

export interface Case {
  kind: Kind;
  request: Record<string, unknown>;
}

const v = 'tool-search.v1';
const q = (kind: Kind, query: string, extra: Record<string, unknown> = {}): Case => ({ kind, request: { version: v, query, ...extra } });

export const CASES: Case[] = [
  q('zh', '撤回我刚发的群消息'),
  q('zh', '给考勤助手这个应用订阅通讯录变更事件，然后看下订阅结果'),
  q('en', 'Add the new hires to the design group and then pin the welcome message'),
  q('zh', '给张三私聊发一句话', { limit: 3 }),
  q('zh', '查看消息已读未读'),
  q('zh', '创建一个待办提醒我周五交报告'),
  q('zh', '把文件上传到钉盘'),
  q('zh', '预约明天下午的会议室'),
  q('zh', '查询我这个月的考勤打卡记录'),
  q('zh', '新建一个多维表格并添加字段'),
  q('zh', '发起请假审批'),
  q('zh', '删除日程', { limit: 10 }),
  q('zh', '搜索通讯录里的同事手机号'),
  q('zh', '給群裡發一條消息'),
  q('zh', '把会议纪要整理成文档'),
  q('zh', '发DING提醒'),
  q('mixed', '用 bot 发群消息'),
  q('mixed', '查询 AI 表格的 record'),
  q('mixed', 'todo 标记完成'),
  q('mixed', '上传 pdf 到 drive'),
  q('mixed', 'calendar 里加一个 event'),
  q('mixed', '钉钉 doc 导出 markdown'),
  q('mixed', 'sheet 写入单元格 A1'),
  q('en', 'recall a message I sent in a group chat'),
  q('en', 'who has read my message', { limit: 3 }),
  q('en', 'create a todo for tomorrow'),
  q('en', 'upload a file to drive'),
  q('en', 'book a meeting room'),
  q('en', 'list my calendar events this week'),
  q('en', 'approve a leave request'),
  q('en', 'delete a spreadsheet row', { candidate_limit: 50 }),
  q('en', 'send a DING reminder'),
  q('subqueries', '三步', { subqueries: ['撤回消息', '创建待办'] }),
  q('subqueries', 'meeting follow-up', { subqueries: ['book a meeting room', 'send the notes to the group', '创建待办'] }),
  q('subqueries', '', { subqueries: ['上传文件', '分享文件给同事'] }),
  q('subqueries', 'mix', { subqueries: ['chat.recall_message', '发群消息'], limit: 4 }),
  q('subqueries', 'filtered parts', { subqueries: ['chat.recall_message', '创建待办'], product_ids: ['todo'] }),
  q('filters', '删除', { effects: ['destructive'], product_ids: ['chat', 'drive'] }),
  q('filters', '消息', { product_ids: ['chat'], limit: 8 }),
  q('filters', 'create', { effects: ['write'] }),
  q('filters', '查询', { effects: ['READ'], product_ids: ['calendar'] }),
  q('filters', '撤回群消息', { exclude_canonical: ['chat.recall_message'] }),
  q('filters', '上传文件', { product_ids: ['drive', 'chat', 'drive'], limit: 20 }),
  q('filters', 'events', { limit: 0 }),
  q('exact', 'chat.recall_message'),
  q('exact', 'chat message recall'),
  q('exact', 'dws chat message recall'),
  q('exact', 'chat/message/recall'),
  q('exact', 'ｃｈａｔ．ｒｅｃａｌｌ＿ｍｅｓｓａｇｅ'),
  q('exact', 'chat +messages-recall'),
  q('exact_filtered', 'chat.recall_message', { product_ids: ['todo'] }),
  q('exact_filtered', 'chat.recall_message', { effects: ['read'] }),
  q('exact_filtered', 'chat message recall', { exclude_canonical: ['chat.recall_message'] }),
  q('abstain', 'xyzzy plugh frobnicate'),
  q('abstain', 'qwertyuiop asdfghjkl'),
  q('abstain', '消息', { product_ids: ['audit'], effects: ['destructive'] }),
  q('error', '   '),
  q('error', 'hello', { limit: 21 }),
  q('error', 'hello', { product_ids: ['no_such_product'] }),
  q('error', 'hello', { effects: ['delete'] }),
  q('error', 'a\u200Bb'),
  q('error', 'hello', { unknown_field: 1 }),
  { kind: 'error', request: { version: 'tool-search.v2', query: 'hello' } },
  q('error', 'x'.repeat(257)),
];
