/* pts_to_private.upc — casting a pointer-to-shared with affinity to this
 * thread to a private pointer gives the local data: writes through the
 * private pointer are seen by every thread through shared accesses. */
#include "upctest.h"

#define N 6
shared int cyc[N * THREADS];
shared [3] double blk[3 * N * THREADS];
shared int owned_by_0;
struct cell { int k; char c; };
shared [2] struct cell cells[2 * THREADS];

int main(void) {
  /* Cyclic: this thread's elements are MYTHREAD, MYTHREAD+THREADS, ... and
   * sit next to each other in local memory. */
  int *lc = (int *)&cyc[MYTHREAD];
  for (int k = 0; k < N; k++) lc[k] = 100 * MYTHREAD + k;
  /* Blocked: local order is block after block. */
  double *lb = (double *)&blk[3 * MYTHREAD];
  for (int k = 0; k < 3 * N; k++) lb[k] = MYTHREAD + k / 16.0;
  if (MYTHREAD == 0) *(int *)&owned_by_0 = 77;
  struct cell *lcell = (struct cell *)&cells[2 * MYTHREAD];
  lcell[0].k = MYTHREAD;
  lcell[1].k = -MYTHREAD;
  lcell[1].c = 'z';
  upc_barrier;
  for (int i = 0; i < N * THREADS; i++) CHECK_INT(cyc[i], 100 * (i % THREADS) + i / THREADS);
  for (int i = 0; i < 3 * N * THREADS; i++)
    CHECK_DBL(blk[i], model_thread(i, 3) + model_local(i, 3) / 16.0);
  CHECK_INT(owned_by_0, 77);
  for (int t = 0; t < THREADS; t++) {
    CHECK_INT(cells[2 * t].k, t);
    CHECK_INT(cells[2 * t + 1].k, -t);
    CHECK_INT(cells[2 * t + 1].c, 'z');
  }
  upc_barrier;
  /* The other direction: shared writes seen through the private pointer. */
  for (int k = 0; k < N; k++) cyc[k * THREADS + (MYTHREAD + 1) % THREADS] = -k;
  upc_barrier;
  for (int k = 0; k < N; k++) CHECK_INT(lc[k], -k);
  /* A private pointer from a shared pointer to a local element of a
   * struct member. */
  char *pc = (char *)&cells[2 * MYTHREAD + 1].c;
  CHECK_INT(*pc, 'z');
  CHECK(pc == &lcell[1].c);
  /* Null converts to null. */
  shared int *np = NULL;
  CHECK((int *)np == NULL);
  return upctest_done();
}
