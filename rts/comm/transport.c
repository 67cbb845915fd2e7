/* transport.c — MPI one-sided traffic: staging, in-flight tracking, gathered
 * puts and updates, gets, completion and operations (see transport.h). */
#include "transport.h"

#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/doorbell.h"
#include "core/module.h"
#include "core/segment.h"
#include "core/start.h"
#include "packed.h"

int upcrt_puts_pending;
int upcrt_updates_pending;
unsigned upcrt_transport_held;
uint64_t upcrt_transport_writes;

static unsigned char *tp_pend; /* per target: operations in flight or gathered */
static int *tp_plist, tp_npend;

#define STAGE_BYTES ((size_t)1 << 20)
#define STAGE_MAX 512 /* puts up to this size are staged */
static char *tp_stage;
static size_t tp_stage_used;

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
} tp_inflight_t;
static tp_inflight_t **tp_inflight;

/* Small relaxed puts to one target gathered until a completion point, an
 * overlap or a full batch, and sent as one MPI_Put whose target datatype
 * lists the places (one message instead of one per put). */
#define PUT_BATCH 256
#define PUT_BATCH_BYTES 4096
#define PUT_BATCH_MAX 64 /* bytes of the largest put gathered */
#define PUT_RUN_MAX UPCRT_TRANSPORT_RUN_MAX /* adjacent puts are joined into runs up to this */
#define PUT_FILTER_BITS 8192
typedef struct {
  int n;
  size_t bytes;
  uint64_t filter[PUT_FILTER_BITS / 64]; /* 8-byte granules of the places */
  int len[PUT_BATCH];
  MPI_Aint disp[PUT_BATCH];
  char data[PUT_BATCH_BYTES];
} tp_put_batch_t;
static tp_put_batch_t **tp_puts; /* per target, made on first use */
static int *tp_pblist, tp_npbatch; /* targets with gathered puts */

#define UPDATE_BATCH 256
typedef struct {
  int n;
  MPI_Datatype dt;
  MPI_Op op;
  size_t size;
  uint64_t filter[4]; /* bits of the places in the batch, for the overlap test */
  MPI_Aint disp[UPDATE_BATCH];
  char vals[UPDATE_BATCH * 16];
} tp_update_batch_t;
static tp_update_batch_t **tp_updates; /* per target, made on first use */
static unsigned char *tp_acc;          /* per target: accumulates in flight */
static int *tp_ublist, tp_nubatch;     /* targets with a non-empty batch */

#define CHUNK ((size_t)1 << 30) /* MPI counts are int */

void upcrt_transport_init(void) {
  size_t T = (size_t)upcrt_threads;
  tp_pend = calloc(T, 1);
  tp_plist = malloc(sizeof(int) * T);
  tp_stage = malloc(STAGE_BYTES);
  tp_acc = calloc(T, 1);
  tp_updates = calloc(T, sizeof *tp_updates);
  tp_ublist = malloc(sizeof(int) * T);
  tp_inflight = calloc(T, sizeof *tp_inflight);
  tp_puts = calloc(T, sizeof *tp_puts);
  tp_pblist = malloc(sizeof(int) * T);
  if (!tp_inflight || !tp_puts || !tp_pblist || !tp_pend || !tp_plist || !tp_stage || !tp_acc ||
      !tp_updates || !tp_ublist)
    upcrt_fatal("out of private memory at start-up");
}

int upcrt_transport_pending(int t) { return tp_pend[t]; }

/* Appends thread t to a list of targets unless it is there already. */
static void tp_list_add(int *list, int *n, int t) {
  for (int i = 0; i < *n; i++)
    if (list[i] == t) return;
  list[(*n)++] = t;
}

static unsigned tp_inflight_bit(uint64_t chunk) {
  return (unsigned)((chunk * 0x9E3779B97F4A7C15ull) >> 52) % INFLIGHT_BITS;
}

static void tp_inflight_add(int t, uint64_t off, size_t n) {
  tp_inflight_t *f = tp_inflight[t];
  if (!f && !(f = tp_inflight[t] = calloc(1, sizeof *f))) upcrt_fatal("out of private memory");
  uint64_t lo = off >> 6, hi = (off + (n ? n : 1) - 1) >> 6;
  f->any = 1;
  if (hi - lo >= INFLIGHT_CHUNKS) f->all = 1;
  else
    for (uint64_t c = lo; c <= hi; c++) {
      unsigned b = tp_inflight_bit(c);
      f->bits[b / 64] |= (uint64_t)1 << (b % 64);
      if (f->nset < INFLIGHT_FEW) f->set[f->nset] = b;
      f->nset++;
    }
}

