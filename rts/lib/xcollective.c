/* xcollective.c — the XUPC extended collectives (xupc_collective.h and
 * xupc_collectiveav.h): allreduce, element-wise and suffix reductions,
 * in-place and variable-size relocalization, array-of-values collectives. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/segment.h"
#include "core/trace.h"
#include "comm/hunt.h"
#include "collective.h"

static char *mine(upcrt_pts_t p) { return upcrt_seg_mybase + p.offset; }

static int mpi_ok(size_t nbytes, upc_flag_t flags) {
  return !(flags & (UPC_PULL | UPC_PUSH | UPC_MULTICORE)) && nbytes <= INT_MAX &&
         upcrt_seg_mybase != NULL;
}

static void sync_in(upc_flag_t flags, int aligned) {
  if ((flags & UPC_IN_ALLSYNC) || (!aligned && (flags & UPC_IN_MYSYNC)))
    upcrt_coll_barrier();
  else
    upcrt_fence();
}
static void sync_out(upc_flag_t flags, int aligned) {
  if ((flags & UPC_OUT_ALLSYNC) || (!aligned && (flags & UPC_OUT_MYSYNC)))
    upcrt_coll_barrier();
}

/* ---- Element-wise (MPI-style) reductions of THREADS blocks ---------------- */

static void reduce_mpi(const upcrt_coll_rtype_t *t, int all, upcrt_pts_t dst,
                       upcrt_pts_t src, upc_op_t op, size_t blk, upcrt_coll_fn fn,
                       upc_flag_t flags, const char *what) {
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags & ~(UPC_PULL | UPC_PUSH | UPC_MULTICORE), what);
  upcrt_coll_check_op(t, op, fn, what);
  int me = upcrt_mythread, root = (int)dst.thread;
  size_t E = t->size, bytes = blk * E;
  /* Thread i contributes block i of src and (allreduce) owns block i of dst. */
  upcrt_pts_t sb = upcrt_coll_block(src, (size_t)me, bytes);
  upcrt_pts_t db = all ? upcrt_coll_block(dst, (size_t)me, bytes) : dst;
  int aligned = sb.thread == (uint32_t)me && (!all || db.thread == (uint32_t)me);
  sync_in(flags, aligned);
  if (blk) {
    char *in = upcrt_pts_to_local(sb), *tmp = NULL, *out = NULL, *obuf = NULL;
    if (sb.thread != (uint32_t)me || !in) {
      tmp = malloc(bytes);
      if (!tmp) upcrt_fatal("%s: out of memory", what);
      upc_memget(tmp, sb, bytes);
      upcrt_hunt_retire_all(); /* tmp goes to MPI next */
      in = tmp;
    }
    if (all || me == root) {
      out = db.thread == (uint32_t)me ? upcrt_pts_to_local(db) : NULL;
      if (!out) out = obuf = malloc(bytes);
      if (!out) upcrt_fatal("%s: out of memory", what);
    }
    if (out == in) { /* src and dst may not overlap, but be safe */
      out = obuf = malloc(bytes);
      if (!out) upcrt_fatal("%s: out of memory", what);
    }
    upcrt_coll_mpi_reduce(t, all ? 1 : 0, in, out, blk, op, fn, root);
    if (obuf) {
      char *l = upcrt_pts_to_local(db);
      if (l) memcpy(l, obuf, bytes);
      else upc_memput(db, obuf, bytes);
    }
    free(tmp);
    free(obuf);
  }
  sync_out(flags, aligned);
}

