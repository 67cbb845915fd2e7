/* coalesce.c — coalesced reads: a loop's schedule fetched in one indexed get
 * per thread on another node (coalesce.h says why and what it keeps). */
#include "coalesce.h"

#include <stdlib.h>
#include <string.h>

#include "access.h"
#include "core/start.h"
#include "core/stats.h"
#include "transport.h"
#include "upcrt.h"

size_t upcrt_coalesce_limit;

/* One slot's addresses grouped by thread: the distinct ones, those of other
 * nodes first (the indexed get fills ubuf's start), then this node's. */
typedef struct {
  upcrt_pts_t *prev;   /* the addresses it was made from */
  size_t prevn;
  upcrt_pts_t *uaddr;  /* distinct addresses: nremote, then the node's */
  size_t nu, nremote;
  uint64_t *off;       /* the first nremote's offsets, and their lengths */
  size_t *len;
  size_t *where;       /* read i's value is distinct element where[i] */
  char *ubuf;          /* the values of the first nremote */
  const char **local;  /* the addresses of the others in this process */
  size_t atcap;        /* entries of the slot's at */
} grouping_t;

static upcrt_coalesce_stats_t stats;

void upcrt_coalesce_stats(upcrt_coalesce_stats_t *s) { *s = stats; }

static void *grow_or_die(void *p, size_t bytes) {
  void *q = realloc(p, bytes ? bytes : 1);
  if (!q) upcrt_fatal("coalesced reads: out of memory for %zu bytes", bytes);
  return q;
}

void upcrt_coalesce_begin(upcrt_coalesce_t *c, int nslots, const size_t *elemsizes) {
  if (!upcrt_coalesce_limit)
    upcrt_coalesce_limit = upcrt_start_env_count("UPCRT_COALESCE_LIMIT", (size_t)1 << 20, 1,
                                                 (size_t)1 << 32);
  if (c->nslots != nslots) { /* first use (a loop's slots never change) */
    c->slot = grow_or_die(NULL, sizeof *c->slot * (size_t)nslots);
    memset(c->slot, 0, sizeof *c->slot * (size_t)nslots);
    c->nslots = nslots;
  }
  for (int k = 0; k < nslots; k++) {
    c->slot[k].n = 0;
    c->slot[k].elemsize = elemsizes[k];
  }
  c->total = 0;
}

void upcrt_coalesce_grow(upcrt_coalesce_slot_t *s) {
  s->cap = s->cap ? 2 * s->cap : 1024;
  s->addr = grow_or_die(s->addr, sizeof *s->addr * s->cap);
}

void upcrt_coalesce_add_strided(upcrt_coalesce_t *c, int slot, upcrt_pts_t first, long long n,
                                long long stride, size_t block, size_t elemsize) {
  upcrt_pts_t p = first;
  for (long long k = 0; k < n; k++) {
    upcrt_coalesce_add(c, slot, p);
    p = upcrt_pts_add(p, (ptrdiff_t)stride, block, elemsize);
  }
}

typedef struct {
  uint32_t remote; /* 0: on another node (sorts first) */
  uint32_t thread;
  uint64_t offset;
  size_t read;
} place_t;

static int by_place(const void *a, const void *b) {
  const place_t *x = a, *y = b;
  if (x->remote != y->remote) return x->remote < y->remote ? -1 : 1;
  if (x->thread != y->thread) return x->thread < y->thread ? -1 : 1;
  if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
  return 0;
}

