// f-report (issue 32): report inbox list / outbox list print upstream's readable rows (callReportListReadable,
// internal/helpers/report.go:799-1400@c7521c1c): one get_report_entry_details per report, newest first, a failed
// detail read leaving the row's list values and the link 查看详情. Run as a user types them against the fake MCP
// server on 127.0.0.1; the expected calls and rows are written from the upstream body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { BUSY, useOutputRuns } from './output-runs.js';

const savedTz = process.env.TZ;
beforeAll(() => { process.env.TZ = 'Asia/Shanghai'; });
afterAll(() => { if (savedTz === undefined) delete process.env.TZ; else process.env.TZ = savedTz; });

const outputs = useOutputRuns('dws-freport-');
const { sent } = outputs;

// 2026-11-02 09:30, 2026-11-05 18:00 and 2026-11-03 08:15 in Beijing
const T1 = 1793583000000;
const T2 = 1793872800000;
const T3 = 1793664900000;

const list = {
  success: true,
  result: {
    list: [
      { reportId: 'r1', creatorName: '张三', createTime: T1, reportName: '日报 | 周一' },
      { reportId: 'r2', creatorName: '李四', createTime: T2 },
      { creatorName: '无编号', createTime: T2 },
      { reportId: 'r3', creatorName: '王五', createTime: T3, readStatus: 'unread' },
    ],
    hasMore: true,
    nextCursor: 20,
  },
};

const details: Record<string, unknown> = {
  r1: { success: true, result: { reportName: '日报 周一', creatorName: '张三', url: 'https://example.invalid/r1', contents: [{ key: '今日完成', value: '写  代码' }, { key: '明日计划', value: '' }] } },
  r2: BUSY,
  r3: { success: true, result: { dingtalkOpenMarkdownLink: '[在钉钉中查看日志](https://example.invalid/r3)', isRead: true, content: '只有正文' } },
};

const answerDetails = () => {
  outputs.mcp.answers['report/get_report_entry_details'] = (args) => details[String((args as { report_id: string }).report_id)];
};

const inboxTitle = '收到的日志列表';
const inboxColumns = ['日期', '标题', '发送人', '状态', '钉钉链接'];
const sentColumns = ['日期', '标题', '发送人', '状态', '日志内容', '钉钉链接'];

const display = (title: string, columns: string[], rows: Record<string, string>[], markdown: string, sentMode: boolean, commands: unknown[], extra: Record<string, unknown>) => ({
  success: true,
  result: rows,
  count: rows.length,
  agentDisplayTitle: title,
  agentDisplayColumns: columns,
  agentDisplayRequired: true,
  agentDisplayRequiredColumns: columns,
  agentDisplayLinkColumn: '钉钉链接',
  agentDisplayMarkdownHeader: `| ${columns.join(' | ')} |`,
  agentDisplayMarkdown: markdown,
  agentDisplayMarkdownRequired: true,
  agentDisplayContentIncluded: sentMode,
  agentDisplay: { type: 'table', title, columns, required: true, requiredColumns: columns, linkColumn: '钉钉链接', render: 'markdown', markdown, markdownRequired: true, contentIncluded: sentMode },
  agentDisplayInstruction: expect.stringContaining(`表头必须逐字为：| ${columns.join(' | ')} |。`),
  _internalDetailCommands: commands,
  ...extra,
});

const command = (index: number, title: string, id: string) => ({ index, title, command: `dws report entry get --report-id ${id} --format json` });

