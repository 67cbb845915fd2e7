/* vis.c — strided, vector and indexed one-sided transfers: one MPI
 * derived-datatype operation per remote thread, strided gets packed by the
 * target (see vis.h). */
#include "vis.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/segment.h"
#include "core/stats.h"
#include "access.h"
#include "hunt.h"
#include "packed.h"
#include "transport.h"

#define PIECE_MAX ((size_t)1 << 30) /* hindexed block lengths are int */

/* One contiguous stretch on both sides: private l <-> shared r (or, for
 * shared-to-shared copies, shared d <- shared r). */
typedef struct {
  char *l;
  upcrt_pts_t d, r;
  size_t n;
} piece_t;

typedef struct {
  piece_t *v;
  size_t n, cap;
} pieces_t;

static void add_piece(pieces_t *p, char *l, upcrt_pts_t d, upcrt_pts_t r, size_t n) {
  while (n) {
    size_t k = n < PIECE_MAX ? n : PIECE_MAX;
    if (p->n == p->cap) {
      p->cap = p->cap ? 2 * p->cap : 16;
      p->v = realloc(p->v, p->cap * sizeof *p->v);
      if (!p->v) upcrt_fatal("non-contiguous transfer: out of memory");
    }
    p->v[p->n++] = (piece_t){l, d, r, k};
    if (l) l += k;
    d.offset += k;
    r.offset += k;
    n -= k;
  }
}

/* A side of a transfer: a list of regions, private or shared. */
typedef struct {
  size_t count;
  const upc_pmemvec_t *pv; /* private regions, or */
  const upc_smemvec_t *sv; /* shared regions, or */
  void *const *pi;         /* private indexed (length len each), or */
  const upcrt_pts_t *si;   /* shared indexed */
  size_t len;
} side_t;

static size_t side_len(const side_t *s, size_t i) {
  return s->pv ? s->pv[i].len : s->sv ? s->sv[i].len : s->len;
}
static size_t side_total(const side_t *s) {
  size_t t = 0;
  for (size_t i = 0; i < s->count; i++) t += side_len(s, i);
  return t;
}
static int side_shared(const side_t *s) { return s->sv || s->si; }
static char *side_priv(const side_t *s, size_t i) {
  return s->pv ? (char *)s->pv[i].addr : (char *)s->pi[i];
}
static upcrt_pts_t side_pts(const side_t *s, size_t i) {
  return s->sv ? s->sv[i].addr : s->si[i];
}

/* Matches the byte streams of dst and src into pieces; for private<->shared
 * the private side goes to l and the shared side to r; for shared<->shared
 * dst goes to d and src to r. */
static pieces_t match(const side_t *dst, const side_t *src, const char *what) {
  size_t td = side_total(dst), ts = side_total(src);
  if (td != ts)
    upcrt_fatal("%s: the destination regions hold %zu bytes but the source regions %zu",
                what, td, ts);
  pieces_t p = {0};
  size_t i = 0, j = 0, oi = 0, oj = 0;
  while (i < dst->count && j < src->count) {
    size_t li = side_len(dst, i) - oi, lj = side_len(src, j) - oj;
    if (li == 0) { i++; oi = 0; continue; }
    if (lj == 0) { j++; oj = 0; continue; }
    size_t k = li < lj ? li : lj;
    char *l = NULL;
    upcrt_pts_t d = UPCRT_NULL_PTS, r = UPCRT_NULL_PTS;
    if (side_shared(dst) && side_shared(src)) {
      d = upcrt_pts_addbytes(side_pts(dst, i), oi);
      r = upcrt_pts_addbytes(side_pts(src, j), oj);
    } else if (side_shared(dst)) {
      r = upcrt_pts_addbytes(side_pts(dst, i), oi);
      l = side_priv(src, j) + oj;
    } else {
      r = upcrt_pts_addbytes(side_pts(src, j), oj);
      l = side_priv(dst, i) + oi;
    }
    if (side_shared(dst)) upcrt_seg_check(side_pts(dst, i), what);
    if (side_shared(src)) upcrt_seg_check(side_pts(src, j), what);
    add_piece(&p, l, d, r, k);
    oi += k;
    oj += k;
  }
  return p;
}

static int by_thread(const void *a, const void *b) {
  const piece_t *x = a, *y = b;
  return (x->r.thread > y->r.thread) - (x->r.thread < y->r.thread);
}

/* Posts the private<->shared pieces: direct copies for mapped threads, one
 * hindexed Rget/Rput per other thread. */
