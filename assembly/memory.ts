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
