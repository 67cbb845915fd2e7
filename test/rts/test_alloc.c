/* test_alloc.c — the shared heap: upc_all_alloc (collective, symmetric),
 * upc_global_alloc (one thread, nobody else helps), upc_alloc (caller's
 * partition), upc_free from any thread, reuse over thousands of cycles. */
#include "rtstest.h"

#include <stdint.h>

/* shared [1] upcrt_pts_t slot[THREADS]: where threads publish pointers */
static upcrt_static_t SLOT = {"slot", "shared [1] void *shared[THREADS]", 16, 1, 1, 1, NULL, 0,
                              0, 0};
__attribute__((constructor)) static void register_statics(void) {
  upcrt_register_static(&SLOT);
}

static upcrt_pts_t slot_of(int t) { return upcrt_pts_add(upcrt_static_pts(&SLOT), t, 1, 16); }

static void test_all_alloc_layout_and_reuse(void **state) {
  (void)state;
  uint64_t first = 0, highest = 0;
  const size_t nbytes = 1000, nblocks = (size_t)THREADS * 4 + 1; /* uneven last row */
  const int cycles = RTSTEST_SCALE(2000);
  for (int cycle = 0; cycle < cycles; cycle++) {
    upcrt_pts_t p = upc_all_alloc(nblocks, nbytes);
    CHECK(!upcrt_pts_isnull(p) && p.thread == 0 && p.phase == 0, "cycle %d: result", cycle);
    if (cycle == 0) first = p.offset;
    if (p.offset > highest) highest = p.offset;
    /* block i (nbytes bytes) is on thread i % THREADS at row i / THREADS */
    for (size_t i = (size_t)MYTHREAD; i < nblocks; i += (size_t)THREADS) {
      upcrt_pts_t b = upcrt_pts_add(p, (ptrdiff_t)i, 1, nbytes);
      CHECK((int)upc_threadof(b) == MYTHREAD, "block %zu on thread %zu", i, upc_threadof(b));
      char *l = upcrt_pts_to_local(b);
      memset(l, (int)(i + cycle) & 0xff, nbytes);
    }
    if (cycle % 10 == 0) {
      /* every tenth cycle, another thread checks what we wrote */
      upcrt_barrier(0, 0);
      size_t i = (size_t)(MYTHREAD + 1) % nblocks;
      char got[1000];
      upc_memget(got, upcrt_pts_add(p, (ptrdiff_t)i, 1, nbytes), nbytes);
      int bad = 0;
      for (size_t k = 0; k < nbytes; k++) bad += (unsigned char)got[k] != ((i + cycle) & 0xff);
      CHECK(bad == 0, "cycle %d: block %zu", cycle, i);
      upcrt_barrier(0, 0);
    }
    upc_all_free(p);
  }
  /* freed memory is reused: the same space over and over */
  CHECK(highest == first, "offsets grew from %lu to %lu", (unsigned long)first,
        (unsigned long)highest);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Each thread allocates alone, another thread checks and frees it. */
static void test_global_alloc(void **state) {
  (void)state;
  for (int cycle = 0; cycle < RTSTEST_SCALE(300); cycle++) {
    size_t nbytes = 64 + (size_t)((cycle * 37 + MYTHREAD * 11) % 500);
    upcrt_pts_t p = upc_global_alloc((size_t)THREADS + 2, nbytes);
    CHECK(!upcrt_pts_isnull(p) && p.thread == 0, "result");
    for (int b = 0; b < THREADS + 2; b++) {
      upcrt_pts_t q = upcrt_pts_add(p, b, 1, nbytes);
      upcrt_put_i32(q, MYTHREAD * 100000 + cycle * 10 + b % 10);
      upcrt_put_i32(upcrt_pts_addbytes(q, nbytes - 4), b);
    }
    upcrt_put_pts(slot_of(MYTHREAD), p);
    upcrt_barrier(0, 0);
    int from = (MYTHREAD + 1) % THREADS;
    upcrt_pts_t theirs = upcrt_get_pts(slot_of(from));
    size_t theirbytes = 64 + (size_t)((cycle * 37 + from * 11) % 500);
    for (int b = 0; b < THREADS + 2; b++) {
      upcrt_pts_t q = upcrt_pts_add(theirs, b, 1, theirbytes);
      int32_t v = upcrt_get_i32(q), e = upcrt_get_i32(upcrt_pts_addbytes(q, theirbytes - 4));
      CHECK(v == from * 100000 + cycle * 10 + b % 10 && e == b, "cycle %d block %d", cycle, b);
    }
    upcrt_barrier(0, 0);
    upc_free(theirs); /* freed by a thread that did not allocate it */
  }
  upcrt_barrier(0, 0);
  /* only thread THREADS-1 allocates while the others wait in a barrier */
  if (MYTHREAD == THREADS - 1) {
    upcrt_pts_t p = upc_global_alloc(1, 4096);
    upcrt_put_i32(p, 77);
    upcrt_put_pts(slot_of(0), p);
  }
  upcrt_barrier(0, 0);
  upcrt_pts_t p = upcrt_get_pts(slot_of(0));
  CHECK(upcrt_get_i32(p) == 77, "lone global alloc");
  upcrt_barrier(0, 0);
  if (MYTHREAD == 0) upc_free(p);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* upc_alloc in the caller's partition, freed in random order by the caller:
 * the space comes back (far more bytes go through than the heap holds). */
static void test_local_alloc_reuse(void **state) {
  (void)state;
  size_t total = 0;
  upcrt_pts_t live[8] = {{0, 0, 0}};
  size_t sizes[8] = {0};
  unsigned seed = 12345u + (unsigned)MYTHREAD;
  for (int cycle = 0; cycle < 3000; cycle++) {
    seed = seed * 1103515245u + 12345u;
    int k = (int)((seed >> 16) % 8);
    if (!upcrt_pts_isnull(live[k])) {
      unsigned char *l = upcrt_pts_to_local(live[k]);
      CHECK(l[0] == (unsigned char)k && l[sizes[k] - 1] == (unsigned char)(k + 1),
            "cycle %d: block %d overwritten", cycle, k);
      upc_free(live[k]);
    }
    size_t n = 2 + (seed >> 8) % 200000;
    live[k] = upc_alloc(n);
    sizes[k] = n;
    total += n;
    CHECK((int)live[k].thread == MYTHREAD && live[k].phase == 0, "upc_alloc: thread %u",
          live[k].thread);
    unsigned char *l = upcrt_pts_to_local(live[k]);
    l[0] = (unsigned char)k;
    l[n - 1] = (unsigned char)(k + 1);
  }
  for (int k = 0; k < 8; k++) upc_free(live[k]);
  CHECK(total > 4 * upcrt_seg_heap_size, "the test should push more than a heap through");
  upc_free(UPCRT_NULL_PTS); /* no effect */
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* upc_alloc'd blocks freed by another thread come back to their owner. */
static void test_local_alloc_remote_free(void **state) {
  (void)state;
  size_t total = 0;
  const int cycles = RTSTEST_SCALE(800);
  for (int cycle = 0; cycle < cycles; cycle++) {
    size_t n = 2 + (size_t)((cycle * 7919 + MYTHREAD * 104729) % 200000);
    upcrt_pts_t p = upc_alloc(n);
    total += n;
    CHECK((int)p.thread == MYTHREAD && p.phase == 0, "upc_alloc: thread %u", p.thread);
    unsigned char *l = upcrt_pts_to_local(p);
    l[0] = (unsigned char)cycle;
    l[n - 1] = (unsigned char)(cycle + 1);
    upcrt_put_pts(slot_of(MYTHREAD), p);
    upcrt_barrier(0, 0);
    int from = (MYTHREAD + THREADS - 1) % THREADS;
    upcrt_pts_t q = upcrt_get_pts(slot_of(from));
    size_t qn = 2 + (size_t)((cycle * 7919 + from * 104729) % 200000);
    CHECK(upcrt_get_u8(q) == (unsigned char)cycle &&
              upcrt_get_u8(upcrt_pts_addbytes(q, qn - 1)) == (unsigned char)(cycle + 1),
          "cycle %d: data of thread %d", cycle, from);
    upcrt_barrier(0, 0);
    upc_free(q);
  }
  CHECK(total > upcrt_seg_heap_size, "the test should push more than a heap through");
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Space given back by one partition is usable by the symmetric heap. */
static void test_boundary_moves(void **state) {
  (void)state;
  size_t big = upcrt_seg_heap_size / 2;
  upcrt_pts_t p = upc_alloc(big);
  CHECK(!upcrt_pts_isnull(p), "half the heap locally");
  upc_free(p);
  upcrt_barrier(0, 0);
  upcrt_pts_t q = upc_all_alloc((size_t)THREADS, big + big / 2);
  CHECK(!upcrt_pts_isnull(q), "three quarters symmetric");
  char *l = upcrt_pts_to_local(upcrt_pts_add(q, MYTHREAD, 1, big + big / 2));
  l[0] = 1;
  l[big + big / 2 - 1] = 2;
  upcrt_barrier(0, 0);
  upc_all_free(q);
  /* zero bytes: the null pointer-to-shared (UPC 1.3 7.2.2), freed as a no-op */
  upcrt_pts_t z = upc_alloc(0);
  CHECK(upcrt_pts_isnull(z), "upc_alloc(0) is not NULL");
  upc_free(z);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Messages can name heap objects. */
static void test_describe_heap(void **state) {
  (void)state;
  upcrt_pts_t p = upc_all_alloc((size_t)THREADS * 2, 16);
  char d[256];
  upcrt_pts_t q = upcrt_pts_addbytes(upcrt_pts_add(p, THREADS + MYTHREAD, 1, 16), 5);
  upcrt_describe_pts(q, d, sizeof d);
  char want[128];
  snprintf(want, sizeof want, "upc_all_alloc(%d, 16) object, byte %d", THREADS * 2,
           (THREADS + MYTHREAD) * 16 + 5);
  CHECK(strcmp(d, want) == 0, "\"%s\" != \"%s\"", d, want);
  upcrt_barrier(0, 0);
  upc_all_free(p);
  RTSTEST_AGREE();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_all_alloc_layout_and_reuse),
    cmocka_unit_test(test_global_alloc),
    cmocka_unit_test(test_local_alloc_reuse),
    cmocka_unit_test(test_local_alloc_remote_free),
    cmocka_unit_test(test_boundary_moves),
    cmocka_unit_test(test_describe_heap),
};

RTSTEST_MAIN(tests)
