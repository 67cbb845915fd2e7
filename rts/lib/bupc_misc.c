/* bupc_misc.c — the other Berkeley UPC extensions programs type: bupc_poll
 * (and upc_poll), the pointer-to-shared helpers bupc_inverse_cast,
 * bupc_local_to_shared, bupc_ptradd, bupc_dump_shared, and the value
 * collectives of <bupc_collectivev.h> (bupc_allv_*, bupc_all_reduce_allT). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/segment.h"
#include "comm/nb.h"
#include "comm/transport.h"
#include "sync/barrier.h"
#include "collective.h"
#include "upcrt.h"

/* ---- progress ---- */

/* Sends this thread's queued non-blocking gets (vis.c), lets other
 * threads' one-sided operations on this thread progress and, when the node
 * is oversubscribed, the thread we wait for run. */
void bupc_poll(void) {
  if (upcrt_transport_deferred) upcrt_transport_post_deferred();
  if (upcrt_progress_needed) upcrt_progress();
  upcrt_poll_slow();
}
void upc_poll(void) { bupc_poll(); }

/* ---- pointer-to-shared helpers ---- */

/* The pointer-to-shared (phase 0) of a local address into some thread's
 * shared memory as this thread maps it (from bupc_cast), or NULL. */
upcrt_pts_t bupc_inverse_cast(void *ptr) {
  const char *a = ptr;
  if (!a) return UPCRT_NULL_PTS;
  for (int t = 0; t < upcrt_threads; t++) {
    const char *b = upcrt_node_base[t];
    if (b && a >= b + UPCRT_SEG_CTRL && a < b + upcrt_seg_size)
      return (upcrt_pts_t){(uint64_t)(a - b), (uint32_t)t, 0};
  }
  return UPCRT_NULL_PTS;
}

/* Berkeley's older form of bupc_inverse_cast, with the thread and phase given. */
upcrt_pts_t bupc_local_to_shared(void *ptr, int thread, int phase) {
  if (!ptr) return UPCRT_NULL_PTS;
  if (thread < 0 || thread >= upcrt_threads)
    upcrt_fatal("bupc_local_to_shared: thread %d does not exist (THREADS = %d)", thread,
                upcrt_threads);
  if (phase < 0) upcrt_fatal("bupc_local_to_shared: negative phase %d", phase);
  const char *a = ptr, *b = upcrt_node_base[thread];
  if (!b || a < b + UPCRT_SEG_CTRL || a >= b + upcrt_seg_size)
    upcrt_fatal("bupc_local_to_shared: %p is not an address of thread %d's shared memory "
                "as this thread sees it (use bupc_cast to obtain one)",
                ptr, thread);
  return (upcrt_pts_t){(uint64_t)(a - b), (uint32_t)thread, (uint32_t)phase};
}

/* p + elemincr for elements of elemsz bytes in blocks of blockelems (0:
 * indefinite), p's phase taken as its place in the block. */
upcrt_pts_t bupc_ptradd(upcrt_pts_t p, size_t blockelems, size_t elemsz, ptrdiff_t elemincr) {
  if (elemsz == 0) upcrt_fatal("bupc_ptradd: element size 0");
  if (blockelems && p.phase >= blockelems)
    upcrt_fatal("bupc_ptradd: the pointer's phase %u is not below the block size %zu",
                p.phase, blockelems);
  return upcrt_pts_add(p, elemincr, blockelems, elemsz);
}

/* Writes a description of p into buf; 0 on success, -1 (buf untouched but
 * for a terminator) when maxlen < BUPC_DUMP_MIN_LENGTH. */
int bupc_dump_shared(upcrt_pts_t p, char *buf, int maxlen) {
  if (!buf || maxlen < 100) {
    if (buf && maxlen > 0) buf[0] = '\0';
    return -1;
  }
  snprintf(buf, (size_t)maxlen, "<address=0x%" PRIx64 " (addrfield=0x%" PRIx64
           "), thread=%u, phase=%u>",
           (uint64_t)(upcrt_node_base[p.thread] && !upcrt_pts_isnull(p)
                          ? (uintptr_t)(upcrt_node_base[p.thread] + p.offset)
                          : 0),
           p.offset, p.thread, p.phase);
  return 0;
}

/* ---- value collectives ---- */

static const upcrt_coll_rtype_t *allv_rtype(upc_type_t type, size_t size, const char *what) {
  switch (type) {
  case UPC_CHAR: return upcrt_coll_rtype_C();
  case UPC_UCHAR: return upcrt_coll_rtype_UC();
  case UPC_SHORT: return upcrt_coll_rtype_S();
  case UPC_USHORT: return upcrt_coll_rtype_US();
  case UPC_INT: return upcrt_coll_rtype_I();
  case UPC_UINT: return upcrt_coll_rtype_UI();
  case UPC_LONG: case UPC_LLONG: if (size == sizeof(long)) return upcrt_coll_rtype_L(); break;
  case UPC_ULONG: case UPC_ULLONG:
    if (size == sizeof(long)) return upcrt_coll_rtype_UL();
    break;
  case UPC_FLOAT: return upcrt_coll_rtype_F();
  case UPC_DOUBLE: return upcrt_coll_rtype_D();
  case UPC_LDOUBLE: return upcrt_coll_rtype_LD();
  default: break;
  }
  upcrt_fatal("%s: type code %d is not a type the value collectives handle", what, (int)type);
}

