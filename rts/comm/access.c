/* access.c — RMA get/put, relaxed-put completion, remote updates, bulk copies (see access.h). */
#include "access.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/doorbell.h"
#include "core/module.h"
#include "core/segment.h"
#include "core/start.h"
#include "core/stats.h"
#include "core/trace.h"
#include "cache.h"
#include "hunt.h"

int upcrt_puts_pending;
int upcrt_access_held_reads;
uint64_t upcrt_access_writes;
int upcrt_updates_pending;
upcrt_updq_entry_t upcrt_updq[UPCRT_UPDQ];
unsigned upcrt_updq_head;

/* The queued node updates, oldest first (upcrt.h, upcrt_update). */
void upcrt_updq_drain(void) {
  for (unsigned i = 0; i < UPCRT_UPDQ; i++) {
    upcrt_updq_entry_t *e = &upcrt_updq[(upcrt_updq_head + i) & (UPCRT_UPDQ - 1)];
    if (!e->addr) continue;
    upcrt_updq_apply(e);
    e->addr = NULL;
  }
}
int upcrt_private_pointers;
static unsigned char *upcrt_access_pend; /* per target */
static int *upcrt_access_plist, upcrt_access_npend;

#define STAGE_BYTES ((size_t)1 << 20)
#define STAGE_MAX 512 /* puts up to this size are staged */
static char *upcrt_access_stage;
static size_t upcrt_access_stage_used;

/* The places of the puts in flight to one target (made on its first put):
 * a filter of 64-byte chunks, so that a put that may overlap one of them
 * completes the target first (MPI orders neither two puts nor a put and an
 * accumulate to one place), while puts to distinct places stay in flight. */
#define INFLIGHT_BITS 4096
#define INFLIGHT_CHUNKS 64 /* a put spanning more chunks marks everything */
#define INFLIGHT_FEW 8 /* bits set that are cleared one by one */
typedef struct {
  uint64_t bits[INFLIGHT_BITS / 64];
  int any, all;
  int nset; /* bits set, the first INFLIGHT_FEW of them in set[] */
  unsigned set[INFLIGHT_FEW];
} upcrt_inflight_t;
static upcrt_inflight_t **upcrt_access_inflight;

/* Small relaxed puts to one target gathered until a completion point, an
 * overlap or a full batch, and sent as one MPI_Put whose target datatype
 * lists the places (one message instead of one per put). */
#define PUT_BATCH 256
#define PUT_BATCH_BYTES 4096
#define PUT_BATCH_MAX 64 /* bytes of the largest put gathered */
#define PUT_RUN_MAX UPCRT_ACCESS_RUN_MAX /* adjacent puts are joined into runs up to this */
#define PUT_FILTER_BITS 8192
typedef struct {
  int n;
  size_t bytes;
  uint64_t filter[PUT_FILTER_BITS / 64]; /* 8-byte granules of the places */
  int len[PUT_BATCH];
  MPI_Aint disp[PUT_BATCH];
  char data[PUT_BATCH_BYTES];
} upcrt_put_batch_t;
static upcrt_put_batch_t **upcrt_access_puts; /* per target, made on first use */
static int *upcrt_access_pblist, upcrt_access_npbatch; /* targets with gathered puts */

#define BATCH 256
typedef struct {
  int n;
  upc_type_t type;
  upc_op_t op;
  MPI_Datatype dt;
  size_t size;
  uint64_t filter[4]; /* bits of the places in the batch, for the overlap test */
  MPI_Aint disp[BATCH];
  char vals[BATCH * 16];
} upcrt_update_batch_t;
static upcrt_update_batch_t **upcrt_access_batch; /* per target, made on first use */
static unsigned char *upcrt_access_acc;           /* per target: accumulates in flight */
static int *upcrt_access_blist, upcrt_access_nbatch; /* targets with a non-empty batch */

#define CHUNK ((size_t)1 << 30) /* MPI counts are int */
#define BOUNCE ((size_t)1 << 20)

void upcrt_access_init(void) {
  upcrt_access_pend = calloc((size_t)upcrt_threads, 1);
  upcrt_access_plist = malloc(sizeof(int) * (size_t)upcrt_threads);
  upcrt_access_stage = malloc(STAGE_BYTES);
  upcrt_access_acc = calloc((size_t)upcrt_threads, 1);
  upcrt_access_batch = calloc((size_t)upcrt_threads, sizeof *upcrt_access_batch);
  upcrt_access_blist = malloc(sizeof(int) * (size_t)upcrt_threads);
  upcrt_access_inflight = calloc((size_t)upcrt_threads, sizeof *upcrt_access_inflight);
  upcrt_access_puts = calloc((size_t)upcrt_threads, sizeof *upcrt_access_puts);
  upcrt_access_pblist = malloc(sizeof(int) * (size_t)upcrt_threads);
  if (!upcrt_access_inflight || !upcrt_access_puts || !upcrt_access_pblist || !upcrt_access_pend || !upcrt_access_plist || !upcrt_access_stage || !upcrt_access_acc ||
      !upcrt_access_batch || !upcrt_access_blist)
    upcrt_fatal("out of private memory at start-up");
}

