/* stress.h — sizes and timing shared by the runtime stress and litmus
 * programs (suite `stress`): the short form by default, the long form when
 * UPCC_STRESS_LONG=1 is set. */
#ifndef STRESS_H
#define STRESS_H

#include "../upc/upctest.h"
#include <string.h>
#include <upc_castable.h>
#include <time.h>

/* The short form divided by this (stress_init): runs through MPI RMA on an
 * oversubscribed 2-core machine are ~1000x slower. */
static long stress_div = 1;

/* argv[1], if given, is the divisor; else rma_div where some other thread is
 * reached through MPI (UPCRT_FORCE_RMA, --setup rma or nodes: then every
 * thread has such a peer, so all agree on the sizes), 1 on one node. */
static inline void stress_init(int argc, char **argv, long rma_div) {
  if (argc > 1 && atol(argv[1]) > 0) {
    stress_div = atol(argv[1]);
    return;
  }
  for (int t = 0; t < THREADS; t++)
    if (!upc_thread_info((size_t)t).guaranteedCastable) stress_div = rma_div;
}

/* The iteration count: SHORT on the default run, LONG_ with
 * UPCC_STRESS_LONG=1, either divided by the divisor. */
static inline long stress_size(long short_, long long_) {
  const char *s = getenv("UPCC_STRESS_LONG");
  long n = s != NULL && strcmp(s, "1") == 0 ? long_ : short_;
  return n / stress_div > 0 ? n / stress_div : 1;
}

static inline double stress_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Thread 0 prints one figure line: what, total operations, ops/second. */
static inline void stress_figure(const char *what, long ops, double secs) {
  if (MYTHREAD == 0) {
    printf("figure: %s: %ld ops in %.3f s, %.0f ops/s (THREADS %d)\n", what, ops, secs,
           secs > 0 ? ops / secs : 0.0, (int)THREADS);
    fflush(stdout);
  }
}

#endif
