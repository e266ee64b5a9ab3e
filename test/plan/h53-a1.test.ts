// Session 53 helper a1, second-reading audit of seed 20261440 (issue 32, notes/h53-a1.md). One drawn command differed
// from its upstream body at c7521c1c and was fixed: minutes +speaker-insights read an errorCode (or dingOpenErrcode)
// that is false or an empty list as "no error", and failed in its own message join on true or an object. Upstream's
// minutesdata.validateEnvelope (internal/shortcut/minutesdata/response.go:283-298, isZeroCode :414-432@c7521c1c) takes
// only nil, a blank or "0" text and the number 0 as zero: any other value, of any JSON type, is a reported failure.
// +mindmap's create acknowledgement and status read (workflows.go:345-384, minutesdata/workflow.go:16-31, :112-115) and
// +upload-and-analyze's stages that share those checks had the same cause. Each runs as a user types it against the
// recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { mcp, timed, sent, argsOf } = useOutputRuns('dws-h53a1-');

/** Codes isZeroCode does not take as zero although the transport lets them through (isErrorCodeValue helpers.go:636-660). */
const NON_ZERO: [string, unknown][] = [['false', false], ['true', true], ['[]', []], ['["0"]', ['0']], ['{}', {}], ['{"a":1}', { a: 1 }], ['"ok"', 'ok']];

describe('minutes +speaker-insights: a create answer whose errorCode/dingOpenErrcode isZeroCode refuses fails before any read (SpeakerSummaryTask -> RequireWriteAcknowledgement -> validateEnvelope, minutesdata/workflow.go:132-135, response.go:283-298@c7521c1c)', () => {
  for (const key of ['errorCode', 'dingOpenErrcode']) {
    it.each(NON_ZERO)(`${key} %s: backend_error after the one create call, nothing read`, async (_name, code) => {
      mcp.answers['minutes/create_speaker_summary'] = () => ({ success: true, result: { taskId: 't1', status: 'OK' }, [key]: code });
      mcp.answers['minutes/get_speaker_summary'] = () => ({ success: true, result: { speakers: [] } });
      const { outcome, calls } = await timed(['minutes', '+speaker-insights', '--id', 'u1', '--yes']);
      expect(calls.map(([t]) => t)).toEqual(['create_speaker_summary']);
      expect(outcome.error?.reason).toBe('backend_error');
      expect(outcome.error?.message).toContain('does not name a task');
    });
  }

  it.each([['null', null], ['"" ', ' '], ['" 0 "', ' 0 '], ['0', 0]])('errorCode %s is zero: the summary is read and printed', async (_name, code) => {
    mcp.answers['minutes/create_speaker_summary'] = () => ({ success: true, result: { taskId: 't1', status: 'OK' }, errorCode: code });
    mcp.answers['minutes/get_speaker_summary'] = () => ({ success: true, result: { speakers: [1] } });
    const { result, calls } = await timed(['minutes', '+speaker-insights', '--id', 'u1', '--yes']);
    expect(calls.map(([t]) => t)).toEqual(['create_speaker_summary', 'get_speaker_summary']);
    expect(result).toEqual({ attempts: 1, complete: true, createStatus: 'ok', operation: 'minutes.speaker_insights', result: { speakers: [1] }, taskId: 't1', taskUuid: 'u1' });
  });
});

describe('minutes +speaker-insights: a summary answer with such a code is a failure that is not pending (SpeakerSummaryResult -> validateEnvelope, minutesdata/workflow.go:150-153; speakerSummaryPending workflows.go:436-442@c7521c1c)', () => {
  for (const key of ['errorCode', 'dingOpenErrcode']) {
    it.each(NON_ZERO)(`${key} %s: read once, then a failure (inside partial_outcome, after the create) with the poll payload`, async (_name, code) => {
      mcp.answers['minutes/create_speaker_summary'] = () => ({ success: true, result: { taskId: 't1' } });
      mcp.answers['minutes/get_speaker_summary'] = () => ({ success: true, result: { speakers: [1] }, [key]: code });
      const { outcome, calls } = await timed(['minutes', '+speaker-insights', '--id', 'u1', '--yes']);
      expect(calls.map(([t]) => t)).toEqual(['create_speaker_summary', 'get_speaker_summary']);
      const envelope = JSON.parse(outcome.error!.envelope()) as { details: { stage: string; attempts: number }; error: { reason: string } };
      expect([envelope.error.reason, envelope.details.stage, envelope.details.attempts]).toEqual(['partial_outcome', 'poll', 1]);
      expect(outcome.error?.message).toContain('could not be read (a failure that is not pending)');
    });
  }
});

