/* stream.upc — STREAM triad a[i] = b[i] + q*c[i] on cyclic shared arrays with
 * upc_forall(...; &a[i]), against the same triad on plain C arrays of the
 * same per-thread size, timed alternately in one run (best of NTIMES).
 * Prints "RESULT <name> <seconds>" lines for tools/upcbench. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef PER_THREAD
#define PER_THREAD (1 << 20) /* doubles per array per thread: 8 MB */
#endif
#define NTIMES 12

shared double a[PER_THREAD * THREADS], b[PER_THREAD * THREADS], c[PER_THREAD * THREADS];
static double pa[PER_THREAD], pb[PER_THREAD], pc[PER_THREAD];
shared double tmax[THREADS];

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The slowest thread's time of the phase that just ended. */
static double slowest(double t) {
  tmax[MYTHREAD] = t;
  upc_barrier;
  double m = 0;
  for (int i = 0; i < THREADS; i++)
    if (tmax[i] > m) m = tmax[i];
  upc_barrier;
  return m;
}

int main(void) {
  const long n = (long)PER_THREAD * THREADS;
  const double q = 3.0;
  long i;
  upc_forall (i = 0; i < n; i++; &a[i]) {
    a[i] = 0.0;
    b[i] = 2.0;
    c[i] = 1.0;
  }
  for (i = 0; i < PER_THREAD; i++) {
    pa[i] = 0.0;
    pb[i] = 2.0;
    pc[i] = 1.0;
  }
  upc_barrier;
  double bestShared = 1e30, bestPrivate = 1e30;
  for (int k = 0; k < NTIMES; k++) {
    upc_barrier;
    double t0 = now();
    upc_forall (i = 0; i < n; i++; &a[i]) a[i] = b[i] + q * c[i];
    double ts = slowest(now() - t0);
    t0 = now();
    for (long j = 0; j < PER_THREAD; j++) pa[j] = pb[j] + q * pc[j];
    double tp = slowest(now() - t0);
    if (k > 0) { /* the first round warms up */
      if (ts < bestShared) bestShared = ts;
      if (tp < bestPrivate) bestPrivate = tp;
    }
  }
  /* Check the result (every element of a is 2 + 3*1 = 5). */
  long bad = 0;
  upc_forall (i = 0; i < n; i++; &a[i]) bad += a[i] != 5.0;
  for (i = 0; i < PER_THREAD; i++) bad += pa[i] != 5.0;
  tmax[MYTHREAD] = (double)bad;
  upc_barrier;
  if (MYTHREAD == 0) {
    double allbad = 0;
    for (int t = 0; t < THREADS; t++) allbad += tmax[t];
    double bytes = 3.0 * sizeof(double) * (double)n;
    printf("STREAM triad, %d threads, %ld doubles per array per thread\n", THREADS, (long)PER_THREAD);
    printf("  shared (upc_forall): %.4f s  %.1f MB/s\n", bestShared, bytes / bestShared / 1e6);
    printf("  private C arrays   : %.4f s  %.1f MB/s\n", bestPrivate, bytes / bestPrivate / 1e6);
    printf("RESULT stream_shared_s %.6f\n", bestShared);
    printf("RESULT stream_private_s %.6f\n", bestPrivate);
    printf("%s\n", allbad == 0 ? "PASS" : "FAIL");
  }
  upc_barrier;
  return 0;
}
