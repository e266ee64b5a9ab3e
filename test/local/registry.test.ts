// The lazy registry dispatch asks (src/local/registry.ts) names exactly the local commands of index.ts, and loads
// each as the same function.
import { describe, expect, it } from 'vitest';
import { localCommands } from '../../src/local/index.js';
import { isLocalCommand, loadLocalCommand, LOCAL_COMMAND_PATHS } from '../../src/local/registry.js';

describe('the local command registry', () => {
  it('names every local command and no other', () => {
    expect([...LOCAL_COMMAND_PATHS].sort()).toEqual(Object.keys(localCommands).sort());
    expect(isLocalCommand('chat.recall_message')).toBe(false);
    expect(isLocalCommand('__proto__')).toBe(false);
  });

  it('loads each as the command index.ts registers', async () => {
    for (const p of LOCAL_COMMAND_PATHS) expect(await loadLocalCommand(p), p).toBe(localCommands[p]);
    expect(await loadLocalCommand('chat.recall_message')).toBeUndefined();
  });
});
