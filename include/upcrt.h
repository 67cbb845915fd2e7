/* upcrt.h — the runtime API: the one contract between code emitted by upcc and
 * the runtime library (librts).  Generated C sees nothing else of the runtime.
 *
 * Pointer-to-shared values are upcrt_pts_t {offset, thread, phase}; the offset
 * is relative to the owning thread's shared segment, so it is meaningful on
 * every thread (segments may sit at different virtual addresses).  Offset 0 of
 * every segment is reserved, so the all-zero value is the null pointer.
 *
 * Block sizes are in elements; 0 means indefinite (everything on one thread).
 * Element sizes are in bytes.  Hot paths (pointer arithmetic, accesses to
 * this thread's or a same-node thread's segment) are static inline; the
 * rest lives in rts/.
 *
 * Memory model: relaxed puts may return before the data has moved; they are
 * completed by upcrt_fence, a barrier, a lock operation or a strict access.
 * A thread always reads back its own earlier relaxed write.  Strict accesses
 * are ordered with respect to all earlier and later accesses of the thread.
 */
#ifndef UPCRT_H
#define UPCRT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "upc_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define UPCRT_API_VERSION 1
/* Largest block size a layout qualifier may give (UPC_MAX_BLOCK_SIZE). */
#define UPCRT_MAX_BLOCK_SIZE 1048575

#if defined(__GNUC__)
#define UPCRT_LIKELY(x) __builtin_expect(!!(x), 1)
#define UPCRT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define UPCRT_NORETURN __attribute__((noreturn))
#define UPCRT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define UPCRT_LIKELY(x) (x)
#define UPCRT_UNLIKELY(x) (x)
#define UPCRT_NORETURN
#define UPCRT_PRINTF(f, a)
#endif

/* ---- Pointer-to-shared ------------------------------------------------- */

typedef struct upcrt_pts {
  uint64_t offset; /* byte offset in the owning thread's segment */
  uint32_t thread; /* owning thread */
  uint32_t phase;  /* element index within the current block */
} upcrt_pts_t;

#define UPCRT_NULL_PTS ((upcrt_pts_t){0, 0, 0})

/* ---- Thread identity and segment bases (set up by upcrt_start) --------- */

extern int upcrt_mythread;  /* MYTHREAD */
extern int upcrt_threads;   /* THREADS */
/* upcrt_node_base[t]: where thread t's segment is mapped in this process, or
 * NULL when t is on another node (or local access is disabled). */
extern char **upcrt_node_base;
/* Non-zero while this thread has relaxed puts through MPI not yet completed. */
extern int upcrt_puts_pending;
/* Non-zero while this thread has remote updates (upcrt_update) through MPI
 * to a thread of this node not yet completed: plain loads and stores of
 * this node's segments call upcrt_complete_updates first, so that the
 * thread sees its own updates in program order. */
extern int upcrt_updates_pending;
void upcrt_complete_updates(void);
static inline void upcrt_see_own_updates(void) {
  if (UPCRT_UNLIKELY(upcrt_updates_pending)) upcrt_complete_updates();
}
/* Set once this thread has made a private pointer into shared memory (a
 * cast, upc_cast): from then on its updates to this node complete at once,
 * because loads through such pointers are not seen by the runtime. */
extern int upcrt_private_pointers;
/* Active upc_forall loops with a real affinity (UPC 1.3, 6.6.2: only the
 * outermost controls; nested ones, also through calls, run every
 * iteration).  Maintained by the code upcc emits; the emitted C defines it
 * weak, a runtime definition takes precedence. */
extern int upcrt_forall_depth;
/* Non-zero when some thread is reached through MPI RMA (another node, or
 * UPCRT_FORCE_RMA=1): MPI one-sided operations targeting this thread then
 * progress only while it is inside MPI, so fences and strict accesses (the
 * way UPC code polls a flag) poke MPI progress. */
extern int upcrt_progress_needed;
void upcrt_progress(void);
/* Fences and strict reads are how UPC code waits for another thread; every
 * 256th of them calls upcrt_poll_slow, which yields the CPU when this node
 * runs more threads than it has cores, so that a spinning thread does not
 * starve the one it waits for. */
extern unsigned upcrt_poll_count;
void upcrt_poll_slow(void);

/* upcx_async (rts/comm/async.h): requests other threads sent to this one, and
 * how many of them it has taken; waits and fences run the rest. */
extern const uint64_t *upcrt_async_inbox;
extern uint64_t upcrt_async_served;
void upcrt_async_serve(void);
static inline void upcrt_async_poll(void) {
  if (UPCRT_UNLIKELY(__atomic_load_n(upcrt_async_inbox, __ATOMIC_RELAXED) !=
                     upcrt_async_served))
    upcrt_async_serve();
}
/* One round of a wait loop: serves what other threads may be waiting for
 * from this one (invocations; where some thread is reached through MPI,
 * MPI progress and the strided gets vis.c packs for them). */
