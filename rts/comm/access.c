/* access.c — the dispatch of shared accesses (this thread, this node, another
 * node), remote updates and bulk copies (see access.h). */
#include "access.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "core/segment.h"
#include "core/start.h"
#include "core/stats.h"
#include "core/trace.h"
#include "cache.h"
#include "hunt.h"
#include "transport.h"

upcrt_updq_entry_t upcrt_updq[UPCRT_UPDQ];
unsigned upcrt_updq_head;
int upcrt_private_pointers;

/* The queued node updates, oldest first (upcrt.h, upcrt_update). */
void upcrt_updq_drain(void) {
  for (unsigned i = 0; i < UPCRT_UPDQ; i++) {
    upcrt_updq_entry_t *e = &upcrt_updq[(upcrt_updq_head + i) & (UPCRT_UPDQ - 1)];
    if (!e->addr) continue;
    upcrt_updq_apply(e);
    e->addr = NULL;
  }
}

/* In a one-node job (CPU atomics) upcrt_updates_pending is the ring's;
 * across nodes it says that updates through MPI to this node's threads are
 * gathered (transport.c). */
void upcrt_access_quiesce(void) {
  if (upcrt_cpu_atomics && upcrt_updates_pending) {
    upcrt_updq_drain();
    upcrt_updates_pending = 0;
  }
}

void upcrt_complete_updates(void) {
  upcrt_updq_drain();
  upcrt_transport_complete_node_updates();
  upcrt_updates_pending = 0;
}

void upcrt_access_flush_target(int t) {
  upcrt_cache_flush_thread(t);
  upcrt_transport_complete_target(t);
}

#define BOUNCE ((size_t)1 << 20)

void upcrt_get_remote(void *dst, upcrt_pts_t src, size_t n, int strict) {
  UPCRT_TRACE_XFER("remote get", UPCRT_TRACE_GET, n, upcrt_get_remote(dst, src, n, strict));
  upcrt_seg_check(src, "read");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_read((int)src.thread, n);
  /* the inline caller already fenced a strict access (the cache is empty) */
  if (!strict && upcrt_cache_get(dst, src, n)) return;
  upcrt_hunt_before(-1, dst, n); /* MPI must not write a protected HUNT strip */
  upcrt_transport_get(dst, (int)src.thread, src.offset, n);
}

void upcrt_put_remote(upcrt_pts_t dst, const void *src, size_t n, int strict) {
  UPCRT_TRACE_XFER("remote put", UPCRT_TRACE_PUT, n, upcrt_put_remote(dst, src, n, strict));
  upcrt_seg_check(dst, "write");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_write((int)dst.thread, n);
  if (!strict && upcrt_cache_put(dst, src, n)) return;
  int t = (int)dst.thread;
  upcrt_hunt_before(t, src, n); /* strips read from t land first; src readable */
  if (strict) upcrt_transport_put_now(t, dst.offset, src, n); /* upcrt_sput completed the rest */
  else upcrt_transport_put(t, dst.offset, src, n);
}

/* ---- bulk copies (UPC 1.3 7.2.5: a contiguous run on the pointer's thread) ---- */

/* Each names itself when given a null pointer-to-shared, on every path
 * (one compare per call; the guard would only say "read" or "write"). */
void upc_memget(void *dst, upcrt_pts_t src, size_t n) {
  UPCRT_TRACE_XFER("upc_memget", UPCRT_TRACE_GET, n, upc_memget(dst, src, n));
  if (n == 0) return;
  upcrt_seg_check(src, "upc_memget");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_bulk(src.thread, src.thread, n);
  upcrt_see_own_updates();
  char *b = upcrt_node_base[src.thread];
  if (b) memcpy(dst, b + src.offset, n);
  else if (!upcrt_hunt_get(dst, src, n)) upcrt_get_remote(dst, src, n, 0);
}

void upc_memput(upcrt_pts_t dst, const void *src, size_t n) {
  UPCRT_TRACE_XFER("upc_memput", UPCRT_TRACE_PUT, n, upc_memput(dst, src, n));
  if (n == 0) return;
  upcrt_seg_check(dst, "upc_memput");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_bulk(dst.thread, dst.thread, n);
  upcrt_see_own_updates();
  char *b = upcrt_node_base[dst.thread];
  if (b) memcpy(b + dst.offset, src, n);
  else upcrt_put_remote(dst, src, n, 0);
}

