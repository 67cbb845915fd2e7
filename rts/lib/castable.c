/* castable.c — upc_cast / upc_thread_info and bupc_cast / bupc_castable /
 * bupc_thread_castable / bupc_thread_distance (see castable.h). */
#include "castable.h"

#include "core/segment.h"
#include "collective.h"
#include "sync/barrier.h"

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

int bupc_thread_distance(int a, int b) {
  check_thread(a, "bupc_thread_distance");
  check_thread(b, "bupc_thread_distance");
  if (a == b) return BUPC_THREADS_SAME;
  /* the barrier's node map: threads that map each other's segments */
  return upcrt_same_node(a, b) ? BUPC_THREADS_NEAR : BUPC_THREADS_FAR;
}
