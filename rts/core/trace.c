/* trace.c — per-thread event buffers, aligned clocks, and the Chrome
 * trace-event file thread 0 writes at exit (see trace.h). */
#include "trace.h"

#include <errno.h>
#include <inttypes.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "segment.h"
#include "start.h"
#include "upcrt.h"

int upcrt_tracing;

#define EVENTS_DEFAULT 131072
#define MIN_BYTES_DEFAULT 4096
#define PROGRESS_MIN_NS 10000 /* an idle poll of the progress thread is shorter */
#define CLOCK_ROUNDS 8        /* ping-pongs per thread off thread 0's host */

typedef struct {
  uint64_t ts, dur; /* this thread's clock, ns */
  const char *name;
  uint64_t a, b; /* X: bytes; C: got, put; b/e: id, bytes */
  char ph;       /* 'X', 'C', 'b', 'e' */
} trace_event_t;

typedef struct {
  trace_event_t *ev;
  size_t n, cap;
  uint64_t dropped;
} trace_buf_t;

static trace_buf_t trace_main, trace_prog; /* the UPC thread's, its progress thread's */
static int trace_prog_ready;               /* trace_prog may be written (atomic) */
static const char *trace_file;
static size_t trace_min_bytes = MIN_BYTES_DEFAULT, trace_cap;
static uint64_t trace_got, trace_put, trace_sampled_got, trace_sampled_put;
static int trace_xfer_depth;   /* inside a counted transfer */
static uint64_t trace_notify_at; /* the open barrier's upc_notify */
static int64_t trace_offset;    /* thread 0's clock minus this thread's, ns */
static uint64_t trace_origin;   /* thread 0's clock at main: time 0 of the file */
static MPI_Comm trace_comm = MPI_COMM_NULL;

uint64_t upcrt_trace_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static trace_event_t *trace_push(trace_buf_t *b) {
  if (b->n == b->cap) {
    b->dropped++;
    return NULL;
  }
  return &b->ev[b->n++];
}

/* The bytes counters, when they moved since the last sample. */
static void trace_sample(uint64_t now) {
  if (trace_got == trace_sampled_got && trace_put == trace_sampled_put) return;
  trace_event_t *e = trace_push(&trace_main);
  if (!e) return;
  *e = (trace_event_t){now, 0, "bytes", trace_got, trace_put, 'C'};
  trace_sampled_got = trace_got;
  trace_sampled_put = trace_put;
}

static void trace_complete(trace_buf_t *b, const char *name, uint64_t t0, uint64_t t1,
                           uint64_t bytes) {
  trace_event_t *e = trace_push(b);
  if (e) *e = (trace_event_t){t0, t1 - t0, name, bytes, 0, 'X'};
}

void upcrt_trace_span(const char *name, uint64_t t0, uint64_t bytes) {
  if (!upcrt_tracing) return; /* a scope open when tracing stopped */
  uint64_t t1 = upcrt_trace_now();
  trace_complete(&trace_main, name, t0, t1, bytes);
  trace_sample(t1);
}

void upcrt_trace_notify(void) { trace_notify_at = upcrt_trace_now(); }

void upcrt_trace_barrier(uint64_t wait_t0) {
  uint64_t t1 = upcrt_trace_now();
  /* the whole barrier first: a viewer reading in file order meets the
   * enclosing span before what it encloses */
  trace_complete(&trace_main, "upc_barrier", trace_notify_at ? trace_notify_at : wait_t0, t1, 0);
  trace_complete(&trace_main, "upc_wait", wait_t0, t1, 0);
  trace_notify_at = 0;
  trace_sample(t1);
}

uint64_t upcrt_trace_xfer_begin(enum upcrt_trace_dir dir, size_t n) {
  if (trace_xfer_depth) return 0;
  trace_xfer_depth = 1;
  if (dir == UPCRT_TRACE_GET) trace_got += n;
  else trace_put += n;
  return n >= trace_min_bytes ? upcrt_trace_now() : 1;
}

void upcrt_trace_xfer_end(const char *name, uint64_t t0, size_t n) {
  trace_xfer_depth = 0;
  if (t0 > 1) upcrt_trace_span(name, t0, n);
}

void upcrt_trace_async_begin(const char *name, uint64_t id, uint64_t bytes) {
  trace_event_t *e = trace_push(&trace_main);
  if (e) *e = (trace_event_t){upcrt_trace_now(), 0, name, id, bytes, 'b'};
}

