/* backoff.c — spin, yield, then sleep in wait loops (see backoff.h). */
#include "backoff.h"

#include <sched.h>
#include <sys/prctl.h>
#include <time.h>

#include "segment.h"

static uint64_t backoff_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void upcrt_backoff_spin(upcrt_backoff_t *b, uint32_t spin) {
  uint32_t r = b->rounds++;
  if (r < spin) {
    /* the sibling hyperthread runs, the line stays */
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
    return;
  }
  if (b->sleep_ns == 0) {
    /* the clock costs about 20 ns: read it every 16th yield */
    if (r == spin)
      b->yield_until = backoff_now_ns() + (upcrt_progress_needed ? UPCRT_BACKOFF_YIELD_MPI_NS
                                                                 : UPCRT_BACKOFF_YIELD_NS);
    else if ((r & 15) == 0 && backoff_now_ns() > b->yield_until) b->sleep_ns = 1000;
    sched_yield();
    return;
  }
  struct timespec ts = {0, (long)b->sleep_ns};
  nanosleep(&ts, NULL);
  uint32_t most = upcrt_progress_needed ? UPCRT_BACKOFF_SLEEP_MAX_MPI_NS : UPCRT_BACKOFF_SLEEP_MAX_NS;
  if (b->sleep_ns < most) b->sleep_ns *= 2;
}

void upcrt_backoff(upcrt_backoff_t *b) {
  upcrt_backoff_spin(b, upcrt_seg_oversubscribed ? 2 : 50);
}

void upcrt_backoff_waitall(int n, MPI_Request *reqs) {
  upcrt_backoff_t b = {0};
  for (int i = 0; i < n;) {
    int done = 0;
    MPI_Test(&reqs[i], &done, MPI_STATUS_IGNORE);
    if (done) i++;
    else upcrt_backoff(&b);
  }
}

void upcrt_backoff_init_thread(void) { prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0); }
