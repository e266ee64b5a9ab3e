// Reproducible artifacts: compiling assembly/ again gives the embedded core byte for byte, and rebuilding the
// snapshot from catalog/ gives the shipped build/snapshot.bin byte for byte.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { coreSha256, wasmBytes } from '../../src/core/core.js';
import { snapshotFromCatalog } from '../../src/snapshot/write.js';
import { realCatalog, ROOT } from '../helpers.js';

const sha = (b: Uint8Array) => 'sha256:' + createHash('sha256').update(b).digest('hex');

describe('reproducible build', () => {
  it('recompiling the AssemblyScript core gives the wasm the build embedded, byte for byte', () => {
    // `npm run build` compiled it once already: one more compile is the second of the two that must agree.
    const out = path.join(mkdtempSync(path.join(tmpdir(), 'dws-wasm-')), 'core.wasm');
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules/assemblyscript/bin/asc.js'), 'assembly/main.ts',
      '--config', 'asconfig.json', '--target', 'release', '--outFile', out], { cwd: ROOT, stdio: 'pipe' });
    expect(sha(readFileSync(out))).toBe(coreSha256());
    expect(sha(wasmBytes())).toBe(coreSha256());
  });

  it('rebuilding the snapshot from catalog/ gives build/snapshot.bin, byte for byte', () => {
    const rebuilt = snapshotFromCatalog(realCatalog());
    expect(sha(rebuilt)).toBe(sha(readFileSync(path.join(ROOT, 'build/snapshot.bin'))));
  });
});