describe('minutes +mindmap: the same codes (runMinutesMindmap workflows.go:345-384, RequireWriteAcknowledgement minutesdata/workflow.go:16-31, MindGraphStatus :112-115@c7521c1c)', () => {
  it.each(NON_ZERO)('a create answer with errorCode %s is not acknowledged (createAcknowledged false), the status still read', async (_name, code) => {
    mcp.answers['minutes/create_mind_graph'] = () => ({ success: true, result: { ok: 1 }, errorCode: code });
    mcp.answers['minutes/query_mind_graph_status'] = () => ({ success: true, result: { taskStatus: 1 } });
    const { result } = await timed(['minutes', '+mindmap', '--id', 'u1', '--yes']);
    expect(result).toMatchObject({ complete: true, createAcknowledged: false, createAttempted: true });
  });

  it.each(NON_ZERO)('a status answer with dingOpenErrcode %s ends the poll as a failure, as a text code does', async (_name, code) => {
    mcp.answers['minutes/create_mind_graph'] = () => ({ success: true });
    mcp.answers['minutes/query_mind_graph_status'] = () => ({ success: true, result: { taskStatus: 1 }, dingOpenErrcode: 'E1' });
    const text = await timed(['minutes', '+mindmap', '--id', 'u1', '--yes']);
    expect(text.outcome.error).toBeDefined();
    mcp.answers['minutes/query_mind_graph_status'] = () => ({ success: true, result: { taskStatus: 1 }, dingOpenErrcode: code });
    mcp.calls.length = 0;
    const { outcome, calls } = await timed(['minutes', '+mindmap', '--id', 'u1', '--yes']);
    expect(calls.map(([t]) => t)).toEqual(['create_mind_graph', 'query_mind_graph_status']);
    expect(outcome.error?.reason).toBe(text.outcome.error?.reason);
  });
});

describe('minutes +upload-and-analyze: its mindmap and speaker-insights stages read those codes as +mindmap and +speaker-insights (workflows.go:310-326, :345-433@c7521c1c)', () => {
  it.each(NON_ZERO)('a status answer and a speaker create answer with errorCode %s are both stage failures', async (_name, code) => {
    mcp.answers['minutes/get_minutes_basic_info'] = () => ({ success: true, result: { taskUuid: 'u1' } });
    mcp.answers['minutes/create_mind_graph'] = () => ({ success: true });
    mcp.answers['minutes/query_mind_graph_status'] = () => ({ success: true, result: { taskStatus: 1 }, errorCode: code });
    mcp.answers['minutes/create_speaker_summary'] = () => ({ success: true, result: { taskId: 't1' }, errorCode: code });
    mcp.answers['minutes/get_speaker_summary'] = () => ({ success: true, result: [1] });
    const { outcome, calls } = await timed(['minutes', '+upload-and-analyze', '--resume-id', 'u1', '--artifacts', 'basic', '--mindmap', '--speaker-insights', '--yes']);
    expect(calls.map(([t]) => t)).toEqual(['get_minutes_basic_info', 'create_mind_graph', 'query_mind_graph_status', 'create_speaker_summary']);
    const envelope = JSON.parse(outcome.error!.envelope()) as { details: { failures: { artifact: string }[] } };
    expect(envelope.details.failures.map((f) => f.artifact)).toEqual(['mindmap', 'speaker-insights']);
  });
});

describe('sheet import get (drawn) and doc import get: the status is compared with strings.EqualFold (runImportGetCommand, internal/helpers/import_flow.go:499-521@c7521c1c), Unicode simple folding, not a lower-casing', () => {
  it.each([['sheet'], ['doc']])('%s import get: a status "proceſſing" (U+017F folds to s) is processing: printed as it came, exit 0', async (product) => {
    mcp.answers['doc/query_import_task'] = () => ({ status: 'proceſſing', taskId: 't1' });
    const run = await sent([product, 'import', 'get', '--task-id', 't1']);
    expect(run.reason).toBeUndefined();
    expect(run.printed).toEqual({ status: 'proceſſing', taskId: 't1' });
  });
  it.each([['sheet'], ['doc']])('%s import get: a status that folds to neither (failed, proceſing, "") still fails the run after printing upstream', async (product) => {
    for (const status of ['failed', 'proceſing', '']) {
      mcp.answers['doc/query_import_task'] = () => ({ status });
      expect((await sent([product, 'import', 'get', '--task-id', 't1'])).reason).toBe('backend_error');
    }
  });
});