int upcrt_access_pending(int t) { return upcrt_access_pend[t]; }

/* Appends thread t to a list of targets unless it is there already. */
static void upcrt_access_list_add(int *list, int *n, int t) {
  for (int i = 0; i < *n; i++)
    if (list[i] == t) return;
  list[(*n)++] = t;
}

static unsigned upcrt_inflight_bit(uint64_t chunk) {
  return (unsigned)((chunk * 0x9E3779B97F4A7C15ull) >> 52) % INFLIGHT_BITS;
}

static void upcrt_inflight_add(int t, uint64_t off, size_t n) {
  upcrt_inflight_t *f = upcrt_access_inflight[t];
  if (!f && !(f = upcrt_access_inflight[t] = calloc(1, sizeof *f)))
    upcrt_fatal("out of private memory");
  uint64_t lo = off >> 6, hi = (off + (n ? n : 1) - 1) >> 6;
  f->any = 1;
  if (hi - lo >= INFLIGHT_CHUNKS) f->all = 1;
  else
    for (uint64_t c = lo; c <= hi; c++) {
      unsigned b = upcrt_inflight_bit(c);
      f->bits[b / 64] |= (uint64_t)1 << (b % 64);
      if (f->nset < INFLIGHT_FEW) f->set[f->nset] = b;
      f->nset++;
    }
}

static int upcrt_access_batch_find(int t, uint64_t off, size_t n, size_t *at);

static int upcrt_inflight_overlaps(int t, uint64_t off, size_t n) {
  upcrt_inflight_t *f = upcrt_access_inflight[t];
  if (!upcrt_access_pend[t] || !f || !f->any) return 0;
  uint64_t lo = off >> 6, hi = (off + (n ? n : 1) - 1) >> 6;
  if (f->all || hi - lo >= INFLIGHT_CHUNKS) return 1;
  for (uint64_t c = lo; c <= hi; c++) {
    unsigned b = upcrt_inflight_bit(c);
    if (f->bits[b / 64] >> (b % 64) & 1) return 1;
  }
  return 0;
}

int upcrt_access_overlaps(int t, uint64_t off, size_t n) {
  size_t at;
  return upcrt_access_batch_find(t, off, n, &at) || upcrt_inflight_overlaps(t, off, n);
}

static void upcrt_inflight_clear(int t) {
  upcrt_inflight_t *f = upcrt_access_inflight[t];
  if (!f || !f->any) return;
  if (f->nset <= INFLIGHT_FEW) {
    for (int i = 0; i < f->nset; i++) f->bits[f->set[i] / 64] = 0;
    f->any = f->all = f->nset = 0;
  } else {
    memset(f, 0, sizeof *f);
  }
}

static void upcrt_access_send_batches(void);
static void upcrt_access_send_batch(int t);
static void upcrt_access_send_puts(int t, int completing);
static int upcrt_access_has_updates(int t);
static void upcrt_access_mark(int t);

/* Completes every operation in flight and frees the staging buffer; targets
 * whose puts or updates are still gathered stay pending. */
static void upcrt_access_complete(void) {
  if (upcrt_updates_pending) upcrt_updq_drain(); /* the flag is cleared below */
  for (int i = 0; i < upcrt_access_npend; i++)
    if (upcrt_access_acc[upcrt_access_plist[i]]) upcrt_doorbell_ring(upcrt_access_plist[i]);
  if (upcrt_hunt_outstanding) upcrt_hunt_retire_all(); /* HUNT keeps puts_pending set */
  if (upcrt_access_npend > 8) {
    MPI_Win_flush_all(upcrt_seg_win);
  } else {
    for (int i = 0; i < upcrt_access_npend; i++)
      if (upcrt_access_pend[upcrt_access_plist[i]])
        MPI_Win_flush(upcrt_access_plist[i], upcrt_seg_win);
  }
  for (int i = 0; i < upcrt_access_npend; i++) {
    upcrt_access_pend[upcrt_access_plist[i]] = 0;
    upcrt_access_acc[upcrt_access_plist[i]] = 0;
    upcrt_inflight_clear(upcrt_access_plist[i]);
  }
  upcrt_access_npend = 0;
  upcrt_access_stage_used = 0;
  /* a held line or row keeps the next fence coming */
  upcrt_puts_pending = upcrt_cache_busy() || upcrt_access_held_reads;
  upcrt_updates_pending = 0;
  for (int i = 0; i < upcrt_access_npbatch; i++) /* gathered puts stay pending */
    if (upcrt_access_puts[upcrt_access_pblist[i]]->n) upcrt_access_mark(upcrt_access_pblist[i]);
  for (int i = 0; i < upcrt_access_nbatch; i++) {
    int t = upcrt_access_blist[i];
    if (!upcrt_access_has_updates(t)) continue;
    upcrt_access_mark(t);
    if (upcrt_node_base[t]) upcrt_updates_pending = 1;
  }
}

