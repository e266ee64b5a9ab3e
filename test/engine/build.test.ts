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
  it('recompiling the AssemblyScript core twice gives the embedded wasm, byte for byte', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dws-wasm-'));
    const shas = [1, 2].map((i) => {
      const out = path.join(dir, `core-${i}.wasm`);
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/assemblyscript/bin/asc.js'), 'assembly/main.ts',
        '--config', 'asconfig.json', '--target', 'release', '--outFile', out], { cwd: ROOT, stdio: 'pipe' });
      return sha(readFileSync(out));
    });
    expect(shas[1]).toBe(shas[0]);
    expect(shas[0]).toBe(coreSha256());
    expect(sha(wasmBytes())).toBe(coreSha256());
  });

  it('rebuilding the snapshot from catalog/ gives build/snapshot.bin, byte for byte', () => {
    const rebuilt = snapshotFromCatalog(realCatalog());
    expect(sha(rebuilt)).toBe(sha(readFileSync(path.join(ROOT, 'build/snapshot.bin'))));
  });
});
