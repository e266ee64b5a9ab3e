// h45-b1: second-reading audit of seed 20261405 (notes/h45-b1.md). `dws event status --format json` spawned as a user
// types it, against the local personal-event service (test/fixtures/events/server.ts) on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { runCliAsync } from '../helpers.js';
import { eventEnv, useEventServer } from '../fixtures/events/server.js';

const ev = useEventServer('dws-h45b1-');

describe('event status --format json prints each subscription as upstream encodes personal.Subscription', () => {
  // event/personal/client.go:86-94, app/event_personal_command.go:1084-1091@c7521c1c: subscribe_id always, every
  // other field omitempty, so a text the service left empty is left out (before: printed as "").
  it('leaves out the empty texts and keeps the rest', async () => {
    ev.fx.subscriptions.push(
      { subId: 'sub_a', eventKey: 'user_im_message_receive_at', ruleType: '', sourceId: '', status: 1, gmtCreate: '' },
      { subId: 'sub_b', eventKey: 'user_oa_approval_task_created', ruleType: 'all', sourceId: 'open', status: 1, gmtCreate: '2026-12-01T00:00:00Z' },
    );
    const r = await runCliAsync(['event', 'status', '--format', 'json'], '', eventEnv(ev.fx, ev.stateRoot));
    expect(r.status, r.stderr).toBe(0);
    const subs = JSON.parse(r.stdout).result.subscriptions;
    expect(subs).toEqual([
      { subscribe_id: 'sub_a', event_key: 'user_im_message_receive_at', status: 'active' },
      { subscribe_id: 'sub_b', event_key: 'user_oa_approval_task_created', rule_type: 'all', status: 'active', source_id: 'open', created_at: '2026-12-01T00:00:00Z' },
    ]);
    expect(ev.fx.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /dws/event/sublist']);
  });
});
