import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Two projects. test/plan (about 400 files) runs without per-file isolation: each worker imports the catalog, the
// plan executor and the CLI once rather than once per file, which was about half of the suite's import time. Every
// other folder, and any test/plan file that cannot share a process, keeps vitest's per-file isolation. A test/plan
// file stays isolated when it mocks a module (`vi.mock` only takes effect before the module's first import in the
// process) or changes process.env at its top level (nothing restores it for the next file). The rule for the shared
// files is in DEVELOPERS.md: restore what you change (env, timers, spies) in an afterEach/afterAll.
const PLAN = 'test/plan';
const planFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return planFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
const needsIsolation = (file: string): boolean => {
  const text = readFileSync(file, 'utf8');
  return /\bvi\.(?:do)?[mM]ock\(/.test(text) || /^(?:delete )?process\.env\b/m.test(text);
};
const isolatedPlanFiles = planFiles(PLAN).filter(needsIsolation);
const otherFolders = readdirSync('test', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'plan')
  .map((entry) => `test/${entry.name}/**/*.test.ts`);

export default defineConfig({
  test: {
    setupFiles: ['test/setup/journal-home.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 300_000, // a busy 2-core machine (helpers, CI neighbours) slows the heavy property tests 4x or more
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'plan', include: [`${PLAN}/**/*.test.ts`], exclude: isolatedPlanFiles, isolate: false } },
      { extends: true, test: { name: 'isolated', include: ['test/*.test.ts', ...otherFolders, ...isolatedPlanFiles] } },
    ],
  },
});
