/* coalesce.c — coalesced reads: a loop's schedule fetched in one indexed get
 * per thread on another node (coalesce.h says why and what it keeps). */
#include "coalesce.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "access.h"
#include "core/start.h"
#include "core/stats.h"
#include "transport.h"
#include "upcrt.h"

size_t upcrt_coalesce_limit;

/* The elements of one thread of another node that a slot reads, fetched
 * together: the bytes from the first to the last with one contiguous get
 * where they are dense (a contiguous get needs nothing of the target, a
 * packed one waits for it to poll), else each distinct element once with
 * one indexed get. */
typedef struct {
  uint32_t thread;
  int whole;           /* the span at once */
  uint64_t lo;         /* whole: its first byte */
  size_t first, end;   /* else: its distinct elements, off[first, end) */
  size_t bytes, at;    /* bytes fetched, where in buf */
} group_t;

/* Dense enough for one contiguous get: the span is at most this many times
 * the distinct bytes read. */
enum { WHOLE_SPAN = 4 };

/* One slot's reads grouped by thread, for the reads the slot held at its
 * last fetch (n of them, by index from base or by address). */
typedef struct {
  size_t n;
  int by_index, window;
  long long first, last; /* a window's range */
  upcrt_pts_t base;
  size_t block;
  group_t *groups;     /* the threads of other nodes read */
  size_t ngroups;
  uint64_t *off;       /* the distinct elements of the sparse groups */
  size_t *len;
  char *buf;           /* the groups' bytes */
  /* scratch of a regrouping, per thread: reads, first and last offset,
   * distinct offsets, its group, its bits in seen; per read: its distinct
   * element in a sparse group */
  size_t *count, *distinct, *group, *bit;
  uint64_t *lo, *hi;
  uint8_t *seen;
  size_t *where;
} grouping_t;

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
    c->slot[k].by_index = 0;
    c->slot[k].changed = 0;
    c->slot[k].lo = LLONG_MAX;
    c->slot[k].hi = LLONG_MIN;
    c->slot[k].window = 0;
  }
  c->total = 0;
}

/* A window pays: its range is at most this many times the reads. */
enum { WINDOW_SPAN = 4 };

int upcrt_coalesce_windows(upcrt_coalesce_t *c) {
  int list = 0;
  for (int k = 0; k < c->nslots; k++) {
    upcrt_coalesce_slot_t *s = &c->slot[k];
    if (!s->by_index || !s->n) continue;
    if (s->extent) { /* the whole object, or its reads listed */
      s->lo = 0;
      s->hi = (long long)s->extent - 1;
    }
    s->window = (unsigned long long)(s->hi - s->lo) < (unsigned long long)WINDOW_SPAN * s->n;
    if (s->window) continue;
    c->total -= s->n; /* listed again */
    s->n = 0;
    list = 1;
  }
  return list;
}

void upcrt_coalesce_grow(upcrt_coalesce_slot_t *s) {
  s->cap = s->cap ? 2 * s->cap : 1024;
  s->addr = grow_or_die(s->addr, sizeof *s->addr * s->cap);
  s->index = grow_or_die(s->index, sizeof *s->index * s->cap);
  s->changed = 1; /* what the adds compare with is not there yet */
}

upcrt_coalesce_cursor_t upcrt_coalesce_more(upcrt_coalesce_t *c, int slot,
                                            upcrt_coalesce_cursor_t k) {
  upcrt_coalesce_slot_t *s = &c->slot[slot];
  upcrt_coalesce_close(c, slot, k);
  upcrt_coalesce_grow(s);
  return upcrt_coalesce_open(c, slot);
}

/* The slot's reads are those the grouping was made for. */
static int same_reads(const upcrt_coalesce_slot_t *s, const grouping_t *g) {
  if (g->window != s->window || g->by_index != s->by_index) return 0;
  if (s->by_index && !(upcrt_pts_eq(g->base, s->base) && g->base.phase == s->base.phase &&
                       g->block == s->block))
    return 0;
  if (s->window) return g->first == s->lo && g->last == s->hi;
  return !s->changed && g->n == s->n;
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
  uint32_t thread;
  uint64_t offset;
  size_t read;
} place_t;

static int by_place(const void *a, const void *b) {
  const place_t *x = a, *y = b;
  if (x->thread != y->thread) return x->thread < y->thread ? -1 : 1;
  if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
  return 0;
}

/* The per-thread scratch of a regrouping, made once (THREADS is fixed). */
static void scratch(grouping_t *g) {
  if (g->count) return;
  size_t nthreads = (size_t)upcrt_threads;
  g->count = grow_or_die(NULL, sizeof *g->count * nthreads);
  g->distinct = grow_or_die(NULL, sizeof *g->distinct * nthreads);
  g->group = grow_or_die(NULL, sizeof *g->group * nthreads);
  g->bit = grow_or_die(NULL, sizeof *g->bit * nthreads);
  g->lo = grow_or_die(NULL, sizeof *g->lo * nthreads);
  g->hi = grow_or_die(NULL, sizeof *g->hi * nthreads);
}

