/* castable.c — upc_cast / upc_thread_info and bupc_cast / bupc_castable /
 * bupc_thread_castable / bupc_thread_distance (see castable.h). */
#include "castable.h"

#include <mpi.h>
#include <stdlib.h>

#include "core/segment.h"
#include "collective.h"

static void check_thread(long t, const char *what) {
  if (t < 0 || t >= upcrt_threads)
    upcrt_fatal("%s: thread %ld does not exist (THREADS = %d)", what, t, upcrt_threads);
}

void *upc_cast(upcrt_pts_t p) {
  if (upcrt_pts_isnull(p)) return NULL;
  check_thread((long)p.thread, "upc_cast");
  return upcrt_pts_to_private(p);
}

upc_thread_info_t upc_thread_info(size_t t) {
  check_thread((long)t, "upc_thread_info");
  int c = upcrt_node_base[t] != NULL ? UPC_CASTABLE_ALL : 0;
  return (upc_thread_info_t){c, c};
}

void *bupc_cast(upcrt_pts_t p) { return upc_cast(p); }

int bupc_castable(upcrt_pts_t p) {
  if (upcrt_pts_isnull(p)) return 1; /* bupc_cast gives NULL, which is right */
  check_thread((long)p.thread, "bupc_castable");
  return upcrt_node_base[p.thread] != NULL;
}

int bupc_thread_castable(unsigned int t) {
  check_thread((long)t, "bupc_thread_castable");
  return upcrt_node_base[t] != NULL;
}

/* Threads of this physical node (the shared-memory communicator). */
static char *on_my_node;

int bupc_thread_distance(int a, int b) {
  check_thread(a, "bupc_thread_distance");
  check_thread(b, "bupc_thread_distance");
  int me = upcrt_mythread;
  if (a == b) return BUPC_THREADS_SAME;
  if (a == me || b == me)
    return upcrt_node_base[a == me ? b : a] ? BUPC_THREADS_NEAR : BUPC_THREADS_FAR;
  if (upcrt_coll_comm != MPI_COMM_NULL) /* the collectives know every node */
    return upcrt_coll_same_node(a, b) ? BUPC_THREADS_NEAR : BUPC_THREADS_FAR;
  if (!on_my_node) {
    on_my_node = calloc((size_t)upcrt_threads, 1);
    if (!on_my_node) upcrt_fatal("bupc_thread_distance: out of memory");
    MPI_Group wg, ng;
    int n;
    MPI_Comm_group(upcrt_seg_comm, &wg);
    MPI_Comm_group(upcrt_seg_node_comm, &ng);
    MPI_Comm_size(upcrt_seg_node_comm, &n);
    for (int r = 0; r < n; r++) {
      int w;
      MPI_Group_translate_ranks(ng, 1, &r, wg, &w);
      on_my_node[w] = 1;
    }
    MPI_Group_free(&wg);
    MPI_Group_free(&ng);
  }
  /* Two threads of this node share memory unless RMA is forced; a thread of
   * this node and one elsewhere are far; two elsewhere: not knowable without
   * the other nodes' maps, reported far (the conservative answer). */
  if (on_my_node[a] && on_my_node[b] && !upcrt_seg_force_rma) return BUPC_THREADS_NEAR;
  return BUPC_THREADS_FAR;
}
