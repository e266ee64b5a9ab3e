// Session 56, helper left (issue 32): the runner's success stamp in the readers sessions 55 left
// (notes/h56-left.md). Every shortcut and helper reads an MCP answer after upstream's runner: an object answer without
// `success` gains `success: true` (app/runner.go:774-783@c7521c1c); an answer that is no JSON object (a blank text,
// null, a list, other text) is the nil map, empty (transport/client.go:180-205, app/tool_caller_adapter.go:184-188).
// So a JSON `{}` is `{success: true}`: acknowledged, not empty. The minutes readers (MindGraphStatus,
// SpeakerSummaryTask/Result, RecordResult) and chat message update-card's verdict now read it so.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, resultOf } from '../helpers.js';
import { privateEnv, rawText, useMcpServer } from '../fixtures/mcp/server.js';

const mcp = useMcpServer();
const env = () => privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), 'dws-h56-left-')));
const run = (argv: string[]) => resultOf(argv, env());
/** A refused run: nothing on stdout, and its error envelope as one text (reason, message, details). */
async function refusal(argv: string[]): Promise<string> {
  const { out, error } = await dispatchInProcess(argv, env());
  expect(out).toBe('');
  expect(error).toBeDefined();
  return JSON.stringify(error!.envelope());
}

// minutes +mindmap (workflows.go:345-355@c7521c1c): createAcknowledged is RequireWriteAcknowledgement
// (minutesdata/workflow.go:16-31) on the stamped create answer; validateEnvelope refuses only an empty map
describe('minutes +mindmap: a JSON {} create answer acknowledges the create (the stamp makes it {success: true})', () => {
  const argv = ['minutes', '+mindmap', '--id', 't1', '--yes'];
  const acknowledged = async (create: unknown) => {
    mcp.answers['minutes/create_mind_graph'] = () => create;
    mcp.answers['minutes/query_mind_graph_status'] = () => ({ result: { taskStatus: 1 } });
    return ((await run(argv)) as Record<string, unknown>).createAcknowledged;
  };
  it('{} is acknowledged', async () => {
    expect(await acknowledged({})).toBe(true);
  });
  it('controls: a blank text and JSON null (the nil map) are not acknowledged; success true is', async () => {
    expect(await acknowledged(rawText(''))).toBe(false);
    expect(await acknowledged(null)).toBe(false);
    expect(await acknowledged({ success: true })).toBe(true);
  });
});

// MindGraphStatus (minutesdata/workflow.go:112-129@c7521c1c) on the stamped status answer: {} passes the envelope and
// has no result object; only the nil map (blank, null, a list, text) is the empty answer
describe('minutes +mindmap: a JSON {} status answer is read as having no result object, not as empty', () => {
  const argv = ['minutes', '+mindmap', '--id', 't1', '--resume', '--yes'];
  const status = async (answer: unknown) => {
    mcp.answers['minutes/query_mind_graph_status'] = () => answer;
    return refusal(argv);
  };
  it('{} -> no result object', async () => {
    const e = await status({});
    expect(e).toContain('has no result object');
    expect(e).not.toContain('is empty');
  });
  it('controls: a blank text, null and a list are the empty answer', async () => {
    for (const a of [rawText(''), null, [1]]) expect(await status(a)).toContain('is empty or reports a backend failure');
  });
});

// SpeakerSummaryTask (minutesdata/workflow.go:132-147@c7521c1c): the acknowledgement reads the stamped answer, so {}
// and {result: {}} pass it and fail on the result and its taskId
describe('minutes +speaker-insights: the create answer is acknowledged as stamped', () => {
  const argv = ['minutes', '+speaker-insights', '--id', 't1', '--yes'];
  const create = async (answer: unknown) => {
    mcp.answers['minutes/create_speaker_summary'] = () => answer;
    return refusal(argv);
  };
  it('{} -> no result object; {result: {}} -> no taskId', async () => {
    expect(await create({})).toContain('the speaker summary create answer has no result object');
    expect(await create({ result: {} })).toContain('the speaker summary create answer has no taskId');
  });
  it('controls: a blank text is empty; success false in text form is not acknowledged', async () => {
    expect(await create(rawText(''))).toContain('the speaker summary create answer is empty');
    expect(await create({ success: 'no', result: { taskId: 'k' } })).toContain('does not acknowledge success');
  });
});

