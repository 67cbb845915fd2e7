/* barrier_split.upc — what the barrier promises, on every path (one node,
 * UPCRT_FORCE_RMA=1, simulated nodes of UPCRT_NODE_SIZE):
 *   - upc_wait completes once every thread has notified, whatever the
 *     others do between their notify and wait: thread 0 waits there for a
 *     flag the last thread sets only after its own upc_wait;
 *   - ids: equal ones, none against some, INT_MIN and INT_MAX;
 *   - writes before a notify are seen after the wait, many barriers in a
 *     row (the runtime alternates its words between barriers);
 *   - barriers inside a upc_forall whose affinity is continue (every
 *     thread runs every iteration), directly and in a called function,
 *     and after a partitioned upc_forall. */
#include <limits.h>
#include "upctest.h"

#define ROUNDS 12
#define QUICK 300
#define N 24

strict shared int flag;
shared int slot[THREADS];
shared long ring[THREADS];
shared int grid[N];

static void barrier_in_function(int i) {
  upc_barrier i;
}

int main(void) {
  int last = THREADS - 1;

  /* 1. Work between notify and wait that depends on another thread's
   * completed wait. */
  for (int r = 1; r <= ROUNDS; r++) {
    slot[MYTHREAD] = r * 10 + MYTHREAD;
    upc_notify r;
    if (MYTHREAD == 0 && THREADS > 1)
      while (flag != r) {
      }
    upc_wait r;
    if (MYTHREAD == last) flag = r;
    for (int t = 0; t < THREADS; t++) CHECK_INT(slot[t], r * 10 + t);
    upc_barrier;
  }

  /* 2. Ids: extremes, and threads that give none. */
  upc_barrier INT_MIN;
  upc_barrier INT_MAX;
  upc_barrier -1;
  if (MYTHREAD % 2) upc_barrier;
  else upc_barrier INT_MAX;
  upc_notify 0;
  upc_wait;
  upc_notify;
  upc_wait INT_MIN;

  /* 3. Many barriers in a row, each one's writes checked after it. */
  for (int r = 0; r < QUICK; r++) {
    ring[(MYTHREAD + 1) % THREADS] = (long)r * THREADS + MYTHREAD;
    if (r % 2) upc_barrier r;
    else upc_barrier;
    long want = (long)r * THREADS + (MYTHREAD + THREADS - 1) % THREADS;
    CHECK_INT(ring[MYTHREAD], want);
    upc_barrier;
  }

  /* 4. Barriers inside a upc_forall every thread runs whole. */
  int i;
  upc_forall (i = 0; i < N; i++; continue) {
    if (i % THREADS == MYTHREAD) grid[i] = i + 100;
    upc_barrier i;
    CHECK_INT(grid[i], i + 100);
    if (i % 5 == 0) barrier_in_function(-i);
  }
  upc_barrier;
  /* and after a partitioned one */
  upc_forall (i = 0; i < N; i++; &grid[i]) grid[i] = i * 3;
  upc_barrier;
  for (int k = 0; k < N; k++) CHECK_INT(grid[k], k * 3);
  return upctest_done();
}
