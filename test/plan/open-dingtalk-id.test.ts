// The openDingTalkId primitives (audit-30 P5): upstream's classifier LooksLikeCurrentDOpenDingTalkID
// (targetresolver/resolver.go:304@c7521c1c) as a condition and three transforms. The reference is the audit's regular
// expression (notes/audit-30-openid-check.mjs), written independently of src/plan/transforms/ids.ts and checked there
// against a port of the Go function; here both must agree on canonical ids and on their mutations.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/catalog/types.js';
import { executePlan } from '../../src/plan/executor.js';
import type { BackendCall, Effects } from '../../src/plan/effects.js';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import { allOpenDingTalkIds, looksLikeOpenDingTalkId } from '../../src/plan/transforms/ids.js';
import { trimSpace } from '../../src/contract/values.js';
import type { Transform } from '../../src/plan/spec.js';
import { validatePlans } from '../../src/plan/validate.js';
import { shippedEngine } from '../helpers.js';

const T = '(?:[A-Za-hj-z0-9]|i[iPS])';
const AUDIT = new RegExp(`^D(?:(?:${T}{32})+|(?:${T}{32})*${T}{10}[AEIMQUYcgkosw048]iE|(?:${T}{32})*${T}{21}[AQgw]iEiE)$`, 'u');

/** What upstream's encoder emits for these bytes. */
const encode = (bytes: Uint8Array) => 'D' + Buffer.from(bytes).toString('base64').replace(/[i+/=]/gu, (c) => ({ i: 'ii', '+': 'iP', '/': 'iS', '=': 'iE' })[c]!);

const blocks = fc.integer({ min: 1, max: 6 }).chain((n) => fc.uint8Array({ minLength: 8 * n, maxLength: 8 * n }));

describe('looksLikeOpenDingTalkId (upstream LooksLikeCurrentDOpenDingTalkID)', () => {
  it('accepts every id the current encoder emits, with surrounding space too', () => {
    fc.assert(fc.property(blocks, (b) => {
      const id = encode(b);
      expect(looksLikeOpenDingTalkId(id)).toBe(true);
      expect(looksLikeOpenDingTalkId(` ${id}\t`)).toBe(true);
    }));
  });

  it('agrees with the audit\'s regular expression on mutated ids (a changed, dropped or inserted character)', () => {
    const chars = 'ABDEPSZaiz09=+/-_ ';
    fc.assert(fc.property(blocks, fc.nat(), fc.integer({ min: 0, max: 2 }), fc.constantFrom(...chars), (b, at, how, c) => {
      const id = encode(b);
      const k = 1 + (at % (id.length - 1));
      const v = how === 0 ? id.slice(0, k) + c + id.slice(k + 1) : how === 1 ? id.slice(0, k) + id.slice(k + 1) : id.slice(0, k) + c + id.slice(k);
      expect(looksLikeOpenDingTalkId(v)).toBe(AUDIT.test(v.trim()));
    }), { numRuns: 3000 });
  });

  it('refuses what merely starts with D, lengths that are not whole 8-byte blocks, and non-canonical spellings', () => {
    for (const v of ['D', 'Dabc', 'DingTalk123', 'D-prefix-fixture-user', 'dAAAAAAAAAAAiE', encode(new Uint8Array(7)), encode(new Uint8Array(9)),
      'DAAAAAAAAAAB=', 'DAAAAAAAAAAB', 'DAAAAAAAAAAAiEx', encode(new Uint8Array(8)).replace('iE', '=')]) {
      expect([v, looksLikeOpenDingTalkId(v)]).toEqual([v, false]);
    }
    expect(looksLikeOpenDingTalkId(encode(new Uint8Array([0xfb, 0xff, 0xbf, 1, 2, 3, 4, 5])))).toBe(true); // + and / escaped as iP, iS
    expect(looksLikeOpenDingTalkId(42)).toBe(false);
  });

  it('trims as Go\'s strings.TrimSpace does (U+0085 and U+3000 are space, U+FEFF is not)', () => {
    const id = encode(new Uint8Array(8).fill(1));
    expect(trimSpace(`\u0085\u3000${id}\u00a0`)).toBe(id);
    expect(looksLikeOpenDingTalkId(`\ufeff${id}`)).toBe(false);
  });
});

