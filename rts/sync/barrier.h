/* barrier.h — the split-phase barrier (upc_notify / upc_wait / upc_barrier)
 * with id matching, the exit barrier, and the runtime's way of waiting for
 * any MPI request.
 *
 * The barrier: on a node (the threads whose segments a thread maps), each
 * thread stores a word with the barrier's number and its id into its own
 * cache line at upc_notify, and every thread leaves upc_wait when it has
 * read every member's word (the node's leader writes a summary for the
 * others on nodes of more than four threads).  Between nodes, the leaders
 * run a dissemination over point-to-point messages, started by the leader
 * as soon as its node has notified, carrying the ids' range; the leader
 * then releases its node through a word in its segment.  Ids ride in the
 * words, so matching them costs no extra round.
 *
 * What this module keeps: the node's members and the addresses of their
 * words, the leaders' communicator and the rounds in flight, a
 * communicator for the mismatch report, one for the runtime's own
 * collectives (upcrt_barrier_bcast), and the exit-barrier communicator.
 * Waits spin briefly, then yield: with more ranks than cores a blocking
 * MPI call busy-polls and starves the thread it waits for.
 */
#ifndef UPCRT_BARRIER_H
#define UPCRT_BARRIER_H

#include <mpi.h>
#include <stddef.h>

extern MPI_Comm upcrt_barrier_coll_comm; /* for runtime collectives */

void upcrt_barrier_init(void);
/* The node of thread t, named by its leader (its lowest thread), and
 * whether two threads share a node. */
int upcrt_node_leader(int t);
int upcrt_same_node(int a, int b);
/* Completes req with a test-and-yield loop. */
void upcrt_barrier_waitreq(MPI_Request *req);
/* Broadcasts n bytes from root over upcrt_barrier_coll_comm; returns on
 * no thread before every thread has called it. */
void upcrt_barrier_bcast(void *buf, size_t n, int root);
/* A barrier of the runtime's collectives (upcrt_coll_barrier): the same
 * paths as upc_barrier's, its own words, no ids; waits like
 * upcrt_barrier_waitcoll. */
void upcrt_barrier_internal(void);
/* Between upc_notify and upc_wait, moves the barrier between nodes on (the
 * module table's poll: a thread that waits for another between the two
 * must not hold the other nodes up). */
void upcrt_barrier_poll(void);
/* The barrier of program exit (does not match user barriers). */
void upcrt_barrier_exit(void);

/* Waits inside a collective (upc_all_alloc, upc_all_lock_alloc, the
 * upc_all_* of <upc_collective.h>, ...): a thread that has left main or
 * waits at a barrier will never join the collective, so the wait reports
 * it instead of hanging.  upcrt_barrier_coll_what names the collective the
 * user called (set at its entry; internal collectives leave it alone).  A
 * wait loop calls upcrt_barrier_watch on a zeroed watch each time round:
 * only a wait longer than half a second looks at the other threads'
 * states, and a thread seen at a barrier or gone for two seconds more is
 * reported ("upc_all_alloc is collective, but thread 1 left main"). */
extern const char *upcrt_barrier_coll_what;
typedef struct {
  unsigned n;
  double start, stuck;
} upcrt_barrier_watch_t;
void upcrt_barrier_watch(upcrt_barrier_watch_t *w);
/* Completes req, a step of a collective, watching the others. */
void upcrt_barrier_waitcoll(MPI_Request *req);

#endif
