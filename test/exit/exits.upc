/* exits.upc — every way a UPC job ends, one per mode (argv[1]), with status
 * argv[2]; stress.sh and the `exit` suite run it and check the job's status,
 * its output, that MPI printed no banner and that it ended in time.
 *   return N       every thread returns N from main
 *   exit N         every thread calls exit(N)
 *   exit-one       the last thread calls exit(0) at once, the others print
 *                  and return 0 later (the job waits for all of them)
 *   global-one N   the last thread calls upc_global_exit(N); the others wait
 *                  at a barrier
 *   global-all N   every thread calls upc_global_exit(N) at once
 *   global-busy N  the last thread calls upc_global_exit(N) while the others
 *                  compute without entering the runtime
 *   global-only N  main's only statement is upc_global_exit(N)
 *   fatal          the last thread unlocks a lock it does not hold: a
 *                  runtime error ends the job with status 1 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <upc.h>

static volatile unsigned long spin;

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  int status = argc > 2 ? atoi(argv[2]) : 0;
  int last = THREADS - 1;
  if (!strcmp(mode, "global-only")) upc_global_exit(status);
  printf("thread %d of %d: %s %d\n", MYTHREAD, THREADS, mode, status);
  fflush(stdout);
  if (!strcmp(mode, "return")) return status;
  if (!strcmp(mode, "exit")) exit(status);
  if (!strcmp(mode, "exit-one")) {
    if (MYTHREAD == last) exit(0);
    usleep(100000);
    printf("thread %d done\n", MYTHREAD);
    return 0;
  }
  if (!strcmp(mode, "global-one")) {
    upc_barrier;
    if (MYTHREAD == last) upc_global_exit(status);
    upc_barrier;
    sleep(100); /* never reached: the barrier waits for the last thread */
    return 99;
  }
  if (!strcmp(mode, "global-all")) upc_global_exit(status);
  if (!strcmp(mode, "global-busy")) {
    upc_barrier;
    if (MYTHREAD == last) upc_global_exit(status);
    for (;;) spin++;
  }
  if (!strcmp(mode, "fatal")) {
    upc_lock_t *l = upc_all_lock_alloc();
    if (MYTHREAD == last) upc_unlock(l);
    upc_barrier;
    sleep(100);
    return 99;
  }
  fprintf(stderr, "exits: unknown mode \"%s\"\n", mode);
  return 2;
}
