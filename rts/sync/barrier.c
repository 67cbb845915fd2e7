/* barrier.c — upc_notify/upc_wait on MPI_Iallreduce with id matching (see barrier.h). */
#include "barrier.h"

#include <inttypes.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/segment.h"
#include "core/start.h"
#include "core/stats.h"
#include "comm/async.h"
#include "neighbor.h"
#include "upcrt.h"

MPI_Comm upcrt_barrier_coll_comm = MPI_COMM_NULL;
static MPI_Comm upcrt_barrier_comm = MPI_COMM_NULL, upcrt_barrier_exit_comm = MPI_COMM_NULL;
static MPI_Request upcrt_barrier_req = MPI_REQUEST_NULL;
static int upcrt_barrier_notified, upcrt_barrier_my_has_id, upcrt_barrier_my_id;
/* (max id, max -id) over the threads that gave one; INT64_MIN when none did */
static int64_t upcrt_barrier_send[2], upcrt_barrier_recv[2];

void upcrt_barrier_init(void) {
  MPI_Comm_dup(upcrt_seg_comm, &upcrt_barrier_comm);
  MPI_Comm_dup(upcrt_seg_comm, &upcrt_barrier_coll_comm);
  MPI_Comm_dup(upcrt_seg_comm, &upcrt_barrier_exit_comm);
}

void upcrt_barrier_waitreq(MPI_Request *req) {
  int done = 0;
  /* spin a little first when every rank has a core (a yield costs more than
   * the wait), otherwise hand the core over at once */
  int spin = upcrt_seg_oversubscribed ? 2 : 50;
  for (int i = 0;; i++) {
    MPI_Test(req, &done, MPI_STATUS_IGNORE);
    if (done) return;
    upcrt_wait_poll();
    if (i >= spin) sched_yield();
  }
}

/* An allreduce (the root's bytes OR zeros), not MPI_Ibcast: a broadcast
 * completes at the root before the others call it, so a root that called
 * upc_all_alloc alone would run on; this one waits for every thread, and
 * upcrt_barrier_waitcoll reports one that will never come. */
void upcrt_barrier_bcast(void *buf, size_t n, int root) {
  if (upcrt_mythread != root) memset(buf, 0, n);
  MPI_Request r;
  MPI_Iallreduce(MPI_IN_PLACE, buf, (int)n, MPI_BYTE, MPI_BOR, upcrt_barrier_coll_comm, &r);
  upcrt_barrier_waitcoll(&r);
}

const char *upcrt_barrier_coll_what = "a collective operation";

void upcrt_barrier_watch(upcrt_barrier_watch_t *w) {
  if ((++w->n & 255) != 0) return;
  double t = MPI_Wtime();
  if (w->start == 0) w->start = t;
  if (t - w->start < 0.5) return; /* a collective that completes never looks */
  int j = 0;
  uint64_t state = UPCRT_BARSTATE_RUNNING;
  for (j = 0; j < upcrt_threads; j++)
    if (j != upcrt_mythread &&
        (state = upcrt_seg_load(j, UPCRT_SEG_BARSTATE)) != UPCRT_BARSTATE_RUNNING)
      break;
  if (j == upcrt_threads) {
    w->stuck = 0;
    return;
  }
  /* it may have done its part and moved on just now: a grace period */
  if (w->stuck == 0) w->stuck = t;
  else if (t - w->stuck > 2.0)
    upcrt_fatal("%s is collective, but thread %d %s", upcrt_barrier_coll_what, j,
                state == UPCRT_BARSTATE_EXITED
                    ? "left main (returned or called exit) without calling it"
                    : "is waiting at a barrier instead of calling it");
}

void upcrt_barrier_waitcoll(MPI_Request *req) {
  int done = 0;
  int spin = upcrt_seg_oversubscribed ? 2 : 50;
  upcrt_barrier_watch_t w = {0};
  for (int i = 0;; i++) {
    MPI_Test(req, &done, MPI_STATUS_IGNORE);
    if (done) return;
    upcrt_wait_poll();
    if (i >= spin) sched_yield();
    upcrt_barrier_watch(&w);
  }
}

/* Waits for the user barrier's request; a thread that has left main can
 * never join it, so some threads being at the exit barrier while this one
 * waits (for longer than a grace period, as the barrier may just have
 * completed) is reported instead of hanging. */
static void upcrt_barrier_wait_user(MPI_Request *req) {
  int done = 0;
  upcrt_neighbor_set_state(UPCRT_BARSTATE_IN_BARRIER);
  int spin = upcrt_seg_oversubscribed ? 2 : 50;
  double seen = 0;
  for (long i = 0;; i++) {
    MPI_Test(req, &done, MPI_STATUS_IGNORE);
    if (done) {
      upcrt_neighbor_set_state(UPCRT_BARSTATE_RUNNING);
      return;
    }
    upcrt_wait_poll();
    if (i >= spin) sched_yield();
    if ((i & 1023) == 1023 && upcrt_seg_load(0, UPCRT_SEG_EXITING) != 0) {
      double t = MPI_Wtime();
      if (seen == 0) seen = t;
      else if (t - seen > 2.0)
        upcrt_fatal("upc_barrier: waiting at a barrier that thread(s) which already left main "
                    "(returned or called exit) will never reach");
    }
  }
}

