/* style.h — what the style-matrix programs (issue 35, item 5) share: the
 * command line, the timer, and the RESULT lines.  Each program in this
 * folder writes one kernel in several spellings, the ways UPC code in the
 * wild writes it (loop variables at the top of the function or in the loop
 * header, integer or pointer affinity, indexing through macros, data from
 * upc_all_alloc, a shared directory of per-thread upc_alloc chunks, ...),
 * and checks every spelling against a serial C reference in private memory.
 * The optimizer should give every spelling the same speed.
 *
 *   PROG              one run of every spelling, every value checked, PASS
 *   PROG bench [REPS] every spelling timed over REPS repetitions (default:
 *                     the program's, about 0.2 s at 2 threads with -O2, the
 *                     stencils at their bench size: -DN=240 for jacobi2d,
 *                     -DN=48 for jacobi3d; the defaults are small, for the
 *                     tests under UPCRT_FORCE_RMA=1); thread
 *                     0 prints "RESULT style_<kernel>_<spelling>_s <seconds>"
 *                     (the slowest thread, at its fastest fifth's rate), then the values
 *                     are checked as without `bench`. */
#ifndef STYLE_H
#define STYLE_H

#include "../../upc/upctest.h"

#include <string.h>
#include <time.h>

shared double style_elapsed[THREADS];

static int style_bench; /* argv[1] is "bench" */
static int style_reps;  /* repetitions of each spelling */

/* Sets the mode and the repetitions from the command line: `test_reps`
 * without `bench`, else argv[2] or `bench_reps`. */
static inline void style_args(int argc, char **argv, int test_reps, int bench_reps) {
  style_bench = argc > 1 && strcmp(argv[1], "bench") == 0;
  style_reps = style_bench ? (argc > 2 ? atoi(argv[2]) : bench_reps) : test_reps;
  if (style_reps < 1) style_reps = 1;
}

static inline double style_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The slowest thread's time of the phase that just ended. */
static inline double style_slowest(double t) {
  style_elapsed[MYTHREAD] = t;
  upc_barrier;
  double m = 0;
  for (int i = 0; i < THREADS; i++)
    if (style_elapsed[i] > m) m = style_elapsed[i];
  upc_barrier;
  return m;
}

/* Runs fn(reps) between barriers; in bench mode thread 0 prints the
 * slowest thread's time as RESULT style_<kernel>_<spelling>_s.  Timed in
 * five parts, each an even number of repetitions but the last (a stencil's
 * grids then swap as in one call), the time the fastest part's rate gives:
 * a spelling is not charged for a moment the machine was busy elsewhere. */
static inline void style_time(const char *kernel, const char *spelling, void (*fn)(int),
                              int reps) {
  int parts = style_bench && reps >= 10 ? 5 : 1;
  int each = reps / parts / 2 * 2, left = reps;
  double best = 0;
  for (int p = 0; p < parts; p++) {
    int k = p == parts - 1 ? left : each;
    left -= k;
    upc_barrier;
    double t0 = style_now();
    fn(k);
    double t = style_slowest(style_now() - t0) / k;
    if (p == 0 || t < best) best = t;
  }
  if (style_bench && MYTHREAD == 0) {
    printf("RESULT style_%s_%s_s %.6f\n", kernel, spelling, best * reps);
    fflush(stdout);
  }
}

/* A directory of per-thread chunks (the heat-conduction spelling
 * sh_grids[num][t].chunk[off]): entry t points to thread t's chunk. */
typedef struct {
  shared [] double *chunk;
} dir_t;

/* Thread MYTHREAD allocates its chunk of n doubles and publishes it in
 * dir[MYTHREAD] (dir is cyclic: the entry is this thread's); the caller
 * puts a barrier before anyone reads another thread's entry. */
#define STYLE_PUBLISH_CHUNK(dir, n)                                               \
  do {                                                                            \
    (dir)[MYTHREAD].chunk = (shared [] double *)upc_alloc((n) * sizeof(double)); \
    if (!(dir)[MYTHREAD].chunk) {                                                 \
      printf("FAIL thread %d: upc_alloc of %ld doubles\n", (int)MYTHREAD, (long)(n)); \
      exit(1);                                                                    \
    }                                                                             \
  } while (0)

#endif
