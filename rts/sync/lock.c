/* lock.c — ticket locks on segment atomics: upc_lock & co. (see lock.h). */
#include "lock.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/check_site.h"
#include "core/segment.h"
#include "core/stats.h"
#include "core/svd.h"
#include "core/trace.h"
#include "barrier.h"
#include "upcrt.h"

/* The locks this thread holds (few), each with the ticket it holds it by:
 * lets upc_lock/upc_unlock check misuse without a remote access.  A lock
 * another thread freed while this one held it (legal, UPC 1.3 7.2.4) stays
 * listed; the ticket tells it from a new lock at the same place. */
typedef struct {
  upcrt_pts_t lock;
  uint64_t ticket;
} upcrt_lock_held_t;
static upcrt_lock_held_t *upcrt_lock_held;
static size_t upcrt_lock_nheld, upcrt_lock_capheld;

static int upcrt_lock_find(upcrt_pts_t l) {
  for (size_t i = 0; i < upcrt_lock_nheld; i++)
    if (upcrt_lock_held[i].lock.thread == l.thread && upcrt_lock_held[i].lock.offset == l.offset)
      return (int)i;
  return -1;
}

static void upcrt_lock_add(upcrt_pts_t l, uint64_t ticket) {
  if (upcrt_lock_nheld == upcrt_lock_capheld) {
    size_t cap = upcrt_lock_capheld ? 2 * upcrt_lock_capheld : 16;
    upcrt_lock_held_t *h = realloc(upcrt_lock_held, cap * sizeof *h);
    if (!h) upcrt_fatal("out of private memory for the held-lock list");
    upcrt_lock_held = h;
    upcrt_lock_capheld = cap;
  }
  upcrt_lock_held[upcrt_lock_nheld++] = (upcrt_lock_held_t){l, ticket};
}

static void upcrt_lock_forget(int i) {
  upcrt_lock_held[i] = upcrt_lock_held[--upcrt_lock_nheld];
}

/* Whether this thread really holds the listed lock i: its ticket is still
 * served there.  Not so when another thread freed it and the memory now
 * holds a new lock, whose tickets start elsewhere (upcrt_lock_new); then the
 * entry is dropped.  One remote load, only when a listed lock is used. */
