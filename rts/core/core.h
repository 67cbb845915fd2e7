/* core.h — the runtime's core layer: what every other layer stands on.
 *
 * Start-up and exit (start.h: MPI, THREADS/MYTHREAD, fatal errors, crash
 * handlers, the order of start-up and exit), the module table through which
 * start-up, exit, core's waits, fences and the statistics reach the modules
 * above (module.h), the shared segments and their atomics (segment.h), the
 * doorbell that asks a thread's progress thread to poll fast (doorbell.h),
 * how wait loops spin, yield and sleep (backoff.h),
 * the runtime's own ticket locks on segment words (ticket.h), the shared
 * variable directory and heap (svd.h), source locations of faults
 * (where.h) and of checked calls (check_site.h), the statistics counters
 * (stats.h), and how a job srun started ends (slurm.h).  Pointer-to-shared
 * helpers are in pts.c (declared in upcrt.h).
 *
 * Core calls no module above it: what it needs from them goes through the
 * module table (module.h, filled in by rts/modules.c).
 */
#ifndef UPCRT_CORE_H
#define UPCRT_CORE_H

#include "backoff.h"
#include "check_site.h"
#include "doorbell.h"
#include "module.h"
#include "segment.h"
#include "slurm.h"
#include "start.h"
#include "stats.h"
#include "svd.h"
#include "ticket.h"
#include "where.h"

#endif
