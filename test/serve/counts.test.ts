// The MCP server tells models how many commands it reaches: the count is the loaded catalog's, never a number
// written by hand (an old text said 1,098 while the catalog had 1,122).
import { describe, expect, it } from 'vitest';
import { serverInstructions, toolDefinitions } from '../../src/serve/tools.js';
import { shippedEngine } from '../helpers.js';

describe('counts in the MCP texts', () => {
  it('are the catalog\'s own tool count, in the instructions and in schema_search\'s description', () => {
    const e = shippedEngine();
    const n = e.toolCount.toLocaleString('en-US');
    expect(e.toolCount).toBe(e.tools().length);
    expect(serverInstructions(e)).toContain(`reaches ${n} DingTalk`);
    expect(toolDefinitions(e).find((t) => t.name === 'schema_search')!.description).toContain(`among ${n} DingTalk`);
    expect(JSON.stringify(toolDefinitions(e)) + serverInstructions(e)).not.toMatch(/1,098/u);
  });
});
