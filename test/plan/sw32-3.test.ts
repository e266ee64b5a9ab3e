// Session 32 sweep, share 3 (notes/sw32-3.md): the commands that differed from upstream at c7521c1c, run as a user
// types them against the recording backend on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const { sent } = useOutputRuns('dws-sw32-3-');

// aitable base get-primary-doc-id (RunE aitable.go:1132-1141@c7521c1c): validateRequiredFlags(base-id, table-id,
// record-id) refuses an empty --base-id before mustFlagOrFallback(base-id, base) could read the hidden --base
// (registered by registerHiddenAlias :7755-7760), so --base is accepted and never read.
describe('aitable base get-primary-doc-id accepts the hidden --base and ignores it', () => {
  const ARGS = ['--table-id', 't1', '--record-id', 'r1'];

  it('sends --base-id when --base is typed as well', async () => {
    const run = await sent(['aitable', 'base', 'get-primary-doc-id', '--base-id', 'b1', '--base', 'b2', ...ARGS]);
    expect([run.reason, run.calls]).toEqual([undefined, [['aitable/get_base_primary_doc_id', { baseId: 'b1', tableId: 't1', recordId: 'r1' }]]]);
  });

  it('refuses --base alone or after an empty --base-id as a missing --base-id, nothing sent', async () => {
    for (const flags of [['--base', 'b2'], ['--base-id', '', '--base', 'b2']]) {
      const run = await sent(['aitable', 'base', 'get-primary-doc-id', ...flags, ...ARGS]);
      expect([run.reason, run.calls]).toEqual(['missing_parameter', []]);
    }
  });
});
