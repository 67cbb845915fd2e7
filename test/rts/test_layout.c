/* test_layout.c — pointer-to-shared arithmetic checked against a brute-force
 * model of the UPC layout (no communication: sets THREADS directly). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "segment.h"
#include "upcrt.h"

/* The model: the elements of an array with block B (0 = indefinite) of
 * E-byte elements over T threads, element 0 at offset base on thread 0,
 * found by dealing blocks round-robin one element at a time (no division,
 * so the model shares no formula with the code under test). */
static void model(upcrt_pts_t *m, size_t N, size_t B, size_t E, size_t T, uint64_t base) {
  size_t thread = 0, row = 0, phase = 0;
  for (size_t i = 0; i < N; i++) {
    if (B == 0) {
      m[i] = (upcrt_pts_t){base + i * E, 0, 0};
      continue;
    }
    m[i] = (upcrt_pts_t){base + (row * B + phase) * E, (uint32_t)thread, (uint32_t)phase};
    if (++phase == B) {
      phase = 0;
      if (++thread == T) {
        thread = 0;
        row++;
      }
    }
  }
}

static void check_config(size_t B, size_t E, size_t T, size_t N) {
  upcrt_threads = (int)T;
  const uint64_t base = 4096;
  upcrt_pts_t *m = malloc(N * sizeof *m);
  assert_non_null(m);
  model(m, N, B, E, T, base);
  upcrt_pts_t p0 = m[0];
  size_t js[] = {0, 1, N / 3, N / 2, N - 2, N - 1};
  for (size_t i = 0; i < N; i++) {
    upcrt_pts_t q = upcrt_pts_add(p0, (ptrdiff_t)i, B, E);
    if (!upcrt_pts_eq(q, m[i]))
      fail_msg("B=%zu E=%zu T=%zu: p+%zu = {%lu,%u,%u}, model {%lu,%u,%u}", B, E, T, i,
               (unsigned long)q.offset, q.thread, q.phase, (unsigned long)m[i].offset,
               m[i].thread, m[i].phase);
    assert_int_equal(upc_threadof(q), m[i].thread);
    assert_int_equal(upc_phaseof(q), m[i].phase);
    assert_int_equal(upcrt_pts_diff(m[i], p0, B, E), (ptrdiff_t)i);
    for (size_t k = 0; k < sizeof js / sizeof js[0]; k++) {
      size_t j = js[k];
      if (j >= N) continue;
      /* from any element to any other, forwards and backwards */
      upcrt_pts_t r = upcrt_pts_add(m[j], (ptrdiff_t)i - (ptrdiff_t)j, B, E);
      if (!upcrt_pts_eq(r, m[i]))
        fail_msg("B=%zu E=%zu T=%zu: &a[%zu]+(%td) != &a[%zu]", B, E, T, j,
                 (ptrdiff_t)i - (ptrdiff_t)j, i);
      assert_int_equal(upcrt_pts_diff(m[i], m[j], B, E), (ptrdiff_t)i - (ptrdiff_t)j);
      int c = upcrt_pts_cmp(m[i], m[j], B, E);
      assert_int_equal(c, (i > j) - (i < j));
    }
  }
  /* upc_affinitysize: bytes of the object on each thread, counted */
  {
    size_t *bytes = calloc(T, sizeof *bytes);
    for (size_t i = 0; i < N; i++) bytes[m[i].thread] += E;
    for (size_t t = 0; t < T; t++)
      assert_int_equal(upc_affinitysize(N * E, B * E, t), bytes[t]);
    free(bytes);
  }
  free(m);
}

static void test_layout_model(void **state) {
  (void)state;
  const size_t blocks[] = {0, 1, 2, 3, 5, 16, 1000};
  const size_t elems[] = {1, 4, 8, 24};
  const size_t threads[] = {1, 2, 3, 4, 7, 64};
  const size_t lengths[] = {1, 2, 7, 64, 100, 1001, 3000};
  for (size_t b = 0; b < 7; b++)
    for (size_t e = 0; e < 4; e++)
      for (size_t t = 0; t < 6; t++)
        for (size_t n = 0; n < 7; n++) check_config(blocks[b], elems[e], threads[t], lengths[n]);
}

/* Pointers not starting at element 0: a pointer with a phase, walked back. */
static void test_negative_and_phase(void **state) {
  (void)state;
  upcrt_threads = 3;
  upcrt_pts_t p = {4096 + 2 * 8, 2, 2}; /* block 5, elem 8: element 12 */
  upcrt_pts_t q = upcrt_pts_add(p, -12, 5, 8);
  assert_int_equal(q.thread, 0);
  assert_int_equal(q.phase, 0);
  assert_int_equal(q.offset, 4096);
  q = upcrt_pts_add(p, 3, 5, 8); /* element 15: thread 0, row 1, phase 0 */
  assert_int_equal(q.thread, 0);
  assert_int_equal(q.phase, 0);
  assert_int_equal(q.offset, 4096 + 5 * 8);
  upcrt_pts_t r = upc_resetphase(p);
  assert_int_equal(r.phase, 0);
  assert_int_equal(r.thread, 2);
  assert_int_equal(upc_addrfield(p), p.offset);
  assert_true(upcrt_pts_isnull(UPCRT_NULL_PTS));
}

static void test_parse_size(void **state) {
  (void)state;
  assert_int_equal(upcrt_seg_parse_size("64MB"), (size_t)64 << 20);
  assert_int_equal(upcrt_seg_parse_size("1G"), (size_t)1 << 30);
  assert_int_equal(upcrt_seg_parse_size("512K"), (size_t)512 << 10);
  assert_int_equal(upcrt_seg_parse_size("512k"), (size_t)512 << 10);
  assert_int_equal(upcrt_seg_parse_size("2GiB"), (size_t)2 << 30);
  assert_int_equal(upcrt_seg_parse_size("4096"), 4096);
  assert_int_equal(upcrt_seg_parse_size("100B"), 100);
  assert_int_equal(upcrt_seg_parse_size(""), 0);
  assert_int_equal(upcrt_seg_parse_size("MB"), 0);
  assert_int_equal(upcrt_seg_parse_size("12Q"), 0);
  assert_int_equal(upcrt_seg_parse_size("1.5G"), 0);
  assert_int_equal(upcrt_seg_parse_size("99999999999999T"), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layout_model),
      cmocka_unit_test(test_negative_and_phase),
      cmocka_unit_test(test_parse_size),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
