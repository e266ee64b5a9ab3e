// The package as npm installs it: every dependency with an install script is approved or denied in package.json's
// allowScripts, so `npm ci` on a fresh clone prints no install-script warning (npm 11 blocks unreviewed scripts).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './helpers.js';

describe('install scripts', () => {
  it('npm finds none that allowScripts does not cover', () => {
    const out = execFileSync('npm', ['install-scripts', 'ls', '--json'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
    expect(JSON.parse(out)).toEqual({ allowScripts: [] });
  });

  it('esbuild may run its postinstall; msgpackr-extract may not build from source (its prebuilt binary is optional)', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.allowScripts).toEqual({ esbuild: true, 'msgpackr-extract': false });
  });
});