static void post_pieces(upcrt_nb_op_t *h, pieces_t *p, int put) {
  if (p->n > 1) qsort(p->v, p->n, sizeof *p->v, by_thread); /* stable order is not needed */
  for (size_t a = 0; a < p->n;) {
    size_t b = a;
    while (b < p->n && p->v[b].r.thread == p->v[a].r.thread) b++;
    int t = (int)p->v[a].r.thread;
    char *base = upcrt_node_base[t];
    if (base) {
      upcrt_see_own_updates();
      if (!put && upcrt_puts_pending) upcrt_access_flush_target(t);
      for (size_t i = a; i < b; i++) {
        if (put) memcpy(base + p->v[i].r.offset, p->v[i].l, p->v[i].n);
        else memcpy(p->v[i].l, base + p->v[i].r.offset, p->v[i].n);
      }
    } else {
      /* our relaxed puts and updates to t first: MPI does not order them */
      if (upcrt_puts_pending) upcrt_access_flush_target(t);
      int n = (int)(b - a);
      if (b - a > (size_t)INT_MAX) upcrt_fatal("non-contiguous transfer: too many regions");
      int *lens = malloc(sizeof(int) * (size_t)n);
      MPI_Aint *ld = malloc(sizeof(MPI_Aint) * (size_t)n), *rd = malloc(sizeof(MPI_Aint) * (size_t)n);
      if (!lens || !ld || !rd) upcrt_fatal("non-contiguous transfer: out of memory");
      for (int i = 0; i < n; i++) {
        if (p->v[a + i].n > (size_t)INT_MAX)
          upcrt_fatal("non-contiguous transfer: a region of %zu bytes to or from another "
                      "node (at most %d per region)", p->v[a + i].n, INT_MAX);
        lens[i] = (int)p->v[a + i].n;
        MPI_Get_address(p->v[a + i].l, &ld[i]);
        rd[i] = (MPI_Aint)p->v[a + i].r.offset;
      }
      MPI_Datatype lt, rt;
      MPI_Type_create_hindexed(n, lens, ld, MPI_BYTE, &lt);
      MPI_Type_create_hindexed(n, lens, rd, MPI_BYTE, &rt);
      MPI_Type_commit(&lt);
      MPI_Type_commit(&rt);
      if (put) upcrt_nb_rput(h, MPI_BOTTOM, lt, t, 0, rt);
      else upcrt_nb_rget(h, MPI_BOTTOM, lt, t, 0, rt);
      upcrt_transport_op_own_type(h, lt);
      upcrt_transport_op_own_type(h, rt);
      free(lens);
      free(ld);
      free(rd);
    }
    a = b;
  }
}

static upcrt_nb_op_t *xfer_lists(const side_t *dst, const side_t *src, const char *what) {
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_VIS, 0);
  pieces_t p = match(dst, src, what);
  upcrt_nb_op_t *h = upcrt_nb_new();
  if (!side_shared(src)) {
    post_pieces(h, &p, 1);
  } else if (!side_shared(dst)) {
    post_pieces(h, &p, 0);
  } else {
    /* shared to shared: a get where the destination is mapped here, a put
     * where the source is, and through a private buffer otherwise. */
    pieces_t gets = {0}, puts = {0}, bounce_g = {0}, bounce_p = {0};
    size_t bytes = 0;
    for (size_t i = 0; i < p.n; i++)
      if (!upcrt_pts_to_local(p.v[i].d) && !upcrt_pts_to_local(p.v[i].r)) bytes += p.v[i].n;
    char *tmp = bytes ? malloc(bytes) : NULL, *at = tmp;
    if (bytes && !tmp) upcrt_fatal("%s: out of memory for %zu bytes", what, bytes);
    for (size_t i = 0; i < p.n; i++) {
      piece_t *x = &p.v[i];
      char *dl = upcrt_pts_to_local(x->d), *sl = upcrt_pts_to_local(x->r);
      if (dl) add_piece(&gets, dl, UPCRT_NULL_PTS, x->r, x->n);
      else if (sl) add_piece(&puts, sl, UPCRT_NULL_PTS, x->d, x->n);
      else {
        add_piece(&bounce_g, at, UPCRT_NULL_PTS, x->r, x->n);
        add_piece(&bounce_p, at, UPCRT_NULL_PTS, x->d, x->n);
        at += x->n;
      }
    }
    if (bounce_g.n) {
      upcrt_nb_op_t *b = upcrt_nb_new();
      post_pieces(b, &bounce_g, 0);
      upcrt_nb_wait(upcrt_nb_finish(b));
      post_pieces(h, &bounce_p, 1);
      h->tmp = tmp; /* freed when the puts complete */
    }
    post_pieces(h, &gets, 0);
    post_pieces(h, &puts, 1);
    free(gets.v);
    free(puts.v);
    free(bounce_g.v);
    free(bounce_p.v);
  }
  free(p.v);
  return upcrt_nb_finish(h);
}

