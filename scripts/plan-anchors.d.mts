// Types for plan-anchors.mjs (used by test/plan/h54-anchor.test.ts).
/** One anchor of a plan file used under a command other than the one defining it. */
export interface SharedAnchor {
  /** the plan file, relative to the repository root */
  file: string;
  /** the line of the anchor's definition */
  line: number;
  anchor: string;
  /** the command (plans.<key>, or fragments.<key>) holding the definition */
  defined_in: string | null;
  /** each other command using it, with the lines of its uses */
  used_in: Record<string, number[]>;
}
export function scanPlanAnchors(plansDir?: string, root?: string): SharedAnchor[];
