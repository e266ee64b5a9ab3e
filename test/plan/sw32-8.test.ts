// Session 32 sweep, share 8 (issue 32): the minutes and sheet commands that differed from upstream's bodies at
// c7521c1c, run as a user types them against the recording backend on 127.0.0.1; each asserts what is sent and printed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-sw328-');
const { sent } = outputs;

describe('minutes +download (shortcut/minutes/alignment.go:64-100, :307-345@c7521c1c)', () => {
  const Q = 'minutes/query_minutes_audio_url';
  const urls = (printed: unknown) => (printed as { results: { url: unknown }[] }).results.map((r) => r.url);

  it('--ids whose elements are all Go-blank does not count beside --id (constraintProvided, sliceHasValue corecmd.go:1103-1133, :1607)', async () => {
    outputs.answer(Q, { result: { audioUrl: 'https://x/a.mp3' } });
    const blank = await sent(['minutes', '+download', '--id', 'a', '--ids', ' ', '--url-only']);
    expect([blank.reason, blank.calls]).toEqual([undefined, [[Q, { taskUuid: 'a' }]]]);
    const padded = await sent(['minutes', '+download', '--id', 'a', '--ids', ',\u3000', '--url-only']);
    expect(padded.calls).toEqual([[Q, { taskUuid: 'a' }]]);
    // U+FEFF is no Go space: the two flags are both given
    const bom = await sent(['minutes', '+download', '--id', 'a', '--ids', '\ufeff', '--url-only']);
    expect([bom.reason, bom.calls]).toEqual(['invalid_parameter', []]);
  });

  it('the media URL is minutesdata stringField\'s: a number as FormatFloat text, booleans and objects skipped (response.go:165-178, :361-383)', async () => {
    outputs.answer(Q, { result: { downloadUrl: 5 } });
    expect(urls((await sent(['minutes', '+download', '--id', 'a', '--url-only'])).printed)).toEqual(['5']);
    outputs.answer(Q, { result: { videoUrl: true, audioUrl: ' ', downloadUrl: 1e21 } });
    expect(urls((await sent(['minutes', '+download', '--id', 'a', '--url-only'])).printed)).toEqual(['1000000000000000000000']);
    outputs.answer(Q, { result: { videoUrl: {}, url: ' https://x/b.mp4 ' } });
    expect(urls((await sent(['minutes', '+download', '--id', 'a', '--url-only'])).printed)).toEqual(['https://x/b.mp4']);
    outputs.answer(Q, { result: { videoUrl: false } });
    expect((await sent(['minutes', '+download', '--id', 'a', '--url-only'])).reason).toBe('minutes_download_incomplete');
  });

  it('an absolute or escaping --output / --output-dir is refused before any call, --url-only too (Validate :95-99, localio.ValidateOutput download.go:146-161)', async () => {
    outputs.answer(Q, { result: { audioUrl: 'https://x/a.mp3' } });
    const refused = async (...flags: string[]) => {
      const r = await sent(['minutes', '+download', '--id', 'a', ...flags]);
      return [r.reason, r.calls.length];
    };
    const no = ['invalid_parameter', 0];
    expect([
      await refused('--output', '../x', '--url-only'), await refused('--output-dir', '/abs', '--url-only'),
      await refused('--output-dir', 'a/../../b'), await refused('--output', 'C:x', '--url-only'),
      await refused('--output', '..\\x', '--url-only'), await refused('--output', '\u3000..', '--url-only'),
    ]).toEqual([no, no, no, no, no, no]);
    // path.Clean keeps these inside; a typed --output makes --output-dir unread
    expect([await refused('--output-dir', 'a/../b', '--url-only'), await refused('--output', 'x', '--output-dir', '/abs', '--url-only')])
      .toEqual([[undefined, 1], [undefined, 1]]);
  });
});

describe('minutes +export-pack (shortcut/minutes/workflows.go:164-193, :513-577, :795-823@c7521c1c)', () => {
  const { mcp, env } = outputs;
  const exportRun = async (argv: string[]) => {
    const runEnv = env();
    mcp.calls.length = 0;
    const outcome = await dispatchInProcess(argv, runEnv, undefined, { sleep: async () => {} });
    return { reason: outcome.error?.reason, root: runEnv.DWS_FILE_ROOT, calls: mcp.calls.length, result: outcome.error ? undefined : (JSON.parse(outcome.out) as { result: { path: string } }).result };
  };

  it('an --output whose path.Clean stays inside (a/../b) is published at the cleaned path (ValidateOutput download.go:156-158, filepath.Clean :807)', async () => {
    outputs.answer('minutes/list_minutes_todos', { result: { actions: [] } });
    const r = await exportRun(['minutes', '+export-pack', '--id', 't1', '--output', 'a/../b', '--artifacts', 'todos']);
    expect([r.reason, r.result?.path]).toEqual([undefined, 'b']);
    expect(readFileSync(path.join(r.root, 'b', 'todos.json'), 'utf8')).toBe('{\n  "actions": []\n}\n');
    // one that climbs out is still refused before any call
    const out = await exportRun(['minutes', '+export-pack', '--id', 't1', '--output', 'a/../../b', '--artifacts', 'todos']);
    expect([out.reason, out.calls]).toEqual(['invalid_parameter', 0]);
  });

  it('the media URL is stringField\'s: a boolean videoUrl is passed over for the audioUrl (minutesdata/response.go:165-178, :361-383)', async () => {
    outputs.answer('minutes/list_minutes_todos', { result: { actions: [] } });
    outputs.answer('minutes/query_minutes_audio_url', { result: { videoUrl: true, audioUrl: `${mcp.base}/files/rec.M4A` } });
    mcp.files = { 'rec.M4A': Buffer.from('AUDIO') };
    const r = await exportRun(['minutes', '+export-pack', '--id', 't1', '--output', 'pack', '--artifacts', 'todos', '--include-media']);
    expect([r.reason, (r.result as unknown as { files: { media: unknown } } | undefined)?.files.media]).toEqual([undefined, { complete: true, file: 'media/t1.m4a', sizeBytes: 5 }]);
  });
});

