/* global_exit_status.upc — upc_global_exit(3) from a thread that is not
 * thread 0 (when there is one) ends the job with status 3 while thread 0
 * spins on shared memory; the test runner expects exit status 3. */
#include "upctest.h"

strict shared int never;

int main(void) {
  upc_barrier;
  if (MYTHREAD == THREADS - 1) {
    printf("PASS (exiting with 3)\n");
    fflush(stdout);
    upc_global_exit(3);
  }
  while (!never) upctest_relax();
  printf("FAIL: thread %d saw never set\n", MYTHREAD);
  return 1;
}
