// The one way a secret (a token, a configured credential) is taken out of text before it can reach any output: the
// transport's results and errors, the journal's error messages and ids, the event control plane's errors.

/** What stands in a text where a secret was. */
export const REDACTED = '***';

/**
 * Every spelling of a secret dws or a backend echoing it can produce: literal, JSON-escaped (inside a JSON string),
 * URL-encoded (a path or query component; a form body writes a space as +).
 */
export function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const url = encodeURIComponent(secret);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  return [...new Set([secret, json, url, form])];
}

/** text with every spelling of each secret replaced by REDACTED; empty secrets are ignored, the longest go first. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  const all = [...new Set(secrets.filter((x) => x.length > 0).flatMap(spellings))].sort((a, b) => b.length - a.length);
  for (const s of all) out = out.split(s).join(REDACTED);
  return out;
}
