// Types for catalog-lint.mjs (used by test/catalog/lint.test.ts).
export interface CatalogFile { file: string; doc: { product: { id: string } & Record<string, unknown>; tools: Record<string, any>[] } }
export const TOOL_TEXT_STRINGS: string[];
export const TOOL_TEXT_LISTS: string[];
export const PRODUCT_TEXT: string[];
export function loadCatalogFiles(dir: string): CatalogFile[];
export function commandIndex(files: CatalogFile[]): Map<string, Record<string, any>>;
export function parseCommandLine(line: string, paths: Map<string, Record<string, any>>):
  { error: string; path?: undefined; tool?: undefined; flags?: undefined } | { error?: undefined; path: string; tool: Record<string, any>; flags: string[] };
export function lintCatalog(files: CatalogFile[], products?: string[]): string[];
