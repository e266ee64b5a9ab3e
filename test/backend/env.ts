// The environment of a dws process against the fake DingTalk: private config and keychain dirs, the fake as MCP
// base, login host and gateway, plain http allowed for loopback, no OS keychain.
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function fakeEnv(base: string): Record<string, string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dws-auth-'));
  return {
    HOME: dir, DWS_CONFIG_DIR: path.join(dir, 'config', 'nested'), DWS_KEYCHAIN_DIR: path.join(dir, 'keychain'),
    DWS_MCP_BASE_URL: base, DWS_LOGIN_URL: base, DWS_ALLOW_HTTP_ENDPOINTS: '1', DWS_DISABLE_KEYCHAIN: '1',
    DWS_MCP_URL_TEMPLATE: '', DWS_TOKEN: '', DWS_CONFIG: '', DWS_JOURNAL: path.join(dir, 'journal.jsonl'),
  };
}

/** Every file under dir with its mode, and its bytes. */
export function filesUnder(dir: string): { file: string; mode: number; bytes: Buffer; dir: boolean }[] {
  const out: { file: string; mode: number; bytes: Buffer; dir: boolean }[] = [];
  const walk = (d: string) => {
    out.push({ file: d, mode: statSync(d).mode & 0o777, bytes: Buffer.alloc(0), dir: true });
    for (const name of readdirSync(d)) {
      const f = path.join(d, name);
      if (statSync(f).isDirectory()) walk(f);
      else out.push({ file: f, mode: statSync(f).mode & 0o777, bytes: readFileSync(f), dir: false });
    }
  };
  walk(dir);
  return out;
}
