/* global_exit.upc — upc_global_exit(0) from one thread ends the whole job
 * promptly with status 0, even though the other threads are blocked in a
 * barrier that can never complete. */
#include "upctest.h"

shared int ready[THREADS];

int main(void) {
  ready[MYTHREAD] = 1;
  upc_barrier;
  if (MYTHREAD == THREADS - 1) {
    for (int t = 0; t < THREADS; t++) CHECK_INT(ready[t], 1);
    printf(upctest_nfail ? "FAIL\n" : "PASS\n");
    fflush(stdout);
    upc_global_exit(0);
  }
  /* The others wait in a barrier the exiting thread never reaches. */
  upc_barrier;
  printf("FAIL: thread %d got past the barrier\n", MYTHREAD);
  return 1;
}
