/* hunt.c — HUNT: the strips of large upc_memgets in flight, their protected
 * pages, the SIGSEGV handler and the choice HUNT or blocking (see hunt.h). */
#include "hunt.h"

#include <errno.h>
#include <mpi.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "core/segment.h"
#include "core/start.h"
#include "core/trace.h"
#include "cache.h"
#include "transport.h"
#include "upcx.h"

/* Limits (bytes are multiples of the page size).  On this machine HUNT does
 * not pay at any size (docs/runtime.md, "HUNT"), so they are the seed's shape, not
 * tuned; the choice below keeps a bad setting from costing time. */
#define MAX_OUT 64                      /* strips in flight, over all memgets */
#define FIRST_PAGES 4                   /* first strip: 16 KB with 4 KB pages */
#define MAX_STRIP ((size_t)1 << 20)     /* no strip larger than 1 MB */
#define MAX_STAGE ((size_t)256 << 20)   /* larger memgets stay blocking */
#define MIN_BYTES_DEFAULT ((size_t)64 << 10) /* whole pages below this: blocking */
#define PROBE_FIRST 16                  /* see upcrt_hunt_choose */
#define PROBE_MAX 1024

typedef struct {
  char *lo;    /* first protected page */
  size_t len;  /* protected bytes (whole pages) */
  char *stage; /* where MPI puts the strip's data */
  int t;       /* source thread */
  uint64_t seq; /* issue order, to retire the oldest when all slots are busy */
} upcrt_hunt_strip_t;

int upcrt_hunt_outstanding;
static int upcrt_hunt_on, upcrt_hunt_installed;
static pthread_t upcrt_hunt_owner; /* the UPC thread: strips are its alone */
static upcrt_hunt_strip_t upcrt_hunt_strip[MAX_OUT];
static MPI_Request upcrt_hunt_req[MAX_OUT]; /* MPI_REQUEST_NULL: done or free */
static int upcrt_hunt_live[MAX_OUT];        /* slot holds a protected strip */
static uint64_t upcrt_hunt_seq;
static size_t upcrt_hunt_page, upcrt_hunt_min = MIN_BYTES_DEFAULT;
static int upcrt_hunt_decomp = 2, upcrt_hunt_order = UPCX_HUNT_UP, upcrt_hunt_piggy = 1;
static upcrt_hunt_stats_t upcrt_hunt_count;
static struct sigaction upcrt_hunt_prev; /* start.c's crash handler */
/* Staging: MPI writes a strip here, never into the protected pages (on this
 * MPICH/UCX a get's data is copied by the origin inside MPI progress, which
 * would fault on them).  One region, handed out from the bottom and reused
 * whenever no strip is in flight, so its pages stay mapped. */
static char *upcrt_hunt_stage;
static size_t upcrt_hunt_stage_cap, upcrt_hunt_stage_used;
/* HUNT must not make a program slower than blocking memgets, and whether it
 * pays depends on the transport and on how much the program computes before
 * it touches the data; so the runtime measures both ways, per size class
 * (log2 of the bytes), by what the program feels: the time from one memget
 * of the class to the next, which holds the memget, the program's work on
 * the data, and every cost of HUNT (faults, signals, copies out of staging,
 * waits, the cache the copies evict), each way a running average.  The
 * first 16 memgets of a class are blocking, the 17th HUNT, then the faster
 * way, trying the other again after 16, 32, ... 1024 memgets of the class.
 * The first try waits for the class to recur because it costs two to three
 * blocking memgets (fresh staging pages, the first faults), which only a
 * class used many times can win back.
 * UPCRT_HUNT_MIN skips all this: every memget of at least that many whole
 * pages is HUNT. */
typedef struct {
  double block, hunt;    /* seconds from a memget to the next (0: not measured) */
  unsigned seen;         /* memgets of the class, up to the first try */
  unsigned since, every; /* memgets since the last try of the other way */
  double last;           /* when the last memget of the class started (0: none) */
  int last_hunted;       /* and which way it went */
} upcrt_hunt_class_t;
static upcrt_hunt_class_t upcrt_hunt_class[64];
static int upcrt_hunt_forced;

