// The one test for "a JSON object" (not null, not an array) that every layer reading parsed JSON or YAML uses.

/** Whether a parsed JSON value is an object: not null and not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
