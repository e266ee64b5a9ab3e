// Identity keys for the Exact Guard: canonical path, CLI path, primary CLI path and aliases reduce to one key form
// (NFKC, lowercase, a leading "dws" dropped, ".", "/" and whitespace runs as one space), so `chat.send`,
// `chat send` and `dws chat send` are the same key.

export function identityKey(text: string): string {
  const words = text.normalize('NFKC').toLowerCase().split(/[\s./]+/u).filter((w) => w.length > 0);
  if (words[0] === 'dws') words.shift();
  return words.join(' ');
}

export interface IdentityTool {
  canonical_path: string;
  cli_path: string;
  primary_cli_path: string;
  aliases: string[];
}

/** Every identity key of a tool, deduplicated. */
export function identityKeys(t: IdentityTool): string[] {
  return [...new Set([t.canonical_path, t.cli_path, t.primary_cli_path, ...t.aliases].map(identityKey))];
}
