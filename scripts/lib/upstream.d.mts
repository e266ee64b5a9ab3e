// Types for upstream.mjs (used by the tests that compare the catalog with the upstream facts).
export interface FollowedUpstream { commit: string; short: string; surface: string; composition: string }
export function followedUpstream(root: string): FollowedUpstream;
