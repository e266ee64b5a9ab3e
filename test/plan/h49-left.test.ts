// Session 49 helper "left" (issue 32, notes/h49-left.md): the fidelity items session 48 left alone, each run as a user
// types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typedTimeoutMs } from '../../src/dispatch/cli.js';
import { transferBoundMs } from '../../src/dispatch/effects.js';
import { effectsFor } from '../../src/dispatch/effects.js';
import { DwsError } from '../../src/errors.js';
import { executePlan } from '../../src/plan/executor.js';
import type { Effects, Transfer } from '../../src/plan/effects.js';
import type { PlanSpec } from '../../src/plan/spec.js';
import { validatePlans } from '../../src/plan/validate.js';
import { rawText } from '../fixtures/mcp/server.js';
import { shippedEngine } from '../helpers.js';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h49left-');
const { mcp } = outputs;

// chat +messages-reply (lark_alignment.go:250-255, enrichReplyResult :259-288; CallMCPWriteData runner.go:228-233,
// :255-271@c7521c1c): the send answer is json.Unmarshal'ed into a map[string]any; an answer that is no object fails
// the decode, the run's error after the send; a blank text is the empty map the enrichment fills; an object gets the
// reply's identity written over it. Before: a non-object answer was refused as invalid_parameter ('only objects merge').
describe('chat +messages-reply reads the send answer as CallMCPWriteData decodes it', () => {
  const argv = ['chat', '+messages-reply', '--conversation-id', 'cid1', '--message-id', 'm1', '--text', '收到', '--ref-sender', 'DAAAAAAAAAAAiE', '--yes'];
  const identity = {
    contractVersion: 'im.message-reply.v1',
    conversationId: 'cid1',
    referencedMessage: { messageId: 'm1', senderOpenDingTalkId: 'DAAAAAAAAAAAiE', resolutionSource: 'explicit' },
  };
  const notObject = fc.oneof(
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.string({ minLength: 1 }).filter((s) => s.trim() !== '').map((s) => JSON.stringify(s)).map(rawText),
    fc.constantFrom('plain text', 'ok', '<html>').map(rawText),
  );
  it('any answer that is not a JSON object: backend_error after the one send, nothing printed', async () => {
    await fc.assert(fc.asyncProperty(notObject, async (answer) => {
      mcp.answers['chat/send_personal_message'] = () => answer;
      const run = await outputs.sent(argv);
      expect(run.calls.map(([tool]) => tool)).toEqual(['chat/send_personal_message']);
      expect([run.reason, run.category, run.printed]).toEqual(['backend_error', 'backend', undefined]);
    }), { numRuns: 25 });
  });
  // h56-wd: an object answer comes stamped with success true (app/runner.go:774-783@c7521c1c); a blank text is the nil
  // map upstream (a panic in enrichReplyResult), read as {} here (the declared deviation)
  it('a blank text prints the reply identity alone, an empty object with success true, delivery unknown', async () => {
    for (const [answer, stamp] of [[rawText(''), {}], [rawText(' \t'), {}], [{}, { success: true }]] as const) {
      mcp.answers['chat/send_personal_message'] = () => answer;
      const run = await outputs.sent(argv);
      expect(run.printed).toEqual({ ...stamp, ...identity, deliveryStatus: 'unknown', deliveryStatusKnown: false });
    }
  });
  it('an object keeps its keys, with the identity and what it names over them', async () => {
    mcp.answers['chat/send_personal_message'] = () => ({ result: { openMessageId: 'om9', sendStatus: 'SENT' }, extra: 1, conversationId: 'other' });
    const run = await outputs.sent(argv);
    expect(run.printed).toEqual({
      result: { openMessageId: 'om9', sendStatus: 'SENT' }, extra: 1, success: true, ...identity,
      messageId: 'om9', deliveryStatus: 'SENT', deliveryStatusKnown: true,
    });
  });
});

