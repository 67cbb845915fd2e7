/* module.h — the table of runtime modules: how start-up, exit, polling and
 * quiescing reach the modules above core without core calling up into them.
 *
 * Every module above core that has work at one of these moments has an
 * entry in upcrt_modules[], a static list in rts/modules.c (the one file
 * that names modules of every layer).  Core runs the hooks through the
 * functions below; a NULL hook is skipped.
 *
 * Order: the table is in start-up order (a module starts after the ones it
 * stands on).  start, enter_main, leave_main and poll run in table order;
 * stop, abort and quiesce in reverse, so a module finishes before the ones
 * under it: the cache writes its dirty lines back (puts) before access
 * completes the puts, the progress thread stops before vis frees what it
 * serves.
 */
#ifndef UPCRT_MODULE_H
#define UPCRT_MODULE_H

#include <stddef.h>

#include "stats.h"

struct upcrt_module {
  const char *name;
  /* The MPI thread level the module needs, asked before MPI_Init_thread
   * (the highest answer is requested); the level MPI gave is
   * upcrt_start_mpi_thread_level (start.h). */
  int (*thread_level)(void);
  /* Start-up, once the segments and the directory exist. */
  void (*start)(void);
  /* Once every module started and the runtime runs, just before main (the
   * start-up barrier: statics are initialised on every thread). */
  void (*enter_main)(void);
  /* A thread leaves main (returns or calls exit), before anything stops
   * (its last fence and the exit barrier). */
  void (*leave_main)(void);
  /* Normal exit, after leave_main, before core reports and frees the
   * segments. */
  void (*stop)(void);
  /* The job is being aborted (fatal error, signal, upc_global_exit): stop
   * threads of the module that could hold MPI's lock.  May run in a signal
   * handler. */
  void (*abort)(void);
  /* One round of a wait loop in core: serve what other threads may be
   * waiting for from this one. */
  void (*poll)(void);
  /* Complete this thread's outstanding work (the out-of-line part of every
   * fence and barrier, upcrt_flush_puts).  A module with work outstanding
   * keeps upcrt_puts_pending set, so that the inline fence of upcrt.h
   * comes here. */
  void (*quiesce)(void);
  /* Statistics (upcrun -stats): counting starts at main, so zero the
   * module's counters; at exit, add them to the report. */
  void (*stats_reset)(void);
  void (*stats_add)(upcrt_stats_extra_t *extra);
};

extern const struct upcrt_module upcrt_modules[];
extern const size_t upcrt_modules_count;

int upcrt_modules_thread_level(void);
void upcrt_modules_start(void);
void upcrt_modules_enter_main(void);
void upcrt_modules_leave_main(void);
void upcrt_modules_stop(void);
void upcrt_modules_abort(void);
void upcrt_modules_poll(void);
void upcrt_modules_quiesce(void);
void upcrt_modules_stats_reset(void);
void upcrt_modules_stats_add(upcrt_stats_extra_t *extra);

#endif
