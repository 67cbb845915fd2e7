/* lock_counter.upc — upc_all_lock_alloc gives every thread the same lock; a
 * read-modify-write of a shared counter under the lock loses no update. The
 * read and the write are separate accesses with a yield between them, so a
 * missing lock would lose updates. */
#include "upctest.h"

#define K 40
shared long counter;
shared long per_thread_total[THREADS];
upc_lock_t *shared seen[THREADS];

int main(void) {
  upc_lock_t *lock = upc_all_lock_alloc();
  CHECK(lock != NULL);
  seen[MYTHREAD] = lock;
  upc_barrier;
  for (int t = 0; t < THREADS; t++) CHECK(seen[t] == lock);
  for (int k = 0; k < K; k++) {
    upc_lock(lock);
    long v = counter;
    if (k % 4 == 0) upctest_relax();
    counter = v + 1;
    per_thread_total[MYTHREAD] += 1;
    upc_unlock(lock);
  }
  upc_barrier;
  CHECK_INT(counter, (long)K * THREADS);
  for (int t = 0; t < THREADS; t++) CHECK_INT(per_thread_total[t], K);
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(lock);
  return upctest_done();
}
