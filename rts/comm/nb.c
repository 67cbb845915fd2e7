/* nb.c — explicit- and implicit-handle non-blocking copies on MPI
 * request-based RMA (see nb.h). */
#include "nb.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/doorbell.h"
#include "core/segment.h"
#include "core/stats.h"
#include "access.h"
#include "hunt.h"

static upcrt_nb_op_t *implicit_ops;

/* Per target thread: operations posted here, and how many of them a flush
 * has completed.  MPI_Win_flush(t) completes every earlier operation to t,
 * so waiting for many handles to one thread (a VIS copy per ghost region)
 * flushes it once, not once per handle. */
static uint64_t *nb_posted, *nb_flushed;

#define CHUNK ((size_t)1 << 30) /* MPI counts are int */

static void *grow(void *p, int *cap, size_t elem) {
  *cap = *cap ? 2 * *cap : 4;
  p = realloc(p, (size_t)*cap * elem);
  if (!p) upcrt_fatal("non-blocking transfer: out of memory");
  return p;
}

upcrt_nb_op_t *upcrt_nb_new(void) {
  upcrt_hunt_retire_all(); /* MPI may read or write private memory under a HUNT strip */
  upcrt_nb_op_t *h = calloc(1, sizeof *h);
  if (!h) upcrt_fatal("non-blocking transfer: out of memory");
  return h;
}

void upcrt_nb_add_request(upcrt_nb_op_t *h, MPI_Request r) {
  if (h->nreq == h->capreq) h->req = grow(h->req, &h->capreq, sizeof *h->req);
  h->req[h->nreq++] = r;
}

static void add_target(upcrt_nb_op_t *h, int t) {
  if (!nb_posted) {
    nb_posted = calloc((size_t)upcrt_threads, sizeof *nb_posted);
    nb_flushed = calloc((size_t)upcrt_threads, sizeof *nb_flushed);
    if (!nb_posted || !nb_flushed) upcrt_fatal("non-blocking transfer: out of memory");
  }
  uint64_t seq = ++nb_posted[t];
  for (int i = 0; i < h->ntgt; i++)
    if (h->tgt[i] == t) {
      h->tgtseq[i] = seq;
      return;
    }
  if (h->ntgt == h->captgt) {
    int cap = h->captgt;
    h->tgt = grow(h->tgt, &h->captgt, sizeof *h->tgt);
    h->tgtseq = grow(h->tgtseq, &cap, sizeof *h->tgtseq);
  }
  h->tgtseq[h->ntgt] = seq;
  h->tgt[h->ntgt++] = t;
}

void upcrt_nb_own_type(upcrt_nb_op_t *h, MPI_Datatype t) {
  if (h->ntypes == h->captypes) h->types = grow(h->types, &h->captypes, sizeof *h->types);
  h->types[h->ntypes++] = t;
}

void upcrt_nb_rget(upcrt_nb_op_t *h, void *laddr, MPI_Datatype ltype, int t, MPI_Aint disp,
                   MPI_Datatype rtype) {
  /* A get must see this thread's earlier relaxed puts to the target. */
  if (upcrt_puts_pending) upcrt_access_flush_target(t);
  MPI_Request r;
  MPI_Rget(laddr, 1, ltype, t, disp, 1, rtype, upcrt_seg_win, &r);
  upcrt_nb_add_request(h, r);
  /* MPICH 4.0 (ch4) completes the request of an Rget with derived datatypes
   * before the data has arrived; only a flush of the target completes it. */
  add_target(h, t);
}

void upcrt_nb_rput(upcrt_nb_op_t *h, const void *laddr, MPI_Datatype ltype, int t,
                   MPI_Aint disp, MPI_Datatype rtype) {
  /* MPI orders neither two puts nor a put after an accumulate to one place */
  if (upcrt_puts_pending) upcrt_access_flush_target(t);
  MPI_Request r;
  upcrt_access_writes++;
  MPI_Rput(laddr, 1, ltype, t, disp, 1, rtype, upcrt_seg_win, &r);
  upcrt_nb_add_request(h, r);
  add_target(h, t);
}

upcrt_nb_op_t *upcrt_nb_in_batch(upcrt_nb_op_t *batch) {
  upcrt_nb_op_t *h = upcrt_nb_new();
  h->batch = batch;
  batch->refs++;
  return h;
}

static void free_op(upcrt_nb_op_t *h) {
  if (h->batch && --h->batch->refs == 0) free_op(h->batch);
  for (int i = 0; i < h->ntypes; i++) MPI_Type_free(&h->types[i]);
  free(h->types);
  free(h->req);
  free(h->tgt);
  free(h->tgtseq);
  free(h->tmp);
  free(h);
}

upcrt_nb_op_t *upcrt_nb_finish(upcrt_nb_op_t *h) {
  if (h->nreq == 0 && !h->batch) {
    free_op(h);
    return UPC_COMPLETE_HANDLE;
  }
  return h;
}

