/* rtstest.h — helpers shared by the runtime's cmocka tests run under mpiexec:
 * checks that count failures without leaving the test (so every thread still
 * reaches every collective), and the agreement step that fails the test on
 * every thread when any thread saw a failure. */
#ifndef RTSTEST_H
#define RTSTEST_H

#include <mpi.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "barrier.h"
#include "segment.h"
#include "upcrt.h"

static int rtstest_errors;

#define CHECK(cond, ...)                                                        \
  do {                                                                          \
    if (!(cond)) {                                                              \
      if (rtstest_errors++ < 10) {                                              \
        fprintf(stderr, "thread %d: %s:%d: check failed: %s: ", upcrt_mythread, \
                __FILE__, __LINE__, #cond);                                     \
        fprintf(stderr, __VA_ARGS__);                                           \
        fprintf(stderr, "\n");                                                  \
      }                                                                         \
    }                                                                           \
  } while (0)

/* Sum of an integer over all threads (test-and-yield, no blocking call). */
static inline long rtstest_sum(long v) {
  long r = 0;
  MPI_Request q;
  MPI_Iallreduce(&v, &r, 1, MPI_LONG, MPI_SUM, upcrt_barrier_coll_comm, &q);
  upcrt_barrier_waitreq(&q);
  return r;
}

/* Ends a test: every thread fails it if any thread had a failed check. */
#define RTSTEST_AGREE()                                                          \
  do {                                                                           \
    long all_ = rtstest_sum(rtstest_errors);                                     \
    rtstest_errors = 0;                                                          \
    assert_int_equal(all_, 0);                                                   \
  } while (0)

/* Runs the cmocka group inside the UPC runtime. */
#define RTSTEST_MAIN(tests)                                                      \
  static int rtstest_user_main(int argc, char **argv) {                          \
    (void)argc;                                                                  \
    (void)argv;                                                                  \
    if (upcrt_mythread != 0) cmocka_set_message_output(CM_OUTPUT_STDOUT);        \
    const char *filter = getenv("RTSTEST_FILTER"); /* one test by name */     \
    if (filter) cmocka_set_test_filter(filter);                                  \
    int failed = cmocka_run_group_tests(tests, NULL, NULL);                      \
    return failed ? 1 : 0;                                                       \
  }                                                                              \
  int main(int argc, char **argv) {                                              \
    upcrt_config_t cfg = {0, 0};                                                 \
    upcrt_start(argc, argv, rtstest_user_main, &cfg);                            \
  }

/* Iteration counts: RMA mode (UPCRT_FORCE_RMA=1) is much slower on one
 * oversubscribed node, so it runs an eighth of them. */
#define RTSTEST_SCALE(n) (upcrt_seg_force_rma ? ((n) + 7) / 8 : (n))

#define MYTHREAD upcrt_mythread
#define THREADS upcrt_threads

#endif