void upc_memcpy(upcrt_pts_t dst, upcrt_pts_t src, size_t n) {
  UPCRT_TRACE_XFER("upc_memcpy", UPCRT_TRACE_PUT, n, upc_memcpy(dst, src, n));
  if (n == 0) return;
  upcrt_seg_check(dst, "upc_memcpy");
  upcrt_seg_check(src, "upc_memcpy");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_bulk(dst.thread, src.thread, n);
  upcrt_see_own_updates();
  char *bs = upcrt_node_base[src.thread], *bd = upcrt_node_base[dst.thread];
  if (bs && bd) {
    memmove(bd + dst.offset, bs + src.offset, n);
  } else if (bd) {
    upcrt_get_remote(bd + dst.offset, src, n, 0);
  } else if (bs) {
    upcrt_put_remote(dst, bs + src.offset, n, 0);
  } else {
    char *tmp = malloc(n < BOUNCE ? n : BOUNCE);
    if (!tmp) upcrt_fatal("upc_memcpy: out of private memory for a bounce buffer");
    for (size_t done = 0; done < n; done += BOUNCE) {
      size_t c = n - done < BOUNCE ? n - done : BOUNCE;
      upcrt_get_remote(tmp, upcrt_pts_addbytes(src, done), c, 0);
      upcrt_put_remote(upcrt_pts_addbytes(dst, done), tmp, c, 0);
    }
    free(tmp);
  }
}

void upc_memset(upcrt_pts_t dst, int c, size_t n) {
  UPCRT_TRACE_XFER("upc_memset", UPCRT_TRACE_PUT, n, upc_memset(dst, c, n));
  if (n == 0) return;
  upcrt_seg_check(dst, "upc_memset");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_bulk(dst.thread, dst.thread, n);
  upcrt_see_own_updates();
  char *bd = upcrt_node_base[dst.thread];
  if (bd) {
    memset(bd + dst.offset, c, n);
    return;
  }
  size_t sz = n < BOUNCE ? n : BOUNCE;
  char *tmp = malloc(sz);
  if (!tmp) upcrt_fatal("upc_memset: out of private memory for a buffer");
  memset(tmp, c, sz);
  for (size_t done = 0; done < n; done += BOUNCE) {
    size_t k = n - done < BOUNCE ? n - done : BOUNCE;
    upcrt_put_remote(upcrt_pts_addbytes(dst, done), tmp, k, 0);
  }
  free(tmp);
}

/* ---- private <-> shared pointer casts ---- */

upcrt_pts_t upcrt_local_to_pts(const void *addr) {
  if (addr == NULL) return UPCRT_NULL_PTS;
  const char *a = addr;
  if (a >= upcrt_seg_mybase && a < upcrt_seg_mybase + upcrt_seg_size)
    return (upcrt_pts_t){(uint64_t)(a - upcrt_seg_mybase), (uint32_t)upcrt_mythread, 0};
  for (int t = 0; t < upcrt_threads; t++) {
    char *b = upcrt_node_base[t];
    if (b && a >= b && a < b + upcrt_seg_size)
      return (upcrt_pts_t){(uint64_t)(a - b), (uint32_t)t, 0};
  }
  upcrt_fatal("cast of the private address %p to a pointer-to-shared: it is not in shared "
              "memory",
              addr);
}

/* ---- remote updates ---- */