void upcrt_trace_async_end(const char *name, uint64_t id) {
  trace_event_t *e = trace_push(&trace_main);
  if (e) *e = (trace_event_t){upcrt_trace_now(), 0, name, id, 0, 'e'};
}

void upcrt_trace_progress(const char *name, uint64_t t0) {
  if (!__atomic_load_n(&trace_prog_ready, __ATOMIC_ACQUIRE)) return;
  uint64_t t1 = upcrt_trace_now();
  if (t1 - t0 >= PROGRESS_MIN_NS) trace_complete(&trace_prog, name, t0, t1, 0);
}

/* This thread's clock against thread 0's: the same clock on thread 0's host
 * (CLOCK_MONOTONIC is the kernel's; a ping-pong there would only add its
 * error); elsewhere, the ping-pong with the shortest round trip. */
static void trace_align_clocks(void) {
  int me = upcrt_mythread, T = upcrt_threads, len;
  char host0[MPI_MAX_PROCESSOR_NAME + 1] = {0}, host[MPI_MAX_PROCESSOR_NAME + 1] = {0};
  MPI_Get_processor_name(host, &len);
  if (me == 0) memcpy(host0, host, sizeof host);
  MPI_Bcast(host0, (int)sizeof host0, MPI_CHAR, 0, trace_comm);
  int elsewhere = strcmp(host, host0) != 0, *where = NULL;
  if (me == 0 && !(where = calloc((size_t)T, sizeof *where)))
    upcrt_fatal("UPCRT_TRACE: out of private memory");
  MPI_Gather(&elsewhere, 1, MPI_INT, where, 1, MPI_INT, 0, trace_comm);
  if (me == 0) {
    for (int t = 1; t < T; t++) {
      if (!where[t]) continue;
      for (int k = 0; k < CLOCK_ROUNDS; k++) {
        uint64_t now;
        MPI_Recv(NULL, 0, MPI_BYTE, t, 1, trace_comm, MPI_STATUS_IGNORE);
        now = upcrt_trace_now();
        MPI_Send(&now, 1, MPI_UINT64_T, t, 2, trace_comm);
      }
    }
    free(where);
  } else if (elsewhere) {
    uint64_t best = UINT64_MAX;
    for (int k = 0; k < CLOCK_ROUNDS; k++) {
      uint64_t remote, a = upcrt_trace_now();
      MPI_Send(NULL, 0, MPI_BYTE, 0, 1, trace_comm);
      MPI_Recv(&remote, 1, MPI_UINT64_T, 0, 2, trace_comm, MPI_STATUS_IGNORE);
      uint64_t b = upcrt_trace_now();
      if (b - a < best) {
        best = b - a;
        trace_offset = (int64_t)remote - (int64_t)(a + (b - a) / 2);
      }
    }
  }
  uint64_t origin = me == 0 ? upcrt_trace_now() : 0;
  MPI_Bcast(&origin, 1, MPI_UINT64_T, 0, trace_comm);
  trace_origin = origin;
}

void upcrt_trace_enter_main(void) {
  const char *v = getenv("UPCRT_TRACE");
  if (!v || !*v || strcmp(v, "0") == 0) return;
  trace_file = strcmp(v, "1") == 0 ? "upcc-trace.json" : v;
  trace_min_bytes =
      upcrt_start_env_count("UPCRT_TRACE_MIN_BYTES", MIN_BYTES_DEFAULT, 0, SIZE_MAX);
  size_t cap = trace_cap =
      upcrt_start_env_count("UPCRT_TRACE_EVENTS", EVENTS_DEFAULT, 16, SIZE_MAX);
  trace_main.ev = malloc(cap * sizeof(trace_event_t));
  trace_prog.ev = malloc(cap / 4 * sizeof(trace_event_t));
  if (!trace_main.ev || !trace_prog.ev)
    upcrt_fatal("UPCRT_TRACE: out of private memory for %zu events (UPCRT_TRACE_EVENTS)", cap);
  trace_main.cap = cap;
  trace_prog.cap = cap / 4;
  MPI_Comm_dup(upcrt_seg_comm, &trace_comm);
  trace_align_clocks();
  upcrt_tracing = 1;
  __atomic_store_n(&trace_prog_ready, 1, __ATOMIC_RELEASE);
  trace_sampled_got = trace_sampled_put = UINT64_MAX; /* a first sample at 0 */
  trace_sample(upcrt_trace_now());
}

