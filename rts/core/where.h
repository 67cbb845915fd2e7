/* where.h — the user's source line of a fault, for the runtime's error reports.
 *
 * What this module keeps: the executable's path and load address, found at
 * start-up.  upcc compiles with line tables (-gline-tables-only) and the
 * translation has #line directives back to the .upc file, so a code address
 * in the user's program maps to "heat.upc:12".  upcrt_where runs addr2line
 * on the frames of the current stack (after a fault: the faulting frame and
 * its callers) and reports the first one that is not the runtime's own
 * (rts/, upcrt.h, system headers).  It is only used on the way to ending the
 * job: it forks addr2line and gives up after a short time, never hangs, and
 * says nothing when it finds nothing (no addr2line, no line tables).
 */
#ifndef UPCRT_WHERE_H
#define UPCRT_WHERE_H

#include <stddef.h>
#include <stdint.h>

/* Once at start-up: where the executable is (and preloads the unwinder). */
void upcrt_where_init(void);

/* Writes "file:line" of the innermost user frame into buf (empty string if
 * unknown).  pc: the exact faulting instruction after a signal (not moved
 * back to its call like return addresses), or 0.  Safe enough for a signal
 * handler that is about to end the process. */
void upcrt_where(char *buf, size_t size, uintptr_t pc);

#endif
