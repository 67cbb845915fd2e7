/* stress.h — sizes and timing shared by the runtime stress and litmus
 * programs (suite `stress`): the short form by default, the long form when
 * UPCC_STRESS_LONG=1 is set. */
#ifndef STRESS_H
#define STRESS_H

#include "../upc/upctest.h"
#include <string.h>
#include <time.h>

/* The short form divided by this (argv[1], set by stress_init): the runs
 * through MPI RMA on an oversubscribed 2-core machine are ~1000x slower. */
static long stress_div = 1;

static inline void stress_init(int argc, char **argv) {
  if (argc > 1 && atol(argv[1]) > 0) stress_div = atol(argv[1]);
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