#define UPCRT_XREDUCE_DEFS(T, TYPE, UT, FL)                                     \
  void xupc_all_reduce##T##_all(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op,  \
                                size_t nelems, size_t blk_size,                 \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t flags) {   \
    upcrt_coll_reduce(upcrt_coll_rtype_##T(), 1, dst, src, op, nelems, blk_size, \
                      (upcrt_coll_fn)func, flags, "xupc_all_reduce" #T "_all"); \
  }                                                                             \
  void xupc_all_suffix_reduce##T(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op, \
                                 size_t nelems, size_t blk_size,                \
                                 TYPE (*func)(TYPE, TYPE), upc_flag_t flags) {  \
    upcrt_coll_reduce(upcrt_coll_rtype_##T(), 3, dst, src, op, nelems, blk_size, \
                      (upcrt_coll_fn)func, flags, "xupc_all_suffix_reduce" #T); \
  }                                                                             \
  void xupc_all_reduce##T##_mpi(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op,  \
                                size_t blk_size, TYPE (*func)(TYPE, TYPE),      \
                                upc_flag_t flags) {                             \
    reduce_mpi(upcrt_coll_rtype_##T(), 0, dst, src, op, blk_size,               \
               (upcrt_coll_fn)func, flags, "xupc_all_reduce" #T "_mpi");        \
  }                                                                             \
  void xupc_all_reduce##T##_mpi_all(upcrt_pts_t dst, upcrt_pts_t src,           \
                                    upc_op_t op, size_t blk_size,               \
                                    TYPE (*func)(TYPE, TYPE), upc_flag_t flags) { \
    reduce_mpi(upcrt_coll_rtype_##T(), 1, dst, src, op, blk_size,               \
               (upcrt_coll_fn)func, flags, "xupc_all_reduce" #T "_mpi_all");    \
  }                                                                             \
  void xupc_allav_reduce##T(TYPE *dst, const TYPE *src, upc_op_t op,            \
                            size_t nelems, TYPE (*func)(TYPE, TYPE), int root,  \
                            upc_flag_t flags) {                                 \
    av_reduce(upcrt_coll_rtype_##T(), 0, dst, src, op, nelems,                  \
              (upcrt_coll_fn)func, root, flags, "xupc_allav_reduce" #T);        \
  }                                                                             \
  void xupc_allav_reduce##T##_all(TYPE *dst, const TYPE *src, upc_op_t op,      \
                                  size_t nelems, TYPE (*func)(TYPE, TYPE),      \
                                  upc_flag_t flags) {                           \
    av_reduce(upcrt_coll_rtype_##T(), 1, dst, src, op, nelems,                  \
              (upcrt_coll_fn)func, 0, flags, "xupc_allav_reduce" #T "_all");    \
  }                                                                             \
  void xupc_allav_prefix_reduce##T(TYPE *dst, const TYPE *src, upc_op_t op,     \
                                   size_t nelems, TYPE (*func)(TYPE, TYPE),     \
                                   upc_flag_t flags) {                          \
    av_reduce(upcrt_coll_rtype_##T(), 2, dst, src, op, nelems,                  \
              (upcrt_coll_fn)func, 0, flags, "xupc_allav_prefix_reduce" #T);    \
  }

/* ---- Array-of-values collectives (private buffers) ------------------------ */

static void check_root(int root, const char *what) {
  if (root < 0 || root >= upcrt_threads)
    upcrt_fatal("%s: root %d is not a thread (THREADS = %d)", what, root, upcrt_threads);
}
static int av_count(size_t nbytes, const char *what) {
  if (nbytes > INT_MAX)
    upcrt_fatal("%s: %zu bytes per thread is more than one MPI message can carry",
                what, nbytes);
  return (int)nbytes;
}
static void av_in(upc_flag_t flags) {
  if (flags & UPC_IN_ALLSYNC) upcrt_coll_barrier();
}
static void av_out(upc_flag_t flags) {
  if (flags & UPC_OUT_ALLSYNC) upcrt_coll_barrier();
}

static void av_reduce(const upcrt_coll_rtype_t *t, int kind, void *dst, const void *src,
                      upc_op_t op, size_t nelems, upcrt_coll_fn fn, int root,
                      upc_flag_t flags, const char *what) {
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags & ~(UPC_PULL | UPC_PUSH | UPC_MULTICORE), what);
  upcrt_coll_check_op(t, op, fn, what);
  check_root(root, what);
  av_in(flags);
  if (nelems) upcrt_coll_mpi_reduce(t, kind, src, dst, nelems, op, fn, root);
  av_out(flags);
}

