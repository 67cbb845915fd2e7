/* e2e.h — the checks of the optimizer end-to-end programs, on top of
 * test/upc/upctest.h (its reporting and PASS verdict).  The main translation
 * unit includes it plainly; another one defines E2E_SECONDARY first, counts
 * its own failures and returns the count to the main one. */
#ifndef E2E_H
#define E2E_H

#ifdef E2E_SECONDARY
#define UPCTEST_SECONDARY
#endif
#include "../../upc/upctest.h"
#include <time.h>

#define e2e_nfail upctest_nfail
#define e2e_report upctest_report
#define e2e_done upctest_done

/* got == want as values of type T, printed with FMT; the printf-style
 * context (the macro's remaining arguments) is formatted only on failure. */
#define E2E_CHECK_AS(T, FMT, got, want, ...)                                   \
  do {                                                                         \
    T g_ = (T)(got), w_ = (T)(want);                                           \
    if (g_ != w_) {                                                            \
      char c_[200], m_[300];                                                   \
      snprintf(c_, sizeof c_, __VA_ARGS__);                                    \
      snprintf(m_, sizeof m_, "%s: got " FMT ", expected " FMT, c_, g_, w_);   \
      e2e_report(__FILE__, __LINE__, m_);                                      \
    }                                                                          \
  } while (0)
/* Integers of any width, compared as long long (unsigned as their bits). */
#define CHECK_EQ(got, want, ...) E2E_CHECK_AS(long long, "%lld", got, want, __VA_ARGS__)
/* Exact: the programs only use values every step represents exactly. */
#define CHECK_DEQ(got, want, ...) E2E_CHECK_AS(double, "%.17g", got, want, __VA_ARGS__)

/* Block-cyclic owner of element i (block b, 0 = indefinite), from the spec. */
static inline int e2e_owner(long i, long b) {
  return b == 0 ? 0 : (int)((i / b) % THREADS);
}

/* With E2E_VERBOSE=1 in the environment, thread 0 prints how long each phase
 * took (the RMA runs at 3-4 threads on 2 cores are slow; this says where). */
static void e2e_phase(const char *name) {
  static double last;
  static int verbose = -1;
  if (verbose < 0) verbose = getenv("E2E_VERBOSE") != NULL;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  double now = ts.tv_sec + ts.tv_nsec * 1e-9;
  if (verbose && MYTHREAD == 0 && last != 0) fprintf(stderr, "e2e: %-24s %.3f s\n", name, now - last);
  last = now;
}

/* Where element i of an n-element array with block size b (> 0) lives in its
 * thread's local part, and how many elements thread s has. */
static inline long e2e_local(long i, long b) { return (i / b) / THREADS * b + i % b; }
static inline long e2e_count(long n, long b, int s) {
  long c = 0;
  for (long i = 0; i < n; i++) c += e2e_owner(i, b) == s;
  return c;
}

/* E2E_GATHER(T, dst, X, n, b): copies the n-element shared array X (block b
 * > 0) into the private array dst in element order, with one upc_memget of
 * each thread's part (element-wise reads cost a round trip each through MPI
 * RMA, milliseconds when 4 threads share 2 cores). */
#define E2E_GATHER(T, dst, X, n, b)                                            \
  do {                                                                         \
    for (int s_ = 0; s_ < THREADS && s_ * (long)(b) < (long)(n); s_++) {       \
      long c_ = e2e_count((n), (b), s_);                                       \
      T *buf_ = malloc(c_ * sizeof(T));                                        \
      upc_memget(buf_, &(X)[s_ * (long)(b)], c_ * sizeof(T));                  \
      for (long i_ = 0; i_ < (long)(n); i_++)                                  \
        if (e2e_owner(i_, (b)) == s_) (dst)[i_] = buf_[e2e_local(i_, (b))];    \
      free(buf_);                                                              \
    }                                                                          \
  } while (0)


#endif
