/* transport.h — the bottom of the communication layer's MPI one-sided
 * traffic: every get, put, accumulate and flush on the world window
 * (upcrt_seg_win) of access.c, cache.c, hunt.c, prefetch.c, nb.c, vis.c
 * and async.c goes through here, so that what MPI does not order (two puts,
 * a put and a get, a put and an accumulate to one place) is kept in order
 * in one place.  It calls only core, progress.c and packed.c.
 *
 * What this module keeps, and why:
 *  - per target: whether operations of ours are in flight to it (and a list
 *    of those targets), so a get or a fence completes only what it must;
 *  - per target: a filter of the 64-byte chunks our puts in flight write
 *    (made on the first put), so a put or accumulate that may overlap one
 *    completes the target first while puts to distinct places stay in
 *    flight; sparse filters are cleared bit by bit;
 *  - the staging buffer: origin buffers of puts and accumulates until they
 *    complete (MPI may read one until the flush; the caller's is gone);
 *  - per target: small relaxed puts gathered into one MPI_Put of an
 *    hindexed type, and updates gathered into one MPI_Accumulate, sent at a
 *    completion point, an overlap or a full batch;
 *  - upcrt_puts_pending and upcrt_updates_pending (upcrt.h), the count of
 *    this thread's writes through MPI, and which modules above hold state
 *    only a fence ends (upcrt_transport_held);
 *  - operations: sets of MPI requests completed together (the handles of
 *    nb.c and vis.c, the indexed gets), per target how many were posted and
 *    how many a flush completed, and operations deferred until some
 *    operation is waited for.
 */
#ifndef UPCRT_TRANSPORT_H
#define UPCRT_TRANSPORT_H

#include <mpi.h>
#include <stddef.h>
#include <stdint.h>
#include "upcrt.h"

/* Start-up (allocations per target) and the quiesce hook of a fence: the
 * gathered puts and updates leave and everything in flight completes. */
void upcrt_transport_init(void);
void upcrt_transport_quiesce(void);

/* Modules above that hold something only a fence ends set their bit while
 * they hold it: completing everything leaves upcrt_puts_pending set then,
 * so that the next fence reaches upcrt_flush_puts and their quiesce hooks. */
enum {
  UPCRT_TRANSPORT_HELD_LINES = 1, /* the software cache's lines (cache.c) */
  UPCRT_TRANSPORT_HELD_ROWS = 2,  /* rows read ahead (prefetch.c) */
  UPCRT_TRANSPORT_HELD_STRIPS = 4 /* HUNT strips in flight (hunt.c) */
};
extern unsigned upcrt_transport_held;
static inline void upcrt_transport_hold(unsigned what) {
  upcrt_transport_held |= what;
  upcrt_puts_pending = 1;
}
static inline void upcrt_transport_release(unsigned what) { upcrt_transport_held &= ~what; }

/* Counts this thread's writes to other threads through MPI (puts, updates,
 * write-backs, cached writes, non-blocking and VIS puts, atomics): what was
 * read ahead before one (prefetch.c) may be older than it. */
extern uint64_t upcrt_transport_writes;

/* ---- ordering and completion, per target ---- */

/* Non-zero when thread t has operations of ours in flight or gathered. */
int upcrt_transport_pending(int t);
/* Non-zero when [off, off+n) of thread t may overlap a put of ours in
 * flight or gathered: a put or accumulate there must complete t first. */
int upcrt_transport_overlaps(int t, uint64_t off, size_t n);
/* Notes a write of [off, off+n) to t issued outside this module (async.c's
 * doorbell counter); it is in flight until t's operations complete. */
void upcrt_transport_note_put(int t, uint64_t off, size_t n);
/* Sends t's gathered puts and updates and completes everything of ours to
 * t at the target. */
void upcrt_transport_complete_target(int t);
/* The same for every thread of this node with updates gathered (what
 * upcrt_complete_updates needs before this thread's own plain access). */
void upcrt_transport_complete_node_updates(void);

/* ---- puts ---- */

/* Room for n bytes (n <= 1 MiB) in the staging buffer, kept until the next
 * completion of everything (which a full buffer brings forward). */
