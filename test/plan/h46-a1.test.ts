// Session 46 second reading, part a1 (issue 32, seed 20261409; notes/h46-a1.md): where a drawn command still differed
// from the upstream body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, shippedEngine } from '../helpers.js';
import { validatePlans } from '../../src/plan/validate.js';
import { WARNINGS, warningLine } from '../../src/errors.js';
import { useOutputRuns } from './output-runs.js';

const runs = useOutputRuns('dws-h46a1-');

interface Notice { reason: string; message: string; details?: unknown }

/** A run as typed: the calls sent, the printed result, the stderr notices (parsed), the refusal reason. */
async function typed(argv: string[]) {
  runs.mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, runs.env());
  const lines = outcome.err.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { warning?: Notice });
  return {
    calls: runs.mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as [string, Record<string, unknown>]),
    printed: outcome.out ? (JSON.parse(outcome.out) as { result: unknown }).result : undefined,
    notices: lines.flatMap((l) => (l.warning ? [l.warning] : [])),
    reason: outcome.error?.reason,
  };
}

const VIEW = (viewType: string) => () => ({ data: { views: [{ viewId: 'v', viewType }] } });
const base = ['--base-id', 'b', '--table-id', 't', '--view-id', 'v'];
// at the merge h46-a1's json_key_overridden (details: the key) became h46-a5's json_flag_overlap (details: {key})
const overridden = (notices: Notice[]) => notices.filter((n) => n.reason === 'json_flag_overlap').map((n) => ({ ...n, details: (n.details as { key?: string } | undefined)?.key }));

describe('aitable view update timebar: a --json key a typed flag also sets is announced, the flag wins (mergeUpdateBlock aitable.go:889-910@c7521c1c)', () => {
  const argv = ['aitable', 'view', 'update', 'timebar', ...base];

  it('--json {"startField":"j","x":1} with --start-field s: one [WARN] naming startField; startField s is sent', async () => {
    runs.mcp.answers['aitable/get_views'] = VIEW('Gantt');
    const r = await typed([...argv, '--json', '{"startField":"j","x":1}', '--start-field', 's']);
    expect(r.reason).toBeUndefined();
    expect(r.calls[1]).toEqual(['aitable/update_view', { baseId: 'b', tableId: 't', viewId: 'v', config: { ganttTimebar: { startField: 's', x: 1 } } }]);
    expect(overridden(r.notices).map((n) => [n.message.startsWith('[WARN] '), n.details])).toEqual([[true, 'startField']]);
  });

  it('no notice without a shared key, with --json null, or when --json is refused', async () => {
    runs.mcp.answers['aitable/get_views'] = VIEW('Gantt');
    for (const extra of [['--json', '{"x":1}', '--start-field', 's'], ['--json', 'null', '--official-holiday'], ['--start-field', 's'], ['--json', '{"endField":"e"}', '--end-field', '']]) {
      const r = await typed([...argv, ...extra]);
      expect({ extra, notices: r.notices, reason: r.reason }).toEqual({ extra, notices: [], reason: undefined });
    }
    const refused = await typed([...argv, '--json', '[1]', '--start-field', 's']);
    expect({ notices: refused.notices, reason: refused.reason }).toEqual({ notices: [], reason: 'invalid_parameter' });
  });

  const flags: [string, string, string[]][] = [
    ['startField', '--start-field', ['f1']], ['endField', '--end-field', ['f2']], ['displayFieldId', '--display-field-id', ['f3']],
    ['timelineScale', '--timeline-scale', ['month']], ['officialHoliday', '--official-holiday=false', []], ['colorConfigs', '--color-configs', ['[]']],
  ];

  it('one notice per typed key that --json also holds, whatever the mix (a model of mergeUpdateBlock)', async () => {
    runs.mcp.answers['aitable/get_views'] = VIEW('Gantt');
    await fc.assert(fc.asyncProperty(
      fc.subarray(flags.map((f) => f[0])), fc.subarray([...flags.map((f) => f[0]), 'other']),
      async (typedKeys, jsonKeys) => {
        const args = flags.filter((f) => typedKeys.includes(f[0])).flatMap((f) => [f[1], ...f[2]]);
        const json = Object.fromEntries(jsonKeys.map((k) => [k, 'j']));
        const r = await typed([...argv, ...args, ...(jsonKeys.length > 0 ? ['--json', JSON.stringify(json)] : [])]);
        expect(r.reason).toBeUndefined();
        expect(overridden(r.notices).map((n) => n.details).sort()).toEqual(typedKeys.filter((k) => jsonKeys.includes(k)).sort());
      },
    ), { numRuns: 25 });
  });
});