/* 1 when every request is done; then the puts are completed remotely. */
static int test_op(upcrt_nb_op_t *h) {
  if (upcrt_vis_queued) upcrt_vis_post_queued();
  if (h->batch) {
    if (!h->batch->complete) h->batch->complete = test_op(h->batch);
    return h->batch->complete;
  }
  for (int i = 0; i < h->nreq; i++) {
    int done = 0;
    MPI_Test(&h->req[i], &done, MPI_STATUS_IGNORE); /* done: MPI_REQUEST_NULL */
    if (!done) return 0;
  }
  for (int i = 0; i < h->ntgt; i++) {
    int t = h->tgt[i];
    if (nb_flushed[t] >= h->tgtseq[i]) continue; /* a later flush covered ours */
    uint64_t upto = nb_posted[t];
    MPI_Win_flush(t, upcrt_seg_win);
    nb_flushed[t] = upto;
  }
  if (h->done) {
    h->done(h);
    h->done = NULL;
  }
  return 1;
}

void upcrt_nb_wait(upcrt_nb_op_t *h) {
  if (h == UPC_COMPLETE_HANDLE) return;
  /* a packed get (vis.c) waits for its target to poll, or for its
   * progress thread if it computes */
  int ring = h->batch ? h->batch->ring : h->ring;
  upcrt_doorbell_waiter_t w = {0};
  upcrt_backoff_t bo = {0};
  while (!test_op(h)) {
    upcrt_wait_poll(); /* the thread we wait for may wait for us */
    upcrt_backoff(&bo);
    if (ring) upcrt_doorbell_ring_later(&w, ring - 1);
  }
  free_op(h);
}

void upcrt_nb_implicit(upcrt_nb_op_t *h) {
  h = upcrt_nb_finish(h);
  if (h == UPC_COMPLETE_HANDLE) return;
  h->next = implicit_ops;
  implicit_ops = h;
}

static upcrt_nb_op_t *get_nb(void *dst, upcrt_pts_t src, size_t n, const char *what) {
  if (n == 0) return UPC_COMPLETE_HANDLE;
  upcrt_seg_check(src, what);
  char *l = upcrt_pts_to_local(src);
  if (l) {
    if (upcrt_puts_pending) upcrt_access_flush_target((int)src.thread);
    memcpy(dst, l, n);
    return UPC_COMPLETE_HANDLE;
  }
  upcrt_nb_op_t *h = upcrt_nb_new();
  if (upcrt_puts_pending) upcrt_access_flush_target((int)src.thread);
  for (size_t done = 0; done < n;) {
    size_t k = n - done < CHUNK ? n - done : CHUNK;
    MPI_Request r;
    MPI_Rget((char *)dst + done, (int)k, MPI_BYTE, (int)src.thread,
             (MPI_Aint)(src.offset + done), (int)k, MPI_BYTE, upcrt_seg_win, &r);
    upcrt_nb_add_request(h, r);
    done += k;
  }
  return h;
}

static upcrt_nb_op_t *put_nb(upcrt_pts_t dst, const void *src, size_t n, const char *what) {
  if (n == 0) return UPC_COMPLETE_HANDLE;
  upcrt_seg_check(dst, what);
  char *l = upcrt_pts_to_local(dst);
  if (l) {
    memcpy(l, src, n);
    return UPC_COMPLETE_HANDLE;
  }
  if (upcrt_puts_pending) upcrt_access_flush_target((int)dst.thread);
  upcrt_nb_op_t *h = upcrt_nb_new();
  upcrt_access_writes++;
  for (size_t done = 0; done < n;) {
    size_t k = n - done < CHUNK ? n - done : CHUNK;
    MPI_Request r;
    MPI_Rput((const char *)src + done, (int)k, MPI_BYTE, (int)dst.thread,
             (MPI_Aint)(dst.offset + done), (int)k, MPI_BYTE, upcrt_seg_win, &r);
    upcrt_nb_add_request(h, r);
    done += k;
  }
  add_target(h, (int)dst.thread);
  return h;
}

static upcrt_nb_op_t *copy_nb(upcrt_pts_t dst, upcrt_pts_t src, size_t n, const char *what) {
  if (n == 0) return UPC_COMPLETE_HANDLE;
  upcrt_seg_check(dst, what);
  upcrt_seg_check(src, what);
  char *d = upcrt_pts_to_local(dst), *s = upcrt_pts_to_local(src);
  if (d) return get_nb(d, src, n, what);
  if (s) {
    if (upcrt_puts_pending) upcrt_access_flush_target((int)src.thread);
    return put_nb(dst, s, n, what);
  }
  /* Neither end is mapped here: through a private buffer, at once. */
  upc_memcpy(dst, src, n);
  upcrt_fence();
  return UPC_COMPLETE_HANDLE;
}

