/* stream.upc — the STREAM triad a[i] = b[i] + q * c[i] on shared arrays.
 * Shows: upc_all_alloc of distributed arrays, upc_forall with &a[i] affinity
 * (each thread updates the elements it owns, so every access is local),
 * the same loop through private pointers to the local part, barriers around
 * a timed region, and a reduction of error counts through a shared array.
 *
 *   build/tools/upcc -O2 -o stream examples/stream.upc
 *   build/tools/upcrun -n 4 ./stream [elements-per-thread] [repetitions]
 *
 * Prints the best triad bandwidth (24 bytes moved per element, as STREAM
 * counts) for both loops, "RESULT stream_s <seconds>" (the best upc_forall
 * triad, for tools/upcbench), then PASS if every a[i] has the expected value. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

shared long errors[THREADS];

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  long per = argc > 1 ? atol(argv[1]) : 1L << 20;
  int reps = argc > 2 ? atoi(argv[2]) : 10;
  if (per < 1 || reps < 1) {
    if (MYTHREAD == 0) fprintf(stderr, "usage: stream [elements-per-thread] [repetitions]\n");
    return 2;
  }
  long n = per * THREADS;
  const double q = 3.0;
  /* n blocks of one double: element i lives on thread i % THREADS. */
  shared double *a = upc_all_alloc(n, sizeof(double));
  shared double *b = upc_all_alloc(n, sizeof(double));
  shared double *c = upc_all_alloc(n, sizeof(double));

  upc_forall (long i = 0; i < n; i++; &a[i]) {
    a[i] = 0.0;
    b[i] = (double)(i % 1000);
    c[i] = (double)(i % 7);
  }

  double best_forall = 1e30, best_local = 1e30;
  for (int r = 0; r < reps; r++) {
    upc_barrier;
    double t0 = now();
    upc_forall (long i = 0; i < n; i++; &a[i]) a[i] = b[i] + q * c[i];
    upc_barrier;
    double t1 = now();
    if (t1 - t0 < best_forall) best_forall = t1 - t0;

    /* The local part of a cyclic array is contiguous in this thread's
     * memory: &a[MYTHREAD] cast to a private pointer reaches it directly. */
    double *la = (double *)&a[MYTHREAD], *lb = (double *)&b[MYTHREAD], *lc = (double *)&c[MYTHREAD];
    upc_barrier;
    t0 = now();
    for (long k = 0; k < per; k++) la[k] = lb[k] + q * lc[k];
    upc_barrier;
    t1 = now();
    if (t1 - t0 < best_local) best_local = t1 - t0;
  }

  long bad = 0;
  upc_forall (long i = 0; i < n; i++; &a[i]) {
    if (a[i] != (double)(i % 1000) + q * (double)(i % 7)) bad++;
  }
  errors[MYTHREAD] = bad;
  upc_barrier;
  long total = 0;
  for (int t = 0; t < THREADS; t++) total += errors[t];
  if (MYTHREAD == 0) {
    double mb = 24.0 * n / 1e6;
    printf("STREAM triad: %ld elements on %d threads, best of %d\n", n, THREADS, reps);
    printf("  upc_forall on &a[i]:     %10.1f MB/s\n", mb / best_forall);
    printf("  private local pointers:  %10.1f MB/s\n", mb / best_local);
    printf("RESULT stream_s %.9f\n", best_forall);
    if (total == 0)
      printf("PASS\n");
    else
      printf("FAIL: %ld wrong elements\n", total);
  }
  upc_barrier;
  upc_all_free(a);
  upc_all_free(b);
  upc_all_free(c);
  return total != 0;
}
