/* test_misc.c — upc_castable.h (upc_cast, upc_thread_info), the Berkeley
 * castability and distance queries, and the timers (upc_tick.h, bupc_ticks):
 * answers agree with what the runtime can actually address, and the clock
 * is monotonic and measures a known sleep. */
#include "libtest.h"

#include <time.h>

#include "castable.h"
#include "tick.h"

static void test_castable(void **s) {
  (void)s;
  upcrt_pts_t A = upc_all_alloc((size_t)THREADS, 64);
  /* each thread stamps its block; a castable pointer must see the stamp */
  *(int *)(upcrt_node_base[MYTHREAD] + A.offset) = 1000 + MYTHREAD;
  libtest_barrier();
  for (int t = 0; t < THREADS; t++) {
    upcrt_pts_t p = {A.offset, (uint32_t)t, 0};
    int *l = upc_cast(p);
    upc_thread_info_t info = upc_thread_info((size_t)t);
    int stamp = 0;
    upc_memget(&stamp, p, sizeof stamp);
    CHECK(stamp == 1000 + t, "stamp of %d", t);
    if (t == MYTHREAD) CHECK(l != NULL, "my own data is castable");
    if (l) {
      CHECK(*l == 1000 + t, "upc_cast of thread %d reads %d", t, *l);
      CHECK(info.guaranteedCastable == UPC_CASTABLE_ALL && info.probablyCastable == UPC_CASTABLE_ALL,
            "thread %d castable but info says %d/%d", t, info.guaranteedCastable,
            info.probablyCastable);
    } else {
      CHECK(info.guaranteedCastable == 0 && info.probablyCastable == 0,
            "thread %d not castable but info says %d/%d", t, info.guaranteedCastable,
            info.probablyCastable);
      /* one machine: only UPCRT_FORCE_RMA or another simulated node */
      const char *ns = getenv("UPCRT_NODE_SIZE");
      int k = ns && *ns ? atoi(ns) : THREADS;
      CHECK(upcrt_seg_force_rma || MYTHREAD / k != t / k,
            "thread %d not castable on its node without UPCRT_FORCE_RMA", t);
    }
    CHECK((bupc_cast(p) != NULL) == (l != NULL), "bupc_cast agrees");
    CHECK(bupc_castable(p) == (l != NULL), "bupc_castable agrees");
    CHECK(bupc_thread_castable((unsigned)t) == (l != NULL), "bupc_thread_castable agrees");
    int d = bupc_thread_distance(MYTHREAD, t);
    CHECK(t == MYTHREAD ? d == BUPC_THREADS_SAME
                        : d == (l ? BUPC_THREADS_NEAR : BUPC_THREADS_FAR),
          "distance to %d is %d", t, d);
    for (int u = 0; u < THREADS; u++) {
      int d2 = bupc_thread_distance(t, u), d3 = bupc_thread_distance(u, t);
      CHECK(d2 == d3, "distance is symmetric (%d, %d)", t, u);
      if (t == u) CHECK(d2 == BUPC_THREADS_SAME, "same thread");
    }
  }
  CHECK(upc_cast(UPCRT_NULL_PTS) == NULL, "null casts to NULL");
  libtest_barrier();
  upc_all_free(A);
  LIBTEST_AGREE();
}

static void test_ticks(void **s) {
  (void)s;
  upc_tick_t a = upc_ticks_now(), prev = a;
  for (int i = 0; i < 10000; i++) {
    upc_tick_t t = upc_ticks_now();
    CHECK(t >= prev, "clock went back");
    prev = t;
  }
  struct timespec ts = {0, 20 * 1000 * 1000};
  upc_tick_t t0 = upc_ticks_now();
  nanosleep(&ts, NULL);
  upc_tick_t t1 = upc_ticks_now();
  uint64_t ns = upc_ticks_to_ns(t1 - t0);
  CHECK(ns >= 20000000 && ns < 2000000000, "20 ms sleep measured as %lu ns", (unsigned long)ns);
  bupc_tick_t b0 = bupc_ticks_now();
  nanosleep(&ts, NULL);
  bupc_tick_t b1 = bupc_ticks_now();
  CHECK(bupc_ticks_to_us(b1 - b0) >= 20000 && bupc_ticks_to_ns(b1 - b0) >= 20000000,
        "bupc ticks: %lu us", (unsigned long)bupc_ticks_to_us(b1 - b0));
  CHECK(bupc_tick_granularityus() > 0 && bupc_tick_granularityus() < 1000, "granularity");
  CHECK(bupc_tick_overheadus() >= 0 && bupc_tick_overheadus() < 100, "overhead");
  CHECK(UPC_TICK_MAX > UPC_TICK_MIN, "range");
  LIBTEST_AGREE();
}

static const struct CMUnitTest tests[] = {cmocka_unit_test(test_castable),
                                          cmocka_unit_test(test_ticks)};
LIBTEST_MAIN(tests)