describe('the audit\'s other readings, held here (each exact at 2812b895 against its upstream body @c7521c1c)', () => {
  it('calendar event suggest: the first non-empty of each spelling list, untouched; users through parseCSVValues (helpers/calendar.go:683-703)', async () => {
    expect(await argsOf(['calendar', 'event', 'suggest', '--start', '', '--time-min', 'x', '--max-time', 'y', '--endDate', 'z', '--user-ids', ' ', '--duration', ''])).toEqual([{ start: 'x', end: 'y', attendeeUserIds: null }]);
    expect(await argsOf(['calendar', 'event', 'suggest', '--startDate', 's', '--start_time', 't', '--participants', '["a","b"]', '--members', 'm', '--duration', ' 30 '])).toEqual([{ start: 't', attendeeUserIds: ['a', 'b'], durationMinutes: ' 30 ' }]);
  });
  it('drive move: the node from its six spellings, a folder that is all ASCII digits once trimmed refused (validateDocFolderID doc.go:1078-1091; drive.go:1776-1791)', async () => {
    expect(await argsOf(['drive', 'move', '--id', 'i', '--folder', '', '--parent-node-id', 'p', '--workspace-id', ' w'])).toEqual([{ nodeId: 'i', targetFolderId: 'p', workspaceId: ' w' }]);
    expect(await argsOf(['drive', 'move', '--node', 'n', '--folder', ' 123 '])).toBe('invalid_parameter');
    expect(await argsOf(['drive', 'move', '--node', 'n', '--folder', '１２'])).toEqual([{ nodeId: 'n', targetFolderId: '１２' }]);
  });
  it('chat message forward: --message-id through the migration PreRunE (trimmed, aliases folded), the conversation ids as typed (chat.go:7042-7058, :420-470)', async () => {
    expect(await argsOf(['chat', 'message', 'forward', '--src-conversation-id', ' s', '--open-message-id', 'm', '--message-id', ' ', '--dest-conversation-id', ' ', '--uuid', ' u'])).toEqual([{ srcOpenCid: ' s', srcOpenMessageId: 'm', destOpenCid: ' ', uuid: ' u' }]);
  });
  it('aitable import data: ints read by pflag (0x1e, 010), >0 only; field-mapping a map[string]string (null -> null, a null value -> "") (aitable.go:6676-6703)', async () => {
    expect(await argsOf(['aitable', 'import', 'data', '--import-id', ' i', '--timeout', '0x1e', '--header-row', '010', '--field-mapping', '{"a":"b","a":"c","n":null}'])).toEqual([{ importId: ' i', timeout: 30, headerRow: 8, fieldMapping: { a: 'c', n: '' } }]);
    expect(await argsOf(['aitable', 'import', 'data', '--import-id', 'i', '--timeout', '-1', '--field-mapping', 'null'])).toEqual([{ importId: 'i', fieldMapping: null }]);
    expect(await argsOf(['aitable', 'import', 'data', '--import-id', 'i', '--field-mapping', '{"a":1}'])).toBe('invalid_parameter');
  });
  it('attendance selfsetting save: scene flags only, ints by pflag, --check-remind-setting null sent as null (attendance.go:336-400, :2767-2790)', async () => {
    expect(await argsOf(['attendance', 'selfsetting', 'save', '--setting-scene', 'fastCheck', '--user', ' u', '--onduty-check-type', '0x3', '--voice-remind-switch=false', '--offduty-remind-end-min', '010', '--yes']))
      .toEqual([{ RuleMcpSaveSelfSettingRequest: { settingScene: 'fastCheck', userId: ' u', ondutyCheckType: 3, voiceRemindSwitch: false, offdutyRemindEndMin: 8 } }]);
    expect(await argsOf(['attendance', 'selfsetting', 'save', '--setting-scene', 'checkRemind', '--user', 'u', '--check-remind-setting', ' null ', '--yes']))
      .toEqual([{ RuleMcpSaveSelfSettingRequest: { settingScene: 'checkRemind', userId: 'u', checkRemindSetting: null } }]);
    expect(await argsOf(['attendance', 'selfsetting', 'save', '--setting-scene', ' fastCheck', '--user', 'u', '--onduty-check-type', '3', '--yes'])).toBe('invalid_parameter');
  });
});

describe('a text success "false" is matched with strings.EqualFold (isBusinessError internal/helpers/helpers.go:630, errors/pat.go:233@c7521c1c), the same cause as import get', () => {
  it.each([['FALSE'], ['falſe']])('aitable base update answered {success: "%s"} is a business error, exit 1', async (text) => {
    mcp.answers['aitable/update_base'] = () => ({ success: text, errorMsg: 'no' });
    const run = await sent(['aitable', 'base', 'update', '--base-id', 'b', '--name', 'n']);
    expect([run.reason, run.printed]).toEqual(['business_error', undefined]);
  });
});
