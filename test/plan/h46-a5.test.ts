// Session 46 second reading, part a5 (issue 32, notes/h46-a5.md, seed 20261413): where a drawn command (or a sibling of
// its upstream body) still differed from upstream at c7521c1c. Each run as a user types it against the recording backend
// on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { WARNINGS, warningLine } from '../../src/errors.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h46a5-');
const { mcp } = outputs;

/** A run as the CLI makes it: the calls sent, the stderr notice lines parsed, what it printed and its refusal (if any). */
async function typed(argv: string[]) {
  mcp.calls.length = 0;
  const outcome = await dispatchInProcess(argv, outputs.env());
  return {
    calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments] as [string, unknown]),
    notices: outcome.err.split('\n').filter((l) => l.startsWith('{"warning"')).map((l) => JSON.parse(l) as { warning: { reason: string; message: string; details?: unknown } }),
    printed: outcome.out ? (JSON.parse(outcome.out) as { result: unknown }).result : undefined,
    reason: outcome.error?.reason,
  };
}

// ── minutes +mindmap (drawn) and +upload-and-analyze --mindmap (sibling): createAttempted is runMinutesMindmap's
// `create` argument (workflows.go:338, :310, :370@c7521c1c), not what the create call answered ─────────────────────

describe('minutes +mindmap prints createAttempted as runMinutesMindmap\'s create flag (workflows.go:338, :370@c7521c1c)', () => {
  const argv = (...more: string[]) => ['minutes', '+mindmap', '--id', 'u1', '--timeout', '2', '--interval', '1', '--yes', ...more];
  const done = { result: { taskStatus: 1 } };

  it('a create answered with JSON null or a blank text was still attempted: createAttempted true, createAcknowledged false', async () => {
    for (const text of ['null', '', '  ']) {
      outputs.answerText('create_mind_graph', text);
      outputs.answer('query_mind_graph_status', done);
      const run = await typed(argv());
      expect({ text, calls: run.calls.map(([tool]) => tool), printed: run.printed }).toMatchObject({
        text,
        calls: ['minutes/create_mind_graph', 'minutes/query_mind_graph_status'],
        printed: { createAttempted: true, createAcknowledged: false, complete: true },
      });
    }
  });

  it('with --resume no create is sent and createAttempted is false', async () => {
    outputs.answer('query_mind_graph_status', done);
    const run = await typed(argv('--resume'));
    expect([run.calls.map(([tool]) => tool), run.printed]).toMatchObject([
      ['minutes/query_mind_graph_status'], { createAttempted: false, createAcknowledged: false }]);
  });

  it('for any create answer that is not a backend failure and decodes into an object (or null, or blank), createAttempted is true', async () => {
    const answer = fc.oneof(
      fc.constantFrom('null', '', ' ', '{}', '{"success":true}', '{"result":{}}', '{"result":{"a":1}}'),
      fc.dictionary(fc.constantFrom('result', 'data', 'x', 'taskUuid'), fc.constantFrom<unknown>(true, false, null, 0, '0', {}, { a: 1 }, []))
        .map((o) => JSON.stringify(o)));
    await fc.assert(fc.asyncProperty(answer, async (text) => {
      outputs.answerText('create_mind_graph', text);
      outputs.answer('query_mind_graph_status', done);
      const run = await typed(argv());
      expect((run.printed as { createAttempted?: unknown } | undefined)?.createAttempted).toBe(true);
    }), { numRuns: 25 });
  });
});

describe('minutes +upload-and-analyze --mindmap: the mindmap stage says createAttempted true (runMinutesMindmap(..., true), workflows.go:310@c7521c1c)', () => {
  it('also when the create answered JSON null or a blank text', async () => {
    for (const text of ['null', '']) {
      outputs.answerText('create_mind_graph', text);
      outputs.answer('query_mind_graph_status', { result: { taskStatus: 1 } });
      const run = await typed(['minutes', '+upload-and-analyze', '--resume-id', 'u1', '--mindmap', '--artifacts', ',',
        '--wait-timeout', '2', '--poll-interval', '1', '--yes']);
      const stages = (run.printed as { stages: { name: string; result?: Record<string, unknown> }[] }).stages;
      expect(stages.find((s) => s.name === 'mindmap')?.result).toMatchObject({ createAttempted: true, createAcknowledged: false });
    }
  });
});

// ── NEW MECHANISM (h46-a5): the notice reason json_flag_overlap, upstream's `⚠️` line when --json and a typed flag give
// the same key (helpers/aitable.go:901-905, :3724-3726@c7521c1c) ─────────────────────────────────────────────────────

describe('the notice reason json_flag_overlap (src/errors.ts WARNINGS)', () => {
  it('is a [WARN] notice: one JSON line, the message led by [WARN], details kept', () => {
    expect(WARNINGS.json_flag_overlap).toBe('WARN');
    expect(JSON.parse(warningLine({ reason: 'json_flag_overlap', message: 'm', details: ['fldA'] }))).toEqual(
      { warning: { reason: 'json_flag_overlap', message: '[WARN] m', details: ['fldA'] } });
  });
});
