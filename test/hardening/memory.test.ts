// What a long-running `dws serve` keeps per call: dispatch's ajv validators are compiled once per tool schema and
// held in a bounded cache (ajv itself keeps every schema it compiled, so an unbounded compile per call grew the
// process by hundreds of MB). Counted, not timed: compilations and cache sizes after many calls.
import { describe, expect, it } from 'vitest';
import { foldInput, validateInput, validatorStats, VALIDATOR_CACHE_SIZE } from '../../src/contract/validate.js';
import { loadEngine } from '../../src/index.js';
import { readSnapshotBytes, shippedEngine } from '../helpers.js';

describe('dispatch validators', () => {
  it('compiles a tool schema once, however many calls validate against it', () => {
    const tool = shippedEngine().tools().find((t) => t.canonical_path === 'chat.list_my_groups_pagination')!;
    validateInput(tool, foldInput(tool, { limit: 1 }, {}));
    const before = validatorStats();
    for (let i = 0; i < 5000; i++) validateInput(tool, foldInput(tool, { limit: i + 1 }, {}));
    expect(validatorStats()).toEqual(before);
  });

  it('reuses every validator for a second generation of the same catalog and stays bounded over all tools', () => {
    const tools = shippedEngine().tools().filter((t) => t.interface_mode === 'mcp');
    const validateAll = (list: typeof tools) => {
      for (const t of list) {
        try {
          validateInput(t, {});
        } catch {
          // a refusal (a missing flag) still used the compiled validator
        }
      }
    };
    validateAll(tools);
    const first = validatorStats();
    validateAll(loadEngine({ snapshot: readSnapshotBytes() }).tools().filter((t) => t.interface_mode === 'mcp'));
    const second = validatorStats();
    expect(second.compilations).toBe(first.compilations);
    expect(second.cached).toBeLessThanOrEqual(VALIDATOR_CACHE_SIZE);
    expect(second.ajvSchemas - second.cached).toBe(first.ajvSchemas - first.cached);
  });

  it('evicts the least recently used schema from its cache and from ajv when more schemas than it holds come by', () => {
    const base = shippedEngine().tools().find((t) => t.canonical_path === 'chat.list_my_groups_pagination')!;
    validateInput(base, {});
    const start = validatorStats().compilations;
    // What ajv holds besides dispatch's schemas (its meta-schemas) does not grow either.
    const own = validatorStats().ajvSchemas - validatorStats().cached;
    const variants = VALIDATOR_CACHE_SIZE + 100;
    for (let i = 0; i < variants; i++) {
      // A distinct schema each time, as successive catalog generations changing one enum would give.
      const tool = { ...base, parameters: { ...base.parameters, mode: { ...base.parameters.limit, type: 'string', enum: [`v${i}`] } } };
      validateInput(tool, {});
    }
    const stats = validatorStats();
    expect(stats.compilations - start).toBe(variants);
    expect(stats.cached).toBe(VALIDATOR_CACHE_SIZE);
    expect(stats.ajvSchemas).toBe(VALIDATOR_CACHE_SIZE + own);
  });
});
