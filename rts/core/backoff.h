/* backoff.h — how the runtime's wait loops give their core away.
 *
 * A wait spins while it is likely short (a few rounds when this machine
 * runs more of the job's threads than it has cores, more otherwise), then
 * yields, and once it has lasted UPCRT_BACKOFF_YIELD_NS (UPCRT_BACKOFF_YIELD_MPI_NS
 * when some thread is reached through MPI) sleeps for growing
 * intervals of 1 to 32 us (to 4 us when some thread is reached through
 * MPI: MPI's operations on this thread's memory progress only while it
 * polls).  Sleeping is what lets a core shared with other work (other
 * jobs, a laptop's desktop, more threads than cores) run the thread being
 * waited for: a thread that spins or yields is charged the
 * core's time like any CPU-bound process and is preempted at random for a
 * whole time slice, while one that sleeps is woken ahead of them.  The
 * timer slack of the runtime's threads is set to 1 us at start-up, so that
 * a sleep of 1 us is not 50.
 *
 * Why yield longer across nodes: what such a wait needs is often a message
 * that only a poll notices, and a wait in which every thread of a node
 * sleeps hears it late.  Measured on 2 emulated nodes of 2 threads sharing
 * a core each (tools/cluster, TCP): a barrier took 1.4 ms with the 50 us
 * yield and 37 us with 1 ms of it; with CPU hogs beside the threads on one
 * node the ghost exchange under UPCRT_FORCE_RMA=1 was the same either way.
 *
 * Each unsuccessful round of a wait loop calls upcrt_backoff on a state the
 * loop keeps ({0} at the start of the wait).
 */
#ifndef UPCRT_BACKOFF_H
#define UPCRT_BACKOFF_H

#include <mpi.h>
#include <stdint.h>

#define UPCRT_BACKOFF_YIELD_NS 50000 /* yield this long, then sleep */
#define UPCRT_BACKOFF_YIELD_MPI_NS 1000000
#define UPCRT_BACKOFF_SLEEP_MAX_NS 32000
#define UPCRT_BACKOFF_SLEEP_MAX_MPI_NS 4000

typedef struct {
  uint32_t rounds;
  uint32_t sleep_ns; /* the next sleep, once sleeping */
  uint64_t yield_until;
} upcrt_backoff_t;

/* Spin for spin rounds (the caller's choice: how long its waits usually
 * are), then yield, then sleep. */
void upcrt_backoff_spin(upcrt_backoff_t *b, uint32_t spin);
/* The usual spin: 2 rounds with more threads than cores, else 50. */
void upcrt_backoff(upcrt_backoff_t *b);
/* Completes n requests, backing off: for start-up and the module's own
 * set-up, where a blocking MPI call would spin and, with more threads than
 * cores, keep the core from the threads it waits for. */
void upcrt_backoff_waitall(int n, MPI_Request *reqs);
/* Sets this thread's timer slack (start-up, and the progress thread). */
void upcrt_backoff_init_thread(void);

#endif
