// The local event commands through `dws serve` (MCP execute): the schema document is the CLI's, a positional
// travels as an argument by name, and consume, which has no line writer there, answers a bounded list.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngine } from '../../src/index.js';
import { personalFrame, startEventServer, type EventFixture } from '../fixtures/events/server.js';
import { privateSnapshot, reasonOf, serve, type Served } from '../serve/client.js';
import { runCliAsync } from '../helpers.js';

let fx: EventFixture;
let snap: ReturnType<typeof privateSnapshot>;
let served: Served;
let state: string;
let env: Record<string, string>;
let hashes: { expected_source_hash: string; expected_surface_hash: string };

beforeAll(async () => {
  fx = await startEventServer();
  snap = privateSnapshot();
  state = mkdtempSync(path.join(os.tmpdir(), 'dws-event-serve-'));
  env = { DWS_SNAPSHOT: snap.file, DWS_EVENT_URL: fx.controlUrl, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_TOKEN: fx.token, DWS_CLIENT_ID: 'client-serve', DWS_CONFIG: '/nonexistent/dws.json', DWS_STATE_DIR: state };
  const h = loadEngine({ snapshot: snap.file }).catalogHashes;
  hashes = { expected_source_hash: h.source_hash, expected_surface_hash: h.surface_hash };
  served = await serve(env);
});
afterAll(async () => {
  await served?.close();
  await fx?.close();
  snap?.remove();
  rmSync(state, { recursive: true, force: true });
});

describe('event commands through MCP execute', () => {
  it('event.schema answers the same document as the CLI, the event key passed by its positional name', async () => {
    const a = await served.call('execute', { canonical_path: 'event.schema', arguments: { event_key: 'user_im_group_member_added', flatten: true }, ...hashes });
    expect(a.isError).toBe(false);
    const cli = await runCliAsync(['event', 'schema', 'user_im_group_member_added', '--flatten'], '', env);
    expect(a.text + '\n').toBe(cli.stdout);
    const bad = await served.call('execute', { canonical_path: 'event.schema', arguments: { event_key: 'user_im_group_member_add' }, ...hashes });
    expect(reasonOf(bad)).toBe('unknown_event_key');
  });

  it('event.consume returns the events it received as a list, bounded by max-events', async () => {
    fx.framesFor = (subs) => [1, 2, 3].map((i) => personalFrame({ eventKey: 'user_im_group_member_added', subId: subs[0].subId, eventId: `g${i}`,
      body: { openConversationId: 'cid_g', operNick: 'Admin', members: [{ nick: `New ${i}`, openDingTalkId: `od_n${i}` }] } }));
    const a = await served.call('execute', { canonical_path: 'event.consume', arguments: { event_key: ['user_im_group_member_added'], group: 'cid_g', flatten: true, 'max-events': 2 }, ...hashes });
    expect(a.isError).toBe(false);
    const r = JSON.parse(a.text).result;
    expect(r.count).toBe(2);
    expect(r.stopped).toBe('max_events');
    expect(r.events[1]).toEqual({
      type: 'user_im_group_member_added', event_id: 'g2', timestamp: 1767225600000, subscribe_id: r.subscriptions[0], conversation_id: 'cid_g',
      operator: 'Admin', operator_open_dingtalk_id: '', members: [{ nick: 'New 2', open_dingtalk_id: 'od_n2' }], event_time: 1767225600123,
    });
    expect(fx.subscriptions).toEqual([]);
  });
});
