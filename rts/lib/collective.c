/* collective.c — upc_collective.h: the six relocalization collectives and the
 * reductions, on MPI collectives where each thread's data is one contiguous
 * block, and on one-sided block copies (XUPC pull / push / multicore) else;
 * a caller that names no algorithm gets coll_table.h's choice. */
#include "collective.h"
#include "core/backoff.h"
#include "coll_table.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "core/segment.h"
#include "core/stats.h"
#include "core/trace.h"
#include "sync/barrier.h"

static uint64_t coll_seq;    /* collectives this thread entered */
static uint64_t done_expect; /* notifications this thread has waited for */

/* ---- Setup and waiting (the communicator and node map: coll_base.c) ------ */

static void node_barrier(void) {
  upcrt_fence();
  MPI_Request r;
  MPI_Ibarrier(upcrt_seg_node_comm, &r);
  upcrt_coll_wait(&r);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

upc_flag_t upcrt_coll_flags(upc_flag_t flags, const char *what) {
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_COLL, 0);
  int in = flags & (UPC_IN_ALLSYNC | UPC_IN_MYSYNC | UPC_IN_NOSYNC);
  int out = flags & (UPC_OUT_ALLSYNC | UPC_OUT_MYSYNC | UPC_OUT_NOSYNC);
  int alg = flags & (UPC_PULL | UPC_PUSH | UPC_MULTICORE);
  int known = UPC_IN_ALLSYNC | UPC_IN_MYSYNC | UPC_IN_NOSYNC | UPC_OUT_ALLSYNC |
              UPC_OUT_MYSYNC | UPC_OUT_NOSYNC | UPC_PULL | UPC_PUSH | UPC_MULTICORE;
  if (flags & ~known)
    upcrt_fatal("%s: unknown bits 0x%x in the flags argument", what,
                (unsigned)(flags & ~known));
  if (in & (in - 1))
    upcrt_fatal("%s: more than one UPC_IN_* synchronization flag", what);
  if (out & (out - 1))
    upcrt_fatal("%s: more than one UPC_OUT_* synchronization flag", what);
  if (alg & (alg - 1))
    upcrt_fatal("%s: more than one of UPC_PULL, UPC_PUSH, UPC_MULTICORE", what);
  if (!in) flags |= UPC_IN_ALLSYNC; /* UPC 1.3 7.3.1: the default is ALLSYNC */
  if (!out) flags |= UPC_OUT_ALLSYNC;
  upcrt_barrier_coll_what = what;
  upcrt_coll_init();
  upcrt_coll_table_init();
  coll_seq++;
  return flags;
}

/* ---- One-sided plans ------------------------------------------------------ */

void upcrt_coll_plan_add(upcrt_coll_plan_t *p, upcrt_pts_t dst, upcrt_pts_t src,
                         size_t n) {
  if (n == 0) return;
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 16;
    p->v = realloc(p->v, p->cap * sizeof *p->v);
    if (!p->v) upcrt_fatal("collectives: out of memory for a transfer plan");
  }
  p->v[p->n++] = (upcrt_coll_xfer_t){dst, src, n, (int)dst.thread, 0};
}

void upcrt_coll_plan_assign(upcrt_coll_plan_t *p, upc_flag_t flags) {
  for (size_t i = 0; i < p->n; i++) {
    upcrt_coll_xfer_t *x = &p->v[i];
    int s = (int)x->src.thread, d = (int)x->dst.thread;
    if (flags & UPC_PUSH) x->exec = s;
    else if ((flags & UPC_MULTICORE) && !upcrt_same_node(s, d))
      x->exec = upcrt_node_leader(d); /* one agent per node crosses nodes */
    else x->exec = d;
  }
}

static void xfer_exec(const upcrt_coll_xfer_t *x) {
  char *d = upcrt_pts_to_local(x->dst), *s = upcrt_pts_to_local(x->src);
  if (d && s) memmove(d, s, x->n);
  else if (d) upc_memget(d, x->src, x->n);
  else if (s) upc_memput(x->dst, s, x->n);
  else upc_memcpy(x->dst, x->src, x->n);
}

static void wait_entered(int t, char *seen) {
  if (seen[t]) return;
  upcrt_barrier_watch_t w = {0};
  upcrt_backoff_t bo = {0};
  while (upcrt_seg_load(t, upcrt_coll_ctl) < coll_seq) {
    upcrt_progress();
    upcrt_async_poll();
    upcrt_backoff(&bo);
    upcrt_barrier_watch(&w);
  }
  seen[t] = 1;
}

