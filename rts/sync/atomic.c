/* atomic.c — upc_atomic.h: atomic domains and atomic operations on CPU or
 * MPI atomics (see atomic.h). */
#include "atomic.h"

#include <mpi.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/doorbell.h"
#include "core/segment.h"
#include "core/stats.h"
#include "core/svd.h"
#include "comm/access.h"
#include "comm/transport.h"
#include "all_alloc.h"
#include "barrier.h"
#include "coll_base.h"

typedef struct domain {
  uint64_t off;
  upc_type_t type;
  upc_op_t ops;
  upc_atomichint_t hint;
  struct domain *next;
} domain_t;

static domain_t *domains;

#define INT_OPS                                                                   \
  (UPC_GET | UPC_SET | UPC_CSWAP | UPC_AND | UPC_OR | UPC_XOR | UPC_ADD | UPC_SUB | \
   UPC_MULT | UPC_INC | UPC_DEC | UPC_MAX | UPC_MIN)
#define FLOAT_OPS                                                                 \
  (UPC_GET | UPC_SET | UPC_CSWAP | UPC_ADD | UPC_SUB | UPC_MULT | UPC_INC |        \
   UPC_DEC | UPC_MAX | UPC_MIN)
#define PTS_OPS (UPC_GET | UPC_SET | UPC_CSWAP)

/* Value kinds: signed/unsigned 32/64-bit integers, float, double, PTS. */
enum { K_S32, K_U32, K_S64, K_U64, K_F32, K_F64, K_PTS, K_BAD };

static int kind_of(upc_type_t t) {
  switch (t) {
  case UPC_INT: case UPC_INT32: return K_S32;
  case UPC_UINT: case UPC_UINT32: return K_U32;
  case UPC_LONG: case UPC_INT64: return sizeof(long) == 8 || t == UPC_INT64 ? K_S64 : K_S32;
  case UPC_ULONG: case UPC_UINT64: return sizeof(long) == 8 || t == UPC_UINT64 ? K_U64 : K_U32;
  case UPC_FLOAT: return K_F32;
  case UPC_DOUBLE: return K_F64;
  case UPC_PTS: return K_PTS;
  default: return K_BAD;
  }
}
static int allowed_ops(int k) {
  return k == K_PTS ? PTS_OPS : (k == K_F32 || k == K_F64) ? FLOAT_OPS : INT_OPS;
}
static const char *op_name(upc_op_t op) {
  switch (op) {
  case UPC_ADD: return "UPC_ADD"; case UPC_MULT: return "UPC_MULT";
  case UPC_AND: return "UPC_AND"; case UPC_OR: return "UPC_OR";
  case UPC_XOR: return "UPC_XOR"; case UPC_MIN: return "UPC_MIN";
  case UPC_MAX: return "UPC_MAX"; case UPC_GET: return "UPC_GET";
  case UPC_SET: return "UPC_SET"; case UPC_CSWAP: return "UPC_CSWAP";
  case UPC_SUB: return "UPC_SUB"; case UPC_INC: return "UPC_INC";
  case UPC_DEC: return "UPC_DEC"; default: return "an unknown operation";
  }
}

upcrt_pts_t upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops,
                                       upc_atomichint_t hints) {
  int k = kind_of(type);
  if (k == K_BAD)
    upcrt_fatal("upc_all_atomicdomain_alloc: type %d is not an atomic type (UPC_INT, "
                "UPC_UINT, UPC_LONG, UPC_ULONG, UPC_INT32, UPC_UINT32, UPC_INT64, "
                "UPC_UINT64, UPC_FLOAT, UPC_DOUBLE or UPC_PTS)", (int)type);
  if (ops == 0 || (ops & ~allowed_ops(k)))
    upcrt_fatal("upc_all_atomicdomain_alloc: operations 0x%x are not all defined on "
                "this type (allowed: 0x%x)", (unsigned)ops, (unsigned)allowed_ops(k));
  if (hints != UPC_ATOMIC_HINT_DEFAULT && hints != UPC_ATOMIC_HINT_LATENCY &&
      hints != UPC_ATOMIC_HINT_THROUGHPUT)
    upcrt_fatal("upc_all_atomicdomain_alloc: %d is not a upc_atomichint_t", (int)hints);
  upcrt_barrier_coll_what = "upc_all_atomicdomain_alloc";
  upcrt_pts_t d = upcrt_all_alloc((size_t)upcrt_threads, 64);
  /* The lock word of my block; the descriptor is kept privately by every
   * thread (the allocation is collective and single-valued). */
  upcrt_seg_store(upcrt_mythread, d.offset, 0);
  domain_t *n = malloc(sizeof *n);
  if (!n) upcrt_fatal("upc_all_atomicdomain_alloc: out of memory");
  *n = (domain_t){d.offset, type, ops, hints, domains};
  domains = n;
  upcrt_coll_init();
  upcrt_coll_barrier(); /* lock words are zero before anyone uses them */
  return d;
}

