// The one way a secret (a token, a configured credential) is taken out of text before it can reach any output: the
// transport's results and errors, the journal's error messages and ids, the event control plane's errors.

/** What stands in a text where a secret was. */
export const REDACTED = '***';

/** text with every occurrence of each secret replaced by REDACTED; empty secrets are ignored, the longest go first. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of [...secrets].filter((x) => x.length > 0).sort((a, b) => b.length - a.length)) out = out.split(s).join(REDACTED);
  return out;
}