void upcrt_complete_updates(void) {
  upcrt_updq_drain();
  for (int i = 0; i < upcrt_access_nbatch; i++)
    if (upcrt_node_base[upcrt_access_blist[i]]) upcrt_access_flush_target(upcrt_access_blist[i]);
  upcrt_updates_pending = 0;
}

/* Every module completes its outstanding work through the module table:
 * the cache writes back its dirty lines (cache.c), then upcrt_access_quiesce
 * completes every put in flight. */
void upcrt_flush_puts(void) { upcrt_modules_quiesce(); }

void upcrt_access_quiesce(void) {
  upcrt_access_send_batches();
  upcrt_access_complete();
}

void upcrt_access_flush_target(int t) {
  upcrt_cache_flush_thread(t);
  upcrt_access_complete_target(t);
}

void upcrt_access_complete_target(int t) {
  if (!upcrt_access_pend[t]) return;
  upcrt_access_send_puts(t, 1);
  upcrt_access_send_batch(t);
  if (upcrt_access_acc[t]) upcrt_doorbell_ring(t);
  MPI_Win_flush(t, upcrt_seg_win);
  upcrt_access_pend[t] = 0; /* stays in plist; the staging space waits for flush_puts */
  upcrt_access_acc[t] = 0;
  upcrt_inflight_clear(t);
}

void upcrt_access_note_put(int t, uint64_t off, size_t n) {
  upcrt_inflight_add(t, off, n);
  upcrt_access_mark(t);
}

static void upcrt_access_mark(int t) {
  upcrt_access_writes++;
  if (!upcrt_access_pend[t]) {
    upcrt_access_pend[t] = 1;
    upcrt_access_list_add(upcrt_access_plist, &upcrt_access_npend, t);
  }
  upcrt_puts_pending = 1;
}

/* Room for n bytes in the staging buffer (completing everything when full). */
void *upcrt_access_stage_alloc(size_t n) {
  size_t need = (n + 15) & ~(size_t)15;
  if (upcrt_access_stage_used + need > STAGE_BYTES) upcrt_access_complete();
  void *p = upcrt_access_stage + upcrt_access_stage_used;
  upcrt_access_stage_used += need;
  return p;
}

static void upcrt_access_rma_get(void *dst, int t, uint64_t off, size_t n) {
  for (size_t done = 0; done < n; done += CHUNK) {
    size_t c = n - done < CHUNK ? n - done : CHUNK;
    MPI_Get((char *)dst + done, (int)c, MPI_BYTE, t, (MPI_Aint)(off + done), (int)c, MPI_BYTE,
            upcrt_seg_win);
  }
}

static void upcrt_access_rma_put(const void *src, int t, uint64_t off, size_t n) {
  for (size_t done = 0; done < n; done += CHUNK) {
    size_t c = n - done < CHUNK ? n - done : CHUNK;
    MPI_Put((const char *)src + done, (int)c, MPI_BYTE, t, (MPI_Aint)(off + done), (int)c,
            MPI_BYTE, upcrt_seg_win);
  }
}

void upcrt_get_remote(void *dst, upcrt_pts_t src, size_t n, int strict) {
  UPCRT_TRACE_XFER("remote get", UPCRT_TRACE_GET, n, upcrt_get_remote(dst, src, n, strict));
  upcrt_seg_check(src, "read");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_read((int)src.thread, n);
  /* the inline caller already fenced a strict access (the cache is empty) */
  if (!strict && upcrt_cache_get(dst, src, n)) return;
  int t = (int)src.thread;
  /* MPI does not order our earlier put and this get to the same place */
  if (upcrt_access_pend[t]) upcrt_access_complete_target(t);
  upcrt_hunt_before(-1, dst, n); /* MPI must not write a protected HUNT strip */
  upcrt_access_get_wait(dst, t, src.offset, n);
}

void upcrt_access_get_wait(void *dst, int t, uint64_t off, size_t n) {
  if (!upcrt_seg_oversubscribed || n > CHUNK) {
    upcrt_access_rma_get(dst, t, off, n);
    MPI_Win_flush_local(t, upcrt_seg_win);
    return;
  }
  /* With more threads than cores, a flush spins inside MPI for the rest of
   * its time slice while the target (or the thread its node waits for)
   * cannot run: a 3-thread stencil through RMA on 2 cores took 40x longer.
   * A request is tested instead, yielding between tests. */
  MPI_Request r;
  MPI_Rget(dst, (int)n, MPI_BYTE, t, (MPI_Aint)off, (int)n, MPI_BYTE, upcrt_seg_win, &r);
  upcrt_access_wait(&r);
}

