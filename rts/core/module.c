/* module.c — runs the hooks of the module table (see module.h). */
#include "module.h"

#include <mpi.h>
#include <stdlib.h>

#include "start.h"

#define IN_ORDER(hook)                             \
  for (size_t i = 0; i < upcrt_modules_count; i++) \
    if (upcrt_modules[i].hook) upcrt_modules[i].hook()
#define IN_REVERSE(hook)                           \
  for (size_t i = upcrt_modules_count; i-- > 0;)   \
    if (upcrt_modules[i].hook) upcrt_modules[i].hook()

int upcrt_modules_thread_level(void) {
  int level = MPI_THREAD_SINGLE;
  for (size_t i = 0; i < upcrt_modules_count; i++)
    if (upcrt_modules[i].thread_level) {
      int wanted = upcrt_modules[i].thread_level();
      if (wanted > level) level = wanted;
    }
  return level;
}

/* The hooks of every fence and wait loop, gathered before any module starts
 * so that those run without walking the table (a few cache lines a fence). */
static void (**poll_hooks)(void), (**quiesce_hooks)(void);
static size_t npoll, nquiesce;

void upcrt_modules_start(void) {
  poll_hooks = malloc(sizeof *poll_hooks * upcrt_modules_count);
  quiesce_hooks = malloc(sizeof *quiesce_hooks * upcrt_modules_count);
  if (!poll_hooks || !quiesce_hooks) upcrt_fatal("out of private memory at start-up");
  for (size_t i = 0; i < upcrt_modules_count; i++) {
    if (upcrt_modules[i].poll) poll_hooks[npoll++] = upcrt_modules[i].poll;
    const struct upcrt_module *r = &upcrt_modules[upcrt_modules_count - 1 - i];
    if (r->quiesce) quiesce_hooks[nquiesce++] = r->quiesce;
  }
  for (size_t i = 0; i < upcrt_modules_count; i++)
    if (upcrt_modules[i].start) {
      upcrt_modules[i].start();
      upcrt_start_phase(upcrt_modules[i].name);
    }
}
void upcrt_modules_enter_main(void) { IN_ORDER(enter_main); }
void upcrt_modules_leave_main(void) { IN_ORDER(leave_main); }
void upcrt_modules_stop(void) { IN_REVERSE(stop); }
void upcrt_modules_abort(void) { IN_REVERSE(abort); }
void upcrt_modules_poll(void) {
  for (size_t i = 0; i < npoll; i++) poll_hooks[i]();
}
void upcrt_modules_quiesce(void) {
  for (size_t i = 0; i < nquiesce; i++) quiesce_hooks[i]();
}
void upcrt_modules_stats_reset(void) { IN_ORDER(stats_reset); }
void upcrt_modules_stats_add(upcrt_stats_extra_t *extra) {
  for (size_t i = 0; i < upcrt_modules_count; i++)
    if (upcrt_modules[i].stats_add) upcrt_modules[i].stats_add(extra);
}