// chat mark-unread / chat hide (helpers/chat.go:8957-8971, :9552-9568@c7521c1c) register --conversation-id and the
// hidden --id/--chat; upstream's PreParse SemanticAliasHandler (pipeline/handlers/semantic_alias.go:44-90, wired at
// app/root.go:2045-2052, table cli/param_aliases_generated.go:1262-1289@c7521c1c) rewrites --group,
// --open-conversation-id and --chat-id to --conversation-id before cobra parses, and refuses an alias typed beside
// another spelling of the same flag (rejectMixedAliasSpellings). So those spellings are upstream's; the blocked ones
// (--group-id, --name, ...) stay unknown. h48-a4 thought them dws-only; nothing changed, these hold the reading.
describe('chat mark-unread and chat hide take exactly the spellings upstream accepts', () => {
  for (const [command, rpc] of [['mark-unread', 'mark_conversation_unread'], ['hide', 'hide_conversation']] as const) {
    it(`${command}: the semantic aliases send the conversation; a mixed or blocked spelling is refused`, async () => {
      for (const flag of ['--conversation-id', '--id', '--chat', '--group', '--open-conversation-id', '--chat-id']) {
        expect(await outputs.argsOf(['chat', command, flag, 'cid7'])).toEqual([{ openConversationId: 'cid7' }]);
      }
      expect(mcp.calls.map((c) => `${c.server}/${c.name}`)).toEqual([`im/${rpc}`]);
      expect(await outputs.argsOf(['chat', command, '--group', 'a', '--conversation-id', 'b'])).toBe('invalid_parameter');
      for (const flag of ['--group-id', '--name', '--open-conversation-ids', '--target']) {
        expect(await outputs.argsOf(['chat', command, flag, 'cid7'])).toBe('unknown_option');
      }
    });
  }
});