describe('minutes +prepare-asr: each hot word is minutesdata.HotWords\' (workflow.go:175-211, stringField response.go:361-383@c7521c1c)', () => {
  const hw = (...w: unknown[]) => ({ result: { hotWordList: w } });

  it('an object\'s word is a non-blank text or a number as FormatFloat text; a boolean key is passed over', async () => {
    outputs.answersInTurn('minutes/list_my_hotwords', hw({ hotWord: true, word: 'z' }, { name: 1e21 }, 'a'), hw('a'));
    outputs.answer('minutes/delete_personal_hotword', { success: true });
    const r = await sent(['minutes', '+prepare-asr', '--words', 'a', '--sync', '--yes']);
    expect(r.calls[1]).toEqual(['minutes/delete_personal_hotword', { hotWordList: ['1000000000000000000000', 'z'] }]);
    expect((r.printed as { before: unknown }).before).toEqual(['z', '1000000000000000000000', 'a']);
  });

  it('an object whose only word is a boolean has no word: refused before any write', async () => {
    outputs.answer('minutes/list_my_hotwords', hw({ hotWord: true }));
    const r = await sent(['minutes', '+prepare-asr', '--words', 'a', '--yes']);
    expect([r.reason, r.calls.map((c) => c[0])]).toEqual(['backend_error', ['minutes/list_my_hotwords']]);
  });
});

describe('minutes +speaker-insights: the create answer\'s taskId and status are SpeakerSummaryTask\'s stringField (minutesdata/workflow.go:132-146, response.go:361-383@c7521c1c)', () => {
  const C = 'minutes/create_speaker_summary';
  const G = 'minutes/get_speaker_summary';
  const printed = async (create: unknown) => {
    outputs.answer(C, create);
    outputs.answer(G, { result: { speakers: [1] } });
    const r = await sent(['minutes', '+speaker-insights', '--id', 't1', '--yes']);
    return r.printed === undefined ? r.reason : (({ taskId, createStatus }) => ({ taskId, createStatus }))(r.printed as Record<string, unknown>);
  };

  it('a number taskId is FormatFloat \'f\' text; a status is lower-cased', async () => {
    expect(await printed({ success: true, result: { taskId: 1e21, status: ' DONE ' } })).toEqual({ taskId: '1000000000000000000000', createStatus: 'done' });
  });

  it('a boolean taskId is passed over for taskID, a boolean status reads as none; a boolean taskId alone names no task', async () => {
    expect(await printed({ success: true, result: { taskId: true, taskID: 'k', status: true } })).toEqual({ taskId: 'k', createStatus: '' });
    expect(await printed({ success: true, result: { taskId: true } })).toBe('backend_error');
  });
});

describe('minutes +update (shortcut/minutes/alignment.go:416-447@c7521c1c)', () => {
  const B = 'minutes/get_minutes_basic_info';
  const U = 'minutes/update_minutes_title';
  const basic = (result: Record<string, unknown>) => ({ result });

  it('a blank or non-object title write answer fails the run before the read-back (CallMCPWriteDataStrict, runner.go:235-243, :291-310)', async () => {
    const run = async (answer: unknown) => {
      outputs.answersInTurn(B, basic({ taskUuid: 't1', title: 'O' }), basic({ taskUuid: 't1', title: 'N' }));
      outputs.answer(U, answer);
      const r = await sent(['minutes', '+update', '--yes', '--id', 't1', '--title', 'N']);
      return [r.reason, r.calls.map((c) => c[0]).join(' ')];
    };
    const stopped = ['backend_error', `${B} ${U}`];
    expect([await run(' '), await run([1]), await run(7)]).toEqual([stopped, stopped, stopped]);
    // JSON null decodes into Go's nil map and an object is read: the title is read back and verified
    const read = [undefined, `${B} ${U} ${B}`];
    expect([await run(null), await run({})]).toEqual([read, read]);
  });

  it('the task UUID of the basic info is stringField\'s: a blank or boolean taskUuid is passed over for uuid (minutesdata/response.go:97-113, :239, :361-383)', async () => {
    outputs.answersInTurn(B, basic({ taskUuid: ' ', uuid: 't1', title: 'O' }), basic({ taskUuid: true, uuid: 't1', title: 'N' }));
    outputs.answer(U, { ok: 1 });
    const r = await sent(['minutes', '+update', '--yes', '--id', 't1', '--title', 'N']);
    expect(r.printed).toEqual({ after: 'N', before: 'O', changed: true, taskUuid: 't1', verified: true });
  });
});

