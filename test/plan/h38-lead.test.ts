// Session 38 second reading by the lead (issue 32, notes/h38-lead.md): where a drawn command still differed from
// upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h38lead-');

/** A run's printed result, or its failure's exit code, reason and envelope details. */
async function outcome(argv: string[]) {
  const { out, error } = await dispatchInProcess(argv, outputs.env());
  if (!error) return { exit: 0, printed: (JSON.parse(out) as { result: unknown }).result };
  expect(out).toBe('');
  const envelope = JSON.parse(error.envelope()) as { details?: unknown; error: { reason: string } };
  return { exit: error.exitCode, reason: envelope.error.reason, details: envelope.details };
}

// helpers/doc.go:4064-4096@c7521c1c (doc export get) and helpers/import_flow.go:496-521@c7521c1c (doc import get):
// the answer is decoded into a map; its top-level status, when a Go string, decides: the done and running states
// print it, any other (a failure, a missing or non-text status, JSON null) prints it and fails with exit 1.
const CASES = [
  { argv: ['doc', 'export', 'get', '--job-id', ' j1'], rpc: 'query_export_job', arg: { jobId: ' j1' }, ok: ['SUCCESS', 'PROCESSING'], fold: (s: string) => s.toUpperCase() },
  { argv: ['doc', 'import', 'get', '--task-id', ' t1'], rpc: 'query_import_task', arg: { taskId: ' t1' }, ok: ['COMPLETED', 'PROCESSING'], fold: (s: string) => s.toUpperCase() },
];

describe('doc export get / doc import get fail on a job that did not succeed, after printing it upstream (exit 1, the answer as details)', () => {
  for (const c of CASES) {
    it(`${c.argv.slice(0, 3).join(' ')}: the status decides, case-insensitively, untrimmed`, async () => {
      await fc.assert(fc.asyncProperty(
        fc.oneof(fc.constantFrom('success', 'Success', 'processing', 'PROCESSING', 'completed', 'Completed', 'failed', 'FAILED', 'cancelled', ' success ', ''), fc.string()),
        fc.string(),
        async (status, message) => {
          const answer = { status, message };
          outputs.answerText(c.rpc, JSON.stringify(answer));
          outputs.mcp.calls.length = 0;
          const run = await outcome(c.argv);
          expect(outputs.mcp.calls.map((x) => [x.name, x.arguments])).toEqual([[c.rpc, c.arg]]);
          if (c.ok.includes(c.fold(status))) expect(run).toEqual({ exit: 0, printed: answer });
          else expect(run).toEqual({ exit: 1, reason: 'backend_error', details: answer });
        },
      ), { numRuns: 40 });
    });

    it(`${c.argv.slice(0, 3).join(' ')}: a missing or non-text status and a null answer fail; an answer that is no object is printed as it came`, async () => {
      for (const answer of [{}, { status: 3 }, { status: null }, { status: ['SUCCESS'] }]) {
        outputs.answerText(c.rpc, JSON.stringify(answer));
        expect(await outcome(c.argv)).toEqual({ exit: 1, reason: 'backend_error', details: answer });
      }
      outputs.answerText(c.rpc, 'null');
      expect(await outcome(c.argv)).toMatchObject({ exit: 1, reason: 'backend_error' });
      for (const answer of [[1], 'done', 7, true]) {
        outputs.answerText(c.rpc, JSON.stringify(answer));
        expect(await outcome(c.argv)).toEqual({ exit: 0, printed: answer });
      }
    });
  }
});
