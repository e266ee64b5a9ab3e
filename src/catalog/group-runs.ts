// Upstream's runnable groups whose own body is one of their commands' (test/fixtures/cli-interface-baseline.txt@c7521c1c
// lists nine groups with flags of their own; these three run a dws command's body exactly). Dispatch
// (src/dispatch/resolve.ts) runs the command when the group is typed with arguments and no --help, named by the group's
// words; a plan's `warnings` may name the group as its `alias` (src/plan/validate.ts). Typed bare or with --help, the
// group stays a group. Of the other six (notes/h41-groups.md): `chat group members` is a catalog command of the group's
// own path (`group_body`); `sheet import` resolves as `sheet import create` (its canonical path sheet.import); `dev
// connect` (a local daemon), `aitable view update`, `doc import` and `doc export` (not yet run) are refused below
// (GROUPS_NOT_RUN).

/** [group words, command words]. */
export const GROUP_RUNS: readonly (readonly [group: readonly string[], command: readonly string[]])[] = [
  // `aitable view list` is declared with view get's RunE (helpers/aitable.go:3029-3056, :7486-7514@c7521c1c)
  [['aitable', 'view', 'get'], ['aitable', 'view', 'list']],
  // withReportDeprecationWarning("inbox", "inbox list", runReportList) (helpers/report.go:335-341@c7521c1c)
  [['report', 'inbox'], ['report', 'inbox', 'list']],
  // the root's RunE runs the person search when a keyword is given, else prints its help (helpers/aisearch.go:193-198@c7521c1c);
  // dws runs the person search for any arguments, whose own check refuses a missing keyword
  [['aisearch'], ['aisearch', 'person']],
];

/**
 * Upstream's runnable groups whose body dws does not run (session 41): typed with arguments and no --help, the group's
 * words are refused as `not_dispatchable` (3) saying why, with upstream's location, instead of as a group; bare or with
 * --help they stay a group. [group words, upstream RunE, why (English / Chinese), what dws offers instead].
 */
export const GROUPS_NOT_RUN: readonly (readonly [group: readonly string[], upstream: string, why: string, instead: string])[] = [
  [['dev', 'connect'], 'internal/helpers/devapp_connect.go:444@c7521c1c',
    'runs a long-lived local Stream connector that bridges a robot to a local AI agent (foreground or --daemon), a program dws does not run / 上游在本机起长驻 Stream 连接器（前台或 --daemon），dws 不运行该程序',
    'see or manage connectors started by upstream\'s dws with `dws dev connect list`, `status`, `stop`, `restart`'],
  // not yet run (session 41): the body's --config goes through normalizeViewConfigBlock (aitable.go:585-690), which dws
  // does not reproduce; refused rather than sent otherwise than upstream sends it
  [['aitable', 'view', 'update'], 'internal/helpers/aitable.go:3409@c7521c1c',
    'sends aitable update_view after upstream\'s own normalization of --config, which dws does not reproduce yet / 上游对 --config 的规整 dws 尚未实现，暂不执行',
    'update a view with `dws aitable +view-update`, or one part of it with `dws aitable view update <part>`'],
  // the body doc +import runs (RunDocImportShortcut, doc_shortcut_bridge.go:11-13); not run as the group (session 41):
  // its own-path command (notes/h41-groups-doc-import.patch) made the identity `doc import` pin in search and lowered
  // R@1 / MRR@5 of the held-out evaluation, so the lead decides
  [['doc', 'import'], 'internal/helpers/doc.go:4145@c7521c1c',
    'runs the import flow of `dws doc +import` (upload, conversion, polling); dws does not run it under this name yet / 与 `dws doc +import` 同一导入流程，dws 暂不以此名执行',
    'import with `dws doc +import --file <path>` (the same calls; it refuses an absolute path and reads no positional file)'],
  // not yet run (session 41): submit, a 30-read back-off poll and the download to --output (doc.go:3873-4026,
  // pollDocExportJob :4945-5003); its hidden --format spelling is also dws's own output flag
  [['doc', 'export'], 'internal/helpers/doc.go:3873@c7521c1c',
    'submits an export job, polls it and downloads the file to --output; dws does not run this body yet / 上游提交导出、轮询并下载到 --output，dws 尚未执行该流程',
    'export with `dws doc +export` (its own defaults: --output a directory, `.` when left out), or step by step with `dws doc +export-submit` and `dws doc export get`'],
];

/** The groups that run the command of this CLI path, as typed words joined by spaces. */
export function groupRunsOf(cliPath: string): string[] {
  return GROUP_RUNS.filter(([, command]) => command.join(' ') === cliPath).map(([group]) => group.join(' '));
}
