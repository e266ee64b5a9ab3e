// Identity: every canonical path, primary CLI path, CLI path and alias of every tool - also written with a "dws"
// prefix, with "/" separators and in full-width form - is an exact_guard hit on that tool.
import { describe, expect, it } from 'vitest';
import { shippedEngine } from '../helpers.js';

const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, '\u3000');

describe('Exact Guard over the whole catalog', () => {
  it('hits every identity form of all tools', () => {
    const e = shippedEngine();
    const tools = e.tools();
    expect(tools.length).toBe(1098);
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
    expect(checked).toBeGreaterThan(1098 * 12);
  });
});
