/* alloc_local.upc — upc_alloc: memory with affinity to the calling thread,
 * contiguous (indefinite block), reachable by every thread through a
 * published pointer; many allocations and frees of varying sizes. */
#include "upctest.h"

shared [] int *shared box[THREADS];

int main(void) {
  const int n = 100;
  shared [] int *p = upc_alloc(n * sizeof(int));
  CHECK(p != NULL);
  CHECK_UINT(upc_threadof(p), MYTHREAD);
  CHECK_UINT(upc_threadof(&p[n - 1]), MYTHREAD);
  CHECK_UINT(upc_addrfield(&p[n - 1]) - upc_addrfield(p), (n - 1) * sizeof(int));
  box[MYTHREAD] = p;
  upc_barrier;
  /* Every thread writes a stripe into every other thread's block. */
  for (int t = 0; t < THREADS; t++) {
    shared [] int *o = box[t];
    for (int i = MYTHREAD; i < n; i += THREADS) o[i] = t * 1000 + i;
  }
  upc_barrier;
  int *local = (int *)p;
  for (int i = 0; i < n; i++) CHECK_INT(local[i], MYTHREAD * 1000 + i);
  upc_barrier;
  upc_free(p);
  /* Churn: allocate and free blocks of different sizes, keep a few live. */
  shared [] char *keep[8] = {NULL};
  for (int round = 0; round < 200; round++) {
    size_t sz = 2 + (size_t)((round * 7919) % 3000); /* first and last byte differ */
    shared [] char *q = upc_alloc(sz);
    CHECK(q != NULL);
    CHECK_UINT(upc_threadof(q), MYTHREAD);
    q[0] = (char)round;
    q[sz - 1] = (char)(round + 1);
    CHECK_INT(q[0], (char)round);
    CHECK_INT(q[sz - 1], (char)(round + 1));
    int slot = round % 8;
    if (keep[slot]) {
      CHECK_INT(keep[slot][0], (char)(round - 8));
      upc_free(keep[slot]);
    }
    keep[slot] = q;
  }
  for (int s = 0; s < 8; s++) upc_free(keep[s]);
  return upctest_done();
}
