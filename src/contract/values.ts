// Reading flag values: upstream's whitespace trim (src/text/space.ts), and the text of a flag handed to a local
// command (already validated against the ToolSpec, so only the shape varies).
import { trimSpace } from '../text/space.js';

export { fields, trimSpace } from '../text/space.js';

/** A string flag's value, trimmed; "" when it was not given or is not text. */
export const text = (v: unknown): string => (typeof v === 'string' ? trimSpace(v) : '');
