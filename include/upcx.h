/* upcx.h — the extensions of upcc that no other UPC compiler has (prefix
 * upcx_).  Berkeley-compatible extensions are in <bupc_extensions.h>.
 *
 * Neighbour synchronization (after UPC++'s support for naturally grained
 * communication): threads that exchange data only with a few neighbours
 * synchronize with those, not with the whole job.
 */
#ifndef UPCX_H
#define UPCX_H

#include <stddef.h>

#define __UPCX__ 1

/* Returns when every thread in threads[0..n) has called upcx_sync_neighbors
 * with this thread in its list, as many times as this thread listed it.
 * Lists may differ per thread; the relation must be symmetric.  Relaxed and
 * strict writes this thread made before the call are visible to the listed
 * threads once their call returns, and theirs to this thread (a fence on
 * entry and exit).  This thread and repeats in the list are ignored.  A
 * listed thread that waits at a barrier or has left main without the
 * matching call is reported (like a barrier mismatch) after two seconds
 * instead of hanging. */
void upcx_sync_neighbors(const int *threads, size_t n);

#endif
