/* packed.c — gets that the target packs: requests, the server, replies (see packed.h). */
#include "packed.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/backoff.h"
#include "core/segment.h"
#include "core/start.h"

enum { PACKED_TAG_REQ = 1, PACKED_TAG_REP = 2 };

static MPI_Comm packed_comm = MPI_COMM_NULL;

/* Replies this thread is sending, and the lock that makes one thread at a
 * time (the UPC thread in a wait, or the progress thread) serve requests. */
static pthread_mutex_t packed_serve_lock = PTHREAD_MUTEX_INITIALIZER;
static struct packed_out {
  MPI_Request req;
  char *buf;
  size_t cap;
} *packed_out;
static size_t packed_nout, packed_capout;

/* Buffers for requests and replies, kept: freeing tens of kilobytes lets
 * malloc shrink the heap, and every brk then costs a TLB shootdown plus
 * UCX's memory hooks (measured: half the time of a ghost exchange). */
typedef struct {
  void *p[16];
  size_t cap[16];
  int n;
} packed_pool_t;
static packed_pool_t origin_pool, target_pool; /* target_pool: under packed_serve_lock */

void upcrt_packed_init(void) {
  MPI_Request r;
  MPI_Comm_idup(upcrt_seg_comm, &packed_comm, &r);
  upcrt_backoff_waitall(1, &r);
}

static void *pool_get(packed_pool_t *pl, size_t n, size_t *cap) {
  void *p = NULL;
  size_t c = 0;
  if (pl->n) {
    pl->n--;
    p = pl->p[pl->n];
    c = pl->cap[pl->n];
  }
  if (c < n) {
    free(p);
    c = n < 4096 ? 4096 : n;
    p = malloc(c);
    if (!p) upcrt_fatal("non-contiguous transfer: out of memory for %zu bytes", n);
  }
  *cap = c;
  return p;
}

static void pool_put(packed_pool_t *pl, void *p, size_t cap) {
  if (pl->n == 16) {
    free(p);
    return;
  }
  pl->p[pl->n] = p;
  pl->cap[pl->n++] = cap;
}

void *upcrt_packed_buffer(size_t n, size_t *cap) { return pool_get(&origin_pool, n, cap); }
void upcrt_packed_release(void *p, size_t cap) { pool_put(&origin_pool, p, cap); }

size_t upcrt_packed_shape_bytes(const size_t count[], size_t levels) {
  size_t t = 1;
  for (size_t i = 0; i <= levels; i++) t *= count[i];
  return t;
}

/* The innermost level is a loop of fixed-size copies for the usual small
 * elements: a ghost exchange's x faces are thousands of 8-byte pieces. */
static void copy_level(char *d, const size_t *ds, const char *s, const size_t *ss,
                       const size_t count[], size_t level) {
  if (level == 0) {
    memcpy(d, s, count[0]);
    return;
  }
  if (level > 1) {
    for (size_t i = 0; i < count[level]; i++)
      copy_level(d + i * ds[level - 1], ds, s + i * ss[level - 1], ss, count, level - 1);
    return;
  }
  size_t n = count[1], len = count[0], a = ds[0], b = ss[0];
  if (len == 8)
    for (size_t i = 0; i < n; i++, d += a, s += b) memcpy(d, s, 8);
  else if (len == 4)
    for (size_t i = 0; i < n; i++, d += a, s += b) memcpy(d, s, 4);
  else
    for (size_t i = 0; i < n; i++, d += a, s += b) memcpy(d, s, len);
}

void upcrt_packed_copy(char *d, const size_t *ds, const char *s, const size_t *ss,
                       const size_t count[], size_t levels) {
  size_t dst[64], sst[64], acc = count[0]; /* a contiguous side's strides */
  for (size_t i = 0; i < levels; i++) {
    dst[i] = ds ? ds[i] : acc;
    sst[i] = ss ? ss[i] : acc;
    acc *= count[i + 1];
  }
  copy_level(d, dst, s, sst, count, levels);
}

uint64_t *upcrt_packed_add_shape(uint64_t *w, uint64_t off, size_t levels, const size_t count[],
                                 const size_t strides[]) {
  *w++ = off;
  *w++ = levels;
  for (size_t l = 0; l <= levels; l++) *w++ = count[l];
  for (size_t l = 0; l < levels; l++) *w++ = strides[l];
  return w;
}

void upcrt_packed_post(int t, const uint64_t *msg, size_t words, void *reply, size_t bytes,
                       MPI_Request r[2]) {
  if (bytes > INT32_MAX || words > INT32_MAX)
    upcrt_fatal("a packed get of %zu bytes in %zu words is too large", bytes, words);
  MPI_Irecv(reply, (int)bytes, MPI_BYTE, t, PACKED_TAG_REP, packed_comm, &r[0]);
  MPI_Isend(msg, (int)words, MPI_UINT64_T, t, PACKED_TAG_REQ, packed_comm, &r[1]);
}

