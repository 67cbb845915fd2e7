/* lib.h — the library layer: the UPC libraries and interoperation, on
 * every layer below.
 *
 * The collectives of upc_collective.h and XUPC's (collective.h;
 * xcollective.c) and the table choosing their algorithm (coll_table.h), UPC-IO (io.h), castability (castable.h), upc_tick
 * (tick.h), the Berkeley extensions (bupc_atomic.c, bupc_sem.c,
 * bupc_misc.c), MPI called from a UPC program (mpi_user.c), and upcx teams
 * (team.c).  Most of
 * its entry points are declared in include/ (upcrt.h and the UPC library
 * headers); nothing in the runtime calls up into it.
 */
#ifndef UPCRT_LIB_H
#define UPCRT_LIB_H

#include "castable.h"
#include "coll_table.h"
#include "collective.h"
#include "io.h"
#include "tick.h"

#endif
