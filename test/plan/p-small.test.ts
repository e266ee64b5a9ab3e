// What the commands the p-small pre-audit read print, as upstream's bodies at c7521c1c do, run as a user types them
// against the recording backend on 127.0.0.1 (issue 32). The arguments are pinned by the `p-small:` recorded-call
// goldens of test/fixtures/calls/{oa,hrbrain,report}.yaml.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-psmall-');
const { sent } = outputs;

describe('report list shortcuts keep a null held by the first spelling present (reportEntryListFirst, shortcut/report/report.go:121-193)', () => {
  it('report +inbox-list prints modifiedTime null when modifyTime holds null, and reads no later spelling after it', async () => {
    outputs.answer('report/get_received_report_list', { result: { report_list: [{ report_id: 'r1', reportTemplateName: '日报', senderName: '张三', userId: 'u1', sendTime: 1, modifiedTime: null, gmtModified: 9, id: 'zz' }, 'x', { other: 1 }] } });
    expect(await sent(['report', '+inbox-list', '--start', '2026-03-10T00:00:00+08:00', '--end', '2026-03-11T00:00:00Z'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['report/get_received_report_list', { cursor: 0, endTime: 1773187200000, size: 20, startTime: 1773072000000 }]],
      printed: { count: 1, reports: [{ reportId: 'r1', templateName: '日报', creatorName: '张三', creatorUserId: 'u1', createTime: 1, modifiedTime: null }] },
    });
  });

  it('report +outbox-list prints templateName null when template_name holds null', async () => {
    outputs.answer('report/get_send_report_list', { data: { records: [{ id: 'r1', template_name: null, reportTemplateName: '周报' }] } });
    expect(await sent(['report', '+outbox-list'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['report/get_send_report_list', { cursor: 0, size: 20 }]],
      printed: { count: 1, reports: [{ reportId: 'r1', templateName: null }] },
    });
  });
});

describe('oa form values and the simple form of forecast-process (oa.go:33-43, :1094-1112)', () => {
  it('a null form value is sent as the empty text and the answer printed as it came', async () => {
    outputs.answer('oa/forecast_process', { result: { nodes: [] } });
    expect(await sent(['oa', 'approval', 'forecast-process', '--process-code', 'P', '--dept-id', '7', '--form-values', '{"事由":null}'])).toEqual({
      reason: undefined, category: undefined,
      calls: [['oa/forecast_process', { ProcessForecastPopRequest: { processCode: 'P', deptId: 7, formComponentValues: [[{ name: '事由', value: '' }]] } }]],
      printed: { result: { nodes: [] } },
    });
  });

  it('a blank --form-values or --dept-id is refused before any call', async () => {
    for (const argv of [
      ['oa', 'approval', 'forecast-process', '--process-code', 'P', '--dept-id', '7', '--form-values', ''],
      ['oa', 'approval', 'forecast-process', '--process-code', 'P', '--dept-id', '', '--form-values', '{}'],
      ['oa', 'approval', 'create-instance', '--process-code', 'P', '--form-values', '', '--yes'],
    ]) expect(await sent(argv)).toEqual({ reason: 'invalid_parameter', category: 'validation', calls: [], printed: undefined });
  });
});
