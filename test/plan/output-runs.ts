// The harness of the whole-output tests (f-proj, f-proj2, a-i2, f-docupd, f-docblocks, f-docs4, f-chat6, f-chat7, f-wiki2, ...): commands run as a
// user types them against the fake MCP server on 127.0.0.1, each run in its own private directory (with the local
// files it names), with canned answers per tool.
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { dispatchInProcess, resultOf, runCli } from '../helpers.js';
import { privateEnv, useMcpServer } from '../fixtures/mcp/server.js';

/** A backend answer that fails the call (a busy server), for a failing page or read. */
export const BUSY = { success: false, errorCode: 'SYSTEM_ERROR', errorMsg: '服务繁忙' };

/** A journal record as a test reads it. */
export interface JournalLine { rpc?: string; outcome?: string; page?: number; step?: number }

/** A failed run's exit code, reason, message and envelope details; it printed nothing. */
export function failedRun(outcome: Awaited<ReturnType<typeof dispatchInProcess>>) {
  expect(outcome.out).toBe('');
  const envelope = JSON.parse(outcome.error!.envelope()) as { details?: unknown; error: { reason: string; message: string } };
  return { exit: outcome.error!.exitCode, reason: envelope.error.reason, message: envelope.error.message, details: envelope.details };
}

/** Epoch milliseconds of a Beijing wall-clock time (UTC+8, no daylight saving), as the agent tests write their expectations. */
export const beijing = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => Date.UTC(y, m - 1, d, h - 8, min, s);

/** The text `dws <path> --help` prints (it must succeed). */
export function helpOf(...path: string[]): string {
  const r = runCli([...path, '--help']);
  expect(r.status).toBe(0);
  return r.stdout;
}

/** An agent test's request (notes/agent-test-20g.md and later): the lines typed and the calls upstream makes for them. */
export interface AgentRequest {
  /** the command lines as the agent typed them, in order */
  lines: string[][];
  /** canned answers per `<server>/<tool>` (every other tool answers with the echo); `pages` answers call by call */
  answers?: Record<string, unknown>;
  /** local files in the run's directory */
  files?: Record<string, string>;
  /** the calls upstream makes for the same lines: [server, tool, arguments] */
  calls: [string, string, Record<string, unknown>][];
  /**
   * the moment the agent typed the lines, for a request whose commands read the clock (a room search refuses a past
   * end, +today counts from now): pinned so that the request means on any day what it meant when it was recorded
   */
  now?: Date;
}

/** What `schema search` answers for a request (the CLI as a user runs it): the ranked paths, weak match, hint. */
export function searched(query: string) {
  const r = runCli(['schema', 'search', '--query', query]);
  expect(r.status).toBe(0);
  const body = JSON.parse(r.stdout) as { candidates: { canonical_path: string }[]; weak_match?: boolean; hint?: string };
  return { paths: body.candidates.map((c) => c.canonical_path), weak: body.weak_match === true, hint: body.hint ?? '' };
}

/** A catalog example split as a POSIX shell would (single and double quotes, no expansions), without the leading `dws`. */
export function shellWords(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let has = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else cur += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      has = true;
    } else if (ch === ' ') {
      if (has || cur) out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
    }
  }
  if (has || cur) out.push(cur);
  return out.slice(1);
}

