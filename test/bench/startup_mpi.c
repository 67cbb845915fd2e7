/* startup_mpi.c — the baseline of upcbench --startup: an MPI program that
 * does what a UPC job's start-up must at least do, and exits: MPI_Init,
 * one shared-memory window of SIZE bytes per process on each node
 * (MPI_Win_allocate_shared, as the runtime's segment), and MPI_Finalize.
 *   mpiexec -n N startup_mpi [SIZE in MB, default 64] */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Aint size = (MPI_Aint)(argc > 1 ? atol(argv[1]) : 64) << 20;
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  void *base;
  MPI_Win win;
  MPI_Win_allocate_shared(size, 1, MPI_INFO_NULL, node, &base, &win);
  MPI_Win_free(&win);
  MPI_Comm_free(&node);
  MPI_Finalize();
  return 0;
}