static int upcrt_lock_still_held(int i) {
  upcrt_pts_t l = upcrt_lock_held[i].lock;
  if (upcrt_seg_load((int)l.thread, l.offset + UPCRT_LOCK_SERVING) == upcrt_lock_held[i].ticket)
    return 1;
  upcrt_lock_forget(i);
  return 0;
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

/* A new lock's tickets start at a value no earlier lock at the same place
 * is likely to have reached (a hash of the thread, its count of locks and
 * the place), so that a stale held-list entry never matches it. */
static uint64_t upcrt_lock_first_ticket(uint64_t off) {
  static uint64_t made;
  uint64_t z = ((uint64_t)upcrt_mythread << 40) ^ (++made << 8) ^ off;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull; /* splitmix64's finaliser */
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static upcrt_pts_t upcrt_lock_new(void) {
  uint64_t off = upcrt_svd_local_alloc(UPCRT_LOCK_BYTES, UPCRT_SVD_LOCK);
  uint64_t first = upcrt_lock_first_ticket(off);
  upcrt_seg_store(upcrt_mythread, off + UPCRT_LOCK_NEXT, first);
  upcrt_seg_store(upcrt_mythread, off + UPCRT_LOCK_SERVING, first);
  upcrt_seg_store(upcrt_mythread, off + UPCRT_LOCK_HOLDER, 0);
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

/* Frees a lock, also one that this or another thread holds (UPC 1.3 7.2.4:
 * it is freed, and any later use of it is undefined).  Only under upcc
 * -fupc-check, where such a free is more often a mistake than meant, does it
 * say so on stderr. */
static void upcrt_lock_free_any(upcrt_pts_t l, const char *what) {
  const upcrt_check_site_t *site = upcrt_check_take();
  int i = upcrt_lock_find(l);
  int mine = i >= 0 && upcrt_lock_still_held(i);
  if (mine) upcrt_lock_forget(i);
  if (site) {
    int held = mine;
    if (!held) {
      upcrt_lock_check(l, what);
      /* taken or waited for: a ticket was drawn that is not yet done */
      held = upcrt_seg_load((int)l.thread, l.offset + UPCRT_LOCK_NEXT) !=
             upcrt_seg_load((int)l.thread, l.offset + UPCRT_LOCK_SERVING);
    }
    if (held) {
      char d[256], at[512];
      upcrt_describe_pts(l, d, sizeof d);
      upcrt_check_where(site, at, sizeof at);
      fprintf(stderr,
              "upc: thread %d: warning: %s%s: the lock %s is %s; it is freed, and any later "
              "use of it is undefined\n",
              upcrt_mythread, what, at, d,
              mine ? "held by this thread" : "held (or waited for) by another thread");
    }
    upcrt_check_at(site); /* for upcrt_svd_free's own messages */
  }
  upcrt_svd_free(l, what, UPCRT_SVD_M_LOCK);
}

void upc_lock_free(upcrt_pts_t l) {
  if (upcrt_pts_isnull(l)) return;
  upcrt_lock_free_any(l, "upc_lock_free");
}

void upc_all_lock_free(upcrt_pts_t l) {
  if (upcrt_pts_isnull(l)) return;
  /* collective: every thread drops the lock from its own held list */
  if (upcrt_mythread == 0) {
    upcrt_lock_free_any(l, "upc_all_lock_free");
  } else {
    (void)upcrt_check_take();
    int i = upcrt_lock_find(l);
    if (i >= 0) upcrt_lock_forget(i);
  }
}

/* The holder word, for the debugger (tools/gdb): MYTHREAD + 1 while this
 * thread holds the lock, written only where the lock's place is on this
 * node (one store to a line the acquire just touched); across nodes it
 * stays 0, as a round trip per lock costs more than the debugger's answer
 * is worth. */
static void upcrt_lock_set_holder(upcrt_pts_t l, uint64_t v) {
  if (upcrt_node_base[l.thread]) upcrt_seg_store((int)l.thread, l.offset + UPCRT_LOCK_HOLDER, v);
}

void upc_lock(upcrt_pts_t l) {
  upcrt_lock_check(l, "upc_lock");
  upcrt_fence();
  int held = upcrt_lock_find(l);
  if (held >= 0 && upcrt_lock_still_held(held)) {
    char d[256];
    upcrt_describe_pts(l, d, sizeof d);
    upcrt_fatal("upc_lock: this thread already holds the lock %s (it would wait forever)", d);
  }
  double t0 = upcrt_stats_on ? MPI_Wtime() : 0;
  /* traced only when it waits: its ticket is not the one served before */
  uint64_t trace_t0 = 0, trace_serving = 0;
  if (UPCRT_UNLIKELY(upcrt_tracing)) {
    trace_serving = upcrt_seg_load((int)l.thread, l.offset + UPCRT_LOCK_SERVING);
    trace_t0 = upcrt_trace_now();
  }
  uint64_t ticket = upcrt_ticket_acquire((int)l.thread, l.offset);
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_lock(MPI_Wtime() - t0);
  if (UPCRT_UNLIKELY(trace_t0) && ticket != trace_serving)
    upcrt_trace_span("upc_lock", trace_t0, 0);
  upcrt_lock_add(l, ticket);
  upcrt_lock_set_holder(l, (uint64_t)upcrt_mythread + 1);
}

int upc_lock_attempt(upcrt_pts_t l) {
  upcrt_lock_check(l, "upc_lock_attempt");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_LOCK_ATTEMPT, 0);
  upcrt_fence();
  int held = upcrt_lock_find(l);
  if (held >= 0 && upcrt_lock_still_held(held)) return 0;
  int t = (int)l.thread;
  uint64_t serving = upcrt_seg_load(t, l.offset + UPCRT_LOCK_SERVING);
  /* take the next ticket only if it is the one being served */
  if (upcrt_seg_cas(t, l.offset + UPCRT_LOCK_NEXT, serving, serving + 1) != serving) return 0;
  upcrt_seg_sync();
  upcrt_lock_add(l, serving);
  upcrt_lock_set_holder(l, (uint64_t)upcrt_mythread + 1);
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
  upcrt_lock_forget(i);
  upcrt_lock_set_holder(l, 0);
  /* everything done under the lock completes before the next holder runs */
  upcrt_fence();
  upcrt_ticket_release((int)l.thread, l.offset);
}
