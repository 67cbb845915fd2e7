/* upcx.h — upcc's own extensions to UPC, one section per feature, every name
 * with the prefix upcx_ (UPCX_ for constants).  Plain C declarations: a UPC
 * program and a C file linked with it both include <upcx.h>.
 * Berkeley-compatible extensions are in <bupc_extensions.h>. */
#ifndef UPCX_H
#define UPCX_H

#include <stddef.h>

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
 * strips (the runtime measures whether that pays, see README "HUNT"); the
 * first touch of a strip's pages waits for that strip only.  Fences,
 * barriers, locks and strict accesses wait for everything.  Until then a
 * system call given the buffer (write, send, ...) fails with EFAULT: put a
 * upc_fence first.  The hints below take effect for later memgets and may
 * be called with HUNT off. */

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

#ifdef __cplusplus
}
#endif
#endif /* UPCX_H */
