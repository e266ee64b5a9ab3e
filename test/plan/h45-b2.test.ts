// Session 45 second reading, helper b2 (issue 32, notes/h45-b2.md, seed 20261406): where a drawn command still differed
// from upstream's body at c7521c1c. Each run as a user types it against the recording backend on 127.0.0.1.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useOutputRuns } from './output-runs.js';

const outputs = useOutputRuns('dws-h45b2-');

// parseDriveListFilter (internal/helpers/drive_list_filter.go:88-93@c7521c1c) refuses a filter beside any of
// --cursor, --next-token and --page-token that was typed (fl.Changed), a typed empty value included, before any call
describe('drive list: --type/--start/--end beside a typed cursor spelling, a blank one included, is refused before any call', () => {
  const spelling = fc.constantFrom('--cursor', '--next-token', '--page-token');
  const value = fc.constantFrom('', ' ', 'tok');
  const filter = fc.constantFrom<string[]>(['--type', 'file'], ['--type', 'FOLDER'], ['--start', '2026-03-01'], ['--end', '7d']);
  it('refused for every cursor spelling and value, with no call made', async () => {
    await fc.assert(fc.asyncProperty(spelling, value, filter, async (s, v, f) => {
      outputs.answer('drive/list_files', { files: [] });
      const run = await outputs.sent(['drive', 'list', ...f, `${s}=${v}`]);
      expect(run.reason).toBe('invalid_parameter');
      expect(run.calls).toEqual([]);
    }), { numRuns: 20 });
  });
  it('the same filter without a cursor spelling still lists', async () => {
    outputs.answer('drive/list_files', { files: [] });
    const run = await outputs.sent(['drive', 'list', '--type', 'file']);
    expect(run.reason).toBeUndefined();
    expect(run.calls.length).toBeGreaterThan(0);
  });
});

// validateDriveListLatest (drive_latest.go:39-41) and validateDriveListDepth (drive_depth.go:88-90@c7521c1c) refuse a
// cursor read by flagOrFallback(cmd, "cursor", "next-token") only: the hidden --page-token (a separate flag there,
// RegisterCrossProductAliases cross_product_aliases.go:57-82) is not read by either check, so the walk runs
describe('drive list: --latest and --depth above 1 refuse --cursor/--next-token but not the hidden --page-token', () => {
  const mode = fc.constantFrom<string[]>(['--latest', '5'], ['--depth', '2'], ['--depth', '5']);
  it('with --page-token the listing runs; with --cursor or --next-token it is refused before any call', async () => {
    await fc.assert(fc.asyncProperty(mode, fc.constantFrom('tok', '7'), async (m, v) => {
      outputs.answer('drive/list_files', { files: [] });
      const ran = await outputs.sent(['drive', 'list', ...m, '--page-token', v]);
      expect(ran.reason).toBeUndefined();
      expect(ran.calls.length).toBeGreaterThan(0);
      for (const s of ['--cursor', '--next-token']) {
        const refused = await outputs.sent(['drive', 'list', ...m, s, v]);
        expect(refused.reason).toBe('invalid_parameter');
        expect(refused.calls).toEqual([]);
      }
    }), { numRuns: 6 });
  });
});