void *upcrt_transport_stage(size_t n);
/* A relaxed put of n bytes from src to [off, off+n) of t, complete at the
 * next fence (src is free on return).  The first put to a target with
 * nothing in flight leaves at once from staging (an isolated put costs
 * MPI_Put + flush); later puts of <= 64 bytes are gathered. */
void upcrt_transport_put(int t, uint64_t off, const void *src, size_t n);
/* The same for a run of a burst (a cache write-back): gathered whenever it
 * fits a batch's run (UPCRT_TRANSPORT_RUN_MAX bytes), so that the dirty
 * lines written back at a fence leave in as few messages as puts would. */
#define UPCRT_TRANSPORT_RUN_MAX 1024
void upcrt_transport_put_run(int t, uint64_t off, const void *src, size_t n);
/* A put complete at the target on return (a strict put; the caller
 * completed everything in flight). */
void upcrt_transport_put_now(int t, uint64_t off, const void *src, size_t n);
/* An indexed put: n pieces, piece i of len[i] bytes at src + at[i] to
 * base + at[i] of thread t (at ascending, pieces disjoint), from a staged
 * copy of [src, src + at[n-1] + len[n-1]); complete at the next fence. */
void upcrt_transport_put_indexed(int t, uint64_t base, const void *src, int n, const MPI_Aint at[],
                                 const int len[]);

/* ---- updates ---- */

/* An update of the element of `size` bytes (MPI type dt) at off of thread
 * t with operand: gathered per target into one MPI_Accumulate (op) whose
 * target datatype lists the places, sent at a completion point, a full
 * batch, a change of type or operation, or a place already in the batch
 * (MPI forbids overlapping target entries; applying the two in order keeps
 * floating-point results those of the program order). */
void upcrt_transport_accumulate(int t, uint64_t off, MPI_Datatype dt, size_t size, MPI_Op op,
                                const void *operand);

/* ---- gets ---- */

/* Gets n bytes at off of thread t into dst and waits for them, after our
 * puts to t complete (MPI does not order a put and a later get). */
void upcrt_transport_get(void *dst, int t, uint64_t off, size_t n);
/* The same, started (n < 2 GiB): *r completes when the bytes are in dst. */
void upcrt_transport_get_start(void *dst, int t, uint64_t off, size_t n, MPI_Request *r);
/* Waits for a request of a get from another thread, making MPI and
 * packed-get progress only (no invocations: their user code could fence
 * and reach the waiting module again in the middle of its wait), yielding
 * the core between tests (the target's MPI may have to run to serve it). */
void upcrt_transport_wait(MPI_Request *r);

/* ---- operations: request-based transfers completed together ----
 * The caller keeps private buffers handed to an operation out of HUNT's
 * protected strips (upcrt_hunt_retire_all, as nb.c does) and makes this
 * thread's cached writes reach their targets first (upcrt_cache_flush_*):
 * the transport orders only its own traffic. */

typedef struct upcrt_transport_op {
  int nreq, capreq;
  MPI_Request *req;
  int ntgt, captgt;
  int *tgt;                 /* targets flushed on completion */
  uint64_t *tgtseq;         /* per target: its operation count after ours */
  void *tmp;                /* freed on completion */
  MPI_Datatype *types;      /* freed on completion */
  int ntypes, captypes;
  struct upcrt_transport_op *next;  /* a list of the owner's (nb.c's implicit handles) */
  struct upcrt_transport_op *batch; /* the operation this one travels in (vis.c) */
  int refs;                 /* a batch: its operations not yet freed */
  int complete;             /* a batch: done */
  void (*done)(struct upcrt_transport_op *); /* run once when the requests complete */
  void *done_arg;
  /* deferred: posts the operation's MPI calls (upcrt_transport_defer) */
  void (*post)(struct upcrt_transport_op *);
  void *post_arg;
  int deferred;
  int *wake;                /* threads it waits for to poll: a long wait rings them */
  int nwake, capwake;
  struct upcrt_transport_kept { void *p; size_t cap; } *kept; /* packed.h buffers */
  int nkept, capkept;       /* given back on completion */
} upcrt_transport_op_t;

/* An empty operation. */
upcrt_transport_op_t *upcrt_transport_op_new(void);
/* One that completes with `batch` (an operation posted later). */
upcrt_transport_op_t *upcrt_transport_op_in_batch(upcrt_transport_op_t *batch);
/* Posts a get (put) of one ltype at laddr from (to) one rtype at thread t,
 * displacement disp, after our puts to t complete.  A get with derived
 * datatypes completes at a flush of t only (MPICH 4.0 ch4 completes its
 * request before the data arrived), so every target is flushed at the
 * operation's completion, once for all operations to it waited for. */
