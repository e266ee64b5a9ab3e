// Identity exact-hit rates over the whole catalog: every canonical path, primary CLI path, CLI path, alias and the
// full-width (NFKC-equivalent) form of the primary CLI path must resolve through the Exact Guard to that one tool.
import type { ToolRef } from '../engine/engine.js';

export const IDENTITY_FORMS = ['canonical', 'primary_cli', 'cli', 'alias', 'fullwidth'] as const;
export type IdentityForm = (typeof IDENTITY_FORMS)[number];

export interface IdentityProbe {
  form: IdentityForm;
  tool: string;
  query: string;
}

/** ASCII to its full-width twin (U+FF01..U+FF5E, space to U+3000); NFKC maps it back. */
export function toFullWidth(text: string): string {
  return text.replace(/[\x21-\x7e ]/g, (ch) => (ch === ' ' ? '\u3000' : String.fromCharCode(ch.charCodeAt(0) + 0xfee0)));
}

export function identityProbes(refs: readonly ToolRef[]): IdentityProbe[] {
  return refs.flatMap((r) => [
    { form: 'canonical' as const, tool: r.canonical_path, query: r.canonical_path },
    { form: 'primary_cli' as const, tool: r.canonical_path, query: r.primary_cli_path },
    { form: 'cli' as const, tool: r.canonical_path, query: r.cli_path },
    ...r.aliases.map((a) => ({ form: 'alias' as const, tool: r.canonical_path, query: a })),
    { form: 'fullwidth' as const, tool: r.canonical_path, query: toFullWidth(r.primary_cli_path) },
  ]);
}

/** A response resolves the probe when the Exact Guard answered with that tool (or refused exactly that tool). */
export function resolvesTo(response: SearchResponse, tool: string): boolean {
  if (response.strategy === 'exact_guard') return response.candidates.length === 1 && response.candidates[0].canonical_path === tool;
  if (response.strategy === 'exact_filtered') return response.exact_filtered?.canonical_path === tool;
  return false;
}

export interface FormRate {
  n: number;
  hits: number;
  rate: number | null;
  /** Up to ten probes that missed, for the report. */
  misses: string[];
}

export type IdentityReport = Record<IdentityForm, FormRate>;

export function identityReport(outcomes: readonly { probe: IdentityProbe; hit: boolean }[]): IdentityReport {
  const report = Object.fromEntries(IDENTITY_FORMS.map((f) => [f, { n: 0, hits: 0, rate: null, misses: [] }])) as unknown as IdentityReport;
  for (const { probe, hit } of outcomes) {
    const r = report[probe.form];
    r.n += 1;
    if (hit) r.hits += 1;
    else if (r.misses.length < 10) r.misses.push(probe.query);
  }
  for (const r of Object.values(report)) r.rate = r.n === 0 ? null : r.hits / r.n;
  return report;
}

/** The parts of a tool-search.v1 response the harness reads. */
export interface SearchResponse {
  strategy: string;
  candidates: { canonical_path: string }[];
  abstained?: boolean;
  weak_match?: boolean;
  exact_filtered?: { canonical_path: string; reason: string };
}
