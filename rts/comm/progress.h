/* progress.h — asynchronous progress: MPI one-sided operations that target
 * this thread complete while the thread computes outside the runtime.
 *
 * Why a thread of our own: MPICH (ch4:ucx) applies accumulates, fetch-and-ops
 * and compare-and-swaps (our locks, atomics and remote updates) only when the
 * target process enters MPI.  MPICH's own asynchronous progress
 * (MPIR_CVAR_ASYNC_PROGRESS) fixes that with a thread that spins: measured at
 * 2 threads on 2 cores it doubles every thread's CPU time, so compute runs
 * at half speed.  Window hints do not help on this transport (atomics are
 * active messages either way).  The runtime's progress thread instead pokes
 * MPI (one MPI_Iprobe) and sleeps for UPCRT_PROGRESS_INTERVAL microseconds
 * (default 1000), or 20 us while a thread that has waited 100 us for it
 * rings its doorbell: a lock homed on a computing thread is acquired in about a
 * millisecond, 1000 atomics on its memory take tens of milliseconds, and
 * the idle thread costs 1-2% of a core.
 *
 * What this module keeps: whether the thread runs (UPCRT_PROGRESS =
 * on|off|auto, upcrun -progress; auto = on when some thread is reached
 * through MPI, i.e. another node, UPCRT_NODE_SIZE or UPCRT_FORCE_RMA=1;
 * off on one node where it would only steal a core), the thread, and its
 * stop flag.
 */
#ifndef UPCRT_PROGRESS_H
#define UPCRT_PROGRESS_H

/* The thread level to ask MPI_Init_thread for: MPI_THREAD_MULTIPLE when the
 * progress thread may run (decided from the environment before MPI starts;
 * the launcher tells whether every rank is on this node). */
int upcrt_progress_thread_level(void);
/* After the segments exist (upcrt_cpu_atomics known): starts the thread when
 * it is wanted; provided is the level MPI gave. */
void upcrt_progress_start(int provided);
/* Stops and joins the thread (before the windows are freed). */
void upcrt_progress_stop(void);
/* Non-zero while the progress thread runs. */
extern int upcrt_progress_async;

#endif
