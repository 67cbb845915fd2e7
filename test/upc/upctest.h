/* upctest.h — check-and-report helpers and the UPC layout model shared by the
 * end-to-end tests in test/upc and test/opt/e2e.  A program's other
 * translation units define UPCTEST_SECONDARY first: they count their own
 * failures (upctest_nfail) and hand the count to the main one. */
#ifndef UPCTEST_H
#define UPCTEST_H

#include <upc.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static int upctest_nfail; /* failed checks on this thread */

/* Print the first few failures only: a broken feature fails thousands of
 * checks and the log should still be readable. */
static inline void upctest_report(const char *file, int line, const char *what) {
  if (++upctest_nfail <= 12) {
    printf("FAIL thread %d of %d at %s:%d: %s\n", (int)MYTHREAD, (int)THREADS, file, line, what);
    fflush(stdout);
  }
}

#define CHECK(cond)                                                  \
  do {                                                               \
    if (!(cond)) upctest_report(__FILE__, __LINE__, #cond);          \
  } while (0)

#define CHECK_INT(got, want)                                               \
  do {                                                                     \
    long long g_ = (long long)(got), w_ = (long long)(want);               \
    if (g_ != w_) {                                                        \
      char m_[256];                                                        \
      snprintf(m_, sizeof m_, "%s = %lld, expected %s = %lld", #got, g_,   \
               #want, w_);                                                 \
      upctest_report(__FILE__, __LINE__, m_);                              \
    }                                                                      \
  } while (0)

#define CHECK_UINT(got, want)                                              \
  do {                                                                     \
    unsigned long long g_ = (unsigned long long)(got);                     \
    unsigned long long w_ = (unsigned long long)(want);                    \
    if (g_ != w_) {                                                        \
      char m_[256];                                                        \
      snprintf(m_, sizeof m_, "%s = %llu, expected %s = %llu", #got, g_,   \
               #want, w_);                                                 \
      upctest_report(__FILE__, __LINE__, m_);                              \
    }                                                                      \
  } while (0)

/* Exact comparison: the tests only use values every step represents exactly. */
#define CHECK_DBL(got, want)                                               \
  do {                                                                     \
    double g_ = (double)(got), w_ = (double)(want);                        \
    if (g_ != w_) {                                                        \
      char m_[256];                                                        \
      snprintf(m_, sizeof m_, "%s = %.17g, expected %s = %.17g", #got, g_, \
               #want, w_);                                                 \
      upctest_report(__FILE__, __LINE__, m_);                              \
    }                                                                      \
  } while (0)

/* ---- The UPC layout model (UPC 1.3, 6.5.1.1), computed from scratch ---- */
/* Element i of an array with block size b (0 = indefinite) lives on thread
 * (i / b) mod THREADS, at phase i mod b, and is element model_local(i, b) of
 * that thread's local portion. */
static inline size_t model_thread(size_t i, size_t b) {
  return b == 0 ? 0 : (i / b) % (size_t)THREADS;
}
static inline size_t model_phase(size_t i, size_t b) { return b == 0 ? 0 : i % b; }
static inline size_t model_local(size_t i, size_t b) {
  return b == 0 ? i : (i / b) / (size_t)THREADS * b + i % b;
}
/* Elements of an n-element array with block size b on thread t. */
static inline size_t model_count(size_t n, size_t b, size_t t) {
  size_t c = 0;
  for (size_t i = 0; i < n; i++) c += model_thread(i, b) == t;
  return c;
}

/* Spin politely: CI runs 4 threads on 2 cores. */
static inline void upctest_relax(void) { sched_yield(); }

#ifndef UPCTEST_SECONDARY
/* Every test ends with `return upctest_done();`: the failure counts meet in
 * thread 0, which prints PASS only if every thread passed. */
shared int upctest_fails[THREADS];

static inline int upctest_done(void) {
  upctest_fails[MYTHREAD] = upctest_nfail;
  upc_barrier;
  if (MYTHREAD == 0) {
    int total = 0;
    for (int t = 0; t < THREADS; t++) total += upctest_fails[t];
    if (total == 0)
      printf("PASS\n");
    else
      printf("FAIL: %d failed checks\n", total);
    fflush(stdout);
  }
  upc_barrier;
  return upctest_nfail != 0;
}
#endif

#endif
