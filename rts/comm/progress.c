/* progress.c — the progress thread, and progress from waits (see progress.h). */
#include "progress.h"

#include <errno.h>
#include <mpi.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/backoff.h"
#include "core/doorbell.h"
#include "core/module.h"
#include "core/segment.h"
#include "core/start.h"
#include "core/trace.h"
#include "packed.h"
#include "upcrt.h"

enum { UPCRT_PROGRESS_AUTO, UPCRT_PROGRESS_ON, UPCRT_PROGRESS_OFF, UPCRT_PROGRESS_BAD };

int upcrt_progress_async;
static int upcrt_progress_mode;
static long upcrt_progress_interval_us = 1000;
static pthread_t upcrt_progress_tid;
static int upcrt_progress_stopping;
static uint64_t upcrt_progress_polls; /* upcrt_progress calls of the UPC thread */

static int upcrt_progress_parse(const char *v) {
  if (v == NULL || *v == '\0' || strcmp(v, "auto") == 0) return UPCRT_PROGRESS_AUTO;
  if (!strcmp(v, "on") || !strcmp(v, "1") || !strcmp(v, "yes")) return UPCRT_PROGRESS_ON;
  if (!strcmp(v, "off") || !strcmp(v, "0") || !strcmp(v, "no")) return UPCRT_PROGRESS_OFF;
  return UPCRT_PROGRESS_BAD;
}

static int upcrt_progress_env_flag(const char *name) {
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0") != 0;
}

/* Hydra (MPICH's launcher) and Open MPI's mpirun tell each rank how many
 * ranks share its node, each in its own variables. */
static int upcrt_progress_maybe_offnode(void) {
  const char *local = getenv("MPI_LOCALNRANKS"), *size = getenv("PMI_SIZE");
  if (!local || !size) {
    local = getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
    size = getenv("OMPI_COMM_WORLD_SIZE");
  }
  if (!local || !size) return 1; /* another launcher: cannot tell yet */
  return atol(local) < atol(size);
}

int upcrt_progress_thread_level(void) {
  upcrt_progress_mode = upcrt_progress_parse(getenv("UPCRT_PROGRESS"));
  switch (upcrt_progress_mode) {
  case UPCRT_PROGRESS_ON: return MPI_THREAD_MULTIPLE;
  case UPCRT_PROGRESS_AUTO:
    /* MPI_THREAD_MULTIPLE makes every MPI call take a lock: only ask for it
     * when the thread may be wanted */
    return upcrt_progress_env_flag("UPCRT_FORCE_RMA") || upcrt_progress_env_flag("UPCRT_NODE_SIZE") ||
                   upcrt_progress_maybe_offnode()
               ? MPI_THREAD_MULTIPLE
               : MPI_THREAD_SINGLE;
  default: return MPI_THREAD_SINGLE;
  }
}

static uint64_t upcrt_progress_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Each wake-up costs about 10 us of CPU here (1% of a core at the default
 * 1000 us interval), so the thread polls fast only while another thread
 * waits for an operation on this thread's memory: such a thread rings this
 * thread's doorbell (doorbell.h), and the poll interval drops to
 * UPCRT_PROGRESS_FAST_US until UPCRT_DOORBELL_HOLD_NS after the last ring. */
#define UPCRT_PROGRESS_FAST_US 20
static void *upcrt_progress_main(void *arg) {
  (void)arg;
  upcrt_backoff_init_thread();
  uint64_t *doorbell = (uint64_t *)(upcrt_seg_mybase + UPCRT_SEG_DOORBELL);
  uint64_t fast_until = 0, polls_seen = 0;
  while (!__atomic_load_n(&upcrt_progress_stopping, __ATOMIC_ACQUIRE)) {
    /* a UPC thread that polled since the last round is waiting in the
     * runtime and makes progress itself: competing with it for MPI's lock
     * and the core only slows it down */
    uint64_t polls = __atomic_load_n(&upcrt_progress_polls, __ATOMIC_RELAXED);
    if (polls == polls_seen) {
      /* traced when it did work: served a request or applied other threads'
       * operations inside MPI (an idle poll is too short to keep) */
      uint64_t trace_t0 = 0;
      if (UPCRT_UNLIKELY(__atomic_load_n(&upcrt_tracing, __ATOMIC_RELAXED)))
        trace_t0 = upcrt_trace_now();
      upcrt_packed_serve(1);
      if (UPCRT_UNLIKELY(trace_t0)) upcrt_trace_progress("progress work", trace_t0);
    }
    polls_seen = polls;
    uint64_t t = upcrt_progress_now_ns();
    if (__atomic_load_n(doorbell, __ATOMIC_RELAXED)) {
      __atomic_store_n(doorbell, 0, __ATOMIC_RELAXED);
      fast_until = t + UPCRT_DOORBELL_HOLD_NS;
    }
    long us = t < fast_until ? UPCRT_PROGRESS_FAST_US : upcrt_progress_interval_us;
    struct timespec ts = {us / 1000000, (us % 1000000) * 1000};
    nanosleep(&ts, NULL);
  }
  return NULL;
}

