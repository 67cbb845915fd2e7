/* doorbell.h — the doorbell: a word in every segment (UPCRT_SEG_DOORBELL)
 * that a thread rings before it waits for an operation the target's MPI
 * must apply (atomics, accumulates), so that the target's progress thread
 * (comm/progress.c) polls fast for a while.  A put needs no progress at the
 * target, so the doorbell always gets through.
 *
 * What this module keeps: when this thread last rang each other thread.
 */
#ifndef UPCRT_DOORBELL_H
#define UPCRT_DOORBELL_H

/* How long a rung progress thread polls fast after the last ring. */
#define UPCRT_DOORBELL_HOLD_NS 5000000u

/* Rings thread t's doorbell (nothing when t is on this node: reached with
 * loads and CPU atomics). */
void upcrt_doorbell_ring(int t);
/* The same, for a wait loop: call it each round; it rings once the wait has
 * lasted UPCRT_DOORBELL_RING_AFTER_US, or at once if this thread rang t in
 * the last 2.5 ms (t computes: its progress thread stays quick while we
 * keep needing it).  A target that is itself waiting in the runtime answers
 * sooner, and ringing it anyway would make its progress thread wake every
 * 20 us for 5 ms, taking a core share from both (measured: a ghost exchange
 * with neighbour syncs ran 3x slower). */
#define UPCRT_DOORBELL_RING_AFTER_US 100
typedef struct {
  unsigned rounds;
  double since;
} upcrt_doorbell_waiter_t;
void upcrt_doorbell_ring_later(upcrt_doorbell_waiter_t *w, int t);

#endif