static MPI_Datatype upcrt_access_mpi_type(upc_type_t type, size_t *size) {
  switch (type) {
#define T(u, m, c) case u: *size = sizeof(c); return m;
    T(UPC_CHAR, MPI_SIGNED_CHAR, signed char)
    T(UPC_UCHAR, MPI_UNSIGNED_CHAR, unsigned char)
    T(UPC_SHORT, MPI_SHORT, short)
    T(UPC_USHORT, MPI_UNSIGNED_SHORT, unsigned short)
    T(UPC_INT, MPI_INT, int)
    T(UPC_UINT, MPI_UNSIGNED, unsigned)
    T(UPC_LONG, MPI_LONG, long)
    T(UPC_ULONG, MPI_UNSIGNED_LONG, unsigned long)
    T(UPC_LLONG, MPI_LONG_LONG, long long)
    T(UPC_ULLONG, MPI_UNSIGNED_LONG_LONG, unsigned long long)
    T(UPC_INT8, MPI_INT8_T, int8_t)
    T(UPC_UINT8, MPI_UINT8_T, uint8_t)
    T(UPC_INT16, MPI_INT16_T, int16_t)
    T(UPC_UINT16, MPI_UINT16_T, uint16_t)
    T(UPC_INT32, MPI_INT32_T, int32_t)
    T(UPC_UINT32, MPI_UINT32_T, uint32_t)
    T(UPC_INT64, MPI_INT64_T, int64_t)
    T(UPC_UINT64, MPI_UINT64_T, uint64_t)
    T(UPC_FLOAT, MPI_FLOAT, float)
    T(UPC_DOUBLE, MPI_DOUBLE, double)
    T(UPC_LDOUBLE, MPI_LONG_DOUBLE, long double)
#undef T
  default: return MPI_DATATYPE_NULL;
  }
}

static int upcrt_access_is_float(upc_type_t t) {
  return t == UPC_FLOAT || t == UPC_DOUBLE || t == UPC_LDOUBLE;
}

static MPI_Op upcrt_access_mpi_op(upc_op_t op) {
  switch (op) {
  case UPC_ADD: return MPI_SUM;
  case UPC_MULT: return MPI_PROD;
  case UPC_AND: return MPI_BAND;
  case UPC_OR: return MPI_BOR;
  case UPC_XOR: return MPI_BXOR;
  case UPC_LOGAND: return MPI_LAND;
  case UPC_LOGOR: return MPI_LOR;
  case UPC_MIN: return MPI_MIN;
  case UPC_MAX: return MPI_MAX;
  default: return MPI_OP_NULL;
  }
}

/* The MPI type of an update's operand (and its size); a fatal error for an
 * operation not defined on the type. */
static MPI_Datatype upcrt_access_update_type(upc_type_t type, upc_op_t op, size_t *size) {
  MPI_Datatype dt = upcrt_access_mpi_type(type, size);
  if (dt == MPI_DATATYPE_NULL || upcrt_access_mpi_op(op) == MPI_OP_NULL ||
      (upcrt_access_is_float(type) && (op == UPC_AND || op == UPC_OR || op == UPC_XOR)))
    upcrt_fatal("remote update: operation %d is not defined on type %d", op, type);
  return dt;
}

#define UPCRT_INT_OP(o, v)                                                  \
  switch (op) {                                                             \
  case UPC_ADD: r = o + v; break;                                           \
  case UPC_MULT: r = o * v; break;                                          \
  case UPC_AND: r = o & v; break;                                           \
  case UPC_OR: r = o | v; break;                                            \
  case UPC_XOR: r = o ^ v; break;                                           \
  case UPC_LOGAND: r = o && v; break;                                       \
  case UPC_LOGOR: r = o || v; break;                                        \
  case UPC_MIN: r = o < v ? o : v; break;                                   \
  default: r = o > v ? o : v; break;                                        \
  }
#define UPCRT_FLT_OP(o, v)                                                  \
  switch (op) {                                                             \
  case UPC_ADD: r = o + v; break;                                           \
  case UPC_MULT: r = o * v; break;                                          \
  case UPC_LOGAND: r = o && v; break;                                       \
  case UPC_LOGOR: r = o || v; break;                                        \
  case UPC_MIN: r = o < v ? o : v; break;                                   \
  default: r = o > v ? o : v; break;                                        \
  }