// RecordResult (minutesdata/workflow.go:89-108@c7521c1c) through RequireWriteAcknowledgement on the stamped answer:
// {} and {result: {}} are acknowledged, then fail on the result object and its cmd
describe('minutes record commands: RecordResult acknowledges a stamped answer', () => {
  const ask = async (argv: string[], answer: unknown) => {
    mcp.answers['minutes/执行听记指令-发起AI听记录音'] = () => answer;
    return refusal(argv);
  };
  it('+record-pause: {} -> no result object; {result: {}} -> result.cmd is not pause', async () => {
    const argv = ['minutes', '+record-pause', '--id', 't1', '--yes'];
    expect(await ask(argv, {})).toContain('the pause answer has no result object');
    expect(await ask(argv, { result: {} })).toContain("result.cmd is not pause");
  });
  it('+record-wrap-up: {} -> the stop answer has no result object', async () => {
    const argv = ['minutes', '+record-wrap-up', '--id', 't1', '--yes'];
    expect(await ask(argv, {})).toContain('the stop answer has no result object');
    expect(await ask(argv, { result: {} })).toContain("the stop answer's result.cmd is not end");
  });
  it('controls: a success that is not true is no acknowledgement', async () => {
    expect(await ask(['minutes', '+record-pause', '--id', 't1', '--yes'], { success: 'yes', result: { cmd: 'pause', taskUuid: 't1' } }))
      .toContain('does not acknowledge the command');
  });
});

// chat message update-card (helpers/chat.go:6310-6326@c7521c1c): VerifyStreamingCardUpdate reads the text the runner
// handed on, stamped: an object without success is accepted on success=true (exit 0)
describe('chat message update-card: the verdict reads the stamped answer', () => {
  const argv = ['chat', 'message', 'update-card', '--biz-id', 'b1', '--content', 'hi', '--flow-status', '3', '--yes'];
  const answer = (a: unknown) => {
    mcp.answers['im/update_streaming_card'] = () => a;
  };
  it('{bizId: b1} and {} are accepted', async () => {
    answer({ bizId: 'b1' });
    expect(await run(argv)).toEqual({ bizId: 'b1' });
    answer({});
    expect(await run(argv)).toEqual({});
  });
  it('{updated: false} is conflicting evidence (success=true and updated=false): unverified', async () => {
    answer({ updated: false });
    expect(await refusal(argv)).toContain('gave no clear sign');
  });
  it('a list or other text is the nil map: no evidence, unverified', async () => {
    answer([1]);
    expect(await refusal(argv)).toContain('gave no clear sign');
    answer(rawText('hello'));
    expect(await refusal(argv)).toContain('gave no clear sign');
  });
  it('controls: updated true is verified; success false is a business error', async () => {
    answer({ updated: true });
    expect(await run(argv)).toEqual({ updated: true });
    answer({ success: false, errorMsg: 'no' });
    expect(await refusal(argv)).toContain('business_error');
  });
});

// wiki +resolve-space: resolveSpaceItemsStrict (smart/resolve_space.go:153-198@c7521c1c) on the stamped answer: only the
// nil map is the empty answer; {} is {success: true} and lacks its wikiSpaces list
describe('wiki +resolve-space: a JSON {} answer lacks the list; a blank or null answer is the empty one', () => {
  const says = async (a: unknown) => {
    mcp.answers['wiki/search_wikiSpaces'] = () => a;
    return refusal(['wiki', '+resolve-space', '--name', 'x']);
  };
  it('{} -> no list of space objects', async () => {
    expect(await says({})).toContain('answered no list of space objects');
  });
  it('a blank text -> answered nothing', async () => {
    expect(await says(rawText(''))).toContain('answered nothing');
  });
  it('JSON null (the nil map) -> answered nothing', async () => {
    expect(await says(null)).toContain('answered nothing');
  });
  it('control: a success that is not true is refused as such', async () => {
    expect(await says({ success: 'yes', wikiSpaces: [] })).toContain('a success that is not true');
  });
});