/** Registers the file's fake server (useMcpServer) and returns the runners over it; `prefix` names the temp dirs. */
export function useOutputRuns(prefix: string) {
  const mcp = useMcpServer();
  /** A private directory holding `files` (name -> text) and the environment of a run in it. */
  const place = (files: Record<string, string> = {}) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return { dir, env: privateEnv(mcp.urlTemplate, 't', dir) };
  };
  const env = (files?: Record<string, string>) => place(files).env;
  /**
   * The reason and message of a run that must fail, and what it printed on stdout (nothing); `now` pins the run's
   * clock (for a command that reads it).
   */
  const failure = async (argv: string[], files?: Record<string, string>, now?: Date) => {
    const outcome = await dispatchInProcess(argv, env(files), undefined, now ? { now: () => now } : {});
    return { reason: outcome.error?.reason, message: outcome.error?.message ?? '', out: outcome.out };
  };
  /**
   * Any run, from a clean call record: its refusal reason and category (undefined when it succeeded), the calls it
   * sent as [`<server>/<tool>`, arguments], and its printed result (undefined when it printed nothing); `files` are
   * local files in the run's directory; `now` pins the run's clock (for a command that reads it).
   */
  const sent = async (argv: string[], files?: Record<string, string>, now?: Date) => {
    mcp.calls.length = 0;
    const outcome = await dispatchInProcess(argv, env(files), undefined, now ? { now: () => now } : {});
    return {
      reason: outcome.error?.reason,
      category: outcome.error?.category,
      calls: mcp.calls.map((c) => [`${c.server}/${c.name}`, c.arguments]),
      printed: outcome.out ? (JSON.parse(outcome.out) as { result: unknown }).result : undefined,
    };
  };
  const runs = {
    mcp,
    env,
    /** The next call of `tool` answers HTTP 200 with one text content holding exactly `text` (a blank one included). */
    answerText: (tool: string, text: string) => mcp.faults.push({
      tool, times: 1,
      body: { contentType: 'application/json', text: JSON.stringify({ jsonrpc: '2.0', id: 3, result: { content: [{ type: 'text', text }] } }) },
    }),
    /** A run that must succeed; its printed result, parsed. */
    run: (argv: string[], files?: Record<string, string>) => resultOf(argv, env(files)),
    failure,
    sent,
    /** A run's refusal reason, or the arguments of each call it sent, in order. */
    argsOf: async (argv: string[]) => {
      const run = await sent(argv);
      return run.reason ?? run.calls.map(([, args]) => args);
    },
    /** The reason of a run that must fail, and what it printed on stdout (nothing). */
    refusal: async (argv: string[], files?: Record<string, string>) => {
      const { reason, out } = await failure(argv, files);
      return { reason, out };
    },
    /**
     * A run whose waits (poll timetables, page delays) are recorded instead of slept: its outcome, the waits, the
     * calls the server received, the run's journal, its printed result (undefined when it failed) and its directory.
     */
    timed: async (argv: string[], files?: Record<string, string>) => {
      const { dir, env: runEnv } = place(files);
      const sleeps: number[] = [];
      const outcome = await dispatchInProcess(argv, runEnv, undefined, { sleep: async (ms) => void sleeps.push(ms) });
      let journal: JournalLine[] = [];
      try {
        journal = readFileSync(path.join(dir, 'journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as JournalLine);
      } catch {
        // a run refused before any call writes no journal
      }
      const calls = mcp.calls.map((c) => [c.name, c.arguments] as [string, Record<string, unknown>]);
      const result = outcome.error ? undefined : (JSON.parse(outcome.out) as { result: unknown }).result;
      return { outcome, sleeps, calls, journal, result, dir };
    },
    /**
     * A run with `rpc` answering these pages in turn (the last one again after them): what it printed (its result),
     * its error envelope, its exit code and the arguments sent.
     */
    paged: async (argv: string[], rpc: string, pages: unknown[]) => {
      mcp.calls.length = 0;
      mcp.answers[rpc] = (_args, n) => pages[Math.min(n, pages.length - 1)];
      const { out, error } = await dispatchInProcess(argv, env());
      return {
        printed: out ? (JSON.parse(out) as { result: Record<string, unknown> }).result : undefined,
        envelope: error ? JSON.parse(error.envelope()) as { ledger?: Record<string, unknown>; error: { reason: string } } : undefined,
        exit: error?.exitCode ?? 0,
        sent: mcp.calls.map((c) => c.arguments),
      };
    },
    /**
     * An agent test's request: its lines run in one private directory, each of which must succeed (waits recorded, not
     * slept); the calls made must be the ones upstream makes. The last line's printed result.
     */
    act: async (r: AgentRequest) => {
      for (const [key, body] of Object.entries(r.answers ?? {})) {
        mcp.answers[key] = (_args, n) => (Array.isArray((body as { pages?: unknown[] }).pages) ? (body as { pages: unknown[] }).pages[n] : body);
      }
      const runEnv = env(r.files);
      let printed: unknown;
      for (const line of r.lines) {
        const outcome = await dispatchInProcess(line, runEnv, undefined, { sleep: async () => {}, ...(r.now ? { now: () => r.now! } : {}) });
        expect(outcome.error?.envelope()).toBeUndefined();
        printed = (JSON.parse(outcome.out) as { result: unknown }).result;
      }
      expect(mcp.calls.map((c) => [c.server, c.name, c.arguments])).toEqual(r.calls);
      return printed;
    },
    /** One step of an agent test's request (`act`), from a clean call record: the calls upstream makes for its lines. */
    step: (r: AgentRequest) => {
      mcp.calls.length = 0;
      return runs.act(r);
    },
    /** A run with extra environment variables, from a clean call record: its printed result and the calls (it must succeed). */
    runWith: async (argv: string[], extra: Record<string, string>) => {
      mcp.calls.length = 0;
      const outcome = await dispatchInProcess(argv, { ...env(), ...extra });
      expect(outcome.error?.envelope()).toBeUndefined();
      return { printed: (JSON.parse(outcome.out) as { result: unknown }).result, calls: mcp.calls.map((c) => [c.server, c.name, c.arguments]) };
    },
    /**
     * A run in a private directory holding one sparse file `name` of `size` bytes (waits recorded, not slept): its
     * refusal reason, the calls as `<server>/<tool>`, each upload as [method, bytes received], its printed result. The
     * uploaded bytes are not kept past the run.
     */
    withBigFile: async (argv: string[], name: string, size: number) => {
      const { dir, env: runEnv } = place();
      writeFileSync(path.join(dir, name), '');
      truncateSync(path.join(dir, name), size);
      mcp.calls.length = 0;
      mcp.uploads.length = 0;
      const outcome = await dispatchInProcess(argv, runEnv, undefined, { sleep: async () => {} });
      const run = {
        reason: outcome.error?.reason,
        calls: mcp.calls.map((c) => `${c.server}/${c.name}`),
        uploaded: mcp.uploads.map((u) => [u.method, u.bytes.length] as [string, number]),
        printed: outcome.out ? (JSON.parse(outcome.out) as { result: { data?: Record<string, unknown> } }).result : undefined,
      };
      mcp.uploads.length = 0;
      return run;
    },
    /** `<server>/<tool>` answering these bodies in turn (the last one again after them). */
    answersInTurn: (key: string, ...bodies: unknown[]) => {
      mcp.answers[key] = (_args, n) => bodies[Math.min(n, bodies.length - 1)];
    },
    /** The same answer for every call of `<server>/<tool>`. */
    answer: (key: string, body: unknown) => {
      mcp.answers[key] = () => body;
    },
  };
  return runs;
}