static int tp_inflight_overlaps(int t, uint64_t off, size_t n) {
  tp_inflight_t *f = tp_inflight[t];
  if (!tp_pend[t] || !f || !f->any) return 0;
  uint64_t lo = off >> 6, hi = (off + (n ? n : 1) - 1) >> 6;
  if (f->all || hi - lo >= INFLIGHT_CHUNKS) return 1;
  for (uint64_t c = lo; c <= hi; c++) {
    unsigned b = tp_inflight_bit(c);
    if (f->bits[b / 64] >> (b % 64) & 1) return 1;
  }
  return 0;
}

static void tp_inflight_clear(int t) {
  tp_inflight_t *f = tp_inflight[t];
  if (!f || !f->any) return;
  if (f->nset <= INFLIGHT_FEW) {
    for (int i = 0; i < f->nset; i++) f->bits[f->set[i] / 64] = 0;
    f->any = f->all = f->nset = 0;
  } else {
    memset(f, 0, sizeof *f);
  }
}

static int tp_batch_find(int t, uint64_t off, size_t n, size_t *at);

int upcrt_transport_overlaps(int t, uint64_t off, size_t n) {
  size_t at;
  return tp_batch_find(t, off, n, &at) || tp_inflight_overlaps(t, off, n);
}

static void tp_mark(int t) {
  upcrt_transport_writes++;
  if (!tp_pend[t]) {
    tp_pend[t] = 1;
    tp_list_add(tp_plist, &tp_npend, t);
  }
  upcrt_puts_pending = 1;
}

void upcrt_transport_note_put(int t, uint64_t off, size_t n) {
  tp_inflight_add(t, off, n);
  tp_mark(t);
}

static int tp_has_updates(int t) { return tp_acc[t] || (tp_updates[t] && tp_updates[t]->n); }

/* Completes every operation in flight and frees the staging buffer; targets
 * whose puts or updates are still gathered stay pending. */
static void tp_complete_all(void) {
  for (int i = 0; i < tp_npend; i++)
    if (tp_acc[tp_plist[i]]) upcrt_doorbell_ring(tp_plist[i]);
  if (tp_npend > 8) {
    MPI_Win_flush_all(upcrt_seg_win);
  } else {
    for (int i = 0; i < tp_npend; i++)
      if (tp_pend[tp_plist[i]]) MPI_Win_flush(tp_plist[i], upcrt_seg_win);
  }
  for (int i = 0; i < tp_npend; i++) {
    tp_pend[tp_plist[i]] = 0;
    tp_acc[tp_plist[i]] = 0;
    tp_inflight_clear(tp_plist[i]);
  }
  tp_npend = 0;
  tp_stage_used = 0;
  /* a held line, row or strip keeps the next fence coming */
  upcrt_puts_pending = upcrt_transport_held != 0;
  /* in a one-node job the flag is the update ring's (access.c) */
  if (!upcrt_cpu_atomics) upcrt_updates_pending = 0;
  for (int i = 0; i < tp_npbatch; i++) /* gathered puts stay pending */
    if (tp_puts[tp_pblist[i]]->n) tp_mark(tp_pblist[i]);
  for (int i = 0; i < tp_nubatch; i++) {
    int t = tp_ublist[i];
    if (!tp_has_updates(t)) continue;
    tp_mark(t);
    if (upcrt_node_base[t]) upcrt_updates_pending = 1;
  }
}

void *upcrt_transport_stage(size_t n) {
  size_t need = (n + 15) & ~(size_t)15;
  if (tp_stage_used + need > STAGE_BYTES) tp_complete_all();
  void *p = tp_stage + tp_stage_used;
  tp_stage_used += need;
  return p;
}

static void tp_send_puts(int t, int completing);
static void tp_send_updates(int t);

static void tp_send_batches(void) {
  for (int i = 0; i < tp_npbatch; i++) tp_send_puts(tp_pblist[i], 1);
  tp_npbatch = 0;
  for (int i = 0; i < tp_nubatch; i++) tp_send_updates(tp_ublist[i]);
  tp_nubatch = 0;
}