UPCRT_COLL_TYPES(UPCRT_XREDUCE_DEFS)

void xupc_allav_broadcast(void *dst, const void *src, size_t nbytes, int root,
                          upc_flag_t flags) {
  const char *what = "xupc_allav_broadcast";
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags, what);
  check_root(root, what);
  int n = av_count(nbytes, what), me = upcrt_mythread;
  av_in(flags);
  if (me == root && dst != src) memcpy(dst, src, nbytes);
  MPI_Request r;
  MPI_Ibcast(me == root ? (void *)src : dst, n, MPI_BYTE, root, upcrt_coll_comm, &r);
  upcrt_coll_wait(&r);
  av_out(flags);
}

void xupc_allav_scatter(void *dst, const void *src, size_t nbytes, int root,
                        upc_flag_t flags) {
  const char *what = "xupc_allav_scatter";
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags, what);
  check_root(root, what);
  int n = av_count(nbytes, what);
  av_in(flags);
  MPI_Request r;
  MPI_Iscatter(src, n, MPI_BYTE, dst, n, MPI_BYTE, root, upcrt_coll_comm, &r);
  upcrt_coll_wait(&r);
  av_out(flags);
}

void xupc_allav_gather(void *dst, const void *src, size_t nbytes, int root,
                       upc_flag_t flags) {
  const char *what = "xupc_allav_gather";
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags, what);
  check_root(root, what);
  int n = av_count(nbytes, what);
  av_in(flags);
  MPI_Request r;
  MPI_Igather(src, n, MPI_BYTE, dst, n, MPI_BYTE, root, upcrt_coll_comm, &r);
  upcrt_coll_wait(&r);
  av_out(flags);
}

void xupc_allav_gather_all(void *dst, const void *src, size_t nbytes, upc_flag_t flags) {
  const char *what = "xupc_allav_gather_all";
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags, what);
  int n = av_count(nbytes, what);
  av_in(flags);
  MPI_Request r;
  MPI_Iallgather(src, n, MPI_BYTE, dst, n, MPI_BYTE, upcrt_coll_comm, &r);
  upcrt_coll_wait(&r);
  av_out(flags);
}

void xupc_allav_exchange(void *dst, const void *src, size_t nbytes, upc_flag_t flags) {
  const char *what = "xupc_allav_exchange";
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags, what);
  int n = av_count(nbytes, what);
  av_in(flags);
  MPI_Request r;
  MPI_Ialltoall(src, n, MPI_BYTE, dst, n, MPI_BYTE, upcrt_coll_comm, &r);
  upcrt_coll_wait(&r);
  av_out(flags);
}

void xupc_allav_permute(void *dst, const void *src, const int *perm, size_t nbytes,
                        upc_flag_t flags) {
  const char *what = "xupc_allav_permute";
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags, what);
  int n = av_count(nbytes, what), T = upcrt_threads, me = upcrt_mythread, from = -1;
  for (int i = 0; i < T; i++) {
    if (perm[i] < 0 || perm[i] >= T)
      upcrt_fatal("%s: perm[%d] = %d is not a thread", what, i, perm[i]);
    if (perm[i] == me) {
      if (from >= 0) upcrt_fatal("%s: perm is not a permutation (two threads send to %d)",
                                 what, me);
      from = i;
    }
  }
  if (from < 0) upcrt_fatal("%s: perm is not a permutation (no thread sends to %d)", what, me);
  av_in(flags);
  if (from == me) {
    if (dst != src) memmove(dst, src, nbytes);
  } else {
    MPI_Request r[2];
    MPI_Irecv(dst, n, MPI_BYTE, from, 0x5046, upcrt_coll_comm, &r[0]);
    MPI_Isend(src, n, MPI_BYTE, perm[me], 0x5046, upcrt_coll_comm, &r[1]);
    upcrt_coll_wait(&r[0]);
    upcrt_coll_wait(&r[1]);
  }
  av_out(flags);
}

/* ---- In-place and vector relocalization ----------------------------------- */

