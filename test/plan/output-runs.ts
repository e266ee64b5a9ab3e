// The harness of the whole-output tests (f-proj, f-proj2, a-i2): commands run as a user types them against the fake
// MCP server on 127.0.0.1, each run in its own private directory, with canned answers per tool.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dispatchInProcess, resultOf } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

/** Registers the file's fake server (useMcpServer) and returns the runners over it; `prefix` names the temp dirs. */
export function useOutputRuns(prefix: string) {
  const mcp = useMcpServer();
  const env = () => privateEnv(mcp.urlTemplate, 't', mkdtempSync(path.join(os.tmpdir(), prefix)));
  return {
    mcp,
    env,
    /** A run that must succeed; its printed result, parsed. */
    run: (argv: string[]) => resultOf(argv, env()),
    /** The reason of a run that must fail, and what it printed on stdout (nothing). */
    refusal: async (argv: string[]) => {
      const outcome = await dispatchInProcess(argv, env());
      return { reason: outcome.error?.reason, out: outcome.out };
    },
    /** The same answer for every call of `<server>/<tool>`. */
    answer: (key: string, body: unknown) => {
      mcp.answers[key] = () => body;
    },
  };
}
