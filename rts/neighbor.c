/* neighbor.c — upcx_sync_neighbors on point-to-point arrival counters (see neighbor.h). */
#include "neighbor.h"

#include <mpi.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "barrier.h"
#include "segment.h"
#include "svd.h"
#include "upcrt.h"

static uint64_t *upcrt_neighbor_off; /* per thread: offset of its counters */
static uint64_t *upcrt_neighbor_sent; /* per thread: my calls that listed it */
static unsigned char *upcrt_neighbor_mark;

void upcrt_neighbor_init(void) {
  size_t bytes = sizeof(uint64_t) * (size_t)upcrt_threads;
  uint64_t mine = upcrt_svd_local_alloc(bytes, UPCRT_SVD_SYNC);
  memset(upcrt_seg_mybase + mine, 0, bytes);
  upcrt_neighbor_off = malloc(bytes);
  upcrt_neighbor_sent = calloc((size_t)upcrt_threads, sizeof(uint64_t));
  upcrt_neighbor_mark = calloc((size_t)upcrt_threads, 1);
  if (!upcrt_neighbor_off || !upcrt_neighbor_sent || !upcrt_neighbor_mark)
    upcrt_fatal("out of private memory at start-up");
  MPI_Request r;
  MPI_Iallgather(&mine, 1, MPI_UINT64_T, upcrt_neighbor_off, 1, MPI_UINT64_T,
                 upcrt_barrier_coll_comm, &r);
  upcrt_barrier_waitreq(&r);
}

void upcrt_neighbor_set_state(int state) {
  /* a plain atomic store: others read it with an MPI atomic or a load */
  __atomic_store_n((uint64_t *)(upcrt_seg_mybase + UPCRT_SEG_BARSTATE), (uint64_t)state,
                   __ATOMIC_SEQ_CST);
}

/* Waits until thread j's calls that listed this thread reach `want`. */
static void upcrt_neighbor_wait(int j, uint64_t want) {
  uint64_t off = upcrt_neighbor_off[upcrt_mythread] + sizeof(uint64_t) * (uint64_t)j;
  double stuck_since = 0;
  for (long i = 0;; i++) {
    if (upcrt_seg_load(upcrt_mythread, off) >= want) return;
    upcrt_async_poll();
    if (upcrt_seg_oversubscribed || i > 50) sched_yield();
    /* serve the neighbours' RMA (their counter updates, their gets from
     * us) at once: they wait for it while we wait for them */
    if (upcrt_progress_needed) upcrt_progress();
    if ((i & 255) != 255) continue;
    upcrt_progress();
    uint64_t state = upcrt_seg_load(j, UPCRT_SEG_BARSTATE);
    if (state == UPCRT_BARSTATE_RUNNING) {
      stuck_since = 0;
      continue;
    }
    /* j may have called us just before; give it a grace period */
    double t = MPI_Wtime();
    if (stuck_since == 0) stuck_since = t;
    else if (t - stuck_since > 2.0)
      upcrt_fatal("upcx_sync_neighbors: waiting for thread %d, which %s without a matching "
                  "upcx_sync_neighbors call that lists thread %d",
                  j, state == UPCRT_BARSTATE_EXITED ? "left main" : "waits at a barrier",
                  upcrt_mythread);
  }
}

void upcx_sync_neighbors(const int *threads, size_t n) {
  if (n > 0 && threads == NULL) upcrt_fatal("upcx_sync_neighbors: the thread list is NULL");
  for (size_t k = 0; k < n; k++)
    if (threads[k] < 0 || threads[k] >= upcrt_threads)
      upcrt_fatal("upcx_sync_neighbors: threads[%zu] is %d, not a thread (THREADS is %d)", k,
                  threads[k], upcrt_threads);
  /* my writes before the call are visible to the neighbours after theirs */
  upcrt_fence();
  upcrt_seg_sync();
  for (size_t k = 0; k < n; k++) {
    int j = threads[k];
    if (j == upcrt_mythread || upcrt_neighbor_mark[j]) continue; /* self, a repeat */
    upcrt_neighbor_mark[j] = 1;
    upcrt_neighbor_sent[j]++;
    upcrt_seg_fetch_add(j, upcrt_neighbor_off[j] + sizeof(uint64_t) * (uint64_t)upcrt_mythread,
                        1);
  }
  for (size_t k = 0; k < n; k++) {
    int j = threads[k];
    if (!upcrt_neighbor_mark[j]) continue;
    upcrt_neighbor_mark[j] = 0;
    upcrt_neighbor_wait(j, upcrt_neighbor_sent[j]);
  }
  /* and theirs are visible to me */
  upcrt_fence();
  upcrt_seg_sync();
}
