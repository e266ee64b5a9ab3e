// window.dws over the engine in Node: a search or inspect line is the engine's output, and a refused request is
// the error envelope the CLI's --batch prints for it.
import { describe, expect, it } from 'vitest';
import { createDwsApi, errorOf } from '../../src/playground/api.js';
import { runCli, shippedEngine } from '../helpers.js';
import { inspect } from '../../src/schema/browse.js';

describe('the window.dws API', () => {
  const engine = shippedEngine();
  const dws = createDwsApi(engine);

  it('answers and refuses exactly as --batch does', () => {
    const lines = [
      '{"version":"tool-search.v1","query":"撤回群消息","limit":2}',
      '{"version":"tool-search.v1","query":"chat.recall_message","product_ids":["todo"]}',
      '{"version":"tool-search.v1","query":" "}',
      '{"query":"no version"}',
      'not json',
    ];
    const cli = runCli(['schema', 'search', '--batch'], { input: lines.join('\n') + '\n' });
    expect(cli.status).toBe(0);
    expect(lines.map((l) => dws.search(l)).join('\n') + '\n').toBe(cli.stdout);
    expect(errorOf(dws.search(lines[2]))?.reason).toBe('query_required');
    expect(errorOf(dws.search(lines[0]))).toBeUndefined();
  });

  it('inspects like dws schema, with refusals as envelopes', () => {
    expect(dws.inspect('chat.recall_message', { compact: true })).toBe(inspect(engine, 'chat.recall_message', { compact: true }));
    expect(errorOf(dws.inspect('chat.no_such_command'))?.reason).toBe('unknown_path');
    expect(errorOf(dws.inspect('chat.recall_message', { expectedSourceHash: engine.catalogHashes.source_hash }))?.reason).toBe('incomplete_catalog_version');
  });

  it('describes the catalog it answers from', () => {
    expect(dws.catalog).toEqual({
      ...engine.catalogHashes,
      tool_count: engine.refs.length,
      products: engine.products.map(({ id, title, title_en, tool_count }) => ({ id, title, title_en, tool_count })),
    });
    expect(Object.isFrozen(dws)).toBe(true);
  });
});
