/* alloc_all.upc — upc_all_alloc: collective, every thread gets the same
 * pointer, nblocks blocks of nbytes laid out block-cyclically from thread 0;
 * upc_all_free releases it; repeated allocations do not overlap. */
#include "upctest.h"

shared [4] int *shared seen[THREADS];

int main(void) {
  const int nblocks = 3 * THREADS + 1;
  shared [4] int *p = upc_all_alloc(nblocks, 4 * sizeof(int));
  CHECK(p != NULL);
  CHECK_UINT(upc_threadof(p), 0);
  CHECK_UINT(upc_phaseof(p), 0);
  seen[MYTHREAD] = p;
  const int n = nblocks * 4;
  for (int i = 0; i < n; i++) {
    CHECK_UINT(upc_threadof(&p[i]), model_thread(i, 4));
    if (model_thread(i, 4) == (size_t)MYTHREAD) p[i] = i * 10;
  }
  upc_barrier;
  for (int t = 0; t < THREADS; t++) CHECK(seen[t] == p);
  for (int i = 0; i < n; i++) CHECK_INT(p[i], i * 10);
  /* A second, differently shaped object must not alias the first. */
  shared double *q = upc_all_alloc(2 * THREADS, sizeof(double));
  for (int i = MYTHREAD; i < 2 * THREADS; i += THREADS) q[i] = -i;
  upc_barrier;
  for (int i = 0; i < n; i++) CHECK_INT(p[i], i * 10);
  for (int i = 0; i < 2 * THREADS; i++) CHECK_DBL(q[i], -i);
  /* The owner's portion is contiguous local memory. */
  int *mine = (int *)&p[4 * MYTHREAD];
  for (int i = 0; i < n; i++)
    if (model_thread(i, 4) == (size_t)MYTHREAD) CHECK_INT(mine[model_local(i, 4)], i * 10);
  upc_barrier;
  upc_all_free(q);
  upc_all_free(p);
  /* Allocate and free many times: memory is reused, not leaked. */
  for (int round = 0; round < 50; round++) {
    shared [] char *r = upc_all_alloc(THREADS, 1 << 16);
    r[MYTHREAD] = (char)round;     /* thread 0's block holds the first 64 KiB */
    upc_barrier;
    for (int t = 0; t < THREADS; t++) CHECK_INT(r[t], (char)round);
    upc_barrier;
    upc_all_free(r);
  }
  /* Zero-sized requests are allowed. */
  shared int *z = upc_all_alloc(0, sizeof(int));
  upc_all_free(z);
  return upctest_done();
}
