// Catalog hashes (SPEC 3.3). surface_hash covers the identity surface only; source_hash covers every field of every
// ToolSpec through RFC 8785 canonical JSON. Both are "sha256:" + lowercase hex.
import canonicalize from 'canonicalize';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Catalog, ToolSpec } from './types.js';
import { byCodePoint } from './order.js';

export function sha256Hex(bytes: Uint8Array): string {
  return 'sha256:' + bytesToHex(sha256(bytes));
}

function surfaceRow(t: ToolSpec): string {
  return [t.product_id, t.canonical_path, t.primary_cli_path, [...t.aliases].sort(byCodePoint).join('\0'), t.visibility].join('\0');
}

export function surfaceHash(tools: ToolSpec[]): string {
  // Byte order of UTF-8 equals code point order.
  const rows = tools.map(surfaceRow).sort(byCodePoint);
  return sha256Hex(utf8ToBytes(rows.join('\n')));
}

export function sourceHash(catalog: Catalog, surface: string): string {
  const body = canonicalize({ version: catalog.version, surface_hash: surface, products: catalog.products, tools: catalog.tools });
  if (body === undefined) throw new Error('catalog cannot be canonicalized');
  return sha256Hex(utf8ToBytes(body));
}

export function catalogHashes(catalog: Catalog): { source_hash: string; surface_hash: string } {
  const surface_hash = surfaceHash(catalog.tools);
  return { source_hash: sourceHash(catalog, surface_hash), surface_hash };
}
