/* cache.c — the MuPC software cache of remote relaxed scalar accesses (see cache.h). */
#include "cache.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "core/segment.h"
#include "core/start.h"
#include "transport.h"

/* Defaults measured with test/bench/cache_bench.c (docs/runtime.md, "The software cache"). */
#define DEFAULT_LINES 256
#define DEFAULT_LINE_SIZE 256
#define MAX_LINES ((size_t)1 << 20)
#define MAX_LINE_SIZE ((size_t)1 << 20)
/* Every this many hits the cache is written back and emptied, so that a
 * loop polling a relaxed flag without a fence still sees it change. */
#define REFRESH_HITS (1u << 16)

typedef struct {
  uint64_t line;   /* line number: segment offset / line size */
  uint32_t epoch;  /* valid while equal to upcrt_cache_epoch[thread]; 0 never is */
  int thread;
  int dirty;       /* some bit of mask is set */
  int listed;      /* this slot is on the dirty list (stays with the slot) */
  int partial;     /* made by a write miss: only the bytes of mask are loaded */
  unsigned char *data;
  uint64_t *mask;  /* dirty-byte bitmap */
} upcrt_cache_line_t;

static size_t upcrt_cache_lines, upcrt_cache_conf_lines, upcrt_cache_lsize, upcrt_cache_nvictim;
static unsigned upcrt_cache_shift; /* log2 of the line size */
static size_t upcrt_cache_mwords;  /* 64-bit words of a dirty mask */
static upcrt_cache_line_t **upcrt_cache_seg; /* per thread, made on first use */
static uint32_t *upcrt_cache_epoch;          /* per thread */
static unsigned char *upcrt_cache_held;      /* per thread: may hold valid lines */
static int *upcrt_cache_hlist, upcrt_cache_nheld;
static upcrt_cache_line_t *upcrt_cache_victim;
static uint64_t *upcrt_cache_vtag; /* each victim's line and thread, packed */
static uint64_t upcrt_cache_vsum[4]; /* a bit per victim tag: most misses skip the scan */
static size_t upcrt_cache_vnext; /* round-robin replacement in the victim cache */
static upcrt_cache_line_t **upcrt_cache_dlist; /* slots that may hold dirty lines */
static size_t upcrt_cache_ndirty, upcrt_cache_dcap;
static unsigned char *upcrt_cache_scratch; /* a line read to complete a partial one */
static MPI_Aint *upcrt_cache_disp;
static int *upcrt_cache_len;
static unsigned upcrt_cache_refresh;

/* How lookups treat a miss: a read loads the line, a write allocates it
 * without loading, or (while writes keep missing) does not allocate. */
enum { CACHE_READ, CACHE_WRITE, CACHE_WRITE_AROUND };
/* Writes that miss again and again (random writes) gain nothing from a line
 * and pay its write-back, so after a window of writes with few hits they go
 * around the cache for a while; then a window of allocation measures again. */
#define WRITE_WINDOW 256
#define WRITE_AROUND_WINDOWS 64
static unsigned upcrt_cache_writes, upcrt_cache_write_hits, upcrt_cache_around_left;
static int upcrt_cache_hit; /* the last lookup found its line */
static upcrt_cache_stats_t upcrt_cache_st;

static void *upcrt_cache_alloc(size_t n) {
  void *p = calloc(1, n ? n : 1);
  if (!p) upcrt_fatal("software cache: out of private memory (%zu bytes)", n);
  return p;
}

static void upcrt_cache_make_line(upcrt_cache_line_t *l, unsigned char *data, uint64_t *mask) {
  l->data = data;
  l->mask = mask;
}

