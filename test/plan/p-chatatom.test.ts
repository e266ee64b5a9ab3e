// The transform the p-chatatom pre-audit (issue 32) added to: `{split: {on, as_typed: true}}` splits text as Go's
// strings.Split does (upstream applyCurrentUserGroupMentions, helpers/chat.go:1435-1449@c7521c1c: chat message
// send/reply send --at-open-dingtalk-ids so). The commands are pinned by the `p-chatatom:` recorded-call goldens of
// test/fixtures/calls/chat.yaml.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyTransforms } from '../../src/plan/transforms/index.js';
import type { Transform } from '../../src/plan/spec.js';

const apply = (t: Transform, v: unknown): unknown => applyTransforms([t], v, '--x', { env: {} });
const asTyped: Transform = { split: { on: ',', as_typed: true } };

describe('split as typed (Go strings.Split)', () => {
  it('keeps padded, blank and empty parts where the short form trims and drops them', () => {
    expect(apply(asTyped, ' a,, b ,')).toEqual([' a', '', ' b ', '']);
    expect(apply({ split: ',' }, ' a,, b ,')).toEqual(['a', 'b']);
    expect(apply(asTyped, ',')).toEqual(['', '']);
    expect(apply(asTyped, ' ')).toEqual([' ']);
  });

  it('joins back to the text it split, one part more than the separators', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const parts = apply(asTyped, s) as string[];
      expect(parts.join(',')).toBe(s);
      expect(parts.length).toBe(s.split('').filter((c) => c === ',').length + 1);
    }));
  });

  it('with as_typed false is the short form', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      expect(apply({ split: { on: ',', as_typed: false } }, s)).toEqual(apply({ split: ',' }, s));
    }));
  });

  it('refuses a long form with another key or without as_typed', () => {
    expect(() => apply({ split: { on: ',' } } as unknown as Transform, 'a')).toThrow();
    expect(() => apply({ split: { on: ',', as_typed: true, trim: 1 } } as unknown as Transform, 'a')).toThrow();
  });
});