static domain_t *find(upcrt_pts_t d, const char *what) {
  domain_t **pp = &domains;
  for (domain_t *p = domains; p; pp = &p->next, p = p->next)
    if (p->off == d.offset) {
      if (p != domains) { /* move to front: programs use one or two domains */
        *pp = p->next;
        p->next = domains;
        domains = p;
      }
      return p;
    }
  upcrt_fatal("%s: the domain is not an atomic domain from upc_all_atomicdomain_alloc "
              "(or it was freed)", what);
}

void upc_all_atomicdomain_free(upcrt_pts_t d) {
  if (upcrt_pts_isnull(d)) return;
  domain_t **pp = &domains;
  for (domain_t *p = domains; p; pp = &p->next, p = p->next)
    if (p->off == d.offset) {
      *pp = p->next;
      free(p);
      upc_all_free(d);
      return;
    }
  upcrt_fatal("upc_all_atomicdomain_free: not an atomic domain (or freed twice)");
}

/* ---- CPU atomics (every thread on this node) ---- */

#define CPU_INT(T)                                                              \
  {                                                                             \
    T *a = addr, v1 = 0, v2 = 0, old;                                           \
    if (op1) memcpy(&v1, op1, sizeof v1);                                       \
    if (op2) memcpy(&v2, op2, sizeof v2);                                       \
    switch (op) {                                                               \
    case UPC_GET: old = __atomic_load_n(a, __ATOMIC_SEQ_CST); break;            \
    case UPC_SET: old = __atomic_exchange_n(a, v1, __ATOMIC_SEQ_CST); break;    \
    case UPC_CSWAP:                                                             \
      old = v1;                                                                 \
      __atomic_compare_exchange_n(a, &old, v2, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
      break;                                                                    \
    case UPC_AND: old = __atomic_fetch_and(a, v1, __ATOMIC_SEQ_CST); break;     \
    case UPC_OR: old = __atomic_fetch_or(a, v1, __ATOMIC_SEQ_CST); break;       \
    case UPC_XOR: old = __atomic_fetch_xor(a, v1, __ATOMIC_SEQ_CST); break;     \
    case UPC_ADD: old = __atomic_fetch_add(a, v1, __ATOMIC_SEQ_CST); break;     \
    case UPC_SUB: old = __atomic_fetch_sub(a, v1, __ATOMIC_SEQ_CST); break;     \
    case UPC_INC: old = __atomic_fetch_add(a, (T)1, __ATOMIC_SEQ_CST); break;   \
    case UPC_DEC: old = __atomic_fetch_sub(a, (T)1, __ATOMIC_SEQ_CST); break;   \
    default: { /* MULT, MIN, MAX */                                             \
      old = __atomic_load_n(a, __ATOMIC_SEQ_CST);                               \
      T nv;                                                                     \
      do {                                                                      \
        nv = op == UPC_MULT ? (T)(old * v1)                                     \
             : op == UPC_MIN ? (v1 < old ? v1 : old)                            \
                             : (v1 > old ? v1 : old);                           \
      } while (!__atomic_compare_exchange_n(a, &old, nv, 0, __ATOMIC_SEQ_CST,   \
                                            __ATOMIC_SEQ_CST));                 \
    }                                                                           \
    }                                                                           \
    if (fetch) memcpy(fetch, &old, sizeof old);                                 \
    return;                                                                     \
  }

/* Floating values are changed by compare-and-swap on their bits. */
#define FLT_NEW(F, old, v1, v2)                                                 \
  (op == UPC_SET ? v1 : op == UPC_ADD ? old + v1 : op == UPC_SUB ? old - v1     \
   : op == UPC_MULT ? old * v1 : op == UPC_INC ? old + (F)1                     \
   : op == UPC_DEC ? old - (F)1 : op == UPC_MIN ? (v1 < old ? v1 : old)         \
   : op == UPC_MAX ? (v1 > old ? v1 : old) : old)

#define CPU_FLT(F, U)                                                           \
  {                                                                             \
    U *a = addr, ob, nb;                                                        \
    F v1 = 0, v2 = 0, old, nv;                                                  \
    if (op1) memcpy(&v1, op1, sizeof v1);                                       \
    if (op2) memcpy(&v2, op2, sizeof v2);                                       \
    ob = __atomic_load_n(a, __ATOMIC_SEQ_CST);                                  \
    for (;;) {                                                                  \
      memcpy(&old, &ob, sizeof old);                                            \
      if (op == UPC_GET) break;                                                 \
      if (op == UPC_CSWAP) {                                                    \
        U e;                                                                    \
        memcpy(&e, &v1, sizeof e);                                              \
        memcpy(&nb, &v2, sizeof nb);                                            \
        __atomic_compare_exchange_n(a, &e, nb, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
        memcpy(&old, &e, sizeof old);                                           \
        break;                                                                  \
      }                                                                         \
      nv = FLT_NEW(F, old, v1, v2);                                             \
      memcpy(&nb, &nv, sizeof nb);                                              \
      if (__atomic_compare_exchange_n(a, &ob, nb, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) \
        break;                                                                  \
    }                                                                           \
    if (fetch) memcpy(fetch, &old, sizeof old);                                 \
    return;                                                                     \
  }

static void cpu_atomic(int k, void *addr, void *fetch, upc_op_t op, const void *op1,
                       const void *op2) {
  switch (k) {
  case K_S32: CPU_INT(int32_t)
  case K_U32: CPU_INT(uint32_t)
  case K_S64: CPU_INT(int64_t)
  case K_U64: CPU_INT(uint64_t)
  case K_F32: CPU_FLT(float, uint32_t)
  case K_F64: CPU_FLT(double, uint64_t)
  }
}

/* ---- MPI atomics on the world window ---- */

/* Waits for a request of an operation on thread t's memory. */
static void wait_req(MPI_Request *r, int t) {
  int done = 0;
  upcrt_doorbell_waiter_t w = {0};
  upcrt_backoff_t bo = {0};
  for (;;) {
    MPI_Test(r, &done, MPI_STATUS_IGNORE);
    if (done) return;
    upcrt_doorbell_ring_later(&w, t);
    upcrt_wait_poll();
    upcrt_backoff(&bo);
  }
}

static MPI_Datatype mpi_type(int k) {
  switch (k) {
  case K_S32: return MPI_INT32_T;
  case K_U32: case K_F32: return MPI_UINT32_T;
  case K_S64: return MPI_INT64_T;
  default: return MPI_UINT64_T;
  }
}

#define MPI_INT_OP(T)                                                           \
  {                                                                             \
    upcrt_transport_writes++;                                                      \
    T v1 = 0, v2 = 0, old = 0, one = 1;                                         \
    if (op1) memcpy(&v1, op1, sizeof v1);                                       \
    if (op2) memcpy(&v2, op2, sizeof v2);                                       \
    MPI_Op mop = MPI_NO_OP;                                                     \
    const T *val = &v1;                                                         \
    T neg;                                                                      \
    switch (op) {                                                               \
    case UPC_GET: mop = MPI_NO_OP; break;                                       \
    case UPC_SET: mop = MPI_REPLACE; break;                                     \
    case UPC_AND: mop = MPI_BAND; break;                                        \
    case UPC_OR: mop = MPI_BOR; break;                                          \
    case UPC_XOR: mop = MPI_BXOR; break;                                        \
    case UPC_ADD: mop = MPI_SUM; break;                                         \
    case UPC_SUB: neg = (T)(0 - v1); val = &neg; mop = MPI_SUM; break;          \
    case UPC_INC: val = &one; mop = MPI_SUM; break;                             \
    case UPC_DEC: neg = (T)(0 - one); val = &neg; mop = MPI_SUM; break;         \
    case UPC_MULT: mop = MPI_PROD; break;                                       \
    case UPC_MIN: mop = MPI_MIN; break;                                         \
    case UPC_MAX: mop = MPI_MAX; break;                                         \
    }                                                                           \
    if (op == UPC_CSWAP) {                                                      \
      MPI_Compare_and_swap(&v2, &v1, &old, dt, t, disp, upcrt_seg_win);         \
      upcrt_doorbell_ring(t);                                                   \
      MPI_Win_flush(t, upcrt_seg_win);                                          \
    } else {                                                                    \
      /* request-based, so the wait can yield to the target's process; Open    \
       * MPI's osc ucx applies it inside the call, under a lock on the target   \
       * that the target's MPI serves: the doorbell first (segment.h) */        \
      if (UPCRT_SEG_ACCUMULATE_RINGS_FIRST) upcrt_doorbell_ring(t);             \
      MPI_Request rq;                                                           \
      MPI_Rget_accumulate(val, 1, dt, &old, 1, dt, t, disp, 1, dt, mop,         \
                          upcrt_seg_win, &rq);                                  \
      wait_req(&rq, t);                                                          \
    }                                                                           \
    if (fetch) memcpy(fetch, &old, sizeof old);                                 \
    return;                                                                     \
  }

#define MPI_FLT_OP(F, U)                                                        \
  {                                                                             \
    upcrt_transport_writes++;                                                      \
    F v1 = 0, v2 = 0, old, nv;                                                  \
    U ob, nb, got, zero = 0;                                                    \
    if (op1) memcpy(&v1, op1, sizeof v1);                                       \
    if (op2) memcpy(&v2, op2, sizeof v2);                                       \
    MPI_Fetch_and_op(&zero, &ob, dt, t, disp, MPI_NO_OP, upcrt_seg_win);        \
    upcrt_doorbell_ring(t);                                                     \
    MPI_Win_flush(t, upcrt_seg_win);                                            \
    for (;;) {                                                                  \
      memcpy(&old, &ob, sizeof old);                                            \
      if (op == UPC_GET) break;                                                 \
      if (op == UPC_CSWAP) {                                                    \
        U e;                                                                    \
        memcpy(&e, &v1, sizeof e);                                              \
        memcpy(&nb, &v2, sizeof nb);                                            \
        MPI_Compare_and_swap(&nb, &e, &got, dt, t, disp, upcrt_seg_win);        \
        upcrt_doorbell_ring(t);                                                 \
        MPI_Win_flush(t, upcrt_seg_win);                                        \
        memcpy(&old, &got, sizeof old);                                         \
        break;                                                                  \
      }                                                                         \
      nv = FLT_NEW(F, old, v1, v2);                                             \
      memcpy(&nb, &nv, sizeof nb);                                              \
      MPI_Compare_and_swap(&nb, &ob, &got, dt, t, disp, upcrt_seg_win);         \
      upcrt_doorbell_ring(t);                                                   \
      MPI_Win_flush(t, upcrt_seg_win);                                          \
      if (got == ob) break;                                                     \
      ob = got;                                                                 \
    }                                                                           \
    if (fetch) memcpy(fetch, &old, sizeof old);                                 \
    return;                                                                     \
  }

static void mpi_atomic(int k, upcrt_pts_t p, void *fetch, upc_op_t op, const void *op1,
                       const void *op2) {
  int t = (int)p.thread;
  MPI_Aint disp = (MPI_Aint)p.offset;
  MPI_Datatype dt = mpi_type(k);
  switch (k) {
  case K_S32: MPI_INT_OP(int32_t)
  case K_U32: MPI_INT_OP(uint32_t)
  case K_S64: MPI_INT_OP(int64_t)
  case K_U64: MPI_INT_OP(uint64_t)
  case K_F32: MPI_FLT_OP(float, uint32_t)
  case K_F64: MPI_FLT_OP(double, uint64_t)
  }
}

/* ---- Pointer-to-shared values: under the domain's lock of the target ---- */

static void pts_atomic(const domain_t *d, upcrt_pts_t p, void *fetch, upc_op_t op,
                       const void *op1, const void *op2) {
  int t = (int)p.thread;
  uint64_t me = (uint64_t)upcrt_mythread + 1;
  upcrt_backoff_t bo = {0};
  while (upcrt_seg_cas(t, d->off, 0, me) != 0) {
    upcrt_progress();
    upcrt_async_poll();
    upcrt_backoff_spin(&bo, 0);
  }
  upcrt_pts_t old, v1 = UPCRT_NULL_PTS, v2 = UPCRT_NULL_PTS;
  if (op1) memcpy(&v1, op1, sizeof v1);
  if (op2) memcpy(&v2, op2, sizeof v2);
  upcrt_seg_read(&old, t, p.offset, sizeof old);
  if (op == UPC_SET || (op == UPC_CSWAP && upcrt_pts_eq(old, v1)))
    upcrt_seg_write(t, p.offset, op == UPC_SET ? &v1 : &v2, sizeof v1);
  upcrt_seg_store(t, d->off, 0);
  if (fetch) memcpy(fetch, &old, sizeof old);
}

/* One atomic on target, with UPC's strict or relaxed ordering; d is the
 * domain whose lock serialises pointer-to-shared values (k == K_PTS). */
static void atomic_ordered(const char *what, int strict, int k, const domain_t *d, void *fetch,
                           upc_op_t op, upcrt_pts_t target, const void *op1, const void *op2) {
  upcrt_seg_check(target, what);
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_ATOMIC, 0);
  /* Strict: ordered after everything before and before everything after.
   * Relaxed: still ordered after this thread's own earlier puts to the
   * target (a thread reads back its own writes). */
  if (strict) upcrt_fence();
  else if (upcrt_puts_pending) upcrt_access_flush_target((int)target.thread);
  if (k == K_PTS) pts_atomic(d, target, fetch, op, op1, op2);
  else if (upcrt_cpu_atomics) cpu_atomic(k, upcrt_node_base[target.thread] + target.offset,
                                         fetch, op, op1, op2);
  else mpi_atomic(k, target, fetch, op, op1, op2);
  if (strict) __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void upcrt_atomic_apply(const char *what, int strict, upc_type_t type, void *fetch,
                        upc_op_t op, upcrt_pts_t target, const void *op1, const void *op2) {
  atomic_ordered(what, strict, kind_of(type), NULL, fetch, op, target, op1, op2);
}

static void atomic_op(const char *what, int strict, upcrt_pts_t domain, void *fetch,
                      upc_op_t op, upcrt_pts_t target, const void *op1, const void *op2) {
  const domain_t *d = find(domain, what);
  if (!(d->ops & op) || (op & (op - 1)))
    upcrt_fatal("%s: %s is not one of the operations of this atomic domain", what,
                op_name(op));
  upcrt_seg_check(target, what);
  int needs1 = !(op & (UPC_GET | UPC_INC | UPC_DEC));
  if (needs1 && !op1) upcrt_fatal("%s: %s needs operand1", what, op_name(op));
  if (op == UPC_CSWAP && !op2) upcrt_fatal("%s: UPC_CSWAP needs operand2", what);
  atomic_ordered(what, strict, kind_of(d->type), d, fetch, op, target, op1, op2);
}

void upc_atomic_strict(upcrt_pts_t domain, void *fetch_ptr, upc_op_t op,
                       upcrt_pts_t target, const void *operand1, const void *operand2) {
  atomic_op("upc_atomic_strict", 1, domain, fetch_ptr, op, target, operand1, operand2);
}

void upc_atomic_relaxed(upcrt_pts_t domain, void *fetch_ptr, upc_op_t op,
                        upcrt_pts_t target, const void *operand1, const void *operand2) {
  atomic_op("upc_atomic_relaxed", 0, domain, fetch_ptr, op, target, operand1, operand2);
}

int upc_atomic_isfast(upc_type_t type, upc_op_t ops, upcrt_pts_t addr) {
  int k = kind_of(type);
  if (k == K_BAD || k == K_PTS || ops == 0 || (ops & ~allowed_ops(k)))
    return UPC_ATOMIC_PERFORMANCE_NOT_FAST;
  if (upcrt_cpu_atomics) return UPC_ATOMIC_PERFORMANCE_FAST;
  (void)addr;
  /* MPI: integer ops are single network atomics; floating ones (and MULT,
   * MIN, MAX emulated by the network layer) are compare-and-swap loops. */
  if (k == K_F32 || k == K_F64) return UPC_ATOMIC_PERFORMANCE_NOT_FAST;
  return UPC_ATOMIC_PERFORMANCE_FAST;
}
