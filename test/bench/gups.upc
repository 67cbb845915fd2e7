/* gups.upc — HPCC RandomAccess: XOR updates at random places of a cyclic
 * shared table (Table[ran & (size-1)] ^= ran), verified by applying the
 * same updates again (XOR twice restores the table; up to 1% errors are
 * allowed by the HPCC rules when updates are not atomic).
 * Prints "RESULT gups_s <seconds of the timed pass>" for tools/upcbench.
 *   gups [log2-table-words-per-thread] [updates-per-thread] */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define POLY 0x0000000000000007ULL
#define PERIOD 1317624576693539401LL
#define LOGSIZE_PER_THREAD 18

shared uint64_t Table[(1 << LOGSIZE_PER_THREAD) * THREADS];
shared long errors[THREADS];

/* The n-th value of the HPCC random stream (HPCC_starts). */
static uint64_t starts(int64_t n) {
  uint64_t m2[64], temp, ran;
  int i, j;
  while (n < 0) n += PERIOD;
  while (n > PERIOD) n -= PERIOD;
  if (n == 0) return 0x1;
  temp = 0x1;
  for (i = 0; i < 64; i++) {
    m2[i] = temp;
    temp = (temp << 1) ^ ((int64_t)temp < 0 ? POLY : 0);
    temp = (temp << 1) ^ ((int64_t)temp < 0 ? POLY : 0);
  }
  for (i = 62; i >= 0; i--)
    if ((n >> i) & 1) break;
  ran = 0x2;
  while (i > 0) {
    temp = 0;
    for (j = 0; j < 64; j++)
      if ((ran >> j) & 1) temp ^= m2[j];
    ran = temp;
    i -= 1;
    if ((n >> i) & 1) ran = (ran << 1) ^ ((int64_t)ran < 0 ? POLY : 0);
  }
  return ran;
}

static void update(uint64_t size, uint64_t nupd) {
  uint64_t ran = starts((int64_t)(nupd * MYTHREAD));
  for (uint64_t k = 0; k < nupd; k++) {
    ran = (ran << 1) ^ ((int64_t)ran < 0 ? POLY : 0);
    Table[ran & (size - 1)] ^= ran;
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  uint64_t size = (uint64_t)(1 << LOGSIZE_PER_THREAD) * THREADS;
  uint64_t nupd = argc > 1 ? strtoull(argv[1], 0, 10) : 4 * (uint64_t)(1 << LOGSIZE_PER_THREAD);
  /* the table size must be a power of two */
  while (size & (size - 1)) size &= size - 1;
  uint64_t i;
  upc_forall (i = 0; i < size; i++; &Table[i]) Table[i] = i;
  upc_barrier;
  double t0 = now();
  update(size, nupd);
  upc_barrier;
  double secs = now() - t0;
  update(size, nupd);
  upc_barrier;
  long bad = 0;
  upc_forall (i = 0; i < size; i++; &Table[i]) bad += Table[i] != i;
  errors[MYTHREAD] = bad;
  upc_barrier;
  if (MYTHREAD == 0) {
    long total = 0;
    for (int t = 0; t < THREADS; t++) total += errors[t];
    printf("RandomAccess: %llu words, %d threads, %llu updates per thread\n",
           (unsigned long long)size, THREADS, (unsigned long long)nupd);
    printf("  %.6f GUP/s (%.4f s), %ld wrong entries\n", nupd * THREADS / secs / 1e9, secs, total);
    printf("RESULT gups_s %.6f\n", secs);
    printf("%s\n", total <= (long)(size / 100) ? "PASS" : "FAIL");
  }
  upc_barrier;
  return 0;
}
