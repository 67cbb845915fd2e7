/* svd.h — the shared variable directory: every shared object and where it
 * lives, plus the shared-heap allocators behind upc_*alloc / upc_*free.
 *
 * What this module keeps:
 *   - the static objects registered by upcc-emitted constructors (a list in
 *     registration order, identical on every thread), laid out from
 *     UPCRT_SEG_CTRL up and initialised before main;
 *   - the ALL partition: the symmetric heap (same offsets on every thread),
 *     growing up from upcrt_seg_heap_lo.  Its free-extent table and top live
 *     in thread 0's control area under a runtime lock, so upc_global_alloc
 *     needs no other thread's help;
 *   - this thread's partition: upc_alloc blocks growing down from the top of
 *     its segment, with a private free-extent list.  Other threads free
 *     blocks of it by pushing them on a stack in its control area, which the
 *     owner drains at its next allocation;
 *   - a private list of the heap objects this thread knows (for messages).
 * Every heap block has a 64-byte header just before its data (on thread 0
 * for symmetric blocks, on the owner for upc_alloc blocks) that says whether
 * it is live, so upc_free of anything else is reported; it also names the
 * allocation (call, allocating thread, and in checking mode its source line),
 * so checking mode can place pointers into other threads' objects.
 */
#ifndef UPCRT_SVD_H
#define UPCRT_SVD_H

#include <stdint.h>
#include "upcrt.h"

/* Kinds of heap block (the live states of a block header). */
enum {
  UPCRT_SVD_FREE = 0,
  UPCRT_SVD_ALL = 0x414c4c, /* upc_all_alloc */
  UPCRT_SVD_GLOBAL = 0x474c42, /* upc_global_alloc */
  UPCRT_SVD_LOCAL = 0x4c4f43, /* upc_alloc */
  UPCRT_SVD_LOCK = 0x4c434b, /* a upc_lock_t */
  UPCRT_SVD_SYNC = 0x53594e, /* upcx_sync_neighbors counters */
  UPCRT_SVD_SEM = 0x53454d,  /* a bupc_sem_t */
};

/* Bytes the static objects need per thread (before the segments exist). */
size_t upcrt_svd_static_bytes(void);
/* Assigns static offsets, copies initial values; after upcrt_seg_init. */
void upcrt_svd_init(void);
void upcrt_svd_finalize(void);

/* Symmetric block of per_thread bytes on every thread; returns its offset.
 * what/a/b name the call for messages ("upc_all_alloc", nblocks, nbytes). */
uint64_t upcrt_svd_sym_alloc(size_t per_thread, int kind, size_t a, size_t b);
/* Records an object this thread learned of without allocating it (a
 * symmetric block thread 0 allocated for a collective allocation, all_alloc.c):
 * data at off, len bytes per thread, thread -1 for symmetric, owner the
 * allocating thread, a/b the call's arguments, site its call site. */
void upcrt_svd_know(uint64_t off, uint64_t len, int kind, int thread, int owner, size_t a,
                    size_t b, const upcrt_check_site_t *site);
/* a * b, or a fatal error "what(x, y): size overflows". */
size_t upcrt_svd_mul(size_t a, size_t b, const char *what, size_t x, size_t y);
/* Block of n bytes in this thread's partition; returns its offset. */
uint64_t upcrt_svd_local_alloc(size_t n, int kind);
/* Frees the live block p points to the start of, if its kind is in the
 * mask kinds (UPCRT_SVD_M_*); anything else is a fatal error naming what
 * (the calling UPC function) and the object. */
enum { UPCRT_SVD_M_ALL = 1, UPCRT_SVD_M_GLOBAL = 2, UPCRT_SVD_M_LOCAL = 4, UPCRT_SVD_M_LOCK = 8,
       UPCRT_SVD_M_SEM = 16 };
void upcrt_svd_free(upcrt_pts_t p, const char *what, unsigned kinds);
unsigned upcrt_svd_kind_bit(int kind);
/* A shared object as bytes (checking mode): total bytes dealt in blocks of
 * block bytes over the threads from thread 0, each thread's part at offset
 * off (per_thread bytes reserved); block 0: all of it on `thread`. */
typedef struct {
  uint64_t off, per_thread, total, block;
  int thread;                  /* -1: blocks over every thread */
  const upcrt_static_t *st;    /* a static object, or NULL for a heap object */
  int kind;                    /* heap: UPCRT_SVD_* and the allocation's arguments */
  size_t a, b;
  const upcrt_check_site_t *site; /* heap: the allocation call, when known */
  int owner;                   /* heap: the thread that allocated it */
} upcrt_svd_obj_t;
/* The shared object p points into: a static one, or a heap object this
 * thread knows of (allocated by it, or collectively); with verify, heap
 * objects another thread may have freed are checked to be live. */
int upcrt_svd_find(upcrt_pts_t p, upcrt_svd_obj_t *o, int verify);
/* The heap object whose data starts at p, from its block header, which may
 * be on another thread (checking mode: heap objects this thread does not
 * know).  UPCRT_SVD_FOUND_FREED: the block was freed and its memory not
 * reused since (o is what it was); 0: no block starts at p. */
enum { UPCRT_SVD_FOUND_LIVE = 1, UPCRT_SVD_FOUND_FREED = 2 };
int upcrt_svd_find_block(upcrt_pts_t p, upcrt_svd_obj_t *o);
/* Changes whenever this thread learns or forgets a heap object. */
extern uint64_t upcrt_svd_gen;
const char *upcrt_svd_kind_text(int kind);
/* Kind of the live block p points to the start of, or UPCRT_SVD_FREE. */
int upcrt_svd_kind(upcrt_pts_t p);

#endif
