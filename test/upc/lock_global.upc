/* lock_global.upc — upc_global_lock_alloc is not collective: each thread
 * allocates its own lock, publishes it, and all threads use all locks, each
 * guarding one counter on a different thread; upc_lock_free at the end. */
#include "upctest.h"

#define K 15
upc_lock_t *shared locks[THREADS];
shared int counters[THREADS];

int main(void) {
  upc_lock_t *mine = upc_global_lock_alloc();
  CHECK(mine != NULL);
  locks[MYTHREAD] = mine;
  upc_barrier;
  for (int u = 0; u < MYTHREAD; u++) CHECK(locks[u] != mine);
  for (int k = 0; k < K; k++)
    for (int j = 0; j < THREADS; j++) {
      int t = (MYTHREAD + j) % THREADS;  /* start at different locks */
      upc_lock(locks[t]);
      int v = counters[t];
      upctest_relax();
      counters[t] = v + 1;
      upc_unlock(locks[t]);
    }
  upc_barrier;
  for (int t = 0; t < THREADS; t++) CHECK_INT(counters[t], K * THREADS);
  upc_barrier;
  /* Freed by a different thread than the allocator. */
  upc_lock_free(locks[(MYTHREAD + 1) % THREADS]);
  upc_lock_free(NULL); /* no effect */
  return upctest_done();
}
