/* update_prefetch.c — does prefetching a batch of targets close the gap
 * between RandomAccess's converted updates (one locked XOR each, what
 * upcrt_update does on one node) and the naive translation (load, XOR,
 * store, which loses updates when threads collide)?  Issue 9 asks for the
 * figure.  One process, the HPCC update stream over a table of 2^lg words:
 *   plain     T[r & m] ^= r
 *   atomic    __atomic_fetch_xor(&T[r & m], r)
 *   pfD       the same atomic, D updates after a prefetch (for writing) of
 *             its place: the random stream is computed D ahead
 * Prints "RESULT upd_<lg>_<version>_s <best seconds>" for tools/upcbench.
 *   update_prefetch [lg ...]   (default: 18, upcbench's RandomAccess table
 *                               per thread, and 23, one out of cache) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define POLY 0x0000000000000007ULL
#define REPS 4 /* 5 passes each: an even number in all restores the table */

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline uint64_t next(uint64_t r) { return (r << 1) ^ ((int64_t)r < 0 ? POLY : 0); }

static double plain(uint64_t *T, uint64_t m, uint64_t n) {
  double t0 = now();
  uint64_t r = 1;
  for (uint64_t k = 0; k < n; k++) {
    r = next(r);
    T[r & m] ^= r;
  }
  return now() - t0;
}

static double atomic(uint64_t *T, uint64_t m, uint64_t n) {
  double t0 = now();
  uint64_t r = 1;
  for (uint64_t k = 0; k < n; k++) {
    r = next(r);
    __atomic_fetch_xor(&T[r & m], r, __ATOMIC_RELAXED);
  }
  return now() - t0;
}

static double prefetched(uint64_t *T, uint64_t m, uint64_t n, unsigned d) {
  uint64_t q[64], r = 1;
  double t0 = now();
  for (unsigned j = 0; j < d; j++) {
    r = next(r);
    q[j] = r;
    __builtin_prefetch(&T[r & m], 1, 3);
  }
  for (uint64_t k = 0; k < n; k++) {
    uint64_t v = q[k % d];
    if (k + d < n) {
      r = next(r);
      q[k % d] = r;
      __builtin_prefetch(&T[r & m], 1, 3);
    }
    __atomic_fetch_xor(&T[v & m], v, __ATOMIC_RELAXED);
  }
  return now() - t0;
}

int main(int argc, char **argv) {
  int lgs[8] = {18, 23}, nlg = 2;
  if (argc > 1) {
    nlg = 0;
    for (int i = 1; i < argc && nlg < 8; i++) lgs[nlg++] = atoi(argv[i]);
  }
  static const unsigned depth[] = {8, 16, 32};
  for (int g = 0; g < nlg; g++) {
    int lg = lgs[g];
    if (lg < 10 || lg > 30) {
      fprintf(stderr, "update_prefetch: table size 2^%d out of range 10..30\n", lg);
      return 2;
    }
    uint64_t size = (uint64_t)1 << lg, m = size - 1, n = 4 * size;
    uint64_t *T = malloc(size * sizeof *T);
    if (!T) {
      fprintf(stderr, "update_prefetch: out of memory\n");
      return 1;
    }
    for (uint64_t i = 0; i < size; i++) T[i] = i;
    double bp = 1e30, ba = 1e30, bd[3] = {1e30, 1e30, 1e30};
    for (int rep = 0; rep < REPS; rep++) {
      double t = plain(T, m, n);
      if (t < bp) bp = t;
      if ((t = atomic(T, m, n)) < ba) ba = t;
      for (int d = 0; d < 3; d++)
        if ((t = prefetched(T, m, n, depth[d])) < bd[d]) bd[d] = t;
    }
    /* every pass applies the same XORs: after an even number the table is as filled */
    uint64_t bad = 0;
    for (uint64_t i = 0; i < size; i++) bad += T[i] != i;
    free(T);
    if (bad) {
      printf("FAIL: %llu table entries wrong\n", (unsigned long long)bad);
      return 1;
    }
    printf("table 2^%d words, %llu updates: plain %.4f s, atomic %.4f s (%.2fx of plain)", lg,
           (unsigned long long)n, bp, ba, bp / ba);
    for (int d = 0; d < 3; d++)
      printf(", prefetch %u ahead %.4f s (%.2fx)", depth[d], bd[d], bp / bd[d]);
    printf("\n");
    printf("RESULT upd_%d_plain_s %.6f\nRESULT upd_%d_atomic_s %.6f\n", lg, bp, lg, ba);
    for (int d = 0; d < 3; d++) printf("RESULT upd_%d_pf%u_s %.6f\n", lg, depth[d], bd[d]);
  }
  return 0;
}
