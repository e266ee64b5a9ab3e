// Dispatch of catalog commands (`dws <cli path> --flags`). Placeholder until the dispatch issue lands: every
// catalog path is recognized, nothing is executed.
import { DwsError } from '../errors.js';
import type { Engine } from '../engine/engine.js';
import { identityKey } from '../catalog/identity.js';

export async function runDispatch(argv: string[], engine: () => Engine): Promise<void> {
  const e = engine();
  const words = argv.filter((a) => !a.startsWith('-'));
  for (let n = Math.min(words.length, 6); n >= 1; n--) {
    const doc = e.identities.get(identityKey(words.slice(0, n).join(' ')));
    if (doc !== undefined) {
      throw new DwsError('not_dispatchable', `${e.refs[doc].primary_cli_path}: dispatch is not available in this build yet`);
    }
  }
  throw new DwsError('unknown_command', `unknown command "${words.slice(0, 3).join(' ')}"`, 'find commands with `dws schema search --query "<task>"`');
}