void upcrt_cache_init(void) {
  upcrt_cache_lines = upcrt_start_env_count("UPCRT_CACHE_LINES", DEFAULT_LINES, 0, MAX_LINES);
  upcrt_cache_lsize =
      upcrt_start_env_count("UPCRT_CACHE_LINE_SIZE", DEFAULT_LINE_SIZE, 8, MAX_LINE_SIZE);
  if (upcrt_cache_lsize & (upcrt_cache_lsize - 1))
    upcrt_fatal("UPCRT_CACHE_LINE_SIZE=%zu: the line size must be a power of two >= 8",
                upcrt_cache_lsize);
  /* every other thread on this node is mapped: nothing to cache */
  int remote = 0;
  for (int t = 0; t < upcrt_threads; t++) remote |= upcrt_node_base[t] == NULL;
  if (!remote) upcrt_cache_lines = 0;
  upcrt_cache_st.lines = upcrt_cache_lines;
  upcrt_cache_st.line_size = upcrt_cache_lsize;
  if (upcrt_cache_lines == 0) return;
  while (((size_t)1 << upcrt_cache_shift) < upcrt_cache_lsize) upcrt_cache_shift++;
  upcrt_cache_mwords = (upcrt_cache_lsize + 63) / 64;
  /* a small fully associative victim cache: 1/16 of a segment, 2 to 32 lines */
  upcrt_cache_nvictim = upcrt_cache_lines / 16;
  if (upcrt_cache_nvictim < 2) upcrt_cache_nvictim = 2;
  if (upcrt_cache_nvictim > 32) upcrt_cache_nvictim = 32;
  upcrt_cache_st.victim_lines = upcrt_cache_nvictim;
  size_t T = (size_t)upcrt_threads;
  upcrt_cache_seg = upcrt_cache_alloc(T * sizeof *upcrt_cache_seg);
  upcrt_cache_epoch = upcrt_cache_alloc(T * sizeof *upcrt_cache_epoch);
  upcrt_cache_held = upcrt_cache_alloc(T);
  upcrt_cache_hlist = upcrt_cache_alloc(T * sizeof *upcrt_cache_hlist);
  for (size_t t = 0; t < T; t++) upcrt_cache_epoch[t] = 1;
  upcrt_cache_victim = upcrt_cache_alloc(upcrt_cache_nvictim * sizeof *upcrt_cache_victim);
  upcrt_cache_vtag = upcrt_cache_alloc(upcrt_cache_nvictim * sizeof *upcrt_cache_vtag);
  unsigned char *d = upcrt_cache_alloc(upcrt_cache_nvictim * upcrt_cache_lsize);
  uint64_t *m = upcrt_cache_alloc(upcrt_cache_nvictim * upcrt_cache_mwords * 8);
  for (size_t i = 0; i < upcrt_cache_nvictim; i++)
    upcrt_cache_make_line(&upcrt_cache_victim[i], d + i * upcrt_cache_lsize,
                          m + i * upcrt_cache_mwords);
  upcrt_cache_conf_lines = upcrt_cache_lines;
  upcrt_cache_disp = upcrt_cache_alloc(upcrt_cache_lsize / 2 * sizeof *upcrt_cache_disp);
  upcrt_cache_len = upcrt_cache_alloc(upcrt_cache_lsize / 2 * sizeof *upcrt_cache_len);
  upcrt_cache_scratch = upcrt_cache_alloc(upcrt_cache_lsize);
}

static upcrt_cache_line_t *upcrt_cache_segment(int t) {
  upcrt_cache_line_t *s = upcrt_cache_seg[t];
  if (s) return s;
  size_t n = upcrt_cache_lines;
  s = upcrt_cache_seg[t] = upcrt_cache_alloc(n * sizeof *s);
  unsigned char *d = upcrt_cache_alloc(n * upcrt_cache_lsize);
  uint64_t *m = upcrt_cache_alloc(n * upcrt_cache_mwords * 8);
  for (size_t i = 0; i < n; i++)
    upcrt_cache_make_line(&s[i], d + i * upcrt_cache_lsize, m + i * upcrt_cache_mwords);
  return s;
}

/* The slot of line L (a mask for the usual power-of-two number of lines: a
 * division would cost a random write's lookup several times over). */
