/* coll_base.c — the collectives' communicator, control words, barrier and wait (see coll_base.h). */
#include "coll_base.h"

#include "core/segment.h"
#include "all_alloc.h"
#include "barrier.h"
#include "upcrt.h"

MPI_Comm upcrt_coll_comm = MPI_COMM_NULL;
uint64_t upcrt_coll_ctl;


void upcrt_coll_wait(MPI_Request *req) { upcrt_barrier_waitcoll(req); }

void upcrt_coll_barrier(void) {
  upcrt_fence();
  upcrt_barrier_internal(); /* upc_barrier's paths, its own words */
}

void upcrt_coll_init(void) {
  if (upcrt_coll_comm != MPI_COMM_NULL) return;
  MPI_Request r;
  MPI_Comm_idup(upcrt_seg_comm, &upcrt_coll_comm, &r);
  upcrt_coll_wait(&r);
  int T = upcrt_threads, me = upcrt_mythread;
  upcrt_pts_t ctl = upcrt_all_alloc((size_t)T, 16);
  upcrt_coll_ctl = ctl.offset;
  upcrt_seg_store(me, upcrt_coll_ctl, 0);
  upcrt_seg_store(me, upcrt_coll_ctl + 8, 0);
  upcrt_coll_barrier();
}
