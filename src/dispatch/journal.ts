// The local journal of backend calls (SPEC 6.2). Placeholder seam: dispatch calls journalCall once per backend
// call; the hash-chained JSON Lines journal is written here.
import type { CallRecord } from './call-record.js';
import type { Env } from './config.js';

export function journalCall(_env: Env, _record: CallRecord): void {}