void upcrt_progress_start(int provided) {
  const char *v = getenv("UPCRT_PROGRESS");
  if (upcrt_progress_mode == UPCRT_PROGRESS_BAD)
    upcrt_fatal("UPCRT_PROGRESS=\"%s\" is not on, off or auto (upcrun -progress on|off)", v);
  const char *iv = getenv("UPCRT_PROGRESS_INTERVAL");
  if (iv && *iv) {
    char *end;
    errno = 0;
    long us = strtol(iv, &end, 10);
    if (*end != '\0' || errno || us < 1 || us > 1000000)
      upcrt_fatal("UPCRT_PROGRESS_INTERVAL=\"%s\" is not a number of microseconds "
                  "between 1 and 1000000",
                  iv);
    upcrt_progress_interval_us = us;
  }
  int wanted = upcrt_progress_mode == UPCRT_PROGRESS_ON ||
               (upcrt_progress_mode == UPCRT_PROGRESS_AUTO && !upcrt_cpu_atomics);
  if (!wanted) return;
  if (provided < MPI_THREAD_MULTIPLE) {
    if (upcrt_progress_mode == UPCRT_PROGRESS_ON)
      upcrt_fatal("UPCRT_PROGRESS=on needs MPI_THREAD_MULTIPLE, which this MPI does not "
                  "provide");
    return; /* auto: waits inside the runtime still poke progress */
  }
  /* the thread takes no signals: crashes and HUNT faults belong to the UPC
   * thread, and SIGALRM/SIGTERM to whoever the user meant */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  int rc = pthread_create(&upcrt_progress_tid, NULL, upcrt_progress_main, NULL);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (rc != 0) upcrt_fatal("cannot start the progress thread: %s", strerror(rc));
  upcrt_progress_async = 1;
}

void upcrt_progress_stop(void) {
  if (!upcrt_progress_async) return;
  /* a fatal error on the progress thread itself ends the job from there */
  if (pthread_equal(pthread_self(), upcrt_progress_tid)) return;
  __atomic_store_n(&upcrt_progress_stopping, 1, __ATOMIC_RELEASE);
  if (upcrt_start_ending) {
    /* ending the job from wherever the UPC thread was, perhaps inside MPI
     * with its lock held: the thread may never get to its flag; the abort
     * goes ahead after a moment */
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 1;
    if (pthread_timedjoin_np(upcrt_progress_tid, NULL, &until) != 0) return;
  } else {
    pthread_join(upcrt_progress_tid, NULL);
  }
  upcrt_progress_async = 0;
}

/* ---- progress from the UPC thread's own waits ---- */

unsigned upcrt_poll_count;

void upcrt_poll_slow(void) {
  /* a yield only helps when our own threads share cores; otherwise it just
   * hands the core to unrelated work */
  if (upcrt_seg_oversubscribed) sched_yield();
  upcrt_modules_poll(); /* MPI progress, invocations, a barrier between nodes */
}

/* One MPI call, which is what progress needs, that also serves the strided
 * gets other threads asked this one to pack; on every 8th call only: it
 * takes a lock and probes MPI (about 90 ns), and every fence with nothing
 * to complete and every round of a wait loop calls this. */
void upcrt_progress(void) {
  static unsigned calls;
  if (++calls % 8 != 0) return;
  __atomic_store_n(&upcrt_progress_polls, upcrt_progress_polls + 1, __ATOMIC_RELAXED);
  upcrt_packed_serve(0);
}
