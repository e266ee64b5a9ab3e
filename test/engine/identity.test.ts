// Identity: every canonical path, primary CLI path, CLI path and alias of every tool - also written with a "dws"
// prefix, with "/" separators and in full-width form - is an exact_guard hit on that tool.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { identityKeys, SortedIdentities } from '../../src/catalog/identity.js';
import { shippedEngine } from '../helpers.js';

const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');

describe('Exact Guard over the whole catalog', () => {
  it('hits every identity form of all tools', () => {
    const e = shippedEngine();
    const tools = e.tools();
    expect(tools.length).toBe(1125);
    const misses: string[] = [];
    let checked = 0;
    for (const t of tools) {
      const forms = [t.canonical_path, t.primary_cli_path, t.cli_path, ...t.aliases];
      const variants = forms.flatMap((f) => [f, `dws ${f}`, f.replace(/ /g, '/'), fullWidth(f), fullWidth(`dws ${f}`), ` ${f.toUpperCase()} `]);
      for (const q of variants) {
        const r = JSON.parse(e.search({ query: q }));
        checked++;
        if (r.strategy !== 'exact_guard' || r.candidates.length !== 1 || r.candidates[0].canonical_path !== t.canonical_path) misses.push(q);
      }
    }
    expect(misses).toEqual([]);
    expect(checked).toBeGreaterThan(1125 * 12);
  });
});

describe('the sorted identity lookup', () => {
  it('answers exactly like a Map over the same keys, for keys present and absent', () => {
    const e = shippedEngine();
    const map = new Map(e.tools().flatMap((t, doc) => identityKeys(t).map((k): [string, number] => [k, doc])));
    for (const [k, doc] of map) expect(e.identities.get(k)).toBe(doc);
    fc.assert(fc.property(fc.oneof(fc.string(), fc.constantFrom(...map.keys()).map((k) => k + 'x')), (k) => {
      expect(e.identities.get(k)).toBe(map.get(k));
    }), { numRuns: 500 });
    expect(new SortedIdentities([], new Uint32Array(0)).get('chat send')).toBeUndefined();
  });

  it('knows whether any key starts with a prefix, like a scan of every key', () => {
    const e = shippedEngine();
    const keys = e.tools().flatMap((t) => identityKeys(t));
    const prefixes = fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom(...keys).chain((k) => fc.nat(k.length + 1).map((n) => k.slice(0, n) + (n > k.length ? 'x' : ''))));
    fc.assert(fc.property(prefixes, (p) => {
      expect(e.identities.hasPrefix(p)).toBe(keys.some((k) => k.startsWith(p)));
    }), { numRuns: 500 });
    expect(new SortedIdentities([], new Uint32Array(0)).hasPrefix('')).toBe(false);
  });
});
