/* segment.h — the shared segments: one per thread, exposed through an MPI-3
 * shared-memory window per node plus one world window over the same memory.
 *
 * What this module keeps:
 *   - upcrt_seg_win: the world window (every thread's segment, displacement
 *     unit 1, locked with MPI_Win_lock_all for the whole run).  All RMA and all
 *     MPI atomics of the runtime go through it.  A pointer-to-shared maps to
 *     target rank upcrt_seg_rank(p) (= p.thread) and displacement
 *     upcrt_seg_disp(p) (= p.offset) in it.  When every thread is on one
 *     node it is the node's window itself (no second window to create).
 *   - upcrt_seg_shm_win: the node's MPI_Win_allocate_shared window (for
 *     MPI_Win_sync only); upcrt_node_base[t] (in upcrt.h) maps same-node
 *     threads' segments for plain load/store.
 *   - the segment layout every thread shares (offsets are symmetric):
 *       [0, UPCRT_SEG_GUARD)         null guard, inaccessible (offset 0 = null)
 *       [UPCRT_SEG_GUARD, UPCRT_SEG_CTRL)  runtime control words
 *       [UPCRT_SEG_CTRL, heap_lo)    static shared objects
 *       [heap_lo, size)              shared heap: symmetric allocations grow
 *                                    up from heap_lo, upc_alloc down from size
 *   - the runtime communicators (a private dup of MPI_COMM_WORLD, the node
 *     communicator).
 * UPCRT_FORCE_RMA=1 leaves upcrt_node_base[t] NULL for every other thread so
 * that the RMA path can be tested on one node.  UPCRT_NODE_SIZE=k splits
 * the machine's threads into nodes of k consecutive ones (the node
 * communicator, window and upcrt_node_base follow), so that the paths of a
 * job over several nodes, hierarchical ones included, run on one machine.
 */
#ifndef UPCRT_SEGMENT_H
#define UPCRT_SEGMENT_H

#include <mpi.h>
#include <stdint.h>
#include "upcrt.h"

/* [0, UPCRT_SEG_GUARD) of every segment is the null guard: never used and,
 * in every process that maps the segment, PROT_NONE, so that a load or
 * store through a null pointer-to-shared (thread 0, offset 0), or through a
 * member or element near it, faults and start.c reports it.  64 KiB covers
 * both 4 KiB and 64 KiB pages and struct members below 64 KiB.  The RMA
 * path tests offsets against it instead (upcrt_seg_check). */
#define UPCRT_SEG_GUARD 65536

/* Control words at fixed offsets of every segment, above the guard. */
enum {
  UPCRT_SEG_SYMLOCK = UPCRT_SEG_GUARD + 64,     /* thread 0: symmetric-heap lock (3 words) */
  UPCRT_SEG_SYMTOP = UPCRT_SEG_GUARD + 128,     /* thread 0: top of the symmetric heap */
  UPCRT_SEG_LOCALBOT = UPCRT_SEG_GUARD + 136,   /* every thread: bottom of its upc_alloc heap */
  UPCRT_SEG_FREESTACK = UPCRT_SEG_GUARD + 144,  /* every thread: blocks freed by other threads */
  UPCRT_SEG_UPDLOCK = UPCRT_SEG_GUARD + 152,    /* thread 0: node-wide lock for long double updates */
  UPCRT_SEG_EXITING = UPCRT_SEG_GUARD + 160,    /* thread 0: threads that reached the exit barrier */
  UPCRT_SEG_DOORBELL = UPCRT_SEG_GUARD + 168,   /* every thread: rung to make its progress thread poll fast */
  UPCRT_SEG_BARSTATE = UPCRT_SEG_GUARD + 176,   /* every thread: at a barrier, or left main (neighbor.h) */
  UPCRT_SEG_ASYNC = UPCRT_SEG_GUARD + 184,      /* every thread: upcx_async requests sent to it (async.h) */
  UPCRT_SEG_ENDING = UPCRT_SEG_GUARD + 192,     /* thread 0: threads that set out to end the job (start.c) */
  UPCRT_SEG_TEAMOP = UPCRT_SEG_GUARD + 200,     /* every thread: the team collective it is in (lib/team.c) */
  UPCRT_SEG_BARRIER = UPCRT_SEG_GUARD + 512,    /* every thread: two barriers' words, a line each (barrier.c) */
  UPCRT_SEG_SYMTAB = UPCRT_SEG_GUARD + 2048,    /* thread 0: symmetric free-extent table */
  UPCRT_SEG_CTRL = UPCRT_SEG_GUARD + 32768      /* end of the control area */
};