static inline void upcrt_wait_poll(void) {
  upcrt_async_poll();
  if (UPCRT_UNLIKELY(upcrt_progress_needed)) upcrt_progress();
}
/* Starts fn(args) on thread: args is a C struct of the arguments, sig their
 * types (async.h), nfixed how many are not variadic. */
struct upcx_future;
struct upcx_future *upcrt_async(int thread, void (*fn)(void), const char *sig, int nfixed,
                                const void *args, size_t size);

static inline int upcrt_pts_isnull(upcrt_pts_t p) {
  return p.offset == 0 && p.thread == 0 && p.phase == 0;
}

static inline int upcrt_pts_eq(upcrt_pts_t a, upcrt_pts_t b) {
  return a.offset == b.offset && a.thread == b.thread && a.phase == b.phase;
}

/* p == q in UPC: the same thread and address, whatever the phases (UPC 1.3
 * 6.4.2; a cast to another block size resets the phase, not the place). */
static inline int upcrt_pts_same(upcrt_pts_t a, upcrt_pts_t b) {
  return a.offset == b.offset && a.thread == b.thread;
}

/* p + n for a pointer to elements of elemsize bytes with block size block. */
static inline upcrt_pts_t upcrt_pts_add(upcrt_pts_t p, ptrdiff_t n, size_t block,
                                        size_t elemsize) {
  if (block == 0) {
    p.offset += (int64_t)n * (int64_t)elemsize;
    return p;
  }
  int64_t B = (int64_t)block, T = upcrt_threads;
  int64_t total = (int64_t)p.phase + n;
  int64_t tinc = total >= 0 ? total / B : -((-total + B - 1) / B);
  int64_t phase = total - tinc * B;
  int64_t t = (int64_t)p.thread + tinc;
  int64_t rinc = t >= 0 ? t / T : -((-t + T - 1) / T);
  int64_t thread = t - rinc * T;
  p.offset += (uint64_t)((rinc * B + phase - (int64_t)p.phase) * (int64_t)elemsize);
  p.thread = (uint32_t)thread;
  p.phase = (uint32_t)phase;
  return p;
}

/* Adds bytes within one element (struct member, array inside an element). */
static inline upcrt_pts_t upcrt_pts_addbytes(upcrt_pts_t p, size_t bytes) {
  p.offset += bytes;
  return p;
}

/* a - b, in elements, for two pointers into the same shared object. */
static inline ptrdiff_t upcrt_pts_diff(upcrt_pts_t a, upcrt_pts_t b, size_t block,
                                       size_t elemsize) {
  if (block == 0)
    return (ptrdiff_t)(((int64_t)a.offset - (int64_t)b.offset) / (int64_t)elemsize);
  int64_t B = (int64_t)block, E = (int64_t)elemsize;
  int64_t rowa = ((int64_t)a.offset - (int64_t)a.phase * E) / (B * E);
  int64_t rowb = ((int64_t)b.offset - (int64_t)b.phase * E) / (B * E);
  return (ptrdiff_t)((rowa - rowb) * B * upcrt_threads +
                     ((int64_t)a.thread - (int64_t)b.thread) * B +
                     ((int64_t)a.phase - (int64_t)b.phase));
}

/* Three-way comparison in the order of the shared object's elements. */
static inline int upcrt_pts_cmp(upcrt_pts_t a, upcrt_pts_t b, size_t block,
                                size_t elemsize) {
  ptrdiff_t d = upcrt_pts_diff(a, b, block, elemsize);
  return (d > 0) - (d < 0);
}

/* Conversion to a pointer-to-shared type that does not keep the phase
 * (UPC 1.3, 6.4.3): thread and address stay, the phase is 0. */
static inline upcrt_pts_t upcrt_pts_reblock(upcrt_pts_t p) {
  p.phase = 0;
  return p;
}

/* Conversion between non-generic types of one block size: the phase stays
 * when the element sizes are equal (6.4.3). */
static inline upcrt_pts_t upcrt_pts_keep_phase_if(upcrt_pts_t p, int same_size) {
  if (!same_size) p.phase = 0;
  return p;
}

/* Local address of the data p points to, or NULL when p's thread is not on
 * this node.  This is what a cast of a pointer-to-shared to a private pointer
 * yields (upc_cast). */
static inline void *upcrt_pts_to_local(upcrt_pts_t p) {
  if (upcrt_pts_isnull(p)) return NULL;
  char *b = upcrt_node_base[p.thread];
  upcrt_see_own_updates();
  return b ? b + p.offset : NULL;
}
/* Local address of the n consecutive elements p, p+1, ..., p+n-1 (n >= 1)
 * of a layout with block size `block` (0: indefinite), when they lie in one
 * block — so on one thread and consecutive in its memory — of a thread on
 * this node; else NULL.  The test before the plain-C copy of a loop over a
 * row (upcc's loop versioning).  With one thread every block is. */
