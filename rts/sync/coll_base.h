/* coll_base.h — what every collective stands on: the collectives'
 * communicator, the node map, two control words per thread, and the
 * collective barrier and wait.  Here, in the synchronization layer, because
 * atomic domains (atomic.c) are allocated collectively too; the collectives
 * themselves are in the library layer (collective.h).
 *
 * What this module keeps: the communicator (a dup of the runtime's), the
 * node map for UPC_MULTICORE (a node = the threads whose segments this
 * thread maps, as upcrt_node_base says), and the offset of the control
 * words for UPC_IN_MYSYNC / UPC_OUT_MYSYNC of the one-sided algorithms
 * (entered: the sequence number of the last collective the thread entered;
 * done: transfers other threads completed on its data).
 */
#ifndef UPCRT_COLL_BASE_H
#define UPCRT_COLL_BASE_H

#include <mpi.h>
#include <stdint.h>

extern MPI_Comm upcrt_coll_comm;
/* Offset of every thread's control words: entered at +0, done at +8. */
extern uint64_t upcrt_coll_ctl;

/* Sets up the communicator, node map and control words on first use (every
 * collective calls it first; it is collective itself the first time). */
void upcrt_coll_init(void);
/* Waits for a request of a collective step: upcrt_barrier_waitcoll (tests
 * with backoff, never a blocking wait; reports a thread that will not come). */
void upcrt_coll_wait(MPI_Request *req);
/* Completes this thread's puts, then a barrier of all threads. */
void upcrt_coll_barrier(void);

#endif
