/* sync.h — the synchronization layer, on communication and core.
 *
 * The split-phase barrier, the exit barrier and the runtime's waits for
 * collective steps (barrier.h); UPC locks (lock.h); neighbour sync,
 * upcx_sync_neighbors (neighbor.h); the atomics of upc_atomic.h
 * (atomic.h); the collective allocation upc_all_alloc (all_alloc.h); and
 * what every collective stands on: its communicator, node map, control
 * words, barrier and wait (coll_base.h).
 *
 * It calls only the layers below it (core, communication, and in principle
 * the checking mode); no library module.
 */
#ifndef UPCRT_SYNC_H
#define UPCRT_SYNC_H

#include "all_alloc.h"
#include "atomic.h"
#include "barrier.h"
#include "coll_base.h"
#include "lock.h"
#include "neighbor.h"

#endif