void upcrt_transport_quiesce(void) {
  tp_send_batches();
  tp_complete_all();
}

/* Every module completes its outstanding work through the module table
 * (core/module.c), in reverse start-up order: rows read ahead are dropped,
 * the cache writes back its lines, HUNT's strips retire, the update ring
 * drains, and last upcrt_transport_quiesce completes everything in flight. */
void upcrt_flush_puts(void) { upcrt_modules_quiesce(); }

void upcrt_transport_complete_target(int t) {
  if (!tp_pend[t]) return;
  tp_send_puts(t, 1);
  tp_send_updates(t);
  if (tp_acc[t]) upcrt_doorbell_ring(t);
  MPI_Win_flush(t, upcrt_seg_win);
  tp_pend[t] = 0; /* stays in plist; the staging space waits for the next completion of all */
  tp_acc[t] = 0;
  tp_inflight_clear(t);
}

void upcrt_transport_complete_node_updates(void) {
  for (int i = 0; i < tp_nubatch; i++)
    if (upcrt_node_base[tp_ublist[i]]) upcrt_transport_complete_target(tp_ublist[i]);
  if (!upcrt_cpu_atomics) upcrt_updates_pending = 0;
}

/* ---- gets ---- */

static void tp_rma_get(void *dst, int t, uint64_t off, size_t n) {
  for (size_t done = 0; done < n; done += CHUNK) {
    size_t c = n - done < CHUNK ? n - done : CHUNK;
    MPI_Get((char *)dst + done, (int)c, MPI_BYTE, t, (MPI_Aint)(off + done), (int)c, MPI_BYTE,
            upcrt_seg_win);
  }
}

static void tp_rma_put(const void *src, int t, uint64_t off, size_t n) {
  for (size_t done = 0; done < n; done += CHUNK) {
    size_t c = n - done < CHUNK ? n - done : CHUNK;
    MPI_Put((const char *)src + done, (int)c, MPI_BYTE, t, (MPI_Aint)(off + done), (int)c,
            MPI_BYTE, upcrt_seg_win);
  }
}

void upcrt_transport_get(void *dst, int t, uint64_t off, size_t n) {
  if (tp_pend[t]) upcrt_transport_complete_target(t);
  if (!upcrt_seg_oversubscribed || n > CHUNK) {
    tp_rma_get(dst, t, off, n);
    MPI_Win_flush_local(t, upcrt_seg_win);
    return;
  }
  /* With more threads than cores, a flush spins inside MPI for the rest of
   * its time slice while the target (or the thread its node waits for)
   * cannot run: a 3-thread stencil through RMA on 2 cores took 40x longer.
   * A request is tested instead, yielding between tests. */
  MPI_Request r;
  MPI_Rget(dst, (int)n, MPI_BYTE, t, (MPI_Aint)off, (int)n, MPI_BYTE, upcrt_seg_win, &r);
  upcrt_transport_wait(&r);
}

void upcrt_transport_get_start(void *dst, int t, uint64_t off, size_t n, MPI_Request *r) {
  if (tp_pend[t]) upcrt_transport_complete_target(t);
  MPI_Rget(dst, (int)n, MPI_BYTE, t, (MPI_Aint)off, (int)n, MPI_BYTE, upcrt_seg_win, r);
}

void upcrt_transport_wait(MPI_Request *r) {
  upcrt_backoff_t bo = {0};
  for (;;) {
    int done = 0;
    MPI_Test(r, &done, MPI_STATUS_IGNORE);
    if (done) return;
    if (upcrt_progress_needed) upcrt_progress();
    upcrt_backoff(&bo);
  }
}

/* ---- gathered puts ---- */

static unsigned tp_put_granule(uint64_t g) { return (unsigned)(g % PUT_FILTER_BITS); }

/* Sets (on) or clears the filter bits of the granules of [off, off+n). */
static void tp_put_filter(tp_put_batch_t *b, uint64_t off, size_t n, int on) {
  for (uint64_t g = off / 8; g <= (off + n - 1) / 8; g++) {
    unsigned k = tp_put_granule(g);
    uint64_t bit = (uint64_t)1 << (k % 64);
    b->filter[k / 64] = on ? b->filter[k / 64] | bit : b->filter[k / 64] & ~bit;
  }
}

