/* lib_mpi_mix.upc — UPC and MPI in one program: the user's MPI_Init and
 * MPI_Finalize are harmless, MPI_COMM_WORLD rank r is UPC thread r, and user
 * MPI traffic on MPI_COMM_WORLD (point-to-point with the tags the runtime
 * might use, collectives) interleaves with shared accesses, barriers and UPC
 * collectives without meeting the runtime's own. */
#include <upc.h>
#include <upc_collective.h>
#include <mpi.h>
#include <stdio.h>

shared double val[THREADS];
shared double upcsum;
shared [] int ring[64];
shared int after[THREADS];

static int errors;
#define CHECK(c, ...)                                                    \
  do {                                                                   \
    if (!(c)) {                                                          \
      if (errors++ < 5) {                                                \
        printf("FAIL thread %d line %d: ", (int)MYTHREAD, __LINE__);     \
        printf(__VA_ARGS__);                                             \
        printf("\n");                                                    \
      }                                                                  \
    }                                                                    \
  } while (0)

int main(int argc, char **argv) {
  int provided = -1, flag = 0;
  CHECK(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) == MPI_SUCCESS,
        "MPI_Init_thread failed");
  CHECK(provided >= MPI_THREAD_SINGLE && provided <= MPI_THREAD_MULTIPLE, "provided %d", provided);
  CHECK(MPI_Init(&argc, &argv) == MPI_SUCCESS, "a second MPI_Init failed");
  MPI_Initialized(&flag);
  CHECK(flag, "MPI_Initialized says no");
  int rank = -1, size = -1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  CHECK(rank == MYTHREAD, "rank %d, MYTHREAD %d", rank, (int)MYTHREAD);
  CHECK(size == THREADS, "size %d, THREADS %d", size, (int)THREADS);

  for (int round = 0; round < 20; round++) {
    /* MPI and UPC reductions of the same values agree */
    double x = (MYTHREAD + 1) * (round + 1), mpisum = 0;
    MPI_Allreduce(&x, &mpisum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    val[MYTHREAD] = x;
    upc_all_reduceD(&upcsum, val, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    double want = (double)THREADS * (THREADS + 1) / 2 * (round + 1);
    CHECK(mpisum == want, "round %d: MPI_Allreduce %g, want %g", round, mpisum, want);
    CHECK(upcsum == want, "round %d: upc_all_reduceD %g, want %g", round, upcsum, want);

    /* a ring of user messages, with a wildcard receive, posted across a
     * barrier and remote writes: the runtime's traffic must not match it */
    int next = (rank + 1) % size, prev = (rank + size - 1) % size, got = -1;
    MPI_Request rq;
    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &rq);
    if (MYTHREAD == 0) ring[round] = round;
    upc_barrier round;
    CHECK(ring[round] == round, "round %d: ring[%d] = %d", round, round, ring[round]);
    int msg = 1000 * round + rank;
    MPI_Send(&msg, 1, MPI_INT, next, round, MPI_COMM_WORLD);
    MPI_Status st;
    MPI_Wait(&rq, &st);
    CHECK(got == 1000 * round + prev, "round %d: got %d from the ring, want %d", round, got,
          1000 * round + prev);
    CHECK(st.MPI_SOURCE == prev && st.MPI_TAG == round, "round %d: source %d tag %d", round,
          st.MPI_SOURCE, st.MPI_TAG);
    upc_barrier;
  }

  /* MPI_Finalize in user code does not end the job's communication */
  CHECK(MPI_Finalize() == MPI_SUCCESS, "MPI_Finalize failed");
  after[(MYTHREAD + 1) % THREADS] = MYTHREAD + 7;
  upc_barrier;
  CHECK(after[MYTHREAD] == (int)((MYTHREAD + THREADS - 1) % THREADS) + 7, "after[%d] = %d",
        (int)MYTHREAD, after[MYTHREAD]);
  if (errors == 0) printf("PASS thread %d\n", (int)MYTHREAD);
  return errors != 0;
}
