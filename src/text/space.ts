// Go's whitespace, for every layer that reads text as upstream does: the unicode.IsSpace set (not JS's: U+0085 is
// space, U+FEFF is not), strings.TrimSpace and strings.Fields.
const SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** A JSON Schema / RegExp pattern of a text that is only Go whitespace (or empty). */
export const ONLY_SPACE_PATTERN = `^[${SPACE}]*$`;
const SURROUNDING_SPACE = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, 'gu');

/** The text without surrounding whitespace, as upstream's `strings.TrimSpace`. */
export const trimSpace = (s: string): string => s.replace(SURROUNDING_SPACE, '');

const SPACE_RUN = new RegExp(`[${SPACE}]+`, 'u');
/** The words of a text split on runs of whitespace, as Go's `strings.Fields`. */
export const fields = (s: string): string[] => s.split(SPACE_RUN).filter((w) => w !== '');
