/* test_transport.c — the transport (rts/comm/transport.c) under mpiexec at
 * 1-4 ranks with UPCRT_FORCE_RMA=1: relaxed puts (single, gathered, runs,
 * indexed) and their completion per target and at a fence, puts and gets
 * to overlapping places in program order, gathered accumulates, blocking
 * and request-based gets, operations (puts completed at their targets,
 * deferred ones posted by a wait) and indexed gets from several targets
 * in one operation, both ways (an hindexed MPI_Rget, packed by the target). */
#include "rtstest.h"

#include <stdint.h>
#include <string.h>

#include "transport.h"

#define AREA 65536 /* bytes of BUF per thread */
static upcrt_static_t BUF = {"buf", "shared [65536] char[65536*THREADS]", 1, AREA, AREA, 1,
                             NULL, 0, 0, 0};

__attribute__((constructor)) static void register_statics(void) { upcrt_register_static(&BUF); }

/* Segment offset of byte i of thread t's part of BUF (the same on every
 * thread: statics are laid out alike). */
static uint64_t at(size_t i) { return BUF.offset + i; }
/* This thread's part, through its own mapping. */
static unsigned char *mine(void) { return (unsigned char *)upcrt_seg_mybase + BUF.offset; }

static unsigned char pattern(int owner, size_t i) { return (unsigned char)(owner * 37 + i * 11 + 3); }

/* Every thread's part holds pattern(owner, i), written locally. */
static void fill_patterns(void) {
  for (size_t i = 0; i < AREA; i++) mine()[i] = pattern(MYTHREAD, i);
  upcrt_barrier(0, 0);
}

static int right(void) { return (MYTHREAD + 1) % THREADS; }
static int left(void) { return (MYTHREAD + THREADS - 1) % THREADS; }

/* Small puts gather, a large one leaves at once; the target sees all of
 * them after the writer's fence, and the writer's own get sees them before. */
