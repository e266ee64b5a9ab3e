// window.dws: the playground's programmatic surface. Each call returns exactly one line the CLI would print,
// without the newline: a response, or (like `dws schema search --batch`) the error envelope when the engine
// refuses the request. Tests and users compare these strings byte for byte with the CLI.
import { DwsError } from '../errors.js';
import type { Engine } from '../engine/engine.js';
import type { InspectOptions } from '../schema/browse.js';
import { inspect } from '../schema/browse.js';

export interface PlaygroundCatalog {
  source_hash: string;
  surface_hash: string;
  tool_count: number;
  products: { id: string; title: string; title_en: string; tool_count: number }[];
}

export interface DwsApi {
  /** One tool-search.v1 request line (JSON string) -> the response line, or the error envelope. */
  search(requestJson: string, options?: { explain?: boolean }): string;
  /** `dws schema <path>` with these options -> the output, or the error envelope. */
  inspect(path?: string, options?: InspectOptions): string;
  readonly catalog: PlaygroundCatalog;
}

/** Runs an engine call; a DwsError becomes its envelope (the line `--batch` prints), anything else is a bug. */
function line(run: () => string): string {
  try {
    return run();
  } catch (err) {
    if (err instanceof DwsError) return err.envelope();
    throw err;
  }
}

export function createDwsApi(engine: Engine): DwsApi {
  const catalog: PlaygroundCatalog = Object.freeze({
    ...engine.catalogHashes,
    tool_count: engine.refs.length,
    products: engine.products.map((p) => ({ id: p.id, title: p.title, title_en: p.title_en, tool_count: p.tool_count })),
  });
  return Object.freeze({
    search: (requestJson: string, options: { explain?: boolean } = {}) =>
      line(() => engine.search(String(requestJson), { explain: options.explain === true })),
    inspect: (path?: string, options: InspectOptions = {}) => line(() => inspect(engine, path, options)),
    catalog,
  });
}

/** An error envelope line, parsed; undefined for a normal response. */
export function errorOf(output: string): { category: string; reason: string; message: string; hint?: string } | undefined {
  const parsed = JSON.parse(output) as { error?: { category: string; reason: string; message: string; hint?: string } };
  return parsed.error;
}