static void allv_root(int root, const char *what) {
  if (root < 0 || root >= upcrt_threads)
    upcrt_fatal("%s: root thread %d does not exist (THREADS = %d)", what, root, upcrt_threads);
}

/* kind 0: reduce to root, 1: to every thread, 2: inclusive prefix.  Returns
 * out, which holds the result (on the root only for kind 0). */
void *upcrt_allv_reduce(int kind, upc_type_t type, size_t size, void *out, const void *in,
                        upc_op_t op, int root, const char *what) {
  const upcrt_coll_rtype_t *t = allv_rtype(type, size, what);
  if (op == UPC_FUNC || op == UPC_NONCOMM_FUNC)
    upcrt_fatal("%s: UPC_FUNC and UPC_NONCOMM_FUNC need a function; the value "
                "collectives take only the built-in operations",
                what);
  upcrt_coll_check_op(t, op, NULL, what);
  if (kind == 0) allv_root(root, what);
  upcrt_barrier_coll_what = what;
  upcrt_coll_init();
  upcrt_fence();
  upcrt_coll_mpi_reduce(t, kind, in, out, 1, op, NULL, root);
  if (kind == 0 && upcrt_mythread != root) memcpy(out, in, size); /* Berkeley: unspecified */
  return out;
}

/* kind 0: broadcast from root, 1: scatter (root's array of THREADS values),
 * 2: gather to root's array, 3: gather to every thread's array, 4: permute
 * (this thread's value goes to thread root). */
void *upcrt_allv_move(int kind, size_t size, void *out, const void *in, int root,
                      const char *what) {
  if (kind != 3) allv_root(root, what);
  upcrt_barrier_coll_what = what;
  upcrt_coll_init();
  upcrt_fence();
  MPI_Request r;
  int n = (int)size;
  switch (kind) {
  case 0:
    if (upcrt_mythread == root) memcpy(out, in, size);
    MPI_Ibcast(out, n, MPI_BYTE, root, upcrt_coll_comm, &r);
    break;
  case 1:
    MPI_Iscatter(in, n, MPI_BYTE, out, n, MPI_BYTE, root, upcrt_coll_comm, &r);
    break;
  case 2:
    MPI_Igather(in, n, MPI_BYTE, out, n, MPI_BYTE, root, upcrt_coll_comm, &r);
    break;
  case 3:
    MPI_Iallgather(in, n, MPI_BYTE, out, n, MPI_BYTE, upcrt_coll_comm, &r);
    break;
  default: {
    /* every thread sends one value and receives one: a permutation */
    int from = -1;
    MPI_Request rs[2];
    int *dests = malloc(sizeof(int) * (size_t)upcrt_threads);
    if (!dests) upcrt_fatal("%s: out of memory", what);
    MPI_Request g;
    MPI_Iallgather(&root, 1, MPI_INT, dests, 1, MPI_INT, upcrt_coll_comm, &g);
    upcrt_coll_wait(&g);
    for (int t = 0; t < upcrt_threads; t++)
      if (dests[t] == upcrt_mythread) {
        if (from >= 0)
          upcrt_fatal("%s: threads %d and %d both send to thread %d (not a permutation)",
                      what, from, t, upcrt_mythread);
        from = t;
      }
    free(dests);
    if (from < 0)
      upcrt_fatal("%s: no thread sends to thread %d (not a permutation)", what, upcrt_mythread);
    MPI_Irecv(out, n, MPI_BYTE, from, 0x5650, upcrt_coll_comm, &rs[0]);
    MPI_Isend(in, n, MPI_BYTE, root, 0x5650, upcrt_coll_comm, &rs[1]);
    upcrt_coll_wait(&rs[0]);
    upcrt_coll_wait(&rs[1]);
    return out;
  }
  }
  upcrt_coll_wait(&r);
  return out;
}

/* bupc_all_reduce_allT(value, op): the reduction of every thread's value,
 * returned on every thread. */
#define UPCRT_ALLV_DEF(T, TYPE, UT, FL)                                          \
  TYPE bupc_all_reduce_all##T(TYPE value, upc_op_t op) {                         \
    TYPE out;                                                                    \
    upcrt_allv_reduce(1, UT, sizeof(TYPE), &out, &value, op, 0,                  \
                      "bupc_all_reduce_all" #T);                                 \
    return out;                                                                  \
  }
UPCRT_COLL_TYPES(UPCRT_ALLV_DEF)
