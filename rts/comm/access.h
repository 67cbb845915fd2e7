/* access.h — the dispatch of shared accesses behind the inline upcrt_get and
 * upcrt_put of upcrt.h: this thread (load/store, inline), this node
 * (through the mapping, inline or here), another node (the software cache
 * for relaxed scalars, else transport.h); remote updates (CPU atomics on
 * one node, gathered MPI accumulates across nodes) and the bulk copies
 * (upc_memcpy/memget/memput/memset, HUNT for large memgets).
 *
 * What this module keeps: the ring of queued node updates (upcrt_updq,
 * upcrt.h) and whether this thread made private pointers into shared
 * memory.  Everything that moves bytes through MPI is transport.c's.
 */
#ifndef UPCRT_ACCESS_H
#define UPCRT_ACCESS_H

#include <stddef.h>
#include "upcrt.h"

/* This module's part of quiescing (module.h): the update ring drains
 * (before transport.c completes what is in flight). */
void upcrt_access_quiesce(void);
/* Writes back and invalidates the cached lines of thread t and completes
 * the relaxed puts and updates to it (before a bulk, non-blocking, VIS or
 * atomic operation on t). */
void upcrt_access_flush_target(int t);

#endif