static inline void *upcrt_row_local(upcrt_pts_t p, long long n, size_t block) {
  if (block != 0 && upcrt_threads > 1 && (long long)p.phase + n > (long long)block) return NULL;
  char *b = upcrt_node_base[p.thread];
  if (b == NULL) return NULL;
  upcrt_see_own_updates();
  return b + p.offset;
}
/* The same for a cast in the user's program, whose pointer lives on. */
static inline void *upcrt_pts_to_private(upcrt_pts_t p) {
  upcrt_private_pointers = 1;
  return upcrt_pts_to_local(p);
}

/* Cast of a private pointer to a pointer-to-shared (only valid for addresses
 * inside this thread's segment; NULL gives the null pointer-to-shared). */
upcrt_pts_t upcrt_local_to_pts(const void *addr);

/* Integer value of a pointer-to-shared (casts to integer types). */
static inline uint64_t upcrt_pts_to_int(upcrt_pts_t p) {
  return ((uint64_t)p.thread << 48) | (p.offset & 0xffffffffffffu);
}

/* ---- Data movement ------------------------------------------------------ */

/* Out-of-line paths for threads on other nodes. */
void upcrt_get_remote(void *dst, upcrt_pts_t src, size_t n, int is_strict);
void upcrt_put_remote(upcrt_pts_t dst, const void *src, size_t n, int is_strict);
void upcrt_flush_puts(void);  /* completes every outstanding relaxed put */
/* upcrt_row_fetch's get into *buf (grown to bytes; NULL if that fails). */
void *upcrt_row_fetch_remote(upcrt_pts_t src, size_t bytes, void **buf, size_t *cap);

/* Completes all earlier accesses of this thread, without the polite-polling
 * count (used before a strict put, which is not a way of waiting). */
