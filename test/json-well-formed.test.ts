// Go's JSON decoder's texts (src/json-well-formed.ts): an escaped surrogate without its partner decodes to U+FFFD, in
// a text or a key, wherever dws decodes JSON that upstream decodes with encoding/json (decode.go unquote @ go1.22).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonWellFormed, wellFormed } from '../src/json-well-formed.js';
import { cleanText } from '../src/plan/transforms/messages.js';
import { useOutputRuns } from './plan/output-runs.js';

const { act } = useOutputRuns('dws-well-formed-');
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;
/** Any JSON value whose texts and keys may hold lone surrogates (fc's binary unit draws any code unit). */
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.constant(null),
    fc.array(tie('v')), fc.dictionary(fc.string({ unit: 'binary' }), tie('v'))),
})).v;
/** The value as Go's decoder gives it back: every text and key well formed. */
const goDecoded = (v: unknown): unknown => {
  if (typeof v === 'string') return wellFormed(v);
  if (Array.isArray(v)) return v.map(goDecoded);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) Object.defineProperty(out, wellFormed(k), { value: goDecoded(x), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v;
};

describe('JSON decoded as Go decodes it', () => {
  it('gives every value back with its texts and keys well formed and nothing else changed', () => {
    fc.assert(fc.property(value, (v) => {
      const parsed = parseJsonWellFormed(JSON.stringify(v));
      expect(parsed).toEqual(goDecoded(v));
      expect(LONE.test(JSON.stringify(parsed).replace(/\\u[dD][89a-fA-F][0-9a-fA-F]{2}/gu, '\uD800'))).toBe(false);
    }), { numRuns: 1000 });
  });

  it('decodes a well-formed text exactly as JSON.parse does', () => {
    fc.assert(fc.property(fc.json(), (t) => { expect(parseJsonWellFormed(t)).toEqual(JSON.parse(t)); }), { numRuns: 1000 });
  });

  it('reads a 100,000-deep value as JSON.parse does, fixing a text at the bottom, and keeps keys in their order', () => {
    const depth = 100_000;
    const deep = parseJsonWellFormed('['.repeat(depth) + '"a\\udc00"' + ']'.repeat(depth));
    let bottom: unknown = deep;
    for (let i = 0; i < depth; i++) bottom = (bottom as unknown[])[0];
    expect(bottom).toBe('a\uFFFD');
    expect(Object.keys(parseJsonWellFormed('{"z":1,"\\ud800":2,"a":3,"__proto__":4}') as object)).toEqual(['z', '\uFFFD', 'a', '__proto__']);
  });

  it('refuses what JSON.parse refuses, and a check may refuse more', () => {
    expect(() => parseJsonWellFormed('[1,')).toThrow(SyntaxError);
    expect(() => parseJsonWellFormed('[1e400]', (x: unknown) => { if (x === Infinity) throw new SyntaxError('beyond float64'); })).toThrow('beyond float64');
  });

  it('a message text holding JSON keeps no lone surrogate in what is printed (cleanText)', () => {
    const printed = cleanText('{"items":[{"data":{"text":"hi\\ud800 there"}}]}');
    expect(printed).toContain('hi\uFFFD there');
    expect(LONE.test(printed)).toBe(false);
  });

  it('chat group user-settings query sends a lone surrogate escape in --groups as U+FFFD (parseCSVValues via json.Unmarshal, helpers/contact.go:20-45@c7521c1c)', async () => {
    await act({
      lines: [['chat', 'group', 'user-settings', 'query', '--groups', '["cid\\ud800A", " cidB "]']],
      calls: [['im', 'batch_query_group_chat_settings', { openConversationIds: ['cid\uFFFDA', 'cidB'] }]],
    });
  });

  it('an answer holding a lone surrogate escape prints U+FFFD there, as upstream\'s decoded answer prints (the transport)', async () => {
    const printed = await act({
      lines: [['chat', 'group', 'user-settings', 'query', '--groups', 'cidA']],
      answers: { 'im/batch_query_group_chat_settings': { success: true, result: { settings: [{ openConversationId: 'cidA', '\ud800remark': 'x\udc00y' }] } } },
      calls: [['im', 'batch_query_group_chat_settings', { openConversationIds: ['cidA'] }]],
    });
    expect(printed).toEqual({ success: true, result: { settings: [{ openConversationId: 'cidA', '\uFFFDremark': 'x\uFFFDy' }] } });
  });
});
