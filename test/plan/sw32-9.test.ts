// Session 32 sweep, share 9 (the dev commands, from the end): where dws differed from upstream's bodies at c7521c1c,
// run as a user types them.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliAsync } from '../helpers.js';

describe('dev connect restart: a --profile typed on this run overrides the recorded profile of the relaunch (helpers/connect_daemon.go:924-935@c7521c1c)', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'dws-sw329-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const dir = () => path.join(root, 'state', 'connect', 'dingr');
  /** A connector record without a live daemon, and a stand-in connector program that records how it was called. */
  const setUp = () => {
    mkdirSync(dir(), { recursive: true });
    writeFileSync(path.join(dir(), 'daemon-state.json'), JSON.stringify({ clientId: 'dingr', unifiedAppId: 'uapp_9', profile: 'saved', channel: 'custom' }));
    const bin = path.join(root, 'connector.mjs');
    writeFileSync(bin, `#!${process.execPath}
import { writeFileSync } from 'node:fs';
writeFileSync(${JSON.stringify(path.join(dir(), 'argv.json'))}, JSON.stringify(process.argv.slice(2)));
`);
    chmodSync(bin, 0o755);
    return { DWS_STATE_DIR: path.join(root, 'state'), DWS_CONFIG_DIR: path.join(root, 'config'), DWS_CONFIG: '/nonexistent/dws.json', DWS_CONNECT_BIN: bin };
  };
  const relaunched = () => JSON.parse(readFileSync(path.join(dir(), 'argv.json'), 'utf8')) as string[];
  const base = ['dev', 'connect', '--daemon', '--unified-app-id', 'uapp_9', '--channel', 'custom', '--profile'];

  it('with --profile the relaunch carries the typed profile (trimmed); without it, or with a blank one, the recorded one', async () => {
    const env = setUp();
    const typed = await runCliAsync(['dev', 'connect', 'restart', '--robot-client-id', 'dingr', '--profile', ' override '], '', env);
    expect(typed.status).toBe(0);
    expect(relaunched()).toEqual([...base, 'override']);
    const bare = await runCliAsync(['dev', 'connect', 'restart', '--robot-client-id', 'dingr'], '', env);
    expect(bare.status).toBe(0);
    expect(relaunched()).toEqual([...base, 'saved']);
    const blank = await runCliAsync(['dev', 'connect', 'restart', '--robot-client-id', 'dingr', '--profile', ' '], '', env);
    expect(blank.status).toBe(0);
    expect(relaunched()).toEqual([...base, 'saved']);
  });

  it('a profile selected only through DWS_PROFILE in the environment is no typed --profile: the recorded one is relaunched', async () => {
    const env = setUp();
    const r = await runCliAsync(['dev', 'connect', 'restart', '--robot-client-id', 'dingr'], '', { ...env, DWS_PROFILE: 'ambient' });
    expect(r.status).toBe(0);
    expect(relaunched()).toEqual([...base, 'saved']);
  });
});
