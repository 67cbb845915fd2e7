/* gups.upc — HPCC RandomAccess (GUPS): XOR updates at random places in a
 * large distributed table.
 * Shows: a cyclic shared table from upc_all_alloc, fine-grained remote
 * read-modify-write (`table[i] ^= v`, the access pattern the remote-update
 * optimisation turns into one message), per-thread random streams, and
 * verification by applying the same updates again: XOR twice restores the
 * table. As in HPCC, updates from different threads race on purpose and up
 * to 1% of the table may come out wrong.
 *
 *   build/tools/upcc -O2 -o gups examples/gups.upc
 *   build/tools/upcrun -n 4 ./gups [log2-table-size]
 *
 * Prints giga-updates per second, "RESULT gups_s <seconds>" (the timed
 * updates, for tools/upcbench) and PASS if verification succeeds. */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define POLY 0x0000000000000007ULL
#define PERIOD 1317624576693539401LL

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

/* This thread's share of the 4 * size updates, from the right place in the
 * stream so that all threads together make the HPCC sequence. */
static void update(shared uint64_t *table, uint64_t size) {
  uint64_t total = 4 * size;
  uint64_t first = total * MYTHREAD / THREADS, last = total * (MYTHREAD + 1) / THREADS;
  uint64_t ran = starts((int64_t)first);
  for (uint64_t k = first; k < last; k++) {
    ran = (ran << 1) ^ ((int64_t)ran < 0 ? POLY : 0);
    table[ran & (size - 1)] ^= ran;
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int logsize = argc > 1 ? atoi(argv[1]) : 20;
  if (logsize < 1 || logsize > 40) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: gups [log2-table-size (1-40)]\n");
    return 2;
  }
  uint64_t size = (uint64_t)1 << logsize;
  shared uint64_t *table = upc_all_alloc(size, sizeof(uint64_t));
  upc_forall (uint64_t i = 0; i < size; i++; &table[i]) table[i] = i;
  upc_barrier;

  double t0 = now();
  update(table, size);
  upc_barrier;
  double secs = now() - t0;

  /* Verification: the same updates again undo the first pass. */
  update(table, size);
  upc_barrier;
  long bad = 0;
  upc_forall (uint64_t i = 0; i < size; i++; &table[i]) {
    if (table[i] != i) bad++;
  }
  errors[MYTHREAD] = bad;
  upc_barrier;
  long total = 0;
  for (int t = 0; t < THREADS; t++) total += errors[t];
  int ok = total <= (long)(size / 100);
  if (MYTHREAD == 0) {
    printf("RandomAccess: table of 2^%d words on %d threads, %llu updates\n", logsize, THREADS,
           (unsigned long long)(4 * size));
    printf("  %.6f GUP/s (%.3f s)\n", 4.0 * size / secs / 1e9, secs);
    printf("RESULT gups_s %.9f\n", secs);
    printf("  %ld of %llu entries wrong after verification (up to 1%% allowed)\n", total,
           (unsigned long long)size);
    printf(ok ? "PASS\n" : "FAIL\n");
  }
  upc_barrier;
  upc_all_free(table);
  return !ok;
}