extern MPI_Win upcrt_seg_win;      /* world window over every segment */
extern MPI_Win upcrt_seg_shm_win;  /* this node's shared-memory window */
extern MPI_Comm upcrt_seg_comm;    /* runtime's dup of MPI_COMM_WORLD */
extern MPI_Comm upcrt_seg_node_comm;
extern size_t upcrt_seg_size;      /* bytes of each thread's segment */
extern uint64_t upcrt_seg_heap_lo; /* first heap offset (after statics) */
extern size_t upcrt_seg_heap_size; /* heap bytes per thread (as asked) */
extern int upcrt_seg_force_rma;    /* UPCRT_FORCE_RMA=1 was set */
extern int upcrt_seg_many_machines; /* the job's threads are on more than one host */
extern char *upcrt_seg_mybase;     /* this thread's segment */
/* upcrt_cpu_atomics (upcrt.h) chooses CPU or MPI atomics for the words
 * below; MPI atomics on MPICH/UCX progress only when the target enters MPI. */
/* More threads on this node than cores: waits yield at once, not spin. */
extern int upcrt_seg_oversubscribed;

static inline int upcrt_seg_rank(upcrt_pts_t p) { return (int)p.thread; }
static inline MPI_Aint upcrt_seg_disp(upcrt_pts_t p) { return (MPI_Aint)p.offset; }

/* The RMA path's form of the guard: a pointer-to-shared p that an
 * operation (what: "read", "upc_memget", ...) received from the user must
 * not point into the guard.  Out of line: the report. */
UPCRT_NORETURN void upcrt_seg_null_access(upcrt_pts_t p, const char *what);
static inline void upcrt_seg_check(upcrt_pts_t p, const char *what) {
  if (UPCRT_UNLIKELY(p.offset < UPCRT_SEG_GUARD)) upcrt_seg_null_access(p, what);
}

/* If addr lies in the guard of a segment mapped here, the thread that owns
 * that segment (and *offset the offset in it); else -1.  Safe in a signal
 * handler. */
int upcrt_seg_guard_owner(const void *addr, uint64_t *offset);

/* Parses "64MB", "1G", "512K", "1GiB", "4096"; returns 0 on a bad string. */
size_t upcrt_seg_parse_size(const char *s);

/* Creates the windows; static_bytes is the static area (from the SVD). */
void upcrt_seg_init(size_t static_bytes, size_t default_heap);
void upcrt_seg_finalize(void);

/* Makes same-node plain stores visible (MPI_Win_sync + memory fence). */
void upcrt_seg_sync(void);

/* Whether an accumulate rings the target's doorbell before the call
 * (transport.c): Open MPI's osc ucx (start.c) applies it inside
 * MPI_Accumulate, under a lock it takes on the target with an atomic that
 * the target's MPI serves; MPICH's waits at the flush, which rings. */
#if defined(OPEN_MPI)
#define UPCRT_SEG_ACCUMULATE_RINGS_FIRST 1
#else
#define UPCRT_SEG_ACCUMULATE_RINGS_FIRST 0
#endif

/* 64-bit atomics on a word of a segment.  Every access to such a word must
 * go through these (never mixed with plain stores after start-up). */
/* 64-bit atomics on a word of thread t's segment, completed on return. */
uint64_t upcrt_seg_fetch_add(int t, uint64_t off, uint64_t v);
uint64_t upcrt_seg_cas(int t, uint64_t off, uint64_t compare, uint64_t v);
uint64_t upcrt_seg_swap(int t, uint64_t off, uint64_t v);
uint64_t upcrt_seg_load(int t, uint64_t off);
/* A fetch-add that gives up after `seconds` (returns 0; else 1 and *old),
 * for the exit path, where the target may no longer make progress. */
int upcrt_seg_fetch_add_within(int t, uint64_t off, uint64_t v, double seconds, uint64_t *old);
void upcrt_seg_store(int t, uint64_t off, uint64_t v);

/* Blocking (get/put then flush) byte copies, for runtime metadata. */
void upcrt_seg_read(void *dst, int t, uint64_t off, size_t n);
void upcrt_seg_write(int t, uint64_t off, const void *src, size_t n);

#endif