void upcrt_access_wait(MPI_Request *r) {
  upcrt_backoff_t bo = {0};
  for (;;) {
    int done = 0;
    MPI_Test(r, &done, MPI_STATUS_IGNORE);
    if (done) return;
    /* MPI and strided-get progress only: an invocation's user code could
     * fence, and reach the waiting module again in the middle of the wait */
    if (upcrt_progress_needed) upcrt_progress();
    upcrt_backoff(&bo);
  }
}

static unsigned upcrt_put_granule(uint64_t g) { return (unsigned)(g % PUT_FILTER_BITS); }

/* Sets (on) or clears the filter bits of the granules of [off, off+n). */
static void upcrt_put_filter(upcrt_put_batch_t *b, uint64_t off, size_t n, int on) {
  for (uint64_t g = off / 8; g <= (off + n - 1) / 8; g++) {
    unsigned k = upcrt_put_granule(g);
    uint64_t bit = (uint64_t)1 << (k % 64);
    b->filter[k / 64] = on ? b->filter[k / 64] | bit : b->filter[k / 64] & ~bit;
  }
}

/* Sends t's gathered puts.  When the caller completes them before the next
 * put can be gathered (completing), they leave from the batch itself; else
 * from a copy in the staging buffer. */
static void upcrt_access_send_puts(int t, int completing) {
  upcrt_put_batch_t *b = upcrt_access_puts[t];
  if (!b || b->n == 0) return;
  int n = b->n;
  size_t bytes = b->bytes;
  b->n = 0; /* before staging, which may complete everything in flight */
  b->bytes = 0;
  if (bytes <= 256) /* clearing a few granules costs less than the whole filter */
    for (int i = 0; i < n; i++) upcrt_put_filter(b, (uint64_t)b->disp[i], (size_t)b->len[i], 0);
  else
    memset(b->filter, 0, sizeof b->filter);
  void *s = b->data;
  if (!completing) { /* completing: no access can come before the flush */
    s = upcrt_access_stage_alloc(bytes);
    memcpy(s, b->data, bytes);
    for (int i = 0; i < n; i++) upcrt_inflight_add(t, (uint64_t)b->disp[i], (size_t)b->len[i]);
  }
  if (n == 1) {
    MPI_Put(s, b->len[0], MPI_BYTE, t, b->disp[0], b->len[0], MPI_BYTE, upcrt_seg_win);
  } else {
    MPI_Datatype places;
    MPI_Type_create_hindexed(n, b->len, b->disp, MPI_BYTE, &places);
    MPI_Type_commit(&places);
    MPI_Put(s, (int)bytes, MPI_BYTE, t, 0, 1, places, upcrt_seg_win);
    MPI_Type_free(&places); /* MPI keeps it until the put completes */
  }
  upcrt_access_mark(t);
}

/* Whether [off, off+n) overlaps a put gathered for t: 0 no, 1 exactly one
 * gathered put's place (its bytes at data + *at), 2 otherwise. */
static int upcrt_access_batch_find(int t, uint64_t off, size_t n, size_t *at) {
  upcrt_put_batch_t *b = upcrt_access_puts[t];
  if (!b || b->n == 0) return 0;
  int maybe = 0;
  for (uint64_t g = off / 8; g <= (off + n - 1) / 8 && !maybe; g++) {
    unsigned k = upcrt_put_granule(g);
    maybe = (int)(b->filter[k / 64] >> (k % 64) & 1);
  }
  if (!maybe) return 0;
  size_t pos = b->bytes;
  for (int i = b->n - 1; i >= 0; i--) { /* newest first */
    uint64_t d = (uint64_t)b->disp[i], l = (uint64_t)b->len[i];
    pos -= l;
    if (d == off && l == n) {
      *at = pos;
      return 1;
    }
    if (d < off + n && off < d + l) return 2;
  }
  return 0;
}

/* Adds a relaxed put of n <= PUT_BATCH_MAX bytes to t's batch, joining it to
 * the last gathered put when it continues it.  A put to exactly the place
 * of a gathered one replaces its bytes (the later value is the one a fence
 * makes visible); one that may overlap another put of ours, gathered or in
 * flight, completes the target first. */
static void upcrt_access_gather_put(int t, uint64_t off, const void *src, size_t n) {
  upcrt_put_batch_t *b = upcrt_access_puts[t];
  if (!b) {
    b = upcrt_access_puts[t] = calloc(1, sizeof *b);
    if (!b) upcrt_fatal("out of private memory");
  }
  size_t at;
  int found = upcrt_access_batch_find(t, off, n, &at);
  if (found == 1) {
    memcpy(b->data + at, src, n);
    return;
  }
  if (found == 2 || upcrt_inflight_overlaps(t, off, n)) upcrt_access_complete_target(t);
  if (b->n == PUT_BATCH || b->bytes + n > PUT_BATCH_BYTES) upcrt_access_send_puts(t, 0);
  if (b->n == 0) {
    upcrt_access_list_add(upcrt_access_pblist, &upcrt_access_npbatch, t);
  }
  upcrt_put_filter(b, off, n, 1);
  int last = b->n - 1;
  if (last >= 0 && (uint64_t)(b->disp[last] + b->len[last]) == off &&
      (size_t)b->len[last] + n <= PUT_RUN_MAX) {
    b->len[last] += (int)n;
  } else {
    b->disp[b->n] = (MPI_Aint)off;
    b->len[b->n] = (int)n;
    b->n++;
  }
  memcpy(b->data + b->bytes, src, n);
  b->bytes += n;
  upcrt_access_mark(t);
}

