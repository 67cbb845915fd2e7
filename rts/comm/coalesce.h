/* coalesce.h — coalesced reads: the schedules of loops whose fine-grained
 * reads of shared data upcc's upc-coalesce pass gathers before the loop
 * (the API is upcrt.h's "Coalesced reads").
 *
 * Why: a read of an element on another node is a round trip (about 1 us
 * through UPCRT_FORCE_RMA here, 25 us between the emulated nodes); a loop
 * reading x[colidx[k]] made one per iteration.  Gathered, each thread on
 * another node answers one get for all of the loop's elements it holds.
 *
 * What this module keeps: per slot of a schedule, its grouping by thread
 * (a window's blocks; or, of listed reads, per thread of another node the
 * span of its elements, or its distinct elements where they are sparse;
 * where each value is) for the reads it was made for, so that a loop that reads the same elements again
 * (an iterative solver's product with one matrix) is grouped once; and the
 * buffer the values arrive in.  Nothing is kept across a fence: every fetch
 * reads memory anew.
 */
#ifndef UPCRT_COALESCE_H
#define UPCRT_COALESCE_H

#endif
