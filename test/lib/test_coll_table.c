/* test_coll_table.c — the collectives' algorithm table (coll_table.h): size
 * classes, the choice read from UPCRT_COLL_TABLE (coll_table/good.table,
 * the same for every layout), the caller's own algorithm kept, and a
 * broadcast and exchange with the default flags correct in every size
 * class whatever algorithm the table gives it.  The bad tables' messages
 * are death tests (meson.build). */
#include "libtest.h"

#include "coll_table.h"

static void test_size_classes(void **state) {
  (void)state;
  static const struct { size_t n; int c; } cases[] = {
      {0, 0},      {1, 0},      {8, 0},          {9, 1},          {64, 1},
      {65, 2},     {512, 2},    {4096, 3},       {4097, 4},       {32768, 4},
      {262144, 5}, {262145, 6}, {2097152, 6},    {2097153, 7},    {(size_t)1 << 40, 7}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    assert_int_equal(upcrt_coll_size_class(cases[i].n), cases[i].c);
}

static void test_choice_from_file(void **state) {
  (void)state;
  libtest_barrier();
  upcrt_coll_table_init(); /* what the first collective does */
  const upc_flag_t my = UPC_IN_MYSYNC | UPC_OUT_MYSYNC, all = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
  static const upc_flag_t bcast[8] = {UPC_PUSH, UPC_PULL, UPC_MULTICORE, 0,
                                      UPC_PUSH, UPC_PULL, UPC_MULTICORE, 0};
  static const upc_flag_t exch[8] = {UPC_MULTICORE, UPC_MULTICORE, UPC_PUSH, UPC_PUSH,
                                     UPC_PULL, UPC_PULL, 0, 0};
  size_t n = 8;
  for (int c = 0; c < 8; c++, n *= 8) {
    /* the class's smallest and largest sizes */
    size_t lo = c ? n / 8 + 1 : 1, hi = c < 7 ? n : n * 64;
    assert_int_equal(upcrt_coll_choose(UPCRT_COLL_BROADCAST, lo, my), my | bcast[c]);
    assert_int_equal(upcrt_coll_choose(UPCRT_COLL_BROADCAST, hi, my), my | bcast[c]);
    assert_int_equal(upcrt_coll_choose(UPCRT_COLL_BROADCAST, hi, all), all);
    assert_int_equal(upcrt_coll_choose(UPCRT_COLL_EXCHANGE, lo, my), my | exch[c]);
    /* NOSYNC is "not ALLSYNC": the mysync row */
    assert_int_equal(upcrt_coll_choose(UPCRT_COLL_EXCHANGE, hi, UPC_IN_NOSYNC | UPC_OUT_NOSYNC),
                     UPC_IN_NOSYNC | UPC_OUT_NOSYNC | exch[c]);
    /* an algorithm the caller names is kept */
    assert_int_equal(upcrt_coll_choose(UPCRT_COLL_BROADCAST, lo, my | UPC_PULL), my | UPC_PULL);
    assert_int_equal(upcrt_coll_choose(UPCRT_COLL_EXCHANGE, lo, all | UPC_PUSH), all | UPC_PUSH);
  }
}

/* Broadcast from thread T-1 and exchange, default algorithm, each flag mix,
 * one size in each class up to 32 KB; every thread checks its own blocks. */
static void test_default_collectives(void **state) {
  (void)state;
  libtest_barrier();
  int T = THREADS, me = MYTHREAD;
  enum { MAXN = 40000 };
  upcrt_pts_t src = upc_all_alloc((size_t)T, (size_t)MAXN * (size_t)T);
  upcrt_pts_t dst = upc_all_alloc((size_t)T, (size_t)MAXN * (size_t)T);
  unsigned char *s = (unsigned char *)upcrt_seg_mybase + src.offset;
  unsigned char *d = (unsigned char *)upcrt_seg_mybase + dst.offset;
  static const size_t sizes[] = {5, 60, 500, 4000, 30000};
  static const upc_flag_t mixes[] = {UPC_IN_MYSYNC | UPC_OUT_MYSYNC, 0,
                                     UPC_IN_NOSYNC | UPC_OUT_ALLSYNC};
  for (size_t m = 0; m < sizeof mixes / sizeof *mixes; m++)
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
      size_t n = sizes[z], bad = 0;
      if (mixes[m] & UPC_IN_NOSYNC) libtest_barrier();
      for (size_t k = 0; k < n * (size_t)T; k++) s[k] = (unsigned char)(me * 31 + k * 7 + z);
      memset(d, 0xEE, n * (size_t)T);
      /* the source block on thread T-1: the broadcast's root */
      upcrt_pts_t root = upcrt_coll_block(src, (size_t)(T - 1), n * (size_t)T);
      if (mixes[m] & UPC_IN_NOSYNC) libtest_barrier();
      upc_all_broadcast(dst, root, n, mixes[m]);
      if (mixes[m] & UPC_OUT_NOSYNC) libtest_barrier();
      for (size_t k = 0; k < n; k++)
        bad += d[k] != (unsigned char)((T - 1) * 31 + k * 7 + z);
      libtest_barrier();
      memset(d, 0xEE, n * (size_t)T);
      libtest_barrier();
      upc_all_exchange(dst, src, n, mixes[m]);
      if (!(mixes[m] & (UPC_OUT_MYSYNC | UPC_OUT_ALLSYNC))) libtest_barrier();
      /* block i of my dst row is block me of thread i's src row */
      for (int i = 0; i < T; i++)
        for (size_t k = 0; k < n; k++)
          bad += d[(size_t)i * n + k] != (unsigned char)(i * 31 + (me * n + k) * 7 + z);
      libtest_barrier();
      if (bad) print_error("thread %d: %zu wrong bytes (flags 0x%x, %zu bytes)\n", me, bad,
                           (unsigned)mixes[m], n);
      libtest_errors += bad != 0;
    }
  LIBTEST_AGREE();
}

static const struct CMUnitTest tests[] = {cmocka_unit_test(test_size_classes),
                                          cmocka_unit_test(test_choice_from_file),
                                          cmocka_unit_test(test_default_collectives)};
LIBTEST_MAIN(tests)
