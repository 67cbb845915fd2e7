/* prefetch.h — rows read ahead: the remote rows a loop fetches one by one
 * (upcrt_row_fetch, the rows of loop versioning) fetched before it asks for
 * them once it walks a thread's memory row after row.
 *
 * Why: each row fetch from another node is a round trip, 25-35 us between
 * the emulated nodes over TCP, so a stencil sweep over rows of other
 * threads waited for the network row by row and ran barely faster than the
 * same sweep through the software cache.  When a fetch of thread t's row
 * follows the previous fetch from t contiguously, the next rows of t are
 * requested with MPI_Rget, 1 then up to PF_DEPTH_MAX ahead as the
 * read-ahead rows keep being used; a fetch that finds its row read ahead
 * waits only for what has not arrived.
 *
 * When read-ahead rows are dropped: at the next fence (upc_fence, a barrier,
 * a strict access, a lock: everything that reaches upcrt_flush_puts, as
 * for the software cache), and as soon as this thread writes to any other
 * thread through MPI (upcrt_transport_writes), so that a row never shows an
 * older value than this thread's own write or than the last
 * synchronization.
 *
 * What this module keeps: the read-ahead rows and, per thread, how far
 * ahead to read and where the last fetch ended.
 */
#ifndef UPCRT_PREFETCH_H
#define UPCRT_PREFETCH_H

#include <stdint.h>

void upcrt_prefetch_init(void);
/* Drops every read-ahead row (the quiesce hook of a fence). */
void upcrt_prefetch_quiesce(void);
/* Rows requested ahead, and how many of them a fetch then used. */
typedef struct {
  uint64_t ahead, used;
} upcrt_prefetch_stats_t;
void upcrt_prefetch_stats(upcrt_prefetch_stats_t *s);

#endif