describe('the siblings that merge --json the same way: view update card, aggregate, field-widths (aitable.go:3489, :3618, :3670@c7521c1c)', () => {
  it('card: --json coverFieldId and hiddenFieldTitle beside --no-cover and --hidden-field-title: two notices', async () => {
    runs.mcp.answers['aitable/get_views'] = VIEW('Kanban');
    const r = await typed(['aitable', 'view', 'update', 'card', ...base, '--json', '{"coverFieldId":"x","hiddenFieldTitle":false,"coverMode":"m"}', '--no-cover', '--hidden-field-title']);
    expect(r.reason).toBeUndefined();
    expect(overridden(r.notices).map((n) => n.details).sort()).toEqual(['coverFieldId', 'hiddenFieldTitle']);
  });

  it('aggregate: the --field-id key and each --clear-field-id key --json also holds', async () => {
    runs.mcp.answers['aitable/get_views'] = VIEW('Grid');
    const r = await typed(['aitable', 'view', 'update', 'aggregate', ...base, '--json', '{"fA":"AVG","fB":"MAX","fC":"SUM"}', '--field-id', 'fA', '--action', 'SUM', '--clear-field-id', 'fB,fD']);
    expect(r.reason).toBeUndefined();
    expect(r.calls[1][1]).toMatchObject({ config: { aggregate: { fA: 'SUM', fB: null, fC: 'SUM', fD: null } } });
    expect(overridden(r.notices).map((n) => n.details).sort()).toEqual(['fA', 'fB']);
  });

  it('field-widths: the --field-id key when --json holds it; none otherwise', async () => {
    runs.mcp.answers['aitable/get_views'] = VIEW('Grid');
    const hit = await typed(['aitable', 'view', 'update', 'field-widths', ...base, '--json', '{"fA":100}', '--field-id', 'fA', '--width', '200']);
    expect(overridden(hit.notices).map((n) => n.details)).toEqual(['fA']);
    const miss = await typed(['aitable', 'view', 'update', 'field-widths', ...base, '--json', '{"fB":100}', '--field-id', 'fA', '--width', '200']);
    expect(miss.notices).toEqual([]);
  });
});

describe('aitable view update visible-fields: --json beside a --field-ids holding ids is announced, --json wins (aitable.go:3717-3726@c7521c1c)', () => {
  const argv = ['aitable', 'view', 'update', 'visible-fields', ...base];

  it('a notice when both are given, before the element check; none when --field-ids holds no id', async () => {
    const both = await typed([...argv, '--json', '["f1"]', '--field-ids', 'f2,f3']);
    expect(both.calls).toEqual([['aitable/update_view', { baseId: 'b', tableId: 't', viewId: 'v', config: { visibleFieldIds: ['f1'] } }]]);
    expect(overridden(both.notices)).toHaveLength(1);
    const badElement = await typed([...argv, '--json', '[1]', '--field-ids', 'f2']);
    expect({ reason: badElement.reason, n: overridden(badElement.notices).length }).toEqual({ reason: 'invalid_parameter', n: 1 });
    const nullJson = await typed([...argv, '--json', 'null', '--field-ids', 'f2']);
    expect({ reason: nullJson.reason, n: overridden(nullJson.notices).length }).toEqual({ reason: 'invalid_parameter', n: 1 });
    for (const ids of [',', ' ']) {
      const none = await typed([...argv, '--json', '["f1"]', '--field-ids', ids]);
      expect({ ids, notices: none.notices }).toEqual({ ids, notices: [] });
    }
    const unparsable = await typed([...argv, '--json', '{', '--field-ids', 'f2']);
    expect({ reason: unparsable.reason, notices: unparsable.notices }).toEqual({ reason: 'invalid_parameter', notices: [] });
  });
});

