/* trace.h — the timeline of a run (upcrun -trace[=FILE], UPCRT_TRACE=FILE).
 *
 * What this module keeps: while tracing, each thread's events in a private
 * buffer of UPCRT_TRACE_EVENTS records (default 131072; when it is full,
 * later events are dropped and counted), one more buffer for its progress
 * thread, the bytes it got and put, and its clock's offset from thread 0's
 * (0 on thread 0's host; measured by ping-pong with thread 0 elsewhere).
 * At normal exit (the module's stop hook, after the exit barrier and the
 * progress thread's end) thread 0 collects every thread's events, in turn,
 * and writes one file in the Chrome trace-event JSON format (Perfetto,
 * chrome://tracing): one track per UPC thread (pid 0, tid = MYTHREAD), one
 * per progress thread (tid = THREADS + MYTHREAD), complete ("X") spans,
 * async ("b"/"e") HUNT strips and counter ("C") samples of the bytes moved.
 *
 * Cost when off: every hook tests upcrt_tracing once, in the runtime's
 * out-of-line functions; the inline fast paths of upcrt.h are untouched (so
 * accesses that never leave them are not traced).
 *
 * How a module records a span (name: a string with static lifetime):
 *
 *   void upc_all_thing(...) {
 *     UPCRT_TRACE_SCOPE("upc_all_thing");   // from here to every return
 *     ...
 *
 * or, by hand: uint64_t t0 = upcrt_tracing ? upcrt_trace_now() : 0; ...
 * if (t0) upcrt_trace_span("name", t0, bytes);
 * Spans of one thread must nest (a scope does by construction).
 */
#ifndef UPCRT_TRACE_H
#define UPCRT_TRACE_H

#include <stddef.h>
#include <stdint.h>

/* Non-zero while this job is being traced (from main until exit). */
extern int upcrt_tracing;

/* What a blocking transfer is, for the bytes counters. */
enum upcrt_trace_dir { UPCRT_TRACE_GET, UPCRT_TRACE_PUT };

/* Now on this thread's clock, in nanoseconds (never 0 or 1). */
uint64_t upcrt_trace_now(void);
/* A span from t0 (upcrt_trace_now) to now; bytes (0: none) is shown with it. */
void upcrt_trace_span(const char *name, uint64_t t0, uint64_t bytes);

/* Barriers: upc_notify's start, and after upc_wait completed the barrier,
 * the wait (from wait_t0) and the whole barrier (from the notify). */
void upcrt_trace_notify(void);
void upcrt_trace_barrier(uint64_t wait_t0);

/* A blocking transfer of n bytes (use UPCRT_TRACE_XFER): counts its bytes
 * and, at or above UPCRT_TRACE_MIN_BYTES (default 4096), records its span.
 * A transfer inside another (upc_memget's own remote get) is the outer
 * one's: not counted twice.  Returns what upcrt_trace_xfer_end takes (0:
 * inside another transfer, nothing to end). */
uint64_t upcrt_trace_xfer_begin(enum upcrt_trace_dir dir, size_t n);
void upcrt_trace_xfer_end(const char *name, uint64_t t0, size_t n);

/* An asynchronous operation of this thread (a HUNT strip): issue and
 * arrival, matched by id (unique per thread), drawn beside the thread. */
void upcrt_trace_async_begin(const char *name, uint64_t id, uint64_t bytes);
void upcrt_trace_async_end(const char *name, uint64_t id);

/* The progress thread did work from t0 to now (it keeps only spans of
 * 10 us or more: an idle poll is shorter).  Only the progress thread calls
 * this; it reads upcrt_tracing with __atomic_load_n. */
void upcrt_trace_progress(const char *name, uint64_t t0);

/* Module hooks (rts/modules.c): start recording at main (collective: the
 * clocks are aligned); at normal exit, collect and write the file
 * (collective; thread 0 writes). */
void upcrt_trace_enter_main(void);
void upcrt_trace_stop(void);

/* ---- scopes: a span from the declaration to the end of the block ---- */

typedef struct {
  const char *name;
  uint64_t t0; /* 0: not tracing */
} upcrt_trace_scope_t;

static inline void upcrt_trace_scope_close(upcrt_trace_scope_t *s) {
  if (__builtin_expect(s->t0 != 0, 0)) upcrt_trace_span(s->name, s->t0, 0);
}

/* For calls of a microsecond or more (collectives): off, one test of
 * upcrt_tracing on entry and one of the scope's t0 on the way out. */
#define UPCRT_TRACE_SCOPE(name)                                                          \
  __attribute__((cleanup(upcrt_trace_scope_close))) upcrt_trace_scope_t upcrt_trace_scope_ = { \
      (name), __builtin_expect(upcrt_tracing, 0) ? upcrt_trace_now() : 0}

/* The first statement of a blocking transfer function of n bytes, call
 * being the function's call of itself with its own arguments: when tracing,
 * it makes the call inside the transfer's span and returns (the inner call,
 * inside an open transfer, runs as untraced).  Off, this is one test of
 * upcrt_tracing and the function's code is as without it (a scope's cleanup
 * would cost the tail call of a memcpy: 1.3 ns per upc_memget). */
#define UPCRT_TRACE_XFER(name, dir, n, call)                                             \
  do {                                                                                   \
    if (__builtin_expect(upcrt_tracing, 0)) {                                            \
      uint64_t upcrt_trace_t0_ = upcrt_trace_xfer_begin((dir), (n));                     \
      if (upcrt_trace_t0_) {                                                             \
        call;                                                                            \
        upcrt_trace_xfer_end((name), upcrt_trace_t0_, (n));                              \
        return;                                                                          \
      }                                                                                  \
    }                                                                                    \
  } while (0)

#endif