void upcrt_barrier_exit(void) {
  if (upcrt_barrier_notified) {
    /* a thread leaving between notify and wait still completes the barrier */
    upcrt_barrier_waitreq(&upcrt_barrier_req);
    upcrt_barrier_notified = 0;
  }
  upcrt_neighbor_set_state(UPCRT_BARSTATE_EXITED);
  upcrt_seg_fetch_add(0, UPCRT_SEG_EXITING, 1);
  /* after saying so: threads waiting at a barrier report this one instead
   * of waiting for it to finish the invocations */
  upcrt_async_finish();
  MPI_Request r;
  MPI_Ibarrier(upcrt_barrier_exit_comm, &r);
  upcrt_barrier_waitreq(&r);
}

void upcrt_notify(int has_id, int id) {
  if (UPCRT_UNLIKELY(upcrt_barrier_notified))
    upcrt_fatal("upc_notify%s: called twice without a upc_wait in between",
                has_id ? " with an id" : "");
  /* relaxed puts complete, same-node stores become visible */
  upcrt_fence();
  upcrt_seg_sync();
  upcrt_barrier_notified = 1;
  upcrt_barrier_my_has_id = has_id;
  upcrt_barrier_my_id = id;
  upcrt_barrier_send[0] = has_id ? (int64_t)id : INT64_MIN;
  upcrt_barrier_send[1] = has_id ? -(int64_t)id : INT64_MIN;
  MPI_Iallreduce(upcrt_barrier_send, upcrt_barrier_recv, 2, MPI_INT64_T, MPI_MAX,
                 upcrt_barrier_comm, &upcrt_barrier_req);
}

/* Every thread saw the mismatch: gather the ids, thread 0 names them. */
static UPCRT_NORETURN void upcrt_barrier_mismatch(void) {
  int64_t mine[2] = {upcrt_barrier_my_has_id, upcrt_barrier_my_id};
  int64_t all[2 * 64];
  int n = upcrt_threads < 64 ? upcrt_threads : 64;
  int64_t *buf = all, *heap = NULL;
  if (upcrt_threads > 64) {
    heap = malloc(sizeof(int64_t) * 2 * (size_t)upcrt_threads);
    if (heap) buf = heap;
  }
  MPI_Request r;
  if (buf == all && upcrt_threads > 64) {
    /* no memory for the details: report without them */
    if (upcrt_mythread == 0)
      upcrt_fatal("barrier id mismatch: upc_notify ids range from %" PRId64 " to %" PRId64,
                  -upcrt_barrier_recv[1], upcrt_barrier_recv[0]);
  } else {
    MPI_Iallgather(mine, 2, MPI_INT64_T, buf, 2, MPI_INT64_T, upcrt_barrier_comm, &r);
    upcrt_barrier_waitreq(&r);
  }
  if (upcrt_mythread == 0) {
    char msg[2048];
    size_t len = (size_t)snprintf(msg, sizeof msg, "barrier id mismatch: ");
    int shown = 0;
    int limit = heap ? upcrt_threads : n;
    for (int t = 0; t < limit && len < sizeof msg - 64; t++) {
      if (shown == 16) {
        len += (size_t)snprintf(msg + len, sizeof msg - len, ", ...");
        break;
      }
      if (buf[2 * t])
        len += (size_t)snprintf(msg + len, sizeof msg - len, "%sthread %d passed id %" PRId64,
                                shown ? ", " : "", t, buf[2 * t + 1]);
      else
        len += (size_t)snprintf(msg + len, sizeof msg - len, "%sthread %d passed no id",
                                shown ? ", " : "", t);
      shown++;
    }
    upcrt_fatal("%s", msg);
  }
  /* thread 0 ends the job; do not outlive it by much */
  for (int i = 0; i < 300; i++) usleep(100000);
  upcrt_start_abort(1);
}

void upcrt_wait(int has_id, int id) {
  if (UPCRT_UNLIKELY(!upcrt_barrier_notified))
    upcrt_fatal("upc_wait%s: no upc_notify before it", has_id ? " with an id" : "");
  /* what was cached or written between notify and wait goes too (cache.h) */
  if (upcrt_puts_pending) upcrt_flush_puts();
  double t0 = upcrt_stats_on ? MPI_Wtime() : 0;
  upcrt_barrier_wait_user(&upcrt_barrier_req);
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_barrier(MPI_Wtime() - t0);
  upcrt_barrier_notified = 0;
  int any_id = upcrt_barrier_recv[0] != INT64_MIN;
  if (UPCRT_UNLIKELY(any_id && upcrt_barrier_recv[0] != -upcrt_barrier_recv[1]))
    upcrt_barrier_mismatch();
  if (UPCRT_UNLIKELY(has_id && any_id && (int64_t)id != upcrt_barrier_recv[0]))
    upcrt_fatal("barrier id mismatch: upc_wait passed id %d but the upc_notify of the "
                "barrier passed id %" PRId64,
                id, upcrt_barrier_recv[0]);
  if (UPCRT_UNLIKELY(has_id && upcrt_barrier_my_has_id && id != upcrt_barrier_my_id))
    upcrt_fatal("barrier id mismatch: upc_wait passed id %d but this thread's upc_notify "
                "passed id %d",
                id, upcrt_barrier_my_id);
  /* others' same-node stores before their notify are visible from here */
  upcrt_seg_sync();
}

void upcrt_barrier(int has_id, int id) {
  upcrt_notify(has_id, id);
  upcrt_wait(has_id, id);
}
