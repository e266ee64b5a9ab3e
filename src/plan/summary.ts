// How a command executes, in the two short forms discovery shows (docs/PLANS.md "Discovery"): the compact Inspect
// key `execution` and the search reference's `calls`. Computed from the ToolSpec alone (build time and Inspect).
import type { ToolSpec } from '../catalog/types.js';
import { planSummary, type ExecutionSummary } from '../catalog/plan.js';

/**
 * Commands the surface facts call composite that upstream runs from a local control plane, not from backend RPCs
 * (dws-composition.json classes them local); dispatch runs them from its local registry (src/dispatch/local/, which a
 * test keeps equal to this list).
 */
export const LOCAL_COMPOSITES: ReadonlySet<string> = new Set([
  'dev.connect_restart', 'event.consume', 'event.status', 'event.stop',
  'drive.folder_pull', 'drive.folder_push', 'drive.folder_status', 'drive.folder_sync',
]);

/**
 * The local commands that DO call a backend: the drive folder walks (src/dispatch/local/drive-folder.ts, which takes
 * its step numbers and its page bound from here). `steps` are the kinds of call in the order the command makes them
 * (`<server>.<rpc>`, or `upload`/`download` for the HTTP transfer to the URL the step before returned); each repeats
 * per folder page (the walk makes at most `max_pages` list calls in all) or per file, as a plan's `for_each` step does.
 */
export const LOCAL_WALKS: Readonly<Record<string, { steps: readonly string[]; max_pages: number }>> = {
  'drive.folder_status': { steps: ['drive.list_files'], max_pages: 500 },
  'drive.folder_pull': { steps: ['drive.list_files', 'drive.download_file', 'download'], max_pages: 500 },
  'drive.folder_push': { steps: ['drive.list_files', 'drive.create_folder', 'drive.get_upload_info', 'upload', 'drive.commit_upload'], max_pages: 500 },
  'drive.folder_sync': {
    steps: ['drive.list_files', 'drive.create_folder', 'drive.download_file', 'download', 'drive.get_upload_info', 'upload', 'drive.commit_upload'],
    max_pages: 500,
  },
};

/** undefined: the command has no way to run in this build (a composite command without a plan, or unavailable). */
export function executionSummary(t: ToolSpec): ExecutionSummary | undefined {
  if (t.availability === 'unavailable') return undefined;
  if (t.interface_mode === 'mcp') return t.interface_ref ? { steps: 1 } : undefined;
  const walk = Object.hasOwn(LOCAL_WALKS, t.canonical_path) ? LOCAL_WALKS[t.canonical_path] : undefined;
  if (walk) {
    return {
      local: true, steps: walk.steps.length, max_pages: walk.max_pages, for_each: true,
      ...(walk.steps.includes('upload') ? { upload: true as const } : {}), ...(walk.steps.includes('download') ? { download: true as const } : {}),
    };
  }
  if (t.interface_mode === 'local' || LOCAL_COMPOSITES.has(t.canonical_path)) return { local: true };
  return t.plan ? planSummary(t.plan) : undefined;
}

/** The number of backend steps (1 for atomic commands, 0 for local ones that call no backend); undefined when it cannot run. */
export function executionCalls(t: ToolSpec): number | undefined {
  const s = executionSummary(t);
  return s === undefined ? undefined : s.steps ?? 0;
}
