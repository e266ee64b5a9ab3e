// Reading flag values handed to a local command (already validated against the ToolSpec, so only the shape varies).

/** A string flag's value, trimmed; "" when it was not given or is not text. */
export const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
