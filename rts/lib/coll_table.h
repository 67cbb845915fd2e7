/* coll_table.h — which algorithm a relocalization collective uses when the
 * caller names none (no UPC_PULL, UPC_PUSH or UPC_MULTICORE in its flags).
 *
 * The choice is a table indexed by the job's layout (one node; one thread
 * per node; several nodes of several threads; each of the first two
 * "crowded" when a machine has more threads than cores), by the entry
 * synchronization (UPC_IN_ALLSYNC or not), by the collective and by the
 * size class of nbytes (<= 8, 64, 512, 4K, 32K, 256K, 2M bytes, larger).
 * The built-in table comes from coll_bench --tune runs on a 2-core machine;
 * a tuning run (upcrun -tune-collectives) writes a file in the same format,
 * which the runtime reads from UPCRT_COLL_TABLE, else from
 * $XDG_CONFIG_HOME/upcc/collectives (~/.config/upcc/collectives).  Thread 0
 * reads it and broadcasts the table, so every thread chooses alike.
 *
 * File format, one line per layout, sync and collective:
 *   LAYOUT SYNC COLLECTIVE ALG ALG ALG ALG ALG ALG ALG ALG
 * with ALG one of MPI, PULL, PUSH, MULTICORE per size class; '#' starts a
 * comment; lines not given keep the built-in choice. */
#ifndef UPCRT_COLL_TABLE_H
#define UPCRT_COLL_TABLE_H

#include <stddef.h>
#include "upcrt.h"

enum {
  UPCRT_COLL_BROADCAST, UPCRT_COLL_SCATTER, UPCRT_COLL_GATHER, UPCRT_COLL_GATHER_ALL,
  UPCRT_COLL_EXCHANGE, UPCRT_COLL_PERMUTE, UPCRT_COLL_KINDS
};
enum { UPCRT_COLL_NODE, UPCRT_COLL_NODE_CROWDED, UPCRT_COLL_NODES,
       UPCRT_COLL_NODES_CROWDED, UPCRT_COLL_HIER, UPCRT_COLL_LAYOUTS };
enum { UPCRT_COLL_SYNCS = 2, UPCRT_COLL_SIZES = 8, UPCRT_COLL_ALGS = 4 };

extern const char *const upcrt_coll_kind_names[UPCRT_COLL_KINDS];
extern const char *const upcrt_coll_layout_names[UPCRT_COLL_LAYOUTS];
extern const char *const upcrt_coll_sync_names[UPCRT_COLL_SYNCS]; /* mysync, allsync */
extern const char *const upcrt_coll_alg_names[UPCRT_COLL_ALGS];   /* MPI, PULL, ... */
extern const upc_flag_t upcrt_coll_alg_flags[UPCRT_COLL_ALGS];    /* 0, UPC_PULL, ... */

/* Collective: loads the table (once) and finds this job's layout. */
void upcrt_coll_table_init(void);
int upcrt_coll_layout(void);
int upcrt_coll_size_class(size_t nbytes);

/* flags (already checked by upcrt_coll_flags) with the table's algorithm
 * added when they name none; an algorithm of 0 is the MPI mapping. */
upc_flag_t upcrt_coll_choose(int kind, size_t nbytes, upc_flag_t flags);

/* For the tuner: set one entry of this process's table, and write the
 * whole table to path (returns 0, or -1 with errno set). */
void upcrt_coll_table_set(int layout, int sync, int kind, int size_class, int alg);
int upcrt_coll_table_save(const char *path);
/* The file the runtime reads when UPCRT_COLL_TABLE is not set (malloc'ed;
 * NULL without a home directory). */
char *upcrt_coll_table_default_path(void);

#endif
