/* collective.h — the collectives (upc_collective.h, xupc_collective.h,
 * xupc_collectiveav.h) in the C ABI the lowering produces, and the shared
 * machinery behind them.
 *
 * What this module keeps: the one-sided transfer plans and their IN/OUT
 * synchronization on the control words, the sequence number of the
 * collectives this thread entered, and the reduction kernels for the eleven
 * reduction types.  The communicator, the node map, the control words and
 * the collective barrier are coll_base.h's (synchronization layer).
 */
#ifndef UPCRT_COLLECTIVE_H
#define UPCRT_COLLECTIVE_H

#include <mpi.h>
#include <stddef.h>
#include "sync/coll_base.h"
#include "upcrt.h"

#define UPC_PULL (1 << 8)
#define UPC_PUSH (1 << 9)
#define UPC_MULTICORE (1 << 10)

/* ---- The user functions, pointers-to-shared lowered to upcrt_pts_t ---- */
void upc_all_broadcast(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes, upc_flag_t flags);
void upc_all_scatter(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes, upc_flag_t flags);
void upc_all_gather(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes, upc_flag_t flags);
void upc_all_gather_all(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes, upc_flag_t flags);
void upc_all_exchange(upcrt_pts_t dst, upcrt_pts_t src, size_t nbytes, upc_flag_t flags);
void upc_all_permute(upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t perm, size_t nbytes,
                     upc_flag_t flags);

#define UPCRT_COLL_TYPES(X)                                                    \
  X(C, signed char, UPC_CHAR, 0)                                               \
  X(UC, unsigned char, UPC_UCHAR, 0)                                           \
  X(S, short, UPC_SHORT, 0)                                                    \
  X(US, unsigned short, UPC_USHORT, 0)                                         \
  X(I, int, UPC_INT, 0)                                                        \
  X(UI, unsigned int, UPC_UINT, 0)                                             \
  X(L, long, UPC_LONG, 0)                                                      \
  X(UL, unsigned long, UPC_ULONG, 0)                                           \
  X(F, float, UPC_FLOAT, 1)                                                    \
  X(D, double, UPC_DOUBLE, 1)                                                  \
  X(LD, long double, UPC_LDOUBLE, 1)

#define UPCRT_COLL_DECL(T, TYPE, UT, FL)                                       \
  void upc_all_reduce##T(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op,        \
                         size_t nelems, size_t blk_size, TYPE (*func)(TYPE, TYPE), \
                         upc_flag_t flags);                                    \
  void upc_all_prefix_reduce##T(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op, \
                                size_t nelems, size_t blk_size,                \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t flags);   \
  void xupc_all_reduce##T##_all(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op, \
                                size_t nelems, size_t blk_size,                \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t flags);   \
  void xupc_all_reduce##T##_mpi(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op, \
                                size_t blk_size, TYPE (*func)(TYPE, TYPE),     \
                                upc_flag_t flags);                             \
  void xupc_all_reduce##T##_mpi_all(upcrt_pts_t dst, upcrt_pts_t src,          \
                                    upc_op_t op, size_t blk_size,              \
                                    TYPE (*func)(TYPE, TYPE), upc_flag_t flags); \
  void xupc_all_suffix_reduce##T(upcrt_pts_t dst, upcrt_pts_t src, upc_op_t op, \
                                 size_t nelems, size_t blk_size,               \
                                 TYPE (*func)(TYPE, TYPE), upc_flag_t flags);  \
  void xupc_allav_reduce##T(TYPE *dst, const TYPE *src, upc_op_t op,           \
                            size_t nelems, TYPE (*func)(TYPE, TYPE), int root, \
                            upc_flag_t flags);                                 \
  void xupc_allav_reduce##T##_all(TYPE *dst, const TYPE *src, upc_op_t op,     \
                                  size_t nelems, TYPE (*func)(TYPE, TYPE),     \
                                  upc_flag_t flags);                           \
  void xupc_allav_prefix_reduce##T(TYPE *dst, const TYPE *src, upc_op_t op,    \
                                   size_t nelems, TYPE (*func)(TYPE, TYPE),    \
                                   upc_flag_t flags);
UPCRT_COLL_TYPES(UPCRT_COLL_DECL)
#undef UPCRT_COLL_DECL

void xupc_all_broadcast_in_place(upcrt_pts_t buf, size_t nbytes, upc_flag_t flags);
void xupc_all_broadcast_v(upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t disp,
                          size_t nelems, size_t dst_blk, size_t typesize,
                          upc_flag_t flags);
void xupc_all_gather_v(upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t nelems,
                       upcrt_pts_t disp, size_t src_blk, size_t typesize,
                       upc_flag_t flags);
