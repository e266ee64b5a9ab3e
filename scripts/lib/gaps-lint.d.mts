// Types for gaps-lint.mjs (used by test/engine/gaps.test.ts).
export function fold(s: string): string;
export function saysAll(folded: string, terms: readonly string[], english: boolean): boolean;
export interface GapFile {
  file: string;
  product: string;
  doc: unknown;
}
export function loadGapFiles(catalogDir: string): GapFile[];
export function lintGaps(catalogFiles: { file: string; doc: unknown }[], gapFiles: GapFile[], only?: string[]): string[];