/**
 * upstream's printGroupModifyDeeplink (helpers/attendance.go:33-101@c7521c1c) as a model: the corpId and group id it
 * finds in the create answer (root, then result, then result.groupSettingVO / result.groupVO; a non-blank text trimmed
 * or a number truncated), or undefined when either is missing.
 */
function upstreamLink(resp: unknown): string | undefined {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObj(resp)) return undefined;
  const flat = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(Math.trunc(v)) : '');
  const pick = (key: string): string => {
    if (key in resp && flat(resp[key]) !== '') return flat(resp[key]);
    const r = resp.result;
    if (!isObj(r)) return '';
    if (key in r && flat(r[key]) !== '') return flat(r[key]);
    for (const nested of ['groupSettingVO', 'groupVO']) {
      const vo = r[nested];
      if (isObj(vo) && key in vo && flat(vo[key]) !== '') return flat(vo[key]);
    }
    return '';
  };
  const corp = pick('corpId');
  const group = pick('groupId') || pick('id');
  if (corp === '' || group === '') return undefined;
  return `dingtalk://dingtalkclient/page/link?url=https%3A%2F%2Fhrmregister.dingtalk.com%2Fsubapp%2Fattend%2Findex%3Fcode%3Dattend%26corpId%3D${corp}%26ddtab%3Dtrue%26from%3Dattend%23%2FgroupModify%3Fid%3D${group}`;
}

describe('attendance group create: the group\'s PC link upstream prints after the answer (printGroupModifyDeeplink attendance.go:33-101, :2180-2185@c7521c1c)', () => {
  const argv = ['attendance', 'group', 'create', '--type', 'TURN', '--name', 'G', '--yes'];
  const links = (notices: Notice[]) => notices.filter((n) => n.reason === 'result_link');

  it('corpId at the top and groupId under result: one [INFO] notice carrying the link', async () => {
    runs.mcp.answers['attendance-wukong/create_group_setting'] = () => ({ corpId: ' ding1 ', result: { groupId: 1234.9 } });
    const r = await typed(argv);
    expect(r.printed).toEqual({ corpId: ' ding1 ', result: { groupId: 1234.9 } });
    expect(links(r.notices).map((n) => [n.message.startsWith('[INFO] '), n.details])).toEqual([[true, upstreamLink({ corpId: ' ding1 ', result: { groupId: 1234.9 } })]]);
    expect(links(r.notices)[0].details).toContain('corpId%3Dding1%26ddtab%3Dtrue%26from%3Dattend%23%2FgroupModify%3Fid%3D1234');
  });

  const flatValue = fc.constantFrom<unknown>('c1', ' c2 ', '', ' ', 7, 12.5, -3.2, null, true, ['x'], { a: 1 });
  const holder = fc.record({ corpId: flatValue, groupId: flatValue, id: flatValue }, { requiredKeys: [] });
  const answer = fc.record({
    corpId: flatValue, groupId: flatValue, id: flatValue,
    result: fc.oneof(flatValue, fc.record({ corpId: flatValue, groupId: flatValue, id: flatValue, groupSettingVO: fc.oneof(holder, flatValue), groupVO: fc.oneof(holder, flatValue) }, { requiredKeys: [] })),
  }, { requiredKeys: [] });

  it('the link, or none, for any answer shape, as upstream finds the two ids', async () => {
    await fc.assert(fc.asyncProperty(answer, async (resp) => {
      runs.mcp.answers['attendance-wukong/create_group_setting'] = () => resp;
      const r = await typed(argv);
      expect(r.reason).toBeUndefined();
      const want = upstreamLink(resp);
      expect(links(r.notices).map((n) => n.details)).toEqual(want === undefined ? [] : [want]);
    }), { numRuns: 60 });
  });
});

