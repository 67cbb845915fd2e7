/* pts.c — the out-of-line pointer-to-shared queries of <upc.h> (upc_threadof & co.). */
#include "upcrt.h"

size_t upc_threadof(upcrt_pts_t p) { return p.thread; }

size_t upc_phaseof(upcrt_pts_t p) { return p.phase; }

upcrt_pts_t upc_resetphase(upcrt_pts_t p) {
  p.phase = 0;
  return p;
}

size_t upc_addrfield(upcrt_pts_t p) { return (size_t)p.offset; }

/* Bytes of an object of totalsize bytes in blocks of nbytes (0: indefinite)
 * that have affinity to threadid (UPC 1.3 7.2.3.6). */
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid) {
  size_t T = (size_t)upcrt_threads;
  if (nbytes == 0 || totalsize == 0) return threadid == 0 ? totalsize : 0;
  size_t nblocks = totalsize / nbytes + (totalsize % nbytes != 0);
  size_t mine = nblocks / T + (threadid < nblocks % T);
  size_t size = mine * nbytes;
  /* the thread holding the last block may hold a partial one */
  if (mine && (nblocks - 1) % T == threadid) size -= nblocks * nbytes - totalsize;
  return size;
}
