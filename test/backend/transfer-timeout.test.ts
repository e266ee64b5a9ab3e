// A file transfer is bounded by upstream's transfer clients, not by the 30 s of a backend call: upstream moves files
// through its own HTTP clients, which allow a whole upload or download 10 minutes (localio downloadTimeout,
// download.go:26, :344@c7521c1c). A 201 MiB recording on a slow link took longer than 30 s and dws gave up with
// transport_error. A typed --timeout (or DWS_TIMEOUT) still bounds transfers too (test/hardening/files.test.ts).
import fc from 'fast-check';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typedTimeoutMs } from '../../src/dispatch/cli.js';
import { callBoundMs, effectsFor, transferBoundMs } from '../../src/dispatch/effects.js';
import { DwsError } from '../../src/errors.js';
import { shippedEngine } from '../helpers.js';

describe('the bound of a transfer', () => {
  it('is 10 minutes when nothing is typed (a call keeps its 30 s), the typed --timeout or DWS_TIMEOUT otherwise', () => {
    expect(typedTimeoutMs(undefined, {})).toBeUndefined();
    expect(typedTimeoutMs('', {})).toBeUndefined();
    expect(transferBoundMs(typedTimeoutMs(undefined, {}), undefined)).toBe(600_000);
    expect(callBoundMs(typedTimeoutMs(undefined, {}))).toBe(30_000);
    expect(transferBoundMs(typedTimeoutMs('5', {}), undefined)).toBe(5000);
    expect(transferBoundMs(typedTimeoutMs(undefined, { DWS_TIMEOUT: '7' }), undefined)).toBe(7000);
    expect(() => typedTimeoutMs('0', {})).toThrow(DwsError);
    expect(() => typedTimeoutMs('ten', {})).toThrow(/--timeout must be a number of seconds/u);
  });

  it('property: any typed value bounds a transfer exactly as it bounds a call, a step\'s own bound included', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 3600 }), fc.integer({ min: 0, max: 999 }), fc.boolean(), fc.option(fc.integer({ min: 1, max: 3_600_000 })), (s, ms, asEnv, step) => {
      const text = ms === 0 ? String(s) : `${Math.min(s, 3599)}.${String(ms).padStart(3, '0')}`;
      const [flag, env] = asEnv ? [undefined, { DWS_TIMEOUT: text }] : [text, {}];
      const typed = typedTimeoutMs(flag, env);
      expect(transferBoundMs(typed, step ?? undefined)).toBe(callBoundMs(typed));
      expect(typed).toBe(Math.round(Number(text) * 1000));
    }));
  });
});

describe('the effects port bounds a download by the transfer bound, not the call bound', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // the body's first half, a pause of 1.2 s, then the rest: longer than a 300 ms call bound
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-length': '10' });
      res.write('hello');
      setTimeout(() => res.end('world'), 1200);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const tool = shippedEngine().tools().find((t) => t.canonical_path === 'drive.shortcut_download')!;
  const download = async (bounds: { typedTimeoutMs?: number }) => {
    const root = mkdtempSync(path.join(tmpdir(), 'dws-transfer-'));
    const env = { DWS_FILE_ROOT: root, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_JOURNAL: path.join(root, '..', `${path.basename(root)}.jsonl`), DWS_CONFIG: '/nonexistent/dws.json' };
    const effects = effectsFor({ tool, env, ...bounds, catalog: { source_hash: 'h', surface_hash: 'h' } });
    try {
      await effects.transfer({ kind: 'download', step: 0, url: `${base}/f.bin`, headers: {}, maxBytes: 1024, file: 'f.bin', overwrite: false });
      return readFileSync(path.join(root, 'f.bin'), 'utf8');
    } catch (e) {
      return e instanceof DwsError ? e.reason : 'thrown';
    }
  };

  it('nothing typed: the transfer bound (10 minutes), not a call\'s, and the slow body is saved whole', async () => {
    expect(await download({})).toBe('helloworld');
  });

  it('a typed 300 ms bounds the transfer too, and the slow body is a transport_error', async () => {
    expect(await download({ typedTimeoutMs: 300 })).toBe('transport_error');
  });
});
