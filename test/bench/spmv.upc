/* spmv.upc — a naive sparse matrix-vector product, as a CG code spells it
 * before anyone tunes it: each thread's rows (CSR, private), random columns
 * over the whole shared vector x (blocked, N elements a thread), read
 * element by element as x[colidx[k]]; ITERS products, x replaced by the
 * scaled result after each (so every product reads new values of the same
 * elements).  Mode "naive" is that loop (tools/upcbench builds it with and
 * without upc-coalesce); mode "hand" the tuned version NPB's CG has: the
 * whole vector gathered with one upc_memget per thread's block, then a
 * private product.  After the timed products both kernels run once more on
 * the same x and must agree exactly.
 * usage: spmv [naive|hand] [ITERS]; prints "RESULT spmv_s <seconds per product>". */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef N
#define N 16384 /* rows and elements of x per thread */
#endif
#define NZ 12   /* nonzeros per row */

shared [N] double x[N * THREADS];
int colidx[N * NZ], rowptr[N + 1];
double a[N * NZ], y[N], yref[N];
double *vfull;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void spmv_naive(double *out) {
  int i, k;
  double sum;
  for (i = 0; i < N; i++) {
    sum = 0.0;
    for (k = rowptr[i]; k < rowptr[i + 1]; k++)
      sum += a[k] * x[colidx[k]];
    out[i] = sum;
  }
}

static void spmv_hand(double *out) {
  for (int t = 0; t < THREADS; t++) upc_memget(&vfull[(size_t)t * N], &x[(size_t)t * N], N * sizeof(double));
  for (int i = 0; i < N; i++) {
    double sum = 0.0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; k++) sum += a[k] * vfull[colidx[k]];
    out[i] = sum;
  }
}

int main(int argc, char **argv) {
  int hand = argc > 1 && strcmp(argv[1], "hand") == 0;
  int iters = argc > 2 ? atoi(argv[2]) : 10;
  vfull = malloc(sizeof(double) * N * THREADS);
  srand(1 + MYTHREAD);
  for (int i = 0; i <= N; i++) rowptr[i] = i * NZ;
  for (int k = 0; k < N * NZ; k++) {
    colidx[k] = rand() % (N * THREADS);
    a[k] = 1.0 / (1 + k % 7);
  }
  upc_forall (int i = 0; i < N * THREADS; i++; &x[i]) x[i] = 1.0 + i % 5;
  upc_barrier;
  double t0 = now();
  for (int it = 0; it < iters; it++) {
    if (hand) spmv_hand(y);
    else spmv_naive(y);
    upc_barrier;
    for (int i = 0; i < N; i++) x[MYTHREAD * N + i] = y[i] / 3.0;
    upc_barrier;
  }
  double t = (now() - t0) / iters;
  spmv_naive(y);
  spmv_hand(yref);
  int bad = 0;
  for (int i = 0; i < N; i++) bad += y[i] != yref[i];
  if (bad) printf("FAIL thread %d: %d rows differ between the kernels\n", MYTHREAD, bad);
  upc_barrier;
  if (MYTHREAD == 0) printf("RESULT spmv_s %.9f\n", t);
  return bad != 0;
}
