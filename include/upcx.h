/* upcx.h — upcc's own extensions to UPC, one section per feature, every name
 * with the prefix upcx_ (UPCX_ for constants).  Plain C declarations: a UPC
 * program and a C file linked with it both include <upcx.h>.
 * Berkeley-compatible extensions are in <bupc_extensions.h>. */
#ifndef UPCX_H
#define UPCX_H

#include <stddef.h>
#include <upc_types.h>

#define __UPCX__ 1

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Neighbour synchronization -----------------------------------------
 * After UPC++'s support for naturally grained communication: threads that
 * exchange data only with a few neighbours synchronize with those, not with
 * the whole job. */

/* Returns when every thread in threads[0..n) has called upcx_sync_neighbors
 * with this thread in its list, as many times as this thread listed it.
 * Lists may differ per thread; the relation must be symmetric.  Relaxed and
 * strict writes this thread made before the call are visible to the listed
 * threads once their call returns, and theirs to this thread (a fence on
 * entry and exit).  This thread and repeats in the list are ignored.  A
 * listed thread that waits at a barrier or has left main without the
 * matching call is reported (like a barrier mismatch) after two seconds
 * instead of hanging. */
void upcx_sync_neighbors(const int *threads, size_t n);

/* ---- Remote function invocation ----------------------------------------
 * After UPC++'s RPC.  upcx_async(thread, fn, args...) starts fn(args...) on
 * `thread` and returns at once with a future.  upcc type-checks the
 * arguments against fn's prototype as for a call (variadic functions too),
 * and rejects what means nothing on another thread: private pointers
 * (pass a pointer-to-shared), function pointers, unions and structs holding
 * them, and a function without a prototype.  Scalars, pointers-to-shared,
 * enums and structs of those may be passed and returned.  fn may be any
 * function of the program or of a shared library both threads loaded; it
 * is found on the target by its offset in its module, not its address.
 *
 * The target runs invocations on its own thread, one at a time, in the
 * order each caller sent them, whenever it waits in the runtime: upcx_poll,
 * upcx_wait, upcx_test, upc_fence, barriers (also while blocked in one),
 * locks, collectives, upcx_sync_neighbors and strict-access polling.  A
 * thread that computes without such calls runs none.  An invoked function
 * may access shared data, call upcx_async and wait for the result, but must
 * not call a barrier or a collective.  Every invocation finishes before the
 * program exits. */
typedef struct upcx_future *upcx_future_t;

/* Waits until the invocation has run and copies its return value (as many
 * bytes as fn's return type has) to *result unless result is NULL; frees f. */
void upcx_wait(upcx_future_t f, void *result);
/* Non-zero once the invocation has run (then upcx_wait does not wait). */
int upcx_test(upcx_future_t f);
/* Runs the invocations other threads have sent to this thread, answers
 * their strided gets (bupc_memget_strided_async from another node), and
 * sends this thread's queued ones (as bupc_poll does). */
void upcx_poll(void);

/* upcx_future_t upcx_async(int thread, FN fn, ARGS...): UPC source only,
 * where upcc translates it (not a function: its address cannot be taken). */

/* ---- HUNT: demand-driven completion of large upc_memget ----------------
 * With HUNT on (upcrun -hunt, UPCRT_HUNT=1), a upc_memget of 64 KB or more
 * from a thread on another node may return once the transfer has started, in
 * strips (the runtime measures whether that pays, see docs/runtime.md "HUNT"); the
 * first touch of a strip's pages waits for that strip only.  Fences,
 * barriers, locks and strict accesses wait for everything; so do the
 * system calls and MPI calls given the buffer (upcc links wrappers that
 * complete the strips they overlap first; docs/runtime.md "HUNT").  The hints below
 * take effect for later memgets and may be called with HUNT off. */

/* Each strip is `factor` (>= 1) times the previous one (the first is 16 KB,
 * none larger than 1 MB); 1 gives equal 16 KB strips.  Default 2. */
void upcx_hunt_set_decomp(int factor);

/* The order the program will touch the buffer in: UPCX_HUNT_UP (from the
 * start, the default) or UPCX_HUNT_DOWN (from the end).  The small first
 * strip goes where the program starts. */
#define UPCX_HUNT_UP 0
#define UPCX_HUNT_DOWN 1
void upcx_hunt_set_order(int order);

/* Once `num` strips are in flight, later runtime calls (remote gets and
 * puts, memgets) also unprotect the strips that have arrived, saving the
 * signal for them; 0 never does.  Default 1. */
void upcx_hunt_start_piggyback_thresh(int num);

/* Turns HUNT on (1) or off (0) for later memgets, whatever UPCRT_HUNT says,
 * and returns the previous state; turning it off waits for every strip. */
int upcx_hunt_enable(int on);

/* ---- Teams ---------------------------------------------------------------
 * After UPC++'s teams and MPI's communicators: collectives over a subset of
 * the threads.  A team is an ordered set of threads, each with a rank
 * 0..size-1; a handle is private to the thread that got it (each member has
 * its own).  Each team is an MPI communicator underneath.  The collectives
 * take private buffers, as MPI's do, and every member must call them in the
 * same order.  They are MPI's own collectives on the team's communicator
 * (blocking ones where the runtime can watch a thread blocked in MPI: the
 * team on one node, or MPI_THREAD_MULTIPLE), so a thread inside one runs
 * no upcx_async invocations.  A member that waits at a upc_barrier, has left main or is in
 * another collective of the team instead of calling one is reported (like
 * a upc_all_* collective called by some threads only) after about 2.5 s;
 * so is a call with UPCX_TEAM_NULL, a freed team, or a free of the world
 * team. */
typedef struct upcx_team *upcx_team_t;
#define UPCX_TEAM_NULL ((upcx_team_t)0)
/* The color of a thread that joins no team in upcx_team_split. */
#define UPCX_TEAM_NOCOLOR (-1)

/* Every thread, ranked by MYTHREAD. */
upcx_team_t upcx_team_world(void);
/* Collective over parent: the members that give one color (>= 0) form a
 * team, ranked by key, then by rank in parent.  UPCX_TEAM_NOCOLOR gives
 * UPCX_TEAM_NULL. */
upcx_team_t upcx_team_split(upcx_team_t parent, int color, int key);
/* This thread's rank in t (0..size-1), and t's number of threads. */
int upcx_team_rank(upcx_team_t t);
int upcx_team_size(upcx_team_t t);
/* The MYTHREAD of the member of t with the given rank. */
int upcx_team_thread(upcx_team_t t, int rank);
/* A barrier of t's threads, and a fence on entry and exit: shared writes a
 * member made before it are visible to every member after it (as with
 * upc_barrier, for these threads). */
void upcx_team_barrier(upcx_team_t t);
/* Copies nbytes at buf on the member of rank root_rank to buf on every
 * member. */
void upcx_team_broadcast(upcx_team_t t, void *buf, size_t nbytes, int root_rank);
/* dst[i] = src[i] of every member combined with op, on every member, for
 * i < count; type is a <upc_types.h> type code (UPC_INT, UPC_DOUBLE, ...,
 * not UPC_PTS) and op one of UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR
 * (integer types), UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX.  dst may equal
 * src. */
void upcx_team_allreduce(upcx_team_t t, void *dst, const void *src, size_t count,
                         upc_type_t type, upc_op_t op);
/* Collective over t: frees the team (not the world team); the handle must
 * not be used again. */
void upcx_team_free(upcx_team_t t);

#ifdef __cplusplus
}
#endif
#endif /* UPCX_H */
