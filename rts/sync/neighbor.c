/* neighbor.c — upcx_sync_neighbors on point-to-point arrival counters (see neighbor.h). */
#include "neighbor.h"

#include <mpi.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/segment.h"
#include "core/svd.h"
#include "barrier.h"
#include "upcrt.h"

static MPI_Comm upcrt_neighbor_comm = MPI_COMM_NULL; /* flags to threads not mapped here */
static MPI_Request *upcrt_neighbor_recv;              /* per thread, while a call waits */
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
  upcrt_neighbor_recv = malloc(sizeof(MPI_Request) * (size_t)upcrt_threads);
  if (!upcrt_neighbor_off || !upcrt_neighbor_sent || !upcrt_neighbor_mark ||
      !upcrt_neighbor_recv)
    upcrt_fatal("out of private memory at start-up");
  MPI_Request r[2];
  MPI_Comm_idup(upcrt_seg_comm, &upcrt_neighbor_comm, &r[0]);
  MPI_Iallgather(&mine, 1, MPI_UINT64_T, upcrt_neighbor_off, 1, MPI_UINT64_T,
                 upcrt_barrier_coll_comm, &r[1]);
  upcrt_backoff_waitall(2, r);
}

void upcrt_neighbor_set_state(int state) {
  /* a plain atomic store: others read it with an MPI atomic or a load */
  __atomic_store_n((uint64_t *)(upcrt_seg_mybase + UPCRT_SEG_BARSTATE), (uint64_t)state,
                   __ATOMIC_SEQ_CST);
}

/* Thread j's flag has arrived: its calls that listed this thread reach
 * `want` (j mapped here), or its message is in (j elsewhere). */
static int upcrt_neighbor_arrived(int j, uint64_t want) {
  if (!upcrt_node_base[j]) {
    int done;
    MPI_Test(&upcrt_neighbor_recv[j], &done, MPI_STATUS_IGNORE);
    return done;
  }
  uint64_t off = upcrt_neighbor_off[upcrt_mythread] + sizeof(uint64_t) * (uint64_t)j;
  return __atomic_load_n((uint64_t *)(upcrt_seg_mybase + off), __ATOMIC_ACQUIRE) >= want;
}

/* Waits for thread j's flag. */
static void upcrt_neighbor_wait(int j, uint64_t want) {
  double stuck_since = 0;
  upcrt_backoff_t bo = {0};
  for (long i = 0;; i++) {
    if (upcrt_neighbor_arrived(j, want)) return;
    /* serve the neighbours (their gets from us) at once: they may wait
     * for that while we wait for them */
    upcrt_wait_poll();
    upcrt_backoff(&bo);
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
  /* a flag per neighbour: a CPU atomic where its memory is mapped here, a
   * message otherwise (an MPI atomic would wait for the neighbour's MPI to
   * apply it; the message is one eager send, matched in call order) */
  for (size_t k = 0; k < n; k++) {
    int j = threads[k];
    if (j == upcrt_mythread || upcrt_neighbor_mark[j]) continue; /* self, a repeat */
    upcrt_neighbor_mark[j] = 1;
    upcrt_neighbor_sent[j]++;
    if (upcrt_node_base[j]) {
      __atomic_fetch_add((uint64_t *)(upcrt_node_base[j] + upcrt_neighbor_off[j] +
                                      sizeof(uint64_t) * (uint64_t)upcrt_mythread),
                         1, __ATOMIC_RELEASE);
    } else {
      MPI_Request r;
      MPI_Irecv(NULL, 0, MPI_BYTE, j, 0, upcrt_neighbor_comm, &upcrt_neighbor_recv[j]);
      MPI_Isend(NULL, 0, MPI_BYTE, j, 0, upcrt_neighbor_comm, &r);
      MPI_Request_free(&r); /* a zero-byte send completes on its own */
    }
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
