/* lib_bupc_atomic.upc — the Berkeley atomics bupc_atomicT_OP_R: every thread
 * hits the same words at once (no lost update), the fetched values, cswap
 * and mswap, strict and relaxed forms, several integer types, and agreement
 * with upc_atomic.h on the same word. */
#include <upc.h>
#include <upc_atomic.h>
#include <stdint.h>
#include <stdio.h>

#define N 200
shared int64_t c64[THREADS];
shared uint32_t bits[THREADS];
shared int ci[THREADS];
shared unsigned long cul[THREADS];
shared int64_t seen[N * THREADS];

static int bad;
#define EXPECT(cond, ...)                                                 \
  do {                                                                    \
    if (!(cond)) {                                                        \
      bad++;                                                              \
      printf("thread %d: line %d: ", MYTHREAD, __LINE__);                 \
      printf(__VA_ARGS__);                                                \
      printf("\n");                                                       \
    }                                                                     \
  } while (0)

int main(void) {
  if (MYTHREAD == 0) {
    bupc_atomicI64_set_strict(&c64[0], 0);
    bupc_atomicU32_set_strict(&bits[0], 0);
    bupc_atomicI_set_strict(&ci[0], 0);
    bupc_atomicUL_set_strict(&cul[0], 0);
  }
  upc_barrier;
  /* fetchadd from every thread: the fetched values are distinct and the
   * total is exact */
  for (int k = 0; k < N; k++) {
    int64_t old = bupc_atomicI64_fetchadd_relaxed(&c64[0], 1);
    EXPECT(old >= 0 && old < (int64_t)N * THREADS, "fetchadd fetched %ld", (long)old);
    if (old >= 0 && old < (int64_t)N * THREADS) seen[old] = MYTHREAD + 1;
  }
  /* each thread sets its own bit with fetchor, then half clear it again */
  bupc_atomicU32_fetchor_strict(&bits[0], 1u << (MYTHREAD % 32));
  /* an increment by compare-and-swap, retried */
  for (int k = 0; k < N; k++) {
    int cur = bupc_atomicI_read_relaxed(&ci[0]);
    for (;;) {
      int got = bupc_atomicI_cswap_relaxed(&ci[0], cur, cur + 2);
      if (got == cur) break;
      cur = got;
    }
  }
  /* mswap on disjoint byte lanes of one word, and fetchxor */
  unsigned long lane = 0xffUL << (8 * (MYTHREAD % 8));
  if (MYTHREAD < 8) bupc_atomicUL_mswap_strict(&cul[0], lane, 0x5a5a5a5a5a5a5a5aUL);
  upc_barrier;
  EXPECT(bupc_atomicI64_read_strict(&c64[0]) == (int64_t)N * THREADS, "sum %ld",
         (long)bupc_atomicI64_read_strict(&c64[0]));
  if (MYTHREAD == 0) {
    long missing = 0;
    for (int k = 0; k < N * THREADS; k++) missing += seen[k] == 0;
    EXPECT(missing == 0, "%ld fetched values never seen (duplicates)", missing);
  }
  uint32_t want = 0;
  for (int t = 0; t < THREADS; t++) want |= 1u << (t % 32);
  EXPECT(bits[0] == want, "bits %x, want %x", (unsigned)bits[0], (unsigned)want);
  EXPECT(ci[0] == 2 * N * THREADS, "cswap increments gave %d", ci[0]);
  unsigned long lanes = 0;
  for (int t = 0; t < THREADS && t < 8; t++) lanes |= 0xffUL << (8 * t);
  EXPECT(cul[0] == (0x5a5a5a5a5a5a5a5aUL & lanes), "mswap gave %lx", cul[0]);
  upc_barrier;
  /* swap, fetchnot, fetchand, fetchxor on this thread's own element of
   * another thread's word */
  int other = (MYTHREAD + 1) % THREADS;
  if (MYTHREAD == 0) bupc_atomicI64_set_relaxed(&c64[other], 77);
  upc_barrier;
  if (MYTHREAD == 0) {
    EXPECT(bupc_atomicI64_swap_strict(&c64[other], -3) == 77, "swap");
    EXPECT(bupc_atomicI64_fetchnot_strict(&c64[other]) == -3, "fetchnot fetched");
    EXPECT(bupc_atomicI64_read_relaxed(&c64[other]) == 2, "~-3 is 2");
    EXPECT(bupc_atomicI64_fetchand_relaxed(&c64[other], 6) == 2, "fetchand fetched");
    EXPECT(bupc_atomicI64_fetchxor_relaxed(&c64[other], 7) == 2, "fetchxor fetched");
    EXPECT(bupc_atomicI64_read_strict(&c64[other]) == 5, "2 ^ 7 is 5");
    EXPECT(bupc_atomicI64_cswap_strict(&c64[other], 4, 9) == 5, "failed cswap fetches");
    EXPECT(bupc_atomicI64_read_strict(&c64[other]) == 5, "failed cswap changed the word");
  }
  upc_barrier;
  /* the same word through upc_atomic.h and the Berkeley atomics */
  upc_atomicdomain_t *dom = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_GET, 0);
  if (MYTHREAD == 0) bupc_atomicI64_set_strict(&c64[0], 0);
  upc_barrier;
  int64_t one = 1;
  for (int k = 0; k < N; k++) {
    upc_atomic_relaxed(dom, NULL, UPC_ADD, &c64[0], &one, NULL);
    bupc_atomicI64_fetchadd_relaxed(&c64[0], 1);
  }
  upc_barrier;
  int64_t total;
  upc_atomic_strict(dom, &total, UPC_GET, &c64[0], NULL, NULL);
  EXPECT(total == 2 * (int64_t)N * THREADS, "mixed total %ld", (long)total);
  upc_barrier;
  upc_all_atomicdomain_free(dom);
  printf("%s (thread %d)\n", bad ? "FAIL" : "PASS", MYTHREAD);
  return bad != 0;
}