void xupc_all_broadcast_in_place(upcrt_pts_t buf, size_t nbytes, upc_flag_t flags) {
  UPCRT_TRACE_SCOPE("xupc_all_broadcast_in_place");
  flags = upcrt_coll_flags(flags, "xupc_all_broadcast_in_place");
  int T = upcrt_threads, root = (int)buf.thread;
  upcrt_pts_t at = buf;
  at.phase = 0;
  if (mpi_ok(nbytes, flags)) {
    sync_in(flags, 1);
    MPI_Request r;
    MPI_Ibcast(mine(at), (int)nbytes, MPI_BYTE, root, upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    sync_out(flags, 1);
    return;
  }
  upcrt_coll_plan_t p = {0};
  for (int t = 0; t < T; t++) {
    if (t == root) continue;
    upcrt_pts_t d = at;
    d.thread = (uint32_t)t;
    upcrt_coll_plan_add(&p, d, at, nbytes);
  }
  upcrt_coll_plan_assign(&p, flags);
  upcrt_coll_plan_run(&p, flags);
}

static size_t get_size(upcrt_pts_t arr, int i) {
  return (size_t)upcrt_get_u64(upcrt_pts_add(arr, i, 1, sizeof(size_t)));
}
/* Reads the THREADS values of a shared [1] size_t array (after the IN sync). */
static size_t *get_sizes(upcrt_pts_t arr, const char *what) {
  int T = upcrt_threads;
  size_t *v = malloc(sizeof(size_t) * (size_t)T);
  if (!v) upcrt_fatal("%s: out of memory", what);
  for (int i = 0; i < T; i++) v[i] = get_size(arr, i);
  return v;
}

/* An MPI datatype for one element of typesize bytes. */
static MPI_Datatype elem_type(size_t ts) {
  MPI_Datatype d;
  MPI_Type_contiguous((int)ts, MPI_BYTE, &d);
  MPI_Type_commit(&d);
  return d;
}

void xupc_all_broadcast_v(upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t disp,
                          size_t nelems, size_t dst_blk, size_t typesize,
                          upc_flag_t flags) {
  const char *what = "xupc_all_broadcast_v";
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags, what);
  int T = upcrt_threads, me = upcrt_mythread, root = (int)src.thread;
  size_t row = dst_blk * typesize, n = nelems * typesize;
  if (mpi_ok(n, flags) && dst.thread == 0 && typesize <= INT_MAX) {
    /* Each thread needs only its own displacement. */
    upcrt_pts_t dp = upcrt_pts_add(disp, me, 1, sizeof(size_t));
    sync_in(flags, dp.thread == (uint32_t)me);
    size_t d = get_size(disp, me);
    char *to = mine(upcrt_pts_addbytes(dst, d * typesize));
    if (me == root) memcpy(to, mine(src), n);
    MPI_Request r;
    MPI_Ibcast(me == root ? mine(src) : to, (int)n, MPI_BYTE, root, upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    sync_out(flags, 1);
    return;
  }
  /* One-sided: executors need every displacement, so read them after an
   * IN_ALLSYNC barrier (or the MYSYNC barrier below). */
  if (flags & (UPC_IN_ALLSYNC | UPC_IN_MYSYNC)) upcrt_coll_barrier();
  size_t *dv = get_sizes(disp, what);
  upcrt_coll_plan_t p = {0};
  for (int t = 0; t < T; t++)
    upcrt_coll_plan_add(
        &p, upcrt_pts_addbytes(upcrt_coll_block(dst, (size_t)t, row), dv[t] * typesize),
        src, n);
  upcrt_coll_plan_assign(&p, flags);
  upcrt_coll_plan_run(&p, (flags & ~(UPC_IN_ALLSYNC | UPC_IN_MYSYNC)) | UPC_IN_NOSYNC);
  free(dv);
}

static void gather_v(int all, upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t nelems,
                     upcrt_pts_t disp, size_t src_blk, size_t dst_blk, size_t ts,
                     upc_flag_t flags, const char *what) {
  UPCRT_TRACE_SCOPE(what);
  flags = upcrt_coll_flags(flags, what);
  int T = upcrt_threads, me = upcrt_mythread, root = (int)dst.thread;
  size_t srow = src_blk * ts, drow = dst_blk * ts;
  int mine_cd = upcrt_pts_add(nelems, me, 1, sizeof(size_t)).thread == (uint32_t)me &&
                upcrt_pts_add(disp, me, 1, sizeof(size_t)).thread == (uint32_t)me;
  if (mpi_ok(srow, flags) && ts <= INT_MAX && src.thread == 0 &&
      (!all || dst.thread == 0)) {
    sync_in(flags, mine_cd);
    /* Counts and displacements travel with the data's collective. */
    long cd[2] = {(long)get_size(nelems, me), (long)get_size(disp, me)};
    long *cdv = malloc(sizeof(long) * 2 * (size_t)T);
    int *cnt = malloc(sizeof(int) * (size_t)T), *dsp = malloc(sizeof(int) * (size_t)T);
    if (!cdv || !cnt || !dsp) upcrt_fatal("%s: out of memory", what);
    MPI_Request r;
    MPI_Iallgather(cd, 2, MPI_LONG, cdv, 2, MPI_LONG, upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    for (int i = 0; i < T; i++) {
      if (cdv[2 * i] < 0 || cdv[2 * i] > INT_MAX || cdv[2 * i + 1] < 0 ||
          cdv[2 * i + 1] > INT_MAX)
        upcrt_fatal("%s: count %ld / displacement %ld of thread %d out of range", what,
                    cdv[2 * i], cdv[2 * i + 1], i);
      cnt[i] = (int)cdv[2 * i];
      dsp[i] = (int)cdv[2 * i + 1];
    }
    if ((size_t)cnt[me] > src_blk)
      upcrt_fatal("%s: thread %d sends %d elements but its block has %zu", what, me,
                  cnt[me], src_blk);
    MPI_Datatype et = elem_type(ts);
    if (all)
      MPI_Iallgatherv(mine(src), cnt[me], et, mine(dst), cnt, dsp, et, upcrt_coll_comm, &r);
    else
      MPI_Igatherv(mine(src), cnt[me], et, me == root ? mine(dst) : NULL, cnt, dsp, et,
                   root, upcrt_coll_comm, &r);
    upcrt_coll_wait(&r);
    MPI_Type_free(&et);
    free(cdv);
    free(cnt);
    free(dsp);
    sync_out(flags, 1);
    return;
  }
  if (flags & (UPC_IN_ALLSYNC | UPC_IN_MYSYNC)) upcrt_coll_barrier();
  size_t *nv = get_sizes(nelems, what), *dv = get_sizes(disp, what);
  upcrt_coll_plan_t p = {0};
  for (int j = 0; j < (all ? T : 1); j++) {
    upcrt_pts_t base = all ? upcrt_coll_block(dst, (size_t)j, drow) : dst;
    for (int i = 0; i < T; i++)
      upcrt_coll_plan_add(&p, upcrt_pts_addbytes(base, dv[i] * ts),
                          upcrt_coll_block(src, (size_t)i, srow), nv[i] * ts);
  }
  upcrt_coll_plan_assign(&p, flags);
  upcrt_coll_plan_run(&p, (flags & ~(UPC_IN_ALLSYNC | UPC_IN_MYSYNC)) | UPC_IN_NOSYNC);
  free(nv);
  free(dv);
}

void xupc_all_gather_v(upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t nelems,
                       upcrt_pts_t disp, size_t src_blk, size_t typesize,
                       upc_flag_t flags) {
  gather_v(0, dst, src, nelems, disp, src_blk, 0, typesize, flags, "xupc_all_gather_v");
}

void xupc_all_gather_all_v(upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t nelems,
                           upcrt_pts_t disp, size_t src_blk, size_t dst_blk,
                           size_t typesize, upc_flag_t flags) {
  gather_v(1, dst, src, nelems, disp, src_blk, dst_blk, typesize, flags,
           "xupc_all_gather_all_v");
}
