// The execute entry (dist/exec.cjs, one CommonJS file): bin/dws.cjs runs it when the first word names a catalog
// command (`dws chat +dm --to X --text hi`), so an execute step's cold process loads dispatch and nothing of the
// commander program, the schema and serve commands or the search core.
import { checkOptionNames } from '../limits.js';
import { fail } from './io.js';
import { runCatalogCommand } from './catalog-command.js';

export async function start(argv: string[]): Promise<void> {
  try {
    checkOptionNames(argv);
  } catch (err) {
    fail(err);
  }
  await runCatalogCommand(argv);
}