static inline void upcrt_fence_nopoll(void) {
  if (upcrt_puts_pending) upcrt_flush_puts();
  else if (UPCRT_UNLIKELY(upcrt_progress_needed)) upcrt_progress();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* Completes all earlier accesses of this thread (upc_fence), after running
 * the remote invocations waiting for it (their accesses come first). */
static inline void upcrt_fence(void) {
  upcrt_async_poll();
  upcrt_fence_nopoll();
  if (UPCRT_UNLIKELY((++upcrt_poll_count & 255) == 0)) upcrt_poll_slow();
}

/* Relaxed and strict get/put of n bytes at one pointer-to-shared (the bytes
 * belong to one element, or to one thread's contiguous memory). */
static inline void upcrt_get(void *dst, upcrt_pts_t src, size_t n) {
  char *b = upcrt_node_base[src.thread];
  if (UPCRT_LIKELY(b != NULL)) {
    upcrt_see_own_updates();
    memcpy(dst, b + src.offset, n);
  } else {
    upcrt_get_remote(dst, src, n, 0);
  }
}
static inline void upcrt_put(upcrt_pts_t dst, const void *src, size_t n) {
  char *b = upcrt_node_base[dst.thread];
  if (UPCRT_LIKELY(b != NULL)) {
    upcrt_see_own_updates();
    memcpy(b + dst.offset, src, n);
  } else {
    upcrt_put_remote(dst, src, n, 0);
  }
}
static inline void upcrt_sget(void *dst, upcrt_pts_t src, size_t n) {
  upcrt_fence();
  char *b = upcrt_node_base[src.thread];
  if (b != NULL) {
    memcpy(dst, b + src.offset, n);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
  } else {
    upcrt_get_remote(dst, src, n, 1);
  }
}
static inline void upcrt_sput(upcrt_pts_t dst, const void *src, size_t n) {
  upcrt_fence_nopoll();
  char *b = upcrt_node_base[dst.thread];
  if (b != NULL) {
    memcpy(b + dst.offset, src, n);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
  } else {
    upcrt_put_remote(dst, src, n, 1);
  }
}

/* upcrt_row_local, or where the row is on another node, a private copy read with
 * one get into *buf (of *cap bytes, grown as needed): for a loop that only
 * reads the row and neither synchronizes nor writes it otherwise. */
static inline void *upcrt_row_fetch(upcrt_pts_t p, long long n, size_t block, size_t elemsize,
                                    void **buf, size_t *cap) {
  if (block != 0 && upcrt_threads > 1 && (long long)p.phase + n > (long long)block) return NULL;
  char *b = upcrt_node_base[p.thread];
  if (b != NULL) {
    upcrt_see_own_updates();
    return b + p.offset;
  }
  return upcrt_row_fetch_remote(p, (size_t)n * elemsize, buf, cap);
}

/* ---- Coalesced reads (upcc's upc-coalesce pass) ---------------------------
 * A loop's fine-grained reads of shared data, gathered before it runs: the
 * inspector (a copy of the loop's headers) adds each read's address to a
 * slot of the loop's schedule in the order the loop makes the reads;
 * upcrt_coalesce_fetch gets the elements of each thread on another node in
 * one get (their span where they are dense, else each element once); the
 * loop then reads slot k's values in the same order through `at`: a copy
 * for elements of other nodes, the element itself for this node's, which
 * the loop may write through private pointers.  A slot read by index
 * (x[colidx[k]]) whose indexes are dense in their range is a window
 * instead: the inspector only finds the range, the fetch gets the range's
 * elements of other nodes in whole blocks, and the loop finds element e
 * from the window's table of blocks (upcrt_coalesce_window_at).  The schedule is a static of the loop and lives on: when a
 * slot's reads are those of its last fetch, their grouping by thread is
 * reused. */
typedef struct {
  upcrt_pts_t *addr; /* the reads' addresses, in the loop's order */
  long long *index;  /* a slot read by index: element index[i] from base */
  size_t n, cap;
  size_t elemsize;
  upcrt_pts_t base;  /* by index: the object, its layout's block */
  size_t block;
  int by_index;
  /* by index: the first and last index read; a window when the indexes
   * are dense in them, the reads then not listed */
  long long lo, hi;
  int window;
  long long wfirst;  /* a window's first element: lo's block's first */
  size_t extent;     /* by index: the object's elements (0: not known) */
  /* an entry differs from the last fetch's: the adds compare as they
   * store, so a loop that reads the same elements again costs no pass */
  int changed;
  /* after upcrt_coalesce_fetch: where each read's value is, in the order
   * of the reads, or in a window where each block of it starts */
  const char **at;
  void *grouping;    /* the runtime's: the reads grouped by thread, kept for reuse */
} upcrt_coalesce_slot_t;
typedef struct {
  upcrt_coalesce_slot_t *slot;
  int nslots;
  size_t total;      /* addresses added over all slots */
} upcrt_coalesce_t;

/* The entries of one strip (UPCRT_COALESCE_LIMIT): a strip-mined loop
 * inspects iterations until its schedule holds this many, fetches, runs
 * them, and goes on with the next strip; another loop runs as written when
 * its inspection passes the limit. */
extern size_t upcrt_coalesce_limit;
/* Empties c, a loop's schedule, for nslots slots of the given sizes. */
void upcrt_coalesce_begin(upcrt_coalesce_t *c, int nslots, const size_t *elemsizes);
void upcrt_coalesce_grow(upcrt_coalesce_slot_t *s);
/* Slot `slot` reads elements of the object at base (a layout of block
 * `block`, 0: indefinite; `extent` elements, 0: unknown) by index, from
 * here to the next begin: the inspector counts the reads of an object of
 * known extent (upcrt_coalesce_count) and finds the range of the others'
 * indexes (upcrt_coalesce_span), and where that leaves no window, lists
 * the indexes (x[colidx[k]]: colidx[k], upcrt_coalesce_put_index). */
static inline void upcrt_coalesce_base(upcrt_coalesce_t *c, int slot, upcrt_pts_t base,
                                       size_t block, size_t extent) {
  upcrt_coalesce_slot_t *s = &c->slot[slot];
  s->base = base;
  s->block = block;
  s->extent = extent;
  s->by_index = 1;
}
/* The inspector holds an inspected slot in a local cursor, so that the C
 * compiler keeps its entries' count in a register (the slot's fields are
 * memory a store of an entry might alias): open before the inspection,
 * put each read, close after it. */
typedef struct {
  long long *index;
  upcrt_pts_t *addr;
  size_t n, cap;
  int changed;
  long long lo, hi;
} upcrt_coalesce_cursor_t;
static inline upcrt_coalesce_cursor_t upcrt_coalesce_open(upcrt_coalesce_t *c, int slot) {
  upcrt_coalesce_slot_t *s = &c->slot[slot];
  return (upcrt_coalesce_cursor_t){s->index, s->addr, s->n, s->cap, s->changed, s->lo, s->hi};
}
/* The cursor k of a full slot, with room for more. */
upcrt_coalesce_cursor_t upcrt_coalesce_more(upcrt_coalesce_t *c, int slot,
                                            upcrt_coalesce_cursor_t k);
static inline void upcrt_coalesce_put_index(upcrt_coalesce_t *c, int slot,
                                            upcrt_coalesce_cursor_t *k, long long i) {
  if (UPCRT_UNLIKELY(k->n == k->cap)) *k = upcrt_coalesce_more(c, slot, *k);
  k->changed |= k->index[k->n] != i;
  k->index[k->n++] = i;
}
static inline void upcrt_coalesce_put(upcrt_coalesce_t *c, int slot, upcrt_coalesce_cursor_t *k,
                                      upcrt_pts_t p) {
  if (UPCRT_UNLIKELY(k->n == k->cap)) *k = upcrt_coalesce_more(c, slot, *k);
  upcrt_pts_t *q = &k->addr[k->n++];
  k->changed |= ((q->offset ^ p.offset) | (q->thread ^ p.thread) | (q->phase ^ p.phase)) != 0;
  *q = p;
}
/* A read by index of an object of known extent, first counted. */
static inline void upcrt_coalesce_count(upcrt_coalesce_cursor_t *k) { k->n++; }
/* A read by index of another object, first counted: the range of its
 * indexes. */
static inline void upcrt_coalesce_span(upcrt_coalesce_cursor_t *k, long long i) {
  k->lo = i < k->lo ? i : k->lo;
  k->hi = i > k->hi ? i : k->hi;
  k->n++;
}
static inline void upcrt_coalesce_close(upcrt_coalesce_t *c, int slot, upcrt_coalesce_cursor_t k) {
  upcrt_coalesce_slot_t *s = &c->slot[slot];
  c->total += k.n - s->n;
  s->n = k.n;
  s->changed |= k.changed;
  s->lo = k.lo;
  s->hi = k.hi;
}
/* Where element wfirst + q of a window is (block: its layout's, 0 for
 * indefinite; a constant where upcc emits it, so the division is cheap). */
static inline const char *upcrt_coalesce_window_at(const char *const *at, unsigned long long q,
                                                   size_t block, size_t elemsize) {
  return block ? at[q / block] + q % block * elemsize : at[0] + q * elemsize;
}
/* One read's address added outside an inspection (a read once per strip). */
static inline void upcrt_coalesce_add(upcrt_coalesce_t *c, int slot, upcrt_pts_t p) {
  upcrt_coalesce_cursor_t k = upcrt_coalesce_open(c, slot);
  upcrt_coalesce_put(c, slot, &k, p);
  upcrt_coalesce_close(c, slot, k);
}
/* After the counting inspection: each slot read by index reads a window
 * (its range, when that is at most a few times its reads) or lists its
 * reads; nonzero when some slot is to list them (emptied for a listing
 * inspection of the same iterations, which puts only such slots' reads). */
int upcrt_coalesce_windows(upcrt_coalesce_t *c);
/* Adds the n elements first, first + stride, ... (stride in elements of a
 * layout of block `block`, 0: indefinite): a read whose address is affine
 * in the loop's variable, added without an inspector. */
void upcrt_coalesce_add_strided(upcrt_coalesce_t *c, int slot, upcrt_pts_t first, long long n,
                                long long stride, size_t block, size_t elemsize);
/* Reads the elements of every slot on other nodes, after this thread's
 * earlier relaxed puts and updates to them, and sets each slot's `at`. */
void upcrt_coalesce_fetch(upcrt_coalesce_t *c);
/* Whether coalescing pays: some thread is reached through MPI.  With every
 * thread on this node the loop runs as written. */
extern int upcrt_cpu_atomics;
static inline int upcrt_coalesce_wanted(void) { return !upcrt_cpu_atomics; }

/* Typed scalar accessors for every C scalar: upcrt_get_<t>(p),
 * upcrt_put_<t>(p, v), and the strict upcrt_sget_<t> / upcrt_sput_<t>.
 * <t> is one of i8 i16 i32 i64 u8 u16 u32 u64 f d ld ptr pts. */
#define UPCRT_SCALAR_ACCESSORS(T, name)                                     \
  static inline T upcrt_get_##name(upcrt_pts_t p) {                         \
    T v;                                                                    \
    upcrt_get(&v, p, sizeof v);                                             \
    return v;                                                               \
  }                                                                         \
  static inline void upcrt_put_##name(upcrt_pts_t p, T v) {                 \
    upcrt_put(p, &v, sizeof v);                                             \
  }                                                                         \
  static inline T upcrt_sget_##name(upcrt_pts_t p) {                        \
    T v;                                                                    \
    upcrt_sget(&v, p, sizeof v);                                            \
    return v;                                                               \
  }                                                                         \
  static inline void upcrt_sput_##name(upcrt_pts_t p, T v) {                \
    upcrt_sput(p, &v, sizeof v);                                            \
  }