void upcrt_put_remote(upcrt_pts_t dst, const void *src, size_t n, int strict) {
  UPCRT_TRACE_XFER("remote put", UPCRT_TRACE_PUT, n, upcrt_put_remote(dst, src, n, strict));
  upcrt_seg_check(dst, "write");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_write((int)dst.thread, n);
  if (!strict && upcrt_cache_put(dst, src, n)) return;
  int t = (int)dst.thread;
  upcrt_hunt_before(t, src, n); /* strips read from t land first; src readable */
  if (strict) { /* (upcrt_sput completed everything in flight) */
    upcrt_access_rma_put(src, t, dst.offset, n);
    MPI_Win_flush(t, upcrt_seg_win);
    return;
  }
  upcrt_access_put_relaxed(t, dst.offset, src, n);
}

void upcrt_access_put_relaxed(int t, uint64_t off, const void *src, size_t n) {
  /* MPI does not order a put after an accumulate to the same place */
  if (upcrt_access_pend[t] && upcrt_access_has_updates(t)) upcrt_access_complete_target(t);
  /* The first put to a target with nothing in flight leaves at once (its
   * bookkeeping then overlaps the transfer, and an isolated put costs what
   * MPI_Put + flush does); the puts that follow it are gathered. */
  if (n <= PUT_BATCH_MAX && upcrt_access_pend[t]) {
    upcrt_access_gather_put(t, off, src, n);
    return;
  }
  if (upcrt_access_overlaps(t, off, n)) upcrt_access_complete_target(t);
  if (n <= STAGE_MAX) {
    void *s = upcrt_access_stage_alloc(n);
    memcpy(s, src, n);
    upcrt_access_rma_put(s, t, off, n);
  } else {
    /* the caller may reuse src on return: wait for local completion only */
    upcrt_access_rma_put(src, t, off, n);
    MPI_Win_flush_local(t, upcrt_seg_win);
  }
  upcrt_access_note_put(t, off, n);
}

void upcrt_access_put_burst(int t, uint64_t off, const void *src, size_t n) {
  if (n > PUT_RUN_MAX) {
    upcrt_access_put_relaxed(t, off, src, n);
    return;
  }
  if (upcrt_access_pend[t] && upcrt_access_has_updates(t)) upcrt_access_complete_target(t);
  upcrt_access_gather_put(t, off, src, n);
}

/* ---- bulk copies (UPC 1.3 7.2.5: a contiguous run on the pointer's thread) ---- */

/* Each names itself when given a null pointer-to-shared, on every path
 * (one compare per call; the guard would only say "read" or "write"). */
void upc_memget(void *dst, upcrt_pts_t src, size_t n) {
  UPCRT_TRACE_XFER("upc_memget", UPCRT_TRACE_GET, n, upc_memget(dst, src, n));
  if (n == 0) return;
  upcrt_seg_check(src, "upc_memget");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_bulk(src.thread, src.thread, n);
  upcrt_see_own_updates();
  char *b = upcrt_node_base[src.thread];
  if (b) memcpy(dst, b + src.offset, n);
  else if (!upcrt_hunt_get(dst, src, n)) upcrt_get_remote(dst, src, n, 0);
}

void upc_memput(upcrt_pts_t dst, const void *src, size_t n) {
  UPCRT_TRACE_XFER("upc_memput", UPCRT_TRACE_PUT, n, upc_memput(dst, src, n));
  if (n == 0) return;
  upcrt_seg_check(dst, "upc_memput");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_bulk(dst.thread, dst.thread, n);
  upcrt_see_own_updates();
  char *b = upcrt_node_base[dst.thread];
  if (b) memcpy(b + dst.offset, src, n);
  else upcrt_put_remote(dst, src, n, 0);
}

