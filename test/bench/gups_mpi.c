/* gups_mpi.c — the RandomAccess baseline written by hand on MPI-3 RMA: the
 * same cyclic table (word g on rank g % P at local index g / P), one
 * MPI_Accumulate(MPI_BXOR) per update, completed by MPI_Win_flush_all every
 * WINDOW updates (the origin values must live until then, and MPI runs out
 * of request objects with an unbounded number of operations in flight).
 * Prints "RESULT gups_mpi_s <seconds>" for tools/upcbench.
 *   gups_mpi [updates-per-rank] */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define POLY 0x0000000000000007ULL
#define PERIOD 1317624576693539401LL
#define LOGSIZE_PER_THREAD 18

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

#define WINDOW 1024

static MPI_Win win;
static int P, me;
static uint64_t origin[WINDOW];

static void update(uint64_t size, uint64_t nupd) {
  uint64_t ran = starts((int64_t)(nupd * (uint64_t)me));
  for (uint64_t k = 0; k < nupd; k++) {
    ran = (ran << 1) ^ ((int64_t)ran < 0 ? POLY : 0);
    uint64_t g = ran & (size - 1);
    uint64_t *v = &origin[k % WINDOW];
    *v = ran;
    MPI_Accumulate(v, 1, MPI_UINT64_T, (int)(g % (uint64_t)P), (MPI_Aint)(g / (uint64_t)P), 1,
                   MPI_UINT64_T, MPI_BXOR, win);
    if (k % WINDOW == WINDOW - 1) MPI_Win_flush_all(win);
  }
  MPI_Win_flush_all(win);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  uint64_t local = (uint64_t)1 << LOGSIZE_PER_THREAD, size = local * (uint64_t)P;
  while (size & (size - 1)) size &= size - 1;
  uint64_t nupd = argc > 1 ? strtoull(argv[1], 0, 10) : 4 * local;
  uint64_t *t;
  MPI_Win_allocate((MPI_Aint)(local * sizeof(uint64_t)), sizeof(uint64_t), MPI_INFO_NULL,
                   MPI_COMM_WORLD, &t, &win);
  for (uint64_t i = 0; i < local; i++) t[i] = i * (uint64_t)P + (uint64_t)me;
  MPI_Win_lock_all(0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  update(size, nupd);
  MPI_Barrier(MPI_COMM_WORLD);
  double secs = MPI_Wtime() - t0;
  update(size, nupd);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_sync(win);
  long bad = 0, total = 0;
  for (uint64_t i = 0; i < local; i++) {
    uint64_t g = i * (uint64_t)P + (uint64_t)me;
    if (g < size && t[i] != g) bad++;
  }
  MPI_Reduce(&bad, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (me == 0) {
    printf("RandomAccess (MPI-3 RMA): %llu words, %d ranks, %llu updates per rank\n",
           (unsigned long long)size, P, (unsigned long long)nupd);
    printf("  %.6f GUP/s (%.4f s), %ld wrong entries\n", nupd * P / secs / 1e9, secs, total);
    printf("RESULT gups_mpi_s %.6f\n", secs);
    printf("%s\n", total <= (long)(size / 100) ? "PASS" : "FAIL"); /* HPCC allows 1% */
  }
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
