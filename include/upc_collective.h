/* upc_collective.h — the UPC 1.3 collectives library (7.3) with the XUPC
 * algorithm-selection flags. */
#ifndef UPC_COLLECTIVE_H
#define UPC_COLLECTIVE_H

#include <stddef.h>
#include "upc_types.h"

/* Algorithm selection (XUPC), OR-ed into the flags word above the
 * UPC_IN_ and UPC_OUT_ bits.  None: the runtime's default (an MPI collective
 * where every thread's data is one contiguous block, one-sided otherwise).
 * UPC_PULL: each thread fetches the data it receives.  UPC_PUSH: each thread
 * stores the data it sends.  UPC_MULTICORE: node-aware; one leader per node
 * moves data between nodes, the other threads copy on the node. */
#define UPC_PULL (1 << 8)
#define UPC_PUSH (1 << 9)
#define UPC_MULTICORE (1 << 10)

void upc_all_broadcast(shared void *restrict dst, shared const void *restrict src,
                       size_t nbytes, upc_flag_t flags);
void upc_all_scatter(shared void *restrict dst, shared const void *restrict src,
                     size_t nbytes, upc_flag_t flags);
void upc_all_gather(shared void *restrict dst, shared const void *restrict src,
                    size_t nbytes, upc_flag_t flags);
void upc_all_gather_all(shared void *restrict dst, shared const void *restrict src,
                        size_t nbytes, upc_flag_t flags);
void upc_all_exchange(shared void *restrict dst, shared const void *restrict src,
                      size_t nbytes, upc_flag_t flags);
void upc_all_permute(shared void *restrict dst, shared const void *restrict src,
                     shared const int *restrict perm, size_t nbytes, upc_flag_t flags);

#define UPC_COLLECTIVE_REDUCE_DECL_(T, TYPE)                                      \
  void upc_all_reduce##T(shared void *restrict dst, shared const void *restrict src, \
                         upc_op_t op, size_t nelems, size_t blk_size,             \
                         TYPE (*func)(TYPE, TYPE), upc_flag_t flags);             \
  void upc_all_prefix_reduce##T(shared void *restrict dst,                         \
                                shared const void *restrict src, upc_op_t op,      \
                                size_t nelems, size_t blk_size,                    \
                                TYPE (*func)(TYPE, TYPE), upc_flag_t flags);
UPC_COLLECTIVE_REDUCE_DECL_(C, signed char)
UPC_COLLECTIVE_REDUCE_DECL_(UC, unsigned char)
UPC_COLLECTIVE_REDUCE_DECL_(S, short)
UPC_COLLECTIVE_REDUCE_DECL_(US, unsigned short)
UPC_COLLECTIVE_REDUCE_DECL_(I, int)
UPC_COLLECTIVE_REDUCE_DECL_(UI, unsigned int)
UPC_COLLECTIVE_REDUCE_DECL_(L, long)
UPC_COLLECTIVE_REDUCE_DECL_(UL, unsigned long)
UPC_COLLECTIVE_REDUCE_DECL_(F, float)
UPC_COLLECTIVE_REDUCE_DECL_(D, double)
UPC_COLLECTIVE_REDUCE_DECL_(LD, long double)
#undef UPC_COLLECTIVE_REDUCE_DECL_

#endif
