/* vis.h — the Berkeley non-contiguous transfers (strided, vector, indexed
 * lists; blocking and non-blocking) in the C ABI the lowering produces.
 *
 * Every shared address names memory of one thread (regions are byte offsets
 * from it, as through a shared [] char pointer).  The regions on each side
 * are matched as two byte streams; the bytes bound for one remote thread
 * travel as ONE MPI_Rget/MPI_Rput whose origin and target datatypes are
 * hindexed (lists) or nested hvector (strided) types.  Regions of threads
 * this thread maps are copied directly.
 *
 * What this module keeps: the committed strided types by shape (a cache
 * of 64), and the strided gets queued per remote thread until a handle is
 * waited for or tested (or bupc_poll/upcx_poll), when each thread's queue
 * (a deferred transport operation) leaves as ONE request that the target
 * packs into ONE reply (the aggregation of the seed, UPC++ for HPGMG-FV;
 * packed.h says why not an MPI_Rget).
 */
#ifndef UPCRT_VIS_H
#define UPCRT_VIS_H

#include <stddef.h>
#include "nb.h"
#include "upcrt.h"

typedef struct {
  void *addr;
  size_t len;
} upc_pmemvec_t;
typedef struct {
  upcrt_pts_t addr;
  size_t len;
} upc_smemvec_t;

#define UPCRT_VIS_DECL(R, S)                                                     \
  R bupc_memcpy_vlist##S(size_t dstcount, upc_smemvec_t const dstlist[],         \
                         size_t srccount, upc_smemvec_t const srclist[]);        \
  R bupc_memput_vlist##S(size_t dstcount, upc_smemvec_t const dstlist[],         \
                         size_t srccount, upc_pmemvec_t const srclist[]);        \
  R bupc_memget_vlist##S(size_t dstcount, upc_pmemvec_t const dstlist[],         \
                         size_t srccount, upc_smemvec_t const srclist[]);        \
  R bupc_memcpy_ilist##S(size_t dstcount, upcrt_pts_t const dstlist[],           \
                         size_t dstlen, size_t srccount,                         \
                         upcrt_pts_t const srclist[], size_t srclen);            \
  R bupc_memput_ilist##S(size_t dstcount, upcrt_pts_t const dstlist[],           \
                         size_t dstlen, size_t srccount,                         \
                         void const *const srclist[], size_t srclen);            \
  R bupc_memget_ilist##S(size_t dstcount, void *const dstlist[], size_t dstlen,  \
                         size_t srccount, upcrt_pts_t const srclist[],           \
                         size_t srclen);                                         \
  R bupc_memcpy_strided##S(upcrt_pts_t dstaddr, const size_t dststrides[],       \
                           upcrt_pts_t srcaddr, const size_t srcstrides[],       \
                           const size_t count[], size_t stridelevels);           \
  R bupc_memput_strided##S(upcrt_pts_t dstaddr, const size_t dststrides[],       \
                           const void *srcaddr, const size_t srcstrides[],       \
                           const size_t count[], size_t stridelevels);           \
  R bupc_memget_strided##S(void *dstaddr, const size_t dststrides[],             \
                           upcrt_pts_t srcaddr, const size_t srcstrides[],       \
                           const size_t count[], size_t stridelevels);
UPCRT_VIS_DECL(void, )
UPCRT_VIS_DECL(bupc_handle_t, _async)
#undef UPCRT_VIS_DECL

/* At exit, before MPI_Finalize: drops the gets queued and never waited
 * for, frees the cached types. */
void upcrt_vis_finalize(void);

#endif