static size_t upcrt_cache_slot(uint64_t L) {
  size_t n = upcrt_cache_lines;
  return (n & (n - 1)) == 0 ? (size_t)L & (n - 1) : (size_t)(L % n);
}

static int upcrt_cache_valid(const upcrt_cache_line_t *l) {
  return l->epoch && l->epoch == upcrt_cache_epoch[l->thread];
}

/* Puts the dirty bytes of l: runs that fit a batch join the other relaxed
 * puts to the thread (transport.c gathers them: a fence's write-back of a
 * stream of lines is a few messages, not one per line), else one indexed
 * put (one MPI_Put, an hindexed datatype when they form several runs) from
 * a copy in the staging buffer.  Either way the slot can be reused at once; the next completion of
 * the thread's puts completes it. */
static void upcrt_cache_write_back(upcrt_cache_line_t *l) {
  if (!l->dirty) return;
  int n = 0;
  size_t i = 0, ls = upcrt_cache_lsize, bytes = 0;
  while (i < ls) {
    uint64_t w = l->mask[i / 64] >> (i % 64);
    if (w == 0) {
      i = (i / 64 + 1) * 64;
      continue;
    }
    if (!(w & 1)) {
      i += (size_t)__builtin_ctzll(w);
      continue;
    }
    size_t start = i;
    while (i < ls && (l->mask[i / 64] >> (i % 64) & 1)) i++;
    upcrt_cache_disp[n] = (MPI_Aint)start;
    upcrt_cache_len[n] = (int)(i - start);
    bytes += i - start;
    n++;
  }
  uint64_t line_off = l->line << upcrt_cache_shift;
  if (n <= 8 && bytes <= UPCRT_TRANSPORT_RUN_MAX) {
    for (int k = 0; k < n; k++)
      upcrt_transport_put_run(l->thread, line_off + (uint64_t)upcrt_cache_disp[k],
                              l->data + upcrt_cache_disp[k], (size_t)upcrt_cache_len[k]);
  } else {
    upcrt_transport_put_indexed(l->thread, line_off, l->data, n, upcrt_cache_disp,
                                upcrt_cache_len);
  }
  memset(l->mask, 0, upcrt_cache_mwords * 8);
  l->dirty = 0;
  upcrt_cache_st.writebacks++;
}

/* Swaps the contents of two slots; each keeps its place on the dirty list. */
static void upcrt_cache_swap(upcrt_cache_line_t *a, upcrt_cache_line_t *b) {
  upcrt_cache_line_t x = *a;
  int la = a->listed, lb = b->listed;
  *a = *b;
  *b = x;
  a->listed = la;
  b->listed = lb;
}

static void upcrt_cache_list_dirty(upcrt_cache_line_t *l) {
  if (l->listed) return;
  if (upcrt_cache_ndirty == upcrt_cache_dcap) {
    upcrt_cache_dcap = upcrt_cache_dcap ? 2 * upcrt_cache_dcap : 64;
    upcrt_cache_dlist = realloc(upcrt_cache_dlist, upcrt_cache_dcap * sizeof *upcrt_cache_dlist);
    if (!upcrt_cache_dlist) upcrt_fatal("software cache: out of private memory");
  }
  upcrt_cache_dlist[upcrt_cache_ndirty++] = l;
  l->listed = 1;
}

/* A tag may be shared by two lines (it only narrows the search). */
static uint64_t upcrt_cache_tag(uint64_t line, int t) { return line << 20 ^ (uint64_t)t; }
static unsigned upcrt_cache_vbit(uint64_t tag) {
  return (unsigned)((tag * 0x9E3779B97F4A7C15ull) >> 56);
}

/* Swaps slot s with victim i, whose tag follows. */
static void upcrt_cache_swap_victim(upcrt_cache_line_t *s, size_t i) {
  upcrt_cache_line_t *v = &upcrt_cache_victim[i];
  upcrt_cache_swap(s, v);
  upcrt_cache_vtag[i] = upcrt_cache_tag(v->line, v->thread);
  memset(upcrt_cache_vsum, 0, sizeof upcrt_cache_vsum);
  for (size_t k = 0; k < upcrt_cache_nvictim; k++) {
    unsigned b = upcrt_cache_vbit(upcrt_cache_vtag[k]);
    upcrt_cache_vsum[b / 64] |= (uint64_t)1 << (b % 64);
  }
}

