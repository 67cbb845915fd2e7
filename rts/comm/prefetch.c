/* prefetch.c — rows read ahead (see prefetch.h). */
#include "prefetch.h"

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#include "core/segment.h"
#include "core/start.h"
#include "core/stats.h"
#include "cache.h"
#include "transport.h"
#include "upcrt.h"

#define PF_SLOTS 40
#define PF_DEPTH_MAX 16
#define PF_ROW_MAX ((size_t)64 << 10) /* longer rows take long enough alone */

typedef struct {
  int t; /* -1: free */
  int ahead; /* read ahead (not yet asked for) */
  uint64_t off, used;
  size_t n, cap;
  MPI_Request req; /* MPI_REQUEST_NULL once the row is here */
  char *buf;
} pf_slot_t;

static pf_slot_t pf_slot[PF_SLOTS];
static int pf_live;             /* slots holding rows */
static uint64_t pf_writes;      /* upcrt_transport_writes when the rows were requested */
static uint64_t pf_clock;       /* for the least recently used slot */
static unsigned char *pf_depth; /* per thread: rows to read ahead */
static uint64_t *pf_last_end;   /* per thread: where the last fetch from it ended */
static int pf_on;               /* UPCRT_PREFETCH */
static upcrt_prefetch_stats_t pf_st;

void upcrt_prefetch_stats(upcrt_prefetch_stats_t *s) { *s = pf_st; }

void upcrt_prefetch_init(void) {
  pf_on = (int)upcrt_start_env_count("UPCRT_PREFETCH", 1, 0, 1);
  pf_depth = calloc((size_t)upcrt_threads, 1);
  pf_last_end = calloc((size_t)upcrt_threads, sizeof *pf_last_end);
  if (!pf_depth || !pf_last_end) upcrt_fatal("out of private memory at start-up");
  for (int i = 0; i < PF_SLOTS; i++) pf_slot[i] = (pf_slot_t){.t = -1, .req = MPI_REQUEST_NULL};
}

static void pf_free(pf_slot_t *s) {
  if (s->req != MPI_REQUEST_NULL) upcrt_transport_wait(&s->req);
  s->t = -1;
  pf_live--;
}

void upcrt_prefetch_quiesce(void) {
  if (!pf_live) return;
  for (int i = 0; i < PF_SLOTS; i++)
    if (pf_slot[i].t >= 0) pf_free(&pf_slot[i]);
  upcrt_transport_release(UPCRT_TRANSPORT_HELD_ROWS);
}

static pf_slot_t *pf_find(int t, uint64_t off, size_t n) {
  for (int i = 0; i < PF_SLOTS; i++)
    if (pf_slot[i].t == t && pf_slot[i].off == off && pf_slot[i].n == n) return &pf_slot[i];
  return NULL;
}

/* Requests row [off, off+n) of thread t into a slot (the least recently
 * used one, or a free one), after what this thread wrote there. */
static pf_slot_t *pf_request(int t, uint64_t off, size_t n, int ahead) {
  pf_slot_t *s = &pf_slot[0];
  for (int i = 0; i < PF_SLOTS && s->t >= 0; i++)
    if (pf_slot[i].t < 0 || pf_slot[i].used < s->used) s = &pf_slot[i];
  if (s->t >= 0) pf_free(s);
  if (n > s->cap) {
    char *b = realloc(s->buf, n);
    if (!b) return NULL;
    s->buf = b;
    s->cap = n;
  }
  /* MPI orders neither a put and a get to one place: dirty cached bytes and
   * puts in flight to t land first (the second in upcrt_transport_get_start) */
  upcrt_cache_flush_range(t, off, n);
  upcrt_transport_get_start(s->buf, t, off, n, &s->req);
  *s = (pf_slot_t){t, ahead, off, ++pf_clock, n, s->cap, s->req, s->buf};
  pf_live++;
  pf_st.ahead += (uint64_t)ahead;
  upcrt_transport_hold(UPCRT_TRANSPORT_HELD_ROWS); /* the next fence drops them */
  return s;
}

void *upcrt_row_fetch_remote(upcrt_pts_t src, size_t bytes, void **buf, size_t *cap) {
  if (bytes > *cap) {
    void *nb = realloc(*buf, bytes);
    if (nb == NULL) return NULL; /* the loop runs as it was */
    *buf = nb;
    *cap = bytes;
  }
  int t = (int)src.thread;
  uint64_t off = src.offset;
  if (!pf_on || bytes > PF_ROW_MAX) {
    upcrt_get_remote(*buf, src, bytes, 0);
    return *buf;
  }
  upcrt_seg_check(src, "read");
  if (UPCRT_UNLIKELY(upcrt_stats_on)) upcrt_stats_read(t, bytes);
  if (upcrt_cache_get(*buf, src, bytes)) return *buf; /* a row within a line */
  if (pf_live && upcrt_transport_writes != pf_writes) upcrt_prefetch_quiesce();
  pf_slot_t *s = pf_find(t, off, bytes);
  if (s) {
    pf_st.used += (uint64_t)s->ahead;
    if (s->ahead && pf_depth[t] < PF_DEPTH_MAX) pf_depth[t] = pf_depth[t] ? 2 * pf_depth[t] : 1;
  } else {
    /* a row right after the last one from t starts a stream */
    pf_depth[t] = pf_last_end[t] == off ? (pf_depth[t] ? pf_depth[t] : 1) : 0;
    s = pf_request(t, off, bytes, 0);
    if (!s) {
      upcrt_get_remote(*buf, src, bytes, 0);
      return *buf;
    }
  }
  if (s->req != MPI_REQUEST_NULL) upcrt_transport_wait(&s->req);
  memcpy(*buf, s->buf, bytes);
  s->ahead = 0;
  s->used = ++pf_clock;
  pf_last_end[t] = off + bytes;
  for (unsigned k = 1; k <= pf_depth[t]; k++) {
    uint64_t o = off + k * (uint64_t)bytes;
    if (o + bytes > upcrt_seg_size) break;
    if (!pf_find(t, o, bytes) && !pf_request(t, o, bytes, 1)) break;
  }
  pf_writes = upcrt_transport_writes;
  return *buf;
}
