/* comm.h — the communication layer: moving data between threads, on core.
 *
 * Gets, puts and remote updates behind the inline accesses of upcrt.h,
 * relaxed-put completion and the bulk copies (access.h); the software
 * cache of remote scalars (cache.h); HUNT, strip-mined bulk gets into
 * protected private memory, and its wrappers of system and MPI calls
 * (hunt.h); the progress thread and progress from waits (progress.h);
 * remote invocation, upcx_async (async.h); non-blocking copies (nb.h) and
 * vector/indexed/strided (VIS) transfers (vis.h); the remote rows of a
 * loop read ahead (prefetch.h).
 *
 * It calls only core and itself; it reaches no synchronization or library
 * module.
 */
#ifndef UPCRT_COMM_H
#define UPCRT_COMM_H

#include "access.h"
#include "async.h"
#include "cache.h"
#include "hunt.h"
#include "nb.h"
#include "prefetch.h"
#include "progress.h"
#include "vis.h"

#endif
