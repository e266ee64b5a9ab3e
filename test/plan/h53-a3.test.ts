// Session 53 helper a3, second-reading audit of seed 20261442 (issue 32, notes/h53-a3.md). Thirty drawn commands were
// read against their upstream bodies at c7521c1c and run as a user types them. None differed outside declared
// deviations; one declared deviation was closed: minutes +detail passed an artifact answer whose errorCode or
// dingOpenErrcode is not zero, where upstream's ValidateArtifact runs validateEnvelope first and records the artifact as
// failed (internal/shortcut/minutesdata/response.go:97-101, :283-296, isZeroCode :414-432; minutes_detail.go:215-225).
// The other readings the audit checked are held here too, each run as a user types it against the recording backend
// on 127.0.0.1, so a later change that breaks one fails here.
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { failedRun, useOutputRuns } from './output-runs.js';
import { sameSigned, wire } from './signed-zero.js';

const runs = useOutputRuns('dws-h53a3-');
const { sent, mcp } = runs;

type Args = Record<string, unknown>;

/** The one call a run made (it must succeed), with the sign of every zero. */
async function onlyCall(argv: string[], tool: string): Promise<Args> {
  const run = await sent(argv);
  expect(run.reason, `refused: ${run.reason}`).toBeUndefined();
  expect(run.calls.map(([t]) => t)).toEqual([tool]);
  return wire(run.calls[0][1]) as Args;
}

describe('minutes +detail: an artifact answer with a non-zero errorCode or dingOpenErrcode is that artifact\'s failure (ValidateArtifact -> validateEnvelope, minutesdata/response.go:97-101, :283-296, isZeroCode :414-432@c7521c1c)', () => {
  const good: Record<string, Args> = {
    basic: { result: { taskUuid: 't' } },
    summary: { result: { fullSummary: 'x' } },
    keywords: { result: { keywords: [] } },
    todos: { result: { actions: [] } },
  };
  const tools: Record<string, string> = {
    basic: 'minutes/get_minutes_basic_info',
    summary: 'minutes/get_minutes_ai_summary',
    keywords: 'minutes/get_minutes_keywords',
    todos: 'minutes/list_minutes_todos',
  };
  /** A run of `+detail --id t --artifacts <artifact>` with the artifact's good answer plus `extra`. */
  async function detail(artifact: string, extra: Args) {
    for (const [name, key] of Object.entries(tools)) mcp.answers[key] = () => ({ ...good[name], ...(name === artifact ? extra : {}) });
    mcp.calls.length = 0;
    const outcome = await dispatchInProcess(['minutes', '+detail', '--id', 't', '--artifacts', artifact], runs.env());
    return outcome;
  }

  // isZeroCode: a number other than 0, a text other than blank or "0" (trimmed), a boolean, an object or a list is not zero
  const nonZero: Args[] = [{ dingOpenErrcode: 7 }, { dingOpenErrcode: 'x' }, { dingOpenErrcode: '00' }, { errorCode: true }, { errorCode: false },
    { errorCode: {} }, { errorCode: [] }, { dingOpenErrcode: { a: 1 } }, { errorCode: 0, dingOpenErrcode: 1.5 }];
  for (const artifact of Object.keys(tools)) {
    it.each(nonZero)(`${artifact}: %j fails the artifact, the run ends minutes_detail_incomplete`, async (extra) => {
      const outcome = await detail(artifact, extra);
      expect(mcp.calls.map((c) => `${c.server}/${c.name}`)).toEqual([tools[artifact]]);
      const failed = failedRun(outcome);
      expect(failed.reason).toBe('minutes_detail_incomplete');
      const details = failed.details as { complete: boolean; failures: { artifact: string }[] } & Args;
      expect(details.complete).toBe(false);
      expect(details.failures.map((f) => f.artifact)).toEqual([artifact]);
      expect(details[artifact]).toHaveProperty('error');
    });
  }

  // zero codes pass: absent, null, blank or "0" text (padded too), the number 0
  const zero: Args[] = [{}, { errorCode: null }, { errorCode: '' }, { errorCode: ' 0 ' }, { dingOpenErrcode: 0 }, { dingOpenErrcode: '\t' }, { errorCode: '0', dingOpenErrcode: '' }];
  it.each(zero)('summary: %j is a good answer, printed as read', async (extra) => {
    const outcome = await detail('summary', extra);
    expect(outcome.error?.envelope()).toBeUndefined();
    const printed = (JSON.parse(outcome.out) as { result: Args }).result;
    expect(printed).toMatchObject({ complete: true, failureCount: 0, taskUuid: 't', summary: { ...good.summary, ...extra } });
  });
});

