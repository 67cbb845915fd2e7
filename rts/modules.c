/* modules.c — the module table (core/module.h): which modules above core
 * have work at start-up, before and after main, at exit and abort, in a
 * wait loop of core, at a fence or barrier, and for the statistics.
 *
 * This is the one file of the runtime that names modules of every layer:
 * it sits above all of them (the layer check, test/rts_layers.py, allows
 * it and only it).  Core runs the hooks without knowing whose they are.
 * The entries are in start-up order; what runs in reverse is said in
 * module.h.  A hook is the module's own function, or an adapter here of a
 * few lines when the module's function takes arguments or is inline.
 */
#include "core/module.h"
#include "core/segment.h"
#include "core/start.h"
#include "core/trace.h"
#include "comm/access.h"
#include "comm/async.h"
#include "comm/cache.h"
#include "comm/hunt.h"
#include "comm/packed.h"
#include "comm/prefetch.h"
#include "comm/progress.h"
#include "comm/transport.h"
#include "comm/vis.h"
#include "sync/barrier.h"
#include "sync/neighbor.h"
#include "upcrt.h"

static void cache_stats_add(upcrt_stats_extra_t *extra) {
  upcrt_cache_stats_t cs;
  upcrt_cache_stats(&cs);
  extra->cache_hits += cs.hits + cs.victim_hits;
  extra->cache_misses += cs.misses;
}

/* statics are initialised on every thread before main runs */
static void barrier_enter_main(void) { upcrt_barrier(0, 0); }

/* this thread's accesses complete, then the barrier of program exit */
static void barrier_leave_main(void) {
  upcrt_fence();
  upcrt_barrier_exit();
}


static void progress_start(void) { upcrt_progress_start(upcrt_start_mpi_thread_level); }

static void progress_poll(void) {
  if (UPCRT_UNLIKELY(upcrt_progress_needed)) upcrt_progress();
}

const struct upcrt_module upcrt_modules[] = {
    /* first: everything above moves bytes through it, and its quiesce
     * completes what the others' quiesce hooks left in flight */
    {.name = "transport", .start = upcrt_transport_init, .quiesce = upcrt_transport_quiesce},
    {.name = "access", .quiesce = upcrt_access_quiesce},
    {.name = "hunt", .start = upcrt_hunt_init, .quiesce = upcrt_hunt_retire_all},
    {.name = "cache",
     .start = upcrt_cache_init,
     .quiesce = upcrt_cache_flush_all,
     .stats_reset = upcrt_cache_stats_reset,
     .stats_add = cache_stats_add},
    /* after the cache: its rows are dropped before the cache's lines */
    {.name = "prefetch", .start = upcrt_prefetch_init, .quiesce = upcrt_prefetch_quiesce},
    {.name = "barrier",
     .start = upcrt_barrier_init,
     .enter_main = barrier_enter_main,
     .leave_main = barrier_leave_main,
     .poll = upcrt_barrier_poll},
    /* records from main on (after the start-up barrier); writes the file
     * after the progress thread stopped */
    {.name = "trace", .enter_main = upcrt_trace_enter_main, .stop = upcrt_trace_stop},
    {.name = "neighbor", .start = upcrt_neighbor_init},
    {.name = "async", .start = upcrt_async_init, .poll = upcrt_async_progress},
    /* stopped after the progress thread, which serves packed gets */
    {.name = "packed", .start = upcrt_packed_init, .stop = upcrt_packed_finalize},
    {.name = "vis", .stop = upcrt_vis_finalize},
    {.name = "progress",
     .thread_level = upcrt_progress_thread_level,
     .start = progress_start,
     .stop = upcrt_progress_stop,
     .abort = upcrt_progress_stop,
     .poll = progress_poll},
};
const size_t upcrt_modules_count = sizeof upcrt_modules / sizeof upcrt_modules[0];
