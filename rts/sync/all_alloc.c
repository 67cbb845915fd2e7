/* all_alloc.c — upc_all_alloc: thread 0 allocates, a broadcast tells the others (see all_alloc.h). */
#include "all_alloc.h"

#include <stdint.h>

#include "core/check_site.h"
#include "core/svd.h"
#include "barrier.h"

upcrt_pts_t upc_all_alloc(size_t nblocks, size_t nbytes) {
  upcrt_barrier_coll_what = "upc_all_alloc";
  return upcrt_all_alloc(nblocks, nbytes);
}

upcrt_pts_t upcrt_all_alloc(size_t nblocks, size_t nbytes) {
  if (nblocks == 0 || nbytes == 0) return UPCRT_NULL_PTS; /* single-valued: no thread waits */
  size_t rows = (nblocks + (size_t)upcrt_threads - 1) / (size_t)upcrt_threads;
  size_t per = upcrt_svd_mul(rows, nbytes, "upc_all_alloc", nblocks, nbytes);
  uint64_t off = 0;
  if (upcrt_mythread == 0) off = upcrt_svd_sym_alloc(per, UPCRT_SVD_ALL, nblocks, nbytes);
  upcrt_barrier_bcast(&off, sizeof off, 0);
  if (upcrt_mythread != 0)
    upcrt_svd_know(off, ((uint64_t)per + 63) / 64 * 64, UPCRT_SVD_ALL, -1, 0, nblocks, nbytes,
                   upcrt_check_take());
  return (upcrt_pts_t){off, 0, 0};
}
