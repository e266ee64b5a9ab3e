// Types for homophone-words.mjs (used by test/engine/homophones.test.ts).
export function catalogWords(catalogDir: string): string[];