/* The elements of a sparse group: its reads sorted by place, each distinct
 * element once in off/len, where[] of each read. */
static void list_sparse(const upcrt_coalesce_slot_t *s, grouping_t *g, size_t nsparse) {
  place_t *keys = grow_or_die(NULL, sizeof *keys * nsparse);
  size_t m = 0;
  for (size_t i = 0; i < s->n; i++) {
    upcrt_pts_t p = s->addr[i];
    size_t grp = g->group[p.thread];
    if (grp != SIZE_MAX && !g->groups[grp].whole) keys[m++] = (place_t){p.thread, p.offset, i};
  }
  qsort(keys, m, sizeof *keys, by_place);
  size_t nd = 0;
  for (size_t j = 0; j < m; j++) {
    if (j == 0 || by_place(&keys[j], &keys[j - 1]) != 0) {
      g->off[nd] = keys[j].offset;
      g->len[nd] = s->elemsize;
      group_t *gr = &g->groups[g->group[keys[j].thread]];
      if (j == 0 || keys[j].thread != keys[j - 1].thread) gr->first = nd;
      gr->end = ++nd;
    }
    g->where[keys[j].read] = nd - 1;
  }
  free(keys);
}

/* Groups the slot's reads by thread, without sorting where a thread's
 * elements are dense (the span is fetched) or on this node (read in
 * place), and points each read's `at` at its value. */
static void regroup(upcrt_coalesce_slot_t *s, grouping_t *g) {
  size_t n = s->n, es = s->elemsize, nthreads = (size_t)upcrt_threads;
  if (s->by_index)
    for (size_t i = 0; i < n; i++)
      s->addr[i] = upcrt_pts_add(s->base, (ptrdiff_t)s->index[i], s->block, es);
  scratch(g);
  memset(g->count, 0, sizeof *g->count * nthreads);
  for (size_t i = 0; i < n; i++) {
    upcrt_pts_t p = s->addr[i];
    if (upcrt_pts_isnull(p) || p.thread >= nthreads)
      upcrt_fatal("coalesced read %zu of a loop: %s pointer-to-shared", i,
                  upcrt_pts_isnull(p) ? "a null" : "an invalid");
    size_t t = p.thread;
    if (upcrt_node_base[t]) continue;
    if (!g->count[t]++) g->lo[t] = g->hi[t] = p.offset;
    if (p.offset < g->lo[t]) g->lo[t] = p.offset;
    if (p.offset > g->hi[t]) g->hi[t] = p.offset;
  }
  /* a thread whose span is small beside its reads may be dense: count its
   * distinct offsets, a bit each */
  size_t bits = 0;
  for (size_t t = 0; t < nthreads; t++) {
    g->distinct[t] = 0;
    g->bit[t] = SIZE_MAX;
    if (g->count[t] && g->hi[t] + es - g->lo[t] <= WHOLE_SPAN * g->count[t] * es) {
      g->bit[t] = bits;
      bits += g->hi[t] - g->lo[t] + 1;
    }
  }
  g->seen = grow_or_die(g->seen, bits / 8 + 1);
  memset(g->seen, 0, bits / 8 + 1);
  for (size_t i = 0; i < n; i++) {
    upcrt_pts_t p = s->addr[i];
    size_t t = p.thread;
    if (upcrt_node_base[t] || g->bit[t] == SIZE_MAX) continue;
    size_t b = g->bit[t] + (p.offset - g->lo[t]);
    uint8_t m = (uint8_t)(1u << (b % 8));
    if (!(g->seen[b / 8] & m)) {
      g->seen[b / 8] |= m;
      g->distinct[t]++;
    }
  }
  g->groups = grow_or_die(g->groups, sizeof *g->groups * nthreads);
  g->ngroups = 0;
  size_t nsparse = 0;
  for (size_t t = 0; t < nthreads; t++) {
    g->group[t] = SIZE_MAX;
    if (!g->count[t]) continue;
    size_t span = g->hi[t] + es - g->lo[t];
    int whole = g->bit[t] != SIZE_MAX && span <= WHOLE_SPAN * g->distinct[t] * es;
    g->group[t] = g->ngroups;
    g->groups[g->ngroups++] = (group_t){(uint32_t)t, whole, g->lo[t], 0, 0, span, 0};
    if (!whole) nsparse += g->count[t];
  }
  g->off = grow_or_die(g->off, sizeof *g->off * (nsparse ? nsparse : 1));
  g->len = grow_or_die(g->len, sizeof *g->len * (nsparse ? nsparse : 1));
  g->where = grow_or_die(g->where, sizeof *g->where * (n ? n : 1));
  if (nsparse) list_sparse(s, g, nsparse);
  size_t bytes = 0;
  for (size_t k = 0; k < g->ngroups; k++) {
    group_t *gr = &g->groups[k];
    if (!gr->whole) gr->bytes = (gr->end - gr->first) * es;
    gr->at = bytes;
    bytes += gr->bytes;
  }
  g->buf = grow_or_die(g->buf, bytes);
  s->at = grow_or_die(s->at, sizeof *s->at * (n ? n : 1));
  for (size_t i = 0; i < n; i++) {
    upcrt_pts_t p = s->addr[i];
    if (upcrt_node_base[p.thread]) {
      s->at[i] = upcrt_node_base[p.thread] + p.offset;
      continue;
    }
    const group_t *gr = &g->groups[g->group[p.thread]];
    s->at[i] = g->buf + gr->at + (gr->whole ? p.offset - gr->lo : (g->where[i] - gr->first) * es);
  }
  g->n = n;
  g->window = 0;
  g->by_index = s->by_index;
  g->base = s->base;
  g->block = s->block;
}

