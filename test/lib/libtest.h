/* libtest.h — helpers for the UPC library tests (suite 'lib'): checks that
 * count failures without leaving the test (every thread still reaches every
 * collective), the agreement step that fails a test on every thread when any
 * thread failed, and the cmocka main run inside upcrt_start. */
#ifndef LIBTEST_H
#define LIBTEST_H

#include "../rts/rtstest.h"
#include "collective.h"

/* The runtime tests' checks, agreement step and cmocka main, under the names
 * the library tests use. */
#define libtest_errors rtstest_errors
#define libtest_sum rtstest_sum
#define LIBTEST_AGREE RTSTEST_AGREE
#define LIBTEST_MAIN(...) RTSTEST_MAIN(__VA_ARGS__)

static inline void libtest_barrier(void) {
  upcrt_coll_init();
  upcrt_coll_barrier();
}

/* Reads n bytes at p (any thread) into a private buffer. */
static inline void libtest_get(void *dst, upcrt_pts_t p, size_t n) { upc_memget(dst, p, n); }

#endif
