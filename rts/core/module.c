/* module.c — runs the hooks of the module table (see module.h). */
#include "module.h"

#include <mpi.h>

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

void upcrt_modules_start(void) {
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
void upcrt_modules_poll(void) { IN_ORDER(poll); }
void upcrt_modules_quiesce(void) { IN_REVERSE(quiesce); }
void upcrt_modules_stats_reset(void) { IN_ORDER(stats_reset); }
void upcrt_modules_stats_add(upcrt_stats_extra_t *extra) {
  for (size_t i = 0; i < upcrt_modules_count; i++)
    if (upcrt_modules[i].stats_add) upcrt_modules[i].stats_add(extra);
}