/* A period of more than twice the estimate counts as twice it: the
 * program did something else between two memgets (a phase ended), which
 * says nothing about the way the first one went. */
static void upcrt_hunt_learn(int c, double t, int hunted) {
  double *v = hunted ? &upcrt_hunt_class[c].hunt : &upcrt_hunt_class[c].block;
  if (*v != 0 && t > 2 * *v) t = 2 * *v;
  *v = *v == 0 ? t : (*v + t) / 2;
}

/* HUNT (1) or blocking (0) for a memget of size class c? */
static int upcrt_hunt_choose(int c) {
  upcrt_hunt_class_t *k = &upcrt_hunt_class[c];
  if (upcrt_hunt_forced) return 1;
  if (k->hunt == 0) return ++k->seen > PROBE_FIRST;
  int better = k->hunt < k->block;
  if (k->every == 0) k->every = PROBE_FIRST;
  if (++k->since < k->every) return better;
  k->since = 0;
  if (k->every < PROBE_MAX) k->every *= 2;
  return !better;
}

static double upcrt_hunt_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Strip i has arrived: its pages become the data. */
static void upcrt_hunt_unprotect(int i) {
  upcrt_hunt_strip_t *s = &upcrt_hunt_strip[i];
  if (mprotect(s->lo, s->len, PROT_READ | PROT_WRITE) != 0)
    upcrt_fatal("HUNT: mprotect failed on a strip of upc_memget's destination");
  memcpy(s->lo, s->stage, s->len);
  if (UPCRT_UNLIKELY(upcrt_tracing)) upcrt_trace_async_end("HUNT strip", s->seq);
  upcrt_hunt_live[i] = 0;
  if (--upcrt_hunt_outstanding == 0) upcrt_transport_release(UPCRT_TRANSPORT_HELD_STRIPS);
}

static void upcrt_hunt_retire(int i) {
  MPI_Wait(&upcrt_hunt_req[i], MPI_STATUS_IGNORE);
  upcrt_hunt_unprotect(i);
}

/* Unprotects every strip whose data is in (MPI_Testsome: no waiting). */
static void upcrt_hunt_retire_arrived(void) {
  int idx[MAX_OUT], n = 0;
  MPI_Status st[MAX_OUT]; /* not MPI_STATUSES_IGNORE: GCC 12 warns on it */
  MPI_Testsome(MAX_OUT, upcrt_hunt_req, &n, idx, st);
  for (int k = 0; k < n && n != MPI_UNDEFINED; k++) {
    upcrt_hunt_unprotect(idx[k]);
    upcrt_hunt_count.retired_early++;
  }
}

void upcrt_hunt_retire_all(void) {
  for (int i = 0; i < MAX_OUT && upcrt_hunt_outstanding; i++)
    if (upcrt_hunt_live[i]) upcrt_hunt_retire(i);
  /* again here: the handler's release could be lost to a hold it interrupted */
  upcrt_transport_release(UPCRT_TRANSPORT_HELD_STRIPS);
}

void upcrt_hunt_sync(int t, const void *p, size_t n) {
  const char *a = p;
  for (int i = 0; i < MAX_OUT; i++) {
    upcrt_hunt_strip_t *s = &upcrt_hunt_strip[i];
    if (upcrt_hunt_live[i] && ((t >= 0 && s->t == t) || (a < s->lo + s->len && s->lo < a + n)))
      upcrt_hunt_retire(i);
  }
  if (upcrt_hunt_outstanding && upcrt_hunt_piggy && upcrt_hunt_outstanding >= upcrt_hunt_piggy)
    upcrt_hunt_retire_arrived();
}

int upcrt_hunt_owner_here(void) {
  return upcrt_hunt_installed && pthread_equal(pthread_self(), upcrt_hunt_owner);
}

void upcrt_hunt_complete(const void *p, size_t n) {
  if (!upcrt_hunt_owner_here()) return;
  const char *a = p;
  for (int i = 0; i < MAX_OUT && upcrt_hunt_outstanding; i++) {
    upcrt_hunt_strip_t *s = &upcrt_hunt_strip[i];
    if (upcrt_hunt_live[i] && a < s->lo + s->len && s->lo < a + n) upcrt_hunt_retire(i);
  }
}