void upc_memcpy(upcrt_pts_t dst, upcrt_pts_t src, size_t n) {
  UPCRT_TRACE_XFER("upc_memcpy", UPCRT_TRACE_PUT, n, upc_memcpy(dst, src, n));
  if (n == 0) return;
  upcrt_seg_check(dst, "upc_memcpy");
  upcrt_seg_check(src, "upc_memcpy");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_bulk(dst.thread, src.thread, n);
  upcrt_see_own_updates();
  char *bs = upcrt_node_base[src.thread], *bd = upcrt_node_base[dst.thread];
  if (bs && bd) {
    memmove(bd + dst.offset, bs + src.offset, n);
  } else if (bd) {
    upcrt_get_remote(bd + dst.offset, src, n, 0);
  } else if (bs) {
    upcrt_put_remote(dst, bs + src.offset, n, 0);
  } else {
    char *tmp = malloc(n < BOUNCE ? n : BOUNCE);
    if (!tmp) upcrt_fatal("upc_memcpy: out of private memory for a bounce buffer");
    for (size_t done = 0; done < n; done += BOUNCE) {
      size_t c = n - done < BOUNCE ? n - done : BOUNCE;
      upcrt_get_remote(tmp, upcrt_pts_addbytes(src, done), c, 0);
      upcrt_put_remote(upcrt_pts_addbytes(dst, done), tmp, c, 0);
    }
    free(tmp);
  }
}

void upc_memset(upcrt_pts_t dst, int c, size_t n) {
  UPCRT_TRACE_XFER("upc_memset", UPCRT_TRACE_PUT, n, upc_memset(dst, c, n));
  if (n == 0) return;
  upcrt_seg_check(dst, "upc_memset");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_bulk(dst.thread, dst.thread, n);
  upcrt_see_own_updates();
  char *bd = upcrt_node_base[dst.thread];
  if (bd) {
    memset(bd + dst.offset, c, n);
    return;
  }
  size_t sz = n < BOUNCE ? n : BOUNCE;
  char *tmp = malloc(sz);
  if (!tmp) upcrt_fatal("upc_memset: out of private memory for a buffer");
  memset(tmp, c, sz);
  for (size_t done = 0; done < n; done += BOUNCE) {
    size_t k = n - done < BOUNCE ? n - done : BOUNCE;
    upcrt_put_remote(upcrt_pts_addbytes(dst, done), tmp, k, 0);
  }
  free(tmp);
}

/* ---- private <-> shared pointer casts ---- */

upcrt_pts_t upcrt_local_to_pts(const void *addr) {
  if (addr == NULL) return UPCRT_NULL_PTS;
  const char *a = addr;
  if (a >= upcrt_seg_mybase && a < upcrt_seg_mybase + upcrt_seg_size)
    return (upcrt_pts_t){(uint64_t)(a - upcrt_seg_mybase), (uint32_t)upcrt_mythread, 0};
  for (int t = 0; t < upcrt_threads; t++) {
    char *b = upcrt_node_base[t];
    if (b && a >= b && a < b + upcrt_seg_size)
      return (upcrt_pts_t){(uint64_t)(a - b), (uint32_t)t, 0};
  }
  upcrt_fatal("cast of the private address %p to a pointer-to-shared: it is not in shared "
              "memory",
              addr);
}

/* ---- remote updates ---- */

static MPI_Datatype upcrt_access_mpi_type(upc_type_t type, size_t *size) {
  switch (type) {
#define T(u, m, c) case u: *size = sizeof(c); return m;
    T(UPC_CHAR, MPI_SIGNED_CHAR, signed char)
    T(UPC_UCHAR, MPI_UNSIGNED_CHAR, unsigned char)
    T(UPC_SHORT, MPI_SHORT, short)
    T(UPC_USHORT, MPI_UNSIGNED_SHORT, unsigned short)
    T(UPC_INT, MPI_INT, int)
    T(UPC_UINT, MPI_UNSIGNED, unsigned)
    T(UPC_LONG, MPI_LONG, long)
    T(UPC_ULONG, MPI_UNSIGNED_LONG, unsigned long)
    T(UPC_LLONG, MPI_LONG_LONG, long long)
    T(UPC_ULLONG, MPI_UNSIGNED_LONG_LONG, unsigned long long)
    T(UPC_INT8, MPI_INT8_T, int8_t)
    T(UPC_UINT8, MPI_UINT8_T, uint8_t)
    T(UPC_INT16, MPI_INT16_T, int16_t)
    T(UPC_UINT16, MPI_UINT16_T, uint16_t)
    T(UPC_INT32, MPI_INT32_T, int32_t)
    T(UPC_UINT32, MPI_UINT32_T, uint32_t)
    T(UPC_INT64, MPI_INT64_T, int64_t)
    T(UPC_UINT64, MPI_UINT64_T, uint64_t)
    T(UPC_FLOAT, MPI_FLOAT, float)
    T(UPC_DOUBLE, MPI_DOUBLE, double)
    T(UPC_LDOUBLE, MPI_LONG_DOUBLE, long double)
#undef T
  default: return MPI_DATATYPE_NULL;
  }
}

static int upcrt_access_is_float(upc_type_t t) {
  return t == UPC_FLOAT || t == UPC_DOUBLE || t == UPC_LDOUBLE;
}

