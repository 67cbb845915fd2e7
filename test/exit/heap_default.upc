/* heap_default.upc — the default shared heap holds what programs ask for:
 * one thread upc_allocs two blocks of MB megabytes (argv[2], default 20; 160
 * is two arrays of 20 million doubles, more than the old 64 MB default), and
 * with argv[1] "write" fills them, every thread reading them back through
 * pointers-to-shared.  Run without -shared-heap; with a heap set smaller it
 * must end with the heap-exhausted message instead. */
#include <stdlib.h>
#include <string.h>
#include "../upc/upctest.h"

shared [] char *shared blocks[2];

int main(int argc, char **argv) {
  int fill = argc > 1 && strcmp(argv[1], "write") == 0;
  size_t block = (size_t)(argc > 2 ? atoi(argv[2]) : 20) << 20; /* bytes per block */
  int owner = THREADS - 1;
  if (MYTHREAD == owner) {
    for (int b = 0; b < 2; b++) {
      shared [] char *p = upc_alloc(block);
      CHECK(p != NULL);
      CHECK_INT(upc_threadof(p), owner);
      if (fill) memset((char *)p, 'a' + b, block); /* touches every page */
      blocks[b] = p;
    }
    CHECK(blocks[0] != blocks[1]);
  }
  upc_barrier;
  if (fill)
    for (int b = 0; b < 2; b++)
      for (size_t i = (size_t)MYTHREAD * 4099; i < block; i += (size_t)1 << 20)
        CHECK_INT(blocks[b][i], 'a' + b);
  upc_barrier;
  if (MYTHREAD == owner) {
    upc_free(blocks[0]);
    upc_free(blocks[1]);
  }
  return upctest_done();
}
