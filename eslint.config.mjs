// Lint (npm run lint, run by .ci/run): ESLint's and typescript-eslint's recommended rules, without type information
// so a run stays a few seconds. assembly/ is AssemblyScript (decorators TypeScript does not parse; asc checks it);
// generated and built files are not linted.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['wip/', 'assembly/', 'dist/', 'build/', 'node_modules/', 'src/core/generated/', 'report/', 'docs/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter or a destructured key left out on purpose (a seam's signature, a key dropped).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // A closure that reads a `let` before its one assignment (a server handle set after the callback is made).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Errors are rethrown as typed DwsErrors whose message carries the cause's text.
      'preserve-caught-error': 'off',
    },
  },
  {
    // The gap reader and the journal's id rule reject control characters on purpose (they separate the stored gap
    // table's fields; an id must be printable); tests match terminal escape codes.
    files: ['src/build/load.ts', 'src/journal/ids.ts', 'test/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Tests and hand-written declarations of untyped JS modules describe data loosely.
    files: ['test/**', '**/*.d.mts', '**/*.d.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
