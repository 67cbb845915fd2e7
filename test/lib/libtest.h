/* libtest.h — helpers for the UPC library tests (suite 'lib'): checks that
 * count failures without leaving the test (every thread still reaches every
 * collective), the agreement step that fails a test on every thread when any
 * thread failed, and the cmocka main run inside upcrt_start. */
#ifndef LIBTEST_H
#define LIBTEST_H

#include <mpi.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "collective.h"
#include "segment.h"
#include "upcrt.h"

static int libtest_errors;

#define CHECK(cond, ...)                                                        \
  do {                                                                          \
    if (!(cond)) {                                                              \
      if (libtest_errors++ < 10) {                                              \
        fprintf(stderr, "thread %d: %s:%d: check failed: %s: ", upcrt_mythread, \
                __FILE__, __LINE__, #cond);                                     \
        fprintf(stderr, __VA_ARGS__);                                           \
        fprintf(stderr, "\n");                                                  \
      }                                                                         \
    }                                                                           \
  } while (0)

/* Sum of v over all threads (test-and-yield). */
static inline long libtest_sum(long v) {
  upcrt_coll_init();
  long r = 0;
  MPI_Request q;
  MPI_Iallreduce(&v, &r, 1, MPI_LONG, MPI_SUM, upcrt_coll_comm, &q);
  upcrt_coll_wait(&q);
  return r;
}

static inline void libtest_barrier(void) {
  upcrt_coll_init();
  upcrt_coll_barrier();
}

#define LIBTEST_AGREE()                                                          \
  do {                                                                           \
    long all_ = libtest_sum(libtest_errors);                                     \
    libtest_errors = 0;                                                          \
    assert_int_equal(all_, 0);                                                   \
  } while (0)

#define LIBTEST_MAIN(...)                                                        \
  static int libtest_user_main(int argc, char **argv) {                          \
    (void)argc;                                                                  \
    (void)argv;                                                                  \
    if (upcrt_mythread != 0) cmocka_set_message_output(CM_OUTPUT_STDOUT);        \
    int failed = cmocka_run_group_tests(__VA_ARGS__, NULL, NULL);                    \
    return failed ? 1 : 0;                                                       \
  }                                                                              \
  int main(int argc, char **argv) {                                              \
    upcrt_config_t cfg = {0, 0};                                                 \
    upcrt_start(argc, argv, libtest_user_main, &cfg);                            \
  }

#define MYTHREAD upcrt_mythread
#define THREADS upcrt_threads

/* Reads n bytes at p (any thread) into a private buffer. */
static inline void libtest_get(void *dst, upcrt_pts_t p, size_t n) { upc_memget(dst, p, n); }

#endif
