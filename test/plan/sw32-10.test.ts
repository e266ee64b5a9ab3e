// Session 32 sweep, event consume (notes/sw32-10.md): the command run as a user types it against the local
// personal-event service (test/fixtures/events/server.ts), checked against upstream at c7521c1c:
// internal/app/event_command.go:168-300, event_personal_command.go:268-825 and 940-1036, internal/event/consume
// validate.go:69-86 and formatter.go:66-177, internal/event/personal/registry.go:464-560.
import { describe, expect, it } from 'vitest';
import { errorOf, runCliAsync } from '../helpers.js';
import { eventEnv, personalFrame, useEventServer } from '../fixtures/events/server.js';

const ev = useEventServer('dws-sw32-10-');

const env = () => eventEnv(ev.fx, ev.stateRoot);
const consume = (...args: string[]) => runCliAsync(['event', 'consume', ...args], '', env());
const creates = () => ev.fx.requests.filter((q) => q.path === '/dws/subscription/user').map((q) => q.body!);
const body = (i: number) => ({ openMessageId: `om_${i}`, openConversationId: 'cid_team', sender: `S${i}`, senderOpenDingTalkId: `od_${i}`, content: `hi ${i}`, createTime: '2026-12-01 10:00:00' });

describe('event consume with several keys (preparePersonalMultiOptions, event_personal_command.go:725-825@c7521c1c)', () => {
  it('an at key next to a user-scoped key subscribes with no target, the other with the set\'s --user', async () => {
    ev.fx.framesFor = (subs) => subs.map((s, i) => personalFrame({ eventKey: s.eventKey, subId: s.subId, eventId: `m${i}`, body: body(i) }));
    const r = await consume('user_im_message_receive_at', 'user_im_message_receive_o2o', '--user', 'u1', '--max-events', '2');
    // h33-left: only upstream's subscription and ready lines (consume/run_many.go:163-169@c7521c1c)
    expect(r.stderr.split('\n').filter((l) => l !== '' && !/^\[event\] (subscription|ready|exited) /u.test(l))).toEqual([]);
    expect(r.status).toBe(0);
    expect(creates().map((b) => [b.eventKey, b.filterRule, (b.ext as Record<string, unknown>).ruleType])).toEqual([
      ['user_im_message_receive_at', '{}', 'at'],
      ['user_im_message_receive_o2o', JSON.stringify({ targetUid: 'u1', targetUidType: 'staffId' }), 'singleChat'],
    ]);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out.map((l) => l.event_type).sort()).toEqual(['user_im_message_receive_at', 'user_im_message_receive_o2o']);
    expect(ev.fx.subscriptions).toEqual([]);
  });

  it('refuses, before any request, the flags upstream refuses when typed at all with several keys, and a scope mix', async () => {
    const cases: [string[], string, string][] = [
      [['user_im_message_receive_o2o', 'user_im_message_receive_user', '--user', 'u1', '--filter', ''], 'constraint_violation', '--filter cannot be used'],
      [['user_im_message_receive_o2o', 'user_im_message_receive_user', '--user', 'u1', '--event-types', 'x'], 'constraint_violation', '--event-types cannot be used'],
      [['user_im_message_receive_o2o', 'user_im_message_receive_user', '--user', 'u1', '--rule', 'singleChat'], 'constraint_violation', '--rule cannot be used'],
      [['user_im_message_receive_o2o', 'user_im_message_receive_user', '--user', 'u1', '--debug-raw-events'], 'constraint_violation', '--debug-raw-events cannot be used'],
      [['user_im_message_receive_o2o', 'user_im_group_updated', '--group', 'cid_team'], 'constraint_violation', 'cannot be consumed in one run'],
      [['user_im_message_receive_at', 'user_im_message_receive_o2o_all', '--user', 'u1'], 'invalid_parameter', 'take none of'],
      [['user_im_message_receive_group', 'user_im_group_updated', '--group', 'cid_team', '--query', 'x'], 'invalid_parameter', 'user_im_group_updated is not'],
    ];
    for (const [argv, reason, text] of cases) {
      const r = await consume(...argv);
      expect(r.status, argv.join(' ')).toBe(3);
      expect(r.stdout, argv.join(' ')).toBe('');
      expect(errorOf(r.stderr).reason, argv.join(' ')).toBe(reason);
      expect(errorOf(r.stderr).message, argv.join(' ')).toContain(text);
    }
    expect(ev.fx.requests).toEqual([]);
  });
});