void upcrt_coll_plan_run(upcrt_coll_plan_t *p, upc_flag_t flags) {
  int T = upcrt_threads, me = upcrt_mythread;
  char *seen = NULL;
  uint64_t *notify = NULL;
  if (flags & UPC_IN_ALLSYNC) upcrt_coll_barrier();
  if (flags & UPC_IN_MYSYNC) {
    upcrt_fence(); /* my earlier writes to the data are part of "entered" */
    upcrt_seg_store(me, upcrt_coll_ctl, coll_seq);
    seen = calloc((size_t)T, 1);
    seen[me] = 1;
  }
  if (flags & UPC_OUT_MYSYNC) notify = calloc((size_t)T, sizeof *notify);
  for (int phase = 0; phase < 1 + p->two_phase; phase++) {
    if (phase == 1) node_barrier();
    for (size_t i = 0; i < p->n; i++) {
      const upcrt_coll_xfer_t *x = &p->v[i];
      int s = (int)x->src.thread, d = (int)x->dst.thread;
      if (notify && phase == 0) {
        /* Every thread counts what it will be told about its own data. */
        if (x->exec != me && s == me) done_expect++;
        if (x->exec != me && d == me && d != s) done_expect++;
      }
      if (x->exec != me || x->phase != phase) continue;
      if (seen) {
        wait_entered(s, seen);
        wait_entered(d, seen);
      }
      xfer_exec(x);
      if (notify) {
        if (s != me) notify[s]++;
        if (d != me && d != s) notify[d]++;
      }
    }
  }
  if (notify) {
    upcrt_fence();
    for (int t = 0; t < T; t++)
      if (notify[t]) upcrt_seg_fetch_add(t, upcrt_coll_ctl + 8, notify[t]);
    upcrt_barrier_watch_t w = {0};
    upcrt_backoff_t bo = {0};
    while (upcrt_seg_load(me, upcrt_coll_ctl + 8) < done_expect) {
      upcrt_progress();
      upcrt_async_poll();
      upcrt_backoff(&bo);
      upcrt_barrier_watch(&w);
    }
  }
  if (flags & UPC_OUT_ALLSYNC) upcrt_coll_barrier();
  free(seen);
  free(notify);
  free(p->v);
  p->v = NULL;
  p->n = p->cap = 0;
}

/* ---- The relocalization collectives -------------------------------------- */

/* The MPI path needs this thread's segment and int-sized counts. */
static int mpi_ok(size_t nbytes, upc_flag_t flags) {
  return !(flags & (UPC_PULL | UPC_PUSH | UPC_MULTICORE)) && nbytes <= INT_MAX &&
         upcrt_seg_mybase != NULL;
}

static char *mine(upcrt_pts_t p) { return upcrt_seg_mybase + p.offset; }

/* IN/OUT synchronization around an MPI collective: the collective itself
 * reads and writes a thread's data only while that thread is inside it, so
 * MYSYNC needs nothing more; ALLSYNC is a barrier. */
static void mpi_in(upc_flag_t flags) {
  if (flags & UPC_IN_ALLSYNC) upcrt_coll_barrier();
  else upcrt_fence();
}
static void mpi_out(upc_flag_t flags) {
  if (flags & UPC_OUT_ALLSYNC) upcrt_coll_barrier();
}

void upc_all_broadcast(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes,
                       upc_flag_t flags) {
  UPCRT_TRACE_SCOPE("upc_all_broadcast");
  flags = upcrt_coll_flags(flags, "upc_all_broadcast");
  flags = upcrt_coll_choose(UPCRT_COLL_BROADCAST, nbytes, flags);
  int T = upcrt_threads, me = upcrt_mythread, root = (int)src.thread;
  if (mpi_ok(nbytes, flags) && dst.thread == 0) {
    mpi_in(flags);
    MPI_Request r;
    MPI_Ibcast(me == root ? mine(src) : mine(dst), (int)nbytes, MPI_BYTE, root,
               upcrt_coll_comm, &r);
    /* the root's own block, copied while the broadcast is under way */
    if (me == root) memcpy(mine(dst), mine(src), nbytes);
    upcrt_coll_wait(&r);
    mpi_out(flags);
    return;
  }
  upcrt_coll_plan_t p = {0};
  if (flags & UPC_MULTICORE) {
    /* Two levels: each node's leader fetches the data once, the other
     * threads of the node copy it from the leader's block. */
    for (int t = 0; t < T; t++) {
      upcrt_pts_t d = upcrt_coll_block(dst, (size_t)t, nbytes);
      int dt = (int)d.thread, L = upcrt_node_leader(dt);
      size_t k = p.n;
      if (upcrt_same_node(dt, root) || dt == L) {
        upcrt_coll_plan_add(&p, d, src, nbytes); /* done by dt itself */
      } else {
        /* The leader's block of dst: the block index whose thread is L. */
        size_t li = (size_t)((L - (int)dst.thread + T) % T);
        upcrt_pts_t ld = upcrt_coll_block(dst, li, nbytes);
        upcrt_coll_plan_add(&p, d, ld, nbytes);
        if (p.n > k) {
          p.v[k].exec = dt;
          p.v[k].phase = 1;
          p.two_phase = 1;
        }
      }
    }
  } else {
    for (int t = 0; t < T; t++)
      upcrt_coll_plan_add(&p, upcrt_coll_block(dst, (size_t)t, nbytes), src, nbytes);
    upcrt_coll_plan_assign(&p, flags);
  }
  upcrt_coll_plan_run(&p, flags);
}

