// Growing a buffer: the stub runtime's realloc needs a live pointer, so a first allocation goes through alloc.
export function grow(ptr: usize, size: usize): usize {
  return ptr == 0 ? heap.alloc(size) : heap.realloc(ptr, size);
}

/** The capacity a growing buffer moves to: doubled from cap (or initial) until it holds need. */
export function nextCapacity(cap: i32, need: i32, initial: i32): i32 {
  let c = cap > 0 ? cap : initial;
  while (c < need) c <<= 1;
  return c;
}

/**
 * True once the heap has been reset (resetHeap: an index build). Until then every allocation is memory never written
 * (the stub allocator only moves up, and fresh WASM memory is zero), so allocZeroed need not clear it: a cleared page
 * is a touched page, and each first touch is a page fault, tens of microseconds on a small VM.
 */
export let heapReused: bool = false;

/** Resets the heap; memory allocated after this may hold what the last use left there. */
export function resetHeap(): void {
  heap.reset();
  heapReused = true;
}

/** len bytes from the heap, all zero (cleared only when they may have been written before). */
export function allocZeroed(len: usize): usize {
  const p = heap.alloc(len);
  if (heapReused) memory.fill(p, 0, len);
  return p;
}