static MPI_Op upcrt_access_mpi_op(upc_op_t op) {
  switch (op) {
  case UPC_ADD: return MPI_SUM;
  case UPC_MULT: return MPI_PROD;
  case UPC_AND: return MPI_BAND;
  case UPC_OR: return MPI_BOR;
  case UPC_XOR: return MPI_BXOR;
  case UPC_LOGAND: return MPI_LAND;
  case UPC_LOGOR: return MPI_LOR;
  case UPC_MIN: return MPI_MIN;
  case UPC_MAX: return MPI_MAX;
  default: return MPI_OP_NULL;
  }
}

/* The MPI type of an update's operand (and its size); a fatal error for an
 * operation not defined on the type. */
static MPI_Datatype upcrt_access_update_type(upc_type_t type, upc_op_t op, size_t *size) {
  MPI_Datatype dt = upcrt_access_mpi_type(type, size);
  if (dt == MPI_DATATYPE_NULL || upcrt_access_mpi_op(op) == MPI_OP_NULL ||
      (upcrt_access_is_float(type) && (op == UPC_AND || op == UPC_OR || op == UPC_XOR)))
    upcrt_fatal("remote update: operation %d is not defined on type %d", op, type);
  return dt;
}

#define UPCRT_INT_OP(o, v)                                                  \
  switch (op) {                                                             \
  case UPC_ADD: r = o + v; break;                                           \
  case UPC_MULT: r = o * v; break;                                          \
  case UPC_AND: r = o & v; break;                                           \
  case UPC_OR: r = o | v; break;                                            \
  case UPC_XOR: r = o ^ v; break;                                           \
  case UPC_LOGAND: r = o && v; break;                                       \
  case UPC_LOGOR: r = o || v; break;                                        \
  case UPC_MIN: r = o < v ? o : v; break;                                   \
  default: r = o > v ? o : v; break;                                        \
  }
#define UPCRT_FLT_OP(o, v)                                                  \
  switch (op) {                                                             \
  case UPC_ADD: r = o + v; break;                                           \
  case UPC_MULT: r = o * v; break;                                          \
  case UPC_LOGAND: r = o && v; break;                                       \
  case UPC_LOGOR: r = o || v; break;                                        \
  case UPC_MIN: r = o < v ? o : v; break;                                   \
  default: r = o > v ? o : v; break;                                        \
  }
/* CAS loop on the integer of the same width as C type T. */
#define UPCRT_CAS_UPDATE(T, U, OPMACRO)                                     \
  {                                                                         \
    U *a = (U *)addr, ob = __atomic_load_n(a, __ATOMIC_SEQ_CST), nb;        \
    T v, o, r;                                                              \
    memcpy(&v, operand, sizeof v);                                          \
    do {                                                                    \
      memcpy(&o, &ob, sizeof o);                                            \
      OPMACRO(o, v)                                                         \
      memcpy(&nb, &r, sizeof r);                                            \
    } while (!__atomic_compare_exchange_n(a, &ob, nb, 0, __ATOMIC_SEQ_CST,   \
                                          __ATOMIC_SEQ_CST));               \
    return;                                                                 \
  }

/* CPU-atomic update of the operations upcrt_update does not inline (every
 * thread on this node). */