/* A window: the elements from the start of lo's block to hi, from the
 * slot's base, in whole blocks (one run, the layout indefinite); a
 * thread's blocks are consecutive in its memory, so each thread of another
 * node is one span, fetched whole; at[r] is where block r of the window
 * starts (upcrt_coalesce_window_at), wfirst its first element. */
static void regroup_window(upcrt_coalesce_slot_t *s, grouping_t *g) {
  size_t es = s->elemsize, nthreads = (size_t)upcrt_threads, B = s->block;
  upcrt_pts_t p0 = upcrt_pts_add(s->base, (ptrdiff_t)s->lo, B, es);
  s->wfirst = s->lo - (long long)(B ? p0.phase : 0);
  size_t span = (size_t)(s->hi - s->wfirst) + 1, runs = B ? (span + B - 1) / B : 1;
  scratch(g);
  memset(g->count, 0, sizeof *g->count * nthreads);
  /* the runs, twice: each thread's span, then where each run is */
  for (int pass = 0; pass < 2; pass++) {
    for (size_t r = 0; r < runs; r++) {
      long long e = s->wfirst + (long long)(r * B);
      upcrt_pts_t p = upcrt_pts_add(s->base, (ptrdiff_t)e, B, es);
      if (upcrt_pts_isnull(p) || p.thread >= nthreads)
        upcrt_fatal("coalesced read of element %lld of a loop's array: %s pointer-to-shared", e,
                    upcrt_pts_isnull(p) ? "a null" : "an invalid");
      size_t t = p.thread, len = B && B < span - r * B ? B : span - r * B;
      if (pass == 0 && !upcrt_node_base[t]) {
        uint64_t last = p.offset + (len - 1) * es;
        if (!g->count[t]++) g->lo[t] = p.offset, g->hi[t] = last;
        if (p.offset < g->lo[t]) g->lo[t] = p.offset;
        if (last > g->hi[t]) g->hi[t] = last;
      } else if (pass == 1) {
        s->at[r] = upcrt_node_base[t] ? upcrt_node_base[t] + p.offset
                                      : g->buf + g->groups[g->group[t]].at + (p.offset - g->lo[t]);
      }
    }
    if (pass == 1) break;
    g->groups = grow_or_die(g->groups, sizeof *g->groups * nthreads);
    g->ngroups = 0;
    size_t bytes = 0;
    for (size_t t = 0; t < nthreads; t++) {
      if (!g->count[t]) continue;
      size_t b = g->hi[t] + es - g->lo[t];
      g->group[t] = g->ngroups;
      g->groups[g->ngroups++] = (group_t){(uint32_t)t, 1, g->lo[t], 0, 0, b, bytes};
      bytes += b;
    }
    g->buf = grow_or_die(g->buf, bytes);
    s->at = grow_or_die(s->at, sizeof *s->at * runs);
  }
  g->window = 1;
  g->by_index = 1;
  g->first = s->lo;
  g->last = s->hi;
  g->base = s->base;
  g->block = s->block;
}

void upcrt_coalesce_fetch(upcrt_coalesce_t *c) {
  upcrt_transport_op_t *op = upcrt_transport_op_new();
  for (int k = 0; k < c->nslots; k++) {
    upcrt_coalesce_slot_t *s = &c->slot[k];
    if (!s->n) continue;
    grouping_t *g = s->grouping;
    if (!g) g = s->grouping = calloc(1, sizeof *g);
    if (!g) upcrt_fatal("coalesced reads: out of memory");
    if (!same_reads(s, g)) { /* else `at` still points to their places */
      if (s->window) regroup_window(s, g);
      else regroup(s, g);
    }
    /* one get per thread of another node, all in one operation, each
     * after this thread's relaxed puts, cached writes and updates to that
     * thread */
    for (size_t j = 0; j < g->ngroups; j++) {
      const group_t *gr = &g->groups[j];
      int t = (int)gr->thread;
      if (upcrt_puts_pending) upcrt_access_flush_target(t);
      if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_read(t, gr->bytes);
      if (gr->whole)
        upcrt_transport_op_get_bytes(op, g->buf + gr->at, t, gr->lo, gr->bytes);
      else
        upcrt_transport_op_get_indexed(op, g->buf + gr->at, t, gr->end - gr->first,
                                       g->off + gr->first, g->len + gr->first);
    }
  }
  upcrt_transport_op_wait(op, NULL);
  upcrt_transport_op_free(op);
  /* the loop reads this node's elements where they are */
  upcrt_see_own_updates();
}
