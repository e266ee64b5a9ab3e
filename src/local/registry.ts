// Which canonical paths are local commands, with each area's module loaded only when one of its commands runs: a
// dispatch asks whether its command is local before anything runs, and a cold process of any other command then
// never loads the event client (ws and the network modules), the drive folder walks or the dev connector. The
// commands themselves are index.ts's; a test keeps the two lists equal.
import type { LocalCommand } from './types.js';

type Area = () => Promise<Readonly<Record<string, LocalCommand>>>;

const audit: Area = async () => (await import('./audit.js')).auditCommands;
const dev: Area = async () => (await import('./dev.js')).devCommands;
const driveFolder: Area = async () => (await import('./drive-folder.js')).driveFolderCommands;
const driveList: Area = async () => (await import('./drive-list.js')).driveListCommands;
const event: Area = async () => (await import('./event.js')).eventCommands;
const pat: Area = async () => (await import('./pat.js')).patCommands;
const recover: Area = async () => (await import('./recover.js')).recoverCommands;

const AREA_OF: Readonly<Record<string, Area>> = Object.freeze({
  'audit.tail': audit,
  'audit.export': audit,
  'audit.verify': audit,
  'audit.prune': audit,
  'audit.recover': recover,
  'dev.connect_list': dev,
  'dev.connect_restart': dev,
  'dev.connect_status': dev,
  'dev.connect_stop': dev,
  'drive.folder_status': driveFolder,
  'drive.folder_pull': driveFolder,
  'drive.folder_push': driveFolder,
  'drive.folder_sync': driveFolder,
  'drive.list_walk': driveList,
  'event.consume': event,
  'event.list': event,
  'event.schema': event,
  'event.status': event,
  'event.stop': event,
  'pat.browser_policy': pat,
});

/** The canonical paths of the local commands (index.ts localCommands has the same keys). */
export const LOCAL_COMMAND_PATHS: readonly string[] = Object.keys(AREA_OF);

export const isLocalCommand = (canonicalPath: string): boolean => Object.hasOwn(AREA_OF, canonicalPath);

/** The local command of that canonical path, its area's module loaded now; undefined when there is none. */
export async function loadLocalCommand(canonicalPath: string): Promise<LocalCommand | undefined> {
  if (!isLocalCommand(canonicalPath)) return undefined;
  const commands = await AREA_OF[canonicalPath]();
  return Object.hasOwn(commands, canonicalPath) ? commands[canonicalPath] : undefined;
}
