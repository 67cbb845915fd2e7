/* test_prefetch.c — remote rows read ahead (rts/comm/prefetch.c): a stream of
 * row fetches is read ahead and every value is right; scattered fetches
 * read nothing ahead; a row read ahead never hides this thread's own later
 * write (put, cached put, update, bulk and non-blocking put, atomic) nor
 * another thread's write made before a barrier or a strict flag.  Runs
 * under UPCRT_FORCE_RMA=1 (and across emulated nodes in suite cluster);
 * with one thread there is nothing remote and the counts stay 0. */
#include "rtstest.h"

#include <stdint.h>

#include "atomic.h"
#include "nb.h"
#include "prefetch.h"

enum { ROW = 1024, ROWS = 64 }; /* a row longer than a cache line */
static upcrt_pts_t area;        /* ROWS rows per thread */
static void *rowbuf;
static size_t rowcap;

static upcrt_pts_t row(int t, int r) {
  return upcrt_pts_add(area, (ptrdiff_t)((size_t)t * ROWS * ROW + (size_t)r * ROW), ROWS * ROW, 1);
}

static int64_t value(int t, int r, int k, int gen) { return (int64_t)gen * 1000000 + t * 10000 + r * 100 + k; }

/* This thread's rows, written as generation gen. */
static void write_mine(int gen) {
  int64_t *mine = (int64_t *)(upcrt_node_base[MYTHREAD] + row(MYTHREAD, 0).offset);
  for (int r = 0; r < ROWS; r++)
    for (int k = 0; k < ROW / 8; k++) mine[r * (ROW / 8) + k] = value(MYTHREAD, r, k, gen);
}

/* Row r of thread t, fetched; its word k. */
static int64_t fetch(int t, int r, int k) {
  const int64_t *p = upcrt_row_fetch(row(t, r), ROW, 0, 1, &rowbuf, &rowcap);
  return p[k];
}

static int remote(int t) { return upcrt_node_base[t] == NULL; }

static int setup(void **state) {
  (void)state;
  area = upc_all_alloc((size_t)THREADS, (size_t)ROWS * ROW);
  return 0;
}