/* Moves the contents of slot s (valid) into the victim cache, writing back
 * the victim's oldest line if it is dirty. */
static void upcrt_cache_evict(upcrt_cache_line_t *s) {
  size_t i = upcrt_cache_vnext;
  upcrt_cache_line_t *v = &upcrt_cache_victim[i];
  upcrt_cache_vnext = (upcrt_cache_vnext + 1) % upcrt_cache_nvictim;
  if (upcrt_cache_valid(v)) upcrt_cache_write_back(v);
  upcrt_cache_swap_victim(s, i);
  if (v->dirty) upcrt_cache_list_dirty(v);
  s->epoch = 0;
  s->dirty = 0;
}

/* Reads line L of thread t into buf (after our puts to t complete:
 * upcrt_transport_get). */
static void upcrt_cache_fetch(int t, uint64_t L, unsigned char *buf) {
  uint64_t off = L << upcrt_cache_shift;
  size_t n = upcrt_cache_lsize;
  if (off + n > upcrt_seg_size) n = upcrt_seg_size - off; /* the segment's last line */
  /* a line longer than the null guard starts inside it (segment.h): the
   * guard is never accessed (upcrt_seg_check) and is not readable */
  size_t skip = off < UPCRT_SEG_GUARD ? (size_t)(UPCRT_SEG_GUARD - off) : 0;
  upcrt_transport_get(buf + skip, t, off + skip, n - skip);
}

/* Loads the bytes of a partial line that were not written (the written
 * ones are newer than the thread's copy). */
static void upcrt_cache_complete_line(upcrt_cache_line_t *l) {
  upcrt_cache_fetch(l->thread, l->line, upcrt_cache_scratch);
  for (size_t i = 0; i < upcrt_cache_lsize; i++)
    if (!(l->mask[i / 64] >> (i % 64) & 1)) l->data[i] = upcrt_cache_scratch[i];
  l->partial = 0;
}

/* The slot holding line L of thread t.  A read miss loads the line; a write
 * miss does not (MuPC's dirty-byte masks make that safe): only the bytes it
 * writes are valid until a read needs the others.  NULL for a write-around
 * miss (no copy of the line is held, so the put may go straight to MPI). */
static upcrt_cache_line_t *upcrt_cache_lookup(int t, uint64_t L, int mode) {
  upcrt_cache_line_t *s = &upcrt_cache_segment(t)[upcrt_cache_slot(L)];
  uint32_t ep = upcrt_cache_epoch[t];
  if (s->epoch == ep && s->line == L) {
    if (UPCRT_UNLIKELY(++upcrt_cache_refresh == REFRESH_HITS)) {
      upcrt_cache_refresh = 0;
      upcrt_flush_puts();
      return upcrt_cache_lookup(t, L, mode);
    }
    upcrt_cache_st.hits++;
    upcrt_cache_hit = 1;
    return s;
  }
  uint64_t tag = upcrt_cache_tag(L, t);
  unsigned vb = upcrt_cache_vbit(tag);
  int in_victims = (int)(upcrt_cache_vsum[vb / 64] >> (vb % 64) & 1);
  for (size_t i = 0; i < upcrt_cache_nvictim && in_victims; i++) {
    if (upcrt_cache_vtag[i] != tag) continue;
    upcrt_cache_line_t *v = &upcrt_cache_victim[i];
    if (v->thread == t && v->line == L && v->epoch == ep) {
      upcrt_cache_st.victim_hits++;
      upcrt_cache_swap_victim(s, i); /* s's old line (if any) takes the victim's place */
      if (s->dirty) upcrt_cache_list_dirty(s);
      if (v->dirty) upcrt_cache_list_dirty(v);
      upcrt_cache_hit = 1;
      return s;
    }
  }
  upcrt_cache_hit = 0;
  if (mode == CACHE_WRITE_AROUND) {
    upcrt_cache_st.write_arounds++;
    return NULL;
  }
  upcrt_cache_st.misses++;
  if (upcrt_cache_valid(s)) upcrt_cache_evict(s);
  if (mode == CACHE_READ) upcrt_cache_fetch(t, L, s->data);
  s->partial = mode == CACHE_WRITE;
  s->line = L;
  s->thread = t;
  s->epoch = ep;
  s->dirty = 0;
  memset(s->mask, 0, upcrt_cache_mwords * 8);
  if (!upcrt_cache_held[t]) {
    upcrt_cache_held[t] = 1;
    upcrt_cache_hlist[upcrt_cache_nheld++] = t;
  }
  /* so that the next fence reaches upcrt_flush_puts */
  upcrt_transport_hold(UPCRT_TRANSPORT_HELD_LINES);
  return s;
}