describe('report inbox list prints the readable rows upstream prints', () => {
  const argv = ['report', 'inbox', 'list', '--start', '2026-11-01T00:00:00+08:00', '--end', '2026-11-20T00:00:00+08:00'];
  const listCall = ['report/get_received_report_list', { startTime: 1793462400000, endTime: 1795104000000, cursor: 0, size: 20 }];

  it('reads each report newest first, keeps a failed read as 查看详情, and prints rows, table and page fields', async () => {
    outputs.answer('report/get_received_report_list', list);
    answerDetails();
    const rows = [
      { 日期: '2026-11-05 18:00', 标题: '李四的日志', 发送人: '李四', 状态: '', 钉钉链接: '查看详情' },
      { 日期: '2026-11-03 08:15', 标题: '王五的日志', 发送人: '王五', 状态: '已读', 钉钉链接: '[在钉钉中查看日志](https://example.invalid/r3)' },
      { 日期: '2026-11-02 09:30', 标题: '日报 周一', 发送人: '张三', 状态: '', 钉钉链接: '[在钉钉中查看日志](https://example.invalid/r1)' },
    ];
    const markdown = [
      '| 日期 | 标题 | 发送人 | 状态 | 钉钉链接 |',
      '| --- | --- | --- | --- | --- |',
      '| 2026-11-05 18:00 | 李四的日志 | 李四 |  | 查看详情 |',
      '| 2026-11-03 08:15 | 王五的日志 | 王五 | 已读 | [在钉钉中查看日志](https://example.invalid/r3) |',
      '| 2026-11-02 09:30 | 日报 周一 | 张三 |  | [在钉钉中查看日志](https://example.invalid/r1) |',
    ].join('\n');
    expect(await sent(argv)).toEqual({
      reason: undefined,
      category: undefined,
      calls: [listCall, ['report/get_report_entry_details', { report_id: 'r2' }], ['report/get_report_entry_details', { report_id: 'r3' }], ['report/get_report_entry_details', { report_id: 'r1' }]],
      printed: display(inboxTitle, inboxColumns, rows, markdown, false, [command(1, '李四的日志', 'r2'), command(2, '王五的日志', 'r3'), command(3, '日报 周一', 'r1')], { hasMore: true, nextCursor: 20 }),
    });
  });

  it('every detail read failing still prints the rows from the list, each with 查看详情', async () => {
    outputs.answer('report/get_received_report_list', { result: { list: [{ reportId: 'r2', creatorName: '李四', createTime: T2 }] } });
    outputs.answer('report/get_report_entry_details', BUSY);
    const markdown = '| 日期 | 标题 | 发送人 | 状态 | 钉钉链接 |\n| --- | --- | --- | --- | --- |\n| 2026-11-05 18:00 | 李四的日志 | 李四 |  | 查看详情 |';
    expect(await sent(argv)).toEqual({
      reason: undefined,
      category: undefined,
      calls: [listCall, ['report/get_report_entry_details', { report_id: 'r2' }]],
      printed: display(inboxTitle, inboxColumns, [{ 日期: '2026-11-05 18:00', 标题: '李四的日志', 发送人: '李四', 状态: '', 钉钉链接: '查看详情' }], markdown, false, [command(1, '李四的日志', 'r2')], {}),
    });
  });

  it('an empty list makes no detail read and prints the table header alone', async () => {
    outputs.answer('report/get_received_report_list', { success: true, result: { list: [], hasMore: false } });
    const markdown = '| 日期 | 标题 | 发送人 | 状态 | 钉钉链接 |\n| --- | --- | --- | --- | --- |';
    expect(await sent(argv)).toEqual({
      reason: undefined, category: undefined, calls: [listCall], printed: display(inboxTitle, inboxColumns, [], markdown, false, [], { hasMore: false }),
    });
  });

  it('an answer without a report list is printed as it came, after the one call', async () => {
    outputs.answer('report/get_received_report_list', { success: true, result: { total: 0 } });
    expect(await sent(argv)).toEqual({ reason: undefined, category: undefined, calls: [listCall], printed: { success: true, result: { total: 0 } } });
  });
});

describe('report outbox list (report sent) adds the report content column', () => {
  it('rows hold 日志内容 from the detail, empty for a failed read, under the sent title', async () => {
    outputs.answer('report/get_send_report_list', list);
    answerDetails();
    const argv = ['report', 'sent', '--start', '2026-11-01T00:00:00+08:00', '--end', '2026-11-20T00:00:00+08:00', '--size', '10'];
    const r = await sent(argv);
    expect(r.calls).toEqual([
      ['report/get_send_report_list', { cursor: 0, size: 10, startTime: 1793462400000, endTime: 1795104000000 }],
      ['report/get_report_entry_details', { report_id: 'r2' }], ['report/get_report_entry_details', { report_id: 'r3' }], ['report/get_report_entry_details', { report_id: 'r1' }],
    ]);
    const rows = [
      { 日期: '2026-11-05 18:00', 标题: '李四的日志', 发送人: '李四', 状态: '', 日志内容: '', 钉钉链接: '查看详情' },
      { 日期: '2026-11-03 08:15', 标题: '王五的日志', 发送人: '王五', 状态: '已读', 日志内容: '只有正文', 钉钉链接: '[在钉钉中查看日志](https://example.invalid/r3)' },
      { 日期: '2026-11-02 09:30', 标题: '日报 周一', 发送人: '张三', 状态: '', 日志内容: '今日完成：写 代码', 钉钉链接: '[在钉钉中查看日志](https://example.invalid/r1)' },
    ];
    const markdown = [
      '| 日期 | 标题 | 发送人 | 状态 | 日志内容 | 钉钉链接 |',
      '| --- | --- | --- | --- | --- | --- |',
      '| 2026-11-05 18:00 | 李四的日志 | 李四 |  |  | 查看详情 |',
      '| 2026-11-03 08:15 | 王五的日志 | 王五 | 已读 | 只有正文 | [在钉钉中查看日志](https://example.invalid/r3) |',
      '| 2026-11-02 09:30 | 日报 周一 | 张三 |  | 今日完成：写 代码 | [在钉钉中查看日志](https://example.invalid/r1) |',
    ].join('\n');
    expect(r.printed).toEqual(display('我创建的日志列表', sentColumns, rows, markdown, true, [command(1, '李四的日志', 'r2'), command(2, '王五的日志', 'r3'), command(3, '日报 周一', 'r1')], { hasMore: true, nextCursor: 20 }));
  });
});

