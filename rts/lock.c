/* lock.c — ticket locks on segment atomics: upc_lock & co. (see lock.h). */
#include "lock.h"

#include <sched.h>
#include <stdio.h>

#include "barrier.h"
#include "segment.h"
#include "svd.h"
#include "upcrt.h"

void upcrt_lock_acquire_at(int t, uint64_t off) {
  uint64_t ticket = upcrt_seg_fetch_add(t, off + UPCRT_LOCK_NEXT, 1);
  /* FIFO: wait until our ticket is served; yield so the holder runs */
  while (upcrt_seg_load(t, off + UPCRT_LOCK_SERVING) != ticket) sched_yield();
  upcrt_seg_store(t, off + UPCRT_LOCK_HOLDER, (uint64_t)upcrt_mythread + 1);
  upcrt_seg_sync();
}

void upcrt_lock_release_at(int t, uint64_t off) {
  upcrt_seg_sync();
  upcrt_seg_store(t, off + UPCRT_LOCK_HOLDER, 0);
  upcrt_seg_fetch_add(t, off + UPCRT_LOCK_SERVING, 1);
}

static void upcrt_lock_check(upcrt_pts_t l, const char *what) {
  if (upcrt_pts_isnull(l)) upcrt_fatal("%s: the lock pointer is NULL", what);
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
  upcrt_pts_t l = UPCRT_NULL_PTS;
  if (upcrt_mythread == 0) l = upcrt_lock_new();
  upcrt_barrier_bcast(&l, sizeof l, 0);
  return l;
}

void upc_lock_free(upcrt_pts_t l) {
  if (upcrt_pts_isnull(l)) return;
  upcrt_svd_free(l, "upc_lock_free", UPCRT_SVD_M_LOCK);
}

void upc_all_lock_free(upcrt_pts_t l) {
  if (upcrt_pts_isnull(l)) return;
  if (upcrt_mythread == 0) upcrt_svd_free(l, "upc_all_lock_free", UPCRT_SVD_M_LOCK);
}

void upc_lock(upcrt_pts_t l) {
  upcrt_lock_check(l, "upc_lock");
  upcrt_fence();
  int t = (int)l.thread;
  if (upcrt_seg_load(t, l.offset + UPCRT_LOCK_HOLDER) == (uint64_t)upcrt_mythread + 1) {
    char d[256];
    upcrt_describe_pts(l, d, sizeof d);
    upcrt_fatal("upc_lock: this thread already holds the lock %s (it would wait forever)", d);
  }
  upcrt_lock_acquire_at(t, l.offset);
}

int upc_lock_attempt(upcrt_pts_t l) {
  upcrt_lock_check(l, "upc_lock_attempt");
  upcrt_fence();
  int t = (int)l.thread;
  uint64_t serving = upcrt_seg_load(t, l.offset + UPCRT_LOCK_SERVING);
  if (upcrt_seg_load(t, l.offset + UPCRT_LOCK_NEXT) != serving) return 0;
  /* take the next ticket only if it is the one being served */
  if (upcrt_seg_cas(t, l.offset + UPCRT_LOCK_NEXT, serving, serving + 1) != serving) return 0;
  upcrt_seg_store(t, l.offset + UPCRT_LOCK_HOLDER, (uint64_t)upcrt_mythread + 1);
  upcrt_seg_sync();
  return 1;
}

void upc_unlock(upcrt_pts_t l) {
  upcrt_lock_check(l, "upc_unlock");
  upcrt_fence();
  int t = (int)l.thread;
  uint64_t holder = upcrt_seg_load(t, l.offset + UPCRT_LOCK_HOLDER);
  if (holder != (uint64_t)upcrt_mythread + 1) {
    char d[256];
    upcrt_describe_pts(l, d, sizeof d);
    if (holder == 0)
      upcrt_fatal("upc_unlock: the lock %s is not locked", d);
    upcrt_fatal("upc_unlock: the lock %s is held by thread %llu, not by this thread", d,
                (unsigned long long)(holder - 1));
  }
  upcrt_lock_release_at(t, l.offset);
}
