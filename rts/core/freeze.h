/* freeze.h — upcrun -freeze[=THREAD] (UPCRT_FREEZE=all or a thread number):
 * the chosen threads stop at start-up, before main, and say how to attach a
 * debugger; they go on when it clears upcrt_frozen (gdb: `upc thaw`, or
 * `set var upcrt_frozen = 0`).
 *
 * What this module keeps: upcrt_frozen, the word the debugger clears.
 */
#ifndef UPCRT_FREEZE_H
#define UPCRT_FREEZE_H

/* Non-zero while this thread waits for a debugger (tools/gdb sets it to 0). */
extern volatile int upcrt_frozen;

/* Called by start-up once the segments are mapped and before the barrier
 * before main: waits here if UPCRT_FREEZE names this thread.  The other
 * threads wait at that barrier, which has no time limit. */
void upcrt_freeze(void);

#endif