/* ---- Strided ---- */

static size_t strided_total(const size_t count[], size_t levels) {
  if (!count) upcrt_fatal("non-contiguous transfer: count is a null pointer");
  size_t t = 1;
  for (size_t i = 0; i <= levels; i++) t *= count[i];
  return t;
}

/* Nested hvector type of the strided shape. */
static MPI_Datatype strided_type(const size_t strides[], const size_t count[],
                                 size_t levels, const char *what) {
  for (size_t i = 0; i <= levels; i++)
    if (count[i] > (size_t)INT_MAX)
      upcrt_fatal("%s: count[%zu] = %zu is too large", what, i, count[i]);
  MPI_Datatype t, n;
  MPI_Type_contiguous((int)count[0], MPI_BYTE, &t);
  for (size_t i = 1; i <= levels; i++) {
    MPI_Type_create_hvector((int)count[i], 1, (MPI_Aint)strides[i - 1], t, &n);
    MPI_Type_free(&t);
    t = n;
  }
  MPI_Type_commit(&t);
  return t;
}

/* Committed strided types by shape, reused: a ghost exchange posts the same
 * few shapes again and again, and building and committing the two types
 * costs more than posting the get.  MPI lets a type in use by a pending
 * operation be freed, so an evicted entry is freed at once. */
#define TYPE_CACHE 64
#define TYPE_CACHE_LEVELS 3
static struct {
  size_t levels, count[TYPE_CACHE_LEVELS + 1], strides[TYPE_CACHE_LEVELS];
  MPI_Datatype t;
} type_cache[TYPE_CACHE];
static int type_cache_n, type_cache_next;


/* The strided type, from the cache when the shape is small enough; *owned
 * says the caller must free it (it is not cached). */
static MPI_Datatype strided_type_cached(const size_t strides[], const size_t count[],
                                        size_t levels, const char *what, int *owned) {
  *owned = levels > TYPE_CACHE_LEVELS;
  if (*owned) return strided_type(strides, count, levels, what);
  for (int i = 0; i < type_cache_n; i++)
    if (type_cache[i].levels == levels &&
        !memcmp(type_cache[i].count, count, sizeof(size_t) * (levels + 1)) &&
        (levels == 0 || !memcmp(type_cache[i].strides, strides, sizeof(size_t) * levels)))
      return type_cache[i].t;
  MPI_Datatype t = strided_type(strides, count, levels, what);
  int k;
  if (type_cache_n < TYPE_CACHE) {
    k = type_cache_n++;
  } else { /* round robin */
    k = type_cache_next;
    type_cache_next = (k + 1) % TYPE_CACHE;
    MPI_Type_free(&type_cache[k].t);
  }
  type_cache[k].levels = levels;
  memcpy(type_cache[k].count, count, sizeof(size_t) * (levels + 1));
  if (levels) memcpy(type_cache[k].strides, strides, sizeof(size_t) * levels);
  type_cache[k].t = t;
  return t;
}

/* ---- Strided gets from other nodes: aggregated, packed by the target ----
 * As in the seed (UPC++ for HPGMG-FV), the strided gets a thread starts
 * from one other thread travel together: each is queued, and a thread's
 * queue is a deferred transport operation that leaves when any handle is
 * waited for or tested, at bupc_poll or upcx_poll, or when it holds
 * VIS_BATCH_MAX gets or VIS_BATCH_BYTES.  It leaves as one request that
 * the target packs into one reply (packed.h says why not an MPI_Rget of
 * derived datatypes), and the origin unpacks the reply when the batch
 * completes.  Each get keeps its own handle, which completes with the
 * batch. */
#define VIS_BATCH_MAX 256
#define VIS_BATCH_BYTES ((size_t)1 << 26)
#define VIS_LEVELS UPCRT_PACKED_LEVELS /* deeper shapes are not queued */

