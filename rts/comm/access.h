/* access.h — data movement to and from shared memory: the remote (RMA) paths
 * behind the inline upcrt_get/upcrt_put, relaxed-put completion, remote
 * updates and the bulk copies (upc_memcpy/memget/memput/memset).
 *
 * What this module keeps: which targets have relaxed puts in flight
 * (upcrt_puts_pending in upcrt.h, plus a per-target flag so a get flushes
 * only the target it reads), and a staging buffer that holds the source of
 * small relaxed puts and updates until they complete (MPI may read an origin
 * buffer until the flush, but the caller's buffer is gone on return).
 */
#ifndef UPCRT_ACCESS_H
#define UPCRT_ACCESS_H

#include <mpi.h>
#include <stddef.h>
#include "upcrt.h"

void upcrt_access_init(void);
/* This module's part of quiescing (module.h): the gathered updates leave
 * and everything in flight completes, HUNT's strips first (the rest of
 * upcrt_flush_puts, after the cache wrote its lines back). */
void upcrt_access_quiesce(void);
/* Writes back and invalidates the cached lines of thread t and completes
 * the relaxed puts and updates to it (before a bulk, non-blocking, VIS or
 * atomic operation on t). */
void upcrt_access_flush_target(int t);
/* The same without touching the cache (for the cache's own ordering). */
void upcrt_access_complete_target(int t);
/* Room for n bytes (n <= 1 MiB) in the staging buffer, which holds origin
 * buffers of relaxed puts until upcrt_flush_puts completes them. */
void *upcrt_access_stage_alloc(size_t n);
/* A relaxed put of n bytes from src to offset off of thread t, gathered
 * with others to t when small; complete at the next fence (src is free on
 * return). */
void upcrt_access_put_relaxed(int t, uint64_t off, const void *src, size_t n);
/* Counts this thread's writes to other threads through MPI (puts, updates,
 * write-backs, cached writes, non-blocking and VIS puts, atomics): what was
 * read ahead before one (prefetch.c) may be older than it. */
extern uint64_t upcrt_access_writes;
/* Gets n bytes at offset off of thread t into dst and waits for them (the
 * caller completed this thread's puts to the place first). */
void upcrt_access_get_wait(void *dst, int t, uint64_t off, size_t n);
/* Waits for a request of a get from another thread, yielding the core
 * between tests (the target's MPI may have to run to serve it). */
void upcrt_access_wait(MPI_Request *r);
/* Non-zero while rows read ahead are held (prefetch.c): the next fence must
 * reach upcrt_flush_puts to drop them. */
extern int upcrt_access_held_reads;
/* The same for a run of a burst (a cache write-back): gathered whenever it
 * fits a batch's run (UPCRT_ACCESS_RUN_MAX bytes), so that the dirty lines
 * written back at a fence leave in as few messages as the puts would have. */
#define UPCRT_ACCESS_RUN_MAX 1024
void upcrt_access_put_burst(int t, uint64_t off, const void *src, size_t n);
/* Notes a put of [off, off+n) to t issued outside this module (a cache
 * write-back); it is in flight until the target's puts complete. */
void upcrt_access_note_put(int t, uint64_t off, size_t n);
/* Non-zero when [off, off+n) of thread t may overlap a put of ours in
 * flight: a put or accumulate there must complete the target first. */
int upcrt_access_overlaps(int t, uint64_t off, size_t n);
/* Non-zero when thread t has relaxed puts of ours in flight. */
int upcrt_access_pending(int t);

#endif