static void reap_replies(void) {
  size_t k = 0;
  for (size_t i = 0; i < packed_nout; i++) {
    int done;
    MPI_Test(&packed_out[i].req, &done, MPI_STATUS_IGNORE);
    if (done) pool_put(&target_pool, packed_out[i].buf, packed_out[i].cap);
    else packed_out[k++] = packed_out[i];
  }
  packed_nout = k;
}

/* Packs one request from thread `from` and starts the reply. */
static void serve_request(const uint64_t *w, size_t words, int from) {
  const uint64_t *end = w + words;
  const uint64_t *at = w + 1;
  size_t total = 0;
  /* first pass: check the shapes (a request names this thread's segment
   * only) and size the reply */
  for (uint64_t i = 0; i < w[0]; i++) {
    if (end - at < 2 || at[1] > UPCRT_PACKED_LEVELS || (size_t)(end - at) < 3 + 2 * at[1])
      upcrt_fatal("a packed get request from thread %d is malformed", from);
    uint64_t off = at[0], levels = at[1], last = off + at[2];
    for (uint64_t l = 0; l < levels; l++) last += (at[3 + l] - 1) * at[3 + levels + l];
    if (off < UPCRT_SEG_CTRL || last > upcrt_seg_size || last < off)
      upcrt_fatal("a packed get request from thread %d reaches outside this thread's "
                  "shared memory", from);
    total += upcrt_packed_shape_bytes((const size_t *)at + 2, levels);
    at += 3 + 2 * levels;
  }
  size_t cap;
  char *reply = pool_get(&target_pool, total, &cap), *p = reply;
  at = w + 1;
  for (uint64_t i = 0; i < w[0]; i++) {
    size_t levels = at[1];
    const size_t *count = (const size_t *)at + 2;
    upcrt_packed_copy(p, NULL, upcrt_seg_mybase + at[0], count + levels + 1, count, levels);
    p += upcrt_packed_shape_bytes(count, levels);
    at += 3 + 2 * levels;
  }
  if (packed_nout == packed_capout) {
    packed_capout = packed_capout ? 2 * packed_capout : 16;
    packed_out = realloc(packed_out, packed_capout * sizeof *packed_out);
    if (!packed_out) upcrt_fatal("out of memory for packed get replies");
  }
  packed_out[packed_nout].buf = reply;
  packed_out[packed_nout].cap = cap;
  MPI_Isend(reply, (int)total, MPI_BYTE, from, PACKED_TAG_REP, packed_comm,
            &packed_out[packed_nout].req);
  packed_nout++;
}

void upcrt_packed_finalize(void) {
  /* replies in flight end (their origins have posted the receives) */
  for (size_t i = 0; i < packed_nout; i++) {
    MPI_Wait(&packed_out[i].req, MPI_STATUS_IGNORE);
    free(packed_out[i].buf);
  }
  packed_nout = 0;
  for (packed_pool_t *pl = &origin_pool; pl; pl = pl == &origin_pool ? &target_pool : NULL)
    while (pl->n) free(pl->p[--pl->n]);
  if (packed_comm != MPI_COMM_NULL) MPI_Comm_free(&packed_comm);
}

void upcrt_packed_serve(int from_progress_thread) {
  if (packed_comm == MPI_COMM_NULL) { /* before start-up is done: progress only */
    int flag;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, upcrt_seg_comm, &flag, MPI_STATUS_IGNORE);
    return;
  }
  /* the progress thread leaves it to a UPC thread that serves; a UPC thread
   * waits for the lock, and so lets a preempted progress thread finish */
  if (from_progress_thread) {
    if (pthread_mutex_trylock(&packed_serve_lock) != 0) return;
  } else {
    pthread_mutex_lock(&packed_serve_lock);
  }
  if (packed_nout) reap_replies();
  for (;;) {
    int flag, n;
    MPI_Message m;
    MPI_Status st;
    MPI_Improbe(MPI_ANY_SOURCE, PACKED_TAG_REQ, packed_comm, &flag, &m, &st);
    if (!flag) break;
    MPI_Get_count(&st, MPI_UINT64_T, &n);
    size_t cap;
    uint64_t *w = pool_get(&target_pool, sizeof(uint64_t) * (size_t)n, &cap);
    MPI_Mrecv(w, n, MPI_UINT64_T, &m, MPI_STATUS_IGNORE);
    if (n < 1) upcrt_fatal("a packed get request from thread %d is malformed", st.MPI_SOURCE);
    serve_request(w, (size_t)n, st.MPI_SOURCE);
    pool_put(&target_pool, w, cap);
  }
  pthread_mutex_unlock(&packed_serve_lock);
}