typedef struct {
  char *dl;                  /* destination */
  uint64_t roff;             /* source offset at the target */
  size_t levels, count[VIS_LEVELS + 1], ls[VIS_LEVELS], rs[VIS_LEVELS];
} vis_get_t;

typedef struct {
  upcrt_nb_op_t *op; /* the open batch, or NULL */
  int n, cap;
  size_t bytes;
  vis_get_t *g;
} vis_queue_t;

static vis_queue_t *vis_queues; /* per thread */

/* A posted batch: what the origin unpacks, and the request it sent. */
typedef struct {
  vis_get_t *g;
  int n;
  char *reply;
  uint64_t *msg;
  size_t reply_cap, msg_cap;
} vis_batch_t;

static void unpack_batch(upcrt_nb_op_t *op) {
  vis_batch_t *b = op->done_arg;
  const char *at = b->reply;
  for (int i = 0; i < b->n; i++) {
    const vis_get_t *g = &b->g[i];
    upcrt_packed_copy(g->dl, g->ls, at, NULL, g->count, g->levels);
    at += upcrt_packed_shape_bytes(g->count, g->levels);
  }
  free(b->g);
  upcrt_packed_release(b->reply, b->reply_cap);
  upcrt_packed_release(b->msg, b->msg_cap);
  free(b);
  op->done_arg = NULL;
}

/* Posts thread t's queue (the post hook of its deferred operation). */
static void post_queue(upcrt_nb_op_t *op) {
  int t = (int)(intptr_t)op->post_arg;
  vis_queue_t *q = &vis_queues[t];
  upcrt_hunt_retire_all(); /* the unpack may write private memory under a HUNT strip */
  size_t words = 1;
  for (int i = 0; i < q->n; i++) words += upcrt_packed_shape_words(q->g[i].levels);
  vis_batch_t *b = malloc(sizeof *b);
  if (!b) upcrt_fatal("non-contiguous transfer: out of memory");
  size_t msg_cap, reply_cap;
  uint64_t *msg = upcrt_packed_buffer(sizeof(uint64_t) * words, &msg_cap);
  char *reply = upcrt_packed_buffer(q->bytes, &reply_cap);
  uint64_t *w = msg;
  *w++ = (uint64_t)q->n;
  for (int i = 0; i < q->n; i++) {
    const vis_get_t *g = &q->g[i];
    w = upcrt_packed_add_shape(w, g->roff, g->levels, g->count, g->rs);
  }
  *b = (vis_batch_t){q->g, q->n, reply, msg, reply_cap, msg_cap};
  MPI_Request r[2];
  upcrt_packed_post(t, msg, words, reply, q->bytes, r);
  upcrt_transport_op_add_request(op, r[0]);
  upcrt_transport_op_add_request(op, r[1]);
  upcrt_transport_op_wake(op, t);
  op->done = unpack_batch;
  op->done_arg = b;
  q->op = NULL;
  q->g = NULL;
  q->n = q->cap = 0;
  q->bytes = 0;
}

/* Queues a get of a strided shape at thread t, offset roff, into dl. */
static upcrt_nb_op_t *queue_get(char *dl, const size_t *lstrides, int t, uint64_t roff,
                                const size_t *rstrides, const size_t count[], size_t levels) {
  if (!vis_queues) {
    vis_queues = calloc((size_t)upcrt_threads, sizeof *vis_queues);
    if (!vis_queues) upcrt_fatal("non-contiguous transfer: out of memory");
  }
  /* the get must see this thread's earlier relaxed puts to t */
  if (upcrt_puts_pending) upcrt_access_flush_target(t);
  vis_queue_t *q = &vis_queues[t];
  size_t bytes = upcrt_packed_shape_bytes(count, levels);
  if (q->op && q->bytes + bytes > VIS_BATCH_BYTES) upcrt_transport_post_op(q->op);
  if (!q->op) {
    q->op = upcrt_nb_new();
    upcrt_transport_defer(q->op, post_queue, (void *)(intptr_t)t);
  }
  if (q->n == q->cap) {
    q->cap = q->cap ? 2 * q->cap : 32;
    q->g = realloc(q->g, sizeof *q->g * (size_t)q->cap);
    if (!q->g) upcrt_fatal("non-contiguous transfer: out of memory");
  }
  vis_get_t *g = &q->g[q->n++];
  g->dl = dl;
  g->roff = roff;
  g->levels = levels;
  memcpy(g->count, count, sizeof(size_t) * (levels + 1));
  if (levels) {
    memcpy(g->ls, lstrides, sizeof(size_t) * levels);
    memcpy(g->rs, rstrides, sizeof(size_t) * levels);
  }
  q->bytes += bytes;
  upcrt_nb_op_t *h = upcrt_transport_op_in_batch(q->op);
  if (q->n >= VIS_BATCH_MAX) upcrt_transport_post_op(q->op);
  return h;
}

