/* xupc_collective.h — the XUPC extended collectives on shared data:
 * allreduce, element-wise (MPI-style) reductions, suffix reductions, in-place
 * and variable-size (_v) relocalization. */
#ifndef XUPC_COLLECTIVE_H
#define XUPC_COLLECTIVE_H

#include "upc_collective.h"

/* xupc_all_reduceT_all: like upc_all_reduceT, but the result is stored on
 *   every thread: dst is treated as shared [1] TYPE[THREADS] (element i on
 *   thread i).
 * xupc_all_reduceT_mpi: element-wise reduction of the THREADS blocks of
 *   blk_size elements of src (treated as shared [blk_size] TYPE
 *   [blk_size*THREADS], thread i owns block i) into the blk_size elements at
 *   dst (treated as shared [] TYPE[blk_size]): dst[k] = OP_i src_i[k], like
 *   MPI_Reduce.
 * xupc_all_reduceT_mpi_all: the same with the result in every thread's block
 *   of dst (treated like src), like MPI_Allreduce.
 * xupc_all_suffix_reduceT: dst[i] = src[i] OP src[i+1] OP ... OP src[nelems-1]
 *   (the mirror of upc_all_prefix_reduceT). */
#define XUPC_COLLECTIVE_REDUCE_DECL_(T, TYPE)                                      \
  void xupc_all_reduce##T##_all(shared void *restrict dst,                          \
                                shared const void *restrict src, upc_op_t op,        \
                                size_t nelems, size_t blk_size,                      \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t flags);         \
  void xupc_all_reduce##T##_mpi(shared void *restrict dst,                          \
                                shared const void *restrict src, upc_op_t op,        \
                                size_t blk_size, TYPE (*func)(TYPE, TYPE),           \
                                upc_flag_t flags);                                   \
  void xupc_all_reduce##T##_mpi_all(shared void *restrict dst,                      \
                                    shared const void *restrict src, upc_op_t op,    \
                                    size_t blk_size, TYPE (*func)(TYPE, TYPE),       \
                                    upc_flag_t flags);                               \
  void xupc_all_suffix_reduce##T(shared void *restrict dst,                         \
                                 shared const void *restrict src, upc_op_t op,       \
                                 size_t nelems, size_t blk_size,                     \
                                 TYPE (*func)(TYPE, TYPE), upc_flag_t flags);
XUPC_COLLECTIVE_REDUCE_DECL_(C, signed char)
XUPC_COLLECTIVE_REDUCE_DECL_(UC, unsigned char)
XUPC_COLLECTIVE_REDUCE_DECL_(S, short)
XUPC_COLLECTIVE_REDUCE_DECL_(US, unsigned short)
XUPC_COLLECTIVE_REDUCE_DECL_(I, int)
XUPC_COLLECTIVE_REDUCE_DECL_(UI, unsigned int)
XUPC_COLLECTIVE_REDUCE_DECL_(L, long)
XUPC_COLLECTIVE_REDUCE_DECL_(UL, unsigned long)
XUPC_COLLECTIVE_REDUCE_DECL_(F, float)
XUPC_COLLECTIVE_REDUCE_DECL_(D, double)
XUPC_COLLECTIVE_REDUCE_DECL_(LD, long double)
#undef XUPC_COLLECTIVE_REDUCE_DECL_

/* In-place broadcast: the nbytes at buf (on thread upc_threadof(buf)) are
 * copied to the same address on every other thread (buf treated as
 * shared [nbytes] char[nbytes*THREADS] whose block on the root is the source). */
void xupc_all_broadcast_in_place(shared void *buf, size_t nbytes, upc_flag_t flags);

/* Vector variants.  Arrays of THREADS per-thread values (nelems, disp) are
 * shared arrays with block size 1 (element i on thread i); sizes and
 * displacements count elements of typesize bytes.
 * broadcast_v: the nelems elements at src go to thread i's block of dst
 *   (shared [dst_blk] elements, block i on thread i) at element disp[i].
 * gather_v: thread i's first nelems[i] elements of its src block (shared
 *   [src_blk] elements, block i on thread i) go to dst + disp[i] (dst treated
 *   as shared [] elements on one thread).
 * gather_all_v: the same, into every thread's block of dst (shared [dst_blk]
 *   elements, block i on thread i). */
void xupc_all_broadcast_v(shared void *restrict dst, shared const void *restrict src,
                          shared const size_t *disp, size_t nelems, size_t dst_blk,
                          size_t typesize, upc_flag_t flags);
void xupc_all_gather_v(shared void *restrict dst, shared const void *restrict src,
                       shared const size_t *nelems, shared const size_t *disp,
                       size_t src_blk, size_t typesize, upc_flag_t flags);
void xupc_all_gather_all_v(shared void *restrict dst, shared const void *restrict src,
                           shared const size_t *nelems, shared const size_t *disp,
                           size_t src_blk, size_t dst_blk, size_t typesize,
                           upc_flag_t flags);

#endif