void upcrt_update_cpu(void *addr, upc_type_t type, upc_op_t op, const void *operand) {
  size_t size;
  upcrt_access_update_type(type, op, &size);
  switch (type) {
  case UPC_CHAR: UPCRT_CAS_UPDATE(signed char, uint8_t, UPCRT_INT_OP)
  case UPC_INT8: UPCRT_CAS_UPDATE(int8_t, uint8_t, UPCRT_INT_OP)
  case UPC_UCHAR: case UPC_UINT8: UPCRT_CAS_UPDATE(uint8_t, uint8_t, UPCRT_INT_OP)
  case UPC_SHORT: case UPC_INT16: UPCRT_CAS_UPDATE(int16_t, uint16_t, UPCRT_INT_OP)
  case UPC_USHORT: case UPC_UINT16: UPCRT_CAS_UPDATE(uint16_t, uint16_t, UPCRT_INT_OP)
  case UPC_INT: case UPC_INT32: UPCRT_CAS_UPDATE(int32_t, uint32_t, UPCRT_INT_OP)
  case UPC_UINT: case UPC_UINT32: UPCRT_CAS_UPDATE(uint32_t, uint32_t, UPCRT_INT_OP)
  case UPC_LONG: case UPC_LLONG: case UPC_INT64: UPCRT_CAS_UPDATE(int64_t, uint64_t, UPCRT_INT_OP)
  case UPC_ULONG: case UPC_ULLONG: case UPC_UINT64:
    UPCRT_CAS_UPDATE(uint64_t, uint64_t, UPCRT_INT_OP)
  case UPC_FLOAT: UPCRT_CAS_UPDATE(float, uint32_t, UPCRT_FLT_OP)
  case UPC_DOUBLE: UPCRT_CAS_UPDATE(double, uint64_t, UPCRT_FLT_OP)
  default: break;
  }
  /* long double: no lock-free 16-byte CAS between processes; a node-wide
   * spin lock on a control word of thread 0 serialises these updates */
  uint64_t *lk = (uint64_t *)(upcrt_node_base[0] + UPCRT_SEG_UPDLOCK);
  uint64_t z = 0;
  while (!__atomic_compare_exchange_n(lk, &z, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) z = 0;
  long double o, v, r;
  memcpy(&o, addr, sizeof o);
  memcpy(&v, operand, sizeof v);
  UPCRT_FLT_OP(o, v)
  memcpy(addr, &r, sizeof r);
  __atomic_store_n(lk, 0, __ATOMIC_RELEASE);
}

static int upcrt_access_has_updates(int t) {
  return upcrt_access_acc[t] || (upcrt_access_batch[t] && upcrt_access_batch[t]->n);
}

static void upcrt_access_send_batch(int t) {
  upcrt_update_batch_t *b = upcrt_access_batch[t];
  if (!b || b->n == 0) return;
  int n = b->n;
  b->n = 0; /* before staging, which may complete everything in flight */
  memset(b->filter, 0, sizeof b->filter);
  void *s = upcrt_access_stage_alloc((size_t)n * b->size);
  memcpy(s, b->vals, (size_t)n * b->size);
  MPI_Op mop = upcrt_access_mpi_op(b->op);
  if (n == 1) {
    MPI_Accumulate(s, 1, b->dt, t, b->disp[0], 1, b->dt, mop, upcrt_seg_win);
  } else {
    MPI_Datatype places;
    MPI_Type_create_hindexed_block(n, 1, b->disp, b->dt, &places);
    MPI_Type_commit(&places);
    MPI_Accumulate(s, n, b->dt, t, 0, 1, places, mop, upcrt_seg_win);
    MPI_Type_free(&places); /* MPI keeps it until the operation completes */
  }
  upcrt_access_acc[t] = 1;
  upcrt_access_mark(t);
}

static void upcrt_access_send_batches(void) {
  for (int i = 0; i < upcrt_access_npbatch; i++) upcrt_access_send_puts(upcrt_access_pblist[i], 1);
  upcrt_access_npbatch = 0;
  for (int i = 0; i < upcrt_access_nbatch; i++) upcrt_access_send_batch(upcrt_access_blist[i]);
  upcrt_access_nbatch = 0;
}

/* Updates through MPI are gathered per target thread until a fence, an
 * access of that thread (for a thread of this node: any plain access by
 * this thread, see upcrt_updates_pending), a full batch, or a change of type
 * or operation, and then sent as one MPI_Accumulate whose target datatype
 * lists the places.  A place already in the batch ends it: MPI forbids
 * overlapping target entries, and applying the two in order keeps
 * floating-point results exactly those of the program order. */
void upcrt_update_rma(upcrt_pts_t p, upc_type_t type, upc_op_t op, const void *operand) {
  upcrt_seg_check(p, "remote update");
  size_t size = 0;
  MPI_Datatype dt = upcrt_access_update_type(type, op, &size);
  int t = (int)p.thread;
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_UPDATE, size);
  /* a cached copy of the place would hide the update, or be written over it */
  if (!upcrt_node_base[t]) upcrt_cache_flush_range(t, p.offset, size);
  /* MPI does not order an accumulate after a put to the same place */
  if (upcrt_access_overlaps(t, p.offset, size)) upcrt_access_complete_target(t);
  upcrt_update_batch_t *b = upcrt_access_batch[t];
  if (!b) {
    b = upcrt_access_batch[t] = calloc(1, sizeof *b);
    if (!b) upcrt_fatal("remote update: out of private memory");
  }
  unsigned bit = (unsigned)(p.offset / size) & 255;
  if (b->n && (b->type != type || b->op != op || (b->filter[bit / 64] >> (bit % 64) & 1))) {
    int overlap = 0;
    for (int i = 0; i < b->n && !overlap; i++) overlap = b->disp[i] == (MPI_Aint)p.offset;
    if (overlap || b->type != type || b->op != op) upcrt_access_send_batch(t);
  }
  if (b->n == 0) {
    upcrt_access_list_add(upcrt_access_blist, &upcrt_access_nbatch, t);
    b->type = type;
    b->op = op;
    b->dt = dt;
    b->size = size;
  }
  b->filter[bit / 64] |= (uint64_t)1 << (bit % 64);
  b->disp[b->n] = (MPI_Aint)p.offset;
  memcpy(b->vals + (size_t)b->n * size, operand, size);
  if (++b->n == BATCH) upcrt_access_send_batch(t);
  upcrt_access_mark(t);
  if (!upcrt_node_base[t]) return;
  /* this node: private pointers read it without the runtime knowing, so
   * then it completes now; else before this thread's next plain access */
  if (upcrt_private_pointers) upcrt_access_flush_target(t);
  else upcrt_updates_pending = 1;
}