/* Sends t's gathered puts.  When the caller completes them before the next
 * put can be gathered (completing), they leave from the batch itself; else
 * from a copy in the staging buffer. */
static void tp_send_puts(int t, int completing) {
  tp_put_batch_t *b = tp_puts[t];
  if (!b || b->n == 0) return;
  int n = b->n;
  size_t bytes = b->bytes;
  b->n = 0; /* before staging, which may complete everything in flight */
  b->bytes = 0;
  if (bytes <= 256) /* clearing a few granules costs less than the whole filter */
    for (int i = 0; i < n; i++) tp_put_filter(b, (uint64_t)b->disp[i], (size_t)b->len[i], 0);
  else
    memset(b->filter, 0, sizeof b->filter);
  void *s = b->data;
  if (!completing) { /* completing: no access can come before the flush */
    s = upcrt_transport_stage(bytes);
    memcpy(s, b->data, bytes);
    for (int i = 0; i < n; i++) tp_inflight_add(t, (uint64_t)b->disp[i], (size_t)b->len[i]);
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
  tp_mark(t);
}

/* Whether [off, off+n) overlaps a put gathered for t: 0 no, 1 exactly one
 * gathered put's place (its bytes at data + *at), 2 otherwise. */
static int tp_batch_find(int t, uint64_t off, size_t n, size_t *at) {
  tp_put_batch_t *b = tp_puts[t];
  if (!b || b->n == 0) return 0;
  int maybe = 0;
  for (uint64_t g = off / 8; g <= (off + n - 1) / 8 && !maybe; g++) {
    unsigned k = tp_put_granule(g);
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

/* Adds a relaxed put of n <= PUT_RUN_MAX bytes to t's batch, joining it to
 * the last gathered put when it continues it.  A put to exactly the place
 * of a gathered one replaces its bytes (the later value is the one a fence
 * makes visible); one that may overlap another put of ours, gathered or in
 * flight, completes the target first. */
static void tp_gather_put(int t, uint64_t off, const void *src, size_t n) {
  tp_put_batch_t *b = tp_puts[t];
  if (!b) {
    b = tp_puts[t] = calloc(1, sizeof *b);
    if (!b) upcrt_fatal("out of private memory");
  }
  size_t at;
  int found = tp_batch_find(t, off, n, &at);
  if (found == 1) {
    memcpy(b->data + at, src, n);
    return;
  }
  if (found == 2 || tp_inflight_overlaps(t, off, n)) upcrt_transport_complete_target(t);
  if (b->n == PUT_BATCH || b->bytes + n > PUT_BATCH_BYTES) tp_send_puts(t, 0);
  if (b->n == 0) tp_list_add(tp_pblist, &tp_npbatch, t);
  tp_put_filter(b, off, n, 1);
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
  tp_mark(t);
}

void upcrt_transport_put(int t, uint64_t off, const void *src, size_t n) {
  /* MPI does not order a put after an accumulate to the same place */
  if (tp_pend[t] && tp_has_updates(t)) upcrt_transport_complete_target(t);
  /* The first put to a target with nothing in flight leaves at once (its
   * bookkeeping then overlaps the transfer, and an isolated put costs what
   * MPI_Put + flush does); the puts that follow it are gathered. */
  if (n <= PUT_BATCH_MAX && tp_pend[t]) {
    tp_gather_put(t, off, src, n);
    return;
  }
  if (upcrt_transport_overlaps(t, off, n)) upcrt_transport_complete_target(t);
  if (n <= STAGE_MAX) {
    void *s = upcrt_transport_stage(n);
    memcpy(s, src, n);
    tp_rma_put(s, t, off, n);
  } else {
    /* the caller may reuse src on return: wait for local completion only */
    tp_rma_put(src, t, off, n);
    MPI_Win_flush_local(t, upcrt_seg_win);
  }
  upcrt_transport_note_put(t, off, n);
}

void upcrt_transport_put_run(int t, uint64_t off, const void *src, size_t n) {
  if (n > PUT_RUN_MAX) {
    upcrt_transport_put(t, off, src, n);
    return;
  }
  if (tp_pend[t] && tp_has_updates(t)) upcrt_transport_complete_target(t);
  tp_gather_put(t, off, src, n);
}

void upcrt_transport_put_now(int t, uint64_t off, const void *src, size_t n) {
  tp_rma_put(src, t, off, n);
  MPI_Win_flush(t, upcrt_seg_win);
}

void upcrt_transport_put_indexed(int t, uint64_t base, const void *src, int n, const MPI_Aint at[],
                                 const int len[]) {
  size_t span = (size_t)(at[n - 1] + len[n - 1] - at[0]);
  uint64_t first = base + (uint64_t)at[0];
  /* an earlier put of these bytes may still be in flight */
  if (upcrt_transport_overlaps(t, first, span)) upcrt_transport_complete_target(t);
  char *copy = upcrt_transport_stage(span);
  memcpy(copy, (const char *)src + at[0], span);
  if (n == 1) {
    MPI_Put(copy, (int)span, MPI_BYTE, t, (MPI_Aint)first, (int)span, MPI_BYTE, upcrt_seg_win);
  } else {
    static MPI_Aint *rel; /* the places relative to the first, kept */
    static int caprel;
    if (n > caprel) {
      caprel = n;
      if (!(rel = realloc(rel, sizeof *rel * (size_t)n))) upcrt_fatal("out of private memory");
    }
    for (int k = 0; k < n; k++) rel[k] = at[k] - at[0];
    MPI_Datatype runs;
    MPI_Type_create_hindexed(n, len, rel, MPI_BYTE, &runs);
    MPI_Type_commit(&runs);
    MPI_Put(copy, 1, runs, t, (MPI_Aint)first, 1, runs, upcrt_seg_win);
    MPI_Type_free(&runs); /* MPI keeps it until the put completes */
  }
  upcrt_transport_note_put(t, first, span);
}

/* ---- gathered updates ---- */

static void tp_send_updates(int t) {
  tp_update_batch_t *b = tp_updates[t];
  if (!b || b->n == 0) return;
  int n = b->n;
  b->n = 0; /* before staging, which may complete everything in flight */
  memset(b->filter, 0, sizeof b->filter);
  void *s = upcrt_transport_stage((size_t)n * b->size);
  memcpy(s, b->vals, (size_t)n * b->size);
  /* Open MPI's osc ucx applies an accumulate inside MPI_Accumulate, under
   * a lock it takes on the target with an atomic that the target's MPI
   * serves (when the target's memory is not UCX's own): the doorbell first,
   * so that its progress thread polls fast (under MPICH the accumulate
   * waits at the flush, which rings) */
  if (UPCRT_SEG_ACCUMULATE_RINGS_FIRST) upcrt_doorbell_ring(t);
  if (n == 1) {
    MPI_Accumulate(s, 1, b->dt, t, b->disp[0], 1, b->dt, b->op, upcrt_seg_win);
  } else {
    MPI_Datatype places;
    MPI_Type_create_hindexed_block(n, 1, b->disp, b->dt, &places);
    MPI_Type_commit(&places);
    MPI_Accumulate(s, n, b->dt, t, 0, 1, places, b->op, upcrt_seg_win);
    MPI_Type_free(&places); /* MPI keeps it until the operation completes */
  }
  tp_acc[t] = 1;
  tp_mark(t);
}

void upcrt_transport_accumulate(int t, uint64_t off, MPI_Datatype dt, size_t size, MPI_Op op,
                                const void *operand) {
  /* MPI does not order an accumulate after a put to the same place */
  if (upcrt_transport_overlaps(t, off, size)) upcrt_transport_complete_target(t);
  tp_update_batch_t *b = tp_updates[t];
  if (!b) {
    b = tp_updates[t] = calloc(1, sizeof *b);
    if (!b) upcrt_fatal("remote update: out of private memory");
  }
  unsigned bit = (unsigned)(off / size) & 255;
  if (b->n && (b->dt != dt || b->op != op || (b->filter[bit / 64] >> (bit % 64) & 1))) {
    int overlap = 0;
    for (int i = 0; i < b->n && !overlap; i++) overlap = b->disp[i] == (MPI_Aint)off;
    if (overlap || b->dt != dt || b->op != op) tp_send_updates(t);
  }
  if (b->n == 0) {
    tp_list_add(tp_ublist, &tp_nubatch, t);
    b->dt = dt;
    b->op = op;
    b->size = size;
  }
  b->filter[bit / 64] |= (uint64_t)1 << (bit % 64);
  b->disp[b->n] = (MPI_Aint)off;
  memcpy(b->vals + (size_t)b->n * size, operand, size);
  if (++b->n == UPDATE_BATCH) tp_send_updates(t);
  tp_mark(t);
  if (upcrt_node_base[t] && !upcrt_cpu_atomics) upcrt_updates_pending = 1;
}

/* ---- operations ---- */

/* Per target thread: operations posted here, and how many of them a flush
 * has completed.  MPI_Win_flush(t) completes every earlier operation to t,
 * so waiting for many operations to one thread (a VIS copy per ghost
 * region) flushes it once, not once per operation. */
static uint64_t *op_posted, *op_flushed;
static upcrt_transport_op_t **op_deferred;
static int op_ndeferred, op_capdeferred;
int upcrt_transport_deferred;
/* Measured (docs/runtime.md, "Inside the communication layer"): packed
 * gets were 3-15x faster than an hindexed MPI_Rget from 2 pieces on while
 * the owner computes (the Rget completes at a flush that waits for the
 * owner's next progress poll; a packed request rings its doorbell), and
 * as fast within the noise while it waits in the runtime (2-20x faster
 * from 1024 pieces). */
size_t upcrt_transport_pack_min = 2;

static void *grow(void *p, int *cap, size_t elem) {
  *cap = *cap ? 2 * *cap : 4;
  p = realloc(p, (size_t)*cap * elem);
  if (!p) upcrt_fatal("non-blocking transfer: out of memory");
  return p;
}

upcrt_transport_op_t *upcrt_transport_op_new(void) {
  upcrt_transport_op_t *op = calloc(1, sizeof *op);
  if (!op) upcrt_fatal("non-blocking transfer: out of memory");
  return op;
}

void upcrt_transport_op_add_request(upcrt_transport_op_t *op, MPI_Request r) {
  if (op->nreq == op->capreq) op->req = grow(op->req, &op->capreq, sizeof *op->req);
  op->req[op->nreq++] = r;
}

static void op_add_target(upcrt_transport_op_t *op, int t) {
  if (!op_posted) {
    op_posted = calloc((size_t)upcrt_threads, sizeof *op_posted);
    op_flushed = calloc((size_t)upcrt_threads, sizeof *op_flushed);
    if (!op_posted || !op_flushed) upcrt_fatal("non-blocking transfer: out of memory");
  }
  uint64_t seq = ++op_posted[t];
  for (int i = 0; i < op->ntgt; i++)
    if (op->tgt[i] == t) {
      op->tgtseq[i] = seq;
      return;
    }
  if (op->ntgt == op->captgt) {
    int cap = op->captgt;
    op->tgt = grow(op->tgt, &op->captgt, sizeof *op->tgt);
    op->tgtseq = grow(op->tgtseq, &cap, sizeof *op->tgtseq);
  }
  op->tgtseq[op->ntgt] = seq;
  op->tgt[op->ntgt++] = t;
}

void upcrt_transport_op_own_type(upcrt_transport_op_t *op, MPI_Datatype type) {
  if (op->ntypes == op->captypes) op->types = grow(op->types, &op->captypes, sizeof *op->types);
  op->types[op->ntypes++] = type;
}

void upcrt_transport_op_get(upcrt_transport_op_t *op, void *laddr, MPI_Datatype ltype, int t,
                            MPI_Aint disp, MPI_Datatype rtype) {
  if (tp_pend[t]) upcrt_transport_complete_target(t);
  MPI_Request r;
  MPI_Rget(laddr, 1, ltype, t, disp, 1, rtype, upcrt_seg_win, &r);
  upcrt_transport_op_add_request(op, r);
  op_add_target(op, t);
}

void upcrt_transport_op_put(upcrt_transport_op_t *op, const void *laddr, MPI_Datatype ltype,
                            int t, MPI_Aint disp, MPI_Datatype rtype) {
  /* MPI orders neither two puts nor a put after an accumulate to one place */
  if (tp_pend[t]) upcrt_transport_complete_target(t);
  MPI_Request r;
  upcrt_transport_writes++;
  MPI_Rput(laddr, 1, ltype, t, disp, 1, rtype, upcrt_seg_win, &r);
  upcrt_transport_op_add_request(op, r);
  op_add_target(op, t);
}

void upcrt_transport_op_get_bytes(upcrt_transport_op_t *op, void *dst, int t, uint64_t off,
                                  size_t n) {
  if (tp_pend[t]) upcrt_transport_complete_target(t);
  for (size_t done = 0; done < n;) {
    size_t k = n - done < CHUNK ? n - done : CHUNK;
    MPI_Request r;
    MPI_Rget((char *)dst + done, (int)k, MPI_BYTE, t, (MPI_Aint)(off + done), (int)k, MPI_BYTE,
             upcrt_seg_win, &r);
    upcrt_transport_op_add_request(op, r);
    done += k;
  }
}

void upcrt_transport_op_put_bytes(upcrt_transport_op_t *op, const void *src, int t, uint64_t off,
                                  size_t n) {
  if (tp_pend[t]) upcrt_transport_complete_target(t);
  upcrt_transport_writes++;
  for (size_t done = 0; done < n;) {
    size_t k = n - done < CHUNK ? n - done : CHUNK;
    MPI_Request r;
    MPI_Rput((const char *)src + done, (int)k, MPI_BYTE, t, (MPI_Aint)(off + done), (int)k,
             MPI_BYTE, upcrt_seg_win, &r);
    upcrt_transport_op_add_request(op, r);
    done += k;
  }
  op_add_target(op, t);
}

void upcrt_transport_op_wake(upcrt_transport_op_t *op, int t) {
  for (int i = 0; i < op->nwake; i++)
    if (op->wake[i] == t) return;
  if (op->nwake == op->capwake)
    op->wake = grow(op->wake, &op->capwake, sizeof *op->wake);
  op->wake[op->nwake++] = t;
}

void upcrt_transport_op_keep(upcrt_transport_op_t *op, void *p, size_t cap) {
  if (op->nkept == op->capkept) op->kept = grow(op->kept, &op->capkept, sizeof *op->kept);
  op->kept[op->nkept++] = (struct upcrt_transport_kept){p, cap};
}

void upcrt_transport_op_get_indexed(upcrt_transport_op_t *op, void *dst, int t, size_t n,
                                    const uint64_t off[], const size_t len[]) {
  if (n == 0) return;
  size_t total = 0;
  for (size_t i = 0; i < n; i++) {
    if (len[i] > INT32_MAX)
      upcrt_fatal("an indexed get of a piece of %zu bytes (at most %d)", len[i], INT32_MAX);
    total += len[i];
  }
  if (tp_pend[t]) upcrt_transport_complete_target(t);
  const char *base = upcrt_node_base[t];
  if (base) { /* mapped here: copied at once (and its waits may never serve) */
    char *d = dst;
    for (size_t i = 0; i < n; d += len[i], i++) memcpy(d, base + off[i], len[i]);
    return;
  }
  if (upcrt_transport_pack_min && n >= upcrt_transport_pack_min) {
    /* the target packs the pieces into one reply, received straight into dst */
    size_t words = 1 + n * upcrt_packed_shape_words(0), cap;
    uint64_t *msg = upcrt_packed_buffer(sizeof(uint64_t) * words, &cap), *w = msg;
    *w++ = (uint64_t)n;
    for (size_t i = 0; i < n; i++) w = upcrt_packed_add_shape(w, off[i], 0, &len[i], NULL);
    MPI_Request r[2];
    upcrt_packed_post(t, msg, words, dst, total, r);
    upcrt_transport_op_add_request(op, r[0]);
    upcrt_transport_op_add_request(op, r[1]);
    upcrt_transport_op_keep(op, msg, cap);
    upcrt_transport_op_wake(op, t);
    return;
  }
  if (n == 1) { /* a contiguous get completes with its request, no flush */
    upcrt_transport_op_get_bytes(op, dst, t, off[0], len[0]);
    return;
  }
  if (n > INT32_MAX || total > INT32_MAX)
    upcrt_fatal("an indexed get of %zu pieces, %zu bytes, is too large", n, total);
  int *lens = malloc(sizeof(int) * n);
  MPI_Aint *disp = malloc(sizeof(MPI_Aint) * n);
  if (!lens || !disp) upcrt_fatal("indexed get: out of memory");
  for (size_t i = 0; i < n; i++) {
    lens[i] = (int)len[i];
    disp[i] = (MPI_Aint)off[i];
  }
  MPI_Datatype places;
  MPI_Type_create_hindexed((int)n, lens, disp, MPI_BYTE, &places);
  MPI_Type_commit(&places);
  MPI_Request r;
  MPI_Rget(dst, (int)total, MPI_BYTE, t, 0, 1, places, upcrt_seg_win, &r);
  MPI_Type_free(&places); /* MPI keeps it until the get completes */
  free(lens);
  free(disp);
  upcrt_transport_op_add_request(op, r);
  op_add_target(op, t);
  upcrt_transport_op_wake(op, t);
}

upcrt_transport_op_t *upcrt_transport_op_in_batch(upcrt_transport_op_t *batch) {
  upcrt_transport_op_t *op = upcrt_transport_op_new();
  op->batch = batch;
  batch->refs++;
  return op;
}

void upcrt_transport_op_free(upcrt_transport_op_t *op) {
  if (op->batch && --op->batch->refs == 0) upcrt_transport_op_free(op->batch);
  for (int i = 0; i < op->ntypes; i++) MPI_Type_free(&op->types[i]);
  free(op->types);
  free(op->req);
  free(op->tgt);
  free(op->tgtseq);
  free(op->tmp);
  for (int i = 0; i < op->nkept; i++) upcrt_packed_release(op->kept[i].p, op->kept[i].cap);
  free(op->kept);
  free(op->wake);
  free(op);
}

int upcrt_transport_op_empty(const upcrt_transport_op_t *op) {
  return op->nreq == 0 && !op->batch && !op->deferred;
}

void upcrt_transport_defer(upcrt_transport_op_t *op, void (*post)(upcrt_transport_op_t *),
                           void *arg) {
  if (op_ndeferred == op_capdeferred)
    op_deferred = grow(op_deferred, &op_capdeferred, sizeof *op_deferred);
  op_deferred[op_ndeferred++] = op;
  op->post = post;
  op->post_arg = arg;
  op->deferred = 1;
  upcrt_transport_deferred = op_ndeferred;
}

void upcrt_transport_undefer(upcrt_transport_op_t *op) {
  if (!op->deferred) return;
  for (int i = 0; i < op_ndeferred; i++)
    if (op_deferred[i] == op) {
      memmove(&op_deferred[i], &op_deferred[i + 1], sizeof *op_deferred * (size_t)(op_ndeferred - i - 1));
      op_ndeferred--;
      break;
    }
  upcrt_transport_deferred = op_ndeferred;
  op->deferred = 0;
}

void upcrt_transport_post_op(upcrt_transport_op_t *op) {
  if (!op->deferred) return;
  upcrt_transport_undefer(op);
  op->post(op);
}

void upcrt_transport_post_deferred(void) {
  while (op_ndeferred) upcrt_transport_post_op(op_deferred[0]); /* in the order deferred */
}

int upcrt_transport_op_test(upcrt_transport_op_t *op) {
  if (upcrt_transport_deferred) upcrt_transport_post_deferred();
  if (op->batch) {
    if (!op->batch->complete) op->batch->complete = upcrt_transport_op_test(op->batch);
    return op->batch->complete;
  }
  for (int i = 0; i < op->nreq; i++) {
    int done = 0;
    MPI_Test(&op->req[i], &done, MPI_STATUS_IGNORE); /* done: MPI_REQUEST_NULL */
    if (!done) return 0;
  }
  for (int i = 0; i < op->ntgt; i++) {
    int t = op->tgt[i];
    if (op_flushed[t] >= op->tgtseq[i]) continue; /* a later flush covered ours */
    uint64_t upto = op_posted[t];
    MPI_Win_flush(t, upcrt_seg_win);
    op_flushed[t] = upto;
  }
  if (op->done) {
    op->done(op);
    op->done = NULL;
  }
  return 1;
}

void upcrt_transport_op_wait(upcrt_transport_op_t *op, void (*poll)(void)) {
  /* a packed get waits for its target to poll, or for its progress thread
   * if it computes: they are rung together once the wait has lasted */
  const upcrt_transport_op_t *wk = op->batch ? op->batch : op;
  upcrt_doorbell_waiter_t w = {0};
  upcrt_backoff_t bo = {0};
  while (!upcrt_transport_op_test(op)) {
    if (poll) poll();
    else if (upcrt_progress_needed) upcrt_progress();
    upcrt_backoff(&bo);
    if (wk->nwake && w.since >= 0) {
      upcrt_doorbell_ring_later(&w, wk->wake[0]);
      for (int i = 1; i < wk->nwake && w.since < 0; i++) upcrt_doorbell_ring(wk->wake[i]);
    }
  }
}