const apply = (ts: unknown[], v: unknown) => applyTransforms(ts as Transform[], v, '--open-dingtalk-id', { env: {} });
const A = encode(new Uint8Array(8).fill(1));
const B = encode(new Uint8Array(16).fill(7));

describe('transforms open_dingtalk_id, only_open_dingtalk_ids, except_open_dingtalk_ids', () => {
  it('open_dingtalk_id passes an explicit id of the current form, each of a list, and refuses anything else naming the flag', () => {
    expect(apply(['open_dingtalk_id'], A)).toBe(A);
    expect(apply(['open_dingtalk_id'], [A, B])).toEqual([A, B]);
    for (const bad of ['Dabc', ` ${A}`, [A, 'u1']]) {
      expect(() => apply(['open_dingtalk_id'], bad)).toThrowError(expect.objectContaining({ reason: 'invalid_parameter', message: expect.stringContaining('--open-dingtalk-id:') }));
    }
  });
  it('open_dingtalk_id skips the blank elements of a list and keeps them, as validateExplicitOpenIDs (chat.go:54-64) skips them (p-chat)', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('', ' ', '\t', A, B)), (list) => {
      expect(apply(['open_dingtalk_id'], list)).toEqual(list);
    }));
    for (const bad of [['', ` ${A}`], [' ', 'u1', A]]) {
      expect(() => apply(['open_dingtalk_id'], bad)).toThrowError(expect.objectContaining({ reason: 'invalid_parameter' }));
    }
    // a scalar blank is still no openDingTalkId
    expect(() => apply(['open_dingtalk_id'], '')).toThrowError(expect.objectContaining({ reason: 'invalid_parameter' }));
  });
  it('split a mixed list as upstream splitIDs: openDingTalkIds and the rest, blanks dropped, absent when none', () => {
    const mixed = ['Dabc', A, ' ', 'u1', B];
    expect(apply(['only_open_dingtalk_ids'], mixed)).toEqual([A, B]);
    expect(apply(['except_open_dingtalk_ids'], mixed)).toEqual(['Dabc', 'u1']);
    expect(apply(['only_open_dingtalk_ids'], ['u1'])).toBeUndefined();
    expect(apply(['except_open_dingtalk_ids'], A)).toBeUndefined();
  });
  it('allOpenDingTalkIds: a text, or a list whose non-blank elements all are (at least one)', () => {
    expect(allOpenDingTalkIds([A, '', B])).toBe(true);
    expect(allOpenDingTalkIds([A, 'u1'])).toBe(false);
    expect(allOpenDingTalkIds(['', ' '])).toBe(false);
    expect(allOpenDingTalkIds(` ${A}`)).toBe(true);
  });
});

describe('the condition open_dingtalk_id', () => {
  const CANONICAL = 'contact.shortcut_lookup';
  const tool = (): ToolSpec => shippedEngine().tools().find((t) => t.canonical_path === CANONICAL)!;
  const plan = (c: unknown) => {
    const { plans, problems } = validatePlans([{ file: 'multi-step/t.yaml', doc: { plans: { [CANONICAL]: {
      facts: 'test plan',
      steps: [{ id: 'a', server: 'contact', rpc: 'x', effect: 'read', args: { openDingTalkId: { flag: 'name', when: c }, userId: { flag: 'name', when: { not: c } } } }],
    } } } }], shippedEngine().tools());
    return { plan: plans.get(CANONICAL), problems };
  };
  async function sent(name: string) {
    const calls: BackendCall[] = [];
    const effects: Effects = { call: async (c) => (calls.push(c), {}), transfer: async () => ({}), handoff: async () => undefined };
    await executePlan(tool(), plan({ open_dingtalk_id: { flag: 'name' } }).plan!, { name }, { env: {}, dryRun: false, effects });
    return calls[0].args;
  }
  it('sends a current-format id under the openDingTalkId key and a D-prefixed userId under userId', async () => {
    expect(await sent(A)).toEqual({ openDingTalkId: A });
    expect(await sent('Dabc')).toEqual({ userId: 'Dabc' });
  });
  it('is checked at build: one source', () => {
    expect(plan({ open_dingtalk_id: { flag: 'nope' } }).problems.join('\n')).toContain('flag "nope" is not a parameter');
  });
});
