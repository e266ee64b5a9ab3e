// The one plural rule of the shell's word matching (the core's tokenizer stems plurals in assembly/tokenizer.ts:
// Harman's S-stemmer on indexed and query words alike). Matching a catalog word in a request, an English word may
// carry "s" or "es": "meetings" says "meeting", "boxes" says "box".

/** The plural ending a matched word may carry, as a regular-expression fragment. */
export const PLURAL_ENDING = '(?:e?s)?';

/** The forms a request's word may be the plural of (itself first): "boxes" -> boxes, boxe, box. */
export function singulars(word: string): string[] {
  const out = [word];
  if (word.endsWith('s')) out.push(word.slice(0, -1));
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  return out;
}