static upcrt_nb_op_t *set_nb(upcrt_pts_t dst, int c, size_t n, const char *what) {
  if (n == 0) return UPC_COMPLETE_HANDLE;
  upcrt_seg_check(dst, what);
  char *d = upcrt_pts_to_local(dst);
  if (d) {
    memset(d, c, n);
    return UPC_COMPLETE_HANDLE;
  }
  void *buf = malloc(n);
  if (!buf) upcrt_fatal("%s: out of memory for %zu bytes", what, n);
  memset(buf, c, n);
  upcrt_nb_op_t *h = put_nb(dst, buf, n, what);
  h->tmp = buf; /* the source must live until the put completes */
  return h;
}

upc_handle_t upc_memcpy_nb(upcrt_pts_t dst, upcrt_pts_t src, size_t n) {
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_NB, n);
  return copy_nb(dst, src, n, "upc_memcpy_nb");
}
upc_handle_t upc_memget_nb(void *dst, upcrt_pts_t src, size_t n) {
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_NB, n);
  return get_nb(dst, src, n, "upc_memget_nb");
}
upc_handle_t upc_memput_nb(upcrt_pts_t dst, const void *src, size_t n) {
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_NB, n);
  return put_nb(dst, src, n, "upc_memput_nb");
}
upc_handle_t upc_memset_nb(upcrt_pts_t dst, int c, size_t n) {
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_NB, n);
  return set_nb(dst, c, n, "upc_memset_nb");
}

/* The attempts serve other threads too: a loop of them is how a program
 * waits, and the thread it waits for may wait for this one (vis.c's packed
 * gets are answered by the target's polls). */
int upc_sync_attempt(upc_handle_t h) {
  if (h == UPC_COMPLETE_HANDLE) return 1;
  upcrt_wait_poll();
  if (!test_op(h)) return 0;
  free_op(h);
  return 1;
}
void upc_sync(upc_handle_t h) { upcrt_nb_wait(h); }

void upc_memcpy_nbi(upcrt_pts_t dst, upcrt_pts_t src, size_t n) {
  upcrt_nb_op_t *h = copy_nb(dst, src, n, "upc_memcpy_nbi");
  if (h) upcrt_nb_implicit(h);
}
void upc_memget_nbi(void *dst, upcrt_pts_t src, size_t n) {
  upcrt_nb_op_t *h = get_nb(dst, src, n, "upc_memget_nbi");
  if (h) upcrt_nb_implicit(h);
}
void upc_memput_nbi(upcrt_pts_t dst, const void *src, size_t n) {
  upcrt_nb_op_t *h = put_nb(dst, src, n, "upc_memput_nbi");
  if (h) upcrt_nb_implicit(h);
}
void upc_memset_nbi(upcrt_pts_t dst, int c, size_t n) {
  upcrt_nb_op_t *h = set_nb(dst, c, n, "upc_memset_nbi");
  if (h) upcrt_nb_implicit(h);
}

int upc_synci_attempt(void) {
  if (implicit_ops) upcrt_wait_poll();
  upcrt_nb_op_t **pp = &implicit_ops;
  while (*pp) {
    upcrt_nb_op_t *h = *pp;
    if (test_op(h)) {
      *pp = h->next;
      free_op(h);
    } else {
      pp = &h->next;
    }
  }
  return implicit_ops == NULL;
}
void upc_synci(void) {
  upcrt_backoff_t bo = {0};
  while (!upc_synci_attempt()) upcrt_backoff_spin(&bo, 0);
}

bupc_handle_t bupc_memcpy_async(upcrt_pts_t dst, upcrt_pts_t src, size_t n) {
  return copy_nb(dst, src, n, "bupc_memcpy_async");
}
bupc_handle_t bupc_memget_async(void *dst, upcrt_pts_t src, size_t n) {
  return get_nb(dst, src, n, "bupc_memget_async");
}
bupc_handle_t bupc_memput_async(upcrt_pts_t dst, const void *src, size_t n) {
  return put_nb(dst, src, n, "bupc_memput_async");
}
void bupc_waitsync(bupc_handle_t h) { upcrt_nb_wait(h); }
int bupc_trysync(bupc_handle_t h) { return upc_sync_attempt(h); }
void bupc_memcpy_asynci(upcrt_pts_t dst, upcrt_pts_t src, size_t n) {
  upc_memcpy_nbi(dst, src, n);
}
void bupc_memget_asynci(void *dst, upcrt_pts_t src, size_t n) { upc_memget_nbi(dst, src, n); }
void bupc_memput_asynci(upcrt_pts_t dst, const void *src, size_t n) {
  upc_memput_nbi(dst, src, n);
}
void bupc_waitsynci(void) { upc_synci(); }
int bupc_trysynci(void) { return upc_synci_attempt(); }
