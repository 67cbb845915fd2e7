/* forall_continue.upc — upc_forall with continue or an empty affinity runs
 * every iteration on every thread; `continue` statements inside the body
 * skip to the next iteration without disturbing the distribution. */
#include "upctest.h"

#define N 23
shared int total[THREADS];
shared int who[N];

int main(void) {
  int all = 0;
  upc_forall (int i = 0; i < N; i++; continue) all++;
  CHECK_INT(all, N);
  int empty = 0;
  upc_forall (int i = 0; i < N; i++;) empty += i;
  CHECK_INT(empty, N * (N - 1) / 2);
  /* A continue statement in the body of a distributed forall. */
  int odd = 0;
  upc_forall (int i = 0; i < N; i++; i) {
    if (i % 2 == 0) continue;
    odd++;
    who[i] = MYTHREAD;
  }
  int want = 0;
  for (int i = 1; i < N; i += 2)
    if (i % THREADS == MYTHREAD) want++;
  CHECK_INT(odd, want);
  total[MYTHREAD] = all + empty;
  upc_barrier;
  for (int i = 1; i < N; i += 2) CHECK_INT(who[i], i % THREADS);
  for (int t = 0; t < THREADS; t++) CHECK_INT(total[t], N + N * (N - 1) / 2);
  return upctest_done();
}