describe('event consume with one key', () => {
  it('sends --query as the subscription filter on a key that is not a message event (no such check with one key)', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_group_member_added', subId: subs[0].subId, eventId: 'g1', body: { openConversationId: 'cid_team' } })];
    const r = await consume('user_im_group_member_added', '--group', 'cid_team', '--query', '发布, 上线', '--max-events', '1');
    expect(r.status).toBe(0);
    expect(creates()).toEqual([expect.objectContaining({
      eventKey: 'user_im_group_member_added', filterRule: JSON.stringify({ openConversationId: 'cid_team' }),
      ext: expect.objectContaining({ ruleType: 'group', filter: { field: 'payload.body.content', op: 'contains_any', value: ['发布', '上线'] } }),
    })]);
  });

  it('refuses --force without --foreground, an unbounded --format json and a --rule that differs as typed (consume/validate.go:79-84, registry.go:469@c7521c1c)', async () => {
    const cases: [string[], string][] = [
      [['user_im_message_receive_at', '--force'], '--force only applies with --foreground'],
      [['user_im_message_receive_at', '--format', 'json'], '--format json needs --max-events or --duration'],
      [['user_im_message_receive_at', '--format', 'json', '--max-events', '0', '--duration', '0s'], '--format json needs'],
      [['user_im_message_receive_at', '--rule', ' at'], 'does not fit'],
    ];
    for (const [argv, text] of cases) {
      const r = await consume(...argv);
      expect(r.status, argv.join(' ')).toBe(3);
      expect(errorOf(r.stderr).message, argv.join(' ')).toContain(text);
    }
    expect(ev.fx.requests).toEqual([]);
  });

  it('--format json prints each event indented by two spaces; an unknown format falls back to ndjson with a warning (formatter.go:66-86,177@c7521c1c)', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'j1', body: body(1) })];
    const json = await consume('user_im_message_receive_at', '--format', 'json', '--max-events', '1');
    expect(json.status).toBe(0);
    const doc = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(json.stdout).toBe(JSON.stringify(doc, null, 2) + '\n');
    expect(doc).toMatchObject({ type: 'event', event_id: 'j1', event_type: 'user_im_message_receive_at' });

    for (const [format, quiet] of [['table', false], ['NDJSON', false], ['table', true]] as const) {
      const r = await consume('user_im_message_receive_at', '--format', format, '--max-events', '1', ...(quiet ? ['--quiet'] : []));
      expect(r.status, format).toBe(0);
      expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as Record<string, unknown>).event_id)).toEqual(['j1']);
      if (quiet) expect(r.stderr).toBe('');
      // h33-left: the warning comes first, then upstream's ready line
      else expect(JSON.parse(r.stderr.split('\n')[0]).warning.message).toContain(`--format "${format}" has no meaning for an event stream; using ndjson`);
    }
  });
});

