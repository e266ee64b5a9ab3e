// The upstream commit the catalog follows (catalog/meta/upstream.yaml) and where its facts files lie in a
// development checkout (../shared/upstream/...). Scripts and tests read the facts from here; the build never does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** { commit, short, surface, composition }: surface and composition as absolute paths (which may not exist). */
export function followedUpstream(root) {
  const meta = YAML.parse(readFileSync(path.join(root, 'catalog', 'meta', 'upstream.yaml'), 'utf8'));
  for (const k of ['commit', 'short', 'surface', 'composition']) {
    if (typeof meta?.[k] !== 'string' || meta[k] === '') throw new Error(`catalog/meta/upstream.yaml: "${k}" must be a non-empty string`);
  }
  if (!meta.commit.startsWith(meta.short)) throw new Error(`catalog/meta/upstream.yaml: short "${meta.short}" is not a prefix of commit "${meta.commit}"`);
  const shared = path.join(root, '..', 'shared', 'upstream');
  return { commit: meta.commit, short: meta.short, surface: path.join(shared, meta.surface), composition: path.join(shared, meta.composition) };
}