void upcrt_vis_finalize(void) {
  /* gets queued but never waited for are dropped */
  for (int t = 0; vis_queues && t < upcrt_threads; t++) {
    vis_queue_t *q = &vis_queues[t];
    if (q->op) upcrt_transport_undefer(q->op);
    free(q->g);
    *q = (vis_queue_t){0};
  }
  for (int i = 0; i < type_cache_n; i++) MPI_Type_free(&type_cache[i].t);
  type_cache_n = type_cache_next = 0;
}

static upcrt_nb_op_t *xfer_strided(void *ldst, upcrt_pts_t sdst, const size_t *dstrides,
                                   const void *lsrc, upcrt_pts_t ssrc,
                                   const size_t *sstrides, const size_t count[],
                                   size_t levels, const char *what) {
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_event(UPCRT_STATS_VIS, 0);
  if (strided_total(count, levels) == 0) return UPC_COMPLETE_HANDLE;
  if (levels >= 64) upcrt_fatal("%s: %zu stride levels (at most 63)", what, levels);
  if (levels > 0 && (!dstrides || !sstrides))
    upcrt_fatal("%s: %zu stride levels but no stride array", what, levels);
  if (!ldst) upcrt_seg_check(sdst, what);
  if (!lsrc) upcrt_seg_check(ssrc, what);
  char *dl = ldst ? ldst : upcrt_pts_to_local(sdst);
  const char *sl = lsrc ? lsrc : upcrt_pts_to_local(ssrc);
  if (dl && sl) {
    if (!lsrc && upcrt_puts_pending) upcrt_access_flush_target((int)ssrc.thread);
    upcrt_packed_copy(dl, dstrides, sl, sstrides, count, levels);
    return UPC_COMPLETE_HANDLE;
  }
  int lown, rown;
  if (dl) { /* a get: queued for aggregation unless its shape is deep or huge */
    if (levels <= VIS_LEVELS && strided_total(count, levels) <= VIS_BATCH_BYTES)
      return queue_get(dl, dstrides, (int)ssrc.thread, ssrc.offset, sstrides, count, levels);
    MPI_Datatype lt = strided_type_cached(dstrides, count, levels, what, &lown);
    MPI_Datatype rt = strided_type_cached(sstrides, count, levels, what, &rown);
    upcrt_nb_op_t *h = upcrt_nb_new();
    upcrt_nb_rget(h, dl, lt, (int)ssrc.thread, (MPI_Aint)ssrc.offset, rt);
    if (lown) upcrt_transport_op_own_type(h, lt);
    if (rown) upcrt_transport_op_own_type(h, rt);
    return upcrt_nb_finish(h);
  }
  upcrt_nb_op_t *h = upcrt_nb_new();
  if (sl) { /* a put */
    MPI_Datatype lt = strided_type_cached(sstrides, count, levels, what, &lown);
    MPI_Datatype rt = strided_type_cached(dstrides, count, levels, what, &rown);
    upcrt_nb_rput(h, sl, lt, (int)sdst.thread, (MPI_Aint)sdst.offset, rt);
    if (lown) upcrt_transport_op_own_type(h, lt);
    if (rown) upcrt_transport_op_own_type(h, rt);
  } else { /* neither end mapped: gather into a private buffer, then put */
    size_t total = strided_total(count, levels);
    char *tmp = malloc(total);
    if (!tmp) upcrt_fatal("%s: out of memory for %zu bytes", what, total);
    /* the private buffer holds the shape contiguously */
    size_t cs[64];
    size_t acc = count[0];
    for (size_t i = 0; i < levels; i++) {
      cs[i] = acc;
      acc *= count[i + 1];
    }
    upcrt_nb_op_t *g = upcrt_nb_new();
    MPI_Datatype lt = strided_type(cs, count, levels, what);
    MPI_Datatype rt = strided_type(sstrides, count, levels, what);
    upcrt_nb_rget(g, tmp, lt, (int)ssrc.thread, (MPI_Aint)ssrc.offset, rt);
    upcrt_transport_op_own_type(g, rt);
    upcrt_nb_wait(g);
    MPI_Datatype rt2 = strided_type(dstrides, count, levels, what);
    upcrt_nb_rput(h, tmp, lt, (int)sdst.thread, (MPI_Aint)sdst.offset, rt2);
    upcrt_transport_op_own_type(h, lt);
    upcrt_transport_op_own_type(h, rt2);
    h->tmp = tmp;
  }
  return upcrt_nb_finish(h);
}