UPCRT_SCALAR_ACCESSORS(int8_t, i8)
UPCRT_SCALAR_ACCESSORS(int16_t, i16)
UPCRT_SCALAR_ACCESSORS(int32_t, i32)
UPCRT_SCALAR_ACCESSORS(int64_t, i64)
UPCRT_SCALAR_ACCESSORS(uint8_t, u8)
UPCRT_SCALAR_ACCESSORS(uint16_t, u16)
UPCRT_SCALAR_ACCESSORS(uint32_t, u32)
UPCRT_SCALAR_ACCESSORS(uint64_t, u64)
UPCRT_SCALAR_ACCESSORS(float, f)
UPCRT_SCALAR_ACCESSORS(double, d)
UPCRT_SCALAR_ACCESSORS(long double, ld)
UPCRT_SCALAR_ACCESSORS(void *, ptr)
UPCRT_SCALAR_ACCESSORS(upcrt_pts_t, pts)
#undef UPCRT_SCALAR_ACCESSORS

/* Remote update: *p = *p OP v as one fire-and-forget operation, atomic with
 * respect to other upcrt_update calls on the same location, completed like a
 * relaxed put.  type is a upc_type_t (integer and floating types), op one of
 * UPC_ADD UPC_MULT UPC_AND UPC_OR UPC_XOR UPC_MIN UPC_MAX, operand points to
 * a value of that type.
 *
 * When every thread is on this node (upcrt_cpu_atomics) it is a CPU atomic on
 * the mapped segment: upcc passes type and op as constants, so for integer
 * + & | ^ the switch below folds to one locked instruction.  Otherwise it is
 * MPI_Accumulate (atomic only with other MPI accumulates): updates are
 * gathered per target and sent as one accumulate with an indexed target
 * datatype, completed at the next fence or access to that target (see
 * upcrt_updates_pending for this node's segments). */
