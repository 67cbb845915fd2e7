/* colwalk.upc — the inner loop of a naive matrix product over a row-blocked
 * shared matrix: B[k][j] for k down a column, each row on another thread
 * (row k on thread k mod THREADS), so every element read is a round trip
 * where rows are on other nodes.  Each thread sums COLS columns against a
 * private vector; REPS times.  The sums are checked against serial C.
 * usage: colwalk [REPS]; prints "RESULT colwalk_s <seconds per rep>". */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef M
#define M 256 /* columns; rows: M per thread */
#endif

shared [M] double B[M * THREADS][M];
double v[M * 64], col[M];

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  if (THREADS > 64) return 1;
  for (int k = 0; k < M * THREADS; k++) v[k] = k % 3;
  upc_forall (int r = 0; r < M * THREADS; r++; &B[r][0])
    for (int c = 0; c < M; c++) B[r][c] = (r * 7 + c) % 11;
  upc_barrier;
  double t0 = now();
  for (int rep = 0; rep < reps; rep++) {
    int j, k;
    double s;
    for (j = 0; j < M; j++) {
      s = 0;
      for (k = 0; k < M * THREADS; k++) s += B[k][j] * v[k];
      col[j] = s;
    }
  }
  double t = (now() - t0) / reps;
  int bad = 0;
  for (int j = 0; j < M; j++) {
    double want = 0;
    for (int k = 0; k < M * THREADS; k++) want += (double)((k * 7 + j) % 11) * (k % 3);
    bad += col[j] != want;
  }
  if (bad) printf("FAIL thread %d: %d columns wrong\n", MYTHREAD, bad);
  upc_barrier;
  if (MYTHREAD == 0) printf("RESULT colwalk_s %.9f\n", t);
  return bad != 0;
}
