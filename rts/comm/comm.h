/* comm.h — the communication layer: moving data between threads, on core.
 *
 * The transport, under everything else here: MPI one-sided traffic, its
 * ordering and completion, staging, gathered puts and updates, request
 * operations and indexed gets (transport.h), and gets the target packs
 * (packed.h).  The dispatch of gets, puts and remote updates behind the
 * inline accesses of upcrt.h, and the bulk copies (access.h); the software
 * cache of remote scalars (cache.h); HUNT, strip-mined bulk gets into
 * protected private memory, and its wrappers of system and MPI calls
 * (hunt.h); the progress thread and progress from waits (progress.h);
 * remote invocation, upcx_async (async.h); non-blocking copies (nb.h) and
 * vector/indexed/strided (VIS) transfers (vis.h); the remote rows of a
 * loop read ahead (prefetch.h); a loop's reads gathered into one indexed
 * get per thread (coalesce.h).
 *
 * It calls only core and itself; it reaches no synchronization or library
 * module.  Its files are in layers of their own, each calling only files
 * below it (test/rts_layers.py fails on a circle): packed < progress <
 * transport < cache < hunt < access < prefetch, and transport < async <
 * nb < vis.
 */
#ifndef UPCRT_COMM_H
#define UPCRT_COMM_H

#include "access.h"
#include "async.h"
#include "cache.h"
#include "coalesce.h"
#include "hunt.h"
#include "nb.h"
#include "packed.h"
#include "prefetch.h"
#include "progress.h"
#include "transport.h"
#include "vis.h"

#endif