void upcrt_hunt_complete_every(void) {
  if (upcrt_hunt_owner_here()) upcrt_hunt_retire_all();
}

/* The first touch of a protected strip.  MPI inside a signal handler is safe
 * here only because the fault is in the program's code (or in a plain copy of
 * the runtime), never inside MPI: MPI writes strips into the staging region,
 * never into protected pages, and the runtime retires every strip that could
 * overlap memory before it passes that memory to MPI (upcrt_hunt_before, the
 * fences), so MPI is not running on this thread when a strip faults. */
static void upcrt_hunt_on_segv(int sig, siginfo_t *info, void *ctx) {
  int saved = errno;
  char *a = info ? (char *)info->si_addr : NULL;
  int hit = -1;
  for (int i = 0; i < MAX_OUT && hit < 0 && a; i++)
    if (upcrt_hunt_live[i] && a >= upcrt_hunt_strip[i].lo &&
        a < upcrt_hunt_strip[i].lo + upcrt_hunt_strip[i].len)
      hit = i;
  if (hit < 0) {
    /* not ours: a real crash, reported by start.c's handler */
    if (upcrt_hunt_prev.sa_flags & SA_SIGINFO) {
      upcrt_hunt_prev.sa_sigaction(sig, info, ctx);
    } else if (upcrt_hunt_prev.sa_handler != SIG_DFL && upcrt_hunt_prev.sa_handler != SIG_IGN) {
      upcrt_hunt_prev.sa_handler(sig);
    } else {
      signal(sig, SIG_DFL); /* the faulting access runs again and kills us */
    }
    errno = saved;
    return;
  }
  upcrt_hunt_count.signals++;
  int done = 0;
  while (!done) MPI_Test(&upcrt_hunt_req[hit], &done, MPI_STATUS_IGNORE);
  upcrt_hunt_unprotect(hit);
  if (upcrt_hunt_outstanding) upcrt_hunt_retire_arrived();
  errno = saved;
}

static void upcrt_hunt_install(void) {
  if (upcrt_hunt_installed) return;
  upcrt_hunt_page = (size_t)sysconf(_SC_PAGESIZE);
  for (int i = 0; i < MAX_OUT; i++) upcrt_hunt_req[i] = MPI_REQUEST_NULL;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = upcrt_hunt_on_segv;
  /* on start.c's alternate stack: a strip may be on the thread's stack */
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSEGV, &sa, &upcrt_hunt_prev) != 0)
    upcrt_fatal("HUNT: cannot install the SIGSEGV handler");
  upcrt_hunt_owner = pthread_self();
  upcrt_hunt_installed = 1;
}

void upcrt_hunt_init(void) {
  const char *e = getenv("UPCRT_HUNT");
  if (e && *e && strcmp(e, "0") != 0) {
    if (strcmp(e, "1") != 0) upcrt_fatal("UPCRT_HUNT must be 0 or 1, not \"%s\"", e);
    upcrt_hunt_install();
    upcrt_hunt_on = 1;
  }
  const char *m = getenv("UPCRT_HUNT_MIN");
  if (m && *m) {
    size_t v = upcrt_seg_parse_size(m);
    if (v == 0) upcrt_fatal("UPCRT_HUNT_MIN wants a size such as 256K, not \"%s\"", m);
    upcrt_hunt_min = v;
    upcrt_hunt_forced = 1;
  }
}

/* Does [p, p+n) touch a shared segment mapped here?  Those pages are not
 * ours alone to protect: other processes and MPI read them. */
static int upcrt_hunt_in_shared(const char *p, size_t n) {
  if (p < upcrt_seg_mybase + upcrt_seg_size && upcrt_seg_mybase < p + n) return 1;
  for (int t = 0; t < upcrt_threads; t++) {
    const char *b = upcrt_node_base[t];
    if (b && p < b + upcrt_seg_size && b < p + n) return 1;
  }
  return 0;
}

