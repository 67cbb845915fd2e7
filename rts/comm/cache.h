/* cache.h — the MuPC software cache: a per-thread, non-coherent,
 * direct-mapped, write-back cache of relaxed scalar accesses to threads
 * reached through MPI (another node, or UPCRT_FORCE_RMA=1).
 *
 * What this module keeps: one segment of UPCRT_CACHE_LINES lines of
 * UPCRT_CACHE_LINE_SIZE bytes per remote thread, each line with a dirty-byte
 * bitmap, and a small fully associative victim cache of replaced lines.  A
 * read miss loads the whole line (one MPI_Get); a write miss loads nothing,
 * and the line's other bytes are loaded only if a read needs them; while
 * writes keep missing (random writes) they go around the cache.  A
 * write-back puts only the dirty bytes (one MPI_Put with an hindexed
 * datatype, from a copy in transport.c's staging buffer), so threads writing
 * different bytes of one line do not overwrite each other.
 *
 * Consistency (UPC 1.3, 5.1.2): upcrt_flush_puts (every fence, strict access,
 * barrier, lock operation, collective, exit) writes back and invalidates the
 * whole cache; bulk, non-blocking, VIS and atomic operations on a thread, and
 * remote updates to cached places, first write back and invalidate what they
 * overlap (upcrt_access_flush_target, upcrt_cache_flush_range).  Strict and
 * straddling accesses bypass the cache.
 */
#ifndef UPCRT_CACHE_H
#define UPCRT_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include "upcrt.h"

/* Reads UPCRT_CACHE_LINES / UPCRT_CACHE_LINE_SIZE (a fatal error for a bad
 * value); called once at start-up. */
void upcrt_cache_init(void);
/* Serves a relaxed get or put of n bytes through the cache; returns 0 when
 * the access bypasses it (cache off, access crosses a line), after writing
 * back and invalidating the lines it overlaps. */
int upcrt_cache_get(void *dst, upcrt_pts_t src, size_t n);
int upcrt_cache_put(upcrt_pts_t dst, const void *src, size_t n);
/* Writes back and invalidates every line (the caller completes the puts). */
void upcrt_cache_flush_all(void);
/* Writes back and invalidates thread t's lines, or the lines overlapping
 * [off, off+n) of thread t, and completes those write-backs. */
void upcrt_cache_flush_thread(int t);
void upcrt_cache_flush_range(int t, uint64_t off, size_t n);
/* Turns the cache off (0) or back on (after writing back and emptying it,
 * with write misses allocating lines again); for benchmarks that compare the
 * two in one run. */
void upcrt_cache_enable(int on);

typedef struct upcrt_cache_stats {
  uint64_t hits, misses, victim_hits, writebacks, bypasses;
  uint64_t write_arounds; /* write misses sent past the cache (random writes) */
  size_t lines, line_size, victim_lines; /* the configuration; lines = 0: off */
} upcrt_cache_stats_t;
void upcrt_cache_stats(upcrt_cache_stats_t *s);
void upcrt_cache_stats_reset(void);

#endif
