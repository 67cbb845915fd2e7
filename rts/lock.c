/* lock.c — ticket locks on segment atomics: upc_lock & co. (see lock.h). */
#include "lock.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include "barrier.h"
#include "segment.h"
#include "stats.h"
#include "svd.h"
#include "upcrt.h"

/* The locks this thread holds (few): lets upc_lock/upc_unlock check misuse
 * without a remote access. */
static upcrt_pts_t *upcrt_lock_held;
static size_t upcrt_lock_nheld, upcrt_lock_capheld;

static int upcrt_lock_find(upcrt_pts_t l) {
  for (size_t i = 0; i < upcrt_lock_nheld; i++)
    if (upcrt_lock_held[i].thread == l.thread && upcrt_lock_held[i].offset == l.offset)
      return (int)i;
  return -1;
}

static void upcrt_lock_add(upcrt_pts_t l) {
  if (upcrt_lock_nheld == upcrt_lock_capheld) {
    size_t cap = upcrt_lock_capheld ? 2 * upcrt_lock_capheld : 16;
    upcrt_pts_t *h = realloc(upcrt_lock_held, cap * sizeof *h);
    if (!h) upcrt_fatal("out of private memory for the held-lock list");
    upcrt_lock_held = h;
    upcrt_lock_capheld = cap;
  }
  upcrt_lock_held[upcrt_lock_nheld++] = l;
}

void upcrt_lock_acquire_at(int t, uint64_t off) {
  uint64_t ticket = upcrt_seg_fetch_add(t, off + UPCRT_LOCK_NEXT, 1);
  /* FIFO: wait until our ticket is served; yield so the holder runs */
  while (upcrt_seg_load(t, off + UPCRT_LOCK_SERVING) != ticket) {
    upcrt_wait_poll();
    sched_yield();
  }
  upcrt_seg_sync();
}

void upcrt_lock_release_at(int t, uint64_t off) {
  upcrt_seg_sync();
  upcrt_seg_fetch_add(t, off + UPCRT_LOCK_SERVING, 1);
}

static void upcrt_lock_check(upcrt_pts_t l, const char *what) {
  if (upcrt_pts_isnull(l)) upcrt_fatal("%s: the lock pointer is NULL", what);
  upcrt_seg_check(l, what);
  if (l.thread >= (uint32_t)upcrt_threads || l.offset + UPCRT_LOCK_BYTES > upcrt_seg_size) {
    char d[256];
    upcrt_describe_pts(l, d, sizeof d);
    upcrt_fatal("%s: %s is not a lock", what, d);
  }
}

static upcrt_pts_t upcrt_lock_new(void) {
  uint64_t off = upcrt_svd_local_alloc(UPCRT_LOCK_BYTES, UPCRT_SVD_LOCK);
  for (int i = 0; i < 3; i++) upcrt_seg_store(upcrt_mythread, off + 8 * (uint64_t)i, 0);
  return (upcrt_pts_t){off, (uint32_t)upcrt_mythread, 0};
}

upcrt_pts_t upc_global_lock_alloc(void) { return upcrt_lock_new(); }

upcrt_pts_t upc_all_lock_alloc(void) {
  upcrt_barrier_coll_what = "upc_all_lock_alloc";
  upcrt_pts_t l = UPCRT_NULL_PTS;
  if (upcrt_mythread == 0) l = upcrt_lock_new();
  upcrt_barrier_bcast(&l, sizeof l, 0);
  return l;
}

static void upcrt_lock_free_checked(upcrt_pts_t l, const char *what) {
  if (upcrt_lock_find(l) >= 0) {
    char d[256];
    upcrt_describe_pts(l, d, sizeof d);
    upcrt_fatal("%s: the lock %s is still held by this thread", what, d);
  }
  upcrt_svd_free(l, what, UPCRT_SVD_M_LOCK);
}

void upc_lock_free(upcrt_pts_t l) {
  if (upcrt_pts_isnull(l)) return;
  upcrt_lock_free_checked(l, "upc_lock_free");
}

void upc_all_lock_free(upcrt_pts_t l) {
  if (upcrt_pts_isnull(l)) return;
  if (upcrt_mythread == 0) upcrt_lock_free_checked(l, "upc_all_lock_free");
}

void upc_lock(upcrt_pts_t l) {
  upcrt_lock_check(l, "upc_lock");
  upcrt_fence();
  if (upcrt_lock_find(l) >= 0) {
    char d[256];
    upcrt_describe_pts(l, d, sizeof d);
    upcrt_fatal("upc_lock: this thread already holds the lock %s (it would wait forever)", d);
  }
  double t0 = upcrt_stats_on ? MPI_Wtime() : 0;
  upcrt_lock_acquire_at((int)l.thread, l.offset);
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_lock(MPI_Wtime() - t0);
  upcrt_lock_add(l);
}

int upc_lock_attempt(upcrt_pts_t l) {
  upcrt_lock_check(l, "upc_lock_attempt");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_LOCK_ATTEMPT, 0);
  upcrt_fence();
  if (upcrt_lock_find(l) >= 0) return 0;
  int t = (int)l.thread;
  uint64_t serving = upcrt_seg_load(t, l.offset + UPCRT_LOCK_SERVING);
  /* take the next ticket only if it is the one being served */
  if (upcrt_seg_cas(t, l.offset + UPCRT_LOCK_NEXT, serving, serving + 1) != serving) return 0;
  upcrt_seg_sync();
  upcrt_lock_add(l);
  return 1;
}

void upc_unlock(upcrt_pts_t l) {
  upcrt_lock_check(l, "upc_unlock");
  int i = upcrt_lock_find(l);
  if (i < 0) {
    char d[256];
    upcrt_describe_pts(l, d, sizeof d);
    upcrt_fatal("upc_unlock: the lock %s is not held by this thread", d);
  }
  upcrt_lock_held[i] = upcrt_lock_held[--upcrt_lock_nheld];
  /* everything done under the lock completes before the next holder runs */
  upcrt_fence();
  upcrt_lock_release_at((int)l.thread, l.offset);
}