/* Room for n bytes of staging (n a multiple of the page size), or NULL. */
static char *upcrt_hunt_stage_alloc(size_t n) {
  if (upcrt_hunt_stage_used + n > upcrt_hunt_stage_cap && upcrt_hunt_outstanding)
    upcrt_hunt_retire_all();
  if (!upcrt_hunt_outstanding) upcrt_hunt_stage_used = 0;
  if (n > upcrt_hunt_stage_cap) {
    size_t cap = (n + ((size_t)1 << 20) - 1) & ~(((size_t)1 << 20) - 1);
    char *p = mmap(NULL, cap, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    if (upcrt_hunt_stage) munmap(upcrt_hunt_stage, upcrt_hunt_stage_cap);
    upcrt_hunt_stage = p;
    upcrt_hunt_stage_cap = cap;
  }
  char *p = upcrt_hunt_stage + upcrt_hunt_stage_used;
  upcrt_hunt_stage_used += n;
  return p;
}

/* The next strip of `whole` bytes after `done`; *len is the planned size
 * (start with 0), grown for the strip after. */
static size_t upcrt_hunt_next(size_t whole, size_t done, size_t *len) {
  size_t first = FIRST_PAGES * upcrt_hunt_page;
  if (*len == 0) *len = first;
  size_t k = whole - done < *len ? whole - done : *len;
  if (whole - done - k < first) k = whole - done; /* a sliver goes with it: one signal less */
  if (*len < MAX_STRIP) *len *= (size_t)upcrt_hunt_decomp;
  if (*len > MAX_STRIP) *len = MAX_STRIP;
  return k;
}

/* A free slot, retiring the oldest strip when all are in flight (the bound
 * on outstanding transfers). */
static int upcrt_hunt_slot(void) {
  int oldest = -1;
  for (int i = 0; i < MAX_OUT; i++) {
    if (!upcrt_hunt_live[i]) return i;
    if (oldest < 0 || upcrt_hunt_strip[i].seq < upcrt_hunt_strip[oldest].seq) oldest = i;
  }
  upcrt_hunt_retire(oldest);
  return oldest;
}

int upcrt_hunt_get(void *dst, upcrt_pts_t src, size_t n) {
  if (!upcrt_hunt_on) return 0;
  size_t pg = upcrt_hunt_page;
  char *a = dst;
  char *lo = (char *)(((uintptr_t)a + pg - 1) & ~(uintptr_t)(pg - 1));
  char *hi = (char *)(((uintptr_t)a + n) & ~(uintptr_t)(pg - 1));
  if (hi <= lo || (size_t)(hi - lo) < upcrt_hunt_min || (size_t)(hi - lo) > MAX_STAGE ||
      upcrt_hunt_in_shared(a, n))
    return 0;
  /* a program (or test harness) that took SIGSEGV over would get our faults */
  struct sigaction cur;
  if (sigaction(SIGSEGV, NULL, &cur) != 0 || cur.sa_sigaction != upcrt_hunt_on_segv) return 0;
  int t = (int)src.thread, cls = 0;
  while (((size_t)(hi - lo) >> cls) > 1) cls++;
  upcrt_hunt_class_t *k = &upcrt_hunt_class[cls];
  double t0 = upcrt_hunt_now();
  if (k->last != 0) upcrt_hunt_learn(cls, t0 - k->last, k->last_hunted);
  k->last = t0;
  k->last_hunted = upcrt_hunt_choose(cls);
  if (!k->last_hunted) { /* the caller's blocking memget */
    upcrt_hunt_count.declined++;
    return 0;
  }
  /* our cached writes to t first; MPI does not order our earlier puts and
   * these gets (upcrt_transport_get_start completes them) */
  upcrt_cache_flush_thread(t);
  /* earlier strips in this buffer must land before the new ones start */
  upcrt_hunt_sync(-1, dst, n);
  char *stage = upcrt_hunt_stage_alloc((size_t)(hi - lo));
  if (!stage) {
    k->last_hunted = 0; /* the caller's blocking memget is what this period measures */
    return 0;
  }

  /* the edges: their own requests, waited for below (through hunt_pmpi.c's
   * wrapper, which finds no strip there: the earlier ones retired above) */
  MPI_Request edge[2];
  int ne = 0;
  if (lo > a) upcrt_transport_get_start(a, t, src.offset, (size_t)(lo - a), &edge[ne++]);
  if (a + n > hi)
    upcrt_transport_get_start(hi, t, src.offset + (uint64_t)(hi - a), (size_t)(a + n - hi),
                              &edge[ne++]);

  /* strips in the order the program is expected to touch them */
  size_t whole = (size_t)(hi - lo), done = 0, len = 0;
  uint64_t seq0 = upcrt_hunt_seq;
  while (done < whole) {
    size_t len_k = upcrt_hunt_next(whole, done, &len);
    char *p = upcrt_hunt_order == UPCX_HUNT_UP ? lo + done : hi - done - len_k;
    int i = upcrt_hunt_slot();
    upcrt_hunt_strip[i] = (upcrt_hunt_strip_t){p, len_k, stage + (p - lo), t, upcrt_hunt_seq++};
    upcrt_transport_get_start(upcrt_hunt_strip[i].stage, t, src.offset + (uint64_t)(p - a),
                              len_k, &upcrt_hunt_req[i]);
    if (UPCRT_UNLIKELY(upcrt_tracing))
      upcrt_trace_async_begin("HUNT strip", upcrt_hunt_strip[i].seq, len_k);
    upcrt_hunt_live[i] = 1;
    upcrt_hunt_outstanding++;
    upcrt_hunt_count.strips++;
    done += len_k;
  }
  /* one mprotect for the buffer, unless some strip already had to retire
   * (all slots were busy): then only the live strips */
  int all_live = upcrt_hunt_seq - seq0 <= MAX_OUT, rc = 0;
  for (int i = 0; i < MAX_OUT && all_live; i++)
    if (upcrt_hunt_strip[i].seq >= seq0 && !upcrt_hunt_live[i]) all_live = 0;
  if (all_live) rc = mprotect(lo, whole, PROT_NONE);
  for (int i = 0; i < MAX_OUT && !all_live; i++)
    if (upcrt_hunt_live[i] && upcrt_hunt_strip[i].seq >= seq0)
      rc |= mprotect(upcrt_hunt_strip[i].lo, upcrt_hunt_strip[i].len, PROT_NONE);
  if (rc != 0) upcrt_fatal("HUNT: mprotect failed on upc_memget's destination %p", dst);
  upcrt_hunt_count.gets++;
  upcrt_hunt_count.bytes += whole;
  for (int e = 0; e < ne; e++) MPI_Wait(&edge[e], MPI_STATUS_IGNORE);
  /* fences must come to upcrt_flush_puts, whose quiesce hooks retire the strips */
  upcrt_transport_hold(UPCRT_TRANSPORT_HELD_STRIPS);
  return 1;
}

void upcrt_hunt_stats(upcrt_hunt_stats_t *out) { *out = upcrt_hunt_count; }

/* ---- the user hints (include/upcx.h) ---- */

void upcx_hunt_set_decomp(int factor) {
  if (factor < 1) upcrt_fatal("upcx_hunt_set_decomp: the factor must be at least 1, not %d", factor);
  upcrt_hunt_decomp = factor;
}

void upcx_hunt_set_order(int order) {
  if (order != UPCX_HUNT_UP && order != UPCX_HUNT_DOWN)
    upcrt_fatal("upcx_hunt_set_order: the order must be UPCX_HUNT_UP or UPCX_HUNT_DOWN, not %d",
                order);
  upcrt_hunt_order = order;
}

void upcx_hunt_start_piggyback_thresh(int num) {
  if (num < 0)
    upcrt_fatal("upcx_hunt_start_piggyback_thresh: the number must be 0 or more, not %d", num);
  upcrt_hunt_piggy = num;
}

int upcx_hunt_enable(int on) {
  int was = upcrt_hunt_on;
  if (on) upcrt_hunt_install();
  else upcrt_hunt_retire_all();
  upcrt_hunt_on = on != 0;
  return was;
}
