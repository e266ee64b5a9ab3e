// h33-left: event consume's ready contract on stderr (consume/run.go:283-293, run_many.go:163-169,
// event_personal_command.go:517-518, :716@c7521c1c): once the stream is open and before any event, one subscription
// says `[event] ready event_key=<k> bus_pid=<pid> subscribe_id=<id>`; several are each named on a
// `[event] subscription ...` line, then `[event] ready event_count=<n> bus_pid=<pid>`; --quiet says nothing.
// The command runs as a user types it (node bin/dws.cjs) against the local event servers on 127.0.0.1.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers.js';
import { eventEnv, personalFrame, useEventServer } from '../fixtures/events/server.js';

const ev = useEventServer('dws-event-ready-');

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...eventEnv(ev.fx, ev.stateRoot), DWS_JOURNAL: path.join(ev.stateRoot, 'journal.jsonl') }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  // a bound on the process: a run that never ends is killed, and the test fails instead of waiting
  const bound = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) => child.on('close', (status) => {
    clearTimeout(bound);
    resolve({ status, stdout, stderr });
  }));
}

describe('event consume says it is ready on stderr', () => {
  it('one key: the ready line names the key, this process and the subscription; the event follows on stdout', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'e1', body: { content: 'x' } })];
    const r = await run(['event', 'consume', 'user_im_message_receive_at', '--max-events', '1']);
    expect(r.status).toBe(0);
    const sub = (JSON.parse(r.stdout.trim()) as { subscribe_id: string }).subscribe_id;
    // h34-misc: then upstream's exit line (consume/run.go:306-320, :366-372@c7521c1c)
    expect(r.stderr.split('\n').filter((l) => l.startsWith('[event]'))).toEqual([expect.stringMatching(new RegExp(`^\\[event\\] ready event_key=user_im_message_receive_at bus_pid=\\d+ subscribe_id=${sub}$`, 'u')),
      expect.stringMatching(/^\[event\] exited \u2014 received 1 event\(s\) in (0s|\d+ms|\d+(\.\d+)?s) \(reason: limit\)$/u)]);
  });

  it('two keys: each subscription named, then the ready line with the count', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'e3', body: { content: 'x' } })];
    const r = await run(['event', 'consume', 'user_im_message_receive_at', 'user_im_message_receive_o2o_all', '--max-events', '1']);
    expect(r.status).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('[event]'));
    expect(lines.map((l) => l.replace(/subscribe_id=\S+/u, 'subscribe_id=S').replace(/bus_pid=\d+/u, 'bus_pid=P').replace(/ in (0s|\d+ms|\d+(\.\d+)?s) /u, ' in T '))).toEqual([
      '[event] subscription event_key=user_im_message_receive_at subscribe_id=S',
      '[event] subscription event_key=user_im_message_receive_o2o_all subscribe_id=S',
      '[event] ready event_count=2 bus_pid=P',
      '[event] exited \u2014 received 1 event(s) in T (reason: limit)',
    ]);
  });

  it('--quiet prints no ready line', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'e2', body: { content: 'x' } })];
    const r = await run(['event', 'consume', 'user_im_message_receive_at', '--max-events', '1', '--quiet']);
    expect([r.status, r.stderr.includes('[event]')]).toEqual([0, false]);
  });
});
