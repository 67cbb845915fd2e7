/* test_atomic.c — upc_atomic.h under contention: no lost update with 10^5
 * operations per thread (fewer through MPI RMA), unique tickets from
 * fetch-and-increment, a compare-and-swap election, CAS loops on every type,
 * bitwise and min/max/mult ops, pointer-to-shared atomics, strict and
 * relaxed forms, upc_atomic_isfast. */
#include "libtest.h"

#include "atomic.h"

static upcrt_pts_t A; /* shared [256] char[256*THREADS] */

static upcrt_pts_t at(int t, size_t off) { return (upcrt_pts_t){A.offset + off, (uint32_t)t, 0}; }

static void setup(void) {
  if (upcrt_pts_isnull(A)) A = upc_all_alloc((size_t)THREADS, 256);
  memset(upcrt_node_base[MYTHREAD] + A.offset, 0, 256);
  libtest_barrier();
}

/* 25000 iterations of four ops = 10^5 operations per thread; through MPI
 * RMA on an oversubscribed node every op waits for its target to be
 * scheduled, so fewer there. */
static int iters(void) { return upcrt_seg_force_rma ? 100 : 25000; }

/* Four ops per iteration (ADD 3, INC, SUB 1, DEC: net +2) on two counters:
 * 10^5 operations per thread in shared memory. */
static void test_no_lost_update(void **s) {
  (void)s;
  setup();
  upcrt_pts_t d = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_INC | UPC_SUB | UPC_DEC | UPC_GET, 0);
  upcrt_pts_t c0 = at(0, 0), c1 = at(THREADS - 1, 8);
  int64_t three = 3, one = 1;
  int n = iters();
  for (int i = 0; i < n; i++) {
    upcrt_pts_t c = i % 2 ? c1 : c0;
    if (i % 3 == 0) upc_atomic_strict(d, NULL, UPC_ADD, c, &three, NULL);
    else upc_atomic_relaxed(d, NULL, UPC_ADD, c, &three, NULL);
    upc_atomic_relaxed(d, NULL, UPC_INC, c, NULL, NULL);
    upc_atomic_relaxed(d, NULL, UPC_SUB, c, &one, NULL);
    upc_atomic_strict(d, NULL, UPC_DEC, c, NULL, NULL);
  }
  libtest_barrier();
  int64_t v0 = 0, v1 = 0;
  upc_atomic_strict(d, &v0, UPC_GET, c0, NULL, NULL);
  upc_atomic_strict(d, &v1, UPC_GET, c1, NULL, NULL);
  int64_t per = (int64_t)n / 2 * 2; /* each counter gets n/2 iterations of +2 */
  CHECK(v0 == per * THREADS && v1 == per * THREADS, "counters %ld %ld, expected %ld", (long)v0,
        (long)v1, (long)(per * THREADS));
  libtest_barrier();
  upc_all_atomicdomain_free(d);
  LIBTEST_AGREE();
}

/* Fetch-and-increment hands out every ticket exactly once. */
static void test_tickets(void **s) {
  (void)s;
  setup();
  upcrt_pts_t d = upc_all_atomicdomain_alloc(UPC_UINT32, UPC_INC, UPC_ATOMIC_HINT_LATENCY);
  enum { K = 500 };
  uint32_t mine[K];
  for (int i = 0; i < K; i++) upc_atomic_relaxed(d, &mine[i], UPC_INC, at(0, 16), NULL, NULL);
  for (int i = 1; i < K; i++) CHECK(mine[i] > mine[i - 1], "tickets not increasing");
  uint32_t *all = malloc(sizeof(uint32_t) * K * (size_t)THREADS);
  MPI_Request r;
  MPI_Iallgather(mine, K, MPI_UINT32_T, all, K, MPI_UINT32_T, upcrt_coll_comm, &r);
  upcrt_coll_wait(&r);
  char *seen = calloc(K * (size_t)THREADS, 1);
  for (int i = 0; i < K * THREADS; i++) {
    CHECK(all[i] < (uint32_t)(K * THREADS), "ticket %u out of range", all[i]);
    if (all[i] < (uint32_t)(K * THREADS)) {
      CHECK(!seen[all[i]], "ticket %u handed out twice", all[i]);
      seen[all[i]] = 1;
    }
  }
  free(all);
  free(seen);
  libtest_barrier();
  upc_all_atomicdomain_free(d);
  LIBTEST_AGREE();
}

