// Tests never write the dispatch journal into the user's state directory: each test file (and every CLI it spawns
// with process.env) gets a private XDG_STATE_HOME, removed when the file is done.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const state = mkdtempSync(path.join(os.tmpdir(), 'dws-test-state-'));
process.env.XDG_STATE_HOME = state;
delete process.env.DWS_JOURNAL;
delete process.env.DWS_STATE_DIR;
afterAll(() => rmSync(state, { recursive: true, force: true }));
