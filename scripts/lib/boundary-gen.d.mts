// Types for boundary-gen.mjs (used by test/engine/boundary.test.ts).
export const BOUNDARY_SOURCE: string;
export const BOUNDARY_OUTPUT: string;
export function boundaryModule(source: string): string;