static void regroup(const upcrt_coalesce_slot_t *s, grouping_t *g) {
  size_t n = s->n;
  place_t *keys = grow_or_die(NULL, sizeof *keys * n);
  for (size_t i = 0; i < n; i++) {
    upcrt_pts_t p = s->addr[i];
    if (upcrt_pts_isnull(p) || p.thread >= (uint32_t)upcrt_threads)
      upcrt_fatal("coalesced read %zu of a loop: %s pointer-to-shared", i,
                  upcrt_pts_isnull(p) ? "a null" : "an invalid");
    keys[i] = (place_t){upcrt_node_base[p.thread] != NULL, p.thread, p.offset, i};
  }
  qsort(keys, n, sizeof *keys, by_place);
  g->uaddr = grow_or_die(g->uaddr, sizeof *g->uaddr * n);
  g->where = grow_or_die(g->where, sizeof *g->where * n);
  g->nu = g->nremote = 0;
  for (size_t i = 0; i < n; i++) {
    if (i == 0 || by_place(&keys[i], &keys[i - 1]) != 0) {
      g->uaddr[g->nu++] = (upcrt_pts_t){keys[i].offset, keys[i].thread, 0};
      if (!keys[i].remote) g->nremote++;
    }
    g->where[keys[i].read] = g->nu - 1;
  }
  free(keys);
  g->ubuf = grow_or_die(g->ubuf, g->nremote * s->elemsize);
  g->off = grow_or_die(g->off, sizeof *g->off * g->nremote);
  g->len = grow_or_die(g->len, sizeof *g->len * g->nremote);
  for (size_t j = 0; j < g->nremote; j++) {
    g->off[j] = g->uaddr[j].offset;
    g->len[j] = s->elemsize;
  }
  g->local = grow_or_die(g->local, sizeof *g->local * (g->nu - g->nremote));
  g->prev = grow_or_die(g->prev, sizeof *g->prev * n);
  memcpy(g->prev, s->addr, sizeof *g->prev * n);
  g->prevn = n;
}

/* Where read i finds its value: the copy of an element of another node, or
 * this node's element itself. */
static void point(upcrt_coalesce_slot_t *s, const grouping_t *g) {
  for (size_t j = g->nremote; j < g->nu; j++)
    g->local[j - g->nremote] = upcrt_node_base[g->uaddr[j].thread] + g->uaddr[j].offset;
  for (size_t i = 0; i < s->n; i++) {
    size_t w = g->where[i];
    s->at[i] = w < g->nremote ? g->ubuf + w * s->elemsize : g->local[w - g->nremote];
  }
}

void upcrt_coalesce_fetch(upcrt_coalesce_t *c) {
  stats.fetches++;
  upcrt_transport_op_t *op = upcrt_transport_op_new();
  for (int k = 0; k < c->nslots; k++) {
    upcrt_coalesce_slot_t *s = &c->slot[k];
    if (!s->n) continue;
    grouping_t *g = s->grouping;
    if (!g) g = s->grouping = calloc(1, sizeof *g);
    if (!g) upcrt_fatal("coalesced reads: out of memory");
    if (g->prevn == s->n && !memcmp(g->prev, s->addr, sizeof *s->addr * s->n)) {
      stats.reused++; /* the same reads: at still points to their places */
    } else {
      regroup(s, g);
      if (g->atcap < s->n) {
        g->atcap = s->n;
        s->at = grow_or_die(s->at, sizeof *s->at * s->n);
      }
      point(s, g);
    }
    stats.reads += s->n;
    stats.distinct += g->nu;
    stats.remote += g->nremote;
    /* one indexed get per thread of another node, all in one operation,
     * each after this thread's relaxed puts, cached writes and updates to
     * that thread */
    for (size_t a = 0; a < g->nremote;) {
      size_t b = a;
      uint32_t t = g->uaddr[a].thread;
      while (b < g->nremote && g->uaddr[b].thread == t) b++;
      if (upcrt_puts_pending) upcrt_access_flush_target((int)t);
      if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_read((int)t, (b - a) * s->elemsize);
      upcrt_transport_op_get_indexed(op, g->ubuf + a * s->elemsize, (int)t, b - a, g->off + a,
                                     g->len + a);
      stats.gets++;
      a = b;
    }
  }
  upcrt_transport_op_wait(op, NULL);
  upcrt_transport_op_free(op);
  /* the loop reads this node's elements where they are */
  upcrt_see_own_updates();
}
