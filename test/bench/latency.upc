/* latency.upc — the cost of one shared access: a remote 8-byte read by
 * thread 0 from thread 1 (compare with latency_mpi.c's raw MPI_Get), and a
 * local shared read through a pointer-to-shared against a private read of
 * the same data.  Prints "RESULT <name> <seconds per access>". */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define M 4096       /* elements per thread */
#define REMOTE 200000
#define LOCALREP 400

shared uint64_t big[M * THREADS];
volatile uint64_t sink;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(void) {
  long i;
  upc_forall (i = 0; i < M * THREADS; i++; &big[i]) big[i] = (uint64_t)i;
  upc_barrier;
  if (MYTHREAD == 0) {
    int other = THREADS > 1 ? 1 : 0;
    uint64_t s = 0;
    /* warm up, then time reads of distinct remote elements */
    for (long k = 0; k < 1000; k++) s += big[(k % M) * THREADS + other];
    double t0 = now();
    for (long k = 0; k < REMOTE; k++) s += big[(k % M) * THREADS + other];
    double tr = (now() - t0) / REMOTE;
    sink = s;
    /* local data: through a pointer-to-shared (no forall, so not privatized)
     * and through a private pointer to the same elements */
    shared [] uint64_t *ls = (shared [] uint64_t *)upc_alloc(M * sizeof(uint64_t));
    for (long k = 0; k < M; k++) ls[k] = (uint64_t)k;
    uint64_t *lp = (uint64_t *)ls;
    s = 0;
    t0 = now();
    for (int r = 0; r < LOCALREP; r++)
      for (long k = 0; k < M; k++) s += ls[k];
    double tls = (now() - t0) / ((double)LOCALREP * M);
    sink = s;
    s = 0;
    t0 = now();
    for (int r = 0; r < LOCALREP; r++) {
      for (long k = 0; k < M; k++) s += lp[k];
      __asm__ volatile("" : : "r"(s) : "memory"); /* keep the private loop honest */
    }
    double tlp = (now() - t0) / ((double)LOCALREP * M);
    sink = s;
    printf("remote 8-byte read: %.3f us\n", tr * 1e6);
    printf("local shared read : %.3f ns, private read %.3f ns\n", tls * 1e9, tlp * 1e9);
    printf("RESULT remote_read_s %.9f\n", tr);
    printf("RESULT local_shared_read_s %.12f\n", tls);
    printf("RESULT private_read_s %.12f\n", tlp);
    upc_free(ls);
  }
  upc_barrier;
  return 0;
}