/* The line of [off, off+n), or NULL (after flushing what the access
 * overlaps) when the access crosses a line boundary. */
static upcrt_cache_line_t *upcrt_cache_find(int t, uint64_t off, size_t n, int mode) {
  if ((off & (upcrt_cache_lsize - 1)) + n > upcrt_cache_lsize) {
    upcrt_cache_st.bypasses++;
    upcrt_cache_flush_range(t, off, n);
    /* MPI orders neither two puts nor a put and a get to one place */
    if (upcrt_transport_pending(t)) upcrt_transport_complete_target(t);
    return NULL;
  }
  return upcrt_cache_lookup(t, off >> upcrt_cache_shift, mode);
}

int upcrt_cache_get(void *dst, upcrt_pts_t src, size_t n) {
  if (upcrt_cache_lines == 0) return 0;
  upcrt_cache_line_t *l = upcrt_cache_find((int)src.thread, src.offset, n, CACHE_READ);
  if (!l) return 0;
  size_t in = src.offset & (upcrt_cache_lsize - 1);
  if (UPCRT_UNLIKELY(l->partial)) {
    size_t i = in;
    while (i < in + n && (l->mask[i / 64] >> (i % 64) & 1)) i++;
    if (i < in + n) upcrt_cache_complete_line(l);
  }
  memcpy(dst, l->data + in, n);
  return 1;
}

int upcrt_cache_put(upcrt_pts_t dst, const void *src, size_t n) {
  if (upcrt_cache_lines == 0) return 0;
  upcrt_transport_writes++;
  /* writing around, a thread of which no line is held needs no lookup */
  if (upcrt_cache_around_left && !upcrt_cache_held[dst.thread]) {
    upcrt_cache_around_left--;
    upcrt_cache_st.write_arounds++;
    return 0;
  }
  upcrt_cache_line_t *l = upcrt_cache_find(
      (int)dst.thread, dst.offset, n, upcrt_cache_around_left ? CACHE_WRITE_AROUND : CACHE_WRITE);
  if (upcrt_cache_around_left) {
    upcrt_cache_around_left--;
  } else {
    upcrt_cache_write_hits += l && upcrt_cache_hit;
    if (++upcrt_cache_writes == WRITE_WINDOW) {
      if (upcrt_cache_write_hits < WRITE_WINDOW / 4) {
        upcrt_cache_around_left = WRITE_WINDOW * WRITE_AROUND_WINDOWS;
        /* the window's lines go (their bytes join the gathered puts), so
         * that writes around them skip the lookup */
        upcrt_cache_flush_all();
        l = NULL; /* this write goes around too */
      }
      upcrt_cache_writes = upcrt_cache_write_hits = 0;
    }
  }
  if (!l) return 0;
  size_t in = dst.offset & (upcrt_cache_lsize - 1);
  memcpy(l->data + in, src, n);
  for (size_t i = in; i < in + n; i++) l->mask[i / 64] |= (uint64_t)1 << (i % 64);
  l->dirty = 1;
  upcrt_cache_list_dirty(l);
  return 1;
}

