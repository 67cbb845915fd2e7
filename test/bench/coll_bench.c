/* coll_bench.c — upc_all_broadcast, upc_all_gather_all, upc_all_exchange and
 * upc_all_reduceD against the matching MPI collective (MPI_Bcast,
 * MPI_Allgather, MPI_Alltoall, local sum + MPI_Reduce), 8 B to 16 MB per
 * thread, for each algorithm flag; prints the MPI times and the ratio
 * MPI time / UPC time (>= 0.9 is the target for the default algorithm).
 * The ratio's baseline is the nonblocking MPI collective completed with
 * MPI_Test + sched_yield (the runtime's own waiting discipline, which an
 * oversubscribed node needs); the blocking MPI call's time is printed too.
 *
 * usage: mpiexec -n 2 coll_bench [UPC sync flags: mysync (default) | allsync]
 * "mysync" runs the UPC collectives with UPC_IN_MYSYNC | UPC_OUT_MYSYNC, the
 * synchronization an MPI collective gives; "allsync" with the UPC default
 * (barriers on entry and exit). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collective.h"
#include "segment.h"
#include "tick.h"

enum { NALG = 4, NCOLL = 4 };
static const int algs[NALG] = {0, UPC_PULL, UPC_PUSH, UPC_MULTICORE};
static const char *alg_names[NALG] = {"default", "PULL", "PUSH", "MULTICORE"};
static const char *coll_names[NCOLL] = {"broadcast", "gather_all", "exchange", "reduceD"};
static const size_t MAXB = (size_t)16 << 20;

static upcrt_pts_t SRC, DST;
static char *msrc, *mdst;
static int sync_flags;

static double now(void) { return (double)upc_ticks_now() * 1e-9; }

/* The nonblocking MPI baseline. */
static void run_mpi_nb(int coll, size_t n) {
  int T = upcrt_threads;
  MPI_Request q;
  size_t per = n / (size_t)T ? n / (size_t)T : 1;
  double s = 0, r = 0;
  switch (coll) {
  case 0: MPI_Ibcast(msrc, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD, &q); break;
  case 1: MPI_Iallgather(msrc, (int)n, MPI_BYTE, mdst, (int)n, MPI_BYTE, MPI_COMM_WORLD, &q); break;
  case 2: MPI_Ialltoall(msrc, (int)per, MPI_BYTE, mdst, (int)per, MPI_BYTE, MPI_COMM_WORLD, &q); break;
  default: {
    const double *v = (const double *)msrc;
    size_t ne = n / sizeof(double) ? n / sizeof(double) : 1;
    for (size_t i = 0; i < ne; i++) s += v[i];
    MPI_Ireduce(&s, &r, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD, &q);
  }
  }
  upcrt_coll_wait(&q);
}

/* One collective of n bytes per thread: alg -1 is blocking MPI, -2 the
 * nonblocking MPI baseline. */
static void run_once(int coll, int alg, size_t n) {
  int T = upcrt_threads;
  if (alg == -2) {
    run_mpi_nb(coll, n);
    return;
  }
  upc_flag_t fl = sync_flags | (alg >= 0 ? algs[alg] : 0);
  switch (coll) {
  case 0:
    if (alg < 0) MPI_Bcast(msrc, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
    else upc_all_broadcast(DST, SRC, n, fl);
    break;
  case 1:
    if (alg < 0) MPI_Allgather(msrc, (int)n, MPI_BYTE, mdst, (int)n, MPI_BYTE, MPI_COMM_WORLD);
    else upc_all_gather_all(DST, SRC, n, fl);
    break;
  case 2: {
    size_t per = n / (size_t)T;
    if (per == 0) per = 1;
    if (alg < 0) MPI_Alltoall(msrc, (int)per, MPI_BYTE, mdst, (int)per, MPI_BYTE, MPI_COMM_WORLD);
    else upc_all_exchange(DST, SRC, per, fl);
    break;
  }
  case 3: {
    /* n bytes of doubles per thread in a shared [n/8] double array */
    size_t ne = n / sizeof(double);
    if (ne == 0) ne = 1;
    if (alg < 0) {
      const double *v = (const double *)msrc;
      double s = 0, r = 0;
      for (size_t i = 0; i < ne; i++) s += v[i];
      MPI_Reduce(&s, &r, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    } else {
      upc_all_reduceD(DST, SRC, UPC_ADD, ne * (size_t)T, ne, NULL, fl);
    }
    break;
  }
  }
}

/* Seconds per call (the slowest thread), best of 5 batches. */
static double measure(int coll, int alg, size_t n) {
  double best = 1e30;
  int reps = n <= 4096 ? 200 : n <= (1 << 20) ? 20 : 4;
  for (int b = 0; b < 5; b++) {
    upcrt_coll_barrier();
    double t0 = now();
    for (int r = 0; r < reps; r++) run_once(coll, alg, n);
    double t = (now() - t0) / reps, mx = 0;
    MPI_Request q;
    MPI_Iallreduce(&t, &mx, 1, MPI_DOUBLE, MPI_MAX, upcrt_coll_comm, &q);
    upcrt_coll_wait(&q);
    if (mx < best) best = mx;
  }
  return best;
}

static int bench_main(int argc, char **argv) {
  sync_flags = UPC_IN_MYSYNC | UPC_OUT_MYSYNC;
  if (argc > 1 && strcmp(argv[1], "allsync") == 0) sync_flags = UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC;
  upcrt_coll_init();
  int T = upcrt_threads, me = upcrt_mythread;
  /* shared [MAXB*T] char arrays: block i on thread i */
  SRC = upc_all_alloc((size_t)T, MAXB * (size_t)T);
  DST = upc_all_alloc((size_t)T, MAXB * (size_t)T);
  msrc = malloc(MAXB * (size_t)T);
  mdst = malloc(MAXB * (size_t)T);
  memset(msrc, 1, MAXB * (size_t)T);
  memset(upcrt_seg_mybase + SRC.offset, 1, MAXB * (size_t)T);
  if (me == 0) {
    printf("coll_bench: THREADS=%d, UPC sync %s; time per call in us (MPI) and ratio "
           "MPI/UPC per algorithm\n", T, argc > 1 && strcmp(argv[1], "allsync") == 0
                                             ? "UPC_IN_ALLSYNC|UPC_OUT_ALLSYNC"
                                             : "UPC_IN_MYSYNC|UPC_OUT_MYSYNC");
  }
  for (int c = 0; c < NCOLL; c++) {
    if (me == 0) {
      printf("\n%-10s %9s %10s %10s", coll_names[c], "bytes", "MPIblk us", "MPI us");
      for (int a = 0; a < NALG; a++) printf(" %10s", alg_names[a]);
      printf("\n");
    }
    for (size_t n = 8; n <= MAXB; n *= 8) {
      double tb = measure(c, -1, n), tm = measure(c, -2, n);
      double r[NALG];
      for (int a = 0; a < NALG; a++) r[a] = tm / measure(c, a, n);
      if (me == 0) {
        printf("%-10s %9zu %10.2f %10.2f", "", n, tb * 1e6, tm * 1e6);
        for (int a = 0; a < NALG; a++) printf(" %10.2f", r[a]);
        printf("\n");
        fflush(stdout);
      }
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  upcrt_config_t cfg = {0, (size_t)160 << 20};
  upcrt_start(argc, argv, bench_main, &cfg);
}
