/* start.h — start-up and exit: MPI initialisation, THREADS/MYTHREAD, the
 * order of start-up and exit (the modules above core through the module
 * table, module.h), upc_global_exit, fatal errors and the crash handlers.
 *
 * What this module keeps: upcrt_mythread / upcrt_threads (upcrt.h), whether
 * the runtime is up (upcrt_start_running), and the exit state.  A thread that
 * returns from main or calls exit() reaches the exit barrier through atexit;
 * a fatal error, upc_global_exit or a caught signal ends the whole job with
 * MPI_Abort (its own "Abort(...)" banner suppressed, our message kept).
 */
#ifndef UPCRT_START_H
#define UPCRT_START_H

#include <stddef.h>

#include "upcrt.h"

extern int upcrt_start_running; /* 1 between start-up and finalize */
/* The thread level MPI_Init_thread gave (the modules asked for theirs
 * through the module table, module.h). */
extern int upcrt_start_mpi_thread_level;
/* This thread is ending the job with MPI_Abort (upcrt_start_abort). */
extern volatile int upcrt_start_ending;

/* UPCRT_START_TIMES=1: start-up notes the end of each phase (MPI_Init,
 * the segments, the directory, each module's start hook, the barrier
 * before main), and thread 0 prints each phase's longest time over the
 * threads to stderr as main begins. */
void upcrt_start_phase(const char *name);

/* The number in environment variable name, or dflt when it is unset or
 * empty; anything but a number from lo to hi is a fatal error naming the
 * variable (hi SIZE_MAX: no upper bound). */
size_t upcrt_start_env_count(const char *name, size_t dflt, size_t lo, size_t hi);

/* Ends the job now with status, without a message of its own: one MPI_Abort
 * by the first thread to get here; a later one waits for it to end the job
 * (and the job's status is the first one's). */
UPCRT_NORETURN void upcrt_start_abort(int status);

/* Like upcrt_fatal but with the thread prefix already formatted by caller. */
UPCRT_NORETURN void upcrt_start_fatal_raw(const char *msg);

/* Writes "upc: thread N: at file:line" for the innermost frame of the
 * user's program (pc: the faulting instruction after a signal, else 0), or
 * nothing if that is unknown (where.h). */
void upcrt_start_say_where(uintptr_t pc);

#endif