void upc_all_scatter(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes,
                     upc_flag_t flags) {
  UPCRT_TRACE_SCOPE("upc_all_scatter");
  flags = upcrt_coll_flags(flags, "upc_all_scatter");
  flags = upcrt_coll_choose(UPCRT_COLL_SCATTER, nbytes, flags);
  int T = upcrt_threads, me = upcrt_mythread, root = (int)src.thread;
  if (mpi_ok(nbytes, flags) && dst.thread == 0) {
    mpi_in(flags);
    MPI_Request r;
    MPI_Iscatter(me == root ? mine(src) : NULL, (int)nbytes, MPI_BYTE, mine(dst),
                 (int)nbytes, MPI_BYTE, root, upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    mpi_out(flags);
    return;
  }
  upcrt_coll_plan_t p = {0};
  for (int t = 0; t < T; t++)
    upcrt_coll_plan_add(&p, upcrt_coll_block(dst, (size_t)t, nbytes),
                        upcrt_pts_addbytes(src, (size_t)t * nbytes), nbytes);
  upcrt_coll_plan_assign(&p, flags);
  upcrt_coll_plan_run(&p, flags);
}

void upc_all_gather(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes, upc_flag_t flags) {
  UPCRT_TRACE_SCOPE("upc_all_gather");
  flags = upcrt_coll_flags(flags, "upc_all_gather");
  flags = upcrt_coll_choose(UPCRT_COLL_GATHER, nbytes, flags);
  int T = upcrt_threads, me = upcrt_mythread, root = (int)dst.thread;
  if (mpi_ok(nbytes, flags) && src.thread == 0) {
    mpi_in(flags);
    MPI_Request r;
    MPI_Igather(mine(src), (int)nbytes, MPI_BYTE, me == root ? mine(dst) : NULL,
                (int)nbytes, MPI_BYTE, root, upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    mpi_out(flags);
    return;
  }
  upcrt_coll_plan_t p = {0};
  for (int t = 0; t < T; t++)
    upcrt_coll_plan_add(&p, upcrt_pts_addbytes(dst, (size_t)t * nbytes),
                        upcrt_coll_block(src, (size_t)t, nbytes), nbytes);
  upcrt_coll_plan_assign(&p, flags);
  upcrt_coll_plan_run(&p, flags);
}

void upc_all_gather_all(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes,
                        upc_flag_t flags) {
  UPCRT_TRACE_SCOPE("upc_all_gather_all");
  flags = upcrt_coll_flags(flags, "upc_all_gather_all");
  flags = upcrt_coll_choose(UPCRT_COLL_GATHER_ALL, nbytes, flags);
  int T = upcrt_threads;
  if (mpi_ok(nbytes, flags) && src.thread == 0 && dst.thread == 0) {
    mpi_in(flags);
    MPI_Request r;
    MPI_Iallgather(mine(src), (int)nbytes, MPI_BYTE, mine(dst), (int)nbytes, MPI_BYTE,
                   upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    mpi_out(flags);
    return;
  }
  upcrt_coll_plan_t p = {0};
  size_t row = nbytes * (size_t)T;
  if (flags & UPC_MULTICORE) {
    /* Leaders collect every block once; the rest of the node copies the
     * leader's whole result. */
    for (int j = 0; j < T; j++) {
      upcrt_pts_t dj = upcrt_coll_block(dst, (size_t)j, row);
      int dt = (int)dj.thread, L = upcrt_node_leader(dt);
      if (dt == L) {
        for (int i = 0; i < T; i++) {
          upcrt_pts_t si = upcrt_coll_block(src, (size_t)i, nbytes);
          size_t k = p.n;
          upcrt_coll_plan_add(&p, upcrt_pts_addbytes(dj, (size_t)i * nbytes), si, nbytes);
          p.v[k].exec = L;
        }
      } else {
        size_t li = (size_t)((L - (int)dst.thread + T) % T);
        size_t k = p.n;
        upcrt_coll_plan_add(&p, dj, upcrt_coll_block(dst, li, row), row);
        p.v[k].exec = dt;
        p.v[k].phase = 1;
        p.two_phase = 1;
      }
    }
  } else {
    for (int j = 0; j < T; j++) {
      upcrt_pts_t dj = upcrt_coll_block(dst, (size_t)j, row);
      for (int i = 0; i < T; i++)
        upcrt_coll_plan_add(&p, upcrt_pts_addbytes(dj, (size_t)i * nbytes),
                            upcrt_coll_block(src, (size_t)i, nbytes), nbytes);
    }
    upcrt_coll_plan_assign(&p, flags);
  }
  upcrt_coll_plan_run(&p, flags);
}

void upc_all_exchange(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes,
                      upc_flag_t flags) {
  UPCRT_TRACE_SCOPE("upc_all_exchange");
  flags = upcrt_coll_flags(flags, "upc_all_exchange");
  flags = upcrt_coll_choose(UPCRT_COLL_EXCHANGE, nbytes, flags);
  int T = upcrt_threads;
  if (mpi_ok(nbytes, flags) && src.thread == 0 && dst.thread == 0) {
    mpi_in(flags);
    MPI_Request r;
    MPI_Ialltoall(mine(src), (int)nbytes, MPI_BYTE, mine(dst), (int)nbytes, MPI_BYTE,
                  upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    mpi_out(flags);
    return;
  }
  upcrt_coll_plan_t p = {0};
  size_t row = nbytes * (size_t)T;
  for (int i = 0; i < T; i++)
    for (int j = 0; j < T; j++)
      upcrt_coll_plan_add(
          &p, upcrt_pts_addbytes(upcrt_coll_block(dst, (size_t)j, row), (size_t)i * nbytes),
          upcrt_pts_addbytes(upcrt_coll_block(src, (size_t)i, row), (size_t)j * nbytes),
          nbytes);
  upcrt_coll_plan_assign(&p, flags);
  upcrt_coll_plan_run(&p, flags);
}

void upc_all_permute(upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t perm, size_t nbytes,
                     upc_flag_t flags) {
  UPCRT_TRACE_SCOPE("upc_all_permute");
  flags = upcrt_coll_flags(flags, "upc_all_permute");
  flags = upcrt_coll_choose(UPCRT_COLL_PERMUTE, nbytes, flags);
  int T = upcrt_threads, me = upcrt_mythread;
  int *pv = malloc(sizeof(int) * (size_t)T), *inv = malloc(sizeof(int) * (size_t)T);
  if (!pv || !inv) upcrt_fatal("upc_all_permute: out of memory");
  /* perm is input data: read it once it is ready (IN_ALLSYNC) or, with
   * IN_MYSYNC, once its owners have entered (the exchange below). */
  if (flags & UPC_IN_ALLSYNC) upcrt_coll_barrier();
  if (perm.thread == 0 && perm.phase == 0) {
    /* perm[i] is thread i's own element: read it and share it. */
    int v = upcrt_get_i32(upcrt_pts_add(perm, me, 1, sizeof(int)));
    MPI_Request r;
    MPI_Iallgather(&v, 1, MPI_INT, pv, 1, MPI_INT, upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
  } else {
    if (flags & UPC_IN_MYSYNC) upcrt_coll_barrier();
    for (int i = 0; i < T; i++) pv[i] = upcrt_get_i32(upcrt_pts_add(perm, i, 1, sizeof(int)));
  }
  for (int i = 0; i < T; i++) inv[i] = -1;
  for (int i = 0; i < T; i++) {
    if (pv[i] < 0 || pv[i] >= T || inv[pv[i]] >= 0)
      upcrt_fatal("upc_all_permute: perm[%d] = %d: perm must be a permutation of "
                  "0..THREADS-1 (THREADS = %d)", i, pv[i], T);
    inv[pv[i]] = i;
  }
  /* The IN_ALLSYNC barrier is behind us. */
  upc_flag_t rest =
      (flags & UPC_IN_ALLSYNC) ? (flags & ~UPC_IN_ALLSYNC) | UPC_IN_NOSYNC : flags;
  if (mpi_ok(nbytes, flags) && src.thread == 0 && dst.thread == 0) {
    /* Point to point: the message itself orders the sender's entry before
     * the receiver's write, which is all MYSYNC asks. */
    if (pv[me] == me) {
      memmove(mine(dst), mine(src), nbytes);
    } else {
      MPI_Request r[2];
      MPI_Irecv(mine(dst), (int)nbytes, MPI_BYTE, inv[me], 0x5045, upcrt_coll_comm, &r[0]);
      MPI_Isend(mine(src), (int)nbytes, MPI_BYTE, pv[me], 0x5045, upcrt_coll_comm, &r[1]);
      upcrt_coll_wait(&r[0]);
      upcrt_coll_wait(&r[1]);
    }
    mpi_out(flags);
  } else {
    upcrt_coll_plan_t p = {0};
    for (int i = 0; i < T; i++)
      upcrt_coll_plan_add(&p, upcrt_coll_block(dst, (size_t)pv[i], nbytes),
                          upcrt_coll_block(src, (size_t)i, nbytes), nbytes);
    upcrt_coll_plan_assign(&p, flags);
    upcrt_coll_plan_run(&p, rest);
  }
  free(pv);
  free(inv);
}

/* ---- Reductions ----------------------------------------------------------- */

#define UPCRT_FOLD_COMMON(TYPE)                                               \
  case UPC_ADD: for (size_t i = 0; i < n; i++) a += s[i]; break;              \
  case UPC_MULT: for (size_t i = 0; i < n; i++) a *= s[i]; break;             \
  case UPC_LOGAND: for (size_t i = 0; i < n; i++) a = a && s[i]; break;       \
  case UPC_LOGOR: for (size_t i = 0; i < n; i++) a = a || s[i]; break;        \
  case UPC_MIN: for (size_t i = 0; i < n; i++) a = s[i] < a ? s[i] : a; break; \
  case UPC_MAX: for (size_t i = 0; i < n; i++) a = s[i] > a ? s[i] : a; break; \
  case UPC_FUNC: case UPC_NONCOMM_FUNC:                                       \
    for (size_t i = 0; i < n; i++) a = ((TYPE(*)(TYPE, TYPE))fn)(a, s[i]);    \
    break;

#define UPCRT_COMB_COMMON(TYPE)                                               \
  case UPC_ADD: for (size_t i = 0; i < n; i++) io[i] = in[i] + io[i]; break;  \
  case UPC_MULT: for (size_t i = 0; i < n; i++) io[i] = in[i] * io[i]; break; \
  case UPC_LOGAND: for (size_t i = 0; i < n; i++) io[i] = in[i] && io[i]; break; \
  case UPC_LOGOR: for (size_t i = 0; i < n; i++) io[i] = in[i] || io[i]; break; \
  case UPC_MIN: for (size_t i = 0; i < n; i++) io[i] = in[i] < io[i] ? in[i] : io[i]; break; \
  case UPC_MAX: for (size_t i = 0; i < n; i++) io[i] = in[i] > io[i] ? in[i] : io[i]; break; \
  case UPC_FUNC: case UPC_NONCOMM_FUNC:                                       \
    for (size_t i = 0; i < n; i++) io[i] = ((TYPE(*)(TYPE, TYPE))fn)(in[i], io[i]); \
    break;

#define UPCRT_KERNELS(T, TYPE, UT, FL)                                         \
  static void fold_##T(void *acc, const void *sv, size_t n, upc_op_t op,      \
                       upcrt_coll_fn fn) {                                     \
    TYPE a = *(TYPE *)acc;                                                     \
    const TYPE *s = sv;                                                        \
    switch (op) {                                                              \
      UPCRT_FOLD_COMMON(TYPE)                                                  \
      UPCRT_FOLD_BITS_##FL                                                     \
    }                                                                          \
    *(TYPE *)acc = a;                                                          \
  }                                                                            \
  static void comb_##T(const void *inv, void *iov, size_t n, upc_op_t op,     \
                       upcrt_coll_fn fn) {                                     \
    const TYPE *in = inv;                                                      \
    TYPE *io = iov;                                                            \
    switch (op) {                                                              \
      UPCRT_COMB_COMMON(TYPE)                                                  \
      UPCRT_COMB_BITS_##FL                                                     \
    }                                                                          \
  }

#define UPCRT_FOLD_BITS_0                                                     \
  case UPC_AND: for (size_t i = 0; i < n; i++) a &= s[i]; break;              \
  case UPC_OR: for (size_t i = 0; i < n; i++) a |= s[i]; break;               \
  case UPC_XOR: for (size_t i = 0; i < n; i++) a ^= s[i]; break;
#define UPCRT_FOLD_BITS_1
#define UPCRT_COMB_BITS_0                                                     \
  case UPC_AND: for (size_t i = 0; i < n; i++) io[i] = in[i] & io[i]; break;  \
  case UPC_OR: for (size_t i = 0; i < n; i++) io[i] = in[i] | io[i]; break;   \
  case UPC_XOR: for (size_t i = 0; i < n; i++) io[i] = in[i] ^ io[i]; break;
#define UPCRT_COMB_BITS_1

UPCRT_COLL_TYPES(UPCRT_KERNELS)

#define UPCRT_RTYPE(T, TYPE, UT, FL)                                           \
  static upcrt_coll_rtype_t rtype_##T = {#T, UT, sizeof(TYPE), FL, fold_##T,  \
                                         comb_##T};
UPCRT_COLL_TYPES(UPCRT_RTYPE)

void upcrt_coll_check_op(const upcrt_coll_rtype_t *t, upc_op_t op, upcrt_coll_fn fn,
                         const char *what) {
  switch (op) {
  case UPC_ADD: case UPC_MULT: case UPC_LOGAND: case UPC_LOGOR: case UPC_MIN:
  case UPC_MAX:
    return;
  case UPC_AND: case UPC_OR: case UPC_XOR:
    if (t->is_float)
      upcrt_fatal("%s: UPC_AND, UPC_OR and UPC_XOR are not defined for floating "
                  "types", what);
    return;
  case UPC_FUNC: case UPC_NONCOMM_FUNC:
    if (!fn) upcrt_fatal("%s: UPC_FUNC or UPC_NONCOMM_FUNC with a null function", what);
    return;
  default:
    upcrt_fatal("%s: %d is not a reduction operation (upc_op_t)", what, (int)op);
  }
}

/* The MPI user operation: one for commutative and one for non-commutative
 * ops, dispatching on the reduction in progress (one at a time per thread;
 * MPI calls it from inside this thread's MPI calls). */
static struct {
  const upcrt_coll_rtype_t *t;
  upc_op_t op;
  upcrt_coll_fn fn;
} cur_red;
static MPI_Op op_comm = MPI_OP_NULL, op_noncomm = MPI_OP_NULL;

static void mpi_user_op(void *in, void *io, int *len, MPI_Datatype *dt) {
  (void)dt;
  cur_red.t->comb_into(in, io, (size_t)*len, cur_red.op, cur_red.fn);
}

static MPI_Datatype rtype_mpi(const upcrt_coll_rtype_t *t) {
  switch (t->type) {
  case UPC_CHAR: return MPI_SIGNED_CHAR;
  case UPC_UCHAR: return MPI_UNSIGNED_CHAR;
  case UPC_SHORT: return MPI_SHORT;
  case UPC_USHORT: return MPI_UNSIGNED_SHORT;
  case UPC_INT: return MPI_INT;
  case UPC_UINT: return MPI_UNSIGNED;
  case UPC_LONG: return MPI_LONG;
  case UPC_ULONG: return MPI_UNSIGNED_LONG;
  case UPC_FLOAT: return MPI_FLOAT;
  case UPC_DOUBLE: return MPI_DOUBLE;
  default: return MPI_LONG_DOUBLE;
  }
}

/* A predefined MPI op where MPI defines it for the type (faster paths). */
static MPI_Op builtin_op(const upcrt_coll_rtype_t *t, upc_op_t op) {
  switch (op) {
  case UPC_ADD: return MPI_SUM;
  case UPC_MULT: return MPI_PROD;
  case UPC_MIN: return MPI_MIN;
  case UPC_MAX: return MPI_MAX;
  case UPC_AND: return MPI_BAND;
  case UPC_OR: return MPI_BOR;
  case UPC_XOR: return MPI_BXOR;
  case UPC_LOGAND: return t->is_float ? MPI_OP_NULL : MPI_LAND;
  case UPC_LOGOR: return t->is_float ? MPI_OP_NULL : MPI_LOR;
  default: return MPI_OP_NULL;
  }
}

void upcrt_coll_mpi_reduce(const upcrt_coll_rtype_t *t, int kind, const void *in,
                           void *out, size_t n, upc_op_t op, upcrt_coll_fn fn,
                           int root) {
  if (op_comm == MPI_OP_NULL) {
    MPI_Op_create(mpi_user_op, 1, &op_comm);
    MPI_Op_create(mpi_user_op, 0, &op_noncomm);
  }
  MPI_Op mop = builtin_op(t, op);
  if (mop == MPI_OP_NULL) mop = op == UPC_NONCOMM_FUNC ? op_noncomm : op_comm;
  cur_red.t = t;
  cur_red.op = op;
  cur_red.fn = fn;
  MPI_Datatype dt = rtype_mpi(t);
  /* Counts beyond INT_MAX go in INT_MAX-element pieces. */
  size_t done = 0;
  do {
    size_t k = n - done > (size_t)INT_MAX ? (size_t)INT_MAX : n - done;
    const char *ip = (const char *)in + done * t->size;
    char *op_ = out ? (char *)out + done * t->size : NULL;
    MPI_Request r;
    if (kind == 0)
      MPI_Ireduce(ip, op_, (int)k, dt, mop, root, upcrt_coll_comm, &r);
    else if (kind == 1)
      MPI_Iallreduce(ip, op_, (int)k, dt, mop, upcrt_coll_comm, &r);
    else
      MPI_Iscan(ip, op_, (int)k, dt, mop, upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    done += k;
  } while (done < n);
}

/* Runs of a blocked array: run k is a maximal stretch of consecutive elements
 * on one thread (thread (t0 + k) mod THREADS). */
typedef struct {
  size_t n, B, first, R;
  upcrt_pts_t base;
} runs_t;

static runs_t runs_of(upcrt_pts_t p, size_t n, size_t B) {
  runs_t r = {n, B, n, 0, p};
  if (n == 0) return r;
  if (B == 0) {
    r.R = 1;
    return r;
  }
  if (p.phase >= B) r.base.phase = (uint32_t)(p.phase % B);
  size_t f = B - r.base.phase;
  r.first = f < n ? f : n;
  r.R = 1 + (n - r.first + B - 1) / B;
  return r;
}
static size_t run_start(const runs_t *r, size_t k) {
  return k == 0 ? 0 : r->first + (k - 1) * r->B;
}
static size_t run_len(const runs_t *r, size_t k) {
  size_t s = run_start(r, k), l = k == 0 ? r->first : r->B;
  return s + l > r->n ? r->n - s : l;
}
static int run_thread(const runs_t *r, size_t k) {
  return (int)((r->base.thread + k) % (size_t)upcrt_threads);
}
/* First run of thread t, or R if none; its runs follow every THREADS. */
static size_t run_first_of(const runs_t *r, int t) {
  if (r->B == 0) return t == (int)r->base.thread ? 0 : r->R;
  size_t T = (size_t)upcrt_threads;
  return ((size_t)t + T - r->base.thread % T) % T;
}
static size_t run_step(const runs_t *r) { return r->B == 0 ? 1 : (size_t)upcrt_threads; }

static char *run_local(const runs_t *r, size_t k, size_t elem) {
  upcrt_pts_t p = upcrt_pts_add(r->base, (ptrdiff_t)run_start(r, k), r->B, elem);
  char *b = upcrt_node_base[p.thread];
  if (!b) upcrt_fatal("collectives: a reduction run of thread %u is not local", p.thread);
  return b + p.offset;
}

/* Stores count elements of dst starting at element first (block B). */
static void put_elems(upcrt_pts_t dst, size_t first, const char *buf, size_t count,
                      size_t B, size_t elem) {
  while (count) {
    upcrt_pts_t p = upcrt_pts_add(dst, (ptrdiff_t)first, B, elem);
    size_t k = B == 0 ? count : B - p.phase % B;
    if (k > count) k = count;
    char *l = upcrt_pts_to_local(p);
    if (l) memcpy(l, buf, k * elem);
    else upc_memput(p, buf, k * elem);
    buf += k * elem;
    first += k;
    count -= k;
  }
}

void upcrt_coll_reduce(const upcrt_coll_rtype_t *t, int kind, upcrt_pts_t dst,
                       upcrt_pts_t src, upc_op_t op, size_t nelems, size_t blk,
                       upcrt_coll_fn fn, upc_flag_t flags, const char *what) {
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags & ~(UPC_PULL | UPC_PUSH | UPC_MULTICORE), what);
  upcrt_coll_check_op(t, op, fn, what);
  int T = upcrt_threads, me = upcrt_mythread;
  size_t E = t->size;
  runs_t rs = runs_of(src, nelems, blk);
  /* Results land on their owners' memory when dst has src's layout (prefix,
   * suffix) or thread i's element is on thread i (allreduce); otherwise
   * threads write each other's dst and MYSYNC needs barriers. */
  int aligned;
  if (kind == 2 || kind == 3)
    aligned = dst.thread == rs.base.thread && (blk == 0 || dst.phase % blk == rs.base.phase);
  else if (kind == 1)
    aligned = dst.thread == 0 && dst.phase == 0;
  else
    aligned = 1;
  if ((flags & UPC_IN_ALLSYNC) || (!aligned && (flags & UPC_IN_MYSYNC)))
    upcrt_coll_barrier();
  else
    upcrt_fence();
  int noncomm = op == UPC_NONCOMM_FUNC || kind >= 2;
  /* Partials: one per run of mine (in run order) or one per thread. */
  size_t mycount = 0;
  for (size_t k = run_first_of(&rs, me); k < rs.R; k += run_step(&rs)) mycount++;
  size_t nparts = noncomm ? mycount : (mycount ? 1 : 0);
  char *parts = malloc((nparts ? nparts : 1) * E);
  if (!parts) upcrt_fatal("%s: out of memory", what);
  {
    size_t i = 0;
    for (size_t k = run_first_of(&rs, me); k < rs.R; k += run_step(&rs)) {
      const char *l = run_local(&rs, k, E);
      size_t len = run_len(&rs, k);
      if (noncomm || i == 0) {
        memcpy(parts + i * E, l, E);
        t->fold(parts + i * E, l + E, len - 1, op, fn);
        if (noncomm) i++;
        else i = 1;
      } else {
        t->fold(parts, l, len, op, fn);
      }
    }
  }
  /* Everyone's partials to the root (reduce) or to everybody. */
  int *counts = malloc(sizeof(int) * (size_t)T), *displs = malloc(sizeof(int) * (size_t)T);
  if (!counts || !displs) upcrt_fatal("%s: out of memory", what);
  for (int th = 0; th < T; th++) {
    size_t c = 0;
    for (size_t k = run_first_of(&rs, th); k < rs.R; k += run_step(&rs)) c++;
    if (!noncomm) c = c ? 1 : 0;
    if (c * E > (size_t)INT_MAX) upcrt_fatal("%s: too many blocks (%zu)", what, c);
    counts[th] = (int)(c * E);
  }
  size_t total = 0;
  for (int th = 0; th < T; th++) {
    if (total > (size_t)INT_MAX) upcrt_fatal("%s: too many blocks", what);
    displs[th] = (int)total;
    total += (size_t)counts[th];
  }
  int root = (int)dst.thread;
  char *all = malloc(total ? total : 1);
  if (!all) upcrt_fatal("%s: out of memory", what);
  MPI_Request r;
  if (kind == 0)
    MPI_Igatherv(parts, counts[me], MPI_BYTE, all, counts, displs, MPI_BYTE, root,
                 upcrt_coll_comm, &r);
  else
    MPI_Iallgatherv(parts, counts[me], MPI_BYTE, all, counts, displs, MPI_BYTE,
                    upcrt_coll_comm, &r);
  upcrt_coll_wait(&r);
  /* Walk the partials in element order. */
  size_t *next = calloc((size_t)T, sizeof *next);
  char *acc = malloc(E), *tmp = malloc(E);
  if (!next || !acc || !tmp) upcrt_fatal("%s: out of memory", what);
  if (kind <= 1 && (kind == 1 || me == root) && nelems > 0) {
    int have = 0;
    if (noncomm) {
      for (size_t k = 0; k < rs.R; k++) {
        int th = run_thread(&rs, k);
        const char *v = all + displs[th] + next[th]++ * E;
        if (!have) memcpy(acc, v, E), have = 1;
        else t->fold(acc, v, 1, op, fn);
      }
    } else {
      for (int th = 0; th < T; th++) {
        if (!counts[th]) continue;
        if (!have) memcpy(acc, all + displs[th], E), have = 1;
        else t->fold(acc, all + displs[th], 1, op, fn);
      }
    }
    if (kind == 0) put_elems(dst, 0, acc, 1, 0, E);
    else put_elems(dst, (size_t)me, acc, 1, 1, E);
  } else if (kind >= 2 && nelems > 0) {
    /* Prefix (suffix): the combination of all runs before (after) each of
     * mine, then a scan through the run. */
    char *buf = malloc((blk ? blk : nelems) * E);
    if (!buf) upcrt_fatal("%s: out of memory", what);
    size_t R = rs.R;
    char *pre = malloc(R * E); /* pre[k]: exclusive combination for run k */
    char *got = calloc(R, 1);
    if (!pre || !got) upcrt_fatal("%s: out of memory", what);
    for (size_t k = 0; k < R; k++) {
      int th = run_thread(&rs, k);
      const char *v = all + displs[th] + next[th]++ * E;
      memcpy(pre + k * E, v, E); /* run totals first */
    }
    /* Turn totals into exclusive prefixes (suffixes) in place. */
    int have = 0;
    if (kind == 2) {
      for (size_t k = 0; k < R; k++) {
        memcpy(tmp, pre + k * E, E);
        if (have) memcpy(pre + k * E, acc, E), got[k] = 1;
        if (!have) memcpy(acc, tmp, E), have = 1;
        else t->fold(acc, tmp, 1, op, fn);
      }
    } else {
      for (size_t k = R; k-- > 0;) {
        memcpy(tmp, pre + k * E, E);
        if (have) memcpy(pre + k * E, acc, E), got[k] = 1;
        if (!have) memcpy(acc, tmp, E), have = 1;
        else {
          /* acc = run k op acc: combine with tmp on the left */
          t->comb_into(tmp, acc, 1, op, fn);
        }
      }
    }
    for (size_t k = run_first_of(&rs, me); k < R; k += run_step(&rs)) {
      const char *l = run_local(&rs, k, E);
      size_t len = run_len(&rs, k), s0 = run_start(&rs, k);
      if (kind == 2) {
        for (size_t i = 0; i < len; i++) {
          if (i == 0 && !got[k]) memcpy(buf, l, E);
          else {
            memcpy(buf + i * E, i == 0 ? pre + k * E : buf + (i - 1) * E, E);
            t->fold(buf + i * E, l + i * E, 1, op, fn);
          }
        }
      } else {
        for (size_t i = len; i-- > 0;) {
          if (i == len - 1 && !got[k]) memcpy(buf + i * E, l + i * E, E);
          else {
            memcpy(buf + i * E, i == len - 1 ? pre + k * E : buf + (i + 1) * E, E);
            t->comb_into(l + i * E, buf + i * E, 1, op, fn);
          }
        }
      }
      put_elems(dst, s0, buf, len, blk, E);
    }
    free(buf);
    free(pre);
    free(got);
  }
  free(next);
  free(acc);
  free(tmp);
  free(all);
  free(parts);
  free(counts);
  free(displs);
  if ((flags & UPC_OUT_ALLSYNC) || (!aligned && (flags & UPC_OUT_MYSYNC)))
    upcrt_coll_barrier();
}

#define UPCRT_REDUCE_DEFS(T, TYPE, UT, FL)                                     \
  void upc_all_reduce##T(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op,        \
                         size_t nelems, size_t blk_size, TYPE (*func)(TYPE, TYPE), \
                         upc_flag_t flags) {                                   \
    upcrt_coll_reduce(&rtype_##T, 0, dst, src, op, nelems, blk_size,           \
                      (upcrt_coll_fn)func, flags, "upc_all_reduce" #T);        \
  }                                                                            \
  void upc_all_prefix_reduce##T(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op, \
                                size_t nelems, size_t blk_size,                \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t flags) {  \
    upcrt_coll_reduce(&rtype_##T, 2, dst, src, op, nelems, blk_size,           \
                      (upcrt_coll_fn)func, flags, "upc_all_prefix_reduce" #T); \
  }                                                                            \
  const upcrt_coll_rtype_t *upcrt_coll_rtype_##T(void) { return &rtype_##T; }
UPCRT_COLL_TYPES(UPCRT_REDUCE_DEFS)