describe('the audit\'s other readings (exact before and after)', () => {
  it('Go float64 signs: oa approval list-forms ParseFloat (oa.go:546-547), sheet range sort []any (sheet_range_ops.go:390-395), sheet table-put parseTablePutSheets (sheet_table.go:195-221@c7521c1c)', async () => {
    const forms = await onlyCall(['oa', 'approval', 'list-forms', '--cursor', '-0', '--limit', '-0'], 'oa/list_user_visible_process');
    expect(sameSigned(forms, { cursor: -0, pageSize: -0 })).toBe(true);
    const sort = await onlyCall(['sheet', 'range', 'sort', '--node', 'n', '--sheet-id', 's', '--range', 'r', '--sort-keys', '[{"x":-0,"y":1e3}]'], 'sheet/sort_range');
    expect(sameSigned(sort.sortKeys, [{ x: -0, y: 1000 }])).toBe(true);
    const put = await onlyCall(['sheet', 'table-put', '--node', 'n', '--sheets', '{"data":[[-0.0,1.50]]}'], 'sheet/table_put');
    expect(sameSigned(put.sheets, [{ data: [[-0, 1.5]] }])).toBe(true);
  });

  it('aitable workflow history: LeafInt flags sent only when not 0, size defaults to 20, the ranges checked (aitable.go:161-191, :5345-5370; corecmd BuildArgs@c7521c1c)', async () => {
    expect(await onlyCall(['aitable', 'workflow', 'history', '--base', ' b ', '--workflow-id', 'w', '--status', ' failed ', '--after-time', '010', '--before-time', '0x10', '--page', '-0'], 'aitable/get_flow_record_list'))
      .toEqual({ baseId: 'b', flowId: 'w', status: 'failed', afterTime: 8, beforeTime: 16, size: 20 });
    for (const bad of [['--size', '0'], ['--size', '101'], ['--page', '-1'], ['--after-time', '-1'], ['--after-time', '5', '--before-time', '5'], ['--status', 'Failed'], ['--status', '']]) {
      expect((await sent(['aitable', 'workflow', 'history', '--base-id', 'b', '--workflow-id', 'w', ...bad])).reason, bad.join(' ')).toBe('invalid_parameter');
    }
  });

  it('chat category rename: --category-id an int64 (base prefixes, signs), 0 refused; --title trimmed, at most 15 runes (chat.go:175-185, :5390-5402@c7521c1c)', async () => {
    expect(await onlyCall(['chat', 'category', 'rename', '--category-id', '0x10', '--title', ' 新名 '], 'im/rename_conv_category')).toEqual({ categoryId: 16, title: '新名' });
    expect(await onlyCall(['chat', 'category', 'rename', '--category-id', '-5', '--title', 'a'], 'im/rename_conv_category')).toEqual({ categoryId: -5, title: 'a' });
    expect((await sent(['chat', 'category', 'rename', '--category-id', '0', '--title', 'a'])).calls).toEqual([]);
    expect((await sent(['chat', 'category', 'rename', '--category-id', '1', '--title', '一二三四五六七八九十一二三四五六'])).calls).toEqual([]);
  });

  it('contact dept list-members: the first non-empty spelling, parseCSVValues, root placeholders refused (contact.go:20-45, :940-958@c7521c1c)', async () => {
    expect(await onlyCall(['contact', 'dept', 'list-members', '--depts', '', '--dept-ids', ' "1", ,2 '], 'contact/get_dept_members_by_deptId')).toEqual({ deptIds: ['1', '2'] });
    expect(await onlyCall(['contact', 'dept', 'list-members', '--depts', ' '], 'contact/get_dept_members_by_deptId')).toEqual({ deptIds: null });
    for (const v of ['1,Self', '"0"', 'ROOT', '["me"]']) expect((await sent(['contact', 'dept', 'list-members', '--ids', v])).calls, v).toEqual([]);
  });

  it('chat message remove-emoji: the message id through chatMessageID (trimmed, a conflict refused), sent as flagOrFallback reads it (chat.go:198-238, :5823-5836@c7521c1c)', async () => {
    expect(await onlyCall(['chat', 'message', 'remove-emoji', '--conversation-id', ' c ', '--message-id', ' ', '--msg-id', 'b', '--emoji', ' 赞 '], 'im/remove_emoji_reaction'))
      .toEqual({ openConversationId: ' c ', openMsgId: ' ', emojiName: ' 赞 ' });
    expect((await sent(['chat', 'message', 'remove-emoji', '--conversation-id', 'c', '--message-id', 'a', '--msg-id', 'b', '--emoji', 'e'])).calls).toEqual([]);
  });

  it('aitable +url-resolve: strict local parsing as aitabletarget.ParseURL (resolver.go:57-182@c7521c1c)', async () => {
    const target = async (url: string) => ((await sent(['aitable', '+url-resolve', '--url', url])).printed as { target?: Args } | undefined)?.target;
    expect(await target('https://alidocs.dingtalk.com/i/nodes/B?iframeQuery=sheetId%253DT%2526viewId%253DV')).toMatchObject({ kind: 'view', baseId: 'B', tableId: 'T', viewId: 'V' });
    expect(await target('HTTPS://AliDocs.DingTalk.com:443//i/nodes/%20B/?x=%ZZ')).toMatchObject({ kind: 'base', baseId: 'B' });
    for (const url of ['https://alidocs.dingtalk.com/i/nodes/B#x', 'https://alidocs.dingtalk.com/i/nodes/B?sheetId=T&tableId=U', 'https://alidocs.dingtalk.com/i/nodes/B?viewId=V', 'https://u@alidocs.dingtalk.com/i/nodes/B']) {
      expect(await target(url), url).toBeUndefined();
    }
  });
});
