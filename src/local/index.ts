// Registry of local commands by canonical path (see types.ts). Each area keeps its commands in its own file and
// spreads them in here; a local catalog leaf without an entry answers not_dispatchable.
import { auditCommands } from './audit.js';
import { devCommands } from './dev.js';
import { driveFolderCommands } from './drive-folder.js';
import { driveListCommands } from './drive-list.js';
import { eventCommands } from './event.js';
import { patCommands } from './pat.js';
import { recoverCommands } from './recover.js';
import type { LocalCommand } from './types.js';

export const localCommands: Readonly<Record<string, LocalCommand>> = Object.freeze({
  ...auditCommands,
  ...devCommands,
  ...driveFolderCommands,
  ...driveListCommands,
  ...eventCommands,
  ...patCommands,
  ...recoverCommands,
});
