/* pts_affinitysize.upc — upc_affinitysize(totalsize, nbytes, thread) against
 * a block-by-block count, for static layouts and for what upc_all_alloc and
 * upc_global_alloc hand out (checked by touching the memory). */
#include "upctest.h"

/* Bytes of a totalsize-byte object in nbytes blocks that land on thread t. */
static size_t model_affinity(size_t total, size_t nbytes, size_t t) {
  if (nbytes == 0) return t == 0 ? total : 0;
  size_t got = 0;
  for (size_t k = 0; k * nbytes < total; k++)
    if (k % THREADS == t) got += total - k * nbytes < nbytes ? total - k * nbytes : nbytes;
  return got;
}

shared [5] int s5[23];

int main(void) {
  static const size_t totals[] = {0, 1, 7, 64, 100, 1000, 4097};
  static const size_t blocks[] = {0, 1, 3, 8, 64, 5000};
  for (size_t a = 0; a < sizeof totals / sizeof totals[0]; a++)
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
      for (int t = 0; t < THREADS; t++)
        CHECK_UINT(upc_affinitysize(totals[a], blocks[b], t), model_affinity(totals[a], blocks[b], t));
  /* For a static array: the number of elements each thread owns. */
  for (int t = 0; t < THREADS; t++)
    CHECK_UINT(upc_affinitysize(sizeof(s5), 5 * sizeof(int), t), model_count(23, 5, t) * sizeof(int));
  /* For upc_all_alloc(nblocks, nbytes): the blocks this thread owns. */
  size_t nblocks = 2 * THREADS + 1, nbytes = 12;
  shared [12] char *buf = upc_all_alloc(nblocks, nbytes);
  size_t mine = upc_affinitysize(nblocks * nbytes, nbytes, MYTHREAD);
  size_t count = 0;
  for (size_t i = 0; i < nblocks * nbytes; i++)
    if (upc_threadof(&buf[i]) == (size_t)MYTHREAD) {
      buf[i] = 1;
      count++;
    }
  CHECK_UINT(count, mine);
  upc_barrier;
  upc_all_free(buf);
  return upctest_done();
}
