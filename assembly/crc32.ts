// CRC-32 (ISO-HDLC, the zlib/PNG polynomial 0xEDB88320), slicing-by-8: the snapshot's section checksum. Computed in
// the core so Node and the browser check snapshots with the same fast code; test/engine checks it against zlib.
// Static memory (not the heap): an index build resets the heap (index.ts buildReset).
const TABLES: usize = memory.data(8 * 256 * 4, 16);

function initTables(): void {
  for (let i: u32 = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    store<u32>(TABLES + (<usize>i << 2), c);
  }
  for (let i: u32 = 0; i < 256; i++) {
    let c = load<u32>(TABLES + (<usize>i << 2));
    for (let t: u32 = 1; t < 8; t++) {
      c = load<u32>(TABLES + (<usize>(c & 0xff) << 2)) ^ (c >>> 8);
      store<u32>(TABLES + (<usize>(t * 256 + i) << 2), c);
    }
  }
}
initTables();

@inline function tab(t: u32, i: u32): u32 { return load<u32>(TABLES + (<usize>((t << 8) | i) << 2)); }

/** Continues a CRC-32 over len bytes at p (start with crc = 0). */
export function crc32Update(crc: u32, p: usize, len: usize): u32 {
  let c = ~crc;
  let i: usize = 0;
  while (i + 8 <= len) {
    const a = load<u32>(p + i) ^ c;
    const b = load<u32>(p + i + 4);
    c = tab(7, a & 0xff) ^ tab(6, (a >>> 8) & 0xff) ^ tab(5, (a >>> 16) & 0xff) ^ tab(4, a >>> 24) ^
      tab(3, b & 0xff) ^ tab(2, (b >>> 8) & 0xff) ^ tab(1, (b >>> 16) & 0xff) ^ tab(0, b >>> 24);
    i += 8;
  }
  while (i < len) {
    c = tab(0, (c ^ <u32>load<u8>(p + i)) & 0xff) ^ (c >>> 8);
    i++;
  }
  return ~c;
}
