// Recorded-call goldens (issue 32): for each command, the exact MCP calls it sends for a command line a user types,
// against the recording backend on 127.0.0.1. Each case in test/fixtures/calls/<product>.yaml was written by reading
// the command's upstream body at c7521c1c (`upstream:` names it) and is never regenerated from dws's own output:
// a difference here is either a dws bug or a golden to re-review against upstream, never a file to overwrite.
//
// Case shape (docs/PLANS.md "Recorded-call goldens"):
//   <canonical_path>:
//     upstream: internal/helpers/todo.go:120@c7521c1c
//     cases:
//       - name: required                  # only the flags upstream requires
//         argv: [todo, task, create, --title, 周报]
//         calls:                          # in order; `answer` is what the backend returns to that call (default {}; null: JSON null)
//           - {server: todo, rpc: create_personal_todo, arguments: {...}, answer: {...}}
//       - name: refused
//         argv: [...]
//         error: invalid_parameter        # the refusal's reason; no call is made unless `calls` lists it
//         message: "rule 2"               # optional: text the refusal's message contains (which check refused)
//       - name: upload                    # commands that read or transfer files
//         files: {a.pdf: "%PDF-1"}        # created under the run's file root (DWS_FILE_ROOT) before the run
//         argv: [..., --local-folder, '{root}/work']   # `{root}` in an argument = the run's file root
//         served: {r.png: "PNG"}          # served by the recording backend at {base}/files/<name> (GET)
//         calls: [{..., answer: {uploadUrl: "{base}/upload/a.pdf"}}]   # `{base}` in an answer = the backend's URL
//         uploads: [{name: a.pdf, text: "%PDF-1"}]                     # the bytes PUT to {base}/upload/<name>, in order
//                                                                        # (`method: POST` on one the plan POSTs)
//       - name: piped                     # a command reading `-` from its standard input
//         stdin: "text piped in"          # the run's standard input (absent: the run has none)
// The clock is fixed at 2026-03-10T10:00:00+08:00 (override per case with `now:`), time zone Asia/Shanghai, and
// `{uuid}` values are uuid-1, uuid-2, ... GOLDEN_DEBUG=1 prints each case's refusal envelope (to see why a run stopped).
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, dispatchInProcess } from '../helpers.js';
import { JsonNumber } from '../../src/json-number.js';
import { useMcpServer, type McpFixture, recordingEnv } from '../fixtures/mcp/server.js';

interface GoldenCall { server: string; rpc: string; arguments: Record<string, unknown>; answer?: unknown }
interface GoldenCase {
  name: string; argv: string[]; calls?: GoldenCall[]; error?: string; message?: string; now?: string; stdin?: string;
  files?: Record<string, string>; served?: Record<string, string>; uploads?: { name: string; text: string; method?: 'POST' }[];
}
interface GoldenCommand { upstream: string; cases: GoldenCase[] }

const DIR = path.join(ROOT, 'test', 'fixtures', 'calls');
/** `!number 12345678901234567890`: a number literal that must reach the backend exactly as written (src/json-number.ts). */
const NUMBER_TAG = { tag: '!number', resolve: (text: string) => new JsonNumber(text) };
const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.yaml')).sort() : [];
const goldens: [string, string, GoldenCommand][] = files.flatMap((file) =>
  Object.entries(YAML.parse(readFileSync(path.join(DIR, file), 'utf8'), { customTags: [NUMBER_TAG] }) as Record<string, GoldenCommand>).map(([canonical, g]) => [file, canonical, g] as [string, string, GoldenCommand]));

const mcp = useMcpServer();
let tz: string | undefined;
beforeAll(async () => {
  tz = process.env.TZ;
  process.env.TZ = 'Asia/Shanghai';
});
afterAll(async () => {
  process.env.TZ = tz;
  if (tz === undefined) delete process.env.TZ;
});

function env(dir: string): Record<string, string> {
  return {
    ...recordingEnv(mcp.urlTemplate, 'tok-golden'), DWS_FILE_ROOT: dir,
    DWS_JOURNAL: path.join(dir, 'journal.jsonl'), DWS_STATE_DIR: path.join(dir, 'state'),
  };
}

/** The value with every `{base}` in its strings replaced by the recording backend's URL. */
function withBase(value: unknown): unknown {
  if (typeof value === 'string') return value.split('{base}').join(mcp.base);
  if (Array.isArray(value)) return value.map(withBase);
  if (value instanceof JsonNumber) return value;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBase(v)]));
  return value;
}

async function run(c: GoldenCase) {
  const expected = c.calls ?? [];
  mcp.calls.length = 0;
  mcp.uploads.length = 0;
  mcp.answers = {};
  mcp.files = Object.fromEntries(Object.entries(c.served ?? {}).map(([name, text]) => [name, Buffer.from(text)]));
  let n = 0;
  for (const call of expected) {
    // every key answers in arrival order from the golden's list (`answer: null` answers JSON null; no answer: {})
    mcp.answers[`${call.server}/${call.rpc}`] = () => withBase(expected[n] !== undefined && Object.hasOwn(expected[n], 'answer') ? expected[n].answer : {});
  }
  const wrap = (answer: McpFixture['answers'][string]) => (args: Record<string, unknown>, i: number) => {
    const value = answer(args, i);
    n++;
    return value;
  };
  for (const key of Object.keys(mcp.answers)) mcp.answers[key] = wrap(mcp.answers[key]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-golden-'));
  for (const [name, text] of Object.entries(c.files ?? {})) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    // a name ending in `/` is an (empty) directory
    if (name.endsWith('/')) mkdirSync(path.join(dir, name), { recursive: true });
    else writeFileSync(path.join(dir, name), text);
  }
  let uuid = 0;
  const now = new Date(c.now ?? '2026-03-10T10:00:00+08:00');
  // waits (a poll's interval, a read-back's timetable, a page delay) pass at once: no golden depends on real time
  // `{root}` in an argument is the run's file root (a flag that takes an absolute path: drive pull --local-folder)
  const outcome = await dispatchInProcess(c.argv.map((arg) => (typeof arg === 'string' ? arg.split('{root}').join(dir) : arg)), env(dir), undefined, { now: () => now, uuid: () => `uuid-${++uuid}`, sleep: async () => {}, ...(c.stdin !== undefined ? { stdin: c.stdin } : {}) });
  return {
    outcome, sent: mcp.calls.map((r) => ({ server: r.server, rpc: r.name, arguments: r.arguments })),
    uploads: mcp.uploads.map((u) => ({ name: u.name, text: u.bytes.toString('utf8'), ...(u.method === 'POST' ? { method: 'POST' } : {}) })),
  };
}

describe.each(goldens)('%s %s', (_file, canonical, g) => {
  it('names the upstream source it was reviewed against', () => {
    expect(g.upstream).toMatch(/^[A-Za-z0-9_./-]+\.go:\d+@c7521c1c$/);
  });
  it.each(g.cases.map((c) => [c.name, c] as const))('%s: sends what upstream sends', async (_name, c) => {
    const { outcome, sent, uploads } = await run(c);
    if (process.env.GOLDEN_DEBUG) console.log(JSON.stringify(outcome.error?.envelope()));
    expect(sent).toEqual((c.calls ?? []).map(({ server, rpc, arguments: a }) => ({ server, rpc, arguments: withBase(a) })));
    expect(uploads).toEqual(c.uploads ?? []);
    if (c.message !== undefined) expect(outcome.error?.message).toContain(c.message);
    if (c.error) expect(outcome.error?.reason).toBe(c.error);
    else expect(outcome.error?.envelope()).toBeUndefined();
  });
});
