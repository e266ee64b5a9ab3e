// The personal event directory (catalog/events/personal.json) is well-formed data: it matches its JSON Schema,
// every reference resolves, the subscription facts agree with each other, and both languages are present. Also
// the pure pieces of consume: Go durations, the consumer match and the Stream frame -> envelope mapping.
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directory, EVENT_DIRECTORY_SCHEMA, shapeFields } from '../../src/events/catalog.js';
import { durationMs, envelopeOf, matcher } from '../../src/events/consume.js';

const HAN = /[\u4e00-\u9fff]/;

describe('the event directory', () => {
  it('matches its schema', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const ok = ajv.validate(EVENT_DIRECTORY_SCHEMA, directory);
    expect(ajv.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('has unique keys, known shapes and consistent subscription facts', () => {
    const keys = directory.events.map((e) => e.event_key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(22);
    for (const e of directory.events) {
      expect(Object.hasOwn(directory.shapes, e.shape), e.event_key).toBe(true);
      // a group rule needs --group; a person rule needs exactly one of --user / --open-dingtalk-id
      expect(e.required_params.includes('group'), e.event_key).toBe(e.rule_type === 'group');
      expect(e.target_uid === true, e.event_key).toBe(e.rule_type === 'singleChat' || e.rule_type === 'sender');
      expect(e.category === 'oa' ? e.shape.startsWith('oa_') : !e.shape.startsWith('oa_'), e.event_key).toBe(true);
    }
  });

  it('resolves every extends and nested shape, and every event shape starts with the base fields', () => {
    for (const [name, shape] of Object.entries(directory.shapes)) {
      if (shape.extends) expect(Object.hasOwn(directory.shapes, shape.extends), name).toBe(true);
      for (const [field, f] of Object.entries(shape.fields)) {
        if (f.shape) expect(Object.hasOwn(directory.shapes, f.shape), `${name}.${field}`).toBe(true);
        expect(f.type === 'array' || f.type === 'object' || f.shape === undefined, `${name}.${field}`).toBe(true);
      }
    }
    for (const e of directory.events) expect(Object.keys(shapeFields(e.shape)).slice(0, 4)).toEqual(['type', 'event_id', 'timestamp', 'subscribe_id']);
  });

  it('writes every text in Chinese and in English', () => {
    const texts: [string, string, string][] = [];
    for (const e of directory.events) texts.push([e.event_key, e.display_name, e.display_name_en], [e.event_key, e.description, e.description_en]);
    for (const [name, shape] of Object.entries(directory.shapes)) for (const [k, f] of Object.entries(shape.fields)) texts.push([`${name}.${k}`, f.description, f.description_en]);
    for (const [k, f] of Object.entries(directory.envelope)) texts.push([k, f.description, f.description_en]);
    for (const [where, zh, en] of texts) {
      expect(HAN.test(zh), where).toBe(true);
      expect(HAN.test(en), where).toBe(false);
      expect(en.length, where).toBeGreaterThan(2);
    }
  });
});

describe('consume pieces', () => {
  it('reads Go durations as the sum of their parts', () => {
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 999 }), fc.constantFrom(...(Object.keys(unit) as (keyof typeof unit)[]))), { minLength: 1, maxLength: 4 }), (parts) => {
      const text = parts.map(([n, u]) => `${n}${u}`).join('');
      expect(durationMs(text)).toBe(parts.reduce((a, [n, u]) => a + n * unit[u], 0));
    }));
    expect(durationMs('1m30s')).toBe(90_000);
    expect(durationMs('1.5h')).toBe(5_400_000);
  });

  it('matches its own subscriptions, exact and prefix event types, then the regex', () => {
    const ev = (event_type: string, subscribe_id?: string) => ({ type: 'event' as const, seq: 1, event_id: 'e', event_born_time: 0, event_type, data: '', received_at_unix_ms: 0, subscribe_id });
    const m = matcher({ subscribeIds: ['s1'], eventTypes: ['user_im_message_receive_at', 'user_oa_*'] });
    expect([m(ev('user_im_message_receive_at', 's1')), m(ev('user_oa_approval_task_created', 's1')), m(ev('user_im_group_updated', 's1')), m(ev('user_im_message_receive_at', 's2')), m(ev('user_im_message_receive_at'))])
      .toEqual([true, true, false, false, false]);
    const r = matcher({ subscribeIds: [], eventTypes: [], filter: /^user_oa_/ });
    expect([r(ev('user_oa_x')), r(ev('user_im_x'))]).toEqual([true, false]);
  });

  it('maps a Stream frame to the envelope, taking ids from headers first and the data second', () => {
    const data = JSON.stringify({ eventId: 'd-id', eventKey: 'user_im_message_receive_at', subId: 'sub_7', ruleType: 'at' });
    expect(envelopeOf({ time: 5, headers: { messageId: 'm1', eventCorpId: 'corp' }, data }, 3, 'open', 99)).toEqual({
      type: 'event', seq: 3, event_id: 'm1', event_born_time: 5, event_corp_id: 'corp', event_type: 'user_im_message_receive_at', event_scope: 'personal',
      subscribe_id: 'sub_7', source_id: 'open', rule_type: 'at', data, headers: { messageId: 'm1', eventCorpId: 'corp' }, received_at_unix_ms: 99,
    });
    expect(Object.keys(envelopeOf({ headers: {}, data: 'not json' }, 1, 'open', 1))).toEqual(['type', 'seq', 'event_id', 'event_born_time', 'event_type', 'event_scope', 'source_id', 'data', 'received_at_unix_ms']);
  });
});
