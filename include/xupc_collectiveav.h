/* xupc_collectiveav.h — XUPC array-of-values collectives: the collectives on
 * private arrays (each thread passes its own buffers; root is a thread). */
#ifndef XUPC_COLLECTIVEAV_H
#define XUPC_COLLECTIVEAV_H

#include <stddef.h>
#include "upc_types.h"

/* Relocalization of private bytes (buffers never overlap).  root's src goes
 * to every dst (broadcast); root's src holds THREADS blocks of nbytes, block i
 * goes to thread i (scatter); every src goes to block i of root's dst
 * (gather) or of every dst (gather_all); block j of thread i's src goes to
 * block i of thread j's dst (exchange); src of thread i goes to dst of thread
 * perm[i] (perm: the same private array of THREADS ints on every thread). */
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

/* Element-wise reductions of the nelems values of every thread's src:
 * reduceT stores the result at root's dst, reduceT_all at every dst,
 * prefix_reduceT stores on thread i the reduction over threads 0..i.
 * UPC_NONCOMM_FUNC combines in thread order. */
#define XUPC_AV_DECL_(T, TYPE)                                                     \
  void xupc_allav_reduce##T(TYPE *dst, const TYPE *src, upc_op_t op, size_t nelems,\
                            TYPE (*func)(TYPE, TYPE), int root, upc_flag_t flags); \
  void xupc_allav_reduce##T##_all(TYPE *dst, const TYPE *src, upc_op_t op,         \
                                  size_t nelems, TYPE (*func)(TYPE, TYPE),         \
                                  upc_flag_t flags);                               \
  void xupc_allav_prefix_reduce##T(TYPE *dst, const TYPE *src, upc_op_t op,        \
                                   size_t nelems, TYPE (*func)(TYPE, TYPE),        \
                                   upc_flag_t flags);
XUPC_AV_DECL_(C, signed char)
XUPC_AV_DECL_(UC, unsigned char)
XUPC_AV_DECL_(S, short)
XUPC_AV_DECL_(US, unsigned short)
XUPC_AV_DECL_(I, int)
XUPC_AV_DECL_(UI, unsigned int)
XUPC_AV_DECL_(L, long)
XUPC_AV_DECL_(UL, unsigned long)
XUPC_AV_DECL_(F, float)
XUPC_AV_DECL_(D, double)
XUPC_AV_DECL_(LD, long double)
#undef XUPC_AV_DECL_

#endif
