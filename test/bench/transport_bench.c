/* transport_bench.c — an indexed get (rts/comm/transport.c) of n pieces of
 * 8 bytes, 64 bytes apart, from thread 1: as one MPI_Rget of an hindexed
 * target type against packed by the target, while the target waits in a
 * barrier (its waits serve requests) and while it computes outside the
 * runtime (its progress thread serves them); a contiguous get of the span
 * for reference.  Prints per n the microseconds of one get, the median of
 * 9 batches, and the ratio packed / hindexed (< 1: packing is faster):
 *
 *   UPCRT_FORCE_RMA=1 mpiexec -n 2 build/test/rts/transport_bench [MAXN]
 *
 * upcrt_transport_pack_min (transport.c) is the smallest n where packing
 * won in both target states. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "barrier.h"
#include "segment.h"
#include "transport.h"
#include "upcrt.h"

#define STRIDE 64
#define BATCHES 9
static upcrt_static_t BUF = {"buf", "shared [4194304] char[4194304*THREADS]", 1, 4194304,
                             4194304, 1, NULL, 0, 0, 0};
__attribute__((constructor)) static void register_statics(void) { upcrt_register_static(&BUF); }

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Microseconds of one get of n pieces (pack_min chooses the way; SIZE_MAX:
 * one contiguous get of the span), the median of BATCHES batches. */
static double time_get(size_t n, size_t pack_min, uint64_t *off, size_t *len, char *dst) {
  int reps = n >= 1024 ? 20 : 200;
  double t[BATCHES];
  for (int b = 0; b < BATCHES; b++) {
    double t0 = MPI_Wtime();
    for (int r = 0; r < reps; r++) {
      upcrt_transport_op_t *op = upcrt_transport_op_new();
      if (pack_min == SIZE_MAX) {
        upcrt_transport_op_get_bytes(op, dst, 1, off[0], n * STRIDE);
      } else {
        upcrt_transport_pack_min = pack_min;
        upcrt_transport_op_get_indexed(op, dst, 1, n, off, len);
      }
      upcrt_transport_op_wait(op, NULL);
      upcrt_transport_op_free(op);
    }
    t[b] = (MPI_Wtime() - t0) / reps * 1e6;
  }
  qsort(t, BATCHES, sizeof t[0], cmp);
  return t[BATCHES / 2];
}

static int bench_main(int argc, char **argv) {
  size_t maxn = argc > 1 ? strtoul(argv[1], NULL, 10) : 4096;
  if (upcrt_threads < 2 || maxn * STRIDE > 4194304) {
    if (upcrt_mythread == 0) fprintf(stderr, "transport_bench: 2 threads, MAXN <= 65536\n");
    return 1;
  }
  uint64_t *off = malloc(sizeof *off * maxn);
  size_t *len = malloc(sizeof *len * maxn);
  char *dst = malloc(maxn * STRIDE);
  for (size_t i = 0; i < maxn; i++) {
    off[i] = BUF.offset + i * STRIDE;
    len[i] = 8;
  }
  if (upcrt_mythread == 0)
    printf("%8s %12s %12s %8s %12s %12s %8s %12s\n", "pieces", "hindexed", "packed", "ratio",
           "hindexed-c", "packed-c", "ratio-c", "contiguous");
  for (size_t n = 1; n <= maxn; n *= 2) {
    double idle[2], busy[2], contig = 0;
    for (int computing = 0; computing < 2; computing++) {
      if (upcrt_mythread == 0) {
        double *r = computing ? busy : idle;
        r[0] = time_get(n, 0, off, len, dst);
        r[1] = time_get(n, 1, off, len, dst);
        if (computing) contig = time_get(n, SIZE_MAX, off, len, dst);
        int one = 1;
        MPI_Send(&one, 1, MPI_INT, 1, 0, upcrt_barrier_coll_comm); /* done */
      } else if (upcrt_mythread == 1) {
        /* waiting in the runtime, or computing outside it (polling for the
         * end with a bare MPI_Test now and then, as a computation would not) */
        int done = 0, one;
        MPI_Request r;
        MPI_Irecv(&one, 1, MPI_INT, 0, 0, upcrt_barrier_coll_comm, &r);
        if (!computing) {
          upcrt_barrier_waitreq(&r);
        } else {
          volatile double x = 1;
          while (!done) {
            for (int k = 0; k < 200000; k++) x = x * 1.0000001 + 1e-9;
            MPI_Test(&r, &done, MPI_STATUS_IGNORE);
          }
        }
      }
      upcrt_barrier(0, 0);
    }
    if (upcrt_mythread == 0)
      printf("%8zu %12.2f %12.2f %8.2f %12.2f %12.2f %8.2f %12.2f\n", n, idle[0], idle[1],
             idle[1] / idle[0], busy[0], busy[1], busy[1] / busy[0], contig);
  }
  free(off);
  free(len);
  free(dst);
  return 0;
}

int main(int argc, char **argv) {
  upcrt_config_t cfg = {0, 0};
  upcrt_start(argc, argv, bench_main, &cfg);
}