/* ---- the file ---- */

typedef struct {
  char *s;
  size_t n, cap;
} trace_text_t;

static void text_printf(trace_text_t *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void text_printf(trace_text_t *t, const char *fmt, ...) {
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(t->s ? t->s + t->n : NULL, t->s ? t->cap - t->n : 0, fmt, ap);
    va_end(ap);
    if (k < 0) return;
    if (t->s && t->n + (size_t)k < t->cap) {
      t->n += (size_t)k;
      return;
    }
    size_t cap = t->cap ? 2 * t->cap : 1 << 16;
    while (cap < t->n + (size_t)k + 1) cap *= 2;
    char *s = realloc(t->s, cap);
    if (!s) upcrt_fatal("UPCRT_TRACE: out of private memory for the trace text");
    t->s = s;
    t->cap = cap;
  }
}

/* A time on this thread's clock as microseconds of the file, exactly to the
 * nanosecond (so that spans that nest in ns nest in the file). */
static void text_us(trace_text_t *t, const char *key, int64_t ns) {
  const char *sign = ns < 0 ? "-" : "";
  uint64_t a = ns < 0 ? (uint64_t)-ns : (uint64_t)ns;
  text_printf(t, "\"%s\":%s%" PRIu64 ".%03" PRIu64, key, sign, a / 1000, a % 1000);
}

static void trace_format(trace_text_t *t, const trace_buf_t *b, int tid) {
  int me = upcrt_mythread;
  for (size_t i = 0; i < b->n; i++) {
    const trace_event_t *e = &b->ev[i];
    int64_t ts = (int64_t)(e->ts + (uint64_t)trace_offset - trace_origin);
    if (e->ph == 'C')
      text_printf(t, "{\"name\":\"thread %d bytes\",\"ph\":\"C\",\"pid\":0,\"tid\":%d,", me, tid);
    else if (e->ph == 'X')
      text_printf(t, "{\"name\":\"%s\",\"cat\":\"upc\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,", e->name,
                  tid);
    else
      text_printf(t,
                  "{\"name\":\"%s\",\"cat\":\"thread %d\",\"ph\":\"%c\",\"id\":\"0x%x%012" PRIx64
                  "\",\"pid\":0,\"tid\":%d,",
                  e->name, me, e->ph, (unsigned)me, e->a, tid);
    text_us(t, "ts", ts);
    if (e->ph == 'X') {
      text_printf(t, ",");
      text_us(t, "dur", (int64_t)e->dur);
      if (e->a) text_printf(t, ",\"args\":{\"bytes\":%" PRIu64 "}", e->a);
    } else if (e->ph == 'C') {
      text_printf(t, ",\"args\":{\"got\":%" PRIu64 ",\"put\":%" PRIu64 "}", e->a, e->b);
    } else if (e->ph == 'b' && e->b) {
      text_printf(t, ",\"args\":{\"bytes\":%" PRIu64 "}", e->b);
    }
    text_printf(t, "},\n");
  }
}

/* A track's metadata: "thread N" + suffix, at position sort. */
static void trace_track(trace_text_t *t, int tid, const char *suffix, int sort) {
  text_printf(t, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,"
                 "\"args\":{\"name\":\"thread %d%s\"}},\n",
              tid, upcrt_mythread, suffix);
  text_printf(t, "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,"
                 "\"args\":{\"sort_index\":%d}},\n",
              tid, sort);
}

/* Thread 0 takes each thread's text in turn (bounded memory: one thread's
 * at a time), in pieces MPI's int counts can say. */
#define PIECE ((size_t)1 << 30)
static void trace_send(const trace_text_t *t) {
  uint64_t n = t->n;
  MPI_Send(&n, 1, MPI_UINT64_T, 0, 3, trace_comm);
  for (size_t done = 0; done < t->n; done += PIECE) {
    size_t k = t->n - done < PIECE ? t->n - done : PIECE;
    MPI_Send(t->s + done, (int)k, MPI_CHAR, 0, 4, trace_comm);
  }
}

