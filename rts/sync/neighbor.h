/* neighbor.h — neighbour synchronization (upcx_sync_neighbors in <upcx.h>):
 * point-to-point arrival counters instead of a global barrier, as in the
 * UPC++ work on naturally grained communication.
 *
 * What this module keeps: on every thread, THREADS arrival counters in its
 * own segment (counter j counts the calls of thread j that listed this
 * thread; a neighbour whose memory this thread maps adds to it with a CPU
 * atomic), the offsets of every thread's counters, how many calls of this
 * thread listed each thread (the count each counter must reach), a
 * communicator for the zero-byte messages that stand for the counters
 * between threads on different nodes, and the receives of them.  A
 * thread that waits for a neighbour which sits in a barrier or has left main
 * for more than two seconds reports the mismatch instead of hanging; for
 * that, every thread publishes in its segment (UPCRT_SEG_BARSTATE) whether
 * it waits at a barrier or has left main.
 */
#ifndef UPCRT_NEIGHBOR_H
#define UPCRT_NEIGHBOR_H

#include <stddef.h>

/* Collective, at start-up: allocates and exchanges the counters. */
void upcrt_neighbor_init(void);

/* What a thread publishes in UPCRT_SEG_BARSTATE. */
enum { UPCRT_BARSTATE_RUNNING = 0, UPCRT_BARSTATE_IN_BARRIER = 1, UPCRT_BARSTATE_EXITED = 2 };
void upcrt_neighbor_set_state(int state);

void upcx_sync_neighbors(const int *threads, size_t n);

#endif
