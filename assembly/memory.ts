// Growing a buffer: the stub runtime's realloc needs a live pointer, so a first allocation goes through alloc.
export function grow(ptr: usize, size: usize): usize {
  return ptr == 0 ? heap.alloc(size) : heap.realloc(ptr, size);
}