void upcrt_transport_op_get(upcrt_transport_op_t *op, void *laddr, MPI_Datatype ltype, int t,
                            MPI_Aint disp, MPI_Datatype rtype);
void upcrt_transport_op_put(upcrt_transport_op_t *op, const void *laddr, MPI_Datatype ltype,
                            int t, MPI_Aint disp, MPI_Datatype rtype);
/* The same for n contiguous bytes (any n: in pieces MPI's int counts take). */
void upcrt_transport_op_get_bytes(upcrt_transport_op_t *op, void *dst, int t, uint64_t off,
                                  size_t n);
void upcrt_transport_op_put_bytes(upcrt_transport_op_t *op, const void *src, int t, uint64_t off,
                                  size_t n);
/* An indexed get: n pieces of thread t's segment, piece i the len[i] bytes
 * at off[i], into dst one after another (dst holds their sum); part of op.
 * Issue one per owner into one operation and wait for it once.  Pieces of
 * a thread this one maps are copied at once (a thread of this node may
 * never poll: its waits need not make MPI progress).  One piece is a
 * contiguous MPI_Rget; from upcrt_transport_pack_min pieces on, a request
 * the target packs into one reply straight into dst (packed.h; MPICH
 * serves a derived-datatype Rget piece by piece), completed when the
 * target next polls (its waits or its progress thread); between the two,
 * one MPI_Rget of an hindexed target type. */
void upcrt_transport_op_get_indexed(upcrt_transport_op_t *op, void *dst, int t, size_t n,
                                    const uint64_t off[], const size_t len[]);
/* Pieces from which an indexed get is packed by the target (0: never), as
 * measured by test/bench/transport_bench.c; tests and benchmarks set it. */
extern size_t upcrt_transport_pack_min;
/* op completes only once thread t polls (t packs a reply for it; MPICH
 * applies a derived-datatype get in software at the target): a long wait
 * for op rings t's doorbell, so that t's progress thread polls. */
void upcrt_transport_op_wake(upcrt_transport_op_t *op, int t);
/* Gives buffer p (from upcrt_packed_buffer, cap bytes) back when op completes. */
void upcrt_transport_op_keep(upcrt_transport_op_t *op, void *p, size_t cap);
/* Frees type when op completes (a type built for it). */
void upcrt_transport_op_own_type(upcrt_transport_op_t *op, MPI_Datatype type);
/* Adds a request to op (a send or receive of a packed get). */
void upcrt_transport_op_add_request(upcrt_transport_op_t *op, MPI_Request r);
/* Non-zero when op holds nothing to complete (nothing posted, no batch). */
int upcrt_transport_op_empty(const upcrt_transport_op_t *op);
/* 1 when op is complete (posting deferred operations first); then its puts
 * are complete at their targets and its done hook has run. */
int upcrt_transport_op_test(upcrt_transport_op_t *op);
/* Waits for op: between tests poll() if given (else MPI and packed-get
 * progress), backoff, and after a while a ring of the target that packs. */
void upcrt_transport_op_wait(upcrt_transport_op_t *op, void (*poll)(void));
/* Frees a completed (or empty) op. */
void upcrt_transport_op_free(upcrt_transport_op_t *op);

/* A deferred operation issues its MPI calls (post(op)) only when some
 * operation is tested or waited for, or upcrt_transport_post_deferred is
 * called (bupc_poll, upcx_poll): operations started together leave
 * together (vis.c's per-target queues of strided gets), and a wait for one
 * never leaves another unsent. */
void upcrt_transport_defer(upcrt_transport_op_t *op, void (*post)(upcrt_transport_op_t *),
                           void *arg);
/* Posts one deferred operation now (a full queue), or drops it unposted
 * (at exit). */
void upcrt_transport_post_op(upcrt_transport_op_t *op);
void upcrt_transport_undefer(upcrt_transport_op_t *op);
extern int upcrt_transport_deferred; /* deferred operations not yet posted */
void upcrt_transport_post_deferred(void);

#endif
