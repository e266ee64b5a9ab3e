// Types of notes/sweep-list-models.mjs for the tests that import it.
export type ModelResult = { sent: (string | number)[] | null } | { error: string };
export const MODELS: Record<string, (raw: string) => ModelResult>;
export const EXPECTED_TRANSFORM: Record<string, string>;
export const INPUTS: string[];
