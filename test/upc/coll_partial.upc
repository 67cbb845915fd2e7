/* coll_partial.upc — a collective called by thread 0 only is reported, not a
 * hang: "upc: thread 0: <name> is collective, but thread 1 is waiting at a
 * barrier" (or "left main").
 *
 * usage: coll_partial WHAT OTHERS
 *   WHAT: atomicdomain, all_alloc, lock_alloc, broadcast, reduce, or none
 *         (every thread calls every one of them: must PASS)
 *   OTHERS: what the other threads do instead: barrier or exit. */
#include <upc.h>
#include <upc_atomic.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

shared int src[THREADS], dst[THREADS];
shared long sum;

static void call(const char *what) {
  if (!strcmp(what, "atomicdomain")) upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD, 0);
  else if (!strcmp(what, "all_alloc")) upc_all_alloc(THREADS, 64);
  else if (!strcmp(what, "lock_alloc")) upc_all_lock_alloc();
  else if (!strcmp(what, "broadcast"))
    upc_all_broadcast(dst, &src[0], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  else if (!strcmp(what, "reduce"))
    upc_all_reduceI(&sum, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: coll_partial WHAT OTHERS\n");
    return 2;
  }
  const char *what = argv[1], *others = argv[2];
  src[MYTHREAD] = MYTHREAD + 1;
  upc_barrier;
  if (!strcmp(what, "none")) {
    call("atomicdomain");
    call("all_alloc");
    call("lock_alloc");
    call("broadcast");
    call("reduce");
    if (dst[MYTHREAD] != 1) printf("FAIL thread %d: broadcast gave %d\n", MYTHREAD, dst[MYTHREAD]);
    if (MYTHREAD == 0 && sum != (long)THREADS * (THREADS + 1) / 2)
      printf("FAIL thread 0: reduce gave %ld\n", sum);
    upc_barrier;
    if (MYTHREAD == 0) printf("PASS\n");
    return 0;
  }
  if (MYTHREAD == 0) {
    call(what);
    /* not reached when THREADS > 1: the others never join */
    printf(THREADS == 1 ? "PASS\n" : "FAIL thread 0: %s returned\n", what);
  } else if (!strcmp(others, "barrier")) {
    upc_barrier;
  }
  return 0;
}
