/* stress_lock.upc — many lock acquire/release pairs from every thread on one
 * lock: a read-then-write of a shared counter under the lock loses no update,
 * and upc_lock_attempt mixed in keeps the count exact.  Long form: 10^6
 * pairs in all. */
#include "stress.h"

shared long counter;
shared long mine[THREADS];
shared long attempts[THREADS];

int main(int argc, char **argv) {
  stress_init(argc, argv, 50);
  long total = stress_size(20000, 1000000);
  long per = total / THREADS;
  upc_lock_t *lock = upc_all_lock_alloc();
  upc_barrier;
  double t0 = stress_now();
  for (long k = 0; k < per; k++) {
    if (k % 8 == 7) {
      /* upc_lock_attempt: spin on it until it succeeds */
      while (!upc_lock_attempt(lock)) upctest_relax();
      attempts[MYTHREAD] += 1;
    } else {
      upc_lock(lock);
    }
    long v = counter;
    counter = v + 1;
    mine[MYTHREAD] += 1;
    upc_unlock(lock);
  }
  upc_barrier;
  double secs = stress_now() - t0;
  CHECK_INT(counter, per * THREADS);
  for (int t = 0; t < THREADS; t++) {
    CHECK_INT(mine[t], per);
    CHECK_INT(attempts[t], per / 8);
  }
  stress_figure("lock/unlock pairs", per * THREADS, secs);
  upc_barrier;
  if (MYTHREAD == 0) upc_lock_free(lock);
  return upctest_done();
}
