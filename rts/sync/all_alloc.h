/* all_alloc.h — the collective allocation: upc_all_alloc (upcrt.h) and the
 * same for the runtime's own collectives.  Thread 0 allocates from the
 * symmetric heap (svd.h) and the others learn the offset by a broadcast
 * that reports a thread that will never call it (barrier.h). */
#ifndef UPCRT_ALL_ALLOC_H
#define UPCRT_ALL_ALLOC_H

#include <stddef.h>
#include "upcrt.h"

/* upc_all_alloc for the runtime's own collectives (which name themselves
 * in messages: upcrt_barrier_coll_what). */
upcrt_pts_t upcrt_all_alloc(size_t nblocks, size_t nbytes);

#endif
