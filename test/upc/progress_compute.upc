/* progress_compute.upc — a thread that computes without calling the runtime
 * does not stall other threads' operations on its memory (issue 9: the
 * progress thread).  Thread 0 spins on a flag in its own memory through a
 * private pointer; the other threads acquire a lock homed on thread 0, send
 * it 1000 converted remote updates and 1000 upc_atomic increments each, and
 * then raise the flag.  Each phase must take well under a second (it took as
 * long as thread 0 computed, here until its 10 s deadline, without asynchronous
 * progress); the counters must be exact.  Run with UPCRT_FORCE_RMA=1. */
#include "upctest.h"
#include <stdint.h>
#include <time.h>
#include <upc_atomic.h>

#define OPS 1000
#define DEADLINE 10.0 /* seconds thread 0 computes at most */
#define BOUND 1.0     /* seconds a phase may take */

shared int64_t stop[THREADS];
shared int64_t updated[THREADS];
shared int64_t atomics[THREADS];
upc_lock_t *shared lock0;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void check_phase(const char *what, double secs) {
  printf("thread %d: %s took %.4f s\n", (int)MYTHREAD, what, secs);
  if (secs >= BOUND) {
    char m[128];
    snprintf(m, sizeof m, "%s took %.3f s, more than %.1f s", what, secs, BOUND);
    upctest_report(__FILE__, __LINE__, m);
  }
}

int main(void) {
  upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT64, UPC_INC, 0);
  if (MYTHREAD == 0) lock0 = upc_global_lock_alloc();
  upc_barrier;
  if (MYTHREAD == 0) {
    /* compute, reading the flag with plain loads: no runtime call */
    volatile int64_t *flag = (volatile int64_t *)&stop[0];
    double t0 = now(), x = 0;
    while (*flag == 0 && now() - t0 < DEADLINE)
      for (int k = 0; k < 1000; k++) x += k * 1e-9;
    CHECK(*flag != 0); /* else the others never got through */
    if (x < 0) printf("%g\n", x);
  } else {
    double t = now();
    upc_lock(lock0);
    upc_unlock(lock0);
    check_phase("upc_lock of a lock on a computing thread", now() - t);
    t = now();
    for (int i = 0; i < OPS; i++) updated[0] += 1; /* a converted remote update */
    upc_fence;
    check_phase("1000 remote updates", now() - t);
    t = now();
    for (int i = 0; i < OPS; i++) upc_atomic_relaxed(dom, NULL, UPC_INC, &atomics[0], NULL, NULL);
    check_phase("1000 upc_atomic increments", now() - t);
    if (MYTHREAD == THREADS - 1) stop[0] = 1;
    upc_fence;
  }
  upc_barrier;
  if (MYTHREAD == 0) {
    CHECK_INT(updated[0], (int64_t)OPS * (THREADS - 1));
    CHECK_INT(atomics[0], (int64_t)OPS * (THREADS - 1));
  }
  upc_barrier;
  upc_all_atomicdomain_free(dom);
  return upctest_done();
}
