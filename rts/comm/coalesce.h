/* coalesce.h — coalesced reads: the schedules of loops whose fine-grained
 * reads of shared data upcc's upc-coalesce pass gathers before the loop
 * (the API is upcrt.h's "Coalesced reads").
 *
 * Why: a read of an element on another node is a round trip (about 1 us
 * through UPCRT_FORCE_RMA here, 25 us between the emulated nodes); a loop
 * reading x[colidx[k]] made one per iteration.  Gathered, each thread on
 * another node answers one indexed get for all of the loop's elements it
 * holds, each element once.
 *
 * What this module keeps: per slot of a schedule, its grouping by thread
 * (the distinct addresses, sorted by thread and offset, and where each read
 * finds its value among them) with the addresses it was made from, so that
 * a loop that reads the same elements again (an iterative solver's product
 * with one matrix) is grouped once; and the buffer the values arrive in.
 * Nothing is kept across a fence: every fetch reads memory anew.
 */
#ifndef UPCRT_COALESCE_H
#define UPCRT_COALESCE_H

#include <stdint.h>

/* What the fetches did: schedules fetched, reads, distinct elements, of
 * them on other nodes, indexed gets sent, and groupings reused. */
typedef struct {
  uint64_t fetches, reads, distinct, remote, gets, reused;
} upcrt_coalesce_stats_t;
void upcrt_coalesce_stats(upcrt_coalesce_stats_t *s);

#endif
