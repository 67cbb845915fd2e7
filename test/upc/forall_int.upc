/* forall_int.upc — upc_forall with integer affinity: iteration i runs on
 * thread i mod THREADS only, for several affinity expressions, loop shapes
 * and bounds; every iteration runs exactly once overall. */
#include "upctest.h"

#define N 37
shared int who[N];              /* which thread ran iteration i */
shared int hits[N];
shared int who2[N];

int main(void) {
  for (int i = MYTHREAD; i < N; i += THREADS) {
    who[i] = -1;
    hits[i] = 0;
    who2[i] = -1;
  }
  upc_barrier;
  int mine = 0;
  upc_forall (int i = 0; i < N; i++; i) {
    who[i] = MYTHREAD;
    mine++;
  }
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who[i], i % THREADS);
  CHECK_INT(mine, model_count(N, 1, MYTHREAD));
  /* Affinity is any integer expression: shifted, scaled, unsigned, long. */
  upc_forall (int i = 0; i < N; i++; i + 1) who2[i] = MYTHREAD;
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who2[i], (i + 1) % THREADS);
  upc_barrier;
  upc_forall (unsigned u = 0; u < N; u += 2; u * 3) who2[u] = MYTHREAD + 100;
  upc_barrier;
  for (int i = 0; i < N; i += 2) CHECK_INT(who2[i], (i * 3) % THREADS + 100);
  upc_barrier;
  long count = 0;
  upc_forall (long i = N - 1; i >= 0; i--; (long)(N - 1 - i)) {
    count++;
    if ((N - 1 - i) % THREADS != MYTHREAD) CHECK(0);
  }
  CHECK_INT(count, model_count(N, 1, MYTHREAD));
  /* Declared outside, empty init; the loop variable is left at the bound. */
  int j = 0;
  upc_forall (; j < N; j++; j) hits[j] += 1;
  CHECK_INT(j, N);
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(hits[i], 1);
  /* The affinity of a nested private loop's data: a 2-D index space. */
  int pairs = 0;
  upc_forall (int a = 0; a < 6; a++; a) {
    for (int b = 0; b < 5; b++) pairs++;
  }
  CHECK_INT(pairs, 5 * model_count(6, 1, MYTHREAD));
  return upctest_done();
}
