/* nb.c — explicit- and implicit-handle non-blocking copies on MPI
 * request-based RMA (see nb.h). */
#include "nb.h"

#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/segment.h"
#include "core/stats.h"
#include "access.h"
#include "hunt.h"

static upcrt_nb_op_t *implicit_ops;

upcrt_nb_op_t *upcrt_nb_new(void) {
  upcrt_hunt_retire_all(); /* MPI may read or write private memory under a HUNT strip */
  return upcrt_transport_op_new();
}

void upcrt_nb_rget(upcrt_nb_op_t *h, void *laddr, MPI_Datatype ltype, int t, MPI_Aint disp,
                   MPI_Datatype rtype) {
  /* A get must see this thread's earlier relaxed puts and cached writes to t. */
  if (upcrt_puts_pending) upcrt_access_flush_target(t);
  upcrt_transport_op_get(h, laddr, ltype, t, disp, rtype);
}

void upcrt_nb_rput(upcrt_nb_op_t *h, const void *laddr, MPI_Datatype ltype, int t,
                   MPI_Aint disp, MPI_Datatype rtype) {
  /* MPI orders neither two puts nor a put after an accumulate to one place */
  if (upcrt_puts_pending) upcrt_access_flush_target(t);
  upcrt_transport_op_put(h, laddr, ltype, t, disp, rtype);
}

upcrt_nb_op_t *upcrt_nb_finish(upcrt_nb_op_t *op) {
  if (upcrt_transport_op_empty(op)) {
    upcrt_transport_op_free(op);
    return UPC_COMPLETE_HANDLE;
  }
  return op;
}

static void nb_poll(void) { upcrt_wait_poll(); } /* the thread we wait for may wait for us */

void upcrt_nb_wait(upcrt_nb_op_t *h) {
  if (h == UPC_COMPLETE_HANDLE) return;
  upcrt_transport_op_wait(h, nb_poll);
  upcrt_transport_op_free(h);
}

static void nb_implicit(upcrt_nb_op_t *h) {
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
  upcrt_transport_op_get_bytes(h, dst, (int)src.thread, src.offset, n);
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
  upcrt_transport_op_put_bytes(h, src, (int)dst.thread, dst.offset, n);
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
  if (!upcrt_transport_op_test(h)) return 0;
  upcrt_transport_op_free(h);
  return 1;
}
void upc_sync(upc_handle_t h) { upcrt_nb_wait(h); }

void upc_memcpy_nbi(upcrt_pts_t dst, upcrt_pts_t src, size_t n) {
  upcrt_nb_op_t *h = copy_nb(dst, src, n, "upc_memcpy_nbi");
  if (h) nb_implicit(h);
}
void upc_memget_nbi(void *dst, upcrt_pts_t src, size_t n) {
  upcrt_nb_op_t *h = get_nb(dst, src, n, "upc_memget_nbi");
  if (h) nb_implicit(h);
}
void upc_memput_nbi(upcrt_pts_t dst, const void *src, size_t n) {
  upcrt_nb_op_t *h = put_nb(dst, src, n, "upc_memput_nbi");
  if (h) nb_implicit(h);
}
void upc_memset_nbi(upcrt_pts_t dst, int c, size_t n) {
  upcrt_nb_op_t *h = set_nb(dst, c, n, "upc_memset_nbi");
  if (h) nb_implicit(h);
}

int upc_synci_attempt(void) {
  if (implicit_ops) upcrt_wait_poll();
  upcrt_nb_op_t **pp = &implicit_ops;
  while (*pp) {
    upcrt_nb_op_t *h = *pp;
    if (upcrt_transport_op_test(h)) {
      *pp = h->next;
      upcrt_transport_op_free(h);
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
