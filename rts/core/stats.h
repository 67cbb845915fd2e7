/* stats.h — communication statistics (upcrun -stats, UPCRT_STATS=1).
 *
 * What this module keeps: this thread's counters in private memory: remote
 * reads and writes (operations and bytes) per target thread, event counts
 * (updates, bulk copies, collectives, atomics, non-blocking copies, VIS),
 * barrier and lock counts and the seconds spent waiting in each.  At exit
 * (upcrt_stats_finish, before MPI_Finalize) thread 0 gathers everything,
 * prints a per-thread table to stderr and writes the JSON file (UPCRT_STATS=1
 * gives upcc-stats.json, UPCRT_STATS=FILE that name) and FILE's SVG picture.
 *
 * Cost when off: every hook is one test of upcrt_stats_on in a slow path;
 * the inline fast paths of upcrt.h are untouched (so same-node loads and
 * stores are not counted: only what goes through the runtime is).
 */
#ifndef UPCRT_STATS_H
#define UPCRT_STATS_H

#include <stddef.h>
#include <stdint.h>

extern int upcrt_stats_on;

/* What modules above core count for the report: each adds its counters
 * through the module table (module.h, stats_add); counting starts at main
 * (stats_reset). */
typedef struct {
  uint64_t cache_hits, cache_misses; /* the software cache (cache.h) */
} upcrt_stats_extra_t;

enum upcrt_stats_event {
  UPCRT_STATS_UPDATE,     /* remote updates through MPI (upcrt_update_rma) */
  UPCRT_STATS_BULK,       /* upc_memget/put/cpy/set calls */
  UPCRT_STATS_BULK_LOCAL, /* ... of them served by load/store on this node */
  UPCRT_STATS_COLL,       /* collectives (upc_all_*) */
  UPCRT_STATS_ATOMIC,     /* upc_atomic / bupc atomics */
  UPCRT_STATS_NB,         /* non-blocking copies (upc_mem*_nb) */
  UPCRT_STATS_VIS,        /* VIS copies (upc_mem*_vlist/ilist/strided) */
  UPCRT_STATS_LOCK_ATTEMPT,
  UPCRT_STATS_ASYNC,      /* upcx_async invocations sent (bytes: arguments) */
  UPCRT_STATS_NEVENTS
};

/* Reads UPCRT_STATS; called once at start-up after the first barrier. */
void upcrt_stats_init(void);
/* Remote read/write of n bytes from/to thread t (through MPI). */
void upcrt_stats_read(int t, size_t n);
void upcrt_stats_write(int t, size_t n);
void upcrt_stats_event(enum upcrt_stats_event e, size_t bytes);
/* A upc_memget/put/cpy/set of n bytes between threads a and b (the same
 * thread twice for a private end). */
void upcrt_stats_bulk(unsigned a, unsigned b, size_t n);
/* A barrier / lock acquisition that waited `seconds`. */
void upcrt_stats_barrier(double seconds);
void upcrt_stats_lock(double seconds);
/* Gathers to thread 0, which reports; collective, at normal exit. */
void upcrt_stats_finish(void);

#endif
