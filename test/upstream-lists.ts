// upstream's list readers written out as models (not imported from src), so that tests check dws's list transforms
// against an independent statement of what upstream sends.
import { goTrim } from './go-spaces.js';

/**
 * upstream's parseCSVValues with cleanStringValues (internal/helpers/contact.go:20-45@c7521c1c): null (Go's nil slice)
 * for a blank text; a [..] text read as a JSON list of texts when it is one, else its brackets dropped and the rest read
 * as a comma list; parts trimmed, then their quotes (" and ') stripped, blanks left out.
 */
export function parseCSVValues(raw: string): string[] | null {
  let text = goTrim(raw);
  if (text === '') return null;
  const clean = (parts: string[]) => parts.map((p) => goTrim(p).replace(/^["']+|["']+$/g, '')).filter((v) => v !== '');
  if (text.startsWith('[') && text.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string' || v === null)) {
        return clean(parsed.map((v) => (v === null ? '' : v as string)));
      }
    } catch {
      // not JSON: fall through to the comma list
    }
    text = goTrim(text.slice(1, -1));
  }
  return clean(text.split(','));
}
