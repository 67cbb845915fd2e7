/* alloc_global.upc — upc_global_alloc is not collective: one thread allocates
 * a distributed object and publishes it; every thread allocates its own at
 * the same time and gets a different one; upc_free by any thread. */
#include "upctest.h"

shared [2] long *shared published;
shared [3] int *shared each[THREADS];

int main(void) {
  if (MYTHREAD == THREADS - 1) {
    shared [2] long *p = upc_global_alloc(2 * THREADS + 1, 2 * sizeof(long));
    CHECK(p != NULL);
    CHECK_UINT(upc_phaseof(p), 0);
    /* Compatible with shared [nbytes] char[nblocks * nbytes]: block 0 is on
     * thread 0 (UPC 1.3, 7.2.2.1). */
    CHECK_UINT(upc_threadof(p), 0);
    for (int i = 0; i < 4 * THREADS + 2; i++) p[i] = 3L * i;
    published = p;
  }
  /* Every thread, concurrently. */
  shared [3] int *mine = upc_global_alloc(THREADS, 3 * sizeof(int));
  CHECK(mine != NULL);
  for (int i = 0; i < 3 * THREADS; i++) {
    CHECK_UINT(upc_threadof(&mine[i]), model_thread(i, 3));
    mine[i] = MYTHREAD * 1000 + i;
  }
  each[MYTHREAD] = mine;
  upc_barrier;
  shared [2] long *p = published;
  for (int i = 0; i < 4 * THREADS + 2; i++) {
    CHECK_INT(p[i], 3L * i);
    CHECK_UINT(upc_threadof(&p[i]), model_thread(i, 2));
  }
  for (int t = 0; t < THREADS; t++) {
    shared [3] int *o = each[t];
    for (int u = 0; u < t; u++) CHECK(each[u] != o);
    for (int i = 0; i < 3 * THREADS; i++) CHECK_INT(o[i], t * 1000 + i);
  }
  upc_barrier;
  /* Free by another thread than the allocator. */
  upc_free(each[(MYTHREAD + 1) % THREADS]);
  if (MYTHREAD == 0) upc_free(published);
  upc_free(NULL); /* no effect */
  upc_barrier;
  /* Space is reusable after the frees. */
  for (int round = 0; round < 30; round++) {
    shared [] int *r = upc_global_alloc(1, 4096 * sizeof(int));
    r[4095] = round;
    CHECK_INT(r[4095], round);
    upc_free(r);
  }
  return upctest_done();
}
