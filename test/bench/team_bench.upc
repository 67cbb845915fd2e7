/* team_bench.upc — upcx team collectives against the same MPI calls on a
 * communicator of the same threads, in one job: the world team against
 * MPI_COMM_WORLD, and a half of the threads (the lower and the upper half,
 * upcx_team_split) against MPI_Comm_split with the same colors.  For each
 * size, batches of the team call and of the MPI call alternate (the order
 * swapped each batch); the best batch of each counts.  Prints
 * "RESULT team_<coll>_<team>_<bytes>_s" and "RESULT mpi_<coll>_<team>_<bytes>_s"
 * (seconds per call), checking every result.  tools/upcbench --teams runs it. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <upc.h>
#include <upcx.h>

#define BATCHES 15
#define MAXB (1 << 16)

static double buf[MAXB / sizeof(double)], out[MAXB / sizeof(double)];
static int failed;

/* Runs `iters` calls; team (1) or MPI (0).  Returns seconds per call. */
static double batch(int team, int coll, upcx_team_t t, MPI_Comm c, size_t bytes, int iters) {
  size_t count = bytes / sizeof(double);
  int rank = upcx_team_rank(t), size = upcx_team_size(t);
  MPI_Barrier(c);
  double t0 = MPI_Wtime();
  for (int i = 0; i < iters; i++) {
    if (coll == 0) {
      int root = i % size;
      buf[0] = rank == root ? i + 0.5 : -1;
      if (team) upcx_team_broadcast(t, buf, bytes, root);
      else MPI_Bcast(buf, (int)bytes, MPI_BYTE, root, c);
      if (buf[0] != i + 0.5) failed = 1;
    } else {
      buf[0] = rank + i;
      if (team) upcx_team_allreduce(t, out, buf, count, UPC_DOUBLE, UPC_ADD);
      else MPI_Allreduce(buf, out, (int)count, MPI_DOUBLE, MPI_SUM, c);
      if (out[0] != (double)size * (size - 1) / 2 + (double)size * i) failed = 1;
    }
  }
  return (MPI_Wtime() - t0) / iters;
}

static void measure(const char *tname, upcx_team_t t, MPI_Comm c) {
  static const char *names[] = {"broadcast", "allreduce"};
  for (int coll = 0; coll < 2; coll++)
    for (size_t bytes = 8; bytes <= MAXB; bytes *= 8) {
      int iters = bytes <= 512 ? 2000 : bytes <= 4096 ? 500 : 100;
      double best[2] = {1e30, 1e30};
      for (int b = 0; b < BATCHES; b++)
        for (int k = 0; k < 2; k++) {
          int team = (b + k) % 2;
          double s = batch(team, coll, t, c, bytes, iters);
          if (s < best[team]) best[team] = s;
        }
      if (MYTHREAD == 0) {
        printf("RESULT team_%s_%s_%zu_s %.9f\n", names[coll], tname, bytes, best[1]);
        printf("RESULT mpi_%s_%s_%zu_s %.9f\n", names[coll], tname, bytes, best[0]);
      }
    }
}

int main(void) {
  upcx_team_t world = upcx_team_world();
  measure("world", world, MPI_COMM_WORLD);
  if (THREADS >= 4) {
    int color = MYTHREAD < THREADS / 2;
    upcx_team_t half = upcx_team_split(world, color, MYTHREAD);
    MPI_Comm c;
    MPI_Comm_split(MPI_COMM_WORLD, color, MYTHREAD, &c);
    measure("half", half, c);
    MPI_Comm_free(&c);
    upcx_team_free(half);
  }
  int any = 0;
  upcx_team_allreduce(world, &any, &failed, 1, UPC_INT, UPC_OR);
  if (MYTHREAD == 0) printf(any ? "FAIL: a result was wrong\n" : "PASS\n");
  return any;
}
