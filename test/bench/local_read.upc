/* local_read.upc — the cost of reading shared data that is local: through a
 * pointer-to-shared, and in a upc_forall whose accesses the optimizer
 * privatizes, against a private read of the same amount of data, timed in
 * one run.  The pointer loop is versioned by default (a plain-C copy runs
 * when the pointer points to this node); upcbench also builds it with
 * -fno-upc-loop-versioning, where each read tests the pointer's thread.  (The remote read is measured against MPI_Get by rts_bench.)
 * Prints "RESULT <name> <seconds per access>". */
#include <upc.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#define M 4096       /* elements per thread */
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
    uint64_t s = 0;
    double t0;
    /* local data: through a pointer-to-shared (no forall, so not privatized)
     * and through a private pointer to the same elements */
    shared [] uint64_t *ls = (shared [] uint64_t *)upc_alloc(M * sizeof(uint64_t));
    for (long k = 0; k < M; k++) ls[k] = (uint64_t)k;
    uint64_t *lp = (uint64_t *)ls;
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
    /* this thread's elements of big, in a upc_forall (privatized by default) */
    s = 0;
    t0 = now();
    for (int r = 0; r < LOCALREP; r++) {
      upc_forall (long j = 0; j < M * THREADS; j++; &big[j]) s += big[j];
      __asm__ volatile("" : : "r"(s) : "memory");
    }
    double tfa = (now() - t0) / ((double)LOCALREP * M);
    sink = s;
    printf("local shared read : %.3f ns, in a upc_forall %.3f ns, private read %.3f ns\n",
           tls * 1e9, tfa * 1e9, tlp * 1e9);
    printf("RESULT local_shared_read_s %.12f\n", tls);
    printf("RESULT forall_shared_read_s %.12f\n", tfa);
    printf("RESULT private_read_s %.12f\n", tlp);
    upc_free(ls);
  }
  upc_barrier;
  return 0;
}
