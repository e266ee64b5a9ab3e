// Types for the parts of scan-upstream-flags.mjs a test reads (test/plan/h40-left2.test.ts).
/** The top-level Go declaration holding offset `at` of text: its braces, or a `var X = f(...)` call's parentheses. */
export function declAt(text: string, at: number): string;
/** The flags of the package's shortcut variable `name`: a later `name.Flags = ...` first, else its declaration. */
export function varFlags(pkg: string, name: string): string;
/** cli path -> spelling -> the upstream lines showing the builder is called with false (never registered). */
export const NOT_REGISTERED: Record<string, Record<string, string>>;