static void test_put_fence(void **state) {
  (void)state;
  memset(mine(), 0, AREA);
  upcrt_barrier(0, 0);
  int t = right();
  uint64_t w0 = upcrt_transport_writes;
  unsigned char big[2000];
  for (int k = 0; k < 200; k++) { /* scattered 8-byte puts, then a few adjacent runs */
    uint64_t v = (uint64_t)MYTHREAD << 32 | (uint64_t)k;
    upcrt_transport_put(t, at((size_t)k * 64), &v, sizeof v);
  }
  for (int k = 0; k < 32; k++) {
    unsigned char b = (unsigned char)(k + MYTHREAD);
    upcrt_transport_put_run(t, at(20000 + (size_t)k), &b, 1);
  }
  for (size_t i = 0; i < sizeof big; i++) big[i] = pattern(MYTHREAD, i);
  upcrt_transport_put(t, at(30000), big, sizeof big);
  CHECK(upcrt_transport_pending(t), "no puts pending to %d", t);
  CHECK(upcrt_transport_writes > w0, "writes not counted");
  /* the writer reads its own writes before any fence */
  uint64_t got = 0;
  upcrt_transport_get(&got, t, at(64 * 7), sizeof got);
  CHECK(got == ((uint64_t)MYTHREAD << 32 | 7), "own put read back as %llx",
        (unsigned long long)got);
  upcrt_flush_puts();
  CHECK(!upcrt_transport_pending(t), "puts still pending after a fence");
  upcrt_barrier(0, 0);
  int from = left(), bad = 0;
  for (int k = 0; k < 200; k++) {
    uint64_t v;
    memcpy(&v, mine() + (size_t)k * 64, sizeof v);
    bad += v != ((uint64_t)from << 32 | (uint64_t)k);
  }
  for (int k = 0; k < 32; k++) bad += mine()[20000 + k] != (unsigned char)(k + from);
  for (size_t i = 0; i < sizeof big; i++) bad += mine()[30000 + i] != pattern(from, i);
  CHECK(bad == 0, "%d places wrong at the target", bad);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Puts to one place in flight together land in program order (MPI orders
 * none of them): exact repeats, a small put inside a large one, a large one
 * over small ones, runs over gathered puts; and a get between them sees the
 * latest. */
static void test_overlap_order(void **state) {
  (void)state;
  memset(mine(), 0, AREA);
  upcrt_barrier(0, 0);
  int t = right();
  unsigned char big[700], seen[700];
  for (int round = 0; round < 20; round++) {
    uint64_t base = at((size_t)round * 1024);
    for (int k = 0; k < 5; k++) { /* the same 8 bytes again and again */
      uint64_t v = (uint64_t)(round * 10 + k);
      upcrt_transport_put(t, base, &v, sizeof v);
    }
    memset(big, 0xA0 + round % 16, sizeof big); /* over everything */
    upcrt_transport_put(t, base, big, sizeof big);
    uint32_t inner = 0xC0FFEE00u + (uint32_t)round; /* inside the large one */
    upcrt_transport_put(t, base + 100, &inner, sizeof inner);
    unsigned char run[40];
    memset(run, round, sizeof run);
    upcrt_transport_put_run(t, base + 98, run, sizeof run); /* over the inner one */
    uint16_t tail = (uint16_t)(0xBEEF + round);
    upcrt_transport_put(t, base + 120, &tail, sizeof tail);
    /* what this thread expects there now */
    memset(seen, 0xA0 + round % 16, sizeof seen);
    memset(seen + 98, round, sizeof run);
    memcpy(seen + 120, &tail, sizeof tail);
    if (round % 2) { /* read back before the fence: the latest bytes */
      unsigned char got[700];
      upcrt_transport_get(got, t, base, sizeof got);
      CHECK(memcmp(got, seen, sizeof got) == 0, "round %d: read back differs", round);
    }
  }
  upcrt_flush_puts();
  upcrt_barrier(0, 0);
  for (int round = 0; round < 20; round++) {
    unsigned char want[700];
    memset(want, 0xA0 + round % 16, sizeof want);
    memset(want + 98, round, 40);
    uint16_t tail = (uint16_t)(0xBEEF + round);
    memcpy(want + 120, &tail, sizeof tail);
    CHECK(memcmp(mine() + (size_t)round * 1024, want, sizeof want) == 0,
          "round %d: the target holds older bytes", round);
  }
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Gathered accumulates from every thread to one place sum up; a change of
 * operation or a place already in the batch sends the batch first, and a
 * put after an accumulate to the same place lands after it. */
static void test_accumulate(void **state) {
  (void)state;
  memset(mine(), 0, AREA);
  upcrt_barrier(0, 0);
  int64_t one = 1, mask = (int64_t)1 << MYTHREAD;
  for (int t = 0; t < THREADS; t++) {
    for (int k = 0; k < 300; k++) /* more than a batch, repeating places */
      upcrt_transport_accumulate(t, at(8 * (size_t)(k % 40)), MPI_INT64_T, 8, MPI_SUM, &one);
    upcrt_transport_accumulate(t, at(1000), MPI_INT64_T, 8, MPI_BOR, &mask);
  }
  /* an accumulate then a put to one place: the put's value stays */
  int t = right();
  int64_t ten = 10, seven = 7;
  upcrt_transport_accumulate(t, at(2000 + 8 * (size_t)MYTHREAD), MPI_INT64_T, 8, MPI_SUM, &ten);
  upcrt_transport_put(t, at(2000 + 8 * (size_t)MYTHREAD), &seven, sizeof seven);
  upcrt_flush_puts();
  upcrt_barrier(0, 0);
  int64_t v;
  for (int k = 0; k < 40; k++) {
    memcpy(&v, mine() + 8 * k, sizeof v);
    int64_t want = (int64_t)THREADS * (300 / 40 + (k < 300 % 40));
    CHECK(v == want, "sum at %d: %lld, not %lld", k, (long long)v, (long long)want);
  }
  memcpy(&v, mine() + 1000, sizeof v);
  CHECK(v == ((int64_t)1 << THREADS) - 1, "or: %llx", (unsigned long long)v);
  memcpy(&v, mine() + 2000 + 8 * left(), sizeof v);
  CHECK(v == 7, "the put after the accumulate: %lld", (long long)v);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* An indexed put: runs from one buffer to the same places at the target. */
static void test_put_indexed(void **state) {
  (void)state;
  memset(mine(), 0, AREA);
  upcrt_barrier(0, 0);
  unsigned char src[4096];
  for (size_t i = 0; i < sizeof src; i++) src[i] = pattern(MYTHREAD, i);
  MPI_Aint where[5] = {3, 100, 101 + 50, 1000, 4000};
  int len[5] = {10, 50, 7, 999, 96};
  upcrt_transport_put_indexed(right(), at(512), src, 5, where, len);
  upcrt_transport_put_indexed(right(), at(8192), src, 1, where + 3, len + 3);
  upcrt_flush_puts();
  upcrt_barrier(0, 0);
  int from = left(), bad = 0;
  for (size_t i = 0; i < sizeof src; i++) {
    int in = 0;
    for (int k = 0; k < 5; k++) in |= (MPI_Aint)i >= where[k] && (MPI_Aint)i < where[k] + len[k];
    bad += mine()[512 + i] != (in ? pattern(from, i) : 0);
    bad += mine()[8192 + i] != (i >= 1000 && i < 1999 ? pattern(from, i) : 0);
  }
  CHECK(bad == 0, "%d bytes wrong", bad);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* Blocking and request-based gets of every thread's part; a put completed
 * at its target (complete_target) is seen there without a fence. */
static void test_gets_and_completion(void **state) {
  (void)state;
  fill_patterns();
  unsigned char *buf = malloc(AREA);
  assert_non_null(buf);
  for (int t = 0; t < THREADS; t++) {
    memset(buf, 0, AREA);
    upcrt_transport_get(buf, t, at(0), AREA);
    int bad = 0;
    for (size_t i = 0; i < AREA; i++) bad += buf[i] != pattern(t, i);
    CHECK(bad == 0, "blocking get from %d: %d bytes wrong", t, bad);
    MPI_Request r;
    memset(buf, 0, AREA);
    upcrt_transport_get_start(buf, t, at(100), 5000, &r);
    upcrt_transport_wait(&r);
    bad = 0;
    for (size_t i = 0; i < 5000; i++) bad += buf[i] != pattern(t, 100 + i);
    CHECK(bad == 0, "started get from %d: %d bytes wrong", t, bad);
  }
  upcrt_barrier(0, 0);
  uint64_t v = 0x5eed0000u + (uint64_t)MYTHREAD;
  upcrt_transport_put(right(), at(40000), &v, sizeof v);
  upcrt_transport_put(right(), at(40064), &v, sizeof v); /* a gathered one too */
  upcrt_transport_complete_target(right());
  CHECK(!upcrt_transport_pending(right()), "still pending after completion");
  /* not a fence: a barrier of messages only, which orders no RMA */
  rtstest_sum(0);
  uint64_t got, want = 0x5eed0000u + (uint64_t)left();
  memcpy(&got, mine() + 40000, sizeof got);
  CHECK(got == want, "completed put: %llx", (unsigned long long)got);
  memcpy(&got, mine() + 40064, sizeof got);
  CHECK(got == want, "completed gathered put: %llx", (unsigned long long)got);
  upcrt_flush_puts();
  upcrt_barrier(0, 0);
  free(buf);
  RTSTEST_AGREE();
}

/* An operation's puts are complete at their targets once it completes. */
static void test_op_put_complete(void **state) {
  (void)state;
  memset(mine(), 0, AREA);
  upcrt_barrier(0, 0);
  unsigned char src[3000];
  for (size_t i = 0; i < sizeof src; i++) src[i] = pattern(MYTHREAD, i);
  upcrt_transport_op_t *op = upcrt_transport_op_new();
  CHECK(upcrt_transport_op_empty(op), "a new operation is not empty");
  upcrt_transport_op_put_bytes(op, src, right(), at(0), sizeof src);
  CHECK(!upcrt_transport_op_empty(op), "an operation with a put is empty");
  upcrt_transport_op_wait(op, NULL);
  upcrt_transport_op_free(op);
  rtstest_sum(0); /* messages only: no fence */
  int bad = 0;
  for (size_t i = 0; i < sizeof src; i++) bad += mine()[i] != pattern(left(), i);
  CHECK(bad == 0, "%d bytes of the operation's put missing at the target", bad);
  upcrt_barrier(0, 0);
  RTSTEST_AGREE();
}

/* A deferred operation is posted by the first test of any operation, once;
 * one dropped unposted never is. */
static int posted;
static void count_post(upcrt_transport_op_t *op) { posted += (int)(intptr_t)op->post_arg; }

static void test_deferred(void **state) {
  (void)state;
  posted = 0;
  upcrt_transport_op_t *a = upcrt_transport_op_new(), *b = upcrt_transport_op_new(),
                       *c = upcrt_transport_op_new(), *other = upcrt_transport_op_new();
  upcrt_transport_defer(a, count_post, (void *)1);
  upcrt_transport_defer(b, count_post, (void *)10);
  upcrt_transport_defer(c, count_post, (void *)100);
  CHECK(upcrt_transport_deferred == 3, "%d deferred", upcrt_transport_deferred);
  CHECK(!upcrt_transport_op_empty(a), "a deferred operation is empty");
  upcrt_transport_undefer(b);
  CHECK(upcrt_transport_op_test(other), "an empty operation is not complete");
  CHECK(posted == 101, "posted %d", posted);
  CHECK(upcrt_transport_deferred == 0, "%d still deferred", upcrt_transport_deferred);
  CHECK(upcrt_transport_op_test(other) && posted == 101, "posted twice: %d", posted);
  upcrt_transport_op_free(a);
  upcrt_transport_op_free(b);
  upcrt_transport_op_free(c);
  upcrt_transport_op_free(other);
  RTSTEST_AGREE();
}

/* One operation holding an indexed get from every thread (pieces in
 * scrambled order, one at the area's end, where a put of ours was in
 * flight), waited for once; with pack_min 0 (one piece: a contiguous
 * MPI_Rget, more: hindexed), 1 (every target packs) and the default. */
static void indexed_gets(size_t pack_min) {
  size_t saved = upcrt_transport_pack_min;
  upcrt_transport_pack_min = pack_min;
  enum { MAXP = 300 };
  uint64_t *off = malloc(sizeof *off * MAXP * (size_t)THREADS);
  size_t *len = malloc(sizeof *len * MAXP * (size_t)THREADS), *np = malloc(sizeof *np * (size_t)THREADS);
  unsigned char *dst = malloc((size_t)THREADS * AREA);
  assert_true(off && len && np && dst);
  memset(dst, 0, (size_t)THREADS * AREA);
  /* a write of ours in flight to each target first: the gets must see it */
  for (int t = 0; t < THREADS; t++) {
    unsigned char b = 0xEE;
    upcrt_transport_put(t, at(AREA - 1), &b, 1);
  }
  upcrt_transport_op_t *op = upcrt_transport_op_new();
  for (int t = 0; t < THREADS; t++) {
    /* one piece, few and many */
    size_t n = (size_t)(t == 0 ? 1 : t % 2 ? MAXP : 3 + 5 * t), total = 0;
    for (size_t i = 0; i < n; i++) {
      size_t k = (i * 7919 + (size_t)t) % n; /* scrambled order */
      off[t * MAXP + i] = at(k * 200 + (i % 3 ? 0 : 13));
      len[t * MAXP + i] = 1 + (i * 13) % 64;
      total += len[t * MAXP + i];
    }
    off[t * MAXP + n - 1] = at(AREA - 5); /* the end of the area, with our write */
    len[t * MAXP + n - 1] = 5;
    np[t] = n;
    (void)total;
    upcrt_transport_op_get_indexed(op, dst + (size_t)t * AREA, t, n, off + t * MAXP,
                                   len + t * MAXP);
  }
  upcrt_transport_op_wait(op, NULL);
  upcrt_transport_op_free(op);
  for (int t = 0; t < THREADS; t++) {
    const unsigned char *p = dst + (size_t)t * AREA;
    int bad = 0;
    for (size_t i = 0; i < np[t]; i++) {
      size_t o = (size_t)(off[t * MAXP + i] - at(0));
      for (size_t j = 0; j < len[t * MAXP + i]; j++, p++)
        bad += *p != (o + j == AREA - 1 ? 0xEE : pattern(t, o + j));
    }
    CHECK(bad == 0, "pack_min %zu: %d bytes from thread %d wrong", pack_min, bad, t);
  }
  upcrt_flush_puts();
  upcrt_barrier(0, 0); /* the targets served every request before they restore */
  mine()[AREA - 1] = pattern(MYTHREAD, AREA - 1);
  upcrt_barrier(0, 0);
  free(off);
  free(len);
  free(np);
  free(dst);
  upcrt_transport_pack_min = saved;
}

static void test_indexed_gets(void **state) {
  (void)state;
  fill_patterns();
  indexed_gets(0);
  indexed_gets(1);
  indexed_gets(upcrt_transport_pack_min);
  RTSTEST_AGREE();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_put_fence),        cmocka_unit_test(test_overlap_order),
    cmocka_unit_test(test_accumulate),       cmocka_unit_test(test_put_indexed),
    cmocka_unit_test(test_gets_and_completion), cmocka_unit_test(test_op_put_complete),
    cmocka_unit_test(test_deferred),         cmocka_unit_test(test_indexed_gets),
};

RTSTEST_MAIN(tests)