/* CAS loop on the integer of the same width as C type T. */
#define UPCRT_CAS_UPDATE(T, U, OPMACRO)                                     \
  {                                                                         \
    U *a = (U *)addr, ob = __atomic_load_n(a, __ATOMIC_SEQ_CST), nb;        \
    T v, o, r;                                                              \
    memcpy(&v, operand, sizeof v);                                          \
    do {                                                                    \
      memcpy(&o, &ob, sizeof o);                                            \
      OPMACRO(o, v)                                                         \
      memcpy(&nb, &r, sizeof r);                                            \
    } while (!__atomic_compare_exchange_n(a, &ob, nb, 0, __ATOMIC_SEQ_CST,   \
                                          __ATOMIC_SEQ_CST));               \
    return;                                                                 \
  }

/* CPU-atomic update of the operations upcrt_update does not inline (every
 * thread on this node). */
void upcrt_update_cpu(void *addr, upc_type_t type, upc_op_t op, const void *operand) {
  size_t size;
  upcrt_access_update_type(type, op, &size);
  switch (type) {
  case UPC_CHAR: UPCRT_CAS_UPDATE(signed char, uint8_t, UPCRT_INT_OP)
  case UPC_INT8: UPCRT_CAS_UPDATE(int8_t, uint8_t, UPCRT_INT_OP)
  case UPC_UCHAR: case UPC_UINT8: UPCRT_CAS_UPDATE(uint8_t, uint8_t, UPCRT_INT_OP)
  case UPC_SHORT: case UPC_INT16: UPCRT_CAS_UPDATE(int16_t, uint16_t, UPCRT_INT_OP)
  case UPC_USHORT: case UPC_UINT16: UPCRT_CAS_UPDATE(uint16_t, uint16_t, UPCRT_INT_OP)
  case UPC_INT: case UPC_INT32: UPCRT_CAS_UPDATE(int32_t, uint32_t, UPCRT_INT_OP)
  case UPC_UINT: case UPC_UINT32: UPCRT_CAS_UPDATE(uint32_t, uint32_t, UPCRT_INT_OP)
  case UPC_LONG: case UPC_LLONG: case UPC_INT64: UPCRT_CAS_UPDATE(int64_t, uint64_t, UPCRT_INT_OP)
  case UPC_ULONG: case UPC_ULLONG: case UPC_UINT64:
    UPCRT_CAS_UPDATE(uint64_t, uint64_t, UPCRT_INT_OP)
  case UPC_FLOAT: UPCRT_CAS_UPDATE(float, uint32_t, UPCRT_FLT_OP)
  case UPC_DOUBLE: UPCRT_CAS_UPDATE(double, uint64_t, UPCRT_FLT_OP)
  default: break;
  }
  /* long double: no lock-free 16-byte CAS between processes; a node-wide
   * spin lock on a control word of thread 0 serialises these updates */
  uint64_t *lk = (uint64_t *)(upcrt_node_base[0] + UPCRT_SEG_UPDLOCK);
  uint64_t z = 0;
  while (!__atomic_compare_exchange_n(lk, &z, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) z = 0;
  long double o, v, r;
  memcpy(&o, addr, sizeof o);
  memcpy(&v, operand, sizeof v);
  UPCRT_FLT_OP(o, v)
  memcpy(addr, &r, sizeof r);
  __atomic_store_n(lk, 0, __ATOMIC_RELEASE);
}

/* Updates through MPI gather per target (upcrt_transport_accumulate) until
 * a fence, an access of that thread (for a thread of this node: any plain
 * access by this thread, see upcrt_updates_pending), a full batch, or a
 * change of type or operation. */
void upcrt_update_rma(upcrt_pts_t p, upc_type_t type, upc_op_t op, const void *operand) {
  upcrt_seg_check(p, "remote update");
  size_t size = 0;
  MPI_Datatype dt = upcrt_access_update_type(type, op, &size);
  int t = (int)p.thread;
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_UPDATE, size);
  /* a cached copy of the place would hide the update, or be written over it */
  if (!upcrt_node_base[t]) upcrt_cache_flush_range(t, p.offset, size);
  upcrt_transport_accumulate(t, p.offset, dt, size, upcrt_access_mpi_op(op), operand);
  /* this node: private pointers read it without the runtime knowing, so
   * then it completes now; else before this thread's next plain access */
  if (upcrt_node_base[t] && upcrt_private_pointers) upcrt_access_flush_target(t);
}
