/* barrier.h — the split-phase barrier (upc_notify / upc_wait / upc_barrier)
 * with id matching, the exit barrier, and the runtime's way of waiting for
 * any MPI request.
 *
 * What this module keeps: the barrier communicator, the request of the
 * notify in flight and its id, a communicator for the runtime's own
 * collectives (upcrt_barrier_bcast), and the exit-barrier communicator.
 * Every wait is MPI_Test + sched_yield: with more ranks than cores a
 * blocking MPI call busy-polls and starves the thread it waits for.
 */
#ifndef UPCRT_BARRIER_H
#define UPCRT_BARRIER_H

#include <mpi.h>
#include <stddef.h>

extern MPI_Comm upcrt_barrier_coll_comm; /* for runtime collectives */

void upcrt_barrier_init(void);
/* Completes req with a test-and-yield loop. */
void upcrt_barrier_waitreq(MPI_Request *req);
/* Broadcasts n bytes from root over upcrt_barrier_coll_comm. */
void upcrt_barrier_bcast(void *buf, size_t n, int root);
/* The barrier of program exit (does not match user barriers). */
void upcrt_barrier_exit(void);

#endif
