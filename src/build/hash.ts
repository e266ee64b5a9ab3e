// Catalog hashes (SPEC 3.3). surface_hash covers the identity surface only; source_hash covers every field of every
// ToolSpec through RFC 8785 canonical JSON. Both are "sha256:" + lowercase hex. Build time only (Node).
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { Catalog, ToolSpec } from '../catalog/types.js';
import { byCodePoint } from '../text/order.js';

export function sha256Hex(text: string): string {
  return 'sha256:' + createHash('sha256').update(text, 'utf8').digest('hex');
}

function surfaceRow(t: ToolSpec): string {
  return [t.product_id, t.canonical_path, t.primary_cli_path, [...t.aliases].sort(byCodePoint).join('\0'), t.visibility].join('\0');
}

export function surfaceHash(tools: ToolSpec[]): string {
  // Byte order of UTF-8 equals code point order.
  return sha256Hex(tools.map(surfaceRow).sort(byCodePoint).join('\n'));
}

export function sourceHash(catalog: Catalog, surface: string): string {
  const body = canonicalize({ version: catalog.version, surface_hash: surface, products: catalog.products, tools: catalog.tools });
  if (body === undefined) throw new Error('catalog cannot be canonicalized');
  return sha256Hex(body);
}

export function catalogHashes(catalog: Catalog): { source_hash: string; surface_hash: string } {
  const surface_hash = surfaceHash(catalog.tools);
  return { source_hash: sourceHash(catalog, surface_hash), surface_hash };
}