extern int upcrt_cpu_atomics;
void upcrt_update_cpu(void *addr, upc_type_t type, upc_op_t op, const void *operand);

/* Integer + & | ^ updates of 4 and 8 bytes on the node wait in a ring of
 * UPCRT_UPDQ while their places are prefetched (for writing), and are
 * applied UPCRT_UPDQ updates later: a table larger than the caches then
 * costs a locked instruction on a line that is there, not a miss each
 * (RandomAccess).  A fence, and this thread's own accesses to the node's
 * data (upcrt_updates_pending), apply the rest first (upcrt_updq_drain);
 * with private pointers into shared memory they are applied at once. */
enum { UPCRT_UPDQ = 32 };
typedef struct {
  void *addr; /* NULL: a free slot */
  uint64_t val;
  uint32_t size;
  upc_op_t op;
} upcrt_updq_entry_t;
extern upcrt_updq_entry_t upcrt_updq[UPCRT_UPDQ];
extern unsigned upcrt_updq_head;
void upcrt_updq_drain(void);
void upcrt_update_rma(upcrt_pts_t p, upc_type_t type, upc_op_t op, const void *operand);

static inline size_t upcrt_update_int_size(upc_type_t type) {
  switch (type) {
  case UPC_CHAR: case UPC_UCHAR: case UPC_INT8: case UPC_UINT8: return 1;
  case UPC_SHORT: case UPC_USHORT: case UPC_INT16: case UPC_UINT16: return 2;
  case UPC_INT: case UPC_UINT: case UPC_INT32: case UPC_UINT32: return 4;
  case UPC_LONG: case UPC_ULONG: return sizeof(long);
  case UPC_LLONG: case UPC_ULLONG: case UPC_INT64: case UPC_UINT64: return 8;
  default: return 0;
  }
}

#define UPCRT_UPDATE_FETCH_OP(U)                                            \
  {                                                                         \
    U v_, *a_ = (U *)addr;                                                  \
    memcpy(&v_, operand, sizeof v_);                                        \
    switch (op) {                                                           \
    case UPC_ADD: __atomic_fetch_add(a_, v_, __ATOMIC_RELAXED); return;     \
    case UPC_AND: __atomic_fetch_and(a_, v_, __ATOMIC_RELAXED); return;     \
    case UPC_OR: __atomic_fetch_or(a_, v_, __ATOMIC_RELAXED); return;       \
    case UPC_XOR: __atomic_fetch_xor(a_, v_, __ATOMIC_RELAXED); return;     \
    default: break;                                                         \
    }                                                                       \
  }

#define UPCRT_UPDQ_APPLY(U)                                                 \
  {                                                                         \
    U *a_ = (U *)e->addr, v_ = (U)e->val;                                   \
    switch (e->op) {                                                        \
    case UPC_ADD: __atomic_fetch_add(a_, v_, __ATOMIC_RELAXED); break;      \
    case UPC_AND: __atomic_fetch_and(a_, v_, __ATOMIC_RELAXED); break;      \
    case UPC_OR: __atomic_fetch_or(a_, v_, __ATOMIC_RELAXED); break;        \
    default: __atomic_fetch_xor(a_, v_, __ATOMIC_RELAXED); break;           \
    }                                                                       \
  }
static inline void upcrt_updq_apply(const upcrt_updq_entry_t *e) {
  if (e->size == 8) UPCRT_UPDQ_APPLY(uint64_t)
  else UPCRT_UPDQ_APPLY(uint32_t)
}
#undef UPCRT_UPDQ_APPLY