static void trace_recv(int from, trace_text_t *t) {
  uint64_t n;
  MPI_Recv(&n, 1, MPI_UINT64_T, from, 3, trace_comm, MPI_STATUS_IGNORE);
  if (t->cap < n + 1) {
    free(t->s);
    t->s = malloc(n + 1);
    if (!t->s) upcrt_fatal("UPCRT_TRACE: out of private memory for thread %d's events", from);
    t->cap = n + 1;
  }
  for (size_t done = 0; done < n; done += PIECE) {
    size_t k = n - done < PIECE ? n - done : PIECE;
    MPI_Recv(t->s + done, (int)k, MPI_CHAR, from, 4, trace_comm, MPI_STATUS_IGNORE);
  }
  t->n = n;
}

void upcrt_trace_stop(void) {
  if (!upcrt_tracing) return;
  trace_sample(upcrt_trace_now());
  upcrt_tracing = 0;
  __atomic_store_n(&trace_prog_ready, 0, __ATOMIC_RELEASE);
  int me = upcrt_mythread, T = upcrt_threads;
  trace_text_t text = {0};
  trace_track(&text, me, "", 2 * me);
  trace_format(&text, &trace_main, me);
  if (trace_prog.n) {
    trace_track(&text, T + me, " progress", 2 * me + 1);
    trace_format(&text, &trace_prog, T + me);
  }
  uint64_t mine[3] = {trace_main.dropped + trace_prog.dropped, trace_main.n + trace_prog.n,
                      (uint64_t)trace_offset};
  uint64_t *all = me == 0 ? calloc(3 * (size_t)T, sizeof *all) : NULL;
  if (me == 0 && !all) upcrt_fatal("UPCRT_TRACE: out of private memory");
  MPI_Gather(mine, 3, MPI_UINT64_T, all, 3, MPI_UINT64_T, 0, trace_comm);
  free(trace_main.ev);
  free(trace_prog.ev);
  trace_main = trace_prog = (trace_buf_t){0};
  if (me != 0) {
    trace_send(&text);
    free(text.s);
    MPI_Comm_free(&trace_comm);
    return;
  }

  FILE *f = fopen(trace_file, "w");
  if (!f)
    fprintf(stderr, "upc: thread 0: warning: UPCRT_TRACE: cannot write %s: %s\n", trace_file,
            strerror(errno));
  if (f) fputs("{\"traceEvents\":[\n", f);
  for (int t = 0; t < T; t++) {
    if (t > 0) trace_recv(t, &text);
    if (f) fwrite(text.s, 1, text.n, f);
  }
  free(text.s);
  MPI_Comm_free(&trace_comm);
  uint64_t dropped = 0, events = 0;
  for (int t = 0; t < T; t++) dropped += all[3 * t], events += all[3 * t + 1];
  if (f) {
    fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,"
               "\"args\":{\"name\":\"UPC job, %d thread%s\"}}\n],\n",
            T, T == 1 ? "" : "s");
    fprintf(f, "\"displayTimeUnit\":\"ns\",\n\"otherData\":{\"schema\":\"upcc-trace-1\","
               "\"threads\":%d,\"min_bytes\":%zu,\"events_per_thread\":%zu,"
               "\"events\":%" PRIu64 ",\"dropped_events\":%" PRIu64 ",\n\"dropped_per_thread\":[",
            T, trace_min_bytes, trace_cap, events,
            dropped);
    for (int t = 0; t < T; t++) fprintf(f, "%s%" PRIu64, t ? "," : "", all[3 * t]);
    fprintf(f, "],\n\"clock_offset_ns\":[");
    for (int t = 0; t < T; t++) fprintf(f, "%s%" PRId64, t ? "," : "", (int64_t)all[3 * t + 2]);
    fprintf(f, "]}}\n");
    if (fclose(f) != 0)
      fprintf(stderr, "upc: thread 0: warning: UPCRT_TRACE: cannot write %s: %s\n", trace_file,
              strerror(errno));
    else
      fprintf(stderr, "upc trace: wrote %s (%" PRIu64 " events)\n", trace_file, events);
  }
  if (dropped)
    fprintf(stderr,
            "upc: thread 0: warning: UPCRT_TRACE: %" PRIu64 " events dropped (a thread's buffer "
            "of %zu was full; UPCRT_TRACE_EVENTS raises it)\n",
            dropped, trace_cap);
  free(all);
}
