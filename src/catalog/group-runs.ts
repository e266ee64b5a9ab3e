// Upstream's runnable groups whose own body is one of their commands' (test/fixtures/cli-interface-baseline.txt@c7521c1c
// lists nine groups with flags of their own; these three run a dws command's body exactly). Dispatch
// (src/dispatch/resolve.ts) runs the command when the group is typed with arguments and no --help, named by the group's
// words; a plan's `warnings` may name the group as its `alias` (src/plan/validate.ts). Typed bare or with --help, the
// group stays a group. The other six (`aitable view update`, `chat group members`, `dev connect`, `doc export`,
// `doc import`, `sheet import`) have no dws command with their body, or (sheet import) already resolve as one.

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

/** The groups that run the command of this CLI path, as typed words joined by spaces. */
export function groupRunsOf(cliPath: string): string[] {
  return GROUP_RUNS.filter(([, command]) => command.join(' ') === cliPath).map(([group]) => group.join(' '));
}