static inline void upcrt_update(upcrt_pts_t p, upc_type_t type, upc_op_t op,
                                const void *operand) {
  if (UPCRT_LIKELY(upcrt_cpu_atomics)) {
    char *addr = upcrt_node_base[p.thread] + p.offset;
    size_t w = upcrt_update_int_size(type);
    if ((w == 4 || w == 8) &&
        (op == UPC_ADD || op == UPC_AND || op == UPC_OR || op == UPC_XOR) &&
        UPCRT_LIKELY(!upcrt_private_pointers)) {
      upcrt_updq_entry_t *e = &upcrt_updq[upcrt_updq_head++ & (UPCRT_UPDQ - 1)];
      if (e->addr) upcrt_updq_apply(e);
      uint64_t v = 0;
      if (w == 8) memcpy(&v, operand, 8);
      else {
        uint32_t v4;
        memcpy(&v4, operand, 4);
        v = v4;
      }
      e->addr = addr;
      e->val = v;
      e->size = (uint32_t)w;
      e->op = op;
      __builtin_prefetch(addr, 1, 3);
      upcrt_updates_pending = upcrt_puts_pending = 1;
      return;
    }
    upcrt_see_own_updates(); /* the queued ones come first */
    /* two's complement: + & | ^ need no sign, only the width */
    switch (w) {
    case 1: UPCRT_UPDATE_FETCH_OP(uint8_t) break;
    case 2: UPCRT_UPDATE_FETCH_OP(uint16_t) break;
    case 4: UPCRT_UPDATE_FETCH_OP(uint32_t) break;
    case 8: UPCRT_UPDATE_FETCH_OP(uint64_t) break;
    default: break;
    }
    upcrt_update_cpu(addr, type, op, operand);
  } else {
    upcrt_update_rma(p, type, op, operand);
  }
}
#undef UPCRT_UPDATE_FETCH_OP

/* ---- Shared objects ----------------------------------------------------- */

/* Descriptor of one static shared object, emitted by upcc in the translation
 * unit that defines it and registered by a constructor; the runtime lays all
 * of them out identically on every thread before main runs. */
typedef struct upcrt_static {
  const char *name;      /* the user's name, for messages */
  const char *type;      /* the user's spelling of the type, for messages */
  size_t elem_size;      /* bytes of one element (innermost non-array type) */
  size_t block;          /* block size in elements; 0 = indefinite */
  size_t nelems;         /* elements, before the THREADS factor */
  int threads_scaled;    /* 1: the object has nelems * THREADS elements */
  const void *init;      /* initial values in element order, or NULL */
  size_t init_nelems;    /* elements in init (the rest are zero) */
  uint64_t offset;       /* set at start-up: segment offset on every thread */
  struct upcrt_static *next; /* runtime's registration list */
  const char *decl;      /* upcc -fupc-check: "file.upc:LINE" of the declaration */
} upcrt_static_t;

void upcrt_register_static(upcrt_static_t *obj);

/* Pointer to element 0 of a registered static shared object. */
static inline upcrt_pts_t upcrt_static_pts(const upcrt_static_t *obj) {
  upcrt_pts_t p = {obj->offset, 0, 0};
  return p;
}
/* Its elements (of elem_size), over all threads. */
static inline size_t upcrt_static_extent(const upcrt_static_t *obj) {
  return obj->nelems * (obj->threads_scaled ? (size_t)upcrt_threads : 1);
}

/* ---- Checking mode (upcc -fupc-check; rts/check/check.h) ---------------------- */

/* One checked construct of the program: where the user wrote it and what.
 * upcc emits one static site per construct; the runtime caches there the
 * shared object the last checked pointer pointed into. */
typedef struct upcrt_check_site {
  const char *file;
  int line, col;
  const char *expr; /* the user's text of the accessed lvalue or pointer */
  void *cache;      /* runtime's: object last found from this site */
  uint64_t gen;     /* runtime's: heap generation the cache is valid for */
} upcrt_check_site_t;

/* What a checked access does (for messages). */
enum {
  UPCRT_CHECK_READ, UPCRT_CHECK_WRITE, UPCRT_CHECK_UPDATE,
  UPCRT_CHECK_MEMGET, UPCRT_CHECK_MEMPUT, UPCRT_CHECK_MEMCPY_SRC, UPCRT_CHECK_MEMCPY_DST,
  UPCRT_CHECK_MEMSET
};

UPCRT_NORETURN void upcrt_check_index_fail(const upcrt_static_t *obj, long long lin,
                                           const upcrt_check_site_t *site, int kind, int nidx,
                                           const long long *idx);
/* An access to element lin (in innermost elements, all subscripts folded) of
 * a named static shared object; idx[0..nidx) are the subscripts as written. */
