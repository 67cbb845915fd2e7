/* latency_mpi.c — raw MPI-3 RMA baseline for latency.upc: rank 0 reads 8
 * bytes from rank 1 with MPI_Get + MPI_Win_flush (passive target, lock_all).
 * Prints "RESULT mpi_get_s <seconds per read>". */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>

#define M 4096
#define REMOTE 200000

int main(int argc, char **argv) {
  int me, P;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  uint64_t *base;
  MPI_Win win;
  MPI_Win_allocate(M * sizeof(uint64_t), sizeof(uint64_t), MPI_INFO_NULL, MPI_COMM_WORLD, &base,
                   &win);
  for (int k = 0; k < M; k++) base[k] = (uint64_t)k;
  MPI_Win_lock_all(0, win);
  MPI_Barrier(MPI_COMM_WORLD);
  if (me == 0) {
    int other = P > 1 ? 1 : 0;
    uint64_t v, s = 0;
    for (long k = 0; k < 1000; k++) {
      MPI_Get(&v, 1, MPI_UINT64_T, other, k % M, 1, MPI_UINT64_T, win);
      MPI_Win_flush(other, win);
      s += v;
    }
    double t0 = MPI_Wtime();
    for (long k = 0; k < REMOTE; k++) {
      MPI_Get(&v, 1, MPI_UINT64_T, other, k % M, 1, MPI_UINT64_T, win);
      MPI_Win_flush(other, win);
      s += v;
    }
    double t = (MPI_Wtime() - t0) / REMOTE;
    printf("raw MPI_Get of 8 bytes: %.3f us (checksum %llu)\n", t * 1e6, (unsigned long long)s);
    printf("RESULT mpi_get_s %.9f\n", t);
  }
  /* rank 1 must keep polling MPI so that rank 0's gets progress */
  MPI_Request rq;
  MPI_Ibarrier(MPI_COMM_WORLD, &rq);
  int done = 0;
  while (!done) MPI_Test(&rq, &done, MPI_STATUS_IGNORE);
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