void xupc_all_gather_all_v(upcrt_pts_t dst, upcrt_pts_t src, upcrt_pts_t nelems,
                           upcrt_pts_t disp, size_t src_blk, size_t dst_blk,
                           size_t typesize, upc_flag_t flags);

void xupc_allav_broadcast(void *dst, const void *src, size_t nbytes, int root,
                          upc_flag_t flags);
void xupc_allav_scatter(void *dst, const void *src, size_t nbytes, int root,
                        upc_flag_t flags);
void xupc_allav_gather(void *dst, const void *src, size_t nbytes, int root,
                       upc_flag_t flags);
void xupc_allav_gather_all(void *dst, const void *src, size_t nbytes, upc_flag_t flags);
void xupc_allav_exchange(void *dst, const void *src, size_t nbytes, upc_flag_t flags);
void xupc_allav_permute(void *dst, const void *src, const int *perm, size_t nbytes,
                        upc_flag_t flags);

/* ---- Machinery shared by collective.c and xcollective.c ---- */

/* Checks flags (one IN, one OUT, at most one algorithm) and fills in the
 * ALLSYNC defaults; what names the calling function for messages. */
upc_flag_t upcrt_coll_flags(upc_flag_t flags, const char *what);

/* Block i of a shared [nbytes] char array at p (treated with phase 0). */
static inline upcrt_pts_t upcrt_coll_block(upcrt_pts_t p, size_t i, size_t nbytes) {
  p.phase = 0;
  return upcrt_pts_add(p, (ptrdiff_t)(i * nbytes), nbytes, 1);
}

/* One block copy of a collective: n bytes from src to dst, done by exec;
 * phase 1 copies start after every phase-0 copy on the node is done. */
typedef struct {
  upcrt_pts_t dst, src;
  size_t n;
  int exec, phase;
} upcrt_coll_xfer_t;

typedef struct {
  upcrt_coll_xfer_t *v;
  size_t n, cap;
  int two_phase;
} upcrt_coll_plan_t;

void upcrt_coll_plan_add(upcrt_coll_plan_t *p, upcrt_pts_t dst, upcrt_pts_t src,
                         size_t n);
/* Assigns executors for the algorithm in flags (UPC_PUSH: the source's
 * thread; UPC_PULL or none: the destination's; UPC_MULTICORE: the
 * destination's thread on its node, the node leader across nodes). */
void upcrt_coll_plan_assign(upcrt_coll_plan_t *p, upc_flag_t flags);
/* Runs a plan with the IN/OUT synchronization of flags, then frees it. */
void upcrt_coll_plan_run(upcrt_coll_plan_t *p, upc_flag_t flags);

/* ---- Reductions ---- */
typedef void (*upcrt_coll_fn)(void);

typedef struct upcrt_coll_rtype {
  const char *suffix;   /* "I", "UL", ... */
  upc_type_t type;
  size_t size;
  int is_float;
  /* *acc = *acc op s[0] op ... op s[n-1] */
  void (*fold)(void *acc, const void *s, size_t n, upc_op_t op, upcrt_coll_fn fn);
  /* io[i] = in[i] op io[i] (MPI user-op order) */
  void (*comb_into)(const void *in, void *io, size_t n, upc_op_t op, upcrt_coll_fn fn);
} upcrt_coll_rtype_t;

/* The descriptor of each reduction type: upcrt_coll_rtype_I() etc. */
#define UPCRT_COLL_RTYPE_DECL(T, TYPE, UT, FL) const upcrt_coll_rtype_t *upcrt_coll_rtype_##T(void);
UPCRT_COLL_TYPES(UPCRT_COLL_RTYPE_DECL)
#undef UPCRT_COLL_RTYPE_DECL

/* Checks op for the type (no bitwise ops on floating types, func given). */
void upcrt_coll_check_op(const upcrt_coll_rtype_t *t, upc_op_t op, upcrt_coll_fn fn,
                         const char *what);

/* Element-wise reduction of n values per thread with an MPI collective
 * (kind 0: reduce to root, 1: allreduce, 2: inclusive scan). */
void upcrt_coll_mpi_reduce(const upcrt_coll_rtype_t *t, int kind, const void *in,
                           void *out, size_t n, upc_op_t op, upcrt_coll_fn fn, int root);

/* The reductions over a blocked shared array (collective.c).
 * kind 0: reduce into dst (one element on its thread); kind 1: allreduce
 * (dst treated as shared [1] TYPE[THREADS]); kind 2: prefix; kind 3: suffix. */
void upcrt_coll_reduce(const upcrt_coll_rtype_t *t, int kind, upcrt_pts_t dst,
                       upcrt_pts_t src, upc_op_t op, size_t nelems, size_t blk,
                       upcrt_coll_fn fn, upc_flag_t flags, const char *what);

#endif