static inline void upcrt_check_index(const upcrt_static_t *obj, long long lin,
                                     const upcrt_check_site_t *site, int kind, int nidx,
                                     const long long *idx) {
  uint64_t n = obj->nelems * (obj->threads_scaled ? (uint64_t)upcrt_threads : 1);
  if (UPCRT_UNLIKELY((uint64_t)lin >= n)) upcrt_check_index_fail(obj, lin, site, kind, nidx, idx);
}
/* An access of n bytes at p, a pointer derived from base (the pointer-to-
 * shared the program dereferenced): base must point into a live shared
 * object and p..p+n-1 into the same one.  Returns p. */
upcrt_pts_t upcrt_check_ptr(upcrt_pts_t base, upcrt_pts_t p, size_t n, int kind,
                            upcrt_check_site_t *site);
/* The argument p of a bulk copy of n bytes (upc_memget's source, ...). */
upcrt_pts_t upcrt_check_range(upcrt_pts_t p, size_t n, int kind, upcrt_check_site_t *site);
/* A cast of p to a private pointer: the data must be on this node. */
void *upcrt_check_to_private(upcrt_pts_t p, const upcrt_check_site_t *site);
/* The site of the allocation or upc_free call that follows (its messages). */
void upcrt_check_at(const upcrt_check_site_t *site);
/* After a barrier or a lock acquisition: heap objects other threads freed
 * before it are looked up again (the sites' caches are dropped). */
void upcrt_check_sync(void);

/* ---- Synchronization ---------------------------------------------------- */

/* Split-phase barrier; has_id = 0 for the forms without an expression. */
void upcrt_notify(int has_id, int id);
void upcrt_wait(int has_id, int id);
void upcrt_barrier(int has_id, int id);

/* ---- Start-up and exit -------------------------------------------------- */

typedef struct upcrt_config {
  int static_threads;       /* THREADS fixed at compile time, 0 = dynamic */
  size_t default_heap_size; /* from upcc -shared-heap, 0 = runtime default */
} upcrt_config_t;

/* The main() upcc emits calls this with the user's main (renamed); it never
 * returns: it initialises the runtime, runs user_main on every thread, and
 * exits the job with its status. */
UPCRT_NORETURN int upcrt_start(int argc, char **argv, int (*user_main)(int, char **),
                               const upcrt_config_t *config);

/* A fatal runtime error: prints "upc: thread N: <message>" and ends the job
 * with a non-zero status. */
UPCRT_NORETURN void upcrt_fatal(const char *fmt, ...) UPCRT_PRINTF(1, 2);

/* Writes "name[index]" (or "upc_alloc'd block at ...") for p into buf. */
void upcrt_describe_pts(upcrt_pts_t p, char *buf, size_t size);

/* ---- The UPC library, in the C ABI the lowering produces --------------- */
/* Every pointer-to-shared parameter or result (including upc_lock_t *) is an
 * upcrt_pts_t; the names are the user-visible UPC names. */
/* Not seen by UPC translation units (the prelude defines __UPC__): they
 * declare these through <upc.h> in UPC types, which the frontend type-checks
 * and the lowering rewrites into exactly these prototypes. */
#ifndef __UPC__

void upc_global_exit(int status) __attribute__((noreturn));
upcrt_pts_t upc_global_alloc(size_t nblocks, size_t nbytes);
upcrt_pts_t upc_all_alloc(size_t nblocks, size_t nbytes);
upcrt_pts_t upc_alloc(size_t nbytes);
upcrt_pts_t upc_local_alloc(size_t nblocks, size_t nbytes); /* UPC 1.1, deprecated */
void upc_free(upcrt_pts_t ptr);
void upc_all_free(upcrt_pts_t ptr);
size_t upc_threadof(upcrt_pts_t ptr);
size_t upc_phaseof(upcrt_pts_t ptr);
upcrt_pts_t upc_resetphase(upcrt_pts_t ptr);
size_t upc_addrfield(upcrt_pts_t ptr);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);
upcrt_pts_t upc_global_lock_alloc(void);
upcrt_pts_t upc_all_lock_alloc(void);
void upc_lock_free(upcrt_pts_t lock);
void upc_all_lock_free(upcrt_pts_t lock);
void upc_lock(upcrt_pts_t lock);
int upc_lock_attempt(upcrt_pts_t lock);
void upc_unlock(upcrt_pts_t lock);
void upc_memcpy(upcrt_pts_t dst, upcrt_pts_t src, size_t n);
void upc_memget(void *dst, upcrt_pts_t src, size_t n);
void upc_memput(upcrt_pts_t dst, const void *src, size_t n);
void upc_memset(upcrt_pts_t dst, int c, size_t n);
#endif /* !__UPC__ */

#ifdef __cplusplus
}
#endif
#endif /* UPCRT_H */
