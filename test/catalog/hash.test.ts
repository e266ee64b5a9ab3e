// SPEC 3.3: surface_hash over the identity rows only; source_hash over every field of every ToolSpec.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { catalogHashes } from '../../src/build/hash.js';
import { realCatalog, shippedEngine } from '../helpers.js';

const sha = (s: string) => 'sha256:' + createHash('sha256').update(Buffer.from(s, 'utf8')).digest('hex');

describe('catalog hashes', () => {
  it('surface_hash is the sha256 of the sorted identity rows, exactly as SPEC 3.3 spells them', () => {
    const c = realCatalog();
    const rows = c.tools.map((t) => [t.product_id, t.canonical_path, t.primary_cli_path, [...t.aliases].sort().join('\0'), t.visibility].join('\0'));
    rows.sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
    expect(catalogHashes(c).surface_hash).toBe(sha(rows.join('\n')));
    expect(shippedEngine().catalogHashes).toEqual(catalogHashes(c));
  });

  it('a text change moves only source_hash; an identity change moves both', () => {
    const base = catalogHashes(realCatalog());
    const text = realCatalog();
    text.tools[0].description_en += ' (edited)';
    const t = catalogHashes(text);
    expect(t.surface_hash).toBe(base.surface_hash);
    expect(t.source_hash).not.toBe(base.source_hash);
    const ident = realCatalog();
    ident.tools[0].aliases = [...ident.tools[0].aliases, `${ident.tools[0].product_id} extra-alias`];
    const i = catalogHashes(ident);
    expect(i.surface_hash).not.toBe(base.surface_hash);
    expect(i.source_hash).not.toBe(base.source_hash);
  });

  it('does not depend on key order inside a ToolSpec (canonical JSON)', () => {
    const c = realCatalog();
    const reordered = realCatalog();
    reordered.tools = reordered.tools.map((t) => Object.fromEntries(Object.entries(t).reverse()) as typeof t);
    expect(catalogHashes(reordered)).toEqual(catalogHashes(c));
  });
});
