// The library as a TypeScript user installs it: package.json names the declarations npm run build writes to
// dist/types/, and the README's library example type-checks (strict) and runs against the built package, printing
// exactly the bytes the CLI prints.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, runCli } from '../helpers.js';

/** The README's ```js block after "As a library:". */
function readmeExample(): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const m = /As a library:\s*```js\n([\s\S]*?)```/.exec(readme);
  if (!m) throw new Error('README.md has no library example');
  return m[1];
}

/** A project that depends on dws (node_modules/dws -> this checkout). */
function consumer(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dws-consumer-'));
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'dws'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module","private":true}\n');
  return dir;
}

describe('library types', () => {
  it('package.json names dist/types/index.d.ts, which the build wrote', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.types).toBe('dist/types/index.d.ts');
    expect(pkg.exports['.']).toEqual({ types: './dist/types/index.d.ts', default: './dist/index.mjs' });
    expect(existsSync(path.join(ROOT, pkg.types))).toBe(true);
  });

  it("the README's example type-checks against the package, and a misuse does not", () => {
    const dir = consumer();
    const example = readmeExample();
    writeFileSync(path.join(dir, 'example.ts'), `${example}\nconst line: string = engine.search({ query: 'x' });\nexport { line };\n`);
    writeFileSync(path.join(dir, 'misuse.ts'), "import { loadEngine } from 'dws';\nconst n: number = loadEngine().search({ query: 'x' });\nexport { n };\n");
    const tsc = (file: string) => {
      try {
        execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--module', 'nodenext',
          '--moduleResolution', 'nodenext', '--target', 'es2022', '--skipLibCheck', '--types', 'node',
          '--typeRoots', path.join(ROOT, 'node_modules/@types'), file], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
        return '';
      } catch (e) {
        return String((e as { stdout?: string }).stdout);
      }
    };
    expect(tsc('example.ts')).toBe('');
    // the answer is the JSON line: a string
    expect(tsc('misuse.ts')).toMatch(/^misuse\.ts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/m);
  });

  it("the README's example runs against the built package and gives the CLI's bytes", () => {
    const dir = consumer();
    writeFileSync(path.join(dir, 'example.mjs'), readmeExample().replace(/^(engine\.search\(.*\));(.*)$/m, 'process.stdout.write($1 + "\\n");$2'));
    const out = execFileSync(process.execPath, ['example.mjs'], { cwd: dir, encoding: 'utf8' });
    expect(out).toBe(runCli(['schema', 'search', '--query', '撤回群消息', '--limit', '3']).stdout);
  });
});