/* Compare-and-swap election: exactly one winner per round, known to all. */
static void test_election(void **s) {
  (void)s;
  setup();
  upcrt_pts_t d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_CSWAP | UPC_GET | UPC_SET, 0);
  for (int round = 0; round < 40; round++) {
    upcrt_pts_t flag = at(round % THREADS, 24);
    long zero = 0, me = MYTHREAD + 1, old = -1, cleared = 0;
    upc_atomic_strict(d, &old, UPC_CSWAP, flag, &zero, &me);
    long won = old == 0;
    long winners = libtest_sum(won);
    CHECK(winners == 1, "round %d: %ld winners", round, winners);
    long final = 0;
    upc_atomic_strict(d, &final, UPC_GET, flag, NULL, NULL);
    CHECK(final >= 1 && final <= THREADS && (!won || final == me),
          "round %d: flag %ld (I %s)", round, final, won ? "won" : "lost");
    if (!won) CHECK(old == final, "round %d: lost to %ld but the flag is %ld", round, old, final);
    libtest_barrier();
    if (won) upc_atomic_strict(d, NULL, UPC_SET, flag, &cleared, NULL);
    libtest_barrier();
  }
  upc_all_atomicdomain_free(d);
  LIBTEST_AGREE();
}

/* A CAS loop increments on every type, plus the arithmetic ops. */
#define CAS_LOOP(T, UT, off)                                                       \
  {                                                                                \
    upcrt_pts_t d = upc_all_atomicdomain_alloc(UT, UPC_CSWAP | UPC_GET | UPC_ADD | UPC_MAX | UPC_MIN, 0); \
    upcrt_pts_t x = at(THREADS / 2, off);                                          \
    for (int i = 0; i < 200; i++) {                                                \
      T cur, nv, old;                                                              \
      upc_atomic_relaxed(d, &cur, UPC_GET, x, NULL, NULL);                         \
      for (;;) {                                                                   \
        nv = (T)(cur + 1);                                                         \
        upc_atomic_relaxed(d, &old, UPC_CSWAP, x, &cur, &nv);                      \
        if (old == cur) break;                                                     \
        cur = old;                                                                 \
      }                                                                            \
      T two = (T)2;                                                                \
      upc_atomic_relaxed(d, NULL, UPC_ADD, x, &two, NULL);                         \
    }                                                                              \
    T big = (T)(100 + MYTHREAD), small = (T)(50 - MYTHREAD);                       \
    upc_atomic_strict(d, NULL, UPC_MAX, at(0, off + 8), &big, NULL);               \
    upc_atomic_strict(d, NULL, UPC_MIN, at(0, off + 16), &small, NULL);            \
    libtest_barrier();                                                             \
    T v, mx, mn;                                                                   \
    upc_atomic_strict(d, &v, UPC_GET, x, NULL, NULL);                              \
    upc_atomic_strict(d, &mx, UPC_GET, at(0, off + 8), NULL, NULL);                \
    upc_atomic_strict(d, &mn, UPC_GET, at(0, off + 16), NULL, NULL);               \
    CHECK(v == (T)(600 * THREADS), #T ": %g, expected %d", (double)v, 600 * THREADS); \
    CHECK(mx == (T)(99 + THREADS), #T " max %g", (double)mx);                      \
    CHECK(mn == (T)(0), #T " min %g (the zero start value is smallest)", (double)mn); \
    libtest_barrier();                                                             \
    upc_all_atomicdomain_free(d);                                                  \
  }

static void test_types(void **s) {
  (void)s;
  setup();
  CAS_LOOP(int32_t, UPC_INT32, 32)
  CAS_LOOP(uint32_t, UPC_UINT32, 64)
  CAS_LOOP(int, UPC_INT, 96)
  CAS_LOOP(unsigned int, UPC_UINT, 128)
  CAS_LOOP(int64_t, UPC_INT64, 160)
  setup();
  CAS_LOOP(uint64_t, UPC_UINT64, 32)
  CAS_LOOP(unsigned long, UPC_ULONG, 64)
  CAS_LOOP(float, UPC_FLOAT, 96)
  CAS_LOOP(double, UPC_DOUBLE, 128)
  LIBTEST_AGREE();
}

static void test_bits_mult(void **s) {
  (void)s;
  setup();
  upcrt_pts_t d = upc_all_atomicdomain_alloc(
      UPC_UINT64, UPC_AND | UPC_OR | UPC_XOR | UPC_MULT | UPC_SET | UPC_GET, 0);
  uint64_t one = 1, bit = (uint64_t)1 << MYTHREAD, mask = ~bit, two = 2, old;
  if (MYTHREAD == 0) upc_atomic_strict(d, NULL, UPC_SET, at(0, 48), &one, NULL); /* MULT */
  if (MYTHREAD == 0) {
    uint64_t ones = ~(uint64_t)0;
    upc_atomic_strict(d, NULL, UPC_SET, at(0, 56), &ones, NULL); /* AND */
  }
  libtest_barrier();
  upc_atomic_relaxed(d, NULL, UPC_OR, at(0, 40), &bit, NULL);
  upc_atomic_relaxed(d, NULL, UPC_XOR, at(0, 64), &bit, NULL);
  upc_atomic_relaxed(d, NULL, UPC_XOR, at(0, 64), &bit, NULL);
  upc_atomic_relaxed(d, &old, UPC_XOR, at(0, 72), &bit, NULL);
  upc_atomic_relaxed(d, NULL, UPC_MULT, at(0, 48), &two, NULL);
  upc_atomic_relaxed(d, NULL, UPC_AND, at(0, 56), &mask, NULL);
  libtest_barrier();
  uint64_t o, m, x, a, x1;
  upc_atomic_strict(d, &o, UPC_GET, at(0, 40), NULL, NULL);
  upc_atomic_strict(d, &m, UPC_GET, at(0, 48), NULL, NULL);
  upc_atomic_strict(d, &a, UPC_GET, at(0, 56), NULL, NULL);
  upc_atomic_strict(d, &x, UPC_GET, at(0, 64), NULL, NULL);
  upc_atomic_strict(d, &x1, UPC_GET, at(0, 72), NULL, NULL);
  uint64_t all = ((uint64_t)1 << THREADS) - 1;
  CHECK(o == all, "OR: 0x%lx", (unsigned long)o);
  CHECK(m == (uint64_t)1 << THREADS, "MULT: %lu", (unsigned long)m);
  CHECK(a == ~all, "AND: 0x%lx", (unsigned long)a);
  CHECK(x == 0, "XOR twice: 0x%lx", (unsigned long)x);
  CHECK(x1 == all, "XOR once: 0x%lx", (unsigned long)x1);
  CHECK((old & bit) == 0, "fetched XOR value has my bit");
  libtest_barrier();
  upc_all_atomicdomain_free(d);
  LIBTEST_AGREE();
}

/* Pointer-to-shared atomics: an election that stores the winner's pointer. */
static void test_pts(void **s) {
  (void)s;
  setup();
  upcrt_pts_t d = upc_all_atomicdomain_alloc(UPC_PTS, UPC_GET | UPC_SET | UPC_CSWAP, 0);
  upcrt_pts_t target = at(THREADS - 1, 128), none = UPCRT_NULL_PTS, old;
  upcrt_pts_t mine = at(MYTHREAD, 200);
  upc_atomic_strict(d, &old, UPC_CSWAP, target, &none, &mine);
  long won = upcrt_pts_isnull(old);
  CHECK(libtest_sum(won) == 1, "one winner");
  upcrt_pts_t got;
  upc_atomic_relaxed(d, &got, UPC_GET, target, NULL, NULL);
  CHECK(got.offset == A.offset + 200 && got.thread < (uint32_t)THREADS,
        "stored pointer {%lu, %u}", (unsigned long)got.offset, got.thread);
  if (won) CHECK(got.thread == (uint32_t)MYTHREAD, "winner's pointer");
  CHECK(upc_atomic_isfast(UPC_PTS, UPC_CSWAP, target) == UPC_ATOMIC_PERFORMANCE_NOT_FAST,
        "PTS is not fast");
  CHECK(upc_atomic_isfast(UPC_INT64, UPC_ADD, target) == UPC_ATOMIC_PERFORMANCE_FAST,
        "INT64 ADD is fast");
  CHECK(upc_atomic_isfast(UPC_INT64, UPC_CSWAP | (1 << 30), target) ==
            UPC_ATOMIC_PERFORMANCE_NOT_FAST, "unknown ops are not fast");
  libtest_barrier();
  upc_all_atomicdomain_free(d);
  LIBTEST_AGREE();
}

static const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_no_lost_update), cmocka_unit_test(test_tickets),
    cmocka_unit_test(test_election),       cmocka_unit_test(test_types),
    cmocka_unit_test(test_bits_mult),      cmocka_unit_test(test_pts)};
LIBTEST_MAIN(tests)