describe('minutes +upload: the session, complete and basic answers are read as minutesdata stringField (UploadSession response.go:181-195, CompletedTaskUUID :198-209, TaskUUID :239, :361-383@c7521c1c)', () => {
  it('a number sessionId is FormatFloat text; a boolean taskUuid is passed over for uuid', async () => {
    const { mcp } = outputs;
    outputs.answer('minutes/create_upload_session', { result: { sessionId: 1e21, presignedUrl: `${mcp.base}/upload/s1` } });
    outputs.answer('minutes/complete_upload_session', { result: { taskUuid: true, uuid: 'm1' } });
    outputs.answer('minutes/get_minutes_basic_info', { result: { taskUuid: false, uuid: 'm1', title: 'T' } });
    const r = await sent(['minutes', '+upload', '--file', 'a.m4a', '--yes'], { 'a.m4a': 'AUDIO' });
    expect(r.calls.filter((c) => c[0] !== 'minutes/create_upload_session')).toEqual([
      ['minutes/complete_upload_session', { sessionId: '1000000000000000000000' }],
      ['minutes/get_minutes_basic_info', { taskUuid: 'm1' }],
    ]);
    expect(r.printed).toMatchObject({ sessionId: '1000000000000000000000', taskUuid: 'm1', verified: true });
  });
});

describe('sheet cond-format create / update: --ranges is json.Unmarshal into []string (helpers/sheet_cond_format.go:156-158, :273-278@c7521c1c)', () => {
  it('a null element is Go\'s zero string; text elements, [] and a null list are sent as they are', async () => {
    const ranges = async (...argv: string[]) => (await sent(argv)).calls.map((c) => (c[1] as { ranges?: unknown }).ranges);
    expect(await ranges('sheet', 'cond-format', 'create', '--condition', '{"a":1}', '--ranges', '["A1:A9",null]')).toEqual([['A1:A9', '']]);
    expect(await ranges('sheet', 'cond-format', 'create', '--condition', '{"a":1}', '--ranges', '["nullA1"]')).toEqual([['nullA1']]);
    expect(await ranges('sheet', 'cond-format', 'update', '--rule-id', 'r', '--ranges', '[null,"B2"]')).toEqual([['', 'B2']]);
    expect(await ranges('sheet', 'cond-format', 'update', '--rule-id', 'r', '--ranges', 'null')).toEqual([null]);
    expect(await ranges('sheet', 'cond-format', 'update', '--rule-id', 'r', '--ranges', '[]')).toEqual([[]]);
  });
});

describe('sheet range set-style: a blank --sheet-id passes validateRequiredFlags and the cells come from --range alone (helpers/sheet_style.go:525-545@c7521c1c)', () => {
  it('--sheet-id " " is sent with the range\'s cells', async () => {
    const r = await sent(['sheet', 'range', 'set-style', '--node', 'n', '--sheet-id', ' ', '--range', 'A1:B1', '--word-wrap', 'clip']);
    expect(r.calls).toEqual([['sheet/set_cell_range', { nodeId: 'n', sheetId: ' ', rangeAddress: 'A1:B1', cells: [[{ cellStyles: { wordWrap: 'clip' } }, { cellStyles: { wordWrap: 'clip' } }]] }]]);
  });
});

describe('sheet leaves whose body reads the node from --node alone: the hidden --node-id/--doc-id/--file-id RegisterCrossProductAliases adds are accepted and ignored (cross_product_aliases.go:37, sheet.go:249-256@c7521c1c)', () => {
  it('cond-format create, filter create, get-dropdown, filter-view update send nodeId "" for them (sheet_cond_format.go:169, sheet_filter_view.go:238, :704, sheet_dimension.go:958)', async () => {
    const node = async (...argv: string[]) => (await sent(argv)).calls.map((c) => (c[1] as { nodeId?: unknown }).nodeId);
    expect(await node('sheet', 'cond-format', 'create', '--ranges', '["A1"]', '--condition', '{"a":1}', '--node-id', 'x')).toEqual(['']);
    expect(await node('sheet', 'filter', 'create', '--doc-id', 'x')).toEqual(['']);
    expect(await node('sheet', 'get-dropdown', '--file-id', 'x', '--node', 'n')).toEqual(['n']);
    expect(await node('sheet', 'filter-view', 'update', '--name', 'v', '--node-id', 'x')).toEqual(['']);
  });

  it('range set-style still needs --node itself (validateRequiredFlags, sheet_style.go:525)', async () => {
    const r = await sent(['sheet', 'range', 'set-style', '--node-id', 'x', '--sheet-id', 's', '--range', 'A1', '--bg-color', '#fff']);
    expect([r.reason, r.calls]).toEqual(['missing_parameter', []]);
  });
});
