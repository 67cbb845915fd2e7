/* lock_attempt.upc — upc_lock_attempt: fails while another thread holds the
 * lock, succeeds on a free lock, and a retry loop of attempts protects a
 * counter as well as upc_lock does. */
#include "upctest.h"

#define K 25
shared int counter;
shared int attempts_failed[THREADS];

int main(void) {
  upc_lock_t *lock = upc_all_lock_alloc();
  /* Free lock: an attempt succeeds and takes it. */
  if (MYTHREAD == 0) {
    CHECK_INT(upc_lock_attempt(lock), 1);
    /* It is held now (by us): nobody else can get it until we unlock. */
  }
  upc_barrier;
  if (MYTHREAD != 0) CHECK_INT(upc_lock_attempt(lock), 0);
  upc_barrier;
  if (MYTHREAD == 0) upc_unlock(lock);
  upc_barrier;
  for (int k = 0; k < K; k++) {
    while (!upc_lock_attempt(lock)) {
      attempts_failed[MYTHREAD] += 1;
      upctest_relax();
    }
    int v = counter;
    upctest_relax();
    counter = v + 1;
    upc_unlock(lock);
  }
  upc_barrier;
  CHECK_INT(counter, K * THREADS);
  upc_barrier; /* every thread has checked before anyone decrements */
  /* Mixing upc_lock and upc_lock_attempt on one lock. */
  for (int k = 0; k < K; k++) {
    if ((k + MYTHREAD) % 2) {
      upc_lock(lock);
    } else {
      while (!upc_lock_attempt(lock)) upctest_relax();
    }
    counter = counter - 1;
    upc_unlock(lock);
  }
  upc_barrier;
  CHECK_INT(counter, 0);
  upc_barrier;
  if (MYTHREAD == THREADS - 1) upc_lock_free(lock);
  return upctest_done();
}