/* ---- The entry points ---- */

#define PV(c, l) ((side_t){(c), (l), NULL, NULL, NULL, 0})
#define SV(c, l) ((side_t){(c), NULL, (l), NULL, NULL, 0})
#define PI(c, l, n) ((side_t){(c), NULL, NULL, (l), NULL, (n)})
#define SI(c, l, n) ((side_t){(c), NULL, NULL, NULL, (l), (n)})

#define VIS_DEFS(R, S, RET)                                                        \
  R bupc_memcpy_vlist##S(size_t dc, upc_smemvec_t const dl[], size_t sc,           \
                         upc_smemvec_t const sl[]) {                               \
    side_t d = SV(dc, dl), s = SV(sc, sl);                                          \
    RET(xfer_lists(&d, &s, "bupc_memcpy_vlist" #S));                                \
  }                                                                                \
  R bupc_memput_vlist##S(size_t dc, upc_smemvec_t const dl[], size_t sc,           \
                         upc_pmemvec_t const sl[]) {                               \
    side_t d = SV(dc, dl), s = PV(sc, sl);                                          \
    RET(xfer_lists(&d, &s, "bupc_memput_vlist" #S));                                \
  }                                                                                \
  R bupc_memget_vlist##S(size_t dc, upc_pmemvec_t const dl[], size_t sc,           \
                         upc_smemvec_t const sl[]) {                               \
    side_t d = PV(dc, dl), s = SV(sc, sl);                                          \
    RET(xfer_lists(&d, &s, "bupc_memget_vlist" #S));                                \
  }                                                                                \
  R bupc_memcpy_ilist##S(size_t dc, upcrt_pts_t const dl[], size_t dlen, size_t sc, \
                         upcrt_pts_t const sl[], size_t slen) {                    \
    side_t d = SI(dc, dl, dlen), s = SI(sc, sl, slen);                              \
    RET(xfer_lists(&d, &s, "bupc_memcpy_ilist" #S));                                \
  }                                                                                \
  R bupc_memput_ilist##S(size_t dc, upcrt_pts_t const dl[], size_t dlen, size_t sc, \
                         void const *const sl[], size_t slen) {                    \
    side_t d = SI(dc, dl, dlen), s = PI(sc, (void *const *)sl, slen);               \
    RET(xfer_lists(&d, &s, "bupc_memput_ilist" #S));                                \
  }                                                                                \
  R bupc_memget_ilist##S(size_t dc, void *const dl[], size_t dlen, size_t sc,      \
                         upcrt_pts_t const sl[], size_t slen) {                    \
    side_t d = PI(dc, dl, dlen), s = SI(sc, sl, slen);                              \
    RET(xfer_lists(&d, &s, "bupc_memget_ilist" #S));                                \
  }                                                                                \
  R bupc_memcpy_strided##S(upcrt_pts_t da, const size_t ds[], upcrt_pts_t sa,      \
                           const size_t ss[], const size_t count[], size_t lv) {   \
    RET(xfer_strided(NULL, da, ds, NULL, sa, ss, count, lv, "bupc_memcpy_strided" #S)); \
  }                                                                                \
  R bupc_memput_strided##S(upcrt_pts_t da, const size_t ds[], const void *sa,      \
                           const size_t ss[], const size_t count[], size_t lv) {   \
    RET(xfer_strided(NULL, da, ds, sa, UPCRT_NULL_PTS, ss, count, lv,               \
                     "bupc_memput_strided" #S));                                    \
  }                                                                                \
  R bupc_memget_strided##S(void *da, const size_t ds[], upcrt_pts_t sa,            \
                           const size_t ss[], const size_t count[], size_t lv) {   \
    RET(xfer_strided(da, UPCRT_NULL_PTS, ds, NULL, sa, ss, count, lv,               \
                     "bupc_memget_strided" #S));                                    \
  }

#define RET_WAIT(x) upcrt_nb_wait(x)
#define RET_HANDLE(x) return (x)
VIS_DEFS(void, , RET_WAIT)
VIS_DEFS(bupc_handle_t, _async, RET_HANDLE)