describe('event consume --dry-run, bounds and a reused subscription', () => {
  it('--dry-run refuses what upstream\'s dry run refuses and lists the subscriptions it would create, calling nothing (event_personal_command.go:329-368, 827-847@c7521c1c)', async () => {
    const missing = await consume('user_im_message_receive_group', '--dry-run');
    expect(missing.status).toBe(3);
    expect(errorOf(missing.stderr)).toMatchObject({ reason: 'missing_parameter', message: expect.stringContaining('--group') });
    const many = await consume('user_im_message_receive_at', 'user_im_message_receive_o2o', '--open-dingtalk-id', 'od_1', '--dry-run');
    expect(many.status).toBe(0);
    expect(JSON.parse(many.stdout).steps).toEqual([
      { id: 'subscribe_0', control_plane: 'POST subscription/user', event_key: 'user_im_message_receive_at', rule_type: 'at', rule_param: {} },
      { id: 'subscribe_1', control_plane: 'POST subscription/user', event_key: 'user_im_message_receive_o2o', rule_type: 'singleChat', rule_param: { targetUid: 'od_1', targetUidType: 'openDingtalkId' } },
      { id: 'stream', control_plane: 'POST stream ticket', mode: 'normal' },
    ]);
    const multiJson = await consume('user_im_message_receive_at', 'user_im_message_receive_o2o_all', '--format', 'json', '--dry-run');
    expect(errorOf(multiJson.stderr).message).toContain('--format json needs');
    expect(ev.fx.requests).toEqual([]);
  });

  it('a negative --max-events is no limit, as 0 is (consume/run.go:367@c7521c1c)', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'n1', body: body(1) })];
    const r = await consume('user_im_message_receive_at', '--max-events', '-1', '--duration', '1s');
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as Record<string, unknown>).event_id)).toEqual(['n1']);
  });

  it('a reused approval subscription refuses the target and filter flags after its lookup (ensurePersonalSubscription, :990-1030@c7521c1c)', async () => {
    ev.fx.subscriptions.push({ subId: 'sub_oa', eventKey: 'user_oa_approval_task_created', ruleType: 'all', sourceId: 'open', status: 1, gmtCreate: '2026-12-01T00:00:00Z' });
    const r = await consume('--subscribe-id', 'sub_oa', '--query', 'x', '--max-events', '1');
    expect(r.status).toBe(3);
    expect(errorOf(r.stderr).message).toContain('--query do not apply to the approval event user_oa_approval_task_created');
    expect(ev.fx.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['GET /dws/event/sublist']);
  });
});

describe('event consume --filter-json as upstream reads it (BuildFilter, IdempotencyKey, registry.go:534-635@c7521c1c)', () => {
  it('the same filter typed in another key order gives the same idempotency key; null is no filter; a field that is not text is kept', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'f1', body: body(1) })];
    const run = async (json: string) => {
      ev.fx.reset();
      ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'f1', body: body(1) })];
      const r = await consume('user_im_message_receive_at', '--filter-json', json, '--max-events', '1');
      expect(r.status, json).toBe(0);
      return creates()[0].ext as Record<string, unknown>;
    };
    const a = await run('{"field":"content","op":"contains","value":"x"}');
    const b = await run('{"value":"x","op":"contains","field":"content"}');
    expect(a.filter).toEqual({ field: 'payload.body.content', op: 'contains', value: 'x' });
    expect(b.idempotencyKey).toBe(a.idempotencyKey);
    const none = await run('null');
    expect(Object.keys(none)).toEqual(['ruleType', 'idempotencyKey']);
    const nested = await run('{"field":{"field":"content"},"any":[{"field":"sender"}]}');
    expect(nested.filter).toEqual({ field: { field: 'content' }, any: [{ field: 'payload.body.sender' }] });
  });
});

describe('event consume --filter as typed (bus/hub.go:68-100@c7521c1c)', () => {
  it('a blank-looking regex is a regex: " " lets through no event type, while "receive_at$" keeps the event', async () => {
    ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'x1', body: body(1) })];
    const blank = await consume('user_im_message_receive_at', '--filter', ' ', '--duration', '1s');
    expect(blank.status).toBe(0);
    expect(blank.stdout).toBe('');
    const kept = await consume('user_im_message_receive_at', '--filter', 'receive_at$', '--max-events', '1');
    expect(kept.stdout.trim().split('\n').map((l) => (JSON.parse(l) as Record<string, unknown>).event_id)).toEqual(['x1']);
  });
});

describe('event consume --name as typed (preparePersonalSubscription :966, client.go:309@c7521c1c)', () => {
  it('sends the name untrimmed; a blank-looking name is still a name', async () => {
    for (const name of ['  watch ', ' ']) {
      ev.fx.reset();
      ev.fx.framesFor = (subs) => [personalFrame({ eventKey: 'user_im_message_receive_at', subId: subs[0].subId, eventId: 'w1', body: body(1) })];
      const r = await consume('user_im_message_receive_at', '--name', name, '--max-events', '1');
      expect(r.status, JSON.stringify(name)).toBe(0);
      expect((creates()[0].ext as Record<string, unknown>).name).toBe(name);
    }
  });
});
