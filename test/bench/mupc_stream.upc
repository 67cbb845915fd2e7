/* mupc_stream.upc — MuPC's streaming remote access benchmark and its natural
 * ring: every thread, all at once, reads or writes the block of the next
 * thread ((MYTHREAD+1) % THREADS) one relaxed scalar at a time, stride-1 and
 * in random order; in the ring each thread reads its right neighbour's element
 * and writes it (plus one) into its left neighbour's block.  Each timed phase
 * ends with upc_fence, so written-back data is part of the time.  The values
 * read and written are checked (the program prints FAIL on a wrong one).
 * Run it with the software cache on and off (UPCRT_CACHE_LINES=0) under
 * UPCRT_FORCE_RMA=1 to see what the cache buys; tools/upcbench does that.
 * Prints PASS or FAIL and "RESULT <name> <seconds per access>" (the slowest
 * thread's time).
 *   mupc_stream [accesses-per-thread] [all|read] */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BLOCK (1 << 19) /* ints per thread: 2 MB, larger than any cache tried */

shared [BLOCK] int A[BLOCK * THREADS]; /* read by the read phases and the ring */
shared [BLOCK] int W[BLOCK * THREADS]; /* written by the write phases */
shared [BLOCK] int R[BLOCK * THREADS]; /* written by the ring */
shared double elapsed[THREADS];
volatile long sink;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The value thread t keeps at index k of its block of A. */
static int aval(int t, long k) { return (int)(t * 7919 + k * 3); }
/* The value written at index k of a block of W by the stride-1 / random phase. */
static int wval(long k, int random) { return (int)(k * 5 + 1 + random); }

/* Thread t's random indices into a block (xorshift64, seeded by t): the
 * writer draws them, the owner draws them again to check what was written. */
static void random_indices(int t, long *idx, long n) {
  unsigned long long x = 88172645463325252ull ^ (unsigned long long)(t + 1) * 0x9E3779B97F4A7C15ull;
  for (long i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    idx[i] = (long)(x % BLOCK);
  }
}

static int failed;

static void fail(const char *what, long k, long got, long want) {
  if (!failed) printf("FAIL thread %d: %s at %ld: %ld, expected %ld\n", MYTHREAD, what, k, got, want);
  failed = 1;
}

/* The slowest thread's time for the phase just run, per access. */
static double slowest(double mine, long accesses) {
  elapsed[MYTHREAD] = mine;
  upc_barrier;
  double t = 0;
  for (int i = 0; i < THREADS; i++)
    if (elapsed[i] > t) t = elapsed[i];
  upc_barrier;
  return t / accesses;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 16384;
  int reads_only = argc > 2 && strcmp(argv[2], "read") == 0;
  if (n <= 0 || n > BLOCK || (argc > 2 && !reads_only && strcmp(argv[2], "all") != 0)) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: mupc_stream [accesses 1..%d] [all|read]\n", BLOCK);
    return 2;
  }
  int next = (MYTHREAD + 1) % THREADS, prev = (MYTHREAD + THREADS - 1) % THREADS;
  long *idx = malloc(n * sizeof(long));
  random_indices(MYTHREAD, idx, n);
  int *mine = (int *)&A[MYTHREAD * (long)BLOCK];
  for (long k = 0; k < BLOCK; k++) mine[k] = aval(MYTHREAD, k);
  long want = 0, want_r = 0, s;
  for (long k = 0; k < n; k++) {
    want += aval(next, k);
    want_r += aval(next, idx[k]);
  }
  shared [BLOCK] int *a = &A[next * (long)BLOCK];
  shared [BLOCK] int *w = &W[next * (long)BLOCK];
  double t0, t_rd, t_rrd, t_wr = 0, t_rwr = 0, t_ring = 0;

  /* Every phase starts at a barrier, so all threads stream at once and no
   * thread checks its block while another is still writing it. */
  upc_barrier;
  s = 0; /* stride-1 read */
  t0 = now();
  for (long k = 0; k < n; k++) s += a[k];
  upc_fence;
  t_rd = slowest(now() - t0, n);
  if (s != want) fail("stride-1 read sum", n, s, want);
  sink = s;

  upc_barrier;
  s = 0; /* random read */
  t0 = now();
  for (long k = 0; k < n; k++) s += a[idx[k]];
  upc_fence;
  t_rrd = slowest(now() - t0, n);
  if (s != want_r) fail("random read sum", n, s, want_r);
  sink = s;

  if (!reads_only) {
    int *wmine = (int *)&W[MYTHREAD * (long)BLOCK];
    upc_barrier; /* stride-1 write, checked by the owner */
    t0 = now();
    for (long k = 0; k < n; k++) w[k] = wval(k, 0);
    upc_fence;
    t_wr = slowest(now() - t0, n);
    for (long k = 0; k < n; k++)
      if (wmine[k] != wval(k, 0)) fail("stride-1 write", k, wmine[k], wval(k, 0));

    upc_barrier; /* random write: the owner replays the writer's indices to check */
    t0 = now();
    for (long k = 0; k < n; k++) w[idx[k]] = wval(idx[k], 1);
    upc_fence;
    t_rwr = slowest(now() - t0, n);
    random_indices(prev, idx, n);
    for (long k = 0; k < n; k++)
      if (wmine[idx[k]] != wval(idx[k], 1)) fail("random write", idx[k], wmine[idx[k]], wval(idx[k], 1));

    /* natural ring: read the right neighbour, write the left one */
    shared [BLOCK] int *r = &R[prev * (long)BLOCK];
    upc_barrier;
    t0 = now();
    for (long k = 0; k < n; k++) r[k] = a[k] + 1;
    upc_fence;
    t_ring = slowest(now() - t0, n);
    /* my block of R was written by my right neighbour from its right one */
    int *rmine = (int *)&R[MYTHREAD * (long)BLOCK];
    for (long k = 0; k < n; k++)
      if (rmine[k] != aval((next + 1) % THREADS, k) + 1)
        fail("ring", k, rmine[k], aval((next + 1) % THREADS, k) + 1);
  }

  elapsed[MYTHREAD] = failed;
  upc_barrier;
  if (MYTHREAD == 0) {
    int bad = 0;
    for (int i = 0; i < THREADS; i++) bad |= elapsed[i] != 0;
    printf("mupc_stream: %d threads, %ld accesses per thread, per access: stride-1 read %.3f us, "
           "random read %.3f us", THREADS, n, t_rd * 1e6, t_rrd * 1e6);
    if (!reads_only)
      printf(", stride-1 write %.3f us, random write %.3f us, ring %.3f us", t_wr * 1e6,
             t_rwr * 1e6, t_ring * 1e6);
    printf("\n");
    printf(bad ? "FAIL\n" : "PASS\n");
    printf("RESULT stride1_read_s %.12f\nRESULT random_read_s %.12f\n", t_rd, t_rrd);
    if (!reads_only)
      printf("RESULT stride1_write_s %.12f\nRESULT random_write_s %.12f\nRESULT ring_s %.12f\n",
             t_wr, t_rwr, t_ring);
  }
  upc_barrier;
  free(idx);
  return failed;
}
