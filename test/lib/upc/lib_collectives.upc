/* lib_collectives.upc — the collectives through <upc_collective.h> and
 * <xupc_collective.h> from real UPC code: relocalization with every
 * algorithm flag, typed reductions with a user function, prefix and
 * allreduce; every result checked against a value computed here. */
#include <upc.h>
#include <upc_collective.h>
#include <xupc_collective.h>
#include <xupc_collectiveav.h>
#include <stdio.h>

#if !defined(__UPC_COLLECTIVE__)
#error "__UPC_COLLECTIVE__ is not defined"
#endif

#define N 6
shared [N] int src[N * THREADS];
shared [N] int bc[N * THREADS];
shared [N] long pre[N * THREADS];
shared [N] long lsrc[N * THREADS];
shared long total;
shared long each[THREADS];
shared int perm[THREADS];

static int errors;
#define CHECK(c, ...)                                                    \
  do {                                                                   \
    if (!(c)) {                                                          \
      if (errors++ < 5) {                                                \
        printf("thread %d: check failed: %s: ", MYTHREAD, #c);         \
        printf(__VA_ARGS__);                                             \
        printf("\n");                                                    \
      }                                                                  \
    }                                                                    \
  } while (0)

long maxl(long a, long b) { return a > b ? a : b; }
long firstl(long a, long b) { (void)b; return a; }

int main(void) {
  static const int algs[4] = {0, UPC_PULL, UPC_PUSH, UPC_MULTICORE};
  /* the gather_all target: THREADS blocks of N*THREADS ints, block t on
   * thread t (a layout whose block size involves THREADS: allocated) */
  shared void *all = upc_all_alloc(THREADS, N * THREADS * sizeof(int));
  shared [] int *myall = (shared [] int *)((shared char *)all + MYTHREAD);
  for (int i = 0; i < N; i++) {
    src[MYTHREAD * N + i] = MYTHREAD * N + i;
    lsrc[MYTHREAD * N + i] = 3 * (MYTHREAD * N + i) + 1;
  }
  for (int a = 0; a < 4; a++) {
    upc_all_gather_all(all, src, N * sizeof(int), algs[a]);
    for (int j = 0; j < N * THREADS; j++)
      CHECK(myall[j] == j, "gather_all alg %d [%d] = %d", a, j, myall[j]);
    upc_all_broadcast(bc, &src[(THREADS - 1) * N], N * sizeof(int), algs[a]);
    for (int i = 0; i < N; i++)
      CHECK(bc[MYTHREAD * N + i] == (THREADS - 1) * N + i, "broadcast alg %d", a);
    upc_barrier;
  }
  perm[MYTHREAD] = (MYTHREAD + 1) % THREADS;
  upc_all_permute(bc, src, perm, N * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  for (int i = 0; i < N; i++)
    CHECK(bc[MYTHREAD * N + i] == ((MYTHREAD + THREADS - 1) % THREADS) * N + i, "permute");

  long n = N * THREADS, sum = 0, mx = 0;
  for (long i = 0; i < n; i++) {
    sum += 3 * i + 1;
    mx = 3 * i + 1 > mx ? 3 * i + 1 : mx;
  }
  upc_all_reduceL(&total, lsrc, UPC_ADD, n, N, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  CHECK(total == sum, "reduceL ADD %ld, expected %ld", (long)total, sum);
  upc_barrier;
  upc_all_reduceL(&total, lsrc, UPC_FUNC, n, N, maxl, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
  CHECK(total == mx, "reduceL FUNC max %ld", (long)total);
  upc_barrier;
  upc_all_reduceL(&total, lsrc, UPC_NONCOMM_FUNC, n, N, firstl, 0);
  CHECK(total == 1, "reduceL NONCOMM first %ld", (long)total);
  upc_all_prefix_reduceL(pre, lsrc, UPC_ADD, n, N, NULL, 0);
  for (int i = 0; i < N; i++) {
    long k = MYTHREAD * N + i;
    CHECK(pre[k] == k * (3 * k + 5) / 2 + 1, "prefix [%ld] = %ld", k, (long)pre[k]);
  }
  xupc_all_reduceL_all(each, lsrc, UPC_MAX, n, N, NULL, 0);
  CHECK(each[MYTHREAD] == mx, "allreduce %ld", (long)each[MYTHREAD]);
  long mine[2] = {MYTHREAD, 1}, out[2];
  xupc_allav_reduceL_all(out, mine, UPC_ADD, 2, NULL, 0);
  CHECK(out[0] == (long)THREADS * (THREADS - 1) / 2 && out[1] == THREADS, "allav");
  upc_barrier;
  if (MYTHREAD == 0 && errors == 0) printf("PASS\n");
  return errors != 0;
}
