/* mpi_user.c — MPI called from a UPC program: the runtime has initialised MPI
 * before main, so the user's MPI_Init, MPI_Init_thread and MPI_Finalize are
 * answered here (MPI's profiling interface: the real calls are PMPI_*).
 *
 * MPI_COMM_WORLD rank r is UPC thread r.  The runtime communicates only on
 * its own duplicates of MPI_COMM_WORLD, so user messages, tags and
 * collectives on MPI_COMM_WORLD never meet the runtime's.  The thread level
 * is the runtime's: MPI_THREAD_SINGLE on one node (calls from the UPC thread
 * only), MPI_THREAD_MULTIPLE when the progress thread runs (upcrun
 * -progress on gives it on one node too).
 */
#include <mpi.h>

#include "core/start.h"

static int upcrt_mpi_user_initialized(void) {
  int init = 0;
  PMPI_Initialized(&init);
  return init;
}

int MPI_Init(int *argc, char ***argv) {
  if (upcrt_mpi_user_initialized()) return MPI_SUCCESS;
  return PMPI_Init(argc, argv);
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
  if (upcrt_mpi_user_initialized()) return PMPI_Query_thread(provided);
  return PMPI_Init_thread(argc, argv, required, provided);
}

/* MPI ends with the UPC job (after the exit barrier), not when user code
 * says so: other threads may still reach this one's shared data. */
int MPI_Finalize(void) {
  if (upcrt_start_running) return MPI_SUCCESS;
  return PMPI_Finalize();
}