void upcrt_cache_enable(int on) {
  upcrt_flush_puts();
  upcrt_cache_lines = on ? upcrt_cache_conf_lines : 0;
  upcrt_cache_writes = upcrt_cache_write_hits = upcrt_cache_around_left = 0;
}

void upcrt_cache_flush_all(void) {
  if (upcrt_cache_nheld == 0) return;
  for (size_t i = 0; i < upcrt_cache_ndirty; i++) {
    upcrt_cache_line_t *l = upcrt_cache_dlist[i];
    if (upcrt_cache_valid(l)) upcrt_cache_write_back(l);
    l->listed = 0;
  }
  upcrt_cache_ndirty = 0;
  for (int i = 0; i < upcrt_cache_nheld; i++) {
    int t = upcrt_cache_hlist[i];
    upcrt_cache_epoch[t]++; /* every line of t is invalid now */
    upcrt_cache_held[t] = 0;
  }
  upcrt_cache_nheld = 0;
  upcrt_transport_release(UPCRT_TRANSPORT_HELD_LINES);
}

/* Writes back (and drops) the dirty lines on the list that belong to t and
 * satisfy the line filter [lo, hi]; returns how many were written. */
static int upcrt_cache_write_back_thread(int t, uint64_t lo, uint64_t hi) {
  int wrote = 0;
  size_t k = 0;
  for (size_t i = 0; i < upcrt_cache_ndirty; i++) {
    upcrt_cache_line_t *l = upcrt_cache_dlist[i];
    if (l->thread == t && l->line >= lo && l->line <= hi) {
      if (upcrt_cache_valid(l) && l->dirty) {
        upcrt_cache_write_back(l);
        wrote = 1;
      }
      l->listed = 0;
    } else {
      upcrt_cache_dlist[k++] = l;
    }
  }
  upcrt_cache_ndirty = k;
  return wrote;
}

void upcrt_cache_flush_thread(int t) {
  if (upcrt_cache_lines == 0 || !upcrt_cache_held[t]) return;
  int wrote = upcrt_cache_write_back_thread(t, 0, UINT64_MAX);
  upcrt_cache_epoch[t]++;
  /* completed before the caller's operation: MPI would not order them */
  if (wrote) upcrt_transport_complete_target(t);
}

void upcrt_cache_flush_range(int t, uint64_t off, size_t n) {
  if (upcrt_cache_lines == 0 || !upcrt_cache_held[t] || n == 0) return;
  uint64_t lo = off >> upcrt_cache_shift, hi = (off + n - 1) >> upcrt_cache_shift;
  if (hi - lo + 1 >= upcrt_cache_lines) {
    upcrt_cache_flush_thread(t);
    return;
  }
  int wrote = upcrt_cache_write_back_thread(t, lo, hi);
  upcrt_cache_line_t *s = upcrt_cache_seg[t];
  uint32_t ep = upcrt_cache_epoch[t];
  for (uint64_t L = lo; L <= hi; L++) {
    upcrt_cache_line_t *l = &s[upcrt_cache_slot(L)];
    if (l->epoch == ep && l->line == L) l->epoch = 0;
  }
  for (size_t i = 0; i < upcrt_cache_nvictim; i++) {
    upcrt_cache_line_t *v = &upcrt_cache_victim[i];
    if (v->thread == t && v->epoch == ep && v->line >= lo && v->line <= hi) v->epoch = 0;
  }
  if (wrote) upcrt_transport_complete_target(t);
}

void upcrt_cache_stats(upcrt_cache_stats_t *s) { *s = upcrt_cache_st; }

void upcrt_cache_stats_reset(void) {
  upcrt_cache_st.hits = upcrt_cache_st.misses = upcrt_cache_st.victim_hits = 0;
  upcrt_cache_st.writebacks = upcrt_cache_st.bypasses = upcrt_cache_st.write_arounds = 0;
  upcrt_cache_refresh = 0;
}