describe('NEW MECHANISM: a warn step with for_each, one notice per element (docs/PLANS.md "Warnings")', () => {
  const tools = shippedEngine().tools();
  const build = (step: Record<string, unknown>) => validatePlans([{ file: 't.yaml', doc: { plans: { 'sheet.export_csv': { facts: 't', steps: [
    { id: 'call', server: 'sheet', rpc: 'get_range_as_csv', effect: 'read', args: { nodeId: { flag: 'node' } } },
    { id: 'note', ...step },
  ] } } } }], tools).problems.filter((p) => p.includes('note')).join('\n');

  it('takes for_each (the element is {item: true} in details); a plain warn still cannot read {item: true}', () => {
    expect(build({ for_each: { from: 'call', path: 'keys' }, warn: { reason: 'truncated_result', message: 'x', details: { item: true } } })).toBe('');
    expect(build({ warn: { reason: 'truncated_result', message: 'x', details: { item: true } } })).not.toBe('');
    expect(build({ for_each: { from: 'call', path: 'keys' }, save: { file: { const: 'x' }, content: { const: 'y' } } })).toMatch(/has no for_each/u);
  });

  it('a dry run lists the step and emits nothing', async () => {
    const outcome = await dispatchInProcess(['aitable', 'view', 'update', 'field-widths', ...base, '--json', '{"fA":1}', '--field-id', 'fA', '--width', '2', '--dry-run'], runs.env());
    expect(outcome.err.split('\n').filter((l) => l.includes('json_flag_overlap'))).toEqual([]);
    const preview = JSON.parse(outcome.out) as { steps: { id: string; warn?: string }[] };
    expect(preview.steps.some((s) => s.warn !== undefined)).toBe(true);
  });
});

describe('NEW MECHANISM: two notice reasons, json_flag_overlap ([WARN]) and result_link ([INFO])', () => {
  it('are in the table with their prefixes', () => {
    expect(WARNINGS.json_flag_overlap).toBe('WARN');
    expect(WARNINGS.result_link).toBe('INFO');
    expect(JSON.parse(warningLine({ reason: 'result_link', message: 'open it', details: 'dingtalk://x' }))).toEqual({ warning: { reason: 'result_link', message: '[INFO] open it', details: 'dingtalk://x' } });
  });
});

describe('sibling of the group link (an [INFO] line upstream prints on stdout with the answer): drive info\'s fallback notice (driveInfoWithDocFallback drive.go:3650-3663@c7521c1c)', () => {
  const argv = ['drive', 'info', '--node', 'n1'];
  const DRIVE = { result: { fileId: 'f1', message: '这是钉钉文档', name: 'x' } };
  const notes = (notices: Notice[]) => notices.filter((n) => n.reason === 'fallback_answer');

  it('a failed or undecodable doc read: one [INFO] notice, the drive answer printed', async () => {
    for (const doc of ['', 'not json', '[1]', '5', '"x"', JSON.stringify({ success: false, errorCode: 'X', errorMsg: 'no' })]) {
      runs.mcp.answers['drive/get_file_info'] = () => DRIVE;
      runs.answerText('get_document_info', doc);
      const r = await typed(argv);
      expect({ doc, reason: r.reason, printed: r.printed, n: notes(r.notices).map((n) => n.message.startsWith('[INFO] ')) }).toEqual({ doc, reason: undefined, printed: DRIVE, n: [true] });
    }
  });

  it('no notice when the doc read decodes into an object or is JSON null, or when no doc read is made', async () => {
    for (const doc of ['null', '{}', JSON.stringify({ result: { title: 't' } })]) {
      runs.mcp.answers['drive/get_file_info'] = () => DRIVE;
      runs.answerText('get_document_info', doc);
      const r = await typed(argv);
      expect({ doc, reason: r.reason, notices: r.notices }).toEqual({ doc, reason: undefined, notices: [] });
    }
    runs.mcp.answers['drive/get_file_info'] = () => ({ result: { fileId: 'f1', extension: 'pdf' } });
    const plain = await typed(argv);
    expect({ calls: plain.calls.length, notices: plain.notices }).toEqual({ calls: 1, notices: [] });
  });
});

describe('NEW MECHANISM: the notice reason fallback_answer ([INFO])', () => {
  it('is in the table with its prefix', () => {
    expect(WARNINGS.fallback_answer).toBe('INFO');
    expect(JSON.parse(warningLine({ reason: 'fallback_answer', message: 'm' }))).toEqual({ warning: { reason: 'fallback_answer', message: '[INFO] m' } });
  });
});
