// What the p-minutes pre-audit (issue 32) fixed that is not a recorded call: upstream's sanitizeFileName as the
// go_file_name transform (internal/helpers/drive.go:3700-3713@c7521c1c), which markdown create names its file with.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { goFileName } from '../../src/plan/transforms/files.js';

describe('go_file_name reads a name as upstream sanitizeFileName does', () => {
  it('keeps the last path element, backslashes counting as slashes, and trims nothing', () => {
    expect(['dir/R.md', 'a\\b\\R.Md', ' R.md ', 'x/y/', '..', '.', '', '/', '///', 'a/..', 'n\u0000.md', '\u0000'].map(goFileName))
      .toEqual(['R.md', 'R.Md', ' R.md ', 'y', 'unnamed', 'unnamed', 'unnamed', 'unnamed', 'unnamed', 'unnamed', 'n.md', 'unnamed']);
  });

  it('a name without separators, dots-only names or NUL characters comes back unchanged', () => {
    fc.assert(fc.property(fc.string().filter((s) => !/[\\/\u0000]/u.test(s) && s !== '' && s !== '.' && s !== '..'), (s) => goFileName(s) === s));
  });

  it('never returns a name holding a separator, and reading its result again changes nothing', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const name = goFileName(s);
      return !/[\\/\u0000]/u.test(name) && name !== '' && goFileName(name) === name;
    }));
  });
});