// Upstream's 5-minute transfer clients (helpers/mail.go:43 mailHTTPClient for mail attachments both ways, :4187, :4303;
// helpers/doc.go:311 httpPutFile's client, behind every upload that takes exactly HTTP 200 (ok_statuses [200]): doc,
// drive, markdown, chat files, todo attachments, sheet media and imports; drive_push.go:823 is drive push, a local
// command, left alone) bound a transfer to 5 minutes where dws allowed 10. A step declares upstream's bound as
// timeout_seconds; a typed --timeout (or DWS_TIMEOUT) still bounds every transfer. Before: every transfer 10 minutes.
describe('a transfer step bounded by its own upstream client (timeout_seconds)', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // a server that reads the request and never answers: only a bound ends the transfer
    server = http.createServer((req) => req.resume());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  const tool = () => shippedEngine().tools().find((t) => t.canonical_path === 'todo.add_todo_attachment')!;
  /** One transfer through the real effects port; the run's bounds as the CLI computes them from what was typed. */
  const transfer = async (t: Partial<Transfer> & { kind: 'upload' | 'download' }, typed: string | undefined) => {
    const root = mkdtempSync(path.join(tmpdir(), 'dws-h49left-bound-'));
    writeFileSync(path.join(root, 'a.txt'), 'abc');
    const env = { DWS_FILE_ROOT: root, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_JOURNAL: path.join(root, 'journal.jsonl'), DWS_CONFIG: '/nonexistent/dws.json' };
    const effects = effectsFor({
      tool: tool(), env, ...(typed !== undefined ? { typedTimeoutMs: Number(typed) } : {}),
      catalog: { source_hash: 'h', surface_hash: 'h' },
    });
    const common = { step: 0, url: `${base}/x`, headers: {}, maxBytes: 1024 };
    const request = (t.kind === 'upload' ? { ...common, file: 'a.txt', ...t } : { ...common, file: 'b.bin', overwrite: false, ...t }) as Transfer;
    try {
      await effects.transfer(request);
      return 'done';
    } catch (e) {
      return e instanceof DwsError ? e.reason : 'thrown';
    }
  };
  // The default (10 minutes) and an hour-long step bound would hang the test far past its timeout, so a run that ends
  // shows the bound that ended it. The bounds are injected in milliseconds; nothing is timed.
  it('a step bound ends an upload or download when nothing is typed, over the 10-minute default', async () => {
    expect(await transfer({ kind: 'upload', boundMs: 40 }, undefined)).toBe('outcome_unknown');
    expect(await transfer({ kind: 'download', boundMs: 40 }, undefined)).toBe('transport_error');
  });
  it('a typed --timeout wins over the step bound', async () => {
    expect(await transfer({ kind: 'upload', boundMs: 3_600_000 }, '40')).toBe('outcome_unknown');
    expect(await transfer({ kind: 'download', boundMs: 3_600_000 }, '40')).toBe('transport_error');
  });
  it('typed means --timeout or DWS_TIMEOUT given and not empty; a transfer takes the typed bound, else the step\'s, else 10 minutes', () => {
    fc.assert(fc.property(fc.option(fc.constantFrom('', '5', '0.5', '120')), fc.option(fc.constantFrom('', '7')), fc.option(fc.constantFrom(300_000, 40)), (flag, envValue, step) => {
      const env = envValue === null ? {} : { DWS_TIMEOUT: envValue };
      const typed = typedTimeoutMs(flag ?? undefined, env);
      const text = flag ?? envValue ?? '';
      expect(typed).toBe(text !== '' ? Math.round(Number(text) * 1000) : undefined);
      expect(transferBoundMs(typed, step ?? undefined)).toBe(typed ?? step ?? 600_000);
    }));
  });

  it('the executor hands a step\'s timeout_seconds to the effects port as boundMs, and the build checks it', async () => {
    const canonical = 'todo.add_todo_attachment';
    const planOf = (bound: unknown) => validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [canonical]: {
      facts: 'test plan',
      steps: [{ id: 'put', upload: { file: { const: 'a.txt' }, url: { const: 'http://127.0.0.1:1/x' }, ...(bound === undefined ? {} : { timeout_seconds: bound }) } }],
    } } } }], shippedEngine().tools());
    const sent: Transfer[] = [];
    const effects: Effects = { call: async () => ({}), transfer: async (t) => (sent.push(t), { status: 200, bytes: 3 }), handoff: async () => undefined };
    for (const bound of [300, undefined]) {
      await executePlan(tool(), planOf(bound).plans.get(canonical) as PlanSpec, {}, { env: {}, dryRun: false, effects });
    }
    expect(sent.map((t) => ('boundMs' in t ? t.boundMs : undefined))).toEqual([300_000, undefined]);
    for (const bad of [0, 1.5, 3601, '300']) expect(planOf(bad).problems.join('\n')).toContain('timeout_seconds: a whole number of seconds from 1 to 3600');
  });

  it('every upload that takes exactly HTTP 200 (httpPutFile) and mail\'s attachment transfers declare 300 seconds', () => {
    const bounds = new Map<string, (number | undefined)[]>();
    for (const t of shippedEngine().tools()) {
      for (const step of (t as { plan?: PlanSpec }).plan?.steps ?? []) {
        if (step.kind === 'upload' && step.upload.ok_statuses?.join() === '200') (bounds.get('put') ?? bounds.set('put', []).get('put')!).push(step.upload.timeout_seconds);
        if (step.kind === 'upload' && !step.upload.ok_statuses) (bounds.get('other') ?? bounds.set('other', []).get('other')!).push(step.upload.timeout_seconds);
        if (step.kind === 'download' && t.canonical_path === 'mail.create_download_session') bounds.set('mail-get', [step.download.timeout_seconds]);
      }
    }
    expect(bounds.get('put')!.length).toBeGreaterThan(20);
    expect(new Set(bounds.get('put'))).toEqual(new Set([300]));
    expect(bounds.get('mail-get')).toEqual([300]);
    // localio.PutFile's uploads (minutes) keep dws's 10 minutes
    expect(new Set(bounds.get('other'))).toEqual(new Set([undefined]));
  });
});

// todo +assign-multi's facts (catalog/plans/multi-step/todo.yaml) said dws printed one document, the create answer;
// since 963e1e0c it prints upstream's two (smart/assign_multi.go:129-142@c7521c1c). The text now says what it prints.
describe('todo +assign-multi says what it prints', () => {
  it('its facts name the two documents and its plan prints two', () => {
    const tool = shippedEngine().tools().find((t) => t.canonical_path === 'todo.shortcut_assign_multi')!;
    const plan = (tool as { plan?: PlanSpec & { facts?: string; outputs?: unknown[] } }).plan!;
    expect(plan.facts).not.toMatch(/dws prints (one line|the create result)/u);
    expect(plan.facts).toContain('dws prints both');
    expect(plan.outputs).toHaveLength(2);
  });
});