/* Rows of the next thread in order: read ahead, and right. */
static void test_stream(void **state) {
  (void)state;
  int next = (MYTHREAD + 1) % THREADS;
  write_mine(1);
  upcrt_barrier(0, 0);
  upcrt_prefetch_stats_t a, b;
  upcrt_prefetch_stats(&a);
  int bad = 0;
  for (int r = 0; r < ROWS; r++)
    for (int k = 0; k < ROW / 8; k += 17) bad += fetch(next, r, k) != value(next, r, k, 1);
  CHECK(bad == 0, "%d wrong words in a stream of rows", bad);
  upcrt_prefetch_stats(&b);
  if (remote(next)) {
    CHECK(b.ahead - a.ahead >= ROWS / 2, "only %lu rows read ahead in a stream of %d",
          (unsigned long)(b.ahead - a.ahead), ROWS);
    CHECK(b.used - a.used >= ROWS / 2, "only %lu rows read ahead were used",
          (unsigned long)(b.used - a.used));
  } else {
    CHECK(b.ahead == a.ahead, "rows of a mapped thread were read ahead");
  }
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Scattered rows: nothing read ahead. */
static void test_scattered(void **state) {
  (void)state;
  int next = (MYTHREAD + 1) % THREADS;
  upcrt_prefetch_stats_t a, b;
  upcrt_prefetch_stats(&a);
  int bad = 0;
  for (int i = 0; i < ROWS; i++) {
    int r = (i * 37 + 11) % ROWS;
    bad += fetch(next, r, 3) != value(next, r, 3, 1);
  }
  upcrt_prefetch_stats(&b);
  CHECK(bad == 0, "%d wrong words in scattered rows", bad);
  CHECK(b.ahead == a.ahead, "%lu rows read ahead of scattered fetches",
        (unsigned long)(b.ahead - a.ahead));
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* A stream starts (rows 0 and 1: rows after them are read ahead), then
 * this thread writes word 5 of row 3 one way; row 3 must show it. */
enum { BY_PUT, BY_CACHED_PUT, BY_UPDATE, BY_MEMPUT, BY_NB_PUT, BY_ATOMIC, NWAYS };
static const char *const ways[NWAYS] = {"put", "cached put", "update", "upc_memput",
                                        "non-blocking put", "atomic"};

static void test_own_write(void **state) {
  (void)state;
  int next = (MYTHREAD + 1) % THREADS;
  upcrt_pts_t dom = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_SET, 0);
  for (int way = 0; way < NWAYS; way++) {
    write_mine(2);
    upcrt_barrier(0, 0);
    for (int r = 0; r < 3; r++) (void)fetch(next, r, 0);
    upcrt_pts_t w = upcrt_pts_add(row(next, 3), 5 * 8, ROWS * ROW, 1);
    int64_t v = -7 - way, one = 1;
    switch (way) {
    case BY_PUT: upcrt_put_remote(w, &v, 8, 0); break;
    case BY_CACHED_PUT: upcrt_put_i64(w, v); break;
    case BY_UPDATE:
      upcrt_update(w, UPC_INT64, UPC_ADD, &one);
      v = value(next, 3, 5, 2) + 1;
      break;
    case BY_MEMPUT: upc_memput(w, &v, 8); break;
    case BY_NB_PUT: upc_sync(upc_memput_nb(w, &v, 8)); break;
    case BY_ATOMIC: upc_atomic_relaxed(dom, NULL, UPC_SET, w, &v, NULL); break;
    }
    int64_t got = fetch(next, 3, 5);
    CHECK(got == v, "row 3 after this thread's %s: %ld, want %ld", ways[way], (long)got, (long)v);
    CHECK(fetch(next, 4, 6) == value(next, 4, 6, 2), "row 4 after the %s", ways[way]);
    upcrt_barrier(0, 0);
  }
  upc_all_atomicdomain_free(dom);
  RTSTEST_AGREE();
}

/* Thread t reads rows of t+1 ahead; t+1 then writes them and synchronizes
 * with a barrier, or with a strict flag that t waits for: t's next fetches
 * show the new values. */
static void test_others_write(void **state) {
  (void)state;
  if (THREADS < 2) return;
  int next = (MYTHREAD + 1) % THREADS, prev = (MYTHREAD + THREADS - 1) % THREADS;
  upcrt_pts_t flags = upc_all_alloc((size_t)THREADS, 8);
  for (int sync = 0; sync < 2; sync++) {
    write_mine(3 + 2 * sync);
    upcrt_sput_i64(upcrt_pts_add(flags, MYTHREAD, 1, 8), 0);
    upcrt_barrier(0, 0);
    for (int r = 0; r < 4; r++) (void)fetch(next, r, 1); /* rows 4.. read ahead */
    upcrt_barrier(0, 0);
    write_mine(4 + 2 * sync);
    if (sync == 0) {
      upcrt_barrier(0, 0);
    } else {
      upcrt_sput_i64(upcrt_pts_add(flags, prev, 1, 8), 1); /* "my rows are new" to prev */
      while (upcrt_sget_i64(upcrt_pts_add(flags, MYTHREAD, 1, 8)) == 0) {
      }
    }
    int bad = 0;
    for (int r = 4; r < 12; r++) bad += fetch(next, r, 9) != value(next, r, 9, 4 + 2 * sync);
    CHECK(bad == 0, "%d rows read before the %s were stale", bad,
          sync ? "strict flag" : "barrier");
    upcrt_barrier(0, 0);
  }
  RTSTEST_AGREE();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup(test_stream, setup),
    cmocka_unit_test(test_scattered),
    cmocka_unit_test(test_own_write),
    cmocka_unit_test(test_others_write),
};

RTSTEST_MAIN(tests)
