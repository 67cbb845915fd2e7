/* forall_nested_call.upc — the nesting rule across function calls: a
 * function containing upc_forall distributes when called normally, but runs
 * every iteration when called from inside a controlling upc_forall. */
#include "upctest.h"

#define N 17
shared int who[N];

/* Counts the iterations of its forall this thread runs. */
static int spread(int n) {
  int ran = 0;
  upc_forall (int i = 0; i < n; i++; i) ran++;
  return ran;
}

static int twice(int n) { return spread(n) + spread(n); } /* one level deeper */

int main(void) {
  /* Called outside any forall: distributed. */
  CHECK_INT(spread(N), model_count(N, 1, MYTHREAD));
  int runs = 0;
  upc_forall (int i = 0; i < N; i++; &who[i]) {
    CHECK_INT(spread(10), 10);       /* inside: every iteration here */
    CHECK_INT(twice(7), 14);
    who[i] = MYTHREAD;
    runs++;
  }
  CHECK_INT(runs, model_count(N, 1, MYTHREAD));
  /* After the forall, distribution is back. */
  CHECK_INT(spread(N), model_count(N, 1, MYTHREAD));
  /* A continue forall does not control: the call distributes. */
  int sum = 0;
  upc_forall (int i = 0; i < 3; i++; continue) sum += spread(N);
  CHECK_INT(sum, 3 * (int)model_count(N, 1, MYTHREAD));
  upc_barrier;
  for (int i = 0; i < N; i++) CHECK_INT(who[i], i % THREADS);
  return upctest_done();
}