describe('transform report_list_readable: order', () => {
  const order = (answer: unknown) => applyTransforms([{ report_list_readable: 'order' }], answer, '--x', { env: {} });

  it('lists every report id once, newest first, reports without a readable time last in list order', () => {
    fc.assert(fc.property(fc.array(fc.option(fc.integer({ min: 1, max: 4102444800000 }), { nil: undefined }), { maxLength: 20 }), (times) => {
      const items = times.map((t, i) => ({ reportId: `r${i}`, ...(t === undefined ? {} : { createTime: t }) }));
      const ids = order({ list: items }) as string[];
      expect([...ids].sort()).toEqual(items.map((i) => i.reportId).sort());
      const ms = (id: string) => { const t = times[Number(id.slice(1))]; return t === undefined ? 0 : t < 100000000000 ? t * 1000 : t; };
      for (let k = 1; k < ids.length; k++) {
        const [a, b] = [ms(ids[k - 1]), ms(ids[k])];
        if (b !== 0) expect(a === 0 ? false : a >= b).toBe(true);
        if (a === 0) expect(b).toBe(0);
        if (a === 0 && b === 0) expect(Number(ids[k - 1].slice(1))).toBeLessThan(Number(ids[k].slice(1)));
      }
    }));
  });

  it('finds the list under the first key that holds one and is absent without a list', () => {
    expect(order({ data: { reports: [{ report_id: ' a ' }, { title: 'x' }] }, list: 'not a list' })).toEqual(['a']);
    expect(order({ success: true, result: { total: 0 } })).toBeUndefined();
    expect(order(['r1'])).toBeUndefined();
  });
});

describe('transform report_list_readable: inbox and sent', () => {
  const readable = (mode: 'inbox' | 'sent', input: Record<string, unknown>) =>
    applyTransforms([{ report_list_readable: mode }], { title: 't', instruction: 'i', ...input }, '--x', { env: {} }) as { result: Record<string, string>[]; _internalDetailCommands: unknown[] } | undefined;

  it('reads a detail as upstream does: texts compacted and cut, read states named, a text answer giving only the link 查看详情, summary standing for a title', () => {
    const answer = { list: [
      { reportId: 'a', gmtCreate: '2026-11-02 09:30', isRead: 0 },
      { reportId: 'b', sendTime: '2026-11-03T01:00:00Z', hasRead: 'READ' },
      { reportId: 'c', time: 'yesterday' },
    ] };
    const long = `${'长'.repeat(119)}|  尾巴`;
    const out = readable('sent', {
      answer,
      ledger: { done: [{ index: 0, item: 'b' }, { index: 1, item: 'a' }, { index: 2, item: 'c' }] },
      details: [
        { reportName: long, senderName: ' 赵六 ', reportContents: [{ fieldName: '进度', value: 80 }, { name: '备注', content: { text: 'ok' } }, 'tail'] },
        'not json',
        { result: { dingtalkOpenLink: { url: 'https://example.invalid/c' } }, summary: '摘要' },
      ],
    });
    expect(out?.result).toEqual([
      { 日期: '2026-11-03 09:00', 标题: `${'长'.repeat(119)}｜...`, 发送人: '赵六', 状态: '已读', 日志内容: '进度：80；备注：ok；tail', 钉钉链接: '查看详情' },
      { 日期: '2026-11-02 09:30', 标题: '日志', 发送人: '', 状态: '未读', 日志内容: '', 钉钉链接: '查看详情' },
      { 日期: 'yesterday', 标题: '摘要', 发送人: '', 状态: '', 日志内容: '摘要', 钉钉链接: '[在钉钉中查看日志](https://example.invalid/c)' },
    ]);
    expect(out?._internalDetailCommands).toEqual([
      { index: 1, title: `${'长'.repeat(119)}｜...`, command: 'dws report entry get --report-id b --format json' },
      { index: 2, title: '日志', command: 'dws report entry get --report-id a --format json' },
      { index: 3, title: '摘要', command: 'dws report entry get --report-id c --format json' },
    ]);
  });

  it('is absent for an answer without a report list, so the answer is printed as it came', () => {
    expect(readable('inbox', { answer: { success: true, result: 'none' } })).toBeUndefined();
    expect(readable('inbox', { answer: 'text' })).toBeUndefined();
  });
});
