/* stress_remote.upc — converted remote updates: every thread does a[i] += 1
 * (and a[i] -= 2, a[i] += 3) on every element of a cyclic array, between
 * barriers, so each element is updated by every thread in turn; the totals
 * are exact.  Built with the optimizer (which turns these into remote
 * updates) and with -fupc-opts=none. */
#include "stress.h"

#define N 64
shared long a[N * THREADS];
shared double d[N * THREADS];

int main(int argc, char **argv) {
  stress_init(argc, argv, 10);
  long rounds = stress_size(40, 2000);
  for (long i = MYTHREAD; i < N * THREADS; i += THREADS) a[i] = 0, d[i] = 0;
  upc_barrier;
  double t0 = stress_now();
  for (long r = 0; r < rounds; r++) {
    /* Thread t starts at its own offset and the turns are separated by
     * barriers, so no two threads update one element at the same time. */
    for (int turn = 0; turn < THREADS; turn++) {
      int owner_shift = (MYTHREAD + turn) % THREADS;
      for (long j = 0; j < N; j++) {
        long i = j * THREADS + owner_shift;
        a[i] += 1;
        a[i] -= 2;
        a[i] += 3;
        d[i] += 0.5;
      }
      upc_barrier;
    }
  }
  double secs = stress_now() - t0;
  for (long i = MYTHREAD; i < N * THREADS; i += THREADS) {
    CHECK_INT(a[i], 2 * rounds * THREADS);
    CHECK_DBL(d[i], 0.5 * rounds * THREADS);
  }
  stress_figure("remote updates", 4 * rounds * N * THREADS, secs);
  return upctest_done();
}
